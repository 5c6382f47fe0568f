"""Long English multi-session chats between two people, modelled on public long-conversation
memory benchmarks (speaker A = role "user", speaker B = role "assistant").

Written WITHOUT reading the memory system's code (nothing under edge_agent/ was opened); only the
data model in common.py, the style of english_chat.py and the scoring in bench/generalize.py were
looked at. The people, vocabulary, templates and filler here are all new.

Each conversation: 20-30 dated sessions spread over 6-12 months, 400-700 messages (~15-25k
tokens), message lengths from 3 to ~80 words, lots of small talk and topic drift. Both speakers
share facts about themselves (jobs, homes, partners, siblings, pets, hobbies, health, purchases,
plans, trips, tastes, opinions), some of which change later (job change, move, break-up and a new
partner, new car, a hobby dropped for another). Speakers often refer back indirectly ("that place
you kept going on about", "my sister's thing", "the one you lent me").

Questions (>= 30, asked after the whole conversation, third person with the speakers' names):
- fact: a single stated fact (names, places, numbers: how many, how much, how long);
- temporal: when something happened / will happen. The answer words are the date words the
  speaker literally used ("on Thursday", "on March 14th", "in October"): a context must hold that
  message to answer, whatever way it shows timestamps. The absolute date is kept in
  meta["dates"][question index] (ISO) for reference;
- multi-hop: needs two turns from different sessions (e.g. the wedding date, then "my sister's
  thing" with the venue; a recommendation, then "finally tried that place");
- update: the newest value of something that changed; evidence = the turn with the new value;
- preference: likes, dislikes, opinions;
- paraphrase: the question shares (almost) no content words with the evidence ("What does X do
  for a living?" for "twelve years as a radiographer at ...").
Evidence indices are exact; check() asserts that every answer word occurs (with the same matching
rule as bench.generalize.answer_in) in the evidence turns. About 85% of the evidence lies in the
first two thirds of the conversation.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from .common import MONTHS, Conversation, Question, Turn, epoch, rng_for

WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
NUMW = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve", "thirteen", "fourteen", "fifteen"]
KINDS = ("fact", "temporal", "multi-hop", "update", "preference", "paraphrase")

SPEAKERS = ["Harriet", "Desmond", "Ingrid", "Tobias", "Wren", "Malik", "Saoirse", "Anders", "Lucinda",
            "Rafael", "Beatrix", "Kwame", "Odette", "Silas", "Marisol", "Callum", "Annika", "Jasper",
            "Delphine", "Idris"]
FEM = ["Bronwyn", "Fenella", "Imogen", "Marguerite", "Niamh", "Rhiannon", "Tamsin", "Verity", "Cosima",
       "Esme", "Isadora", "Linnea", "Ottilie", "Romilly", "Seren", "Winifred", "Zelda", "Agnes", "Greer",
       "Philippa", "Clodagh", "Ysolde", "Maren", "Liesel"]
MASC = ["Cormac", "Emrys", "Gideon", "Lorcan", "Orson", "Quentin", "Stellan", "Ulric", "Barnaby", "Dorian",
        "Florian", "Hamish", "Magnus", "Piers", "Thaddeus", "Vaughn", "Alastair", "Crispin", "Ansel", "Bram",
        "Casimir", "Eamon", "Fergus", "Leopold"]
# people who only ever appear in small talk (never an answer)
EXTRAS = ["Trudy", "Norbert", "Gwen", "Howard", "Mavis", "Clive", "Dot", "Reggie", "Pam", "Stan", "Bev",
          "Colin", "Jackie", "Terry", "Lorraine", "Derek", "Sheila", "Keith", "Brenda", "Nigel"]
CITIES = ["Bristol", "Leeds", "Glasgow", "Cardiff", "Galway", "Utrecht", "Gothenburg", "Hamburg", "Bologna",
          "Porto", "Valencia", "Ghent", "Bergen", "Tallinn", "Ljubljana", "Halifax", "Asheville", "Savannah",
          "Boise", "Tucson", "Duluth", "Hobart", "Wellington", "Dunedin"]
NEIGHS = ["Millbrook", "Ashby Rise", "Fernlea", "Cobbler's Row", "Harbourside", "Kingsmead", "Larkhill",
          "Orchard Vale", "Quarry Bank", "Tanners Yard", "Willow Heath", "Gasworks Lane"]
DESTS = ["the Faroe Islands", "Sardinia", "Tbilisi", "Oaxaca", "the Dolomites", "Zanzibar", "Hokkaido",
         "Cappadocia", "Tasmania", "the Azores", "Montenegro", "the Yucatan", "Sri Lanka", "Quebec City",
         "Madeira", "Lofoten"]
# small-talk-only places
TOWNS = ["Margate", "Whitby", "Skegness", "Torquay", "Llandudno", "Scarborough", "Bude", "Rye", "Tenby",
         "Ullapool"]
JOBS = [("physiotherapist", ["Ashgrove Clinic", "Hartley Physio", "Northfield Sports Clinic"]),
        ("structural engineer", ["Meridian Structures", "Kellaway & Stone", "Arcline Engineering"]),
        ("primary school teacher", ["Fernhill Primary", "Larkspur Academy", "St. Oswald's Primary"]),
        ("radiographer", ["Westbrook General", "Hollins Imaging", "the Royal Infirmary"]),
        ("veterinary nurse", ["Greenway Animal Hospital", "Paws & Claws", "Abbeyfield Vets"]),
        ("tram driver", ["Northline Trams", "Metrolink", "the city tramways"]),
        ("pharmacist", ["Boxwell Pharmacy", "Carrow Chemists", "Lindqvist Pharmacy"]),
        ("librarian", ["Whitcombe College", "the Central Library", "Harrowgate Library"]),
        ("welder", ["Harrow Fabrication", "Dunmore Steel", "Tyneside Marine"]),
        ("actuary", ["Calloway Insurance", "Brightwater Re", "Stanmore Life"]),
        ("florist", ["Petal & Stem", "Wildwood Flowers", "Rosehip Florals"]),
        ("translator", ["Lingua Bridge", "Polyglot Partners", "Babel House"]),
        ("park ranger", ["Ridgeway National Park", "Hollow Fell Estate", "Kestrel Moor Reserve"]),
        ("dental hygienist", ["Brightsmile Dental", "Cedar Dental", "Kingsway Dental"]),
        ("sound engineer", ["Echo Lane Studios", "Blackbird Recording", "the Corn Exchange"]),
        ("paramedic", ["the county ambulance service", "Westmarch Ambulance", "Riverside Paramedics"])]
SIBJOBS = ["midwife", "firefighter", "sommelier", "locksmith", "hairdresser", "geologist", "accountant",
           "plumber", "zookeeper", "optician", "baker", "surveyor"]
PETS = ["Pretzel", "Dumpling", "Moose", "Sprout", "Admiral", "Tofu", "Gnocchi", "Bramble", "Kiwi", "Rocket",
        "Fudge", "Sergeant", "Marmalade", "Pixel", "Truffle", "Nutmeg", "Figaro", "Parsnip"]
ANIMALS = [("lurcher", "dog"), ("cockapoo", "dog"), ("Jack Russell", "dog"), ("springer spaniel", "dog"),
           ("Bernese mountain dog", "dog"), ("Dalmatian", "dog"), ("Weimaraner", "dog"), ("Maine Coon", "cat"),
           ("ragdoll", "cat"), ("Bengal", "cat"), ("lop-eared rabbit", "rabbit"), ("Siamese", "cat")]
# (answer word, intro sentence, "new hobby" sentence)
HOBBIES = [
    ("bouldering", "My fingertips are shredded, I've been bouldering at the wall on Tuesdays and Thursdays.",
     "I've got a new obsession: bouldering. Three sessions in and my forearms have given up."),
    ("rowing", "Rowing club again at six this morning. The river was like glass, worth the alarm.",
     "I joined a rowing club! Learn-to-row course, eight weeks, I've already fallen in once."),
    ("cello", "My cello teacher says my bowing sounds like a door hinge, which is fair.",
     "I bought a secondhand cello and found a teacher. My neighbours are being very patient."),
    ("life drawing", "Life drawing class was fun, the model held a pose for forty minutes and I drew one arm.",
     "Started going to a life drawing class at the arts centre, it's oddly meditative."),
    ("fencing", "Fencing last night, I got hit in the mask so many times my ears rang.",
     "Guess who just joined a fencing club. I own a white jacket now. I feel like a musketeer."),
    ("sea swimming", "Went sea swimming before work again. Eleven degrees. I screamed a bit.",
     "I've taken up sea swimming with a group that goes in every morning, whatever the weather."),
    ("bell ringing", "Bell ringing practice ran late, we finally got through a whole peal without a mistake.",
     "Don't laugh: I've started bell ringing at the church on the corner. There's a lot of maths."),
    ("calligraphy", "Spent the whole evening on calligraphy, my capital G still looks like a snail.",
     "New hobby is calligraphy. Special nibs, fancy ink, the lot."),
    ("orienteering", "Orienteering in the woods on Sunday, got lost twice, which is sort of the point.",
     "Signed up with an orienteering club, it's running around forests with a map and a compass."),
    ("lindy hop", "Lindy hop night was packed, I danced with a man in his eighties who ran rings round me.",
     "I started lindy hop lessons! Swing dancing, basically. My feet hurt in a happy way."),
    ("beekeeping", "Beekeeping update: checked the hives at the allotment, the bees were grumpy but the honey's coming.",
     "I did a beekeeping course and now I have a hive on the allotment. Forty thousand new pets."),
    ("chess", "Chess club was brutal, a twelve-year-old beat me in about nine moves.",
     "I've properly got into chess, I play online every night and I joined a club at the library."),
    ("roller derby", "Roller derby practice, I've got a bruise the shape of Australia on my hip.",
     "Roller derby tryouts went okay, I'm on the fresh meat programme now. That's what they call it."),
    ("pottery wheel", "Pottery wheel night, my bowl collapsed three times before it held.",
     "I rented time on a pottery wheel at the studio, I'm making very lopsided mugs."),
]
ALLERGENS = ["cashews", "shellfish", "sesame", "penicillin", "kiwi fruit", "peanuts", "wasp stings", "latex"]
LOVES = ["Sichuan hot pot", "ramen", "pierogi", "jollof rice", "shakshuka", "pho", "bibimbap", "paella",
         "goulash", "laksa", "moussaka", "masala dosa", "katsu curry", "tagine"]
HATES = ["coriander", "marzipan", "black pudding", "okra", "tinned tuna", "celery", "goat's cheese",
         "rice pudding", "sardines", "tapioca"]
MUSIC = ["sea shanties", "Britpop", "drum and bass", "baroque music", "Motown", "shoegaze", "grime", "fado",
         "old country", "trip hop", "cumbia", "film scores"]
DRINKS = ["builder's tea", "kombucha", "rooibos", "Irish coffee", "hot chocolate", "Earl Grey", "ginger beer",
          "dandelion and burdock"]
SCREEN = ["Scandi noir", "nature documentaries", "Korean dramas", "old westerns", "courtroom dramas", "anime",
          "true crime", "period dramas"]
OPINIONS = [("the new cycle lanes", ["brilliant", "a disaster"]), ("self-checkout machines", ["soul-destroying", "great"]),
            ("open-plan offices", ["miserable", "fine"]), ("e-scooters", ["menaces", "genius"]),
            ("the four-day week idea", ["overdue", "unworkable"]), ("smart speakers", ["creepy", "handy"]),
            ("escape rooms", ["stressful", "addictive"]), ("the town's new stadium", ["eyesore", "gorgeous"])]
CARS = ["Skoda Octavia", "Volvo estate", "Honda Jazz", "Mazda MX-5", "Fiat Panda", "Subaru Outback", "Kia Niro",
        "Renault Clio", "Toyota Yaris", "Citroen Berlingo"]
BUYS = ["secondhand piano", "cargo bike", "espresso machine", "telescope", "kayak", "sewing machine",
        "drum kit", "rowing machine", "record player", "standing desk"]
RESTAURANTS = [("Osteria Lupo", "cacio e pepe"), ("Little Saigon Kitchen", "crispy pancakes"),
               ("The Hungry Heron", "fish pie"), ("Casa Marisco", "grilled octopus"), ("Tandoor Lane", "lamb chops"),
               ("Koji House", "miso aubergine"), ("Bar Sardinha", "custard tarts"), ("The Gannet", "crab on toast")]
BOOKS = ["The Salt Path", "A Gentleman in Moscow", "The Secret History", "Piranesi", "Klara and the Sun",
         "Stoner", "The Remains of the Day", "Wolf Hall", "Shuggie Bain", "Lonesome Dove"]
VENUES = [("an old boathouse on Loch Awe", "Loch Awe"), ("a vineyard outside Dijon", "Dijon"),
          ("a converted mill in the Peak District", "Peak District"), ("a lighthouse in Pembrokeshire", "Pembrokeshire"),
          ("a barn near Hay-on-Wye", "Hay-on-Wye"), ("a tiny chapel on Anglesey", "Anglesey"),
          ("a rooftop garden in Antwerp", "Antwerp"), ("a bothy up in Glencoe", "Glencoe")]
GIFTS = ["telescope", "ukulele", "smoker", "metal detector", "bread maker", "hammock", "sextant", "banjo"]
APPTS = [("knee operation", "knee operation"), ("citizenship ceremony", "citizenship ceremony"),
         ("driving test", "driving test"), ("first marathon", "marathon"), ("viva", "PhD viva"),
         ("court date for the parking appeal", "parking appeal"), ("eye surgery", "eye surgery"),
         ("first solo gig", "gig")]
# (past phrase, question base "did {N} ...", paraphrased question)
WEEKDAY_EVENTS = [
    ("locked myself out and had to climb in through the bathroom window", "get locked out of the house",
     "had to climb in through a window"),
    ("gave the best man speech at my mate's wedding", "give the best man speech", "had to speak in front of the wedding guests"),
    ("finally got my braces off", "get the braces removed", "got rid of the metal on their teeth"),
    ("won the pub quiz for the first time ever", "win the pub quiz", "came first at trivia night"),
    ("got a parking ticket outside the dentist", "get the parking ticket", "got fined for where they left the car"),
    ("went to a silent disco in a museum", "go to the silent disco", "danced with headphones among the exhibits"),
    ("tried an ice bath at the new spa", "try the ice bath", "sat in freezing water on purpose"),
    ("saw a badger in the back garden", "see the badger", "spotted a wild animal outside at home"),
    ("helped my dad carry a wardrobe up four flights of stairs", "help move the wardrobe",
     "hauled heavy furniture upstairs for a parent"),
    ("got stuck on a stalled train for three hours", "get stuck on the train", "was trapped on public transport"),
]

REACT_GOOD = ["Oh that's brilliant.", "Love that for you.", "Finally! You've been going on about it for ages.",
              "Okay I'm a bit jealous now.", "Good for you, seriously.", "That's huge!", "Ahh, congratulations!",
              "Yes!! About time.", "That's lovely news."]
REACT_BAD = ["Oh no. Are you okay?", "Ugh, that's grim.", "That's awful, I'm sorry.", "Oof.", "Yikes. Poor you.",
             "That's rotten luck.", "Oh mate."]
REACT_MEH = ["Huh, fair enough.", "Ha, I can picture it.", "Makes sense, honestly.", "Noted!", "Very you.",
             "I'd expect nothing less.", "Ha! Of course.", "Interesting.", "Right, that tracks."]
FOLLOW = ["Anyway. How was your day?", "Yeah, it's fine, honestly.", "I'll tell you the whole saga another time.",
          "Mostly I'm just tired.", "Thanks. It's been a week.", "Ha, yes. Anyway.", "We'll see how it goes."]


def ordinal(n: int) -> str:
    suf = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"


def an(w: str) -> str:
    return ("an " if w[0].lower() in "aeiou" else "a ") + w


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


def answer_in(word: str, low: str) -> bool:
    """The same matching rule as bench.generalize.answer_in (copied to avoid a circular import)."""
    w = word.lower()
    if re.fullmatch(r"[a-z0-9][a-z0-9 .&'-]*", w):
        return re.search(r"(?<![a-z0-9])" + re.escape(w) + r"(?![a-z0-9])", low) is not None
    return w in low


class Block:
    def __init__(self, session: int, lines: list[tuple[str, str]]):
        self.session, self.lines, self.start = session, lines, None


class Ctx:
    def __init__(self, rng, dates, names):
        self.rng, self.dates, self.n = rng, dates, len(dates)
        self.name = names
        self.blocks: list[Block] = []
        self.qs = []   # (text, answer, kind, refs, iso date or None)
        self.cur = rng.choice(["£", "$", "€"])
        self.known = {"A": {}, "B": {}}   # indirect references usable by small talk

    def other(self, who):
        return "B" if who == "A" else "A"

    def sess(self, lo: float, hi: float, after: int = -1) -> int:
        a = max(int(lo * self.n), after + 1)
        b = max(a, int(hi * self.n) - 1)
        return min(self.rng.randint(a, b), self.n - 1)

    def sess_after_date(self, d: datetime, lo: float, hi: float, after: int = -1) -> int:
        ok = [s for s in range(self.n) if self.dates[s] > d + timedelta(days=1) and s > after]
        if not ok:
            return self.n - 1
        pref = [s for s in ok if lo * self.n <= s < hi * self.n] or ok[:3]
        return self.rng.choice(pref)

    def blk(self, s, lines) -> Block:
        b = Block(s, lines)
        self.blocks.append(b)
        return b

    def q(self, text, answer, kind, refs, date=None):
        self.qs.append((text, list(answer), kind, refs, date.date().isoformat() if date else None))


def _future(c: Ctx, s: int, lo: int, hi: int):
    """A date `lo`-`hi` days after session `s`, and how a speaker would say how far off it is."""
    days = c.rng.randint(lo, hi)
    d = c.dates[s] + timedelta(days=days)
    w = round(days / 7)
    rel = "next week" if w <= 1 else f"in {NUMW[w]} weeks" if w <= 6 else "in a couple of months"
    return d, rel, f"{MONTHS[d.month - 1]} {ordinal(d.day)}", [MONTHS[d.month - 1], ordinal(d.day)]


# ---------------------------------------------------------------------------------- fact modules
def m_job(c: Ctx, S, pool):
    r, N, O = c.rng, c.name[S], c.other(S)
    (job, places), (job2, places2) = pool.pop(), pool.pop()
    place, yrs = r.choice(places), r.randint(2, 12)
    same = r.random() < 0.4
    job2, place2 = (job, r.choice([p for p in places if p != place])) if same else (job2, r.choice(places2))
    yw = NUMW[yrs]
    s1 = c.sess(0, 0.25)
    st = r.choice([
        f"Another twelve-hour day. {cap(yw)} years as {an(job)} at {place} and the paperwork still surprises me.",
        f"I've been {an(job)} at {place} for {yw} years now, which is mad when I say it out loud.",
        f"Work was chaos. {place} is short-staffed again and I'm the only {job} in most days. {cap(yw)} years I've put up with this.",
        f"People assume being {an(job)} is glamorous. It is not. {cap(yw)} years at {place} and not one glamorous day.",
        f"Honestly after {yw} years at {place} I could do this {job} stuff in my sleep, which is sort of the problem."])
    b1 = c.blk(s1, [(O, r.choice(["How was work?", "You sound knackered, what happened today?", "How's the day job?",
                                   "Did you survive today?"])), (S, st), (O, r.choice(REACT_MEH + REACT_BAD))])
    c.q(r.choice([f"What does {N} do for a living?", f"What is {N}'s profession?", f"How does {N} earn a living?",
                  f"What line of work was {N} in at first?"]), [job], "paraphrase", [(b1, 1)])
    c.q(r.choice([f"How many years had {N} been at {place} when it first came up?",
                  f"How long had {N} worked at {place}?", f"For how long had {N} been employed at {place}?"]),
        [f"{yw} years"], "fact", [(b1, 1)])
    # the old value keeps coming up (harder update)
    for _ in range(r.randint(1, 2)):
        s = c.sess(0.05, 0.45, after=s1)
        line = r.choice([f"{place} has booked us all on a team-building day. Axe throwing, apparently.",
                         f"The new manager at {place} wants a weekly report on the weekly report.",
                         f"Christmas do for {place} is at a bowling alley this year. I'm terrible at bowling.",
                         f"Someone at {place} microwaved fish again. There's a petition now.",
                         f"{place} finally fixed the coffee machine, morale is at an all-time high."])
        c.blk(s, [(S, line), (O, r.choice(REACT_MEH))])
    s2 = c.sess(0.35, 0.7, after=s1 + 1)
    new = (f"{place2}. Same job, {job}, but four days a week and a shorter commute." if same else
           f"{place2}! They want me as {an(job2)}, which is a whole new thing, but the money's better.")
    b2 = c.blk(s2, [(S, r.choice(["Okay, news. I handed my notice in today.", "So I did a thing. I quit.",
                                  "I've got an announcement. I'm leaving work. Well, that work."])),
                    (O, r.choice(["WHAT. Where are you going?", "No way, finally! Who snapped you up?",
                                  "Wait, seriously? Where to?"])),
                    (S, new), (O, r.choice(REACT_GOOD))])
    c.q(r.choice([f"Where does {N} work now?", f"Who is {N}'s current employer?", f"Which employer is {N} with these days?"]),
        [place2], "update", [(b2, 2)])
    if not same:
        c.q(r.choice([f"What is {N}'s current job?", f"What role did {N} switch to?"]), [job2], "update", [(b2, 2)])
    c.q(r.choice([f"Where did {N} work before the job change?", f"Which workplace did {N} leave?"]), [place], "fact", [(b1, 1)])
    c.known[S]["newjob"] = s2


def m_home(c: Ctx, S, cities):
    r, N, O = c.rng, c.name[S], c.other(S)
    city, city2 = cities.pop(), cities.pop()
    neigh = r.choice(NEIGHS)
    rent = f"{r.randint(1, 2)},{r.choice(['050', '100', '150', '200', '250', '300', '375', '450', '500', '650', '800', '900'])}"
    s1 = c.sess(0, 0.3)
    st = r.choice([f"I love living in {neigh}, it's the best bit of {city}, but the landlord just put the rent up to {c.cur}{rent} a month.",
                   f"The rent on my place in {neigh} is going up to {c.cur}{rent} a month. For {city} that's apparently 'reasonable'.",
                   f"Got the letter: {c.cur}{rent} a month from next month. I'm not leaving {neigh} though, it's the only part of {city} I like."])
    b1 = c.blk(s1, [(S, st), (O, r.choice(["That's daylight robbery.", "Oof. Can they even do that?", "Ugh, landlords."])),
                    (S, r.choice(FOLLOW))])
    c.q(r.choice([f"How much rent does {N} pay each month?", f"What did {N}'s monthly rent go up to?"]), [rent], "fact", [(b1, 0)])
    c.q(r.choice([f"Which neighbourhood did {N} live in originally?", f"What area of {city} was {N}'s home in?"]),
        [neigh], "fact", [(b1, 0)])
    c.q(r.choice([f"What city did {N} live in at the start?", f"Where was {N} living before the move?"]), [city], "fact", [(b1, 0)])
    s2 = c.sess(0.35, 0.7, after=s1)
    d, rel, dtxt, dwords = _future(c, s2, 10, 40)
    b2 = c.blk(s2, [(S, r.choice(["We've decided. We're leaving the city.", "Big decision made: I'm moving.",
                                  "Don't be mad, but I'm moving away."])),
                    (O, r.choice(["What?! Where to?", "Noooo. Where??", "Since when? Where are you going?"])),
                    (S, r.choice([f"{city2}. The van's booked for {dtxt}, so {rel}. I've started hoarding boxes.",
                                  f"{city2}! Moving day is {dtxt}, {rel}, and I haven't packed a single thing.",
                                  f"To {city2}. Keys on {dtxt}. It's {rel} and I'm already panicking."])),
                    (O, r.choice(["I'm going to miss you being round the corner.", "Wow. Okay. That's exciting actually.",
                                  "You'll love it there, I think."]))])
    c.q(r.choice([f"Which city does {N} live in now?", f"Where is {N} based these days?", f"Where did {N} relocate to?"]),
        [city2], "update", [(b2, 2)])
    c.q(r.choice([f"When was {N}'s moving day?", f"On what date did {N} move house?"]), dwords, "temporal", [(b2, 2)], d)
    s3 = c.sess_after_date(d, 0.5, 0.95, after=s2)
    c.blk(s3, [(O, r.choice(["How's the new place?", "Settled in yet?", "How are you finding it up there?"])),
               (S, r.choice(["Getting there. Still can't find the kettle, we've been boiling water in a pan.",
                             "Love it. The neighbours brought round a lasagne, which never happened in the old place.",
                             "Honestly? Lonely for the first week, better now. The bakery downstairs helps."]))])


def m_partner(c: Ctx, S, fem, masc):
    r, N, O = c.rng, c.name[S], c.other(S)
    p1 = (fem if r.random() < 0.5 else masc).pop()
    p2 = (fem if r.random() < 0.5 else masc).pop()
    yrs = r.randint(2, 7)
    s1 = c.sess(0, 0.25)
    b1 = c.blk(s1, [(S, r.choice([f"{p1} and I have been together {NUMW[yrs]} years this month, which feels impossible.",
                                  f"It's {NUMW[yrs]} years since {p1} and I met. We're going out for dinner to celebrate, fancy-ish.",
                                  f"{p1} surprised me with tickets to the ballet for our anniversary, {NUMW[yrs]} years!"])),
                    (O, r.choice(REACT_GOOD)), (S, r.choice(FOLLOW))])
    c.q(r.choice([f"Who was {N}'s partner at the start?", f"What was the name of the person {N} was with early on?"]),
        [p1], "fact", [(b1, 0)])
    c.q(f"How long had {N} and {p1} been together at their anniversary?", [f"{NUMW[yrs]} years"], "fact", [(b1, 0)])
    s2 = c.sess(0.3, 0.55, after=s1)
    c.blk(s2, [(S, r.choice(["I'm single again. It was mostly mutual. Mostly.", "So... we broke up. On Sunday. I'm fine. Ish.",
                             f"Well, that's over. {cap(NUMW[yrs])} years and it ended in a supermarket car park."])),
               (O, r.choice(["Oh no. Do you want me to come over?", "I'm so sorry. Are you alright?", "Oh love. What happened?"])),
               (S, r.choice(["We just want different things, I think. I'll be okay.",
                             "Too tired to talk about it. Distract me with something stupid.",
                             "Long story. Short version: one of us wanted to move abroad and one of us didn't."]))])
    s3 = c.sess(0.45, 0.8, after=s2)
    venue, vword = r.choice([("a pottery class", "pottery class"), ("a friend's barbecue", "barbecue"),
                             ("the climbing wall", "climbing wall"), ("a book swap at the library", "book swap"),
                             ("a pub quiz", "pub quiz"), ("my cousin's wedding", "cousin's wedding")])
    b3 = c.blk(s3, [(S, r.choice([f"Okay don't make a big thing of it but I've been seeing someone. {p2}. We met at {venue}.",
                                  f"I have a date on Friday. Third one. With {p2}, who I met at {venue}. Stop smiling."])),
                    (O, r.choice(["I'm making a big thing of it. Tell me everything.", "FINALLY some gossip.",
                                  "Oh I'm so pleased for you."])),
                    (S, r.choice(["They're funny and they don't take themselves seriously. That's all you're getting.",
                                  "It's early days! But good early days.", "Calm down, it's only been a few weeks."]))])
    c.q(r.choice([f"Who is {N} dating now?", f"Who is {N}'s new partner?", f"Who is {N} currently seeing?"]),
        [p2], "update", [(b3, 0)])
    c.q(r.choice([f"Where did {N} meet {p2}?", f"How did {N} first come across {p2}?"]),
        [vword], "fact", [(b3, 0)])


def m_family(c: Ctx, S, fem, masc):
    """A spouse and kids, with an anniversary date."""
    r, N, O = c.rng, c.name[S], c.other(S)
    sp = (fem if r.random() < 0.5 else masc).pop()
    kids = r.randint(2, 4)
    s1 = c.sess(0, 0.3)
    b1 = c.blk(s1, [(S, r.choice([f"Parents' evening for all {NUMW[kids]} of them on the same night. {sp} and I split up and ran between classrooms.",
                                  f"Bedtime with {NUMW[kids]} small people is a military operation. {sp} does baths, I do stories.",
                                  f"Just counted the school shoes by the door: {NUMW[kids]} kids, nine shoes. {sp} is investigating."])),
                    (O, r.choice(["I genuinely don't know how you two do it.", "Ha! Where's the tenth shoe?",
                                  "You need a holiday. Without them."])), (S, r.choice(FOLLOW))])
    c.q(r.choice([f"How many children does {N} have?", f"How big is {N}'s brood?"]), [NUMW[kids]], "paraphrase", [(b1, 0)])
    c.q(r.choice([f"What is the name of {N}'s spouse?", f"Who is {N} married to?"]), [sp], "fact", [(b1, 0)])
    s2 = c.sess(0.15, 0.6, after=s1)
    d, rel, dtxt, dwords = _future(c, s2, 8, 30)
    yrs = r.randint(6, 15)
    b2 = c.blk(s2, [(S, f"Our {ordinal(yrs)} wedding anniversary is on {dtxt} and I have no idea what to get. Ideas?"),
                    (O, r.choice(["Traditional gift for that one is probably something weird like tin.", "A weekend away, no kids.",
                                  "Write a letter! Cheap and devastating."]))])
    c.q(r.choice([f"When is {N}'s wedding anniversary?", f"On what date is {N}'s anniversary?"]), dwords, "temporal", [(b2, 0)], d)


def m_sibling(c: Ctx, S, fem, masc):
    r, N, O = c.rng, c.name[S], c.other(S)
    rel = r.choice(["sister", "brother"])
    sib = (fem if rel == "sister" else masc).pop()
    sj, sc = r.choice(SIBJOBS), r.choice(TOWNS)
    s1 = c.sess(0, 0.3)
    pr = "she" if rel == "sister" else "he"
    b1 = c.blk(s1, [(S, r.choice([f"My {rel} {sib} rang, {pr}'s having a nightmare week. Being {an(sj)} in {sc} is no joke.",
                                  f"Had lunch with my {rel} {sib}, who is {an(sj)} now, did I tell you? Retrained and everything.",
                                  f"{sib}, my {rel}, has been working as {an(sj)} for a year and suddenly thinks {pr}'s an expert on everything."])),
                    (O, r.choice(REACT_MEH)), (S, r.choice(FOLLOW))])
    c.q(r.choice([f"What's the name of {N}'s {rel}?", f"What is {N}'s {rel} called?"]), [sib], "fact", [(b1, 0)])
    c.q(r.choice([f"What does {N}'s {rel} do for work?", f"What's {sib}'s occupation?"]), [sj], "fact", [(b1, 0)])
    s2 = c.sess(0.15, 0.5, after=s1)
    d, rel_t, dtxt, dwords = _future(c, s2, 14, 45)
    venue, vword = r.choice(VENUES)
    b2 = c.blk(s2, [(S, r.choice([f"{sib} is getting married! {dtxt}, so {rel_t}. I've been asked to do a reading and I'm terrified.",
                                  f"Save the date came through: my {rel} is getting married on {dtxt}. {cap(rel_t)}! No pressure on my outfit."])),
                    (O, r.choice(["A wedding! Amazing. Where?", "Ooh. Do you like the person?", "You'll smash the reading."])),
                    (S, r.choice(["Somewhere in the countryside, they're being mysterious about it.",
                                  "I'll tell you when they tell me, it's all very secret.", "Haha, we'll see."]))])
    c.q(r.choice([f"When is {N}'s {rel}'s wedding?", f"What date did {sib} get married?"]), dwords, "temporal", [(b2, 0)], d)
    s3 = c.sess_after_date(d, 0.3, 0.75, after=s2)
    b3 = c.blk(s3, [(O, r.choice([f"How did your {rel}'s thing go?", "How was the big day?? Tell me everything."])),
                    (S, r.choice([f"Honestly perfect. It was at {venue}, the rain held off and I didn't cry during the reading. Much.",
                                  f"Chaotic and lovely. {cap(venue)}, midges everywhere, best party I've been to in years."])),
                    (O, r.choice(["That sounds like a film.", "Did you dance?", "Photos. Now."]))])
    c.q(r.choice([f"Where was {N}'s {rel}'s wedding held?", f"Where did {sib} get married?"]), [vword], "multi-hop",
        [(b2, 0), (b3, 1)])


def m_pet(c: Ctx, S, names, animals):
    r, N, O = c.rng, c.name[S], c.other(S)
    pet = names.pop()
    breed, animal = animals.pop()
    s1 = c.sess(0, 0.3)
    b1 = c.blk(s1, [(S, r.choice([f"We brought home a {breed} from the rescue centre, her name is {pet} and she's already stolen a sock.",
                                  f"Say hello to {pet}! {cap(an(breed))}, six months old, absolutely feral.",
                                  f"I gave in. There is now {an(breed)} called {pet} asleep on my coat."])),
                    (O, r.choice(["PHOTOS PLEASE.", "Oh my god. I'm coming round.", "Congratulations on your new overlord."])),
                    (S, r.choice(["Sending now, she's doing a silly face.", "She's sitting on my foot as I type.",
                                  "Be warned, she bites shoelaces."]))])
    c.q(r.choice([f"What's the name of {N}'s pet?", f"What did {N} call the rescue animal?"]), [pet], "fact", [(b1, 0)])
    c.q(r.choice([f"What breed is {pet}?", f"What kind of animal did {N} adopt?"]), [breed], "fact", [(b1, 0)])
    s2 = c.sess(0.3, 0.75, after=s1)
    k = r.randint(3, 9)
    b2 = c.blk(s2, [(S, r.choice([f"The {animal} got into a scrap with next door's tom and needed {NUMW[k]} stitches. The vet bill is obscene.",
                                  f"Vet trip this morning, the {animal} caught her leg on the fence. {cap(NUMW[k])} stitches and a cone of shame."])),
                    (O, r.choice(REACT_BAD)), (S, r.choice(["She's sulking under the bed now.", "She's fine, I'm the one who needs a lie down."]))])
    c.q(r.choice([f"What's the name of {N}'s pet that needed stitches?", f"Which of the animals in {N}'s life got hurt and went to the vet?"]),
        [pet], "multi-hop", [(b1, 0), (b2, 0)])
    c.q(f"How many stitches did {N}'s {animal} need?", [NUMW[k]], "fact", [(b2, 0)])
    c.known[S]["pet"] = f"the {animal}"


def m_hobby(c: Ctx, S, pool):
    r, N, O = c.rng, c.name[S], c.other(S)
    h1, h2 = pool.pop(), pool.pop()
    s1 = c.sess(0, 0.3)
    b1 = c.blk(s1, [(S, h1[1]), (O, r.choice(REACT_MEH))])
    c.q(r.choice([f"What hobby was {N} doing at the start?", f"Which pastime did {N} first mention?"]), [h1[0]], "fact", [(b1, 0)])
    s2 = c.sess(0.4, 0.8, after=s1)
    b2 = c.blk(s2, [(S, r.choice([f"I've given up {h1[0]}, it wasn't fun any more.", f"Confession: I quit {h1[0]}.",
                                  f"No more {h1[0]} for me, my body said no."])),
                    (O, r.choice(["Noo, why? What are you doing instead?", "Fair. Got something else lined up?"])),
                    (S, h2[2]), (O, r.choice(REACT_GOOD + REACT_MEH))])
    c.q(r.choice([f"What hobby has {N} taken up most recently?", f"What is {N}'s hobby now?",
                  f"What does {N} do for fun these days?"]), [h2[0]], "update", [(b2, 2)])


def m_allergy(c: Ctx, S, pool):
    r, N, O = c.rng, c.name[S], c.other(S)
    x = pool.pop()
    s = c.sess(0, 0.6)
    b = c.blk(s, [(S, r.choice([f"Had to leave the work lunch early. Asked three times if there were {x} in it, and guess what. One bite and my throat goes tight.",
                                f"I always carry my EpiPen because of {x}. Had a scare at a wedding once, never again.",
                                f"Reminder to self: read labels. Nearly ended up in A&E again thanks to {x}."])),
                  (O, r.choice(["That's terrifying.", "Oh god, are you okay now?", "Restaurants need to take that seriously."]))])
    c.q(r.choice([f"What is {N} allergic to?", f"What does {N} react badly to?", f"Which substance must {N} avoid?"]),
        [x], "paraphrase", [(b, 0)])


def m_weekday_event(c: Ctx, S, pool, kind_lo=0.0, kind_hi=0.65):
    r, N, O = c.rng, c.name[S], c.other(S)
    past, base, para = pool.pop()
    s = c.sess(kind_lo, kind_hi)
    k = r.randint(2, 6)
    d = c.dates[s] - timedelta(days=k)
    wd = WEEKDAYS[d.weekday()]
    st = r.choice([f"So on {wd} I {past}.", f"{wd} was eventful, I {past}.", f"Did I tell you? I {past} on {wd}.",
                   f"This past {wd} I {past}, which was a first."])
    b = c.blk(s, [(S, st), (O, r.choice(["Ha! Of course you did.", "Wait, how?", "That is the most you thing ever.",
                                        "Okay I need the full story."])),
                  (S, r.choice(["It's a long story, involving a lot of swearing.", "Honestly I'm still recovering.",
                                "You had to be there.", "I'll tell you properly when I see you."]))])
    if r.random() < 0.5:
        c.q(r.choice([f"On which day of the week did {N} {base}?", f"What day did {N} {base}?"]), [wd], "temporal", [(b, 0)], d)
    else:
        c.q(f"Which day of the week was it when {N} {para}?", [wd], "temporal", [(b, 0)], d)


def m_appt(c: Ctx, S, pool):
    r, N, O = c.rng, c.name[S], c.other(S)
    thing, noun = pool.pop()
    s = c.sess(0.05, 0.6)
    d, rel, dtxt, dwords = _future(c, s, 9, 40)
    b = c.blk(s, [(S, r.choice([f"My {thing} is on {dtxt}. That's {rel}. I'm trying not to think about it.",
                                f"Finally got a date for the {thing}: {dtxt}, {rel}.",
                                f"They've moved my {thing} to {dtxt}. So {rel}, which is sooner than I wanted."])),
                  (O, r.choice(["You'll be fine.", "Want me to come with you?", "Put it in the calendar, I'll text you on the day."]))])
    c.q(r.choice([f"When is {N}'s {noun}?", f"On what date was {N}'s {noun} scheduled?"]), dwords, "temporal", [(b, 0)], d)
    s2 = c.sess_after_date(d, 0.2, 0.9, after=s)
    c.blk(s2, [(O, r.choice(["How did the thing go, the one you were dreading?", "So? How did it go last time?"])),
               (S, r.choice(["Better than expected! Nobody died.", "Fine, I was worrying for nothing as usual.",
                             "Don't ask. Well, you can ask. It was okay."]))])


def m_trip(c: Ctx, S, fem, masc, dests):
    r, N, O = c.rng, c.name[S], c.other(S)
    fr = (fem if r.random() < 0.5 else masc).pop()
    dest = dests.pop()
    s1 = c.sess(0, 0.35)
    b1 = c.blk(s1, [(S, r.choice([f"Had dinner with {fr}, my old housemate from uni. We laughed so hard the waiter asked us to calm down.",
                                  f"{fr} and I have been friends since first year of uni, we shared the worst flat in history.",
                                  f"Caught up with {fr} from uni, my old housemate. Twenty minutes in it was like no time had passed."])),
                    (O, r.choice(REACT_MEH + ["Those are the best friends."]))])
    s2 = c.sess(0.3, 0.65, after=s1)
    m = (c.dates[s2].month - 1 + r.randint(2, 4)) % 12
    b2 = c.blk(s2, [(S, r.choice([f"My old housemate and I booked {dest} for {MONTHS[m]}! Flights are done, no going back.",
                                  f"Me and my uni housemate are doing {dest} in {MONTHS[m]}. I'm already making a spreadsheet."])),
                    (O, r.choice(["Okay I'm jealous.", "Bring me a magnet.", "That sounds like the trip of a lifetime."]))])
    c.q(r.choice([f"Who is {N} travelling to {dest} with?", f"Which friend is going on the {dest} trip with {N}?"]),
        [fr], "multi-hop", [(b1, 0), (b2, 0)])
    c.q(r.choice([f"In which month is {N}'s trip to {dest}?", f"When are {N} and the housemate going away?"]),
        [MONTHS[m]], "temporal", [(b2, 0)])
    c.q(r.choice([f"Where is {N} going on holiday with the old housemate?", f"What destination did {N} book?"]),
        [dest.replace("the ", "")], "fact", [(b2, 0)])


def m_car(c: Ctx, S, cars):
    r, N, O = c.rng, c.name[S], c.other(S)
    c1, c2 = cars.pop(), cars.pop()
    s1 = c.sess(0, 0.3)
    c.blk(s1, [(S, r.choice([f"The {c1} failed its inspection again. That car is held together with hope.",
                             f"My {c1} made a noise like a dying goose on the motorway today."])),
               (O, r.choice(["Time for a new one?", "RIP the car.", "Has it got much left in it?"]))])
    s2 = c.sess(0.35, 0.75, after=s1)
    price = f"{r.randint(3, 14)},{r.choice(['000', '500', '250', '750'])}"
    b2 = c.blk(s2, [(S, r.choice([f"Sold the old car for scrap and bought a {c2}. Secondhand, {c.cur}{price}, smells of dog.",
                                  f"New wheels! Well, new to me. A {c2}, {c.cur}{price}, it has heated seats and I'm never getting out."])),
                    (O, r.choice(REACT_GOOD))])
    c.q(r.choice([f"What car does {N} drive now?", f"What vehicle did {N} get to replace the old one?"]), [c2], "update", [(b2, 0)])
    c.q(r.choice([f"How much did {N} pay for the replacement car?", f"What did {N}'s newer car cost?"]), [price], "fact", [(b2, 0)])


def m_buy(c: Ctx, S, pool):
    r, N, O = c.rng, c.name[S], c.other(S)
    item = pool.pop()
    price = str(r.randint(60, 900))
    s = c.sess(0, 0.65)
    b = c.blk(s, [(S, r.choice([f"I caved and bought {an(item)}. {c.cur}{price}. I regret nothing. Okay, a bit.",
                                f"There is {an(item)} in my hallway now. {c.cur}{price} off a man in a car park, don't ask."])),
                  (O, r.choice(["Where are you going to put it?", "Bold.", "What made you do that?"]))])
    c.q(r.choice([f"How much did {N} pay for the {item}?", f"What did {N} spend on the {item.split()[-1]}?"]), [price], "fact", [(b, 0)])


def m_prefs(c: Ctx, S, loves, hates, music, drinks, screen):
    r, N, O = c.rng, c.name[S], c.other(S)
    todo = r.sample(["love", "hate", "music", "drink", "screen"], r.randint(3, 5))
    for what in todo:
        s = c.sess(0, 0.7)
        if what == "love":
            x = loves.pop()
            st = r.choice([f"If I could only eat one thing forever it'd be {x}. Not even close.",
                           f"Found a place that does proper {x}. I went twice this week. Three times. Don't judge.",
                           f"My comfort food is {x}, always has been, ever since I was a kid."])
            qt = r.choice([f"What is {N}'s favourite food?", f"What dish could {N} eat forever?", f"What does {N} eat for comfort?"])
        elif what == "hate":
            x = hates.pop()
            st = r.choice([f"Someone put {x} in the salad at work and I had to pick out every bit. Vile.",
                           f"I will not eat {x}. I've tried. My body rejects it.", f"{cap(x)} is the devil's food, I stand by this."])
            qt = r.choice([f"What food does {N} hate?", f"What should nobody ever serve {N}?", f"Which food does {N} refuse to eat?"])
        elif what == "music":
            x = music.pop()
            st = r.choice([f"My whole playlist this month is {x}. Nobody in my life understands.",
                           f"Put on some {x} while cleaning and suddenly the flat was spotless.",
                           f"I went to a {x} night at a tiny bar and had the best time."])
            qt = r.choice([f"What kind of music does {N} like?", f"Which genre has {N} been listening to?"])
        elif what == "drink":
            x = drinks.pop()
            st = r.choice([f"The cure for everything is {x}. I'm on my third today.",
                           f"I'm a simple person: give me {x} and leave me alone for ten minutes.",
                           f"Tried to give up {x} for a week. Lasted a day."])
            qt = r.choice([f"What's {N}'s drink of choice?", f"What does {N} drink to cheer up?"])
        else:
            x = screen.pop()
            st = r.choice([f"I've been binging {x} every night, I'm in too deep.",
                           f"Nothing relaxes me like {x}. I could watch them all weekend.",
                           f"My guilty pleasure is {x}, the more dramatic the better."])
            qt = r.choice([f"What does {N} like to watch?", f"What kind of TV is {N} into?"])
        b = c.blk(s, [(S, st), (O, r.choice(REACT_MEH + ["Ha, I'm the opposite.", "Each to their own!"]))])
        c.q(qt, [x], "preference", [(b, 0)])


def m_opinion(c: Ctx, S, pool):
    r, N, O = c.rng, c.name[S], c.other(S)
    topic, stances = pool.pop()
    st = r.choice(stances)
    s = c.sess(0, 0.7)
    b = c.blk(s, [(O, f"What do you reckon about {topic}?"),
                  (S, r.choice([f"Honestly? {cap(st)}. I don't care who disagrees.", f"I think they're {st}, but I'm in the minority.",
                                f"{cap(st)}, full stop. We argued about it at dinner for an hour."])),
                  (O, r.choice(["Strong opinion, noted.", "Hmm, I'm on the fence.", "You're not wrong."]))])
    c.q(f"What is {N}'s opinion of {topic}?", [st], "preference", [(b, 1)])


def m_restaurant(c: Ctx, S, pool):
    """The other speaker recommends a place; later S tries "that place" (multi-hop)."""
    r, N, O = c.rng, c.name[S], c.other(S)
    rest, dish = pool.pop()
    s1 = c.sess(0, 0.4)
    b1 = c.blk(s1, [(O, r.choice([f"If you're ever by the market, go to {rest}. The {dish} there changed my life.",
                                  f"You have to try {rest}. Get the {dish}. Trust me."])),
                    (S, r.choice(["Noted. I'll go when I'm paid.", "Ooh, adding it to the list.", "You say that about everywhere."]))])
    s2 = c.sess(0.3, 0.75, after=s1)
    b2 = c.blk(s2, [(S, r.choice([f"Finally went to that place you kept banging on about. You were right about the {dish}.",
                                  f"So I tried your restaurant. The one with the {dish}. I owe you an apology, it's incredible."])),
                    (O, r.choice(["TOLD you.", "Vindicated!", "Did you get dessert too?"]))])
    c.q(r.choice([f"Which restaurant did {N} finally try on {c.name[O]}'s recommendation?",
                  f"What's the name of the place {N} went to eat after {c.name[O]} suggested it?"]),
        [rest], "multi-hop", [(b1, 0), (b2, 0)])


def m_book(c: Ctx, S, pool):
    r, N, O = c.rng, c.name[S], c.other(S)
    title = pool.pop()
    s1 = c.sess(0, 0.4)
    b1 = c.blk(s1, [(O, r.choice([f"I'm lending you {title}. Don't argue. Give it fifty pages.",
                                  f"Remind me to give you my copy of {title} next time, you'll love it."])),
                    (S, r.choice(["Fine, fine.", "If it's sad I'm blaming you.", "Okay, I'll try."]))])
    s2 = c.sess(0.3, 0.75, after=s1)
    b2 = c.blk(s2, [(S, r.choice(["Finished the book you lent me at 2am. The ending! I'm furious with you.",
                                  "I read the one you gave me. On the bus. I missed my stop twice."])),
                    (O, r.choice(["Told you it was good.", "Right?? We need to talk about chapter twelve."]))])
    c.q(r.choice([f"Which book did {N} stay up late to finish?", f"What's the title of the novel {c.name[O]} lent {N}?"]),
        [title], "multi-hop", [(b1, 0), (b2, 0)])


def m_van(c: Ctx, S, fem, masc):
    r, N, O = c.rng, c.name[S], c.other(S)
    fr = (fem if r.random() < 0.5 else masc).pop()
    s1 = c.sess(0, 0.45)
    b1 = c.blk(s1, [(S, r.choice([f"My friend {fr} is lending us her camper van for the festival. It's orange and has a name.",
                                  f"{fr} from work said we can borrow the camper van for a long weekend, free, if we fill the tank."])),
                    (O, r.choice(["What a legend.", "Is it the one with the curtains?", "Bring me back a festival wristband."]))])
    s2 = c.sess(0.3, 0.8, after=s1)
    b2 = c.blk(s2, [(S, r.choice(["The van died on the motorway. We got towed home by a man called Big Steve.",
                                  "Update on the camper: it broke down outside a services and we slept in it in the car park."])),
                    (O, r.choice(REACT_BAD)), (S, r.choice(["Have to tell the owner now. Dreading it.", "Still had a great time weirdly."]))])
    c.q(r.choice([f"Whose camper van broke down on {N}?", f"Who lent {N} the van that broke down?"]),
        [fr], "multi-hop", [(b1, 0), (b2, 0)])


def m_manager(c: Ctx, S, fem, masc, cities):
    r, N, O = c.rng, c.name[S], c.other(S)
    boss, city = (fem if r.random() < 0.5 else masc).pop(), cities.pop()
    s1 = c.sess(0, 0.35)
    b1 = c.blk(s1, [(S, r.choice([f"My manager, {boss}, has started doing 'fun Fridays'. They are not fun.",
                                  f"{boss}, my boss, remembered my birthday and got me a card. I'm weirdly moved."])),
                    (O, r.choice(REACT_MEH))])
    s2 = c.sess(0.3, 0.75, after=s1)
    b2 = c.blk(s2, [(S, r.choice([f"My manager is leaving! Off to {city} to run the office there.",
                                  f"Big shake-up: my boss is relocating to {city} in the spring."])),
                    (O, r.choice(["Who'll replace them?", "Good or bad news?", "Huh! Are you going for the job?"]))])
    c.q(r.choice([f"Where is {boss} moving to?", f"Which city is {N}'s manager {boss} relocating to?"]), [city], "multi-hop",
        [(b1, 0), (b2, 0)])


def m_gift(c: Ctx, S, pool):
    r, N, O = c.rng, c.name[S], c.other(S)
    g = pool.pop()
    s1 = c.sess(0, 0.45)
    b1 = c.blk(s1, [(S, r.choice([f"Dad's seventieth is coming up. I'm thinking of getting him {an(g)}. Too weird?",
                                  f"For my dad's big birthday I've found {an(g)} on a secondhand site, it's perfect for him."])),
                    (O, r.choice(["Not weird, very him.", "He'll love it.", "Do it."]))])
    s2 = c.sess(0.3, 0.8, after=s1)
    b2 = c.blk(s2, [(S, r.choice(["The present was a massive hit, Dad's used it every day since his birthday.",
                                  "Dad cried when he opened it. Then he made everyone go outside and watch him try it."])),
                    (O, r.choice(["Aww.", "Best child award.", "Told you!"]))])
    c.q(r.choice([f"What did {N} give their dad for his seventieth?", f"What was the birthday present that {N}'s father loved?"]),
        [g], "multi-hop", [(b1, 0), (b2, 0)])


LANGS = [("Portugal", "Portuguese"), ("the Philippines", "Tagalog"), ("Poland", "Polish"), ("Greece", "Greek"),
         ("Nigeria", "Yoruba"), ("the Netherlands", "Dutch"), ("Iran", "Farsi"), ("Turkey", "Turkish"),
         ("Hungary", "Hungarian"), ("Finland", "Finnish")]
FEARS = [("spiders", "Anything with eight legs and I'm standing on a chair. Found a huge spider in the bath and had to sleep on the sofa. Spiders, man."),
         ("geese", "A goose chased me along the canal today. Those things are dinosaurs. I'm genuinely shaking, I've never trusted geese."),
         ("moths", "A moth flew into my face and I screamed so loudly the neighbour knocked. Moths are my absolute nightmare."),
         ("jellyfish", "Wouldn't go in the sea on holiday because someone said there were jellyfish. I'd rather die than touch one."),
         ("pigeons", "Pigeons. The flapping. The eyes. One landed on my table at lunch and I left my sandwich behind."),
         ("snakes", "We went to the reptile house for my nephew and I had to wait outside. Snakes, no, never, not even behind glass.")]


def m_commute(c: Ctx, S):
    r, N, O = c.rng, c.name[S], c.other(S)
    k = r.choice([15, 20, 25, 35, 40, 45, 50, 55, 70, 80])
    how = r.choice(["on the bike", "on two buses", "by train", "walking", "on the scooter", "in the car"])
    s = c.sess(0, 0.6)
    b = c.blk(s, [(O, r.choice(["Do you at least have a short trip in?", "Is it far for you, getting in every day?"])),
                  (S, r.choice([f"Door to door it's {k} minutes {how}, a bit more if it's raining.",
                                f"About {k} minutes {how}. I listen to audiobooks so I don't mind."])),
                  (O, r.choice(REACT_MEH))])
    c.q(r.choice([f"How long does {N}'s journey to work take?", f"How much time does {N} spend getting to the office each way?"]),
        [f"{k} minutes"], "paraphrase", [(b, 1)])


def m_lang(c: Ctx, S, pool):
    r, N, O = c.rng, c.name[S], c.other(S)
    country, lang = pool.pop()
    s = c.sess(0, 0.6)
    b = c.blk(s, [(S, r.choice([f"Mum's from {country}, so it was {lang} at home and English at school. I still dream in {lang} sometimes.",
                                f"Rang my grandparents in {country} today. My {lang} is getting rusty, they laughed at my grammar."])),
                  (O, r.choice(["That's so cool.", "I'm jealous, I only speak one language badly.", "Teach me a swear word."]))])
    c.q(r.choice([f"Apart from English, which language does {N} speak?", f"What's {N}'s other mother tongue?"]),
        [lang], "paraphrase", [(b, 0)])


def m_fear(c: Ctx, S, pool):
    r, N, O = c.rng, c.name[S], c.other(S)
    what, st = pool.pop()
    s = c.sess(0, 0.65)
    b = c.blk(s, [(S, st), (O, r.choice(["Ha, sorry, I shouldn't laugh.", "That's a proper phobia.", "Oh no, poor you."]))])
    c.q(r.choice([f"What is {N} scared of?", f"Which creatures terrify {N}?"]), [what], "paraphrase", [(b, 0)])


# ---------------------------------------------------------------------------------- small talk
SMALL = [
    [["The weather can't decide what it's doing. I left the house in a coat and came home in a T-shirt carrying the coat like a baby.",
      "It's been biblical here. Hail at lunch and sunshine by three."],
     ["Same. I've stopped checking the forecast, it just lies.", "Classic. Did you at least get some sun?"],
     ["Ha, briefly.", "Not enough to count."]],
    [["What are you watching at the moment? I need something with zero plot twists.",
      "Recommend me something to watch, I've run out of everything."],
     ["I've been rewatching an old sitcom from when I was at school, it's like a warm bath.",
      "There's a show about people restoring old furniture. Nobody shouts. It's perfect.",
      "Honestly I've just been watching people fix bikes on YouTube for an hour every night."],
     ["Okay, sold.", "That sounds exactly like what I need.", "Adding it to the pile I'll never get through."]],
    [["Long day. I am lying on the kitchen floor and I don't plan to get up.", "Today was one of those days where nothing went wrong but everything was tiring."],
     ["Floor time is valid.", "Sending you a virtual biscuit.", "Those are the worst kind of days."],
     ["Appreciated.", "Thanks. The tiles are nice and cold at least."]],
    [["{extra} at work brought in a homemade lemon drizzle and now everyone's being nice to each other. It's unsettling.",
      "{extra} from downstairs has started leaving notes on the bins again. 'Some of us recycle properly.' Passive-aggressive art."],
     ["Ha! Office politics by cake.", "I'd frame that note.", "Every building has one."],
     ["It works though.", "The saga continues."]],
    [["I tried to make bread from scratch. It came out like a doorstop. A dense, sad doorstop.",
      "Attempted a new recipe tonight. Forty minutes prep, three minutes to eat, an hour of washing up.",
      "I made soup. From vegetables. Like an adult. I'm very proud."],
     ["Toast it, everything's better toasted.", "Ha, the ratio never works out.", "Look at you go."],
     ["Wise.", "Next time I'm ordering in.", "I know, growth."]],
    [["Do you ever open the fridge, stare, close it, and then open it again five minutes later in case something new appeared?"],
     ["Every night. The fridge never delivers.", "Constantly. It's a ritual."]],
    [["My neighbour is learning the drums. Like, properly learning. Every evening from seven.",
      "Someone on my street has a cockerel. In the middle of town. It starts at four."],
     ["Oh no. Are they any good?", "That would end me.", "Earplugs. Immediately."],
     ["They're... committed.", "I'm getting used to it. Sort of.", "I've bought three kinds already."]],
    [["Random question: what's the best biscuit? This is a serious argument at work.",
      "Settle something for me. Is a hot dog a sandwich?"],
     ["Chocolate digestive, and anyone who says otherwise is lying.", "No. Next question.", "Ginger nut, dunked, obviously."],
     ["Thank you, I'll report back.", "Noted, I'll bring that to the tribunal."]],
    [["I finally cleaned my desk. Found four pens, a receipt from last year and an entire fossilised clementine."],
     ["Museum-worthy.", "How did you not smell that?", "Proud of you."],
     ["Honestly I don't want to talk about it.", "It had gone past smell and into a new state of matter."]],
    [["The train was delayed forty minutes tonight because of 'an object on the line'. What object? Nobody knows.",
      "Traffic was a joke this evening. Took me an hour to do a twenty-minute drive."],
     ["The mystery object strikes again.", "Ugh, the worst.", "I'd have just abandoned the car and walked."],
     ["I listened to a whole podcast series in the queue.", "Tempting honestly."]],
    [["Have you read anything good lately? I want a book I can't put down.", "I've been trying to read more instead of scrolling."],
     ["I just finished a mystery set on a ferry. It was silly and perfect.", "I read one of those Scandinavian crime ones, very bleak, very good.",
      "Audiobooks on the walk to work have saved my sanity."],
     ["Ooh, what's it called? Actually don't tell me, I won't remember.", "Nice, I'll have a look."]],
    [["I tried meditating for ten minutes this morning. Spent nine of them planning what to have for lunch."],
     ["That still counts, I think.", "Ha! What did you decide?"], ["Cheese toastie. It was worth it.", "Nothing, I just had crisps."]],
    [["Did you see the moon tonight? It was enormous and orange, like someone was showing off.",
      "The sunset tonight was ridiculous, pink and gold over the rooftops."],
     ["Yes! I took a photo and it just looks like a dot.", "Missed it, I was inside doing admin.", "Saw it from the bus!"]],
    [["I've got about forty tabs open and I'm scared to close any of them in case I need them.",
      "My phone says my screen time is up twenty per cent this week. I don't want to know what on."],
     ["Declare tab bankruptcy.", "Don't look at it. Ignorance is bliss.", "Mine would make you cry."],
     ["Maybe tomorrow.", "Too late, I've seen it."]],
    [["Bought a plant and I think it's already dying. I watered it once. Maybe twice.",
      "My basil has given up on life. It's a very dramatic basil."],
     ["Too much love. Plants hate attention.", "Move it to the windowsill.", "Herbs from the supermarket are designed to die."],
     ["Noted, I'll ignore it.", "It's on the windowsill, it's still sulking."]],
    [["I keep meaning to call the council about the pothole outside. It's basically a pond now.",
      "Still haven't fixed the dripping tap. The drip has a rhythm now. I'm almost fond of it."],
     ["Write it on your hand.", "Name it.", "Put a duck in it."], ["Ha, good idea.", "I've named it Gerald."]],
    [["Went for a walk after dinner, the streets were so quiet. Just me and a fox looking at each other.",
      "Took the long way home through the park. Somebody was playing the trumpet under the bridge."],
     ["Ooh, lovely.", "That sounds nice, actually peaceful.", "I love evenings like that."]],
    [["Someone at the gym was doing squats while on a phone call. Like a business call. I was impressed and horrified.",
      "I went to a spin class and the instructor shouted 'you're doing amazing' at me while I was clearly dying."],
     ["Multitasking king.", "They say that to everyone, it's in the contract.", "Sounds like my nightmare."]],
    [["I need a haircut so badly. I'm starting to look like a Victorian ghost.", "Got my hair cut today and she took off way more than I asked."],
     ["Go short! It grows back.", "Ha, it'll grow back.", "Send a picture and I'll be honest."], ["Maybe.", "It'll be fine in a week."]],
    [["Had a dream last night that I turned up to an exam I hadn't revised for. I haven't done an exam in years!",
      "Dreamt I missed a flight because I was looking for a sock. Woke up genuinely stressed."],
     ["Classic stress dream.", "The sock dream is a new one.", "Your brain is weird."], ["It really is.", "Woke up so relieved."]],
    [["Is it strange that I find doing laundry relaxing? The warm towels, the folding.",
      "I've started ironing my T-shirts and I think it means I'm getting old."],
     ["A bit. But I get it.", "Next you'll be ironing tea towels.", "Very grown-up of you."]],
    [["The supermarket has moved everything around again. I spent ten minutes looking for eggs.",
      "Why is it that whichever checkout I pick, it's always the slowest one?"],
     ["They do it on purpose so you buy more.", "It's a law of physics.", "Eggs are always in the weirdest place."]],
    [["Work has been fine. Boring fine. Emails and meetings about emails.", "Nothing much to report today, just a quiet one."],
     ["Boring is underrated.", "Honestly, I'd take boring.", "Sometimes quiet is a gift."]],
    [["I watched a documentary about octopuses last night. They can open jars. They have opinions.",
      "Fell down a rabbit hole reading about deep sea fish at midnight. There's one that looks like a bin bag with teeth."],
     ["They're too clever, it's frightening.", "The ocean is terrifying.", "Send me the link."], ["Will do.", "Nightmares guaranteed."]],
    [["I have decided that this is the week I start going to bed before midnight.", "Slept for ten hours last night and I still feel like a zombie."],
     ["I'll believe it when I see it.", "Same, my body just wants to hibernate.", "Good luck."], ["Ha, fair.", "I know."]],
    [["Went to a car boot sale in {town} on the weekend, came home with a lamp shaped like a swan. I don't know why.",
      "We did a day trip to {town}, chips on the seafront, got rained on, perfect British day out."],
     ["The swan lamp is a must-have.", "Sounds idyllic in a damp way.", "Did the seagulls get you?"], ["Nearly!", "It lives in the hallway now."]],
    [["Something you might like: I found a little café near the station that does cardamom buns. You'd love it.",
      "There's a new bakery on my road and the smell every morning is doing damage to my willpower."],
     ["Take me next time.", "I'm dangerously close to moving in above it.", "Ooh, bring me one."]],
    [["My mum called to tell me about a documentary she watched, then described the entire thing, for forty minutes.",
      "My aunt sent a voice note that was eleven minutes long. Mostly about her neighbour's hedge."],
     ["Ha, mine does exactly the same.", "Eleven minutes! A podcast.", "Did you learn anything at least?"], ["Far too much about hedges.", "Not really."]],
    [["Tried one of those escape room things with people from work. We escaped with four seconds left.",
      "Went bowling with some friends and I somehow got a strike on my very last go."],
     ["Heroic.", "Peak performance.", "That's the dream."]],
    [["Can we talk about how it's already getting dark at half four? I feel robbed.", "The evenings are getting lighter, I can feel my mood lifting."],
     ["It's a crime, honestly.", "Yes! The best bit of the year.", "I'm hibernating till it's sorted."]],
    [["Okay, today I learned that you're not supposed to put wooden spoons in the dishwasher. I have been doing it for twenty years.",
      "TIL a group of flamingos is called a flamboyance. That's all I've got today."],
     ["Your spoons have suffered.", "That's my new favourite fact.", "I've been doing it too."]],
    [["I've been trying to drink more water. I'm up to three glasses a day and I feel like a new person.",
      "Cut down on coffee this week. I've been a nightmare to be around."],
     ["Hydration queen.", "Big steps.", "Coffee is a basic human right."]],
    [["Any plans for the weekend?", "What are you up to this weekend?"],
     ["Absolutely nothing and I can't wait.", "Tidying, probably. Maybe a long walk if it's dry.",
      "Seeing some friends on Saturday, then Sunday is for doing nothing."],
     ["Sounds perfect.", "Jealous of the nothing.", "Enjoy!"]],
    [["{extra} from the old days messaged me out of nowhere to ask if I still have their tent. I do not have their tent.",
      "Bumped into {extra} in the supermarket, hid behind the cereal. Not proud."],
     ["Ha! Whose tent is it then?", "The cereal aisle is a great hiding spot.", "We've all been there."], ["A mystery.", "It worked."]],
    [["How's your week been, honestly?", "What's new with you?"],
     ["Honestly pretty normal. Work, sleep, repeat. I'm saving my energy for the weekend.",
      "Up and down. Nothing dramatic. Just the usual juggling.", "Quiet, in a good way."],
     ["Normal is good.", "Same energy over here.", "I'll take it."]],
]

LONG_RAMBLES = {
    "commute": ["The bus this morning was so packed I was basically inside someone's rucksack.",
                "Then we sat outside the hospital for ten minutes while the driver argued with a man about his ticket.",
                "By the time I got in I'd missed the start of the meeting and had to do the walk of shame past everyone.",
                "I've started leaving ten minutes earlier, which works until it doesn't.",
                "Somebody was eating a boiled egg, at eight in the morning, on public transport.",
                "I've been thinking about getting a bike but then I remember the hills."],
    "weekend": ["Saturday was meant to be a lazy day but then I decided to clear out the cupboard under the stairs.",
                "I found a box of old photos and lost two hours looking at terrible haircuts.",
                "In the evening we got a takeaway and watched a film that was far too long.",
                "Sunday I walked along the canal and a heron stared at me like I owed it money.",
                "I did absolutely none of the jobs on my list, which I've decided counts as self-care.",
                "Then it rained, so I read on the sofa with a blanket, which was the best bit honestly."],
    "work": ["We've got a new system at work that is supposed to save time, and so far it has doubled everything.",
             "There was a two-hour meeting about the system, and then a follow-up meeting about the meeting.",
             "Half the team are off with a cold so I've been covering things I don't really understand.",
             "The printer has developed a personality and that personality is spiteful.",
             "On the plus side someone brought in samosas and I had three.",
             "I keep telling myself it's just a busy patch, it'll calm down after the end of the month."],
    "family": ["My mum has discovered voice notes and now sends me long rambling updates about the garden.",
               "This week it was a saga about slugs and a beer trap that caught absolutely nothing.",
               "My uncle is redoing his kitchen himself, which everyone agrees is a terrible idea.",
               "We had a big family lunch and three separate arguments about how to cook roast potatoes.",
               "My nan is the only one who knows how to do the gravy and she refuses to write it down.",
               "It was chaos but it was nice chaos, if that makes sense."],
    "sleep": ["I'm sleeping terribly at the moment, I wake up at three and my brain starts doing admin.",
              "Last night I lay there planning a spreadsheet for a trip I'm not even taking.",
              "I've tried the no phones in bed thing, lavender spray, counting backwards, everything.",
              "The only thing that works is a really boring podcast about the history of maps.",
              "I'm on my second coffee and it's not even ten.",
              "Everyone says to keep a consistent bedtime but I'm an adult and I'll do what I like, badly."],
    "news": ["I've been trying not to read the news so much because it just puts me in a mood.",
             "But then I end up reading the comments, which is so much worse.",
             "There was a story about a town that elected a dog as mayor, which cheered me up.",
             "I think I'm going to go back to just reading the local paper, it's mostly about roadworks and cake sales.",
             "At least nobody argues about cake sales. Well, they do, but politely.",
             "Anyway, the point is I'm choosing peace."],
    "cooking": ["I've been on a mission to cook properly this month instead of living on toast.",
                "Bought one of those big recipe books with the glossy photos and so far I've made exactly two things from it.",
                "The first was a stew that took four hours and tasted like every other stew I've ever made.",
                "The second was a cake that sank in the middle, so I filled the hole with cream and called it a design choice.",
                "I also managed to set off the smoke alarm frying onions, which takes real talent.",
                "My big discovery is that a squeeze of lemon fixes most things.",
                "Next week I'm attempting dumplings, so if you don't hear from me, I'm buried under flour."],
    "garden": ["The garden has gone completely wild since I stopped paying attention to it.",
               "There's a bramble by the shed that I'm fairly sure is plotting something.",
               "I spent Sunday pulling up weeds and found a garden gnome I'd never seen before, no idea where it came from.",
               "The tomatoes are doing well at least, though something keeps taking one bite out of each and leaving the rest.",
               "I've put up a bird feeder and now there's a pigeon who sits on it like a bouncer.",
               "Next door keeps giving me advice over the fence, which is lovely and also slightly annoying.",
               "I might just plant wildflowers everywhere and call it a meadow."],
    "money": ["I did a proper budget this weekend, with a spreadsheet and everything, and I wish I hadn't.",
              "Turns out I spend a genuinely shocking amount on coffee and little snacks on the way home.",
              "I cancelled two streaming services I forgot I had, which felt like a victory.",
              "The energy bill came and I had to sit down for a minute.",
              "I'm trying one of those no-spend weeks, where you only buy the essentials.",
              "So far I've lasted until Wednesday, which for me is a personal best.",
              "Anyway, if you see me eating plain pasta, that's why."],
    "house": ["The boiler made a banging noise at six this morning and then went completely silent.",
              "I had to wait in all day for the engineer, who arrived at five to four and fixed it in ten minutes.",
              "Meanwhile the washing machine has started walking across the kitchen on the spin cycle.",
              "I put a folded towel under one corner and now it only shuffles a bit.",
              "There's also a damp patch on the ceiling that I'm choosing not to look at.",
              "Owning things is just a long list of things that break, isn't it.",
              "I'm going to make a cup of tea and pretend none of this is happening."],
    "friends": ["I went to a birthday drinks thing on Friday where I only knew the birthday person.",
                "So I spent an hour talking to a man about his sourdough starter, which he has named.",
                "Then someone's friend turned out to have gone to my primary school, which was bizarre.",
                "We played a drinking game I didn't understand and somehow I won.",
                "I got home far too late and had chips on the way, obviously.",
                "Everyone was lovely though, it reminded me I should go out more.",
                "I'm still tired two days later, I'm too old for this."],
    "memories": ["I found my old school report in a box at my mum's, and it said I was 'capable but easily distracted'.",
                 "Which is honestly still the most accurate description of me anyone has ever written.",
                 "There were also photos from a school trip where I'm wearing a fleece that could be seen from space.",
                 "We used to go camping every summer when I was little, in a tent that leaked every single year.",
                 "My dad would insist it wasn't the tent, it was condensation.",
                 "It was the tent.",
                 "I miss those summers a bit, even the soggy sleeping bags."],
}


# Colour added to longer messages (no numbers, weekdays, months or answer vocabulary).
TAILS = ["Sorry, I'm typing this with one hand because the other one is holding toast.",
         "Anyway, I'm rambling, it's been a long day.", "I'm sat in the car outside the house finishing this before I go in.",
         "The heating's on the blink so I'm wearing a hat indoors like a lunatic.", "Ignore the typos, my screen is cracked.",
         "I've had a glass of wine so take everything I say with a pinch of salt.", "It's pouring down here, by the way.",
         "Honestly I don't know why I'm telling you this but here we are.", "My tea has gone cold while I typed all this.",
         "You're the only person I can tell these things to without being judged. Much.",
         "I'm on the bus, so apologies if this is a bit garbled.", "Everything's fine otherwise, just a lot going on.",
         "I keep meaning to ring you instead of typing essays but here we are again.",
         "Also I ate an entire packet of biscuits while writing this, no regrets.",
         "Life is very strange at the moment, but in a mostly good way.", "I'll shut up now. Maybe.",
         "Don't tell anyone I said that, obviously.", "The neighbours are having a party so it's very loud here.",
         "Right, that's my news, your turn in a minute.", "I think I need an early night, I'm running on fumes.",
         "Anyway, how's your lot doing? I feel like I've been talking about myself all evening.",
         "This is the first time I've sat down all day.", "I'm lying on the sofa with a hot water bottle like a pensioner.",
         "I should probably be doing the washing up instead of this.", "The kettle's just boiled so I'm briefly happy.",
         "Sorry for the essay.", "I know, I know, I always say that.", "It's been one of those weeks where every day feels like a week.",
         "I really need a holiday, even a tiny one.", "My back is killing me from sitting at the desk all day.",
         "The cat next door is staring at me through the window while I type this, it's unnerving.",
         "Anyway, enough about that, I'm boring myself.", "I'm trying to be more positive about everything lately.",
         "Apparently it's going to be sunny at the weekend, so there's that.", "Ugh, I still haven't replied to my emails.",
         "Is it too early to get into pyjamas? Don't answer that.", "I've got a podcast on in the background so I'm only half here."]


GOSSIP_WHO = ["my neighbour {x}", "{x} from work", "my aunt", "the man at the corner shop", "{x} from the gym", "my cousin",
              "{x} next door", "a woman on the train", "my landlord", "{x}, who I used to work with", "the postman", "my nan",
              "{x} from the choir", "my mum's friend {x}", "the new guy at work"]
GOSSIP_DID = ["tried to sell me a timeshare", "told me a very long story about a parrot", "has taken up the bagpipes",
              "painted their front door bright purple", "started a petition about the bins",
              "got a dog that howls every time the hoover goes on", "locked their keys in the car twice in one day",
              "asked me to water their plants for a month", "sent me a chain letter on WhatsApp",
              "gave me a bag of courgettes the size of my arm", "fell asleep in the cinema and snored through the film",
              "is convinced their house is haunted", "knitted me a scarf that's taller than me", "won a meat raffle",
              "has got very into crystals", "booked a cruise on a whim", "brought homemade kimchi to a barbecue",
              "has started saying 'epic' about everything", "was on the local news for growing a giant marrow",
              "asked me if I'd ever thought about joining a barbershop quartet", "reversed into a bollard very slowly"]
GOSSIP_WHERE = ["at the bus stop", "in the queue at the post office", "on the way out of the supermarket",
                "over the garden fence", "at the school gates", "at lunch", "in the lift", "at the launderette",
                "outside the chip shop", "in the car park", "at the petrol station", "in the middle of the high street"]
GOSSIP_END = ["and I didn't know what to say", "which I'm still thinking about", "and honestly I respect it",
              "and I just nodded a lot", "which made my whole day", "so now I'm avoiding them for a while",
              "and I laughed so hard I had to sit down", "and I'm not sure how I feel about that",
              "and nobody else seems to find it strange", "which is the most interesting thing that's happened all week"]
DIARY_WHEN = ["This morning", "Tonight", "After work", "At lunch", "Earlier", "On the way home", "First thing today",
              "Just now"]
DIARY_DID = ["I tried to fix the wobbly chair", "I went for a run", "I reorganised the spice rack", "I walked round the lake",
             "I attempted a crossword", "I cleaned the oven", "I tried a new yoga video", "I sorted the recycling",
             "I repotted the cactus", "I finally hung up that picture", "I went to the charity shop", "I made a curry",
             "I hoovered under the sofa", "I took a load of old clothes to the tip", "I fixed the bathroom light",
             "I tried to learn a card trick", "I baked flapjacks", "I went to the market"]
DIARY_RES = ["and it went about as well as you'd expect", "and it took three times as long as planned",
             "which was oddly satisfying", "and now everything smells of bleach", "and I've no idea why I bothered",
             "and I'm weirdly proud of myself", "and found a tenner in an old pocket along the way",
             "and got distracted halfway through", "and then needed a nap", "and a stranger gave me a thumbs up"]
REPLY_SHORT = ["Ha, that sounds exhausting.", "I felt that in my soul.", "Honestly that's a whole sitcom episode.",
               "Same energy as my week.", "Okay I laughed at that, sorry.", "God, that's so relatable.", "Oh no.",
               "Amazing.", "Ha! Brilliant.", "Why are people like this?", "That's very on brand.", "Incredible scenes.",
               "I need a follow-up on that.", "Classic.", "Of course they did."]


def _gen_sentence(r) -> str:
    if r.random() < 0.5:
        who = r.choice(GOSSIP_WHO).format(x=r.choice(EXTRAS))
        return f"{cap(who)} {r.choice(GOSSIP_DID)} {r.choice(GOSSIP_WHERE)}, {r.choice(GOSSIP_END)}."
    return f"{r.choice(DIARY_WHEN)} {r.choice(DIARY_DID)}, {r.choice(DIARY_RES)}."


def _ramble(r, topic=None, k=None) -> str:
    topic = topic or r.choice(sorted(LONG_RAMBLES))
    pool = LONG_RAMBLES[topic]
    k = k or r.randint(3, 5)
    idx = sorted(r.sample(range(len(pool)), min(k, len(pool))))   # keep the story's order
    sents = [pool[i] for i in idx]
    if r.random() < 0.6:
        sents.insert(r.randint(0, len(sents)), _gen_sentence(r))
    return " ".join(sents)


def small_block(c: Ctx, first: str, used: set) -> list[tuple[str, str]]:
    r, other = c.rng, c.other(first)
    for _ in range(30):
        x = r.random()
        if x < 0.3:
            text = " ".join(_gen_sentence(r) for _ in range(r.randint(2, 4)))
            if text in used:
                continue
            used.add(text)
            return [(first, text), (other, r.choice(REPLY_SHORT))] + \
                ([(first, r.choice(FOLLOW))] if r.random() < 0.3 else [])
        if x < 0.75:
            topic = r.choice(sorted(LONG_RAMBLES))
            text = _ramble(r, topic)
            if text in used:
                continue
            used.add(text)
            if r.random() < 0.55:   # the other answers with a story of their own
                t2 = r.choice(sorted(k for k in LONG_RAMBLES if k != topic))
                reply = r.choice(["Ha, I feel that. ", "Same, sort of. ", "Oh god, that reminds me. ", "Okay my turn. "]) + \
                    _ramble(r, t2, r.randint(2, 3))
                return [(first, text), (other, reply), (first, r.choice(["Ha! We're a mess.", "Honestly, what are we like.",
                                                                          "I love that so much.", "Okay that's worse than mine."]))]
            return [(first, text), (other, r.choice(REPLY_SHORT))]
        script = r.choice(SMALL)
        i = r.randrange(len(script[0]))   # parallel alternatives belong together
        lines = [opts[i] if i < len(opts) else r.choice(opts) for opts in script]
        lines = [ln.format(extra=r.choice(EXTRAS), town=r.choice(TOWNS)) for j, ln in enumerate(lines)
                 if j == 0 or r.random() < 0.85]
        if lines[0] in used:
            continue
        used.add(lines[0])
        return [(first if j % 2 == 0 else other, t) for j, t in enumerate(lines)]
    return [(first, _gen_sentence(r)), (other, r.choice(REPLY_SHORT))]


def greeting(c: Ctx, s: int) -> list[tuple[str, str]]:
    r = c.rng
    gap = (c.dates[s] - c.dates[s - 1]).days if s else 0
    op = r.choice(["A", "B"])
    if gap >= 12:
        g = r.choice(["Sorry for going quiet, the last couple of weeks have been a blur.", "Hello stranger! It's been ages.",
                      "I'm alive! Sorry, life ate me."])
        a = r.choice(["No worries, same here. How are you?", "Ha, I was about to send a search party.", "There you are!"])
    else:
        g = r.choice(["Hey, you around?", "Evening! Got a minute?", "Hiya.", "Are you still up?", "Hello hello.",
                      "Hey, quick break from everything. How's things?", "Morning! Well, nearly lunchtime."])
        a = r.choice(["Yep! Just sat down.", "Always. What's up?", "Hey you. Perfect timing.", "Hi! Just making tea.",
                      "Barely, but yes."])
    return [(op, g), (c.other(op), a)]


def goodbye(c: Ctx) -> list[tuple[str, str]]:
    r = c.rng
    op = r.choice(["A", "B"])
    return [(op, r.choice(["Right, I should sleep.", "Dinner's ready, gotta go.", "Okay I'm fading. Night!",
                           "I need to get back to it. Speak soon?", "Let's catch up properly at the weekend."])),
            (c.other(op), r.choice(["Night night!", "Speak soon!", "Enjoy! Bye for now.", "Deal. Take care.", "Bye!"]))]


# ---------------------------------------------------------------------------------- assembly
def generate(seed: int) -> Conversation:
    r = rng_for("english_long", seed)
    a_name, b_name = r.sample(SPEAKERS, 2)
    n = r.randint(20, 30)
    span = r.randint(180, 350)
    start = datetime(r.choice([2022, 2023, 2024]), r.randint(1, 12), r.randint(1, 28))
    gaps = [r.uniform(0.4, 1.6) for _ in range(n - 1)]
    scale = span / sum(gaps)
    dates, d = [], start
    for i in range(n):
        dates.append(d.replace(hour=r.choice([12, 13, 18, 19, 20, 21, 22]), minute=r.randint(0, 59)))
        if i < n - 1:
            d = d + timedelta(days=max(2, round(gaps[i] * scale)))
    c = Ctx(r, dates, {"A": a_name, "B": b_name})
    fem, masc = r.sample(FEM, len(FEM)), r.sample(MASC, len(MASC))
    pools = {k: r.sample(v, len(v)) for k, v in dict(
        jobs=JOBS, cities=CITIES, pets=PETS, animals=ANIMALS, hobbies=HOBBIES, allergens=ALLERGENS, events=WEEKDAY_EVENTS,
        appts=APPTS, dests=DESTS, langs=LANGS, fears=FEARS, cars=CARS, buys=BUYS, loves=LOVES, hates=HATES, music=MUSIC, drinks=DRINKS,
        screen=SCREEN, opinions=OPINIONS, rests=RESTAURANTS, books=BOOKS, gifts=GIFTS).items()}
    rel_mod = r.choice([("A", "B"), ("B", "A")])   # who has a partner story, who has a family
    for S in ("A", "B"):
        m_job(c, S, pools["jobs"])
        m_home(c, S, pools["cities"])
        (m_partner if S == rel_mod[0] else m_family)(c, S, fem, masc)
        if r.random() < 0.8:
            m_sibling(c, S, fem, masc)
        if r.random() < 0.7:
            m_pet(c, S, pools["pets"], pools["animals"])
        m_hobby(c, S, pools["hobbies"])
        if r.random() < 0.6:
            m_allergy(c, S, pools["allergens"])
        for _ in range(r.randint(1, 2)):
            m_weekday_event(c, S, pools["events"])
        if r.random() < 0.7:
            m_appt(c, S, pools["appts"])
        if r.random() < 0.6:
            m_trip(c, S, fem, masc, pools["dests"])
        if r.random() < 0.5:
            m_car(c, S, pools["cars"])
        if r.random() < 0.5:
            m_buy(c, S, pools["buys"])
        m_prefs(c, S, pools["loves"], pools["hates"], pools["music"], pools["drinks"], pools["screen"])
        if r.random() < 0.6:
            m_opinion(c, S, pools["opinions"])
        for f in r.sample([lambda: m_commute(c, S), lambda: m_lang(c, S, pools["langs"]),
                           lambda: m_fear(c, S, pools["fears"])], r.randint(1, 3)):
            f()
        extra = [lambda: m_restaurant(c, S, pools["rests"]), lambda: m_book(c, S, pools["books"]),
                 lambda: m_van(c, S, fem, masc), lambda: m_manager(c, S, fem, masc, pools["cities"]),
                 lambda: m_gift(c, S, pools["gifts"])]
        for f in r.sample(extra, r.randint(1, 3)):
            f()
    # a few late facts (questions about the last third exist, but are a minority)
    for S in ("A", "B"):
        if r.random() < 0.5:
            m_weekday_event(c, S, pools["events"], 0.7, 1.0)

    by_sess = [[] for _ in range(n)]
    for b in c.blocks:
        by_sess[b.session].append(b)
    def colour(lines):
        out = []
        for who, text in lines:
            if 6 <= len(text.split()) <= 45 and r.random() < 0.45:
                text = text + " " + " ".join(r.sample(TAILS, 1 if r.random() < 0.7 else 2))
            out.append((who, text))
        return out

    def words(lines):
        return sum(len(t.split()) for _, t in lines)

    for blk in c.blocks:
        blk.lines = colour(blk.lines)
    target_words = r.randint(13500, 19000)   # ~17-24k tokens
    fact_words, fact_lines = sum(words(b.lines) for b in c.blocks), sum(len(b.lines) for b in c.blocks)
    per_sess_words = max(60, (target_words - fact_words) / n)
    per_sess_msgs = max(4, (r.randint(610, 680) - fact_lines) // n - 4)   # message cap per session
    turns: list[Turn] = []
    sess_of_turn: list[int] = []
    used: set = set()
    for s in range(n):
        seq: list = list(by_sess[s])
        want_w = max(40, r.gauss(per_sess_words, per_sess_words * 0.3))
        got_w = got_m = 0
        while got_w < want_w and got_m < per_sess_msgs:
            blk = colour(small_block(c, r.choice(["A", "B"]), used))
            seq.append(blk)
            got_w += words(blk)
            got_m += len(blk)
        r.shuffle(seq)
        t = epoch(dates[s])
        for part in [colour(greeting(c, s))] + seq + [colour(goodbye(c))]:
            if isinstance(part, Block):
                part.start = len(turns)
                lines = part.lines
            else:
                lines = part
            for who, text in lines:
                turns.append(Turn("user" if who == "A" else "assistant", text, t))
                sess_of_turn.append(s)
                t += r.randint(15, 240)
    assert 400 <= len(turns) <= 700, len(turns)

    questions, qdates = [], {}
    n_fact = sum(q[2] == "fact" for q in c.qs)
    keep_fact = min(1.0, max(0.45, (30 - (len(c.qs) - n_fact)) / max(1, n_fact)))
    for text, answer, kind, refs, iso in c.qs:
        if kind == "fact" and r.random() > keep_fact:
            continue
        ev = sorted({b.start + k for b, k in refs})
        if iso:
            qdates[len(questions)] = iso
        questions.append(Question(text, answer, ev, kind, None))
    system = (f"You are {b_name}, chatting with {a_name} over several months. Messages from {a_name} have role user; "
              f"your own messages have role assistant.")
    conv = Conversation(f"enlong-{seed}", "en", turns, questions, system,
                        {"sessions": n, "session_of_turn": sess_of_turn, "dates": qdates,
                         "speakers": {"A": a_name, "B": b_name}})
    check(conv)
    return conv


def check(conv: Conversation) -> None:
    """Evidence indices valid; every answer word in the evidence turns; multi-hop spans sessions."""
    turns, sot = conv.turns, conv.meta["session_of_turn"]
    assert len(conv.questions) >= 30, (conv.id, len(conv.questions))
    for q in conv.questions:
        assert q.kind in KINDS, q.kind
        assert q.evidence and all(0 <= i < len(turns) for i in q.evidence), (conv.id, q)
        low = "\n".join(turns[i].content for i in q.evidence).lower()
        for a in q.answer:
            assert answer_in(a, low), (conv.id, q.text, a, low)
        if q.kind == "multi-hop":
            assert len({sot[i] for i in q.evidence}) >= 2, (conv.id, q)
