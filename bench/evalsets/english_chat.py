"""English multi-session chats between two friends (A = role "user", B = role "assistant").

Each conversation has 12-25 dated evening sessions (3-21 days apart), 25-45 messages each. Life
events, plans and preferences of BOTH speakers are dropped among small talk; relative dates
("yesterday", "last Saturday", "two weeks ago", "next month") are anchored to the session date.
Questions (>= 30, mostly about the first 2/3 of the chat) are asked by A: "I/my" = A, "you/your" = B.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from .common import (Conversation, Question, Turn, add_months, day_words, epoch, month_words,
                     previous_weekday, rng_for, session_dates)

NAMES = ["Maya", "Jonah", "Priya", "Leo", "Hannah", "Omar", "Chloe", "Marcus", "Ines", "Theo", "Rosa",
         "Daniel", "Yuki", "Sam", "Grace", "Felix", "Nadia", "Caleb", "Elena", "Ravi"]
SIB_NAMES = {"sister": ["Tessa", "Mira", "Joanna", "Keiko", "Lucia", "Abby", "Farah"],
             "brother": ["Gabe", "Nico", "Aaron", "Devin", "Matteo", "Kofi", "Ethan"]}
CITIES = ["Denver", "Portland", "Austin", "Toronto", "Edinburgh", "Melbourne", "Lisbon", "Seattle",
          "Montreal", "Dublin", "Phoenix", "Minneapolis", "Nashville", "Vancouver"]
TRIPS = ["Iceland", "Kyoto", "Mexico City", "the Amalfi Coast", "Prague", "Banff", "Marrakech",
         "Hanoi", "Crete", "Patagonia", "Vienna", "Cape Town"]
BREEDS = ["beagle", "corgi", "border collie", "dachshund", "golden retriever", "greyhound", "shiba inu",
          "labrador", "whippet", "schnauzer"]
PETS = ["Biscuit", "Pickle", "Mochi", "Waffles", "Juniper", "Ziggy", "Pepper", "Otis", "Clementine",
        "Noodle", "Barley", "Hazel"]
HOBBIES = ["pottery", "salsa dancing", "woodworking", "watercolor", "bouldering", "improv",
           "ceramics", "Italian", "sourdough baking", "stand-up paddle", "knitting", "archery"]
COMPANIES = ["Hartwell Logistics", "Brightline Solar", "Quillfield Press", "Norrow Health", "Tidepool Games",
             "Calder & Finch", "Sunmeadow Foods", "Ardent Robotics", "Bluefern Bank", "Copperleaf Studio",
             "Lumen Freight", "Greywater Analytics"]
JOBS = ["dispatcher", "graphic designer", "nurse", "data analyst", "copy editor", "project manager",
        "lab technician", "account manager", "UX researcher", "paralegal"]
NEIGHS = ["a tiny flat near the river", "a shared house on Elm Street", "a studio above a bakery",
          "a basement apartment downtown", "a townhouse by the park"]
FOODS = ["cilantro", "olives", "blue cheese", "mushrooms", "licorice", "mayonnaise", "eggplant",
         "anchovies", "beets", "raw onion"]
MUSIC = ["jazz", "synthwave", "bluegrass", "k-pop", "bossa nova", "punk rock", "lo-fi hip hop", "opera",
         "Afrobeat", "old-school soul"]
DRINKS = ["oat milk flat white", "double espresso", "iced chai latte", "matcha latte", "cortado",
          "cold brew with honey"]
SEASONS = ["autumn", "winter", "spring", "summer"]

# (first-person past statement, question base "did {i} ...?", short noun for "what date ..." questions)
EVENTS = [
    ("ran a charity 5K", "run the charity 5K", "the charity 5K"),
    ("had my wisdom teeth pulled", "have {my} wisdom teeth pulled", "the wisdom tooth surgery"),
    ("passed my driving test", "pass {my} driving test", "the driving test"),
    ("went to the Lizzo concert", "go to the Lizzo concert", "the Lizzo concert"),
    ("sprained my ankle playing five-a-side", "sprain {my} ankle", "the ankle sprain"),
    ("got my first tattoo", "get {my} first tattoo", "the tattoo appointment"),
    ("gave a talk at a local meetup", "give the meetup talk", "the meetup talk"),
    ("finished my first half marathon", "finish {my} first half marathon", "the half marathon"),
    ("hosted a surprise party for my mom", "host the surprise party for {my} mom", "the surprise party"),
    ("volunteered at the food bank", "volunteer at the food bank", "the food bank shift"),
    ("sold my old motorbike", "sell {my} old motorbike", "the motorbike sale"),
    ("got stuck in an elevator for an hour", "get stuck in the elevator", "the elevator incident"),
    ("went skydiving for the first time", "go skydiving", "the skydiving jump"),
    ("had jury duty", "have jury duty", "the jury duty"),
    ("baked a cake for my niece's christening", "bake the christening cake", "the christening"),
    ("adopted a rescue parrot for the weekend fostering program", "foster the parrot", "the parrot fostering"),
]

REACT = ["No way! How was it?", "Oh wow, that's a big deal.", "Wait, really? Tell me more.", "Ha, of course you did.",
         "That's amazing, honestly.", "Oof. How are you feeling about it?", "I love that for you.",
         "Huh, I did not see that coming.", "Okay that is very you.", "Nice! Good for you."]
FOLLOW = ["Yeah, still kind of processing it.", "Honestly it was a lot, but good.", "I'll send you pictures later.",
          "It was wild, I'm not gonna lie.", "Mostly good! A bit tired now.", "Thanks, it means a lot."]

GREET = [("Hey! How's your week going?", "Pretty good, busy though. Yours?"),
         ("Hiii, you around?", "Yep, just got home. What's up?"),
         ("Evening! Got a minute?", "Always. Let me grab a tea first."),
         ("Hey stranger.", "Haha hey, sorry I went quiet, it's been hectic."),
         ("Are you still up?", "Yeah, can't sleep anyway."),
         ("Hello hello", "Hey you! Perfect timing, I was about to text you.")]
BYE = [("Okay I should get some sleep.", "Same. Talk soon!"), ("Gotta run, dinner's ready.", "Enjoy! Catch up later."),
       ("Alright, I'm fading. Night!", "Night night!"), ("Let's pick this up this weekend?", "Deal. Bye for now!")]

SMALL = [
    ["The weather has been so weird lately.", "Right? Sun in the morning, hail by lunch.", "I gave up checking the forecast."],
    ["Have you been watching anything good?", "I started that baking competition show again, it's so comforting.",
     "I need comfort TV right now.", "Same, nothing with plot twists please."],
    ["My inbox is a disaster today.", "Declare bankruptcy on it. Archive everything.", "Tempting, very tempting."],
    ["I made pasta again, third time this week.", "Pasta is a personality at this point.", "Honestly yes."],
    ["Do you ever just stare at the fridge hoping food appears?", "Every single night."],
    ["My neighbor is learning the trumpet.", "Oh no. Is he any good?", "He's... enthusiastic.", "That's a no."],
    ["I think I drank too much coffee today.", "How many cups?", "Let's not talk about it."],
    ["I finally cleaned my desk.", "Proud of you. Did you find anything weird?", "Three pens and a fossilized orange."],
    ["Traffic was horrible on the way back.", "Was there an accident?", "No idea, just everyone driving like it's their first day."],
    ["I'm thinking of getting into podcasts.", "Start with something short, like true crime mini series.",
     "Maybe. I usually fall asleep to them."],
    ["Work has been fine, nothing exciting.", "Fine is underrated.", "True, I'll take boring."],
    ["I keep seeing ads for those weighted blankets.", "I have one! Changed my life, kind of.", "Okay now I want one."],
    ["What are you having for dinner?", "Leftovers, the glamorous life.", "Same, leftover curry."],
    ["I tried meditating for ten minutes.", "And?", "I thought about lunch for nine of them."],
    ["Did you see the moon tonight?", "Yes! It was huge and orange.", "I tried to take a photo, it looks like a dot."],
    ["I can't believe it's already this late in the year.", "Time is fake.", "Honestly."],
    ["My phone battery dies by 3pm now.", "Time for an upgrade?", "Or a new battery. I'm cheap."],
    ["Random question: cats or dogs?", "Both, obviously.", "Diplomatic answer."],
    ["I have too many browser tabs open.", "How many?", "Enough that the icons disappeared."],
    ["Long day. I just want to lie on the floor.", "Floor time is valid.", "Doing it right now actually."],
    ["I bought a plant and I think it's already dying.", "Too much water probably.", "I literally watered it once."],
    ["Have you read anything good lately?", "A mystery novel, pretty forgettable.", "Those are the best sometimes."],
    ["I'll be there in a sec, just let me find my charger.", "Take your time."],
    ["One of these days I'll actually go to the gym in the morning.", "Sure, sure.", "Don't laugh."],
    ["The supermarket was out of bread again.", "Again? What is going on there.", "No idea. Bread crisis."],
    ["I keep forgetting to call the landlord about the heater.", "Write it on your hand.", "Good idea, doing that."],
    ["Someone at work brought donuts.", "Lucky. Which kind?", "The good glazed ones."],
    ["My playlist shuffled to a song from high school.", "Oh no, which one?", "Not telling. It's embarrassing."],
    ["I think I need a haircut.", "Go short!", "Maybe a little shorter, not dramatic."],
    ["I dreamt I missed a flight last night.", "Classic stress dream.", "Woke up so relieved."],
    ["Is it weird that I like doing laundry?", "A little. But I get it.", "It's the warm towels."],
    ["Ugh, Mondays.", "It's Thursday.", "Exactly my point, feels like Monday."],
    ["I watched a documentary about octopuses.", "They're so smart, it's scary.", "They can open jars!"],
    ["Last week was rough, honestly.", "Sorry. Want to talk about it?", "Nah, it's better now. Just tired."],
    ["The kids next door built a snowman shaped like a dinosaur.", "Ha, amazing.", "Ten out of ten."],
]


def _person(who: str) -> dict:
    """Placeholders for questions asked by A: A's facts are "I/my", B's facts are "you/your"."""
    if who == "A":
        return {"i": "I", "my": "my", "me": "me", "am": "am", "was": "was", "My": "My"}
    return {"i": "you", "my": "your", "me": "you", "am": "are", "was": "were", "My": "Your"}


class Item:
    """A block of lines (who, text) with who in {"S" (the fact's speaker), "O" (the other)}."""

    def __init__(self, speaker, lines, session_range):
        self.speaker, self.lines, self.session_range = speaker, lines, session_range
        self.start = None   # turn index of its first line, set when placed
        self.session = None


def _fact_block(rng, statement: str) -> list[tuple[str, str]]:
    lines = [("S", statement), ("O", rng.choice(REACT))]
    if rng.random() < 0.6:
        lines.append(("S", rng.choice(FOLLOW)))
    return lines


def _relative(rng, sdate: datetime):
    """Pick a relative past-date phrase; returns (phrase, absolute date, precision)."""
    kind = rng.choice(["yesterday", "dby", "last_wd", "weeks", "days", "week_ago", "last_month"])
    if kind == "yesterday":
        return "yesterday", sdate - timedelta(days=1), "day"
    if kind == "dby":
        return "the day before yesterday", sdate - timedelta(days=2), "day"
    if kind == "last_wd":
        wd = rng.choice([4, 5, 6])
        return "last " + ["Friday", "Saturday", "Sunday"][wd - 4], previous_weekday(sdate, wd), "day"
    if kind == "weeks":
        return "two weeks ago", sdate - timedelta(days=14), "day"
    if kind == "days":
        k = rng.choice([3, 4, 5])
        return f"{['three', 'four', 'five'][k - 3]} days ago", sdate - timedelta(days=k), "day"
    if kind == "week_ago":
        return "a week ago today", sdate - timedelta(days=7), "day"
    return "last month", add_months(sdate, -1), "month"


def generate(seed: int) -> Conversation:
    rng = rng_for("english", seed)
    a_name, b_name = rng.sample(NAMES, 2)
    n_sess = rng.randint(12, 25)
    start = datetime(2023, rng.randint(1, 6), rng.randint(1, 28))
    dates = session_dates(rng, n_sess, start, (3, 21))
    early = max(2, (2 * n_sess) // 3)          # facts asked about mostly live in sessions [0, early)
    items: list[Item] = []
    pending = []   # (question text, answer, kind, [(item, line)], ask_late_ok)
    cities, trips = rng.sample(CITIES, 6), rng.sample(TRIPS, 4)
    companies, foods, music = rng.sample(COMPANIES, 4), rng.sample(FOODS, 2), rng.sample(MUSIC, 2)
    breeds, pets, hobbies = rng.sample(BREEDS, 2), rng.sample(PETS, 2), rng.sample(HOBBIES, 2)
    drinks, events = rng.sample(DRINKS, 2), rng.sample(EVENTS, 10)

    def q(text, answer, kind, refs):
        pending.append((text, answer, kind, refs))

    for k, who in enumerate(("A", "B")):
        p = _person(who)
        rnge = (0, early)
        # sibling + city (fact), later visit (multi-hop)
        rel = rng.choice(["sister", "brother"])
        pron = "she" if rel == "sister" else "he"
        sib, city = rng.choice(SIB_NAMES[rel]), cities[k]
        st = rng.choice([
            f"My {rel} {sib} just moved to {city} for work, I'm going to miss {'her' if pron == 'she' else 'him'}.",
            f"Big family news: {sib}, my {rel}, is relocating to {city}.",
            f"Did I tell you? My {rel} {sib} lives in {city} now. Signed the lease on Friday.",
            f"{sib} (my little {rel}) finally packed up and went to {city}.",
            f"So my {rel} {sib} took the job offer and moved all the way to {city}."])
        it_sib = Item(who, _fact_block(rng, st), (0, max(1, early // 2)))
        items.append(it_sib)
        q(rng.choice([f"Which city did {p['my']} {rel} move to?", f"Where is {p['my']} {rel} living these days?",
                      f"{p['My']} {rel} relocated somewhere, where was it again?",
                      f"In what city does {p['my']} {rel} live now?",
                      f"Where did {p['my']} {rel} go when {pron} moved away?"]),
          [city], "fact", [(it_sib, 0)])
        q(rng.choice([f"What's the name of {p['my']} {rel}?", f"What is {p['my']} {rel} called?",
                      f"Remind me, what's {p['my']} {rel}'s first name?",
                      f"Who is the {rel} {p['i']} mentioned?", f"How is {p['my']} {rel} named?"]),
          [sib], "fact", [(it_sib, 0)])
        st = rng.choice([f"I'm flying out to see my {rel} next month, finally booked it.",
                         f"Booked tickets to visit {sib} in a few weeks!",
                         f"Planning a trip to go see my {rel}, can't wait to see the new place.",
                         f"I'll be staying with {sib} for a long weekend soon.",
                         f"Going to visit my {rel} soon, {pron} promised to show me around."])
        it_visit = Item(who, _fact_block(rng, st), (early // 2 + 1, n_sess))
        items.append(it_visit)
        q(rng.choice([f"Which city will {p['i']} be travelling to for the visit to {p['my']} {rel}?",
                      f"Where {p['am']} {p['i']} headed when {p['i']} go see {p['my']} {rel}?",
                      f"For the planned trip to see {p['my']} {rel}, what's the destination city?",
                      f"What city is the upcoming family visit in?",
                      f"To which city does {p['my']} upcoming {rel} visit take {p['me']}?"]),
          [city], "multi-hop", [(it_sib, 0), (it_visit, 0)])
        # pet
        breed, pet = breeds[k], pets[k]
        st = rng.choice([f"We adopted a {breed} from the shelter on the weekend, we named him {pet}.",
                         f"Meet the newest family member: {pet}, a very confused {breed} puppy.",
                         f"I finally did it, I got a dog! He's a {breed} and his name is {pet}.",
                         f"The shelter called and we brought home a {breed}. {pet} is already chewing my shoes.",
                         f"So {pet} the {breed} lives with us now. Best decision ever."])
        it_pet = Item(who, _fact_block(rng, st), (0, max(1, early // 2)))
        items.append(it_pet)
        q(rng.choice([f"What did {p['i']} name {p['my']} dog?", f"What's {p['my']} dog called?",
                      f"What name did {p['i']} give the shelter dog?", f"Remind me, what's {p['my']} puppy's name?",
                      f"The dog {p['i']} adopted, what's his name?"]), [pet], "fact", [(it_pet, 0)])
        q(rng.choice([f"What breed is {p['my']} dog?", f"What kind of dog did {p['i']} adopt?",
                      f"Which dog breed did {p['i']} bring home from the shelter?",
                      f"What type of dog is {pet}?", f"{p['My']} new puppy is what breed?"]),
          [breed], "fact", [(it_pet, 0)])
        st = rng.choice([f"{pet} swallowed a sock yesterday, we spent the night at the emergency vet.",
                         f"Emergency vet visit this morning, {pet} ate half a sock. He's fine now.",
                         f"Ugh, {pet} got into the laundry and swallowed a sock. Vet bills, here we go.",
                         f"Guess who had to be rushed to the vet for eating a sock? {pet}.",
                         f"{pet} is recovering, the vet pulled a whole sock out of him."])
        it_vet = Item(who, _fact_block(rng, st), (early // 2 + 1, n_sess))
        items.append(it_vet)
        q(rng.choice([f"What breed is the dog that swallowed a sock?", f"The pet that ate a sock, what kind of dog is it?",
                      f"Which breed was the animal that needed the emergency vet for a sock?",
                      f"What type of dog had to have a sock removed?", f"The sock-eating dog is what breed?"]),
          [breed], "multi-hop", [(it_pet, 0), (it_vet, 0)])
        # class / hobby
        hobby = hobbies[k]
        st = rng.choice([f"I signed up for {'an' if hobby[0] in 'aeiouAEIOU' else 'a'} {hobby} class at the community center, first lesson is Thursday.",
                         f"New hobby alert: {hobby}. I enrolled in an evening course.",
                         f"I've started taking {hobby} lessons, I'm terrible but it's fun.",
                         f"Finally joined that {hobby} course I kept talking about.",
                         f"My coworker dragged me into {'an' if hobby[0] in 'aeiouAEIOU' else 'a'} {hobby} workshop and now I'm hooked, signed up for ten weeks."])
        it = Item(who, _fact_block(rng, st), rnge)
        items.append(it)
        q(rng.choice([f"What kind of class did {p['i']} sign up for?", f"Which course {p['am']} {p['i']} taking in the evenings?",
                      f"What new hobby did {p['i']} pick up?", f"What are the lessons {p['i']} enrolled in about?",
                      f"Remind me, what is the weekly class {p['i']} joined?"]), [hobby], "fact", [(it, 0)])
        # trip next month
        trip = trips[k]
        sdate_holder = {}
        st_t = rng.choice(["We booked flights to {t} for next month!", "Next month we're finally going to {t}.",
                           "Just paid the deposit, {t} next month, it's happening.",
                           "I'm taking a whole week off next month to go to {t}.",
                           "Surprise: my partner booked us a trip to {t}, we leave next month."])
        it_trip = Item(who, _fact_block(rng, st_t.format(t=trip)), rnge)
        it_trip.kind = "trip"
        items.append(it_trip)
        q(rng.choice([f"Where {p['am']} {p['i']} going on the trip that was booked?", f"What's the destination of {p['my']} upcoming holiday?",
                      f"Which place did {p['i']} book flights to?", f"Where {p['was']} {p['i']} planning to travel for the week off?",
                      f"What destination did {p['i']} pick for the vacation?"]), [trip], "fact", [(it_trip, 0)])
        q(rng.choice([f"In which month is {p['my']} trip to {trip}?", f"When {p['am']} {p['i']} going to {trip}?",
                      f"What month and year is the {trip} trip?", f"When does the trip to {trip} happen?",
                      f"Around when will {p['i']} be in {trip}?"]), ("TRIP", it_trip), "temporal", [(it_trip, 0)])
        # past events with relative dates
        for ev in events[k * 5:(k + 1) * 5][: rng.randint(3, 5)]:
            past, base, noun = ev
            it = Item(who, None, rnge)
            it.event = ev
            items.append(it)
            b = base.format(**p)
            pp = re.sub(r"\bmy\b", p["my"], past)
            q(rng.choice([f"When did {p['i']} {b}?", f"What date was {noun}?", f"On which day did {p['i']} {b}?",
                          f"Do you remember the date of {noun}?", f"When exactly did {p['i']} {b}?",
                          f"What was the date when {p['i']} {pp}?"]), ("EVENT", it), "temporal", [(it, 0)])
        # job update
        c1, c2 = companies[2 * k], companies[2 * k + 1]
        job = rng.choice(JOBS)
        st = rng.choice([f"I work at {c1} as a {job}, it's fine, the commute is the worst part.",
                         f"Being a {job} at {c1} is a lot more meetings than I expected.",
                         f"My job at {c1} is fine I guess, {job} life.",
                         f"I've been a {job} at {c1} for three years now, can you believe it?",
                         f"{c1} is making all the {job}s come back to the office. Ugh."])
        it_j1 = Item(who, _fact_block(rng, st), (0, max(1, early // 2)))
        items.append(it_j1)
        st = rng.choice([f"Big news: I handed in my notice at {c1}. I start at {c2} on Monday!",
                         f"I accepted the offer from {c2}, so I'm done with {c1}.",
                         f"Last day at {c1} was today. {c2} here I come.",
                         f"So I quit. Starting a new position at {c2} next week.",
                         f"I got the job at {c2}! Told my boss at {c1} this morning."])
        it_j2 = Item(who, _fact_block(rng, st), (early // 2 + 1, early + 1))
        items.append(it_j2)
        q(rng.choice([f"Where do {p['i']} work now?", f"What's {p['my']} current employer?",
                      f"Which company {p['am']} {p['i']} working for these days?", f"Who employs {p['me']} at the moment?",
                      f"After the job change, what company {p['am']} {p['i']} at?"]), [c2], "update", [(it_j2, 0)])
        q(rng.choice([f"Where did {p['i']} work before the job change?", f"What was {p['my']} old employer?",
                      f"Which company did {p['i']} leave?", f"Where {p['was']} {p['i']} a {job}?",
                      f"Before the new job, which company {p['was']} {p['i']} at?"]), [c1], "fact", [(it_j1, 0)])
        # residence update
        neigh, c3 = rng.choice(NEIGHS), cities[2 + k]
        st = rng.choice([f"I'm still in {neigh}, the rent is ok but it's tiny.", f"Home is {neigh} for now.",
                         f"My place, {neigh}, is freezing in the mornings.", f"I love {neigh} but the stairs kill me.",
                         f"Living in {neigh} means I hear everything my neighbors do."])
        it_r1 = Item(who, _fact_block(rng, st), (0, max(1, early // 2)))
        items.append(it_r1)
        st = rng.choice([f"We did it, we moved to {c3}! Boxes everywhere.", f"Officially a resident of {c3} now, the move is done.",
                         f"Finally out of the old place, we live in {c3} now.", f"Moving day was brutal but we're in {c3}.",
                         f"Greetings from {c3}, our new home! Still no curtains."])
        it_r2 = Item(who, _fact_block(rng, st), (early // 2 + 1, early + 1))
        items.append(it_r2)
        q(rng.choice([f"Where do {p['i']} live now?", f"Which city did {p['i']} move to?",
                      f"What city {p['am']} {p['i']} living in after the move?", f"Where is {p['my']} new home?",
                      f"After moving house, where {p['am']} {p['i']} based?"]), [c3], "update", [(it_r2, 0)])
        # preferences
        food = foods[k]
        st = rng.choice([f"I can't stand {food}, it ruins everything it touches.", f"Honestly {food} tastes like soap to me.",
                         f"I'll eat almost anything except {food}.", f"Please never make me eat {food} again.",
                         f"{food.capitalize()} is my nemesis, I pick it out of everything."])
        it = Item(who, _fact_block(rng, st), rnge)
        items.append(it)
        q(rng.choice([f"Which food do {p['i']} hate?", f"Is there anything {p['i']} refuse to eat?",
                      f"What ingredient should be left out when cooking for {p['me']}?",
                      f"What food did {p['i']} say {p['i']} can't stand?", f"What's the one thing {p['i']} won't eat?"]),
          [food], "preference", [(it, 0)])
        mus = music[k]
        st = rng.choice([f"I've been obsessed with {mus} lately, it's all I listen to.", f"Nothing beats {mus} on a long drive.",
                         f"My favorite music? {mus.capitalize()}, no contest.", f"I could listen to {mus} all day honestly.",
                         f"Put on some {mus} and I'm happy."])
        it = Item(who, _fact_block(rng, st), rnge)
        items.append(it)
        q(rng.choice([f"What kind of music {p['am']} {p['i']} into?", f"Which genre do {p['i']} listen to the most?",
                      f"What's {p['my']} favorite type of music?", f"If {p['i']} had to pick one music genre, which one?",
                      f"What music should be on for {p['me']}?"]), [mus], "preference", [(it, 0)])
        drink = drinks[k]
        st = rng.choice([f"My usual order is an {drink}, every single morning." if drink[0] in "aeiou" else
                         f"My usual order is a {drink}, every single morning.",
                         f"Can't function before my {drink}.", f"The barista knows me now, {drink}, no questions asked.",
                         f"I tried to switch it up but I'm back to {drink}.", f"Treat yourself rule: one {drink} a day."])
        it = Item(who, _fact_block(rng, st), rnge)
        items.append(it)
        q(rng.choice([f"What's {p['my']} usual coffee order?", f"What do {p['i']} always order at the café?",
                      f"Which drink do {p['i']} get every morning?", f"If someone grabs coffee for {p['me']}, what should they order?",
                      f"What's {p['my']} go-to morning drink?"]), [drink], "preference", [(it, 0)])

    # --- place items into sessions -------------------------------------------------------------
    by_sess = [[] for _ in range(n_sess)]
    for it in items:
        lo, hi = it.session_range
        lo, hi = min(lo, n_sess - 1), min(max(hi, lo + 1), n_sess)
        by_sess[rng.randrange(lo, hi)].append(it)
    turns: list[Turn] = []
    ends: list[int] = []   # index of the last turn of every session
    for s, sdate in enumerate(dates):
        target = rng.randint(26, 45)
        blocks = []
        for it in by_sess[s]:
            it.session = s
            if getattr(it, "event", None):
                past = it.event[0]
                phrase, when, prec = _relative(rng, sdate)
                it.when, it.prec = when, prec
                st = rng.choice([f"Guess what, I {past} {phrase}!", f"{phrase[0].upper() + phrase[1:]} I {past}, still can't believe it.",
                                 f"So {phrase} I finally {past}.", f"I {past} {phrase}, long story.",
                                 f"Not sure if I mentioned it, but I {past} {phrase}."])
                it.lines = _fact_block(rng, st)
            if getattr(it, "kind", None) == "trip":
                it.when = add_months(sdate, 1)
            blocks.append(it)
        fillers = []
        n_fact_lines = sum(len(b.lines) for b in blocks)
        used = n_fact_lines + 4   # + greeting and goodbye pairs
        for blk in rng.sample(SMALL, len(SMALL)):   # no repeated small talk inside a session
            if used + len(blk) <= target:
                fillers.append(blk)
                used += len(blk)
        seq = blocks + fillers
        rng.shuffle(seq)
        g, bye = rng.choice(GREET), rng.choice(BYE)
        opener = rng.choice(["A", "B"])
        t = epoch(sdate)

        def emit(who, text):
            nonlocal t
            turns.append(Turn("user" if who == "A" else "assistant", text, t))
            t += rng.randint(20, 160)

        emit(opener, g[0]); emit("B" if opener == "A" else "A", g[1])
        for blk in seq:
            if isinstance(blk, Item):
                blk.start = len(turns)
                other = "B" if blk.speaker == "A" else "A"
                for who, text in blk.lines:
                    emit(blk.speaker if who == "S" else other, text)
            else:
                first = rng.choice(["A", "B"])
                for j, text in enumerate(blk):
                    emit(first if j % 2 == 0 else ("B" if first == "A" else "A"), text)
        emit(opener, bye[0]); emit("B" if opener == "A" else "A", bye[1])
        ends.append(len(turns) - 1)

    questions = []
    for text, answer, kind, refs in pending:
        if isinstance(answer, tuple):
            tag, it = answer
            answer = month_words(it.when) if tag == "TRIP" or it.prec == "month" else day_words(it.when)
        ev = sorted(it.start + line for it, line in refs)
        last_sess = max(it.session for it, _ in refs)
        asked = None
        later = [e for e in ends if e > ev[-1] and turns[e].ts - turns[ev[-1]].ts > 10 * 86400]
        if later and rng.random() < 0.2:
            asked = rng.choice(later[:-1] or later)
        if asked == len(turns) - 1:
            asked = None
        questions.append(Question(text, list(answer), ev, kind, asked))
    system = (f"You are {b_name}, chatting with your friend {a_name}. Messages from {a_name} have role user; "
              f"your own messages have role assistant.")
    return Conversation(f"en-{seed}", "en", turns, questions, system, {"sessions": n_sess})
