"""friends_long: long casual multi-session chats between two friends (LoCoMo-style).

Written independently of the memory code and of the other sets.  Each conversation has 18-32 dated
sessions spread over 8-14 months, 350-700 messages, ~12k-22k tokens (words*1.3).  Speaker A is the
"user", speaker B the "assistant"; both are people and the system prompt names them.

Life events are "episodes" that may span several sessions (plan -> follow-up, old value -> new
value, a correction a few turns later).  Questions are asked after the whole conversation, in the
third person, with kinds: fact, temporal, multi-hop, update, preference, paraphrase, reason.
Temporal answers are the relative date words literally written in the evidence message ("last
Saturday"); the resolved absolute date (ISO, or YYYY-MM for month-level phrases) is stored in
conv.meta["dates"][question_index].  "next <weekday>" resolves to the first such weekday strictly
after the message date, "this weekend" to the coming Saturday, "last weekend" to the previous
Saturday.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from .common import Conversation, Question, Turn, previous_weekday, rng_for, epoch, add_months, MONTHS

KINDS = {"fact", "temporal", "multi-hop", "update", "preference", "paraphrase", "reason"}
WD = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

# ----------------------------------------------------------------------------------------------
# pools
# ----------------------------------------------------------------------------------------------
NAMES = ["Priya", "Tomasz", "Amara", "Declan", "Ingrid", "Rafael", "Yuki", "Oluwaseun", "Marisol",
         "Callum", "Freya", "Dmitri", "Leila", "Benedikt", "Nadia", "Joaquin", "Siobhan", "Kwame",
         "Annika", "Mateo", "Hana", "Ewan", "Zainab", "Lorenzo", "Astrid", "Tariq", "Maeve", "Viktor",
         "Imogen", "Santiago", "Keiko", "Rohan", "Elodie", "Dario", "Saoirse", "Bongani", "Greta",
         "Emeka", "Lucia", "Fergus", "Anouk", "Idris", "Beatriz", "Casper", "Noor", "Jonah", "Mirela",
         "Anselm", "Tamsin", "Kofi", "Ottilie", "Ruairi", "Esme", "Farhan", "Clementine", "Bastian",
         "Wren", "Aurelio", "Sunniva", "Hamza", "Delphine", "Niamh", "Ravi", "Paloma", "Stellan",
         "Thandiwe", "Gideon", "Ilse", "Marcus", "Yara", "Lachlan", "Svetlana", "Ibrahim", "Rosalind",
         "Kenji", "Lotte", "Emrys", "Celeste", "Augustin", "Malika", "Tobias", "Inés", "Florian",
         "Adaeze", "Magnus", "Constance", "Arjun", "Vesna", "Orla", "Laszlo", "Jolene", "Pedro"]
RELATIONS = ["friends since university", "old flatmates from their first job", "who met at a climbing gym years ago",
             "childhood friends from the same street", "former colleagues who stayed close",
             "who met on a language-exchange app and became close friends", "best friends since secondary school",
             "who met on a backpacking trip and kept in touch", "friends from the same five-a-side team",
             "who were neighbours for six years before one of them moved"]
CITIES = ["Leeds", "Bristol", "Glasgow", "Lisbon", "Rotterdam", "Manchester", "Cork", "Valencia", "Gdansk",
          "Edinburgh", "Nottingham", "Utrecht", "Porto", "Cardiff", "Sheffield", "Ghent", "Brighton",
          "Toronto", "Melbourne", "Denver", "Hamburg", "Bologna", "Galway", "Aarhus", "Lyon", "Belfast",
          "Newcastle", "Seville", "Tallinn", "Montreal", "Vancouver", "Krakow", "Antwerp", "Norwich"]
CO_A = ["Halcyon", "Northwind", "Brightwater", "Kestrel", "Bluefin", "Ironbark", "Lumen", "Quarry", "Solent",
        "Meridian", "Copperleaf", "Tidewell", "Larkspur", "Fernhill", "Oakridge", "Vantage", "Harbour"]
CO_B = ["Labs", "Analytics", "Studio", "Logistics", "Health", "Media", "Robotics", "Foods", "Insurance",
        "Architects", "Games", "Energy", "Design"]
ROLES = ["project manager", "data analyst", "UX designer", "senior nurse", "operations lead", "copywriter",
         "junior architect", "account manager", "QA engineer", "content strategist", "lab technician",
         "sous chef", "product owner", "HR advisor", "sound engineer", "site supervisor"]
LEAVE = [("my manager keeps taking credit for my work", "credit"), ("the commute is nearly two hours each way", "commute"),
         ("they froze everyone's pay again", "pay"), ("I'm doing three people's jobs since the layoffs", "layoffs"),
         ("the night shifts are wrecking my sleep", "night shifts"), ("there's zero chance of a promotion", "promotion"),
         ("the new director micromanages every email", "micromanages")]
PETS = ["beagle", "greyhound", "border collie", "staffie", "whippet", "cocker spaniel", "ginger kitten",
        "tabby cat", "black cat", "lop-eared rabbit", "Maine Coon", "jack russell", "labrador puppy", "lurcher"]
PETNAMES = ["Biscuit", "Pepper", "Mochi", "Juniper", "Waffles", "Clementine", "Bramble", "Pickle", "Otto",
            "Noodle", "Sprout", "Bean", "Ziggy", "Pumpkin", "Rolo", "Marmalade", "Fig", "Tofu", "Basil", "Nutmeg"]
PET_ISSUES = ["hip dysplasia", "an ear infection", "a heart murmur", "separation anxiety", "a skin allergy",
              "a dodgy knee", "a tummy bug", "a cracked tooth"]
SIBS = ["Ana", "Beth", "Carla", "Daisy", "Elif", "Fran", "Gemma", "Hattie", "Isla", "Jas", "Kirsty", "Lena",
        "Mina", "Nell", "Olga", "Pia", "Rosa", "Tess"]
BROS = ["Marco", "Sam", "Danny", "Femi", "Ollie", "Raj", "Stefan", "Luke", "Ciaran", "Nico", "Hugo", "Jamie"]
BABIES = ["Lucia", "Arlo", "Maya", "Theo", "Ivy", "Felix", "Nora", "Ezra", "Ada", "Leo", "Iris", "Otis"]
VENUES = ["a vineyard outside Porto", "an old barn in the Cotswolds", "a castle in Fife", "a lakeside hotel",
          "a tiny chapel on Skye", "her fiancé's family farm", "a converted mill", "a botanical garden",
          "a beach in Cornwall", "a registry office and then a pub"]
VENUE_KEY = {v: k for v, k in zip(VENUES, ["vineyard", "barn", "castle", "lakeside hotel", "chapel", "farm",
                                         "mill", "botanical garden", "beach", "registry office"])}
CLASSES = [("pottery", "a mug with a wonky handle", "mug"), ("watercolour", "a painting of the harbour", "harbour"),
           ("life drawing", "a charcoal sketch", "charcoal sketch"), ("woodworking", "a little stool", "stool"),
           ("stained glass", "a suncatcher", "suncatcher"), ("jewellery-making", "a pair of silver earrings", "earrings"),
           ("ceramics", "a lopsided fruit bowl", "fruit bowl"), ("oil painting", "a portrait of my gran", "portrait"),
           ("bookbinding", "a leather notebook", "notebook"), ("printmaking", "a linocut of a fox", "linocut")]
STUDIOS = ["Clay Republic", "The Kiln Room", "Hatch Studio", "Brushwork", "The Makers' Loft", "Pigment & Co",
           "Studio Nine", "The Old Print Works", "Little Anvil", "Grain & Glue", "The Drawing Shed"]
GROUPS = [("grief support group", "since losing my dad", "losing my dad"),
          ("new parents' support group", "because the first months with the baby nearly broke me", "baby"),
          ("anxiety support group", "since the panic attacks started at work", "panic attacks"),
          ("carers' support group", "since I started looking after my mum", "looking after my mum"),
          ("divorce support group", "since the divorce went through", "divorce"),
          ("chronic pain support group", "because of my back", "back")]
CAMP = ["the Lake District", "Snowdonia", "the Peak District", "Loch Lomond", "the Brecon Beacons",
        "the Dordogne", "Exmoor", "the Cairngorms", "Dartmoor", "the Yorkshire Dales"]
CAMP_WHY = [("the tent flooded", "tent flooded"), ("a storm flattened half the campsite", "storm"),
            ("my cousin got food poisoning", "food poisoning"), ("we got eaten alive by midges", "midges"),
            ("the car broke down on the way", "car broke down"), ("I forgot the sleeping bags", "sleeping bags")]
BANDS = ["Arctic Monkeys", "Florence and the Machine", "Khruangbin", "Bon Iver", "Little Simz", "Hozier",
         "Fontaines D.C.", "Phoebe Bridgers", "Sam Fender", "Haim", "Tame Impala", "The National", "Wet Leg",
         "Lizzo", "Fleetwood Mac tribute band", "Elbow", "Self Esteem", "Nils Frahm"]
VENUES_MUSIC = ["the O2", "a tiny club downtown", "the Academy", "a field in the rain", "the Roundhouse",
                "the arena", "an old church", "Brixton"]
PLAY_ROLES = ["the Big Bad Wolf", "a dancing carrot", "Mary Poppins", "the narrator", "a grumpy troll",
              "the Tin Man", "Captain Hook", "a singing teapot", "the Cheshire Cat", "Willy Wonka"]
KIDS = ["Mia", "Oscar", "Poppy", "Ruben", "Elsie", "Kai", "Matilda", "Finn", "Aisha", "Jude", "Lily", "Milo"]
BOOKS = [("Piranesi", "Susanna Clarke"), ("Project Hail Mary", "Andy Weir"), ("Pachinko", "Min Jin Lee"),
         ("Klara and the Sun", "Kazuo Ishiguro"), ("The Overstory", "Richard Powers"), ("Circe", "Madeline Miller"),
         ("Educated", "Tara Westover"), ("A Gentleman in Moscow", "Amor Towles"), ("Station Eleven", "Emily St. John Mandel"),
         ("The Remains of the Day", "Kazuo Ishiguro"), ("Lessons in Chemistry", "Bonnie Garmus"),
         ("The Secret History", "Donna Tartt"), ("Braiding Sweetgrass", "Robin Wall Kimmerer"),
         ("Shuggie Bain", "Douglas Stuart"), ("The Midnight Library", "Matt Haig"), ("Demon Copperhead", "Barbara Kingsolver")]
BOOK_OP = [("I cried at the ending, on a train, like an idiot", "cried"), ("I stayed up until 3am finishing it", "3am"),
           ("honestly I found the middle a bit slow but the last chapter was perfect", "slow"),
           ("it's my new favourite, I've already bought copies for two people", "favourite"),
           ("it made me want to quit my job and live in a forest", "forest")]
SHOWS = ["Slow Horses", "The Bear", "Severance", "Derry Girls", "Only Murders in the Building", "Shrinking",
         "Detectorists", "Ted Lasso", "Fleabag", "Succession", "The Great British Bake Off", "Schitt's Creek",
         "Taskmaster", "Reservation Dogs", "Blue Lights"]
LANGS = [("Portuguese", "my partner's family is from Brazil", "partner's family"),
         ("Japanese", "I want to go to Tokyo next spring", "Tokyo"),
         ("Italian", "my grandparents were from Naples and I never learned", "grandparents"),
         ("Korean", "I'm obsessed with Korean dramas", "dramas"),
         ("Spanish", "we might move to Valencia one day", "Valencia"),
         ("German", "half my new team is in Berlin", "Berlin"),
         ("Welsh", "I want to be able to talk to my niece at her school events", "niece"),
         ("Greek", "I'm going to spend the summer on Crete", "Crete")]
DURATIONS = ["three months", "six weeks", "about a year", "two years", "eight months", "five months"]
DIETS = [("vegetarian", "after watching a documentary about factory farming", "documentary"),
         ("vegan", "because my cholesterol came back really high", "cholesterol"),
         ("pescatarian", "since my doctor told me to eat more fish", "doctor"),
         ("gluten-free", "because I finally got tested and I'm coeliac", "coeliac"),
         ("plant-based", "to save money, meat has got so expensive", "save money"),
         ("low-sugar", "since my dad was diagnosed with diabetes", "diabetes")]
OLD_DIETS = ["keto", "intermittent fasting", "a high-protein thing", "calorie counting", "the 5:2 diet"]
QUIT = [("the choir", "rehearsals moved to Thursdays and that clashes with my night shift", "night shift"),
        ("the rowing club", "the 6am starts were destroying me", "6am"),
        ("my book club", "it turned into a wine club where nobody reads the book", "nobody reads"),
        ("the amateur dramatics group", "the director and I fell out badly", "fell out"),
        ("the running club", "my knee kept flaring up", "knee"),
        ("the salsa class", "my dance partner moved away", "moved away"),
        ("the tennis league", "the membership fees doubled", "fees")]
NEW_HOBBY = ["bouldering", "open-water swimming", "the ukulele", "birdwatching", "sourdough baking",
             "roller skating", "chess", "ceramics", "trail running", "crochet", "archery", "kayaking"]
CARS = ["a second-hand Honda Jazz", "an old Volvo estate", "a little electric Fiat", "a Toyota Yaris hybrid",
        "a red Mini", "a Skoda Octavia", "a battered Land Rover", "a Kia Niro"]
CAR_KEY = {c: k for c, k in zip(CARS, ["Honda Jazz", "Volvo", "Fiat", "Yaris", "Mini", "Skoda", "Land Rover", "Kia"])}
MOVE_WHY = [("to be closer to my mum", "closer to my mum"), ("because rent here has gone completely mad", "rent"),
            ("for my partner's new job", "partner's new job"), ("because I got a transfer at work", "transfer"),
            ("so we can finally afford a garden", "garden"), ("because I need the sea in my life", "sea")]
EXES = ["Jordan", "Alex", "Sasha", "Robin", "Charlie", "Morgan", "Kit", "Eli", "Dani", "Jesse"]
NEWBIES = ["Leon", "Marta", "Gabe", "Selin", "Ronan", "Aiyana", "Hugo", "Nell", "Teo", "Yasmin"]
BREAK_WHY = [("wants to move to Australia and I don't", "Australia"), ("never wanted kids and I do", "kids"),
             ("we just wanted completely different things", "different things"),
             ("worked every weekend and I basically never saw them", "every weekend"),
             ("lied about some money stuff", "money")]
ALLERGY = [("peanuts", "one peanut and my throat starts closing up"), ("cats", "five minutes near a cat and my eyes swell shut"),
           ("shellfish", "a single prawn puts me in A&E"), ("penicillin", "penicillin gives me hives head to toe"),
           ("wasps", "wasp stings mean an EpiPen for me"), ("kiwi", "kiwi makes my mouth itch like mad")]
TRIPS = [("Lisbon", "the custard tarts"), ("Iceland", "the hot springs"), ("Kyoto", "the temples at dawn"),
         ("Marrakech", "the spice market"), ("Crete", "the gorge hike"), ("Ljubljana", "the castle at night"),
         ("Copenhagen", "cycling everywhere"), ("the Amalfi coast", "the lemons, honestly"),
         ("Tbilisi", "the sulphur baths"), ("Mexico City", "the tacos al pastor"), ("Vienna", "the coffee houses"),
         ("the Faroe Islands", "the puffins")]
COLOURS = ["sage green", "terracotta", "navy blue", "mustard yellow", "dusty pink", "charcoal grey", "teal"]
ROOMS = ["kitchen", "bedroom", "hallway", "living room", "bathroom", "spare room"]
SURGERY = [("knee replacement", "knee"), ("hip operation", "hip"), ("cataract surgery", "cataract"),
           ("gallbladder removal", "gallbladder"), ("shoulder surgery", "shoulder")]
INJURY = [("sprained my ankle", "five-a-side", "ankle"), ("pulled a muscle in my back", "moving a sofa", "back"),
          ("broke my wrist", "ice skating", "wrist"), ("twisted my knee", "skiing", "knee"),
          ("cracked a rib", "falling off my bike", "rib"), ("dislocated a finger", "netball", "finger")]
VOLUNTEER = ["the food bank", "the cat rescue", "a parkrun", "the community garden", "a homeless shelter kitchen",
             "the hospice charity shop", "a youth football club", "the library's reading scheme"]
QUIZ = ["Quiz Akabusi", "The Smarty Pints", "Les Quizerables", "Agatha Quiztie", "Universally Challenged",
        "The Mighty Quinn-tessentials", "Tequila Mockingbird", "Quizteama Aguilera"]
GIFTS = [("mum", "a pottery wheel lesson"), ("dad", "a vintage record player"), ("gran", "a framed family tree"),
         ("sister", "a hot-air balloon ride"), ("partner", "a weekend in a treehouse"), ("brother", "a signed football shirt")]
DREAMS = [("a little bookshop with a café in it", "bookshop"), ("a surf school", "surf school"),
          ("a bakery", "bakery"), ("a dog-walking business", "dog-walking"), ("a B&B in Wales", "B&B"),
          ("a bike repair workshop", "bike repair")]
FEARS = [("spiders", "I genuinely can't be in the same room as a spider"), ("deep water", "if I can't see the bottom I panic"),
         ("heights", "even a stepladder makes my knees go"), ("flying", "I've had to be talked down on a plane before"),
         ("clowns", "clowns, seriously, since I was six"), ("moths", "moths flapping near my face is my nightmare")]
FOODS_HATE = ["coriander", "olives", "mushrooms", "blue cheese", "aubergine", "mayonnaise", "liquorice", "beetroot"]
CUISINES = ["Thai", "Ethiopian", "Lebanese", "Sichuan", "Georgian", "Peruvian", "Vietnamese", "Sri Lankan", "Mexican"]
COFFEE = ["flat white with oat milk", "black, no sugar", "iced latte even in winter", "a double espresso",
          "builder's tea with two sugars", "green tea, I gave up coffee", "chai with soy milk"]
GENRES = ["jazz", "old soul records", "techno", "folk", "90s hip hop", "classical piano", "country", "drum and bass"]
HOLI = [("mountains", "beach"), ("beach", "mountains"), ("city breaks", "beach holidays"), ("cabins", "cities")]
FILMS = ["Paddington 2", "Spirited Away", "The Grand Budapest Hotel", "Amélie", "Jaws", "Arrival", "Moonlight",
         "Mamma Mia", "Before Sunrise", "Hot Fuzz"]
PLANTS = ["tomatoes", "chillies", "strawberries", "sweet peas", "courgettes", "basil", "runner beans"]
FRIENDS = ["Hollie", "Bas", "Ines", "Gus", "Marnie", "Tayo", "Ursula", "Wes", "Zoe", "Cormac"]
AGES = ["30", "35", "40", "28", "33", "45", "37", "29"]

# ----------------------------------------------------------------------------------------------
# relative time
# ----------------------------------------------------------------------------------------------


def next_weekday(d: datetime, w: int) -> datetime:
    return d + timedelta(days=(w - d.weekday()) % 7 or 7)


def iso(d: datetime) -> str:
    return d.strftime("%Y-%m-%d")


def past_rel(rng, d: datetime, weekend_only=False):
    """A past relative phrase and its resolved ISO date."""
    opts = []
    for w in (4, 5, 6):
        opts.append((f"last {WD[w]}", iso(previous_weekday(d, w))))
    if d.weekday() < 5:
        opts.append(("last weekend", iso(previous_weekday(d, 5))))
    if not weekend_only:
        opts += [("yesterday", iso(d - timedelta(days=1))), ("two weeks ago", iso(d - timedelta(days=14))),
                 ("the day before yesterday", iso(d - timedelta(days=2))), ("ten days ago", iso(d - timedelta(days=10))),
                 ("three weeks ago", iso(d - timedelta(days=21))), ("last night", iso(d - timedelta(days=1))),
                 (f"last {WD[rng.randrange(5)]}", None)]
    p, i = rng.choice(opts)
    if i is None:
        w = WD.index(p.split()[1])
        i = iso(previous_weekday(d, w))
    return p, i


def future_rel(rng, d: datetime, month=False):
    if month:
        opts = [("next month", add_months(d, 1).strftime("%Y-%m"))]
        m2 = add_months(d, rng.randint(2, 4))
        opts.append((f"in {MONTHS[m2.month - 1]}", m2.strftime("%Y-%m")))
        return rng.choice(opts)
    w = rng.randrange(5)
    opts = [(f"next {WD[w]}", iso(next_weekday(d, w))), ("tomorrow", iso(d + timedelta(days=1))),
            ("in two weeks", iso(d + timedelta(days=14))), (f"next {WD[rng.randrange(7)]}", None)]
    if d.weekday() < 4:
        opts.append(("this weekend", iso(next_weekday(d, 5))))
    p, i = rng.choice(opts)
    if i is None:
        i = iso(next_weekday(d, WD.index(p.split()[1])))
    return p, i


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


# ----------------------------------------------------------------------------------------------
# episode builder
# ----------------------------------------------------------------------------------------------
R_GOOD = ["Oh that's brilliant, {X}!", "No way!! I'm so happy for you.", "Amazing. Honestly, you deserve it.",
          "Yesss, that's the best news I've had all week.", "Ahh I love this for you.", "That's so cool, tell me everything.",
          "Wow, look at you go!", "Okay that genuinely made my day.", "Stop, that's incredible!",
          "Eeek! Proud of you, seriously."]
R_BAD = ["Oh no, I'm so sorry.", "Ugh, that's rough. Are you okay?", "That's awful, {X}. Sending a massive hug.",
         "Oh mate. That sounds really hard.", "God, what a week you're having.", "I'm sorry. Do you want to talk about it?",
         "That's so unfair, honestly.", "Oof. That's a lot to deal with."]
R_MEH = ["Huh, I didn't know that about you!", "Oh really? Since when?", "Ha, that's very you.", "Interesting, go on...",
         "Wait, really? Tell me more.", "Noted, haha.", "Makes total sense to me.", "Okay, I'm learning so much today."]


class B:
    def __init__(self, c, s, ds):
        self.c, self.s, self.ds, self.rng = c, s, ds, c.rng
        self.X, self.Y = c.names[s], c.names[1 - s]
        self.parts = [[] for _ in ds]
        self.qs = []

    def f(self, _tpl, **kw):
        t = self.rng.choice(_tpl) if isinstance(_tpl, list) else _tpl
        return t.format(X=self.X, Y=self.Y, **kw)

    def x(self, _p, _tpl, **kw):
        self.parts[_p].append((self.s, self.f(_tpl, **kw)))
        return (_p, len(self.parts[_p]) - 1)

    def y(self, _p, _tpl, **kw):
        self.parts[_p].append((1 - self.s, self.f(_tpl, **kw)))
        return (_p, len(self.parts[_p]) - 1)

    def q(self, _kind, _tpl, _ans, _refs, _date=None, **kw):
        self.qs.append((_kind, self.f(_tpl, **kw), list(_ans), list(_refs), _date))

    def pick(self, xs):
        return self.rng.choice(xs)


EPISODES = {}


def episode(nparts=1, gap=(1, 5), kid=False):
    def deco(fn):
        EPISODES[fn.__name__] = (fn, nparts, gap, kid)
        return fn
    return deco


@episode(1)
def charity(b):
    ev = b.pick(["charity 10k", "sponsored swim", "charity bike ride", "charity fun run", "sponsored hike",
                 "charity half marathon"])
    noun = {"charity 10k": "charity run", "charity fun run": "charity run", "charity half marathon": "charity run",
            "sponsored swim": "sponsored swim", "charity bike ride": "charity bike ride", "sponsored hike": "sponsored hike"}[ev]
    cause, key = b.pick([("the children's hospital", "children's hospital"), ("a dementia charity", "dementia"),
                         ("the local hospice", "hospice"), ("mental health research", "mental health"),
                         ("a cancer charity", "cancer"), ("the animal shelter", "animal shelter"),
                         ("a homeless charity", "homeless"), ("the air ambulance", "air ambulance")])
    when, date = past_rel(b.rng, b.ds[0], weekend_only=b.rng.random() < 0.5)
    amt = b.pick(["400", "650", "1,200", "900", "300", "2,000"])
    e = e_main = b.x(0, ["Guess who did the {ev} {w}? Me! It was for {c}. My legs are still dead.",
                "So {w} I finally did that {ev} I'd been going on about, raising money for {c}.",
                "{W} was the {ev}! We raised about {a} pounds for {c} and I'm weirdly emotional about it.",
                "Update: I survived the {ev} {w}. All for {c}, and my mum came to cheer me on with a sign.",
                "I did a {ev} {w} to raise money for {c}. Did not train enough, regretted it by halfway lol.",
                "Completed the {ev} {w}!! Everything we raised is going to {c}."],
            ev=ev, c=cause, w=when, W=cap(when), a=amt)
    b.y(0, R_GOOD + ["Wait, the {ev}? Did you actually finish it?".format(ev=ev)])
    b.x(0, ["Finished it, just about. Someone dressed as a banana overtook me near the end, which was humbling.",
            "Yes! Slowest person in my group but I didn't stop once.", "I did! Cried a bit at the finish, not gonna lie.",
            "Finished! Then ate an entire pizza by myself."])
    m = re.fullmatch(r"last (\w+)", when)
    if m and m.group(1) in WD and b.rng.random() < 0.45:
        ow = WD.index(m.group(1))
        cw = (ow + b.pick([1, -1])) % 7
        b.y(0, ["Hang on, {o}? I thought that was your cousin's party day.", "Wait, was it {o}? I could've sworn you said a different day.",
                "{o}? I thought you were at your gran's on {o}."], o=m.group(1))
        e = e_fix = b.x(0, ["Oh god, you're right. Actually it was {n}, not {o}. My brain is mush.",
                    "Sorry, actually it was {n}, not {o}. This week has been a blur.",
                    "Ha, no, you're right, it was {n}. Not {o}. Too many late nights."], n=WD[cw], o=m.group(1))
        b.q("temporal", ["On which day did {X} actually do the {n}?", "When did {X} do the {n}?"], [WD[cw]], [e_fix],
            iso(previous_weekday(b.ds[0], cw)), n=noun)
    else:
        b.q("temporal", ["When did {X} do the {n}?", "When did {X} take part in the {n}?"], [when], [e], date, n=noun)
    b.q("fact", ["What cause was {X}'s {n} raising money for?", "Who was {X} raising money for with the {n}?"], [key], [e_main], n=noun)


@episode(2, gap=(2, 6))
def pet(b):
    breed, name, issue = b.pick(PETS), b.pick(PETNAMES), b.pick(PET_ISSUES)
    when, date = past_rel(b.rng, b.ds[0])
    e0 = b.x(0, ["We did it, we adopted a {b} from the rescue {w}! The name's {n}.",
                 "So {w} I went to the shelter 'just to look' and came home with a {b}. Called {n}. Oops.",
                 "I have a new flatmate! Four legs, a {b}, name's {n}. Picked up from the rescue {w}.",
                 "Big life update: there's a {b} asleep on my feet right now. {n}. We brought {n} home {w}.",
                 "I finally adopted! A {b} called {n}, home with me since {w}.",
                 "{W} I signed the adoption papers for a {b}. The shelter had named it {n} and it stuck."],
             b=breed, n=name, w=when, W=cap(when))
    b.y(0, ["Oh my god, PHOTOS please.", "{n}!! That's the perfect name.", "Stop it, I'm coming over this weekend to meet {n}.",
            "Aww, how's {n} settling in?", "A {b}! You've wanted one forever."], n=name, b=breed)
    b.x(0, ["Sleeping mostly, and stealing socks.", "Good! Already owns the sofa.", "So far so good, apart from the 5am wake-ups.",
            "Honestly better than me, I'm the one who's nervous."])
    issue_key = re.sub(r"^an? ", "", issue)
    e1 = b.x(1, ["{n} has been off for days and the vet says it's {i}. Poor thing.", "Vet trip today. Turns out {n} has {i}.",
                 "Bit worried about {n}. The vet thinks it's {i}.", "Spent a fortune at the vet this week, {n} has {i}.",
                 "So {n} has {i}, apparently. We're on meds and cuddles.", "Update on {n}: {i}. Being very brave about it though."],
             n=name, i=issue)
    b.y(1, R_BAD[:4] + ["Poor {n}! Give a scratch behind the ears from me.".format(n=name)])
    b.q("fact", ["What kind of animal did {X} adopt?", "What did {X} adopt from the rescue?"], [breed], [e0])
    b.q("fact", ["What is the name of {X}'s {b}?", "What is {X}'s {b} called?"], [name], [e0], b=breed)
    b.q("multi-hop", ["What health problem does the {b} {X} adopted have?", "What did the vet find wrong with {X}'s {b}?"],
        [issue_key], [e0, e1], b=breed)
    if b.rng.random() < 0.5:
        b.q("temporal", ["When did {X} adopt {n}?"], [when], [e0], date, n=name)


@episode(4, gap=(1, 4))
def job(b):
    old, new = b.c.company(), b.c.company()
    role = b.pick(ROLES)
    why, wk = b.pick(LEAVE)
    e0 = b.x(0, ["Work is grim. I've been at {o} four years and {w}. I think I need out.",
                 "Honestly I'm done with {o}. The main thing is that {w}, and nobody seems to care.",
                 "Had another awful day at {o}. Basically {w}. I've started looking at job ads on my lunch break.",
                 "I've started job hunting, don't tell anyone. It's mostly that {w}, and {o} isn't going to change.",
                 "You know how I moan about {o}? The real problem is {w}. I'm updating my CV this weekend.",
                 "I don't think I can stay at {o} much longer, {w}."], o=old, w=why)
    b.y(0, ["Ugh, that sounds exhausting. You deserve better.", "Okay, that's genuinely not okay. Have you looked at anything yet?",
            "I've been saying this for a year, {X}! Get out of there.", "That's so draining. What would you want to do instead?"])
    when, date = future_rel(b.rng, b.ds[1])
    e1 = b.x(1, ["Sooo I have an interview {w} at {n}! It's for a {r} role.",
                 "Big news-ish: {n} want to interview me for a {r} position. It's {w}.",
                 "I got through to the interview stage at {n}. {r}, interview is {w}. Terrified.",
                 "{W} I'm interviewing with {n}. The {r} job I mentioned!",
                 "Remember I applied for that {r} job? {n} emailed, the interview's {w}.",
                 "Guess who has a job interview {w}? For a {r} position at {n}, no less."],
             n=new, r=role, w=when, W=cap(when))
    b.y(1, ["Eek! You're going to smash it.", "Ooh, what do you need to prepare?", "Yes!! Wear the green shirt, it's your lucky one.",
            "Okay, that's exciting. Do you want to practise questions with me?"])
    b.x(1, ["There's a presentation part, so mostly I'm practising not rambling.", "Mostly I'm trying not to panic. I'll let you know!",
            "Ha, maybe. I'll need a pep talk the night before."])
    b.y(2, ["Wait, I never asked, how did the interview go??", "So?? Did you hear back from the interview?",
            "How did the interview thing go? I've been dying to know.", "Any news about the job you interviewed for?",
            "Okay, update me on the interview. Good? Bad?", "Did they ever get back to you after that interview?"])
    e2 = b.x(2, ["I got it!! They offered me the job and I said yes. I start in three weeks.",
                 "They offered it to me!! I handed in my notice at {o} this morning.",
                 "I GOT IT. Still can't believe it. Started the paperwork already.",
                 "I got the job! Even managed to negotiate a bit more money.",
                 "They said yes! Starting at the beginning of next month.",
                 "Offer came through on Friday. I accepted on the spot!"], o=old)
    b.y(2, R_GOOD)
    e3 = b.x(3, ["Can't believe I've been at {n} a month already. It's so calm compared to {o}.",
                 "The people at {n} are so much nicer than at {o}, honestly. Lunch together every day.",
                 "Week three at {n} and I haven't cried in the toilets once, which is more than I can say for {o}.",
                 "New job update: {n} is great, my manager actually says thank you.",
                 "I keep forgetting I work at {n} now. Still reaching for my old {o} badge in the morning.",
                 "So far {n} is everything {o} wasn't. Fingers crossed it lasts."], n=new, o=old)
    b.y(3, ["That's so good to hear.", "See? Told you it'd be worth it.", "Love that for you. You sound so much lighter."])
    b.q("reason", ["Why did {X} want to leave {o}?", "What was {X}'s main complaint about working at {o}?"], [wk], [e0], o=old)
    b.q("temporal", ["When was {X}'s job interview at {n}?", "When did {X} have the interview with {n}?"], [when], [e1], date, n=new)
    b.q("multi-hop", ["What position was {X} offered after the interview?", "What job did {X} end up getting offered?"],
        [role], [e1, e2])
    b.q("update", ["Where does {X} work now?", "Which company is {X} working for now?"], [new], [e3])


@episode(2, gap=(2, 6))
def wedding(b):
    sib, venue = b.pick(SIBS), b.pick(VENUES)
    when, date = future_rel(b.rng, b.ds[0], month=True)
    job = b.pick(["give a speech", "be a bridesmaid", "do a reading", "be the witness", "do the flowers"])
    e0 = b.x(0, ["My sister {s} is getting married {w}! And she wants me to {j}. Help.",
                 "Family news: my little sister {s} got engaged and the wedding is {w}. I have to {j}.",
                 "Ugh, I've been asked to {j} at my sister's wedding. {s} is getting married {w}, did I tell you?",
                 "So my sister {s}'s wedding is {w}, which means I've got to {j}. I'm so nervous.",
                 "{s}, my sister, is getting hitched {w}!! I'm going to {j}, apparently.",
                 "Wedding season in our family: my sister {s} is getting married {w} and I'm meant to {j}."],
             s=sib, w=when, j=job)
    b.y(0, ["Oh how lovely! You'll be great.", "Aww, congratulations to {s}!".format(s=sib), "Eek! What's the plan?",
            "Oh that's so exciting. Have you met the fiancé much?"])
    e1 = b.x(1, ["{s}'s wedding was perfect. It was at {v}, and I only cried twice.",
                 "Still recovering from {s}'s big day. They did it at {v}, it was gorgeous.",
                 "So the wedding: {v}, sunshine, and {s} looked unreal. I was a wreck.",
                 "We're back from {s}'s wedding. {v}! Best party I've been to in years.",
                 "The big day went off without a hitch, well, apart from the hitch itself ha. {s} chose {v} and it was magic.",
                 "{s} is officially married! Ceremony at {v}, dancing till 2."], s=sib, v=venue)
    b.y(1, R_GOOD[:6])
    b.q("fact", ["What is the name of {X}'s sister who got married?", "Which of {X}'s siblings got married?"], [sib], [e0])
    b.q("temporal", ["When was {X}'s sister getting married?", "When was {X}'s sister {s}'s wedding?"], [when], [e0], date, s=sib)
    b.q("multi-hop", ["Where was {X}'s sister's wedding held?", "Where did {X}'s sister get married?"], [VENUE_KEY[venue]], [e0, e1])


@episode(2, gap=(1, 5))
def artclass(b):
    cls, made, key = b.pick(CLASSES)
    studio = b.pick(STUDIOS)
    day = b.pick(WD[:5])
    e0 = b.x(0, ["I signed up for a {c} class! It's at a place called {s}, {d} evenings.",
                 "New thing: {c} lessons at {s} every {d}. First one was so relaxing.",
                 "Okay so I've started a {c} course. {s}, down by the station, {d} nights.",
                 "I've finally booked that {c} class I keep talking about, at {s}. {d}s, seven till nine.",
                 "Me, a creative? Apparently. I'm doing {c} at {s} on {d}s now.",
                 "Treated myself to a ten-week {c} course at {s}. It's on {d}s."], c=cls, s=studio, d=day)
    b.y(0, R_MEH[:5] + ["Oh, I love that! Will you make me something?"])
    e1 = b.x(1, ["Proud moment at the {c} place last night: I finished {m}!",
                 "Brought home {m} from class. It's objectively terrible and I love it.",
                 "The teacher at the {c} studio said {m} was the best thing I've done so far!",
                 "Finally finished {m} in class. Took me five weeks, ha.",
                 "I made {m}!! At the {c} thing. My mum wants it for her birthday.",
                 "Guess what came out of the {c} session: {m}. Not bad for a beginner."], c=cls, m=made)
    b.y(1, ["Send a picture!!", "That's adorable, I need to see it.", "Look at you, a real artist.", "Okay, I want one too."])
    b.q("fact", ["Where does {X} take {c} classes?", "What is the name of the studio where {X} does {c}?"], [studio], [e0], c=cls)
    b.q("multi-hop", ["What did {X} make at {s}?", "What did {X} create in the class at {s}?"], [key], [e0, e1], s=studio)


@episode(1)
def support(b):
    g, why, key = b.pick(GROUPS)
    e = b.x(0, ["I've started going to a {g}, {w}. It helps more than I expected.",
                "Can I tell you something? I've been going to a {g} on Thursdays, {w}.",
                "I joined a {g} last month, {w}. Everyone there just gets it.",
                "Went to my third {g} meeting tonight. I started going {w}.",
                "I finally did the thing and went to a {g}. I've needed it {w}.",
                "Small thing, but I've been at a {g} every week {w}. It's been good for me."], g=g, w=why)
    b.y(0, ["I'm really glad you found that, {X}.", "That's brave. How are you finding it?", "Thank you for telling me. I'm proud of you.",
            "That sounds like exactly what you needed."])
    b.x(0, ["It's nice to not have to explain myself.", "Some weeks are heavy, but I always leave lighter.", "Honestly? Life-changing."])
    b.q("fact", ["What kind of support group does {X} attend?", "What support group did {X} join?"], [g.replace(" support group", "")], [e])
    b.q("reason", ["Why did {X} start going to a support group?", "What led {X} to join the {g}?"], [key], [e], g=g)


@episode(1)
def camping(b):
    place = b.pick(CAMP)
    why, key = b.pick(CAMP_WHY)
    when, date = past_rel(b.rng, b.ds[0], weekend_only=True)
    e = b.x(0, ["We went camping in {p} {w}. Came home a day early because {y}.",
                "So the camping trip {w}: {p} was stunning, but {y}, so we bailed after one night.",
                "{W} we drove up to {p} to camp. Short version: {y} and we cut it short.",
                "Camping update: {p}, {w}, total disaster because {y}. Still kind of fun?",
                "Tried wild camping in {p} {w}! Had to pack up early though, {y}.",
                "My big outdoorsy weekend in {p} {w} ended early because {y}. Never again. Well, maybe again."],
            p=place, w=when, W=cap(when), y=why)
    b.y(0, ["Noooo. Classic, though.", "Ha! I'm sorry but that's hilarious.", "Oh no, was anyone hurt?",
            "That's the most you thing I've ever heard."])
    b.q("fact", ["Where did {X} go camping?", "Where was {X}'s camping trip?"], [place], [e])
    b.q("reason", ["Why did {X} cut the camping trip short?", "Why did {X} come home early from camping?"], [key], [e])
    b.q("temporal", ["When did {X} go camping in {p}?"], [when], [e], date, p=place)


@episode(1)
def concert(b):
    band, venue = b.pick(BANDS), b.pick(VENUES_MUSIC)
    when, date = past_rel(b.rng, b.ds[0])
    e = b.x(0, ["I saw {b} live {w}! At {v}. My voice is gone.", "{W} I finally got to see {b}. {v}, front row-ish. Unreal.",
                "Went to {b} {w} at {v} and I'm still buzzing.", "Concert report: {b}, {v}, {w}. Ten out of ten, would cry again.",
                "Did I tell you I had tickets for {b}? It was {w}. Best gig of my life.",
                "{b} {w}!! I spent a stupid amount on merch."], b=band, v=venue, w=when, W=cap(when))
    b.y(0, ["So jealous. What did they open with?", "Stop, I'd have loved that.", "Okay, I need the full setlist.",
            "Was it as good as last time?"])
    b.q("fact", ["Which band did {X} see in concert?", "Who did {X} see play live?"], [band], [e])
    b.q("temporal", ["When did {X} go to the {b} concert?", "When did {X} see {b} live?"], [when], [e], date, b=band)


@episode(2, gap=(1, 3), kid=True)
def schoolplay(b):
    kid, rel = b.c.kid[b.s]
    role = b.pick(PLAY_ROLES)
    when, date = future_rel(b.rng, b.ds[0])
    e0 = b.x(0, ["{k} got cast as {r} in the school play! It's {w} and I'm more nervous than {k} is.",
                 "My {rel} {k} is going to be {r} in the school play {w}. I've been sewing costumes all week.",
                 "School play news: {k} is {r}!! Performance is {w}.",
                 "{W} is {k}'s school play. Guess who's playing {r}? My {rel}!",
                 "So proud, {k} landed {r} in the school show. It's on {w}.",
                 "I've been running lines with {k} every night. {r}, school play, {w}. Pray for me."],
             k=kid, rel=rel, r=role, w=when, W=cap(when))
    b.y(0, ["Aww!! Film it for me please.", "{k} is going to be the star, obviously.".format(k=kid), "That's adorable. What's the play?"])
    b.y(1, ["How did {k}'s play go?".format(k=kid), "Did the school play go okay?", "So how was the big performance?"])
    e1 = b.x(1, ["{k} forgot one line and then improvised a whole speech. Crowd loved it.",
                 "{k} was brilliant. I cried, my mum cried, the teacher cried.", "Perfect! {k} took three bows.",
                 "It went so well. {k} wants to be an actor now, help."], k=kid)
    b.q("fact", ["What role did {X}'s {rel} play in the school play?", "Who did {X}'s {rel} {k} play in the school play?"], [role], [e0], rel=rel, k=kid)
    b.q("fact", ["What is the name of {X}'s {rel}?"], [kid], [e0], rel=rel)
    b.q("temporal", ["When was {X}'s {rel}'s school play?"], [when], [e0], date, rel=rel)


@episode(2, gap=(2, 6))
def bookrec(b):
    title, author = b.pick(BOOKS)
    op, ok = b.pick(BOOK_OP)
    e0 = b.x(0, ["You have to read {t} by {a}. I think you'd love it.", "Book recommendation, since you asked: {t}. {a}. Trust me.",
                 "Have you read {t}? By {a}? It's so you.", "If you need something for the holiday, get {t}, the {a} one.",
                 "I just finished {t} by {a} and immediately thought of you. Read it!",
                 "Okay my pick for you this month: {t} by {a}. No excuses."], t=title, a=author)
    b.y(0, ["Adding it to the list!", "Ooh, okay, I'll order it tonight.", "Is it sad? I can't do sad right now.",
            "Noted. My to-read pile is a tower though."])
    e1 = b.y(1, ["I finished that book you recommended, and {o}.", "Okay, the book you told me about? Finally read it, {o}.",
                 "So I read your recommendation. Verdict: {o}.", "That novel you pushed on me: {o}.",
                 "Your book! Done! And {o}.", "I owe you one for that recommendation, {o}."], o=op)
    b.x(1, ["Haha, told you!", "I knew it. We have the same brain.", "Yesss, now we can talk about it properly."])
    b.q("fact", ["What book did {X} recommend to {Y}?", "Which novel did {X} tell {Y} to read?"], [title], [e0])
    b.q("multi-hop", ["What was {Y}'s reaction to the book {X} recommended?", "How did {Y} feel about the book {X} suggested?"],
        [ok], [e0, e1])


@episode(1)
def showrec(b):
    show = b.pick(SHOWS)
    e = b.x(0, ["My favourite show right now is {s}. I've watched it twice.", "Nothing beats {s} for me. Comfort telly.",
                "If I could only keep one show it'd be {s}, no question.", "I'm obsessed with {s}, honestly. Best thing on TV.",
                "My all-time top show? {s}. I'll fight anyone on it.", "{s} is the only thing I watch on repeat."], s=show)
    b.y(0, ["I've only seen the first episode!", "Ooh, I keep meaning to start it.", "Good taste, I'll give you that."])
    b.q("preference", ["What is {X}'s favourite TV show?", "Which TV series does {X} love most?"], [show], [e])


@episode(3, gap=(1, 5))
def move(b):
    c1 = b.c.city[b.s]
    c2 = b.pick([c for c in CITIES if c != c1])
    why, key = b.pick(MOVE_WHY)
    when, date = future_rel(b.rng, b.ds[1], month=True)
    b.x(0, ["It's so nice here in {c} at the moment, everyone's out by the river.", "Honestly {c} is the best place to live in spring.",
            "Had a lovely walk round {c} today, reminded me why I live here.", "{c} has been grey for a week straight, I'm losing it."], c=c1)
    b.y(0, ["Jealous, it's miserable here.", "I still need to visit you there properly.", "Ha, sounds about right."])
    e1 = b.x(1, ["Big news: we're moving to {c} {w}! Mostly {r}.", "I'm leaving {o}! Moving to {c} {w}, {r}.",
                 "So... I'm relocating to {c} {w}. It's {r}, really.", "Decision made: {c}, {w}. I'm going {r}.",
                 "Packing boxes already. The move to {c} is {w}, {r}.", "Okay, it's official, I'm off to {c} {w}, {r}."],
             c=c2, o=c1, w=when, r=why)
    b.y(1, ["Wow! That's huge.", "Noooo, but also yay!", "Oh that's exciting. Scary, but exciting."])
    e2 = b.x(2, ["Finally settled in {c}. The flat still smells of paint.", "First week living in {c} done! Found a great bakery already.",
                 "Living in {c} now and I've got lost three times in the supermarket.", "Unpacked the last box in {c} today. Home!",
                 "{c} is treating me well so far. The neighbours brought cake!", "Writing to you from my new sofa in {c}."], c=c2)
    b.y(2, ["Come on, send me your new address!", "Love that. I'm visiting soon.", "That sounds lovely."])
    b.c.city[b.s] = c2
    b.q("update", ["Where does {X} live now?", "Which city is {X} living in now?"], [c2], [e2])
    b.q("reason", ["Why did {X} move to {c}?", "What was the reason for {X}'s move to {c}?"], [key], [e1], c=c2)
    b.q("temporal", ["When was {X} planning to move to {c}?"], [when], [e1], date, c=c2)


@episode(3, gap=(1, 6))
def romance(b):
    ex, nw = b.pick(EXES), b.pick(NEWBIES)
    why, key = b.pick(BREAK_WHY)
    b.x(0, ["{e} cooked me dinner tonight, it was so sweet.", "{e} and I are going to a cabin for our anniversary.",
            "Me and {e} adopted a houseplant together, that's basically marriage.", "{e} says hi, by the way!"], e=ex)
    b.y(0, ["Aww, you two.", "Say hi back!", "Cute. Disgusting, but cute."])
    e1 = b.x(1, ["{e} and I broke up. {e} {w}.", "So... {e} and I split up. Turns out {e} {w}.",
                 "It's over with {e}. Long story short, {e} {w}.", "We called it off, me and {e}. {e} {w}, and it just wasn't fixable.",
                 "I'm single again. {e} {w}, and I couldn't pretend anymore.", "Bad news: {e} and I are done. {e} {w}."],
             e=ex, w=why)
    b.y(1, R_BAD)
    e2 = b.x(2, ["So... I've been seeing someone. {n}. We met at a friend's barbecue.", "I have a date tomorrow! Third one with {n}.",
                 "Okay don't laugh but I'm kind of seeing {n}, from the climbing wall.",
                 "There's someone new, {n}. It's early but I'm happy.", "{n} and I are officially a thing as of last week!",
                 "I met someone called {n} and I can't stop smiling."], n=nw)
    b.y(2, R_GOOD[:6])
    b.q("reason", ["Why did {X} and {e} break up?", "What ended {X}'s relationship with {e}?"], [key], [e1], e=ex)
    b.q("update", ["Who is {X} dating now?", "Who is {X}'s new partner?"], [nw], [e2])


@episode(2, gap=(2, 6))
def diet(b):
    old = b.pick(OLD_DIETS)
    new, why, key = b.pick(DIETS)
    b.x(0, ["I'm doing {o} at the moment, don't judge.", "Day ten of {o}. I'd kill for a croissant.",
            "My new thing is {o}, my whole team's doing it.", "Trying {o} this month, we'll see how long it lasts."], o=old)
    b.y(0, ["Good luck!", "Ha, rather you than me.", "Tell me how it goes."])
    e1 = b.x(1, ["I've gone {n} now, {w}.", "Ditched the {o} thing. I'm {n} these days, {w}.",
                 "Diet update: fully {n} now. I switched {w}.", "So I'm {n} as of last month, {w}. Surprisingly easy.",
                 "New me: {n}! I decided {w}.", "I'm eating {n} now, {w}. Honestly feel better already."],
             n=new, o=old, w=why)
    b.y(1, ["Oh wow, good for you.", "I could never, but respect.", "Send me your recipes!"])
    b.q("update", ["What diet is {X} following now?", "How is {X} eating these days?"], [new], [e1])
    b.q("reason", ["Why did {X} go {n}?", "Why did {X} switch to a {n} diet?"], [key], [e1], n=new)


@episode(2, gap=(2, 6))
def quit(b):
    grp, why, key = b.pick(QUIT)
    new = b.pick(NEW_HOBBY)
    b.x(0, ["Had {g} tonight, it was chaos but fun.", "I love {g} so much, it's my favourite part of the week.",
            "Can't talk long, heading out to {g}.", "Everyone at {g} says hi, I've told them about you."], g=grp)
    b.y(0, ["Have fun!", "Ha, say hi back!", "Aww, love that you've got that."])
    e1 = b.x(1, ["I quit {g}. Basically {w}. I'm doing {n} instead now.",
                 "So I've left {g}, {w}. Taken up {n} instead!", "No more {g} for me, {w}. I've started {n} though.",
                 "I had to drop out of {g} because {w}. Replaced it with {n}, which I love.",
                 "Leaving {g} was hard but {w}. I'm into {n} now.", "I stopped going to {g}, {w}. Guess who's doing {n} now?"],
             g=grp, w=why, n=new)
    b.y(1, ["Oh no, but {n} sounds fun!".format(n=new), "That's a shame, but fair enough.", "Ooh, {n}? Since when are you that person?".format(n=new)])
    b.q("reason", ["Why did {X} quit {g}?", "What made {X} leave {g}?"], [key], [e1], g=grp)
    b.q("update", ["What hobby has {X} taken up instead of {g}?", "What does {X} do now instead of {g}?"], [new], [e1], g=grp)


@episode(1)
def language(b):
    lang, why, key = b.pick(LANGS)
    dur = b.pick(DURATIONS)
    e = b.x(0, ["I've been learning {l} for {d} now! Mostly because {w}.", "{d} into learning {l}, and I can order coffee. Doing it because {w}.",
                "Did I mention I'm learning {l}? {d} so far. {w}, so I have to.", "Duolingo says I've been doing {l} for {d}. It's because {w}.",
                "My {l} lessons are going okay, {d} in. The reason is {w}.", "Been at {l} for {d} now. {w}, so no excuses."],
            l=lang, d=dur, w=why)
    b.y(0, ["Say something in {l}!".format(l=lang), "That's so impressive.", "Ooh, is it hard?"])
    b.q("fact", ["How long has {X} been learning {l}?", "For how long has {X} been studying {l}?"], [dur], [e], l=lang)
    b.q("reason", ["Why is {X} learning {l}?", "What motivated {X} to learn {l}?"], [key], [e], l=lang)


@episode(1)
def pref_food(b):
    hate, cu = b.pick(FOODS_HATE), b.pick(CUISINES)
    e1 = b.x(0, ["Honestly, {h} ruins any dish for me. Tastes like soap... or feet.", "I will pick {h} out of anything. It's vile.",
                 "Please never serve me {h}, I'll gag.", "Is it weird that I can't stand {h}? Like physically can't.",
                 "{h} is the devil's food and I won't hear otherwise.", "My one food rule: no {h}. Ever."], h=hate)
    b.y(0, ["Noted for when you come for dinner!", "Whaat, I love {h}.".format(h=hate), "Ha, you and my dad both."])
    e2 = b.x(0, ["But give me {c} food any day, it's my absolute favourite.", "My favourite cuisine is {c}, no contest.",
                 "If we're going out, {c} every time. Best food there is.", "I could live on {c} food honestly."], c=cu)
    b.q("preference", ["What food does {X} dislike?", "Which ingredient can {X} not stand?"], [hate], [e1])
    b.q("preference", ["What is {X}'s favourite cuisine?", "What kind of food does {X} love most?"], [cu], [e2])


@episode(1)
def pref_drink(b):
    c = b.pick(COFFEE)
    key = {"flat white with oat milk": "oat milk", "black, no sugar": "black", "iced latte even in winter": "iced latte",
           "a double espresso": "double espresso", "builder's tea with two sugars": "two sugars",
           "green tea, I gave up coffee": "green tea", "chai with soy milk": "chai"}[c]
    e = b.x(0, ["My order is always a {c}. Always.", "Barista knows me: {c}.", "Can't function until I've had my {c}.",
                "My drink? {c}, every morning.", "Predictable as ever: {c} for me.", "I'll get the drinks. Mine's a {c}, obviously."], c=c)
    b.y(0, ["Ha, of course.", "Creature of habit.", "You're so predictable, I love it."])
    b.q("preference", ["How does {X} take their coffee or tea?", "What is {X}'s usual hot drink order?"], [key], [e])


@episode(1)
def pref_music(b):
    g = b.pick(GENRES)
    e = b.x(0, ["These days I mostly listen to {g}. It calms me down.", "I've gone full {g} lately, my flatmate hates it.",
                "My Spotify wrapped was 90% {g}, no surprise.", "Nothing gets me through work like {g}.",
                "{g} all day, every day at the moment.", "If I'm honest, {g} is the only thing I really listen to."], g=g)
    b.y(0, ["Send me a playlist!", "Ha, not what I expected from you.", "Ooh, any recommendations?"])
    b.q("preference", ["What kind of music does {X} listen to most?", "What music does {X} like?"], [g], [e])


@episode(1)
def pref_holiday(b):
    a, o = b.pick(HOLI)
    e = b.x(0, ["Give me {a} over {o} any day.", "I'm a {a} person, {o} bore me.", "I'd always pick {a} over {o}, honestly.",
                "Holidays for me means {a}. You can keep {o}.", "My ideal trip? {a}. Not {o}, never {o}.",
                "Ask me {a} or {o} and it's {a}, every single time."], a=a, o=o)
    b.y(0, ["Really? I'm the opposite!", "Same, same.", "Fair, but you're wrong."])
    b.q("preference", ["Does {X} prefer {a} or {o} for holidays?", "What kind of holiday does {X} prefer?"], [a], [e], a=a, o=o)


@episode(1)
def pref_film(b):
    film = b.pick(FILMS)
    e = b.x(0, ["My favourite film ever is {f}, I've seen it like twenty times.", "{f} is my comfort movie. Every bad day.",
                "If there's a film I'd take to a desert island, it's {f}.", "Best movie ever made: {f}. Fight me.",
                "I rewatched {f} again last night. Still my number one.", "Nothing tops {f} for me."], f=film)
    b.y(0, ["Good choice.", "Really? Interesting pick.", "I cry every time I watch that."])
    b.q("preference", ["What is {X}'s favourite film?", "Which movie does {X} love most?"], [film], [e])


@episode(1)
def allergy(b):
    a, line = b.pick(ALLERGY)
    e = b.x(0, ["Careful if you bake anything for me, {l}. Properly allergic to {a}.", "Fun fact: {l}. Allergic to {a} since I was a kid.",
                "Yeah, I have to be careful, {l}. {a}: my kryptonite.",
                "Reminder for your party: {l}. Allergies to {a} are no joke.", "Can't do it, {l}. Allergic to {a}, sadly.",
                "I'm allergic to {a}, like seriously, {l}."], a=a, l=line)
    b.y(0, ["Noted! I'll check everything.", "Oh god, good to know.", "That sounds terrifying."])
    b.q("paraphrase", ["Which thing sets off a bad bodily reaction for {X}?", "What must {X} avoid for health reasons?"], [a], [e])


@episode(2, gap=(1, 6))
def car(b):
    car = b.pick(CARS)
    b.x(0, ["My car died on the motorway yesterday. The mechanic basically laughed at me.", "The old car finally gave up. Gearbox, apparently.",
            "Car's failed its MOT again, I think it's time.", "My poor car made a noise like a dying goose and then stopped."])
    b.y(0, ["Oh no, RIP.", "Noooo. What are you going to do?", "It had a good run, to be fair."])
    e1 = b.x(1, ["Bought {c} at the weekend! Only 40,000 miles.", "New wheels: {c}. I'm in love.", "I'm now the owner of {c}, ha.",
                 "Sorted the car situation, got {c}.", "Picked up {c} from a guy in the next town. Bargain.",
                 "Meet my new baby: {c}."], c=car)
    b.y(1, ["Road trip!", "Ooh, fancy.", "Finally! Congrats."])
    b.q("update", ["What car does {X} drive now?", "What car did {X} buy to replace the old one?"], [CAR_KEY[car]], [e1])


@episode(1)
def birthday(b):
    age = b.pick(AGES)
    when, date = b.pick([("yesterday", iso(b.ds[0] - timedelta(days=1))), ("on Sunday", None), ("last Friday", None),
                         ("the day before yesterday", iso(b.ds[0] - timedelta(days=2)))])
    if date is None:
        date = iso(previous_weekday(b.ds[0], WD.index(when.split()[1])))
    e = b.x(0, ["I turned {a} {w}! Feeling ancient.", "So I was {a} {w}. We went for a curry and I fell asleep by ten.",
                "{W} was my birthday, {a} now. Send help.", "Officially {a} since {w}. My knees agree.",
                "Birthday was {w}! {a}. My sister got me a cake shaped like a tortoise.",
                "Big {a} happened {w}. Didn't cry. Much."], a=age, w=when, W=cap(when))
    b.y(0, ["Happy birthday!! Sorry I missed it.", "Whaat, why didn't you tell me?! Happy belated!", "Happy birthday, old timer!"])
    b.q("fact", ["How old did {X} turn?", "What age did {X} turn on their last birthday?"], [age], [e])
    b.q("temporal", ["When was {X}'s birthday?", "When did {X} celebrate their birthday?"], [when.replace("on ", "")], [e], date)


@episode(1)
def injury(b):
    what, how, part = b.pick(INJURY)
    when, date = past_rel(b.rng, b.ds[0])
    e = b.x(0, ["I {i} {w}, {h} of all things.", "Guess who {i} {w}? Me. {h}. Never again.", "So {w} I {i} at {h}. Hobbling everywhere.",
                "{W} I {i}. {h} was a mistake.", "Quick update, I {i} {w}. Don't ask. Okay, it was {h}.",
                "Ugh, {w}, {h}, and I {i}. I'm so annoyed."], i=what, h=how, w=when, W=cap(when))
    b.y(0, R_BAD[:5])
    b.q("fact", ["How did {X} injure their {p}?", "What was {X} doing when they hurt their {p}?"], [how], [e], p=part)
    b.q("temporal", ["When did {X} hurt their {p}?"], [when], [e], date, p=part)


@episode(1)
def volunteer(b):
    v = b.pick(VOLUNTEER)
    e = b.x(0, ["I help out at {v} on Saturday mornings now.", "I've been doing shifts at {v} at the weekend, it's lovely.",
                "Every Saturday I'm at {v} till noon, it's my happy place.", "Signed up to help at {v}. First shift was brilliant.",
                "You'll laugh, but my Saturdays are all about {v} now.", "I give my Saturdays to {v} these days."], v=v)
    b.y(0, ["That's so lovely.", "Aw, you're a good egg.", "I should do something like that."])
    key = v.split(" ", 1)[1] if v.startswith(("the ", "a ")) else v
    b.q("paraphrase", ["Where does {X} give unpaid time each week?", "What unpaid community work does {X} do?"], [key], [e])


@episode(1)
def quiz(b):
    t = b.pick(QUIZ)
    e = b.x(0, ["We came second at the pub quiz! Our team name is {t}.", "Pub quiz night: {t} won! That's us.",
                "Our quiz team, {t}, got robbed on the music round again.", "Me and the lads from work, {t}, smashed the quiz tonight.",
                "You should join {t}, our quiz team. We need someone for sport questions.",
                "{t} came last at the quiz but we won the picture round, so."], t=t)
    b.y(0, ["Ha! Amazing name.", "I'd be useless, but yes.", "That's the best team name I've heard."])
    b.q("paraphrase", ["Under what name do {X} and friends compete in trivia nights?", "What do {X}'s trivia mates call themselves?"], [t], [e])


@episode(1)
def gift(b):
    who, g = b.pick(GIFTS)
    e = b.x(0, ["Got my {w} {g} for their birthday. Think they'll like it?", "Present sorted for my {w}: {g}!",
                "I went big this year and got my {w} {g}.", "My {w}'s birthday present is {g}. Too much?",
                "I've bought my {w} {g} and now I'm skint.", "For my {w}'s birthday I got {g}, they're going to flip."], w=who, g=g)
    b.y(0, ["Oh they'll love that.", "That's so thoughtful.", "Can you be my relative too?"])
    b.q("paraphrase", ["What did {X} splash out on for a family member's big day?", "What did {X} choose to surprise a relative with?"], [g.split(" ", 1)[1]], [e], w=who)


@episode(1)
def dream(b):
    d, key = b.pick(DREAMS)
    e = b.x(0, ["One day I want to open {d}. That's the dream.", "Secret plan: I'm going to run {d} when I'm fifty.",
                "If I won the lottery I'd start {d} tomorrow.", "Don't laugh, but I've always wanted {d}.",
                "My big someday goal? {d}.", "I keep daydreaming about having {d} of my own."], d=d)
    b.y(0, ["I'd be your first customer!", "That's so you.", "Do it! Why not?"])
    b.q("paraphrase", ["What ambition does {X} hope to achieve eventually?", "What long-term aspiration does {X} have?"], [key], [e])


@episode(1)
def fear(b):
    f, line = b.pick(FEARS)
    e = b.x(0, ["I can't, {l}. Terrified of {f}.", "You know me, {l}. My biggest fear: {f}.",
                "Nope, {l}. Scared of {f}, always have been.", "The thing about {f}: {l}.", "Phobia time: {f}. {l}.",
                "Honestly, {l}. I'm scared stiff of {f}."], f=f, l=line)
    b.y(0, ["Ha, fair enough.", "That's so valid.", "I'll remember that."])
    b.q("fact", ["What is {X} afraid of?", "What phobia does {X} have?"], [f], [e])


@episode(1)
def paint(b):
    col, room = b.pick(COLOURS), b.pick(ROOMS)
    when, date = past_rel(b.rng, b.ds[0], weekend_only=True)
    e = b.x(0, ["Spent {w} painting the {r} {c}. Arms are dead.", "The {r} is {c} now! Did it {w}.",
                "{W} I finally painted the {r}. {c}, and I'm obsessed.", "So the {r}: {c}. Took me all of {w}.",
                "New look in the {r}, {c} walls. Did it myself {w}!", "I went bold with the {r} {w}: {c}."],
            c=col, r=room, w=when, W=cap(when))
    b.y(0, ["Ooh, I need a photo.", "Bold! I love it.", "That sounds gorgeous."])
    b.q("paraphrase", ["Which shade went onto {X}'s walls?", "What hue did {X} pick for the walls?"], [col], [e])


@episode(2, gap=(1, 4))
def surgery(b):
    s, key = b.pick(SURGERY)
    when, date = future_rel(b.rng, b.ds[0])
    e0 = b.x(0, ["Mum's having her {s} {w}, I'm a bit anxious.", "My mum is booked in for a {s} {w}. Keep her in your thoughts?",
                 "Hospital date finally came through: mum's {s} is {w}.", "{W} is my mum's {s}. I'm taking the day off.",
                 "Can you believe my mum's {s} is {w}? She's more relaxed than me.", "Mum goes in for her {s} {w}."],
             s=s, w=when, W=cap(when))
    b.y(0, ["Sending her love. It'll go fine.", "Oh, fingers crossed.", "Let me know how it goes."])
    b.y(1, ["How's your mum doing after the operation?", "Is your mum recovering okay?", "How did your mum's op go?"])
    e1 = b.x(1, ["She's doing great, already bossing the nurses around.", "Really well, walking to the shops again!",
                 "Slowly, but she's on the mend.", "Better than expected, thank god."])
    b.q("fact", ["What operation did {X}'s mum have?", "What surgery was {X}'s mum having?"], [key], [e0])
    b.q("temporal", ["When was {X}'s mum's {s}?"], [when], [e0], date, s=s)


@episode(2, gap=(2, 6))
def baby(b):
    bro, bb = b.pick(BROS), b.pick(BABIES)
    b_ = b.x(0, ["My brother {b} and his wife are expecting! I'm going to be an aunt, well, an auntie-ish.",
                 "Family news: my brother {b} is going to be a dad.", "{b}, my brother, just told us they're having a baby!",
                 "My big brother {b} is having a baby. I can't believe it.", "Guess who's going to be a dad? My brother {b}!",
                 "So my brother {b} and his partner are pregnant, due in the spring."], b=bro)
    b.y(0, R_GOOD[:6])
    e1 = b.x(1, ["{b}'s baby arrived! A little one called {n}.", "The baby's here! {b} and his wife named her {n}.",
                 "Meet {n}, born on Tuesday, {b}'s pride and joy.", "{b} is a dad! The baby is called {n}.",
                 "Tiny {n} is here, {b} sent me about 400 photos.", "Say hello to {n}, my brand new niece. {b} is a wreck."],
             b=bro, n=bb)
    b.y(1, ["Ahh, congratulations to all of you!", "Such a lovely name.", "You're an auntie... uncle... whatever! Amazing."])
    b.q("multi-hop", ["What is the name of {X}'s brother's baby?", "What did {X}'s brother name his baby?"], [bb], [b_, e1])


@episode(1)
def trip(b):
    place, best = b.pick(TRIPS)
    when, date = past_rel(b.rng, b.ds[0])
    e = b.x(0, ["Just back from {p}! Got home {w}. Best bit was {b}.", "{W} I got back from a week in {p}. {b} was the highlight.",
                "So {p} was incredible. Landed back {w}. {b}, though!", "Holiday report: {p}, back {w}, favourite thing was {b}.",
                "I'm back from {p} since {w}! Still dreaming about {b}.", "Home from {p} {w}, sunburnt and happy. {b} stole the show."],
            p=place, w=when, W=cap(when), b=best)
    b.y(0, ["So jealous. Photos!", "Ah, I've always wanted to go there.", "Welcome home!"])
    b.q("fact", ["Where did {X} go on holiday?", "Which destination did {X} travel to?"], [place], [e])
    b.q("preference", ["What was {X}'s favourite part of the trip to {p}?"], [best.split(",")[0].replace("the ", "", 1)], [e], p=place)


@episode(1)
def visitor(b):
    fr, city = b.pick(FRIENDS), b.pick(CITIES)
    when, date = future_rel(b.rng, b.ds[0])
    e = b.x(0, ["My old flatmate {f} is coming to stay {w}, all the way from {c}!", "{f} is visiting from {c} {w}, I need to tidy.",
                "Guess who's coming {w}? {f}! Flying in from {c}.", "{W} I've got {f} staying, from {c}.",
                "I'm so excited, {f} is coming over from {c} {w}.", "Hosting {f} {w}, you know, my friend from {c}."],
            f=fr, c=city, w=when, W=cap(when))
    b.y(0, ["Oh fun! Say hi from me.", "Ooh, what are you going to do?", "Lovely, you've missed them."])
    b.q("fact", ["Who is coming to visit {X}?", "Which friend came to stay with {X}?"], [fr], [e])
    b.q("temporal", ["When was {f} coming to visit {X}?"], [when], [e], date, f=fr)


@episode(1)
def garden(b):
    p = b.pick(PLANTS)
    e = b.x(0, ["The {p} on my balcony are actually growing!", "I've got {p} going in the garden this year, very proud.",
                "Balcony update: the {p} survived the wind.", "Growing {p} for the first time, I check them every morning.",
                "My little veg patch is basically just {p} now.", "I've become a {p} bore, sorry in advance."], p=p)
    b.y(0, ["Look at you, a farmer.", "Save me some!", "That's so wholesome."])
    b.q("fact", ["What is {X} growing at home?", "What plants has {X} been growing?"], [p], [e])


# ----------------------------------------------------------------------------------------------
# small talk
# ----------------------------------------------------------------------------------------------
FILL = {
    "weather": ["grey and drizzly", "weirdly warm", "freezing", "windy enough to steal your umbrella", "boiling", "foggy"],
    "tv": SHOWS + ["a cooking competition", "some terrible reality show", "a nature documentary", "the snooker"],
    "food": ["lasagne", "a massive curry", "pancakes", "leftover pizza", "ramen", "a sad desk salad", "chilli"],
    "chore": ["the laundry mountain", "my tax return", "cleaning the oven", "sorting the garage", "fixing the shower"],
    "thing": ["my phone", "the washing machine", "the wifi", "my laptop", "the boiler", "the car radio"],
}
SMALL = [
    [["It's been {weather} all week here, I'm losing my mind.", "The weather here is {weather} again, classic.",
      "Can we talk about how {weather} it is today?"],
     ["Same here honestly. I've given up on having plans outside.", "Ugh, I feel you. I haven't seen the sun in days.",
      "Ha, it's the opposite here, but I'm not complaining."],
     ["Next week's meant to be better, apparently.", "I'm just going to stay under a blanket.", "Some day we'll live somewhere sunny."]],
    [["Have you been watching anything good?", "I need something new to watch, any ideas?", "What are you watching at the moment?"],
     ["I've been on {tv} lately, pretty good.", "Mostly {tv}, don't judge me.", "{tv}, but I keep falling asleep halfway through."],
     ["Ooh, I'll try that.", "Not sure that's my thing, but okay.", "I started that once! Should go back."]],
    [["What did you have for dinner?", "I'm so hungry, what are you eating tonight?", "Dinner inspiration needed. Go."],
     ["{food}. Living the dream.", "Honestly? {food}, again.", "I made {food} and it was surprisingly good."],
     ["That sounds amazing, I'm coming over.", "Haha, respect.", "Now I want that too."]],
    [["I'm procrastinating on {chore} by texting you.", "Today's plan was {chore}. I've done none of it.",
      "Why is {chore} so hard to start?"],
     ["Classic. Want me to nag you?", "Ha, I've been avoiding the same thing for weeks.", "Put a podcast on and just start."],
     ["Fine, fine, I'll do it after this.", "Okay, nag away.", "Maybe tomorrow."]],
    [["{thing} has stopped working AGAIN.", "Guess what broke today: {thing}.", "Can you believe {thing} died on me this morning?"],
     ["Have you tried turning it off and on again? Sorry.", "Nooo, everything breaks at once, doesn't it.",
      "That's the universe telling you to rest."],
     ["Ha, yes, I tried. Twice.", "I'm going to throw it out of the window.", "Apparently so."]],
    [["Work has been so busy this week, I've barely looked up.", "I had the most pointless meeting today, two hours of nothing.",
      "My inbox is a disaster."],
     ["Ugh, sounds exhausting. Do you get a break soon?", "Same. Why are meetings like this?", "Sending strength."],
     ["Friday can't come soon enough.", "I'll survive. Probably.", "Thanks. It's a lot."]],
    [["Did you see the match at the weekend?", "I watched the football last night, what a mess.", "Are you following the tennis?"],
     ["Only the highlights, but wow.", "I don't follow it really, but I heard it was wild.", "Yes! I screamed at the telly."],
     ["It was unbelievable.", "Honestly, sports will be the death of me.", "We need to watch one together sometime."]],
    [["I haven't slept properly in days.", "I'm so tired today, I could nap on the floor.", "Why do I always wake up at 4am?"],
     ["Have you tried no phone before bed? I never manage it either.", "Ugh, the worst. Drink some water and go to bed early.",
      "Same, honestly. Must be the season."],
     ["Bed at nine tonight, I promise.", "Yeah, I'm going to try.", "My phone is the problem, I know."]],
    [["Random question, are you a morning person?", "Do you ever just sit in the car for ten minutes before going inside?",
      "Do you still have that awful mug I gave you?"],
     ["Absolutely not, ha.", "Every single day.", "Of course I do. It's my favourite."],
     ["Knew it.", "Glad it's not just me.", "Good, that's the correct answer."]],
    [["I've been scrolling for an hour, send help.", "I fell down a YouTube hole about lighthouses last night.",
      "I learned today that otters hold hands when they sleep."],
     ["Ha! That's the internet for you.", "Okay, that's actually amazing.", "Please send me the link."],
     ["It's a rabbit hole, be warned.", "I'll send it now.", "You'll never get those hours back."]],
    [["My neighbour has been drilling since eight this morning.", "The neighbours had a party till three last night.",
      "There's a cat that keeps coming in through my window."],
     ["Ugh, I'd go round there.", "Nightmare. Earplugs?", "Ha, adopt it!"],
     ["Maybe I will.", "It's fine, I'm just being grumpy.", "Don't tempt me."]],
    [["What are you up to this weekend?", "Any fun plans coming up?", "Are you doing anything nice this week?"],
     ["Not much, honestly. Catching up on sleep.", "Maybe a walk, maybe nothing. Bliss.", "Nothing planned, which is the plan."],
     ["Sounds perfect.", "Honestly the dream.", "Jealous."]],
]
EXTRA = ["Anyway, how are things with you?", "I swear this week has lasted about a month.", "Also I really need a haircut, it's getting out of hand.",
         "I've had about four coffees today, so excuse the typos.", "Sorry, I'm rambling.", "Not that it matters, ha.",
         "My mum called twice today about nothing, bless her, she just wanted to tell me the neighbour got a new fence.",
         "I've been trying to drink more water, it's not going well, I keep forgetting the bottle on the kitchen counter.",
         "Also the bus was late again this morning, obviously, so I stood in the rain for twenty minutes like a lemon.",
         "I keep meaning to call you properly instead of typing at you between things.",
         "Honestly it's the small things that get me through the week at the moment.",
         "I need a holiday, that's all I know, even just a long weekend somewhere with no wifi.",
         "Remind me to tell you about the man at the shop who tried to sell me a lawnmower, it's a whole saga.",
         "Oh and I bought a new houseplant, and it's already looking sad, I don't know what I'm doing wrong.",
         "Sorry if I'm slow to reply, my phone keeps freezing and I refuse to buy a new one.",
         "It's been one of those weeks where everything takes twice as long as it should.", "Life, eh.",
         "I've started going on walks at lunch, just round the block, and it's helping a bit.",
         "I think I'm finally over that cold, only took three weeks and a bucket of lemsip.",
         "Also, I still owe you a coffee from last time, don't let me forget.",
         "I really should go to bed earlier but then I'd have no time that's just mine.", "Anyway, enough about me.",
         "Plus the heating is making that clanking noise again and the landlord is ignoring my emails.",
         "My landlord finally sent someone about the damp, and the guy just looked at it, said yep that's damp, and left.",
         "Someone at work brought in homemade brownies today and it genuinely lifted the whole office.",
         "I tried one of those meditation apps this week, fell asleep in the first five minutes every single time.",
         "The queue at the post office today went all the way out of the door, I nearly gave up.",
         "Also I finally cleaned out the fridge and found a yoghurt from, I think, the spring.",
         "My sister keeps sending me memes at 2am and I keep laughing too loud and waking myself up properly.",
         "I've been listening to a podcast about shipwrecks on the way to work, it's weirdly soothing.",
         "I did a big food shop and somehow came home with nine things, none of which were dinner.",
         "Oh, and the bakery near me started doing cinnamon buns on Fridays, which is dangerous information.",
         "I spent half an hour looking for my glasses and they were on my head, so that's where I'm at.",
         "There was a fox in the street last night just sitting there like it owned the place.",
         "I signed up for a newsletter by accident and now I get emails about tractors every morning.",
         "We had a fire drill at work and half the office just kept typing, which says a lot.",
         "I tried making bread from a video and it came out like a brick, a tasty brick though.",
         "My upstairs neighbour has started learning the drums, so that's my evenings sorted.",
         "Also my dad has discovered voice notes and now sends me four-minute ones about the weather.",
         "I've been so tired that I put the milk in the cupboard and the cereal in the fridge this morning.",
         "Honestly I think I just need a proper night's sleep and a walk by the sea.",
         "I keep buying notebooks I never write in, it's a problem, I know.",
         "The trains were cancelled again so I worked from the sofa, which was secretly lovely.",
         "Also I've been rewatching old sitcoms at night because my brain can't handle anything new."]
GREET = ["Hey {O}! How's your week been?", "Hiya! Long time no chat, what's new?", "Heyyy. You alive?",
         "Evening! Got a minute to catch up?", "Hi hi. I've been meaning to message you all week.", "{O}!! Tell me something good, I need it.",
         "Hey you. How are things?", "Hello stranger! How's life?", "Hey, is now a good time?", "Oi, {O}, what's the news?"]
GREET_R = ["Hey! Busy but good. You?", "Just about surviving, ha. What's up with you?", "Hiii! Yes, perfect timing.",
           "Alive, barely. Tell me everything.", "Oh hey! I was literally just thinking about you.", "Good, good! Same old. You?",
           "Hey! Kettle's on, go."]
CLOSE = [("Okay, I have to go make dinner, talk soon!", "Go go! Speak soon."), ("Right, bedtime for me. Night!", "Night night!"),
         ("I've got to run, but this was nice.", "Same. Talk later this week?"), ("Battery's about to die, speak soon x", "Bye!! x"),
         ("Okay, back to work for me. Ugh.", "Good luck! Chat soon."), ("Gotta go, the pasta's boiling over.", "Ha, go save it!")]
BRIDGE = ["Haha, fair.", "Mm, totally.", "Oh?", "Go on...", "Right?", "Ha, I know.", "Honestly same.", "Ha! Anyway.",
          "Wait, I have news too.", "Mm-hm."]


ACTORS = ["A man on the bus", "My colleague {cn}", "The woman at the bakery", "My neighbour", "The postman", "My boss",
          "Some kid at the park", "My landlord", "The guy who came to fix the boiler", "My aunt", "Someone in the lift at work",
          "Our receptionist", "The barista", "My flatmate's cousin", "An old man at the bus stop", "The dentist",
          "My downstairs neighbour", "A lady at the supermarket", "My manager's manager", "The taxi driver"]
COLLEAGUES = ["Dev", "Margo", "Phil", "Sunita", "Big Steve", "Orla", "Kieran", "Babs", "Nikhil", "Trudy"]
ACTIONS = ["spent {dur} telling me about {topic}", "cornered me to talk about {topic} for {dur}",
           "asked my opinion on {topic}, as if I'd know anything", "sent a group email about {topic} with about forty exclamation marks",
           "fell asleep in a meeting about {topic}", "tried to sell me {obj}", "gave me {obj} for absolutely no reason",
           "knocked over {obj} and then blamed the wind", "was singing {song} at full volume", "showed me about two hundred photos of {photo}",
           "brought in {food2} for everyone and refused to take any home", "started a petition about {topic}",
           "asked if I wanted to join a club about {topic}", "accidentally called me 'mum'", "got stuck in the revolving door for a solid minute",
           "told me I looked exactly like someone off the telly", "reversed into a bollard while waving at me",
           "left a note on my door about {topic}", "did a full interpretive dance to explain {topic}",
           "swore blind that {topic} is a government plot"]
TOPICS = ["their allotment", "the history of the local bus routes", "cryptocurrency", "their cat's diet", "a documentary about octopuses",
          "the council elections", "their holiday in Benidorm", "bin collection day", "a murder mystery podcast", "sourdough starters",
          "the price of butter", "their new air fryer", "a dream they had about sharks", "fantasy football", "the roadworks on the high street",
          "the best way to fold towels", "their grandson's wedding", "the parking situation", "pigeons", "a new yoga studio"]
OBJS = ["a broken lamp", "a huge jar of pickles", "a signed photo of a snooker player", "a bag of courgettes", "an old bread maker",
        "a box of vinyl records", "a garden gnome", "a pile of magazines from 2009", "a very sad cactus", "a candle that smells like a bonfire"]
PHOTOS = ["their new kitchen", "their dog in a raincoat", "a wedding I wasn't at", "some clouds", "their lunch", "a very ordinary bridge"]
SONGS = ["ABBA", "the Titanic song", "sea shanties", "Bohemian Rhapsody", "the Grease soundtrack", "Christmas songs in the middle of summer"]
FOOD2 = ["a tray of flapjacks", "samosas", "a lemon drizzle cake", "a giant tin of biscuits", "homemade doughnuts", "baklava"]
WHEN_C = ["This morning", "Earlier today", "On the way home", "At lunch", "Last night", "Yesterday", "Before work", "Around four o'clock",
          "On Monday", "Just now"]
CODAS = ["", " and I didn't know where to look", ", which honestly made my day", " and I just stood there nodding", ". So that was a lot",
         ", I'm not even joking", " and now I can't stop thinking about it", ". Classic", ", and nobody else seemed to find it strange"]
OPINIONS = ["pineapple on pizza is fine, actually", "autumn is the best season and it's not close", "cold toast is underrated",
            "nobody needs more than three mugs", "voice notes over a minute should be illegal", "the sequel is always worse",
            "big supermarkets at 9pm are a peaceful place", "socks with sandals are coming back", "baths are better than showers",
            "board games ruin friendships", "breakfast for dinner is elite", "people who reply-all should be fined",
            "the best biscuit is a plain digestive", "every town needs more benches", "audiobooks count as reading"]
PLANS = ["clear out the shed", "try that new noodle bar by the station", "learn to make proper curry from scratch",
         "sort out my wardrobe", "repaint the front door", "go to a car boot sale", "finally frame those posters",
         "do a digital detox for a weekend", "join a library again", "go for a long walk by the canal", "buy a decent winter coat",
         "start journaling again", "try cold-water swimming, once, just to say I did", "book a dentist appointment I've been avoiding"]

FEELS = ["a bit flat", "weirdly optimistic", "really tired", "restless", "quite homesick", "more like myself", "a bit overwhelmed",
         "oddly calm", "nostalgic"]
FEEL_WHY = ["probably the dark evenings", "no idea why", "I think it's all the change", "maybe it's just the season",
            "I've been sleeping better", "work's been a lot", "it's been a while since I had a proper break",
            "I think I need more sunlight", "talking to you helps, honestly", "I've been off social media", "it comes in waves",
            "I've been cooking proper meals for once"]
MEMORIES = ["when we got locked out of the flat and had to climb in through the bathroom window",
            "that karaoke night with the broken microphone", "the hostel with the snoring Australians", "when you dyed your hair green by accident",
            "the camping trip where we forgot the tent poles", "our terrible attempt at a dinner party", "when we got lost on the way to that festival",
            "the time we tried to build a flat-pack wardrobe with no instructions", "when your landlord turned up dressed as Santa",
            "that birthday cake that collapsed in the car", "the night bus where everyone sang", "the pub quiz where we came dead last",
            "when we both turned up to the party in the same jumper", "that summer we only ate toast"]


class Chatter:
    """Everyday filler sentences, combinatorial so a conversation rarely repeats one."""

    def __init__(self, rng):
        self.rng, self.used, self.extra = rng, set(), list(EXTRA)
        rng.shuffle(self.extra)

    def story(self):
        r = self.rng
        for k in range(60):
            who = r.choice(ACTORS).format(cn=r.choice(COLLEAGUES))
            act = r.choice(ACTIONS)
            key = (who.split()[-1], act)
            if key in self.used and k < 59:
                continue
            self.used.add(key)
            text = act.format(dur=r.choice(["ten minutes", "half an hour", "the whole journey", "most of lunch", "forty minutes"]),
                              topic=r.choice(TOPICS), obj=r.choice(OBJS), song=r.choice(SONGS), photo=r.choice(PHOTOS),
                              food2=r.choice(FOOD2))
            who_l = who[0].lower() + who[1:]
            form = r.randrange(4)
            if form == 0:
                return f"{r.choice(WHEN_C)} {who_l} {text}{r.choice(CODAS)}."
            if form == 1:
                return f"Did I tell you {who_l} {text}? {r.choice(WHEN_C)}, of all times."
            if form == 2:
                return f"So {who_l} {text}. I'm still processing it."
            return f"Oh, random, but {who_l} {text} {r.choice(WHEN_C).lower()}."

    def line(self):
        r = self.rng
        k = r.random()
        if k < 0.3 and self.extra:
            return self.extra.pop()
        if k < 0.45:
            op = r.choice(OPINIONS)
            if ("op", op) not in self.used:
                self.used.add(("op", op))
                return r.choice(["Also, hot take: {o}.", "I've decided {o}.", "Random thought, but {o}.",
                                 "Unrelated, but I'm convinced {o}."]).format(o=op)
        if k < 0.52:
            f, w = r.choice(FEELS), r.choice(FEEL_WHY)
            if ("fe", f) not in self.used and ("fw", w) not in self.used:
                self.used |= {("fe", f), ("fw", w)}
                return f"I've been feeling {f} lately, {w}."
        if k < 0.62:
            m = r.choice(MEMORIES)
            if ("me", m) not in self.used:
                self.used.add(("me", m))
                return r.choice(["Do you remember {m}? I was thinking about that today.", "Random memory: {m}. Still makes me laugh.",
                                 "I told someone about {m} the other day and they didn't believe me."]).format(m=m)
        if k < 0.72:
            pl = r.choice(PLANS)
            if ("pl", pl) not in self.used:
                self.used.add(("pl", pl))
                return r.choice(["At some point I really need to {p}.", "I keep saying I'll {p}, maybe this is the month.",
                                 "Part of me wants to {p}, part of me wants to lie down.", "Note to self: {p}."]).format(p=pl)
        return self.story()


class Ctx:
    def __init__(self, rng):
        self.rng = rng
        self.names = rng.sample(NAMES, 2)
        self.city = [rng.choice(CITIES), rng.choice(CITIES)]
        self.kid = {}
        self._co = set()

    def company(self):
        while True:
            n = f"{self.rng.choice(CO_A)} {self.rng.choice(CO_B)}"
            if n not in self._co:
                self._co.add(n)
                return n


def _words(s):
    return len(s.split())


def generate(seed: int) -> Conversation:
    """Deterministic per seed; a rare draw that violates check() (too few questions, too short) is
    redrawn from the same random stream."""
    rng = rng_for("friends_long", seed)
    for _ in range(10):
        conv = _build(rng, seed)
        try:
            check(conv)
            return conv
        except AssertionError:
            continue
    raise RuntimeError(f"friends_long: no valid conversation for seed {seed}")


def _build(rng, seed) -> Conversation:
    c = Ctx(rng)
    A, Bn = c.names
    parent = rng.randrange(2)
    c.kid[parent] = (rng.choice(KIDS), rng.choice(["daughter", "son"]))
    n = rng.randint(18, 32)
    span = rng.randint(245, 420)
    start = datetime(rng.randint(2021, 2024), rng.randint(1, 12), rng.randint(1, 28))
    w = [rng.uniform(0.4, 1.6) for _ in range(n - 1)]
    gaps = [max(2, round(span * x / sum(w))) for x in w]
    dates, d = [], start
    for i in range(n):
        dates.append(d.replace(hour=rng.randint(18, 21), minute=rng.randint(0, 59)))
        if i < n - 1:
            d = d + timedelta(days=gaps[i])
    early = max(6, int(n * 0.6))
    # ---- choose and schedule episodes
    slots = [(k, s) for k in EPISODES for s in (0, 1) if not EPISODES[k][3] or s == parent]
    rng.shuffle(slots)
    used, load, eps, nq = set(), [0] * n, [], 0
    target_q = rng.randint(44, 52)
    for k, s in slots:
        fn, np_, gap, _ = EPISODES[k]
        if k in used and rng.random() < 0.7:
            continue
        asked = nq < target_q
        hi = (early - 1) if (asked and rng.random() < 0.8) else n - 1
        lo = 0 if asked else early // 2
        for _try in range(30):
            ss = [rng.randint(lo, max(lo, hi - (np_ - 1) * gap[0]))]
            for _ in range(np_ - 1):
                ss.append(ss[-1] + rng.randint(*gap))
            if ss[-1] <= hi and all(load[i] < 3 for i in ss):
                break
        else:
            continue
        b = B(c, s, [dates[i] for i in ss])
        fn(b)
        used.add(k)
        for i in ss:
            load[i] += 1
        eps.append((ss, b, asked))
        if asked:
            nq += len(b.qs)
    # ---- assemble sessions (row = [speaker, text, kind, session]; kind g/s/b/c/e)
    chat = Chatter(rng)
    msg_target = rng.randint(470, 640)
    per = [max(8, int(msg_target / n * rng.uniform(0.7, 1.3))) for _ in range(n)]
    rows, refmap, session_starts = [], {}, []
    for si in range(n):
        session_starts.append(len(rows))
        items = [(ei, p) for ei, (ss, b, _) in enumerate(eps) for p, x in enumerate(ss) if x == si]
        rng.shuffle(items)
        opener = rng.randrange(2)
        rows_s = [[opener, rng.choice(GREET).format(O=c.names[1 - opener]), "g"], [1 - opener, rng.choice(GREET_R), "g"]]
        body = [("ep", it) for it in items]
        n_ep_lines = sum(len(eps[ei][1].parts[p]) for ei, p in items)
        n_small = max(1, (per[si] - 4 - n_ep_lines) // 3)
        for _ in range(n_small):
            body.insert(rng.randrange(len(body) + 1), ("small", None))
        for kind, it in body:
            if kind == "small":
                st = rng.randrange(2)
                if rng.random() < 0.2:
                    lines = [(st, chat.story(), "s"), (1 - st, rng.choice(R_MEH[:3] + ["Ha! Amazing.", "No way.", "Classic."]) + " "
                              + chat.story(), "s"), (st, rng.choice(["Ha, we live in a strange world.", "Honestly, people.",
                                                                     "Love that for us.", "Never a dull moment."]), "s")]
                else:
                    topic = rng.choice(SMALL)
                    lines = [(st if j % 2 == 0 else 1 - st, cap(rng.choice(v).format(**{k: rng.choice(p) for k, p in FILL.items()})), "s")
                             for j, v in enumerate(topic[:rng.choice([2, 3, 3])])]
                refs = [None] * len(lines)
            else:
                ei, p = it
                lines = [(who, t, "e") for who, t in eps[ei][1].parts[p]]
                refs = [(ei, p, j) for j in range(len(lines))]
            for (who, t, fl), r in zip(lines, refs):
                if rows_s[-1][0] == who:
                    rows_s.append([1 - who, rng.choice(BRIDGE), "b"])
                if r is not None:
                    refmap[r] = len(rows) + len(rows_s)
                rows_s.append([who, t, fl])
        ca, cb = rng.choice(CLOSE)
        closer = 1 - rows_s[-1][0]
        rows_s += [[closer, ca, "c"], [1 - closer, cb, "c"]]
        for r in rows_s:
            r.append(si)
        rows += rows_s
    # ---- token budget: pad small-talk (and some non-evidence episode) turns with everyday chatter
    evid = {refmap[(ei, p, j)] for ei, (ss, b, asked) in enumerate(eps) if asked for _k, _t, _a, refs, _d in b.qs
            for p, j in refs}
    lo_w, hi_w = 12800 / 1.3, 21200 / 1.3
    want = min(max(len(rows) * rng.uniform(20, 26), lo_w), hi_w)
    extras = [[] for _ in rows]
    pool = [i for i, r in enumerate(rows) if r[2] in "gs"] * 3
    pool += [i for i, r in enumerate(rows) if r[2] == "e" and i not in evid and len(r[1]) > 20]
    total = sum(_words(r[1]) for r in rows)
    guard = 0
    while total < want and guard < 50000:
        i = rng.choice(pool)
        if not extras[i] or (rows[i][2] in "gs" and len(extras[i]) < 2 and guard > 8 * len(rows)):
            e = chat.line()
            extras[i].append(e)
            total += _words(e)
        guard += 1
    turns = []
    for i, (who, t, fl, si) in enumerate(rows):
        text = t + ("" if not extras[i] else " " + " ".join(extras[i]))
        turns.append(Turn("user" if who == 0 else "assistant", text, 0))
    # timestamps
    for si in range(n):
        a = session_starts[si]
        z = session_starts[si + 1] if si + 1 < n else len(turns)
        ts = epoch(dates[si])
        for i in range(a, z):
            turns[i].ts = ts
            ts += rng.randint(20, 240)
    # ---- questions
    qs, qdates = [], {}
    for ei, (ss, b, asked) in enumerate(eps):
        if not asked:
            continue
        for kind, text, ans, refs, date in b.qs:
            ev = sorted({refmap[(ei, p, j)] for p, j in refs})
            qs.append((Question(text, ans, ev, kind), date))
    rng.shuffle(qs)
    questions = []
    for qi, (q, date) in enumerate(qs):
        if date:
            qdates[qi] = date
        questions.append(q)
    conv = Conversation(id=f"friends_long-{seed}", lang="en", turns=turns, questions=questions,
                        system=f"A chat between {A} and {Bn}, {rng.choice(RELATIONS)}.",
                        meta={"dates": qdates, "speakers": {"user": A, "assistant": Bn}, "session_starts": session_starts,
                              "session_dates": [iso(x) for x in dates]})
    return conv


STOP = set("""what which when where who whom whose why how does did do is are was were the a an of to in on at for with from by
and or that this those these their them they his her its has have had been be after before about into onto than then there
each ever eventually now still kind name called""".split())


def _content(s):
    return {w[:4] for w in re.findall(r"[a-z][a-z'-]+", s.lower()) if len(w) >= 4 and w not in STOP}


def check(conv) -> None:
    from bench.generalize import answer_in
    T = conv.turns
    ntok = sum(len(t.content.split()) for t in T) * 1.3
    assert 350 <= len(T) <= 700, len(T)
    assert 12000 <= ntok <= 22000, ntok
    assert all(T[i].ts <= T[i + 1].ts for i in range(len(T) - 1))
    starts = conv.meta["session_starts"]
    assert 18 <= len(starts) <= 32
    span = (T[-1].ts - T[0].ts) / 86400
    assert 230 <= span <= 440, span
    sess = [0] * len(T)
    for k, a in enumerate(starts):
        for i in range(a, starts[k + 1] if k + 1 < len(starts) else len(T)):
            sess[i] = k
    assert len(conv.questions) >= 40, len(conv.questions)
    names = {n.lower() for n in conv.meta["speakers"].values()}
    n_ev = n_early = 0
    for qi, q in enumerate(conv.questions):
        assert q.kind in KINDS, q.kind
        assert q.evidence and all(0 <= i < len(T) for i in q.evidence), q
        assert 1 <= len(q.answer) <= 3
        low = "\n".join(T[i].content for i in q.evidence).lower()
        for a in q.answer:
            assert answer_in(a, low), (q.text, a, low)
        assert any(n in q.text.lower() for n in names), q.text
        if q.kind == "multi-hop":
            assert len({sess[i] for i in q.evidence}) >= 2, q
        if q.kind == "temporal":
            d = conv.meta["dates"][qi]
            datetime.strptime(d, "%Y-%m-%d" if len(d) == 10 else "%Y-%m")
        else:
            assert qi not in conv.meta["dates"]
        if q.kind == "paraphrase":
            qc = _content(q.text) - {n[:4] for n in names} - set().union(*(_content(a) for a in q.answer))
            ov = qc & _content(low)
            assert len(ov) <= 1, (q.text, ov, low)
        for i in q.evidence:
            n_ev += 1
            n_early += i < len(T) * 2 / 3
    assert n_early / n_ev >= 0.72, n_early / n_ev
    kinds = {q.kind for q in conv.questions}
    assert kinds == KINDS, kinds
