"""diary_long: months-long chats between two people who know each other well.

The set.  Each conversation is a diary-like exchange between two acquaintances (siblings, cousins,
old flatmates, former colleagues, pen-pals, a mentor and her/his former mentee, ...) who check in
every 2-20 days for 6-12 months: 22-32 dated sessions of 16-30 messages, ~520-590 messages and
~9k words (~12k word+punctuation tokens) in total.  Person A's messages have role "user", person B's
role "assistant"; contents carry no speaker labels, `conv.system` says who is talking.  A session
opens with a greeting that fits the gap since the last one ("Hey, back again!" / "Long time no
talk!"), mixes life updates with chit-chat (seasonal weather, TV, cooking mishaps, neighbours, work
gripes, jokes, reactions) and ends with a goodbye.

How it was written.  Independently of the memory library: the library code, the other evaluation
sets and the generalisation script were not read, only `common.py` for the data model.  Text comes
from hand-written template pools (at least six sentence templates per fact type) driven by
rng_for("diary_long", seed).  Chit-chat and untracked life news are drawn only if they contain none
of the conversation's answer words, and pool items are never reused while unused ones remain.

Facts (told in passing, mostly events, plans and preferences; both people have their own).  Past
events with relative or explicit dates ("last Saturday", "two weeks ago", "on 14 May"); plans
(renovations, courses, surgeries; sometimes rescheduled); holidays (sometimes switched to another
destination, later a highlight that suits place and season); moves (sometimes to a different city
than first announced); job changes with a reason; a pet adopted and named later; relatives moving
away and visits for their celebrations; friends' jobs and outings; children's instruments and
recitals; partners' promotions; drinks swapped for a reason; likes, dislikes and "X over Y"; books
by topic; hobby groups joined and quit; injuries and allergies; purchases with prices; weekly
habits; dishes cooked for occasions; cars bought and replaced; small odd news.  Step windows keep
every thread chronologically consistent; per-person guards keep questions unambiguous.

Questions (45-60 per conversation, all asked after the last turn, asked_at=None).  fact,
temporal, multi-hop (two evidence turns), update (evidence = the turn holding the current value),
preference, paraphrase (question words differ from the turn: "What kind of dog did X adopt?" for
"we're bringing home a greyhound") and reason.  `answer` words are verbatim from the evidence turns
(for temporal questions: the words naming the event, plus day/month only when the turn states
them; the absolute date is in `meta["gold_dates"]`, keyed by question index).  `evidence` holds
turn indices; `meta["fact_turns"]` lists every turn that carries a tracked fact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Callable

from .common import (MONTHS, Conversation, Question, Turn, epoch, previous_weekday, rng_for,
                     session_dates)

WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
KINDS = ["fact", "temporal", "multi-hop", "update", "preference", "paraphrase", "reason"]
MIN_KIND = {"fact": 8, "temporal": 6, "multi-hop": 4, "update": 5, "preference": 5,
            "paraphrase": 4, "reason": 4}


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def art(w: str) -> str:
    lw = w.lower()
    if lw.startswith(("uni", "use", "ux", "euro", "one")):
        return "a"
    return "an" if lw[:1] in "aeiou" else "a"


@lru_cache(maxsize=None)
def toks(s: str) -> frozenset[str]:
    return frozenset(re.findall(r"\w+", s.lower()))


# --------------------------------------------------------------------------------------------
# people
FEMALE = ("Maya Lena Priya Chloe Hannah Sofia Aisha Nora Grace Isla Freya Zara Ruth Alice Mei "
          "Ingrid Tessa Leila Rosa Nadia Imogen Clara Esme Yasmin Harriet Bea Jess Martina Dana "
          "Kemi Laura Olive Saoirse Anya Hana Lucia Rhea Marta Ines Cora Eliza Fern Gwen "
          "Iris Juno Keira Lydia Mina Orla Pia Selma Talia Vera Wren").split()
MALE = ("Tom Sam Daniel Omar Felix Ravi Jonah Leo Marcus Theo Ben Arjun Hugo Callum Mateo Ewan "
        "Kofi Luca Finn Idris Rory Noah Pablo Jakob Ollie Simon Dev Tariq Henrik Milo Kenji Adam "
        "Gabe Rafael Stefan Owen Amir Cole Niall Aled Bruno Cyrus Dmitri Elias Fraser Gus "
        "Hamish Ivo Joel Kit Lorcan Moss Nico").split()
PET_NAMES = ("Biscuit Mochi Pickle Juniper Waffles Pepper Bramble Otis Nori Clementine Pip Hazel "
             "Rolo Fig Taco Luna Bean Dumpling Sprout Maple Noodle Pretzel Ziggy Basil Toffee "
             "Custard Bumble Kipper Marmite Crumpet Nutmeg Wasabi Turnip").split()

RELATIONSHIPS = [("old university friends", ""), ("siblings who live in different cities", "sib"), ("former colleagues who shared a desk for years", ""),
    ("former neighbours who kept in touch after one of them moved away", ""), ("a mentor and her former mentee from a work programme", "mentor"),
    ("pen-pals who met through a language exchange years ago", ""), ("cousins who grew up on the same street", "cousin"), ("childhood best friends", ""), ("old flatmates from their student days", ""),
    ("friends who met years ago at a running club", ""), ("old bandmates from a truly terrible school band", "")]


@dataclass
class Person:
    name: str
    g: str                      # "f" / "m"
    partner: str | None = None  # "husband", "wife", "partner", ...
    kids: list = field(default_factory=list)   # [(name, "daughter"/"son", "f"/"m")]

    sub = property(lambda self: "she" if self.g == "f" else "he")
    obj = property(lambda self: "her" if self.g == "f" else "him")
    pos = property(lambda self: "her" if self.g == "f" else "his")
    we = property(lambda self: "we" if (self.partner or self.kids) else "I")
    were = property(lambda self: "we're" if (self.partner or self.kids) else "I'm")
    weve = property(lambda self: "we've" if (self.partner or self.kids) else "I've")

    def voter(self):
        if self.kids:
            return "my eldest" if len(self.kids) > 1 else f"my {self.kids[0][1]}"
        return f"my {self.partner}" if self.partner else "my flatmate"

    def crew(self):
        return f"my {self.partner} and I" if self.partner else "the kids and I" if self.kids else "a couple of old school friends and I"


def pron3(g):   # subject, object, possessive, reflexive
    return ("she", "her", "her", "herself") if g == "f" else ("he", "him", "his", "himself")


# --------------------------------------------------------------------------------------------
# dates
def season(d: datetime) -> str:
    return {12: "winter", 1: "winter", 2: "winter", 3: "spring", 4: "spring", 5: "spring",
            6: "summer", 7: "summer", 8: "summer"}.get(d.month, "autumn")


def past_when(rng, d: datetime, allow_explicit=True):
    """(phrase, date, explicit date words, approximate?) for an event shortly before `d`."""
    opts = [("yesterday", d - timedelta(days=1), [], False),
            ("last Saturday", previous_weekday(d, 5), [], False),
            ("last Sunday", previous_weekday(d, 6), [], False),
            ("last Friday", previous_weekday(d, 4), [], False),
            ("two weeks ago", d - timedelta(days=14), [], True),
            ("a few days ago", d - timedelta(days=3), [], True)]
    if allow_explicit:
        for _ in range(3):
            e = d - timedelta(days=rng.randint(3, 12))
            m = MONTHS[e.month - 1]
            ph = f"on {e.day} {m}" if rng.random() < 0.6 else f"on {m} {e.day}"
            opts.append((ph, e, [str(e.day), m], False))
    return rng.choice(opts)


def future_when(rng, d: datetime, t: datetime):
    """(phrase, explicit date words) for a plan on date `t` mentioned on date `d`."""
    k = (t.date() - d.date()).days
    m = MONTHS[t.month - 1]
    opts = [(f"on {t.day} {m}", [str(t.day), m]), (f"on {m} {t.day}", [str(t.day), m])]
    if 2 <= k <= 6 and t.weekday() >= 4:
        opts.append((f"this {WEEKDAYS[t.weekday()]}", []))
    if t.month != d.month:
        opts.append((f"in {m}", [m]))
        if (t.month - d.month) % 12 == 1:
            opts.append(("next month", []))
    else:
        opts.append(("later this month", []))
    if 12 <= k <= 16:
        opts.append(("in about two weeks", []))
    if 19 <= k <= 23:
        opts.append(("in about three weeks", []))
    return rng.choice(opts)


def month_when(rng, d: datetime, t: datetime):
    m = MONTHS[t.month - 1]
    if t.month == d.month:
        return "later this month", []
    if (t.month - d.month) % 12 == 1 and rng.random() < 0.35:
        return "next month", []
    return rng.choice([(f"in {m}", [m])] + [(f"in early {m}", [m])] * (t.day <= 10) + [(f"at the end of {m}", [m])] * (t.day >= 20))


# --------------------------------------------------------------------------------------------
# fact pools: (text, answer key words, ...)
ACTIVITIES = [("ran the charity 10k for the children's ward", ["10k"], "run the charity 10k"),
    ("did my first proper open-water swim at the reservoir", ["open-water"], "do {pos} first open-water swim"), ("climbed Snowdon with a group from work", ["Snowdon"], "climb Snowdon"),
    ("climbed Ben Nevis in the fog", ["Nevis"], "climb Ben Nevis"), ("went to a pottery workshop and came home with three wonky bowls", ["pottery"], "go to the pottery workshop"),
    ("gave my first ever talk at a conference", ["conference"], "give {pos} first conference talk"), ("hosted a quiz night for the neighbours", ["quiz"], "host the quiz night for {pos} neighbours"),
    ("did a sprint triathlon", ["triathlon"], "do the sprint triathlon"), ("took a dumpling class in Chinatown", ["dumpling"], "take the dumpling class"),
    ("volunteered at the beach clean-up", ["clean-up"], "volunteer at the beach clean-up"), ("passed my driving test on the second attempt", ["driving"], "pass {pos} driving test"),
    ("got my first tattoo, a tiny fern on my wrist", ["fern"], "get {pos} first tattoo"), ("sang at an open mic night for the first time", ["mic"], "sing at the open mic night"),
    ("went to a silent disco at the science museum", ["disco"], "go to the silent disco"), ("ran a stall at the craft fair selling candles", ["craft"], "run a stall at the craft fair"),
    ("went axe throwing for a colleague's leaving do", ["axe"], "go axe throwing"), ("went to a murder mystery dinner dressed as a detective", ["murder"], "go to the murder mystery dinner"),
    ("did my very first parkrun", ["parkrun"], "do {pos} first parkrun"), ("tried indoor skydiving", ["skydiving"], "try indoor skydiving"),
    ("went to a ceilidh and danced until midnight", ["ceilidh"], "go to the ceilidh"), ("gave blood for the first time", ["blood"], "give blood for the first time"),
    ("did an escape room with my old school friends", ["escape"], "do the escape room"), ("went to a planetarium show about black holes", ["planetarium"], "go to the planetarium show"),
    ("went to a sheepdog trial with my uncle", ["sheepdog"], "go to the sheepdog trial"), ("took part in a charity bake sale", ["bake"], "take part in the charity bake sale"),
    ("went to a vinyl record fair", ["vinyl"], "go to the record fair")]
PAST_T = ["I finally {act} {when}!", "{When} I {act}. Still can't quite believe it.", "Guess what? I {act} {when}.", "Not sure if I mentioned it, but I {act} {when}.",
    "So {when} I {act}, which I'd been putting off for ages.", "Highlight of my week: I {act} {when}.", "Quick update from me: I {act} {when}, and it went better than I expected.",
    "Did I tell you I {act} {when}? I'm still buzzing."]
TEMPORAL_Q = ["When did {N} {q}?", "On what date did {N} {q}?", "What day did {N} {q}?"]

PLANS = [("the kitchen renovation starts {when}", "the kitchen renovation", ["kitchen", "renovation"], "When is {N}'s kitchen renovation due to start"),
    ("I'm running my first half marathon {when}", "the half marathon", ["marathon"], "When is {N} running {pos} first half marathon"),
    ("I'm getting my wisdom teeth out {when}", "the wisdom teeth appointment", ["wisdom"], "When is {N} having {pos} wisdom teeth removed"),
    ("my evening Italian course starts {when}", "the Italian course", ["Italian"], "When does {N}'s Italian course begin"),
    ("the bathroom is getting redone {when}", "the bathroom work", ["bathroom"], "When is {N}'s bathroom being redone"),
    ("I'm doing a weekend beekeeping course {when}", "the beekeeping course", ["beekeeping"], "When is {N}'s beekeeping course"),
    ("my photos are going up in a little exhibition at the library {when}", "the exhibition", ["exhibition"], "When does {N}'s photo exhibition open"),
    ("I'm taking my motorbike test {when}", "the motorbike test", ["motorbike"], "When is {N}'s motorbike test"),
    ("I'm having laser eye surgery {when}", "the laser eye surgery", ["laser"], "When is {N} getting laser eye surgery"),
    ("the new boiler is being fitted {when}", "the boiler fitting", ["boiler"], "When is {N}'s new boiler being fitted"),
    ("I'm doing a sponsored swim for the hospice {when}", "the sponsored swim", ["sponsored"], "When is {N}'s sponsored swim"),
    ("I'm giving a speech at my best friend's wedding {when}", "the wedding speech", ["speech"], "When is {N} giving the wedding speech")]
PLAN_T = ["So it's official: {plan}.", "Mark your calendar: {plan}!", "Big news, {plan}. Slightly terrified.", "In other news, {plan}.", "I've finally booked it, {plan}.",
    "Just so you know why I'll be a mess for a while: {plan}.", "Remember the thing I kept putting off? Well, {plan}."]
RESCHED_T = ["Change of plan: {x} has been pushed back. It's now happening {new}.", "Ugh, {x} got rescheduled. It's {new} now, of course.", "Scratch what I said about {x}, it's now {new}.",
    "Turns out {x} isn't happening when I said. New plan: {new}.", "{X} has moved again. Apparently it's {new} now.", "Slight delay on {x}: it's {new} instead."]

PLACES = [(x, "city") for x in ["Lisbon", "Porto", "Seville", "Valencia", "Kyoto", "Hanoi", "Marrakesh", "Copenhagen",
                                  "Ljubljana", "Tallinn", "Bergen", "Galway", "Bologna", "Naples", "Vienna", "Budapest",
                                  "Montreal", "Oaxaca", "Krakow", "Prague"]] + \
         [(x, "coast") for x in ["Crete", "Sicily", "Sardinia", "the Azores", "Madeira", "Mallorca", "Corsica", "Cornwall",
                                 "Skye", "Tasmania", "the Algarve"]] + \
         [(x, "mountain") for x in ["the Dolomites", "the Pyrenees", "the Tatras", "the Alps"]]
CITIES = ["Leeds", "Bristol", "Edinburgh", "York", "Cardiff", "Belfast", "Brighton", "Norwich", "Sheffield", "Exeter", "Aberdeen", "Dundee", "Nottingham", "Bath", "Inverness", "Ghent", "Lyon",
    "Bordeaux", "Utrecht", "Leipzig", "Malmo", "Gothenburg", "Trieste", "Dublin", "Cork", "Halifax", "Denver", "Portland", "Austin", "Melbourne", "Wellington"]
HIGHLIGHTS = [("a tiny family restaurant where the grandmother did all the cooking", ["grandmother"], "city coast mountain"),
    ("a street market where we bought far too much cheese", ["cheese"], "city coast"), ("a jazz bar hidden in a basement", ["jazz"], "city"),
    ("a flea market where I found an old brass compass", ["compass"], "city"), ("a rooftop bar with a view over the whole city", ["rooftop"], "city"),
    ("a tiny museum full of old typewriters", ["typewriters"], "city"), ("a bike tour with a guide who sang the entire time", ["guide"], "city coast"),
    ("kayaking into the sea caves", ["caves"], "coast warm"), ("a night swim with glowing plankton", ["plankton"], "coast warm"), ("the dolphins that followed our ferry", ["dolphins"], "coast"),
    ("a lighthouse you could climb right to the top", ["lighthouse"], "coast"), ("a seafood shack right on the harbour", ["shack"], "coast"),
    ("a cable car ride over the whole valley", ["cable"], "mountain"), ("a mountain hut that served the best soup of my life", ["hut"], "mountain"),
    ("swimming in a freezing glacier lake", ["glacier"], "mountain warm"), ("a sunrise hike above the clouds", ["clouds"], "mountain")]
TRIP_T = ["{Crew} booked {dur} in {place} {when}!", "Holiday's booked: {dur} in {place}, {when}.", "{Crew} are off to {place} {when}. I've already started a packing list.",
    "So I finally did it, {crew} are going to {place} {when}.", "Guess who's going to {place} {when}? Me! {Dur_cap}, all booked.", "{Crew} are heading to {place} {when}. Can't wait.",
    "Trip news: {place}, {when}, {dur}. It's booked and non-refundable."]
TRIP_SWITCH_T = ["Change of plans on the holiday: we swapped {p1} for {p2}, because {why}.", "Scratch {p1}, we're going to {p2} instead. {Why}.",
    "Turns out we're not going to {p1} after all. {Why}, so it's {p2} now.", "We ended up going with {p2} instead of {p1}, since {why}.",
    "Holiday update: it's {p2} now, not {p1}. Long story short, {why}.", "Okay, so {p1} is off. {Why}. We've booked {p2} instead."]
TRIP_WHY = [("the flights tripled in price overnight", ["tripled"]), ("everything there was booked up for a festival", ["festival"]), ("a friend offered us her cabin for free", ["cabin"]),
    ("our friends there had to cancel on us", ["cancel"]), ("the airline cancelled our route", ["airline"]), ("it was going to blow the budget completely", ["budget"])]
TRIP_BACK_T = ["We're back from the trip! The best part was {hl}.", "Home again, sunburnt and happy. Highlight of the whole week: {hl}.",
    "Back from holiday and already missing it. Honestly, {hl} made the whole trip.", "The trip was everything. If I had to pick one thing, {hl}.",
    "Just unpacked. My best memory from the trip is definitely {hl}.", "Holiday report: ten out of ten, mostly because of {hl}."]

MOVE_WHY = [("rent here has become completely ridiculous", ["rent"]), ("{we} really want a garden", ["garden"]), ("I want to be closer to Mum", ["closer"]), ("{we} badly need more space", ["space"]),
    ("the noise from the bars downstairs is unbearable", ["bars"]), ("my landlord is selling the building", ["landlord"]), ("I can work from anywhere now and fancy a change", ["anywhere"])]
MOVE_T = ["Big news: {were} moving to {city} {when}. Mostly because {why}.", "So, {were} actually moving to {city} {when}! {Why} and it just makes sense.",
    "Okay, don't faint, but {were} moving to {city} {when}. {Why}.", "{Weve} decided: {city}, {when}. {Why}, so that was that.",
    "I keep forgetting to tell you: {were} relocating to {city} {when}, since {why}.", "The move is happening! {city}, {when}. Honestly it's because {why}."]
MOVE_SWITCH_T = ["Turns out the flat in {c1} fell through, so {were} going to {c2} instead.", "Scratch that about {c1}, {we} ended up going with {c2}.",
    "Update on the move: it's {c2} now, not {c1}. Long story.", "Plot twist: {were} not moving to {c1} after all. It's {c2}!", "So {c1} is off. {We} found a much better place in {c2}.",
    "Change of plan with the move: {c2} instead of {c1}. Cheaper, and closer to the station."]
MOVED_T = ["{Weve} officially moved! The new place is full of boxes and I can't find a single mug.", "First week in the new place done. Still sleeping on a mattress on the floor, but happy.",
    "Moving day is over and I never want to see a cardboard box again."]

ROLES = [("data analyst", ["analyst"]), ("primary school teacher", ["teacher"]), ("physiotherapist", ["physiotherapist"]), ("graphic designer", ["designer"]), ("project manager", ["project"]),
    ("nurse", ["nurse"]), ("software tester", ["tester"]), ("accountant", ["accountant"]), ("librarian", ["librarian"]), ("translator", ["translator"]), ("architect", ["architect"]),
    ("paramedic", ["paramedic"]), ("copywriter", ["copywriter"]), ("lab technician", ["technician"]), ("journalist", ["journalist"]), ("pharmacist", ["pharmacist"]), ("UX researcher", ["researcher"]),
    ("sous chef", ["chef"]), ("surveyor", ["surveyor"]), ("social worker", ["social"])]
ORGS = {
    "data analyst": "a solar energy startup", "primary school teacher": "a small village school", "physiotherapist": "a sports clinic", "graphic designer": "a design studio",
    "project manager": "the city council", "nurse": "a big clinic across town", "software tester": "a games company", "accountant": "a craft brewery", "librarian": "the university library",
    "translator": "a publishing house", "architect": "a firm that does eco-housing", "paramedic": "the ambulance service", "copywriter": "an advertising agency",
    "lab technician": "a vaccine lab", "journalist": "the local newspaper", "pharmacist": "a community pharmacy", "UX researcher": "a bank", "sous chef": "a seafood restaurant",
    "surveyor": "a housing association", "social worker": "a children's charity"}
JOB_NOW_T = ["I've been {a_role} for six years now and I still get nervous on Mondays.", "Long day. Being {a_role} is great until everyone needs something at once.",
    "Some days I love being {a_role}, and some days I want to run away to a farm.", "Reminder that I'm {a_role} and today I was asked to fix the office printer.",
    "Honestly, being {a_role} is mostly emails. Nobody warned me.", "Had my annual review today. Six years as {a_role} and they finally noticed I exist."]
JOB_CHANGE_T = ["I handed in my notice! I'm starting as {a_role} at {org} next month, mostly because {why}.", "Big change: I've left my job. I'm going to be {a_role} at {org}. {Why}, so it was time.",
    "Okay, so I quit. The new job is {a_role} at {org}. Honestly, {why}.", "I accepted an offer today to be {a_role} at {org}! {Why}.",
    "Guess who's changing jobs? I'm moving to {org} as {a_role}, because {why}.", "Actually, as of last Friday I work at {org}. I'm {a_role} now. {Why}."]
JOB_WHY = [("the commute was eating two hours of my day", ["commute"]), ("my manager made every single meeting miserable", ["miserable"]), ("they offered me a four-day week", ["four-day"]),
    ("the pay is so much better", ["pay"]), ("I was completely burnt out", ["burnt"]), ("I wanted to do something more creative", ["creative"]), ("it's fully remote", ["remote"]),
    ("my old place was making redundancies", ["redundancies"])]

BREEDS = [("greyhound", "dog"), ("whippet", "dog"), ("beagle", "dog"), ("spaniel", "dog"), ("collie", "dog"), ("dachshund", "dog"), ("labrador", "dog"), ("lurcher", "dog"), ("terrier", "dog"),
    ("corgi", "dog"), ("poodle", "dog"), ("husky", "dog"), ("tabby", "cat"), ("Siamese", "cat"), ("Bengal", "cat"), ("ragdoll", "cat")]
PET_T = ["{Were} adopting a rescue {breed} {when}!", "{We} are bringing home a {breed} {when}. I'm beyond excited.", "Big news: {were} getting a {breed} {when}. The shelter just approved us.",
    "{We} said yes to a {breed} from the rescue centre. Pick-up is {when}.", "I finally caved: a {breed} is joining the household {when}.",
    "Don't laugh, but {weve} put our name down for a {breed}. Collection is {when}."]
PET_DEBATE_T = ["The new {animal} is home and we still can't agree on a name. I want {n1}, {voter} wants {n2}.", "Name debate update: it's {n1} versus {n2}. {Voter} is winning, unfortunately.",
    "We've been calling the {animal} {n1} for now, but {voter} keeps saying {n2}."]
PET_NAME_T = ["It's official: the {animal} is called {fin}.", "We ended up going with {fin} for the name. It suits {pp} perfectly.", "Name decided! {fin}. Somebody is very smug about it.",
    "Neither name won in the end. The {animal} is {fin} now, and it's stuck.", "Turns out the {animal} only responds to {fin}, so that's the name now.", "After all that arguing, we settled on {fin}."]
PET_INC = [("had to get stitches after chasing a squirrel into a fence", ["stitches"], "needed stitches"), ("swallowed an entire sock and needed surgery", ["sock"], "swallowed a sock"),
    ("got stung by a wasp and {pp} whole face swelled up", ["wasp"], "got stung"), ("ate half a birthday cake off the kitchen counter", ["cake"], "ate a birthday cake off the counter"),
    ("fell in the canal chasing a duck", ["canal"], "fell into the canal")]
PET_INC_T = ["Drama this week: {fin} {inc}.", "So {fin} {inc}. All fine now, I'm the one who needs a lie-down.", "You won't believe this, {fin} {inc}.", "Vet bill of the year: {fin} {inc}.",
    "Small disaster: {fin} {inc}. Recovering fine, thankfully.", "{fin} {inc}. I'm never taking my eyes off {pp} again."]

RELS = {"sister": "f", "brother": "m", "cousin": "?", "best friend": "?", "aunt": "f",
        "old roommate": "?", "uncle": "m"}
REL_WHY = [("a job at the big hospital there", ["hospital"]), ("a PhD in marine biology", ["PhD"]), ("a job with a wine importer", ["importer"]),
    ("a research post at the observatory", ["observatory"]), ("a teaching job at the international school", ["international"]), ("a new restaurant {rs}'s opening with a friend", ["restaurant"])]
REL_T = ["My {rel} {rn} just moved to {city} for {why}.", "Did I tell you {rn}, my {rel}, has moved to {city}? It's for {why}.",
    "Family news: {rn} packed everything up and moved to {city} for {why}.", "{rn}, my {rel}, is officially living in {city} now. All for {why}.",
    "So my {rel} {rn} has relocated to {city}. It's for {why}, apparently.", "Guess who lives in {city} now? My {rel} {rn}! It's for {why}."]
OCCASIONS = [("40th birthday", ["40th"]), ("graduation", ["graduation"]), ("housewarming", ["housewarming"]), ("engagement party", ["engagement"]), ("first art show", ["art"]),
    ("citizenship ceremony", ["citizenship"]), ("book launch", ["launch"])]
VISIT_T = ["I'm flying out to see {rn} {when} for {rp} {occ}.", "Booked my tickets to visit {rn} {when}. It's {rp} {occ}!", "{rn}'s {occ} is {when}, so I'm going over for a long weekend.",
    "I'll be away {when}: {rn}'s {occ}. Wouldn't miss it.", "Just sorted the trip to see {rn} {when}. It's {rp} {occ}, so no excuses.", "Guess who's going to {rn}'s {occ} {when}? This one."]

FRIEND_JOBS = [("firefighter", ["firefighter"]), ("dentist", ["dentist"]), ("pastry chef", ["pastry"]), ("airline pilot", ["pilot"]), ("zookeeper", ["zookeeper"]), ("park ranger", ["ranger"]),
    ("sound engineer", ["engineer"]), ("florist", ["florist"]), ("midwife", ["midwife"]), ("stand-up comedian", ["comedian"]), ("locksmith", ["locksmith"]), ("vet", ["vet"])]
FRIEND_T = ["Had dinner with my friend {fn}. {fs_cap}'s {a_job} now, which explains all the stories.", "My mate {fn} is {a_job}, and {fs} just told me the wildest story about work.",
    "I met up with my friend {fn} yesterday. {fs_cap}'s been {a_job} for a year now and loves it.", "You'd like my friend {fn}. {fs_cap}'s {a_job} with the driest sense of humour.",
    "{fn}, my friend who's {a_job}, has invited me to {fp} birthday drinks.", "Spent the afternoon with my friend {fn}. Being {a_job} clearly suits {fo}."]
FRIEND_ACTS = [("paddleboarding", ["paddleboarding"]), ("foraging for wild garlic", ["foraging"]), ("to a comedy club", ["comedy"]), ("on a ghost tour of the old town", ["ghost"]),
    ("sea fishing", ["fishing"]), ("to a roller disco", ["roller"]), ("ice skating", ["skating"]), ("stargazing up on the moors", ["stargazing"]), ("go-karting", ["go-karting"]),
    ("to a drag brunch", ["brunch"]), ("wild swimming in the river", ["wild"])]
FRIEND_ACT_T = ["{fn} dragged me {act} at the weekend. I'm aching all over.", "So {fn} took me {act} on Saturday, which I never thought I'd do.",
    "I went {act} with {fn} a few days ago. Would absolutely do it again.", "Guess what {fn} and I did on Sunday? Went {act}. I'm a convert.",
    "Tried something new: {fn} took me {act}. Mixed feelings, but mostly fun.", "Yesterday {fn} and I went {act}. Best afternoon I've had in ages."]

INSTRUMENTS = ["violin", "cello", "trumpet", "clarinet", "flute", "saxophone", "harp", "trombone", "ukulele"]
KID_T = ["My {kr} {kn} has started {inst} lessons, so our evenings are now very loud.", "{kn} picked the {inst} at school, of all things. Pray for our ears.",
    "Kid update: {kn} is learning the {inst} and practising every single night.", "{kn} begged for {inst} lessons and we caved. It's actually quite sweet.",
    "So my {kr} {kn} wants to be a famous {inst} player now. Lessons started last week.", "Guess whose {kr} is learning the {inst}? {kn} has had three lessons and is already a diva about it."]
RECITAL_T = ["{kn}'s first recital is {when}. I'm more nervous than {ks} is.", "We've got {kn}'s school recital {when}. Bring earplugs, I'm told.",
    "{kn} is playing a solo at the end-of-term recital {when}!", "Big week coming: {kn}'s recital is {when}. {ks_cap}'s been practising nonstop.",
    "{When} is {kn}'s first proper recital. I've been told I'm not allowed to cry.", "I'm going to be a wreck {when}: {kn} has {kp} first recital."]

PARTNER_ROLES = [("head chef", ["head", "chef"]), ("deputy head teacher", ["deputy"]), ("senior vet", ["senior", "vet"]), ("consultant surgeon", ["surgeon"]), ("museum curator", ["curator"]),
    ("lead developer", ["developer"]), ("head gardener at the botanical gardens", ["gardener"]), ("station manager", ["station"]), ("editor of the magazine", ["editor"])]
PARTNER_T = ["My {pw} got promoted today, officially {a_role} now!", "Celebrating tonight: my {pw} is now {a_role}.", "Proud moment: my {pw} has been made {a_role}. Years of hard work.",
    "My {pw} just landed a new job as {a_role}, which is huge.", "So my {pw} is {a_role} now. I'm expecting free perks.", "Big week in our house: my {pw} started as {a_role}."]

DRINK_FROM = ["coffee", "black tea", "energy drinks", "double espressos", "fizzy drinks"]
DRINK_TO = [("decaf coffee", ["decaf"]), ("green tea", ["green"]), ("matcha", ["matcha"]), ("rooibos", ["rooibos"]), ("chai", ["chai"]), ("hot water with lemon", ["lemon"]),
    ("peppermint tea", ["peppermint"]), ("chicory coffee", ["chicory"]), ("kombucha", ["kombucha"])]
DRINK_WHY = [("I wasn't sleeping properly", ["sleeping"]), ("my doctor said my blood pressure was a bit high", ["pressure"]), ("the caffeine was making me jittery", ["jittery"]),
    ("I kept getting heartburn", ["heartburn"]), ("I was spending a fortune at the café", ["fortune"]), ("my hands were shaking at work", ["shaking"])]
DRINK_T = ["I've switched from {x} to {y}, because {why}.", "New me: no more {x}, it's {y} from now on. {Why}.", "I've given up {x} and gone over to {y}. Honestly, {why}.",
    "Small life change: {y} instead of {x} in the mornings. {Why}.", "You'd be proud. I swapped my morning {x} for {y}, since {why}.",
    "I'm a {y} person now, can you believe it? {Why}, so goodbye {x}."]
DRINK_UPD_T = ["The {y} experiment is over. I'm on {z} now and much happier.", "Turns out I can't stand {y} long-term, so it's {z} these days.",
    "Update from the drinks department: {y} is out, {z} is in.", "I caved, no more {y}. {Z} is my thing now.", "Actually, I've moved on from {y}. It's all {z} in the mornings now.",
    "We ended up with a new favourite in our house: {z}. Bye-bye {y}."]

FAVS = [
    ("comfort food", "comfort foods", [("ramen", ["ramen"]), ("lasagne", ["lasagne"]), ("dal", ["dal"]),
                                       ("pierogi", ["pierogi"]), ("shakshuka", ["shakshuka"]), ("macaroni cheese", ["macaroni"]),
                                       ("pho", ["pho"]), ("jollof rice", ["jollof"]), ("a proper roast dinner", ["roast"])]),
    ("board game", "board games", [("Wingspan", ["Wingspan"]), ("Azul", ["Azul"]), ("Carcassonne", ["Carcassonne"]),
                                   ("Catan", ["Catan"]), ("Codenames", ["Codenames"]), ("Scrabble", ["Scrabble"])]),
    ("ice cream flavour", "ice cream flavours", [("pistachio", ["pistachio"]), ("salted caramel", ["caramel"]),
                                                  ("stracciatella", ["stracciatella"]), ("mint choc chip", ["mint"]),
                                                  ("rum and raisin", ["raisin"]), ("black sesame", ["sesame"])]),
    ("kind of film", "films", [("heist films", ["heist"]), ("westerns", ["westerns"]), ("nature documentaries", ["documentaries"]),
                               ("romcoms", ["romcoms"]), ("horror films", ["horror"]), ("courtroom dramas", ["courtroom"])]),
    ("music to work to", "work playlists", [("film scores", ["scores"]), ("baroque music", ["baroque"]), ("lo-fi beats", ["lo-fi"]),
                                            ("Brazilian jazz", ["Brazilian"]), ("sea shanties", ["shanties"]), ("old soul records", ["soul"])]),
    ("breakfast", "breakfasts", [("porridge with peanut butter", ["porridge"]), ("eggs on toast", ["eggs"]),
                                 ("avocado toast", ["avocado"]), ("kimchi fried rice", ["kimchi"]), ("bircher muesli", ["muesli"]),
                                 ("a bacon sandwich", ["bacon"])]),
]
FAV_T = ["Honestly, my absolute favourite {cat}? {X}, every time.", "I've decided {x} is the best {cat}, no contest.", "You know me, I'll always pick {x} when it comes to {cats}.",
    "Can I confess something? My favourite {cat} is {x}.", "I'm completely obsessed with {x} at the moment. Best {cat} ever.", "If I could only have one {cat} for the rest of my life, it'd be {x}.",
    "Nothing beats {x} as far as {cats} go."]
FAV_Q = ["What is {N}'s favourite {cat}?", "Which {cat} does {N} like best?", "What {cat} would {N} pick over anything else?"]
PAIRS = [("mountains", "beaches", "mountain", "beach", "mountains", "beaches"), ("sunrises", "sunsets", "sunrise", "sunset", "sunrises", "sunsets"),
    ("trains", "planes", "train", "plane", "trains", "planes"), ("paperbacks", "e-readers", "paperback", "e-reader", "paperbacks", "e-readers"),
    ("rainy days", "heatwaves", "rainy-day", "heatwave", "rainy", "heatwaves"), ("early mornings", "late nights", "morning", "night-owl", "mornings", "nights")]
PAIR_T = ["I'd take {a} over {b} any day.", "Controversial, but {a} beat {b} every single time.", "Honestly? {A} over {b}, no contest.", "Team {a}, always. {B} just don't do it for me.",
    "I've realised I'm much more of a {a1} person than a {b1} person. Give me {a}.", "Given the choice between {a} and {b}, I'll pick {a} every time."]
DISLIKES = [("coriander", "herb"), ("olives", "food"), ("mushrooms", "food"), ("musicals", "kind of show"), ("karaoke", "activity"), ("camping", "activity"), ("mayonnaise", "condiment"),
    ("marzipan", "sweet"), ("beetroot", "vegetable"), ("liquorice", "sweet"), ("golf", "sport"), ("anchovies", "pizza topping")]
DISLIKE_T = ["I genuinely cannot stand {x}.", "{X}: my absolute nemesis, I'm sorry.", "Never ever give me {x}, I'll cry.", "I've tried, really I have, but I just hate {x}.",
    "Hot take: I'd happily never see {x} again.", "Everyone loves {x} except me, apparently. I can't bear it."]
DISLIKE_Q = ["What {cat} does {N} hate?", "Which {cat} can {N} not stand?", "Name the {cat} {N} really dislikes."]

BOOKS = [("the history of salt", ["salt"]), ("octopus intelligence", ["octopus"]), ("how mushrooms talk to each other", ["mushrooms"]), ("the early Antarctic expeditions", ["Antarctic"]),
    ("the invention of the printing press", ["printing"]), ("the secret lives of bees", ["bees"]), ("the history of maps", ["maps"]), ("volcanoes", ["volcanoes"]), ("the Silk Road", ["Silk"]),
    ("medieval cookbooks", ["medieval"]), ("the people who built the first lighthouses", ["lighthouses"]), ("the history of the bicycle", ["bicycle"]), ("the origins of chess", ["chess"]),
    ("crows", ["crows"])]
BOOK_T = ["I'm halfway through a book about {t} and it's weirdly gripping.", "Currently reading a whole book on {t}. Don't judge.", "My bedtime reading at the moment is all about {t}.",
    "I picked up a book about {t} at a charity shop and can't put it down.", "You'd love the book I'm on right now, it's about {t}.",
    "Reading update: I'm deep into a book about {t}. Fascinating stuff."]
BOOK_Q = ["What topic is the non-fiction book {N} has been reading?", "What subject is {N} reading up on lately?", "{N} mentioned a non-fiction read. What is it about?"]

GROUPS = [("a community choir", "the choir", ["choir"]), ("a bouldering club", "bouldering", ["bouldering"]), ("a salsa class", "salsa", ["salsa"]), ("a chess club", "chess club", ["chess"]),
    ("an improv group", "improv", ["improv"]), ("a rowing club", "rowing", ["rowing"]), ("a five-a-side football team", "football", ["football"]),
    ("a life drawing class", "life drawing", ["drawing"]), ("a woodworking course", "woodworking", ["woodworking"]), ("a knitting circle", "knitting", ["knitting"])]
GROUP_T = ["I joined {g}! We meet every {day} evening.", "New hobby alert: {g}, every {day}. I'm terrible and I love it.", "I've signed up for {g}. It's every {day} after work.",
    "So I've started going to {g} on {day} evenings. Very wholesome.", "Every {day} I'm at {g} now. Who even am I?",
    "I finally did what I kept threatening to do and joined {g}. {day} nights, seven till nine."]
QUIT_WHY = [("the sessions moved to seven in the morning, which is inhumane", ["inhumane"]), ("the fees doubled overnight", ["fees"]), ("the organiser turned out to be insufferable", ["organiser"]),
    ("my shifts changed and I'm on lates now", ["shifts"]), ("the venue closed down", ["venue"]), ("I realised I was dreading it every week", ["dreading"]),
    ("I hurt my back and the physio told me to rest", ["physio"])]
QUIT_T = ["I've quit {s}. {Why}.", "Sad news: no more {s} for me, {why}.", "So I actually stopped going to {s}, because {why}.", "I'm not doing {s} anymore. Long story short, {why}.",
    "Farewell, {s}. {Why}, so that was that.", "Turns out {s} wasn't meant to be: {why}."]

INJURIES = [("sprained my ankle", "sprain {pos} ankle", "ankle", "stepping off a curb", ["curb"]), ("hurt my wrist", "hurt {pos} wrist", "wrist", "falling off a scooter", ["scooter"]),
    ("cricked my neck", "crick {pos} neck", "neck", "sleeping on a terrible hotel pillow", ["pillow"]), ("twisted my knee", "twist {pos} knee", "knee", "playing squash", ["squash"]),
    ("pulled a muscle in my shoulder", "pull a shoulder muscle", "shoulder", "carrying a huge suitcase up the stairs", ["suitcase"]),
    ("broke my little toe", "break {pos} toe", "toe", "walking into the bed frame in the dark", ["frame"]), ("burnt my hand", "burn {pos} hand", "hand", "grabbing a hot pan by the handle", ["pan"])]
INJ_T = ["I {inj} {when} {cause}. So graceful.", "{When} I {inj} {cause}, so I'm taking it easy.", "Health update: I {inj} {when}, {cause}. Don't laugh.", "You'll laugh, but I {inj} {when}, {cause}.",
    "Small disaster: I {inj} {when} {cause}.", "Ugh, I {inj} {when}. {Cause}, of all things."]
ALLERGIES = ["peanuts", "kiwi", "penicillin", "birch pollen", "shellfish", "latex", "cashews", "strawberries"]
ALLERGY_T = ["Turns out I'm allergic to {x}. That explains a lot.", "The allergy test came back: {x}. Of all things!", "So that rash? Apparently I'm allergic to {x}.",
    "Doctor says I'm allergic to {x}, so that's out of my life now.", "Found out this week that I'm allergic to {x}. Devastated.", "Guess what I'm allergic to? {X}. Who knew."]

ITEMS = [("a second-hand road bike", "bicycle", "road bike", ["bike"], (150, 700)), ("a ridiculously fancy espresso machine", "coffee maker", "espresso machine", ["espresso"], (200, 900)),
    ("a standing desk", "sit-stand workstation", "standing desk", ["desk"], (150, 600)), ("an old upright piano", "musical instrument", "piano", ["piano"], (100, 900)),
    ("proper hiking boots", "walking footwear", "hiking boots", ["boots"], (90, 260)), ("a vintage leather armchair", "chair", "armchair", ["armchair"], (120, 700)),
    ("an air fryer", "kitchen gadget", "air fryer", ["fryer"], (60, 180)), ("a telescope", "stargazing gear", "telescope", ["telescope"], (150, 800)),
    ("a sewing machine", "machine for making clothes", "sewing machine", ["sewing"], (120, 450)), ("an inflatable kayak", "boat", "kayak", ["kayak"], (200, 600)),
    ("a record player", "turntable", "record player", ["record"], (90, 400)), ("a robot vacuum", "cleaning robot", "robot vacuum", ["vacuum"], (150, 500)),
    ("a pizza oven for outside", "outdoor oven", "pizza oven", ["pizza"], (180, 500)), ("noise-cancelling headphones", "headset", "headphones", ["headphones"], (120, 380))]
BUY_T = ["I finally caved and bought {item}. {price}, which I'm choosing not to think about.", "Treated myself to {item} for {price}.", "Don't tell anyone, but I spent {price} on {item}.",
    "Found {item} online for {price}, which felt like a steal.", "New purchase alert: {item}, {price}.", "I got {item} over the weekend. {price}! Worth every penny though."]
HABITS = [("swimming lengths before work", ["swimming"], "go to the pool"), ("going to a yoga class after work", ["yoga"], "do a stretching class"),
    ("doing a Portuguese lesson on my phone", ["Portuguese"], "practise a foreign language"), ("having a pizza night at home", ["pizza"], "have a homemade takeaway night"),
    ("calling my grandmother", ["grandmother"], "phone {pos} gran"), ("volunteering at the animal shelter", ["shelter"], "help out with rescued animals"),
    ("baking bread from scratch", ["bread"], "make {pos} own loaves"), ("going to the farmers' market", ["farmers"], "shop for local produce"),
    ("doing the crossword with my neighbour", ["crossword"], "solve puzzles with someone next door"), ("running with the local club", ["running"], "go jogging with a group"),
    ("going to a life-drawing session", ["life-drawing"], "sketch models"), ("playing badminton with colleagues", ["badminton"], "play a racket sport")]
HABIT_T = ["I've started {h} every {day}. Trying to be a functional adult.", "New routine: {h} every {day}. Three weeks in and still going!", "{day} is now officially for {h}. Non-negotiable.",
    "Every {day} I'm {h} now, if you ever wonder where I am.", "I've got into a nice habit of {h} every {day}.", "Current streak: eight weeks in a row of {h} every {day}."]
DISHES = [("a giant paella", ["paella"]), ("beef Wellington", ["Wellington"]), ("a lamb tagine", ["tagine"]), ("a Thai green curry", ["curry"]), ("a mushroom risotto", ["risotto"]),
    ("three kinds of dumplings", ["dumplings"]), ("a towering pavlova", ["pavlova"]), ("enchiladas", ["enchiladas"]), ("moussaka", ["moussaka"]), ("a huge fish pie", ["fish"]),
    ("a Persian jewelled rice", ["jewelled"]), ("a whole roast duck", ["duck"])]
COOK_OCC = [("my parents' 30th anniversary", "{pos} parents' anniversary", "nosib"), ("my in-laws' visit", "{pos} in-laws' visit", "partner"),
    ("my best friend's birthday", "{pos} best friend's birthday", ""), ("our street party", "the street party", ""), ("my book club", "{pos} book club", ""),
    ("my team at work", "{pos} colleagues", ""), ("a leaving do for my neighbour", "{pos} neighbour's leaving do", "")]
COOK_T = ["I made {dish} for {occ} {when}, and there wasn't a crumb left.", "{When} I cooked {dish} for {occ}. Four hours in the kitchen, totally worth it.",
    "Proud of myself: I pulled off {dish} for {occ} {when}.", "I attempted {dish} for {occ} {when}. Nobody got food poisoning, so a win.",
    "Cooking win: {dish} for {occ}, {when}. Everyone asked for the recipe.", "Guess who made {dish} from scratch for {occ} {when}? Me!"]
CARS = [("Skoda Octavia", ["Skoda"]), ("Volvo estate", ["Volvo"]), ("Fiat Panda", ["Panda"]), ("Toyota Yaris", ["Yaris"]), ("Mini Cooper", ["Cooper"]), ("Kia Niro", ["Niro"]),
    ("VW camper van", ["camper"]), ("Nissan Leaf", ["Leaf"]), ("Renault Clio", ["Clio"]), ("Ford Fiesta", ["Fiesta"])]
CAR_WHY = [("it kept breaking down", ["breaking"]), ("we needed something bigger", ["bigger"]), ("petrol was costing a fortune", ["petrol"]), ("the insurance went through the roof", ["insurance"]),
    ("someone reversed into it in a car park", ["reversed"]), ("it failed its MOT spectacularly", ["MOT"])]
CAR_T = ["{We} finally bought a car! A used {c}, nothing fancy.", "New-to-us car: a {c} with a suspicious amount of miles on it.", "I caved and got a second-hand {c}. Freedom!",
    "{We} picked up a {c} from a guy on the other side of town. It runs!", "So I'm a car owner now, a little {c}.", "Bought a used {c} this week. It already has a nickname."]
CAR_UPD_T = ["{We} sold the {c1} ({why}) and got a {c2} instead.", "Goodbye {c1}. {Why}, so it's been replaced with a {c2}.", "Actually, the {c1} is gone. {Why}. It's a {c2} now.",
    "Car update: the {c1} is gone, {why}. {We} ended up going with a {c2}.", "Turns out the {c1} was a mistake. {Why}. Say hello to the new {c2}.",
    "{We} traded the {c1} in for a {c2}, mostly because {why}."]

NEWS = """
yay|I finally finished the huge work report I've been moaning about for weeks. Submitted it an hour before the deadline.
yay|I fixed the dripping tap in the bathroom all by myself, with the help of a very patient video. ## yay|I cleared out my entire wardrobe and took four bags to the charity shop.
yay|I managed a whole week without ordering a single takeaway. New personal record. ## yay|I finally framed all those prints that have been leaning against the wall for two years.
yay|I gave a presentation to the whole department today and didn't die. ## yay|I got through my entire inbox today. Inbox zero. I may never achieve this again.
yay|My boss said my work on the new rota was "genuinely useful", which from her is basically a medal.
neutral|I've been rearranging the living room. The sofa now faces the window and everything feels different.
neutral|I've started making proper packed lunches instead of buying sandwiches. It's very smug of me.
neutral|We had a power cut on our street last night, so I read by candlelight like it was the olden days. ## neutral|I've been trying to learn a few card tricks. I can do exactly one, badly.
neutral|A colleague brought her baby into work today and nobody did any work at all. ## neutral|I spent the afternoon helping a friend paint her new flat. I still have paint in my hair.
neutral|I found a really good second-hand bookshop tucked behind the station. Lost two hours in there.
neutral|I signed up for a newsletter about local history and now I know far too much about old tram lines. ## neutral|Work moved us to a new floor and now I sit next to a window. It's changed my life.
neutral|I had my check-up at the dentist. No fillings, so I'm celebrating with chocolate. ## neutral|I've started leaving my phone in the kitchen at night. Sleeping much better already.
neutral|I've been batch cooking at the weekend so I don't have to think about dinner during the week. ## neutral|My manager is leaving and the new one seems nice, so fingers crossed.
neutral|I met up with some old school friends I hadn't seen in years. Nobody has changed at all.
neutral|I've been walking to work instead of getting the bus. It's forty minutes of podcasts and I love it.
neutral|I went to see a local play a colleague was in. She was brilliant, the play was very long.
neutral|I've been writing actual letters to my grandparents. They reply in the most beautiful handwriting. ## neutral|I tried a new hairdresser and spent the whole hour hearing about her divorce.
bad|The washing machine flooded the kitchen at the weekend. I spent the evening surrounded by towels. ## bad|Someone scratched the front door of our building with a key. Everyone's furious.
bad|I've had a horrible cold for about ten days. I'm mostly tissues at this point. ## bad|My laptop died in the middle of a deadline and I lost a whole afternoon of work.
bad|I locked my keys in the car at the supermarket. Very embarrassing phone call to make. ## bad|There's been a leak from the flat upstairs and now our ceiling has a brown patch shaped like Italy.
bad|I had a terrible week at work. One of those where every single thing goes slightly wrong. ## bad|I dropped my phone down the stairs and the screen looks like a spider's web now.
bad|I got caught in a downpour without a coat and had to sit through a meeting soaking wet. ## grr|My weekend plans fell through, so I've mostly been tidying and watching old films.
grr|The strike meant I worked from home all week. My kitchen table is now an office. ## grr|They've dug up the road outside for the third time this year. Nobody knows why.
grr|The heating in the office is broken, so we're all working in our coats. ## grr|I've been put on a project nobody wants. I'm trying to see it as character building.
gotit|I finally replaced my old mattress. I didn't realise how bad the old one was. ## gotit|I treated myself to a fancy candle that smells like a library. No regrets.
gotit|I bought a new set of saucepans, which is the most grown-up thing I've ever done. ## gotit|I got a tiny herb garden kit for the windowsill. So far nothing has died.
gotit|I bought a proper umbrella, the sturdy kind. Feels like a big life upgrade. ## change|I've switched banks after fifteen years. Very boring, but I feel like a new person.
change|I've decided to stop checking work emails after seven. Day three and it's going well. ## change|I've moved my desk into the spare room, so I finally have a door I can close during calls.
change|I cut my hair really short. It's been a shock to everyone, including me. ## change|I've started saying no to extra work projects. My manager looked stunned.
yay|I ran my first meeting as chair today and we finished ten minutes early. Unheard of. ## yay|I finally learned to parallel park properly. Took me long enough.
yay|I made it to the gym three times this week, which is three more than last week. ## yay|I fixed the wobbly leg on the kitchen table with a folded beer mat and pure engineering genius.
yay|A stranger complimented my coat today and I've been riding that high ever since. ## yay|I got a thank-you card from a client, which never happens. It's on the fridge now.
neutral|I spent the whole of Sunday sorting out my paperwork. Very dull, very satisfying. ## neutral|My friend had her birthday at a bowling alley and I was shockingly bad. Lowest score by miles.
neutral|I helped a neighbour carry a sofa up four flights of stairs. My arms have given up. ## neutral|I've started doing ten minutes of stretching every morning. My back is grateful.
neutral|I spent a whole evening sorting my spice rack alphabetically. No regrets. ## neutral|We had a leaving party for someone at work and the cake had her face printed on it. Deeply unsettling.
neutral|I went to a lecture at the museum about old shipwrecks. Fascinating, and free. ## neutral|My old school friend got in touch out of nowhere and we talked on the phone for two hours.
neutral|I've been trying to cook one new recipe a week. So far one success, one disaster. ## neutral|I babysat my friend's twins for an afternoon. I have never been so tired in my life.
neutral|I did a big supermarket shop and came home to realise I'd forgotten the one thing I went for. ## neutral|I've been sleeping with the window open and I swear it's made a difference.
neutral|My landlord finally replaced the ancient fridge. It's silent now and I miss the humming. ## neutral|There was a street party on the next road and I ended up staying for hours.
neutral|I've started a little savings jar for a rainy day. It currently contains four coins and a button. ## neutral|I spent the afternoon at the allotment of a friend, pulling up weeds and gossiping.
neutral|I had a long lunch with my old manager. She's retired now and has never looked happier. ## bad|I sliced my thumb chopping onions and bled all over the chopping board. Very dramatic.
bad|My train home was cancelled and I had to get three buses. Got home at ten. ## bad|My favourite mug broke this morning. I know it's just a mug, but I'm in mourning.
bad|Somebody took my lunch from the work fridge. Labelled and everything. ## bad|I've had a migraine for two days and I'm only just starting to feel human.
bad|My internet provider put my bill up again without telling me. I spent an hour on hold. ## grr|The neighbours have had builders in for a month, drilling from eight every morning.
grr|I've been stuck doing everyone's expenses at work this week. Thrilling stuff. ## grr|The dentist cancelled my appointment for the third time. I'll have teeth like a pirate at this rate.
grr|The people next door have started learning the drums. Slowly. ## gotit|I finally bought a decent pair of trainers and my feet have never been happier.
gotit|I got a new duvet, the heavy kind. It's like being hugged by a cloud. ## gotit|I bought a second-hand bread bin. It's very cheerful and yellow.
change|I've started working from the library two days a week. So much more productive. ## change|I deleted social media from my phone for a month. Day nine and I feel very smug.
change|I've started cycling to the station instead of driving. Ten minutes, very virtuous. ## change|I've switched to doing my food shop online. Life-changing, and I buy fewer biscuits.
"""
MISC = [("I finally learned to juggle. Three balls, about ten seconds, but it counts.", ["juggle"], "What circus skill has {N} picked up?", "paraphrase"),
    ("I've started growing chillies on the windowsill. Three plants, very spicy.", ["chillies"], "What is {N} growing on {pos} windowsill?", "fact"),
    ("My neighbour taught me how to make proper Turkish coffee.", ["Turkish"], "What did {N}'s neighbour teach {obj} to make?", "fact"),
    ("I entered a photography competition with a picture of a heron.", ["heron"], "Which bird was in the photo {N} entered into a competition?", "paraphrase"),
    ("I've started volunteering as a reading buddy at the local primary school.", ["buddy"], "What volunteering does {N} do at the primary school?", "fact"),
    ("I won the meat raffle at the pub. An entire ham!", ["ham"], "What did {N} win in the pub raffle?", "fact"),
    ("I've taken up bird-watching, mostly because of the woodpecker that visits our bird feeder.", ["woodpecker"], "Which bird got {N} into bird-watching?", "fact"),
    ("I dropped my grandad's old watch on the beach and a stranger found it with a metal detector.", ["detector"], "How did {N} get {pos} grandad's watch back?", "reason"),
    ("The council finally put a zebra crossing outside our house.", ["zebra"], "What did the council install outside {N}'s house?", "paraphrase"),
    ("I finally got my grandmother's recipe for apricot dumplings.", ["apricot"], "Which family recipe did {N} finally get hold of?", "fact"),
    ("I built a bird box and a pair of robins moved in within a week.", ["robins"], "Which birds moved into {N}'s bird box?", "fact"),
    ("I'm doing a photo-a-day challenge, all on my grandad's old Polaroid.", ["Polaroid"], "What kind of camera is {N} using for {pos} daily photo project?", "paraphrase"),
    ("Someone at work nominated me for an award for the recycling scheme I set up.", ["recycling"], "What got {N} nominated for an award at work?", "reason"),
    ("I learned to change a tyre on a video call with my uncle.", ["tyre"], "What car skill did {N} learn over a video call?", "paraphrase"),
    ("I got a letter published in the local paper, complaining about potholes.", ["potholes"], "What did {N}'s letter to the local paper complain about?", "fact"),
    ("I've started taking the stairs at work instead of the lift. Nine floors!", ["stairs"], "How has {N} been getting up to the office lately?", "paraphrase")]


# --------------------------------------------------------------------------------------------
# chit-chat pools.  Lines are "opener || reply | reply || optional final | final".
GENERIC = """
What did you have for dinner tonight? I'm trying to get ideas because I'm bored of everything I make. || Cheese on toast, if I'm honest. Peak adulthood, I know, but it hit the spot. | Leftovers, heated up twice because I forgot about them the first time. Very glamorous. | Something with lentils that looked much better in the recipe photo than on my plate.
Ugh, Mondays. I spilled coffee on myself before nine and it went downhill from there. || Tell me about it. Mine started with the toaster setting off the smoke alarm. | Same. I've been counting down to the weekend since about half past nine this morning. | Honestly, mine wasn't even that bad, which makes me deeply suspicious about the rest of the week.
Any plans for the weekend, or are you keeping it free? || Absolutely none, and I intend to protect that with my life. | Laundry, mostly. Living the dream. Maybe a film if I can stay awake. | A long walk if it stays dry, a nap if it doesn't. Very ambitious.
Have you listened to any good podcasts lately? I've run out and my commute is silent. || There's one where two comedians rank sandwiches. It's stupid and I adore it. | I'm stuck on an endless history one, episode ninety-something, and I can't stop now. | Not really. I've gone back to listening to the radio like a grandad, and I like it.
Our neighbour's parrot has learned to copy my phone's ringtone. I keep answering nobody. || Haha no way. That's pure chaos and I love it. | That's amazing and also a living nightmare. You'll never know when it's really your phone. | Stop, that's brilliant. You need to record it.
Someone on our street has started leaving free books in a little box by their gate. I've already taken three. || I love that so much. Take all of them, that's the rule. | That's the most wholesome thing I've heard all week. We need one of those here. | Honestly, that's the kind of neighbourhood thing that restores my faith in people.
The pigeons on the balcony are back, and this time they've brought friends. || They know you're a soft touch. Start charging them rent. | Ha! Pigeon squatters. You'll never get rid of them now. | Honestly, at this point they're family. Give them names.
A fox walked straight past me on the way home last night like it owned the place. Didn't even look at me. || It probably does own the place, to be fair. They're so cheeky in towns. | That's wild. I hope you at least said good evening. | Foxes have the confidence I wish I had.
I accidentally replied to a company-wide email today. I'm still recovering. || Oh no. Please tell me it was nothing embarrassing? | Classic. Everyone's done it at least once. What did it say? | I'm laughing, sorry. How bad was it? || Just "thanks, love you". To three hundred people. | Mercifully it was only "ok". Still mortifying though. | It was a thumbs up. On a message about redundancies. Not great.
I have reached the age where a new sponge genuinely excites me. It's a good sponge, to be fair. || Welcome. We have very good sponges here. | Same. Last week I got excited about a new mop and told everyone about it. | Honestly, it's the small things. I bought new tea towels and felt like a queen.
My phone updated itself in the middle of a call today, so I just vanished mid-sentence. || They always know the worst possible moment. | Classic. Mine does it when I'm lost and need a map. | Technology hates us, it's official.
The corner shop has started stocking the good crisps again. I bought four bags, just in case. || Small joys! Very sensible stockpiling. | Finally, some good news. Hide them from everyone. | Smart. They'll vanish again the moment you stop paying attention.
I locked myself out this morning and had to wait for a locksmith in my slippers. For an hour. || Oh no, that's a very specific kind of misery. | The slippers make it so much worse. Were they at least nice slippers? | Haha, please tell me somebody took photos. || They have cartoon sheep on them, so no, not nice. | The fluffy ones. Half the street saw me.
There's a man in our building who whistles the same three notes every single morning. || That would drive me up the wall within a week. | Maybe he only knows three notes. Teach him a fourth, as a gift. | Honestly, I'd start whistling back and see what happens.
I tried to build a shelf without reading the instructions. It leans, but it's standing. || Leaning is a style choice. Very artistic. | Honestly, that's character. Nobody will notice. | I'm impressed it stands at all. I'd have ended up with a pile of screws.
Our internet has been dropping out at the same time every evening, right when I sit down to watch something. || Ours did that for a month and it was maddening. | Try threatening it. Works on my printer. | It's like clockwork, isn't it? They do it on purpose, I swear.
A kid on the bus today explained the entire plot of a video game to me, unprompted, for twenty minutes. || Haha, I hope you got a review score at the end. | Honestly, that's the best kind of bus journey. | That's adorable. Did you follow any of it? || Not a word, but I nodded the whole way. | Absolutely not, but I'm invested now.
My houseplant is thriving and I have no idea why. I completely ignore it. || That's the secret. Neglect. Don't change a thing. | Plants are like cats, they like being ignored. | Mine die if I even look at them, so I'm jealous.
Somebody keeps leaving a single shoe on the wall outside our building. A different shoe every week. || That's deeply sinister. I need weekly updates now. | There's a story there and I need to know what it is. | Honestly, that's the best mystery I've heard in ages.
The bin lorry woke me up at six doing what sounded like a drum solo. || Every single week, right? Ours comes at half five. | Ha, free alarm clock. I feel your pain though. | They must be doing it on purpose at this point.
I spent twenty minutes looking for my glasses this morning. They were on my head the entire time. || Classic. I've done that twice this week with my phone. | That's the most relatable thing you've ever said. | Ha! Age is catching up with both of us.
I fell asleep on the sofa at half eight last night like a pensioner. || Honestly, that's living the dream. | Same, most nights. No shame in it. | That's self-care, that is. Very underrated.
I'm fairly sure the people upstairs have taken up tap dancing. Every evening, same routine. || Go up and ask to join. Make it a building activity. | That's the funniest thing I've heard all day. | At least it's rhythmic. Could be worse, could be the drums.
I had a full conversation with a stranger about tomatoes at the bus stop this morning. || I hope they were good tomatoes, at least. | Love that. Bus stop friends are the best kind of friends. | That's the most you thing I've ever heard.
I keep getting adverts for things I've only ever mentioned out loud. It's starting to freak me out. || Creepy, isn't it? Mine are all about lawnmowers for some reason. | Don't say anything expensive near your phone. | I've stopped talking near mine. Just in case.
Random question, because we got into an argument at work: cereal first or milk first? || Cereal first, obviously. I'm not a monster. | I refuse to engage with this. It ends friendships. | Milk first, and I'll defend it to the end.
Important question: what's the best biscuit for dunking? This is causing a real rift in my house. || Ginger nuts, no debate. They survive anything. | Anything that doesn't collapse on contact, which rules out most of them. | A digestive, and I won't be taking questions.
Would you rather always be ten minutes late or always twenty minutes early? || Early, sadly. I'm a born waiter-arounder. | Late. Life's too short to sit in car parks. | Early, because then I can judge everyone else arriving.
What's the last thing that made you laugh out loud? I need something, it's been a long day. || A video of a goat yelling at a tractor. I've watched it about thirty times. | My own typo in a work message, honestly. I wrote "best wishes" as "beast wishes". | My neighbour chasing his hat down the road in the wind.
Are you a hot water bottle person or an electric blanket person? It's a serious question. || Hot water bottle, forever. It's like a little friend. | Electric blanket. I'm not living in the past. | Both, at the same time. No shame.
Do you ever reread your old messages and cringe? I found some from years ago today. || Constantly. Past me was a lot. | Never. I don't look back, it's healthier. | Only every single day. Please don't send me any of mine.
Be honest: do you fold your socks or just throw them in a drawer? || Drawer. Chaos. It works for me. | I roll them. I'm basically a professional. | I don't even pair them, honestly. Odd socks are a lifestyle.
What's stuck in your head at the moment? Mine has been the same song for three days. || Some advert jingle. I don't even know what it's for. | The theme tune from a kids' show I haven't watched in years. | A song I don't even like. Send help.
Do you still write lists for everything, like you used to? || Lists for my lists. Nothing has changed. | Less than I should, and it shows. | Yes, and then I lose them, which defeats the point.
I've been trying to cut down on screen time. It's going terribly. || Same. My weekly report is an act of violence. | Ha, I gave up on that months ago. | At least you tried. That counts for something.
My laptop has started making a noise like a tiny aeroplane every time I open more than two tabs. || That's its way of asking for retirement. | Give it a little rest, poor thing. It's tired. | Mine sounds like a hairdryer. Solidarity.
I've decided to become a morning person. Day one went terribly. || Classic day one. It gets worse before it gets better. | Morning people are a myth, I'm convinced. | I tried that once. Never again.
My to-do list has its own to-do list now. I think I've lost control. || That's very organised chaos. | Relatable. Mine has sub-sections. | Mine is mostly crossed-out things I never did.
Do you remember that awful karaoke bar we went to years ago? I walked past it today. || How could I forget. I still have the emotional scars. | The one with the sticky floor? Vividly. | Is it still open? That place was a health hazard.
Work has been a complete circus this week. Everyone wants everything yesterday. || That sounds exhausting. Hang in there. | Classic. It's the same everywhere at the moment. | Ugh. The weekend is close, hold on.
Someone at work booked a meeting to plan the next meeting. I'm not even joking. || Peak office life. | I'd have walked out on principle. | The meeting about the meeting. Beautiful.
The printer at work has achieved consciousness and chosen evil. || They always do, eventually. | Unplug it and run. | Ours has been jammed since spring. We've accepted it.
I spent an hour today on a spreadsheet that nobody will ever open. || The most important work of all. | That's the job, sadly. | Solidarity. I did exactly the same thing yesterday.
Someone microwaved fish in the office again. The whole floor smells of it. || Criminal behaviour. There should be a law. | Every office has one of those people. | Open all the windows and name and shame.
I've got a cold and my voice sounds like a foghorn. || Oh no. Honey and lemon, and go to bed early. | Rest up! Blanket, sofa, terrible TV. | Poor you. Please don't go in tomorrow.
I bought a new pen today and honestly it's changed my life. It writes so smoothly. || I love how little it takes to make us happy. | A good pen is everything. Guard it with your life. | Ha, tell me more about this magical pen.
I finally cleaned out the junk drawer. Found four keys that open nothing. || Every house has those keys. It's a law of nature. | Keep them, just in case. You never know. | That's very satisfying though. I'm inspired.
Do you ever just stand in the kitchen eating crackers and call it dinner? || More often than I'd like to admit. | Every other night, basically. | That's a balanced meal if you add a bit of cheese.
The group chat has been unbearable this week. Two hundred messages about a birthday card. || Which one? They're all unbearable. | Mute it and live your life. | I left ours years ago and I've never been happier.
I've been doing that thing where you clean the whole house instead of doing actual work. || Procrastination cleaning! Very effective. | At least the house is tidy now. | I did that yesterday. Cleanest flat in the country.
My mum sent me a voice note that lasted eleven minutes. I haven't finished it yet. || Eleven minutes! That's a podcast, not a voice note. | I bet there wasn't even a point to it. | Mine do that too. It's a generational thing.
I've started talking to myself out loud while cooking. Is that normal? || Totally normal. I narrate like a TV chef. | As long as you don't start answering yourself. | Everyone does that. I think.
I tried to get an early night and ended up reading until one in the morning. || Classic. That's the trap. | Worth it if the book was good. | That's the best kind of bad decision.
Did you hear the old cinema in town is being turned into flats? || Yes, and it's so sad. I loved that place. | Nooo. Everything is flats now. | That's a real shame. I saw so many films there.
There's a new bakery near me and it's dangerous. I've been in four times this week. || Dangerous in the best way, I assume. | I'll need the address for research purposes. | Ah, the perfect kind of danger.
I got a parking ticket for being four minutes over. Four minutes! || That's cruel. They're so quick these days. | Ugh, I'm sorry. That's daylight robbery. | Appeal it. Four minutes is nothing.
My neighbour has put up a flag for a sports team I've never heard of. || Maybe he invented the team. | Ask him about it, you'll make his day. | Ha, I love a mystery flag.
I've got a new favourite word: "discombobulated". It describes my whole week. || Great word. Very fitting. | I feel that word in my bones. | Use it in a meeting, I dare you.
Is it weird that I say thank you to the self-checkout machine? || I do it all the time. | Only if it says thank you back. | It's polite. Keep doing it.
I found a photo of us from years ago today. The haircuts! || Please delete it immediately. | Send it to me right now. | I've blocked that haircut from my memory.
Someone knocked on my door today to ask if I'd seen their tortoise. || Had you? Please say yes. | That's the best sentence I've read all week. || Sadly not. I'm keeping an eye out though. | No, but I looked under every bush on the street.
My downstairs neighbour has started growing tomatoes on the front steps. The whole building is invested. || I love a communal vegetable. | That's so lovely. Report back on the harvest. | Ha, the tomato watch begins.
I tried one of those online workout videos. The instructor was far too cheerful for my liking. || They always are. It's suspicious. | Did you finish it? || Most of it. I lay on the floor for the last bit. | Absolutely not. I gave up at the star jumps.
I've been sorting through old photos on my phone. I have four thousand pictures of the sky. || The sky deserves it, honestly. | That's very you. | Mine are all screenshots of things I never read.
The lift in my building has been broken for a week. My legs have never been stronger. || Silver linings. | Free gym membership, basically. | That sounds awful, I'd just move in downstairs.
I went to the supermarket for milk and came out with forty quid of snacks. No milk. || Classic. It happens to the best of us. | The supermarket always wins. | Honestly, sounds like a successful trip to me.
Is it just me, or is everyone exhausted at the moment? || It's definitely not just you. | Everyone I know is running on empty. | I think it's the time of year. Everyone's flagging.
I've started doing a jigsaw puzzle. A thousand pieces. Of a sky. I regret everything. || That's a cry for help. | A sky! Why would you do that to yourself? | Very relaxing, I'm sure.
Our building had a fire drill today in the pouring rain. Forty of us under one tiny porch. || Lovely bonding experience. | That's about how all fire drills go. | At least it was only a drill.
I overheard two kids arguing about whether fish get thirsty. I've been thinking about it all day. || Honestly, a great question. | I need to know the answer now too. | That's the kind of thing that keeps me up at night.
My neighbour's cat has started coming in through the window and sleeping on my bed. I don't even have a cat. || You have a cat now. That's how it works. | Honestly, that's an honour. Cats choose their people. | Don't tell the neighbour, just enjoy it.
I tried to make a smoothie this morning and forgot to put the lid on the blender. || Oh no. How far did it get? | Classic. The ceiling too? || Everywhere. I found a bit of spinach on the lampshade later. | Ceiling, curtains, me. A full redecoration.
I've started saying "let's circle back" in meetings and I hate myself a little bit. || It happens to the best of us. Corporate speak is contagious. | Next you'll be saying "touch base". | Ha, there's no cure, I'm afraid.
There's a man at the bus stop every morning who does tai chi while he waits. It's very calming. || I love him already. | Join in one day. Make it a bus stop class. | That's the kind of energy I need in my mornings.
I walked into a glass door at the shopping centre today. In front of a school trip. || Oh no. The kids must have loved it. | That's a core memory for thirty children now. | I'm so sorry, but I'm also laughing.
I went through my old school reports today. Apparently I "talk too much in class". Shocking. || Some things never change. | I'm not surprised at all, and I say that with love. | Mine all said "could try harder". Accurate.
I spent ages today trying to remember the name of an actor. It came to me at two in the morning. || That's the worst feeling. | The brain works on its own schedule. | Ha, the two in the morning answer is a classic.
The café by work has started writing terrible puns on their chalkboard every day. || I love a terrible pun. | Please send me a photo of the best one. | That would make my day, honestly.
I tried to be healthy and bought a load of vegetables. Half of them are now going soft in the fridge. || The fridge is where good intentions go to die. | Soup. Everything can become soup. | Same every single week.
My phone autocorrected "see you soon" to "see you spoon" in a message to my boss. || Perfect. No notes. | Did they reply? || Just a spoon emoji. I respect it. | Nothing. I'm choosing to believe they didn't notice.
I found a forgotten twenty in an old coat pocket today. Best moment of the week. || Free money! Treat yourself. | That's the universe saying well done. | The best feeling. Like a gift from past you.
Someone in our building has started leaving notes about the recycling. Very passive aggressive notes. || Ooh, the note wars. My favourite. | Please tell me they're signed. | Every building has one. It's the law.
I've been listening to rain sounds to fall asleep and now I can't sleep without them. || You've created a monster. | Honestly, that's a small price to pay. | I do the same with ocean sounds.
I went to a wedding fair with a friend and ate about forty free samples of cake. || That's the real reason to go. | No regrets there. | Forty is impressive. I'd have stopped at thirty.
I tried to assemble a flat-pack wardrobe alone. There's a spare bit. Nobody knows where it goes. || Keep it in a drawer. Every house has one. | It's probably fine. Probably. | As long as the doors close, it's a success.
I've been doing a daily word puzzle and I'm far too competitive about it. || Same. My whole family compares scores. | It's the highlight of my morning. | Ha, I refuse to start, I know I'd get hooked.
My upstairs neighbour plays the same song on the piano every evening, and it's getting better. || That's quite sweet, actually. | Clap next time they finish. | It's like a very slow concert.
I got stuck in a lift for twenty minutes today. I made friends with a man carrying a cake. || That's the best possible lift companion. | Did you get any cake? || Sadly not. It was for his mum. | A tiny slice, yes. Worth the whole ordeal.
I've decided I'm going to learn the names of all the trees on my walk to work. I know three so far. || Three is a great start. | That's such a lovely idea. | I only know oak, and I'm not even sure about that.
I accidentally wore two different shoes to work today. Nobody said anything until three o'clock. || Honestly, impressive that it took that long. | Call it a fashion statement. | That's such a you thing to do.
There's a new dog in our building who howls every time the doorbell rings. || Ha, a very loud doorbell assistant. | That's adorable and also awful. | At least you'll never miss a delivery.
I've been trying to drink more water. I now need the loo every twenty minutes. || The price of good health. | That's the problem, isn't it? | Ha, nobody warns you about that part.
My colleague brought homemade biscuits in today and they were so good I asked for the recipe. || That's a good colleague. Keep them. | Did she give it to you? || She said it's a family secret. Rude. | Yes! I'm going to attempt them this weekend.
I've got really into watching videos of people restoring old tools. It's strangely soothing. || I know exactly the ones you mean. | Honestly, that's a very healthy hobby. | Rust removal is oddly satisfying.
I saw a man walking a rabbit on a lead today. Just casually. || I need to know more. | That's the best thing I've heard all day. | Was the rabbit enjoying it?  || It looked very unimpressed. | It seemed to be in charge, honestly.
My local library has started lending out tools and board games as well as books. || That's brilliant. Libraries are the best. | Honestly, that's the future. | I'd borrow a drill and never return it.
I've been getting up early to watch the sunrise. Twice. I'm counting it as a habit. || Two counts. | That's very wholesome. | Ha, I'd manage once and then never again.
The guy at the corner shop now knows my order and has it ready before I ask. || You've made it. You're a regular. | That's the dream, honestly. | A sign you go there too often, maybe.
I went to a pub quiz on a whim and came second to last. || Second to last is still not last! | Respectable. | What did you get wrong? || Everything about geography. | All the music questions. Every single one.
I cleaned the oven for the first time in about a year. I'm not going to describe it. || Please don't. | Brave. Very brave. | I admire your courage.
My mum has discovered voice messages and now sends me five a day. || Five! That's a radio show. | Mine only sends them at six in the morning. | Honestly, that's quite sweet.
I bought a plant that was labelled "impossible to kill". It's looking a bit sad. || Challenge accepted, apparently. | Move it to the window, they like the light. | They always say that. It's a lie.
I overheard someone on the train explaining their whole breakup on the phone. I know everything. || Ooh. Did it end well? | That's free entertainment. | I'd have missed my stop listening. || Unclear. The signal went in a tunnel. | Honestly, I think they're better off.
A neighbour knocked on my door to return a parcel that had been delivered to her six weeks ago. || Better late than never. | Six weeks! What was in it? || Socks I'd completely forgotten ordering. | A birthday present. For a birthday that's long gone.
I've started writing a list of things that made me smile each day. Today it was a dog in a raincoat. || That's such a good idea. | The raincoat dog is a strong entry. | I might steal that idea.
I tried to cut my own fringe. I won't be doing that again. || Oh no. How bad? || Let's just say hats are my friends now. | Very short, very wonky.
There was a brass band playing in the square today for no obvious reason. || The best kind of surprise. | I love a random brass band. | That must have been lovely.
Work has a new coffee machine that makes twenty kinds of drinks and nobody knows how to use it. || That's modern life. | Just press buttons until something happens. | Ours makes a noise like a jet engine.
I realised today I've been pronouncing a word wrong for my whole life. || Which word? || Quinoa. Don't ask. | Epitome. Years of saying it wrong.
I tried meditating this morning. I spent the entire ten minutes thinking about toast. || That still counts, I think. | Toast is a valid thing to meditate on. | Ha, same. My brain never switches off.
A pigeon walked onto the bus today, rode two stops and got off. Very calm about it. || Commuter pigeon! | He clearly knew where he was going. | That's more organised than me.
I've reorganised my whole bookshelf by colour. It looks amazing and I can't find anything. || Beauty over function, always. | That's the trade-off, isn't it? | Worth it for the photos.
Someone at work has started a sweepstake on when the broken lift will be fixed. || What did you bet? || Next spring. I'm a realist. | Never. I think I'll win.
My neighbour's kid has learned to whistle and now it's all he does. All day. || Good for him, bad for you. | That's a phase, it'll pass. Eventually. | Ha, the joy of a new skill.
I've started leaving the house ten minutes earlier and I'm still somehow late. || It's a law of physics at this point. | Same. Time just bends around me. | Maybe try twenty?
I went to the post office and the queue was so long I made two friends. || The post office queue community is strong. | That's the most wholesome queue story ever. | I hope they were at least interesting friends.
I found out today that one of my colleagues used to be a professional magician. || Please tell me he does tricks at meetings. | That's amazing. I need details. | Everyone has a secret past, apparently.
I spent my lunch break watching the window cleaners on the building opposite. Very relaxing. || Honestly, that sounds nice. | There's something soothing about it. | Cheaper than therapy.
The ice cream place by the park has a flavour called "cereal milk" and I have questions. || Did you try it? || Of course. It was incredible. | Not yet. I'm building up to it.
I've been getting into crosswords on my commute. I've finished exactly one. || One is one more than me. | Cryptic or normal? || Normal. Cryptic ones make me want to cry. | Cryptic, and it took me a week.
My washing line snapped and my clothes ended up in the neighbour's hedge. || Oh no. I hope you got them back. | That's a very public laundry situation. | Classic. The hedge always wins.
Someone left a piano in the station for anyone to play and a guy was playing jazz standards. || I love those station pianos. | That must have been lovely on the way home. | Honestly, that would make my whole day.
I've been trying to eat more vegetables, so I'm sneaking spinach into everything. Even pancakes. || Green pancakes are a bold choice. | That's dedication. | Your body is thanking you, probably.
My mum's started a book club and it's mostly wine and gossip. || That's what all book clubs are. | Honestly, that sounds perfect. | Does anyone actually read the books?
I accidentally joined a work video call with a filter that made me look like a potato. || Oh no. Did anyone notice? || Everyone. My boss took a screenshot. | It took me four minutes to turn it off.
The clocks changing has completely destroyed me this week. || Same. I've been yawning since Monday. | It takes me a whole week to adjust. | It's the worst twice a year.
I've decided to learn one new word a day. Today's was "petrichor". || The smell of rain! Great word. | Very fancy. I'm impressed. | Use it in a sentence at work.
Our local pub has started doing a dog menu. Actual food for dogs. || That's brilliant. | Dogs eating better than me. | What's on it?  || Sausages, mostly. And a biscuit platter. | Something called a puppuccino.
I went to buy one book and came home with five. The shop was having a sale. || That's just good sense. | Books don't count as shopping. | Five is restrained, honestly.
My phone's storage is full and I refuse to delete any photos. It's a stalemate. || Everyone's in that stalemate. | Just buy more storage. It's easier. | I have three thousand photos of my lunch.
I've been to the same café three times this week and the barista now calls me "the usual". || You're a regular! | That's a big life achievement. | I love being known at a café.
I took the scenic route home today. It added forty minutes and was completely worth it. || The best kind of detour. | That sounds lovely. | Good for the soul.
The wind last night blew my neighbour's trampoline into our garden. || Did you give it back? | Free trampoline! || Eventually. I had a go first. | Not yet. It's in our garden now.
My boss sent an email at eleven at night and then one at five in the morning. Does she sleep? || Some people run on coffee alone. | That's terrifying. | Don't reply to either. Set boundaries.
I tried a calligraphy class. My letters look like spiders. || Spiders are a font, I'm sure. | First tries always look like that. | I'd love to see the spider letters.
I went to a car boot sale and bought a lamp shaped like a pineapple. No idea why. || Every home needs a pineapple lamp. | Send me a photo immediately. | That's the best purchase you've ever made.
There's a man on my street who has been building a boat in his driveway for three years. || I need updates on this boat. | I need to know where he plans to sail it. | That's commitment.
I've started falling asleep to audiobooks, so I have no idea how any of them end. || That's a whole new genre. Mystery endings. | Ha, I do the same thing. | At least you sleep well.
My phone keeps suggesting I call a plumber I used once three years ago. || It knows something you don't. | Maybe it's a sign. | Phones have weird memories.
I bumped into my old geography teacher in the supermarket. She remembered my name. || Terrifying and flattering. | Teachers never forget. | Did she ask about your homework?
I tried to go to bed early but my brain decided to replay every awkward thing I've ever said. || The classic three in the morning review. | Everyone's brain does that. | Ugh, the cringe attack. The worst.
I went for a walk at lunch and saw a big grey bird standing in the river like a statue. || Those birds are so majestic. | Nature at lunchtime, lovely. | I bet it didn't move a feather.
Someone at work brought in their grandma's orange cake and there was a queue. || That's the best kind of queue. | Grandmas always win at cake. | I hope you got a slice.
I've been trying to cut back on sugar and I dream about biscuits. || Stay strong. | Biscuit dreams are the worst. | It gets easier. Apparently.
A delivery driver left my parcel inside the recycling bin. Very creative. || At least it was dry. | Ha, hide and seek with parcels. | Some delivery drivers are artists.
I watched a documentary about ants and now I respect them deeply. || Ants are incredible. | This is how obsessions start. | I'll never look at them the same way.
I got a postcard from a friend who's travelling and it took two months to arrive. || Better late than never. | That's so nice, though. Real post! | Where from?  || Somewhere in the mountains. Very snowy picture. | A little island I'd never heard of.
"""

SEASONAL = {
    "winter": ["It was so cold this morning that I had to defrost the car with a kettle.", "It's been grey for about nine days straight. I've forgotten what the sun looks like.",
        "We had proper snow this morning! It lasted about an hour.", "The radiators in our place make a noise like a dying whale.", "I've started wearing two jumpers indoors. It's come to this.",
        "It gets dark at about four now and my body thinks it's midnight."],
    "spring": ["The days are finally getting longer, I could cry.", "There's blossom all over our street right now, it's ridiculous.", "Spring has arrived, which means my hay fever has arrived too.",
        "It was warm enough to sit outside at lunch today! Briefly.", "The birds outside my window start singing at about five every morning.",
        "It can't decide whether it's winter or summer here. Four seasons in a day."],
    "summer": ["It's been so hot I've been basically living in front of the fan.", "We had a thunderstorm last night that shook the windows.",
        "Everyone on our street decided to have a barbecue at the same time.", "It's light until nearly ten, I have no idea what time it is anymore.",
        "The ice cream van has started doing laps of our road every evening.", "I got sunburnt walking to the shop. Ten minutes!"],
    "autumn": ["The leaves on our road are ridiculous right now, all orange and red.", "It's officially jumper weather and I'm thrilled.", "The wind last night nearly took our bins away.",
        "Conker season! I saw kids collecting them on the way home.", "It's been raining sideways all week.", "The evenings are drawing in and I've started lighting candles like a Victorian."],
}
SEASON_REPLY = {
    "winter": ["Ugh, same here. I'm ready to hibernate until it's over.", "Stay warm! Soup and blankets are the only answer.", "Winter, eh? Roll on the light evenings.",
        "Sounds grim. Stay cosy and don't go out unless you have to."],
    "spring": ["Finally, some signs of life!", "Ha, spring can't make up its mind this year.", "Classic spring, honestly.", "Enjoy it while it lasts. It'll probably rain tomorrow."],
    "summer": ["Ha, summer in full swing.", "That's summer for you.", "Sounds about right for this time of year.", "I'm not built for summer, honestly, but I do love the long evenings."],
    "autumn": ["Cosy season! I'm all in.", "Proper autumn, then. I love it.", "Best time of year, honestly.", "Sounds about right. I've already got the heating on, don't judge."],
}
WEATHER_Q = ["How's the weather where you are?", "What's the weather doing over there?", "Is it nice out where you are?"]
SHOWS = ["a slow detective series set on a tiny island", "a documentary about competitive dog grooming", "a Danish political drama with subtitles", "a reality show where people restore old boats",
    "a sci-fi series about a generation ship", "a period drama with truly ridiculous hats", "a sitcom about a failing seaside hotel", "a nature series narrated by a very calm man",
    "a courtroom drama with far too many twists", "a mockumentary about a village council", "a spy series where nobody can keep a secret", "a murder mystery set in a ski resort",
    "a show about people building tiny houses", "an old sitcom I've already seen five times", "a series about a family running a vineyard", "a baking competition where everyone is nice to each other",
    "a dating show set entirely on a canal boat", "a thriller about a stolen painting", "a documentary about people who collect traffic cones", "a comedy about two rival ice cream vans",
    "a western that's mostly people staring at horizons", "a quiz show where the questions are impossible", "a medical drama where everyone is far too good-looking",
    "a puppet show for adults that is deeply strange", "a gardening series where an old man talks to his vegetables", "a crime drama set in a very rainy harbour town"]
TV_Q = ["Watching anything good at the moment?", "Found anything decent to watch lately?", "What are you watching these days?", "Any TV recommendations? I've run out of everything.",
    "Are you watching anything worth talking about?"]
TV_A = ["We've just started {s}. {v}", "Yes! {s_cap}. {v}", "Honestly? {s_cap}. {v}", "I'm halfway through {s}. {v}"]
VERDICTS = ["Three episodes in and I'm hooked.", "It's ridiculous and I can't stop.", "Not sure I like it yet, but I keep watching.", "Perfect background noise for folding laundry.",
    "My rating so far: a solid seven.", "I'd recommend it, as long as you don't look too closely at the plot."]
FOODS = ["a big pot of vegetable soup", "homemade flatbreads", "a very ambitious stir-fry", "shepherd's pie", "fish tacos", "a lemon drizzle cake", "stuffed peppers", "a frittata", "banana bread",
    "a traybake", "pancakes for dinner", "gnocchi from a packet with a fancy sauce", "a slightly tragic quiche", "chilli for about twelve people", "a spinach pie with far too much pastry",
    "lentil soup that I'm calling rustic", "a very experimental omelette", "homemade burgers that fell apart immediately", "a noodle salad from a magazine", "a one-pot pasta that used three pots",
    "scones that came out like little rocks", "a butternut squash soup", "a sticky toffee pudding", "a big vegetable lasagne"]
FOOD_OUT = ["and it was actually edible!", "and the smoke alarm had opinions.", "and I've got enough left over for a week.", "and it tasted fine but looked like a crime scene.",
    "and I'm now weirdly proud of myself.", "and half of it ended up on the floor."]
FOOD_REPLY = ["Ha, that counts as a win in my book.", "Honestly, impressive. I had cereal.", "Save me some next time!", "The smoke alarm is just an enthusiastic timer.", "I respect the ambition.",
    "Now I'm hungry, thanks."]

GREET = {
    "first": ["Hey {o}! Okay, I'm determined that we actually keep in touch properly this year.", "Hi {o}! It's been far too long. We need regular catch-ups again.",
        "{o}! I was just thinking about you, so here I am."],
    "short": ["Hey, back again!", "Me again, sorry, I had more to tell you.", "Hi hi! Round two this week.", "Hey! Twice in one week, look at us being organised.",
        "Back so soon, I know. I missed our chats."],
    "mid": ["Hey {o}, how's your week been?", "Evening! How are things?", "Hi! Is this a good time for a catch-up?", "Hey you. Survived the week so far?", "Hello hello! What's new?"],
    "long": ["Hey stranger! Sorry I went quiet for a bit.", "Hi! It's been a couple of weeks, hasn't it?", "Okay, I owe you a proper catch-up. Hi!", "Hey! Life got busy, but I'm back."],
    "vlong": ["Long time no talk!", "Wow, it's been ages! How are you?", "I can't believe it's been nearly three weeks. Hi!", "Hello from the other side of a very busy few weeks!"],
}
GREET_R = {
    "first": ["{o}! So good to hear from you. I'm well, mostly. How have you been?", "Yes, let's! I've missed this. How are you?", "Ha, I was about to message you too. How's everything?"],
    "short": ["Ha, always happy to hear from you. How are you?", "Hey! Go on, I'm all ears. How's it going?", "Twice in a week, I'm honoured. How are things?"],
    "mid": ["Hey! Not bad at all. How about you?", "Hi! Good time, yes. How have you been?", "Evening! All good here, mostly. You?"],
    "long": ["No worries at all! Life happens. How have you been?", "There you are! How's everything?", "Hey! I was wondering where you'd got to. How are you?"],
    "vlong": ["I know, far too long! How are you?", "Finally! I was about to send a search party. How have you been?", "Hey you! It's so good to hear from you. How's life?"],
}
GREET_ANS = ["Pretty good, actually!", "Busy, but good.", "Not bad! A bit tired.", "Honestly? All over the place, but fine.", "Can't complain.", "Good, I think! Ask me again tomorrow.",
    "Surviving, which counts."]
WRAP = ["Anyway, I should go and make dinner. This was lovely.", "Right, I'd better get some sleep. Talk soon?", "Okay, my battery's about to die. Same time next week-ish?",
    "I need to go rescue something from the oven. Speak soon!", "This was nice. Let's not leave it so long next time.", "I'm going to have to go, but I loved this catch-up.",
    "Okay, I'm being summoned. Talk soon!"]
BYE = ["Definitely. Take care!", "Talk soon! Say hi to everyone.", "Night! Good luck with everything.", "Yes, go! Speak soon.", "Bye for now!", "Same here. Look after yourself!",
    "Go, go! Catch you later."]
PROMPTS_MORE = ["Any other news?", "What else is going on with you?", "Anything else happening?", "Go on, what else?"]
PROMPTS = ["Anyway, enough about me. What's new with you?", "How are things on your side?", "Okay, your turn. Any news?", "What have you been up to?", "Tell me something good.",
    "How's life treating you?", "What about you, anything exciting?"]
NEWSY = {"proud", "plan", "change", "congrats", "petplan", "travel", "buy", "family", "yay", "gotit"}
NEWS_LEAD = ["Oh, I have news!", "Okay, update time.", "Right, my news.", "Oh! Before I forget.", "Wait, I have to tell you something."]
ACKS = ["Ha, fair.", "True.", "Ha!", "Love that.", "Honestly, yes.", "Ha, okay.", "Fair enough.", "Good point."]
# mood | reactions | reaction follow-ups | the fact owner's tails | reaction question(s) => owner's answers
MOODS = """
yay | Look at you! / Oh, well done! / Nice one! | That's a proper achievement. / I'm impressed, honestly. | - |
gotit | Ooh, nice. / Treat yourself! / Love that. | You deserve nice things. / I might have to copy you. | - |
grr | Ugh, that's annoying. / Oh, that sounds maddening. / Typical! | I'd lose my mind. / Hang in there. | - |
proud | Oh wow, well done! / Oh, that sounds brilliant! / Look at you! / No way, that's brilliant. / Oh, amazing. | I'd never have the nerve, honestly. / You do the best things. / I'm so glad you did that. / I hope you had the best time. |\
    I'll send you photos later. / Honestly, such a good day. / I'm trying not to be too smug about it. / It's been on my list for ages. / I'm still smiling about it. | How did it go? ~ How was it? ~ Was it as good as you hoped? => Better than I expected, honestly. / A bit chaotic, but good chaos. / Even better than I'd hoped. / Honestly? Brilliant. I'm still smiling about it.
plan | Ooh, exciting! / Good luck with that! / Keep me posted. / That's a big one! | Let me know if you need anything. / I'll want a full report afterwards. / That's going to be great. |\
    I've already made a spreadsheet, obviously. / Slightly nervous, mostly excited. / I'll keep you posted, don't worry. / Wish me luck. / I'm trying not to overthink it. | Are you nervous? => A little, but mostly excited. / Ask me again the week before.
meh | Ugh, that's annoying. / Typical! / Oh well, more time to prepare, I suppose. | These things always slip, don't they. / At least it's still happening. |\
    Story of my life. / I'm trying to be zen about it. / These things never go to plan, do they? | Does that mess up your plans? => A bit, but I'll live. / Not really. It's fine, just irritating.
change | Wait, really? That's a big change. / Huh, didn't see that coming! / Oh interesting, good for you. | I think that's really brave. / Fresh starts are good. / Honestly, it sounds like the right call. |\
    It feels strange, but good strange. / I'm still getting my head around it, honestly. / It took a lot of back and forth, but here we are. / I think it's the right call. | How are you feeling about it? => Relieved, mostly. / Honestly? Good. It feels right.
hurt | Ouch! / Oh no, that sounds painful. / Ugh, poor you. | Please tell me you're resting it properly. / Be careful out there! |\
    Not my finest moment. / I'm being very brave about it. / Honestly, you have to laugh. | Is it healing okay? => Slowly. I'm a terrible patient. / Getting there, thanks. Mostly my pride that hurts.
book | Ha, that's so you. / Ooh, nerdy. I love it. / That sounds fascinating, honestly. | I'll want the highlights. / You always find the strangest books. |\
    I keep reading bits out loud to anyone nearby. / I'll lend it to you when I'm done. / It's weirdly relaxing. | Would you recommend it? => Absolutely, if you like odd facts. / Only if you're patient. It's a slow one.
bad | Oh no, I'm sorry. / Ouch, that sounds awful. / Ugh, poor you. | Look after yourself. / Sending sympathy from afar. / That's the worst. |\
    Honestly, you have to laugh. / It could have been worse, I suppose. / I'm being very brave about it. / What a week. | Are you okay? => I'll live! More annoyed than anything. / Yes, yes, just feeling a bit sorry for myself.
quit | Oh, that's a shame. / Fair enough, honestly. / Their loss! | Life's too short to do things you don't enjoy. / You gave it a good go. |\
    I'm a bit sad about it, honestly. / Onwards and upwards. / I'll find something else. | Will you try something else? => Maybe, once things calm down. / Probably! I'm not done with hobbies yet.
pref | Ha, fair enough. / Strong opinion, I respect it. / I would never have guessed that. | I'll remember that. / Noted for future reference. / That explains a lot, actually. |\
    I'll die on this hill. / Don't try to change my mind. / Some things you just know. / It's a personality trait at this point. | Since when? ~ Wait, since when? ~ Has that always been the case? => Since forever, I think. I just never said it out loud. / A while now, honestly. / It crept up on me, honestly.
buy | Treat yourself! / Ooh, fancy. / That's not bad at all. | I'm a bit jealous. / Honestly, that's a bargain. / You deserve nice things. |\
    My bank account is not thrilled. / No regrets so far. / I did a lot of research first, for once. / It arrived in a box big enough to live in. | Was it worth it? => So far, absolutely. / Ask me in a month. / Honestly, yes. I use it every day. ;; Any regrets? => None so far. / Only when I look at my bank balance.
neutral | Oh nice. / Ha, love that. / Ha, that's so you. / Oh cool! | Ha, I can picture it. / Sounds like quite a week. / Love hearing about this stuff. |\
    Anyway, that's my news. / Just thought you'd like to know. / It's made a nice change from the usual routine. | How's that going? ~ Are you enjoying it? => Pretty well, actually! / Slowly, but I'm getting there. / Better than I thought it would.
work | Ha, I know that feeling. / Work, eh? / Sounds about right. | It's the same everywhere, I think. / Hang in there. |\
    Anyway, that's work. / Such is life. / I'm not complaining. Well, a bit. | 
misc | Ha, brilliant. / Oh, I love that. / That's so you. / Ha! Amazing. | You always have something going on. / Never a dull moment with you. |\
    Small wins. / Life's little adventures. / Just a bit of news from my end. | 
people | They sound great. / I'd love to meet them one day. / Ha, I like the sound of that. | You always have the most interesting friends. / Everyone needs a friend like that. |\
    Anyway, I think you'd get on. / I always come home from seeing my friends in a good mood. | 
family | Oh wow, that's a big move! / That's exciting, and you'll have somewhere new to visit. | That's a brave thing to do. / I hope the move goes smoothly. |\
    It's going to be strange not having them around. / Everyone is pretending not to be upset about it. | Do you miss them already? => Honestly, yes. More than I expected. / A bit! But it's a great excuse to travel.
congrats | Oh, that's brilliant news! / Pass on my congratulations! / Amazing, so well deserved. | That's huge. / You must be so proud. |\
    I'm so proud I could burst. / It's been a long time coming. | Are you celebrating? => Takeaway and a cheap bottle of fizz, so yes. / Dinner out at the weekend, I think.
petplan | Stop, that's the best news! / Aww, I'm so excited for you! | I can't wait to meet them. / That's going to be so much fun. |\
    I've already bought far too many toys. / I'm counting down the days. | Have you got everything ready? => Nearly! The bed is already bought. / Not even close, but we'll manage.
pet | Stop, I need photos immediately. / Aww! / That's the best news. | Send pictures constantly, please. / I need to meet them. |\
    Photos incoming, obviously. / I'm completely besotted. / The house feels so different already. | How's everyone settling in? => Like we've always been together. / Chaos, but we're smitten.
petbad | Oh no, poor thing! / Oh no! Give them a cuddle from me. | Pets are so dramatic. / I'm glad it wasn't worse. |\
    The vet knows us by name now. / Never a dull moment. | Is everyone okay? => Yes, all fine now, thankfully. / All good, just a very dramatic week.
travel | Jealous! / Oh, that sounds dreamy. / I want to come! | You'll have the best time. / Bring me back something. |\
    I need this break so badly. / I've been checking the forecast every day. / I'll bring you back something terrible from the airport. | Have you been before? => Never! That's half the fun. / Once, years ago. I've been dying to go back.
back | That sounds incredible. / Oh, I'm so jealous. / Welcome back! | I need to go one day. / It sounds perfect. |\
    I'll send you photos. / I'm already looking at when we can go back. | Did you get any rest at all? => Not much, but it was worth it. / Loads. I've forgotten how to work.
"""
TAILS = ["It's been one of those weeks where nothing quite goes to plan.", "I keep saying I'll get an early night and then I just don't.", "Honestly, I need a holiday from my own brain.",
    "The older I get, the more I appreciate a quiet evening in.", "My brain is mush by this point in the week.", "I'm trying to be better about replying to people, so be proud of me.",
    "It's weird how fast the weeks are going at the moment.", "I've been in a surprisingly good mood lately, no idea why.", "I'm writing this with a blanket over my knees like a Victorian invalid.",
    "Everything feels slightly chaotic, but in a manageable way.", "I've started saying yes to things more, which is new for me.", "I'm half-watching something terrible while typing this.",
    "I've decided this is going to be a good month. We'll see.", "The kettle's just boiled, so I'm fully settled in for a chat.", "My to-do list is winning at the moment, but I'm fighting back.",
    "I've got a hot drink and nowhere to be, which is bliss.", "Honestly, these chats are the best part of my week.", "I swear the days are getting shorter and the weeks longer.",
    "I've been very boring lately, to be fair.", "Every time I sit down, something needs doing.", "I did nothing productive today and I regret nothing.",
    "Apparently I'm the sort of person who reorganises the spice rack now.", "I'm slowly learning that not every email needs a reply.", "It's so quiet here tonight, it's almost eerie.",
    "I'm running on toast and optimism at this point.", "I had a nap this afternoon and it changed my life.", "Anyway, life's mostly good, just busy.",
    "Some weeks are just about getting through, aren't they.", "I'm in one of those moods where I want to bake something complicated.",
    "My plan for tonight is a bath and an early night. We'll see if it happens.", "I've been drinking far too much tea today.",
    "The neighbours are having a party and I'm pretending not to be jealous.", "I'm typing this from under a very large blanket.", "I keep forgetting what day it is, which is probably a bad sign.",
    "I've been weirdly productive this week, so something's bound to go wrong.", "I'm going to treat myself to a takeaway tonight, I've decided.", "My back is complaining about my desk chair again.",
    "I spent far too long choosing a film tonight and then didn't watch anything.", "I think I need a new hobby, honestly.", "I can hear rain on the window, which is my favourite sound.",
    "I've been listening to the same album on repeat all week.", "I've got a stack of post I'm pretending doesn't exist.", "It's been a good week, all things considered.",
    "I've promised myself I'll go for a proper walk tomorrow.", "I've reached the point in the week where cereal counts as dinner."]


def _parse(block: str):
    out = []
    for line in block.strip().splitlines():
        parts = [[s.strip() for s in p.split("|") if s.strip()] for p in line.split("||")]
        out.append(parts)
    return out


GENERIC_EX = _parse(GENERIC)
REACT, REACT_MORE, FACT_TAIL = {}, {}, {}
for _line in MOODS.strip().splitlines():
    _m, _r, _more, _tail, _qa = [x.strip() for x in _line.split("|")]
    REACT[_m] = (_r.split(" / "), [(q, a.split(" / ")) for g in _qa.split(" ;; ") if g for qs, a in [g.split(" => ")] for q in qs.split(" ~ ")])
    REACT_MORE[_m], FACT_TAIL[_m] = _more.split(" / "), _tail.split(" / ")
NEWS_ITEMS = [tuple(x.split("|", 1)) for line in NEWS.strip().splitlines() for x in line.split(" ## ")]


# --------------------------------------------------------------------------------------------
# threads: a thread is one fact (or a fact that evolves) told in 1-4 steps over several sessions
@dataclass
class Step:
    owner: int                # 0 = person A (user), 1 = person B (assistant)
    lo: int                   # allowed day window after the thread's first step
    hi: int
    render: Callable          # session date -> message text
    mood: str = "neutral"     # picks the other person's reaction
    prompt: str = ""          # what the other person asks first, if anything
    sess: int = -1
    turn: int = -1
    text: str = ""


@dataclass
class Thread:
    steps: list
    qs: Callable              # -> [(kind, question, answer words, step indices, gold date)]
    cached: list = field(default_factory=list)


def S(i, lo, hi, text, mood, prompt=""):
    return Step(i, lo, hi, text if callable(text) else (lambda d: text), mood, prompt)


def single(i, text, mood, *qs):
    return Thread([S(i, 0, 0, text, mood)], lambda: list(qs))


class Ctx:
    """Per-conversation state; `take` never hands out an item whose answer words were used before."""

    def __init__(self, rng, people, flags, cur):
        self.rng, self.people, self.flags, self.cur = rng, people, flags, cur
        self.used: set[str] = {p.name.lower() for p in people}

    def take(self, pool, key=lambda x: x[1]):
        opts = [x for x in pool if not any(t in self.used for w in key(x) for t in toks(w))]
        x = self.rng.choice(opts) if opts else None
        for w in (key(x) if x else []):
            self.used |= toks(w)
        return x

    def name(self, g):
        return self.take(FEMALE if g == "f" else MALE, key=lambda x: [x])

    def once(self, *tag):
        """True the first time `tag` is seen: keeps questions like "What is X's favourite breakfast?" unambiguous."""
        new = tag not in self.used
        self.used.add(tag)
        return new


def th_past(c: Ctx, i: int):
    p, rng, st = c.people[i], c.rng, {}
    a, tpl = c.take(ACTIVITIES), rng.choice(PAST_T)

    def r(d):
        ph, st["date"], st["words"], st["approx"] = past_when(rng, d)
        return tpl.format(act=a[0], when=ph, When=cap(ph))
    return a and Thread([S(i, 0, 0, r, "proud")], lambda: [(
        "temporal", ("Roughly when did {N} {q}?" if st["approx"] else rng.choice(TEMPORAL_Q)).format(N=p.name, q=a[2].format(pos=p.pos)),
        a[1] + st["words"], [0], st["date"])])


def th_plan(c: Ctx, i: int):
    p, rng, st = c.people[i], c.rng, {}
    pl, off, resched, tpl = c.take(PLANS, key=lambda x: x[2]), rng.randint(8, 55), rng.random() < 0.45, rng.choice(PLAN_T)
    if not pl:
        return None

    def r0(d):
        st["date"] = d + timedelta(days=off)
        ph, st["words"] = future_when(rng, d, st["date"])
        return tpl.format(plan=pl[0].format(when=ph))

    def r1(d):
        t = st["date2"] = st["date"] + timedelta(days=rng.randint(14, 50))
        m = MONTHS[t.month - 1]
        new, st["words2"] = rng.choice([(f"on {t.day} {m}", [str(t.day), m])] + [(f"in {m}", [m])] * (t.month != st["date"].month))
        return rng.choice(RESCHED_T).format(x=pl[1], X=cap(pl[1]), new=new)

    def qs():
        base = pl[3].format(N=p.name, pos=p.pos)
        if resched:
            t = rng.choice([base + ", now that it has been rescheduled?", "After the change of plan, " + base[0].lower() + base[1:] + "?"])
            return [("update", t, pl[2] + st["words2"], [1], st["date2"])]
        return [("temporal", base + "?", pl[2] + st["words"], [0], st["date"])]
    return Thread([S(i, 0, 0, r0, "plan")] + [S(i, 3, off - 2, r1, "meh")] * resched, qs)


def th_trip(c: Ctx, i: int):
    p, rng, st = c.people[i], c.rng, {}
    if not c.once("th_trip", i):
        return None
    switch, key = rng.random() < 0.45, (lambda x: [x[0].split()[-1]])
    p1, p2, why = c.take(PLACES, key), switch and c.take(PLACES, key), switch and c.take(TRIP_WHY)
    if not p1 or (switch and (not p2 or not why)):
        return None
    kind, p1, p2 = (p2 or p1)[1], p1[0], p2 and p2[0]
    off, dur, crew = rng.randint(25, 70), rng.choice(["a week", "ten days", "a long weekend", "five days", "two weeks"]), p.crew()

    def r0(d):
        ph, st["words"] = month_when(rng, d, d + timedelta(days=off))
        st["d0"] = d
        return rng.choice(TRIP_T).format(Crew=cap(crew), crew=crew, dur=dur, Dur_cap=cap(dur), place=p1, when=ph)

    def r2(d):   # the highlight has to suit the destination and the season of the trip
        warm = 5 <= (st["d0"] + timedelta(days=off)).month <= 9
        st["hl"] = c.take([h for h in HIGHLIGHTS if kind in h[2] and (warm or "warm" not in h[2])]) or HIGHLIGHTS[0]
        return rng.choice(TRIP_BACK_T).format(hl=st["hl"][0])
    steps = [S(i, 0, 0, r0, "travel")]
    if switch:
        steps.append(S(i, 4, off - 4, rng.choice(TRIP_SWITCH_T).format(p1=p1, p2=p2, why=why[0], Why=cap(why[0])), "change"))
    steps.append(S(i, off + 6, off + 45, r2, "back",
                   rng.choice(["So, how was the trip?!", "Wait, weren't you away? How was it?", "Welcome back! Tell me everything."])))

    def qs():
        fin = p2 or p1
        kw, last = fin.split()[-1], len(steps) - 1
        out = [("multi-hop", rng.choice(["What was the highlight of {N}'s trip to {P}?", "What did {N} enjoy most about {P}?",
                                        "What was the best part of {N}'s holiday in {P}?"]).format(N=p.name, P=fin),
                st["hl"][1] + [kw], [last - 1 if switch else 0, last], None)]
        if switch:
            return out + [("update", rng.choice(["Where did {N} end up going on holiday?", "Which destination did {N} finally pick for the holiday?"])
                           .format(N=p.name), [kw], [1], None),
                          ("reason", f"Why did {p.name} swap {p1} for another destination?", why[1], [1], None)]
        return out + [("fact", rng.choice(["Where did {N} book a holiday to?", "Which place was {N}'s holiday destination?"]).format(N=p.name), [kw], [0], None)]
    return Thread(steps, qs)


def th_move(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    switch = rng.random() < 0.65
    c1, why, c2 = c.take(CITIES, lambda x: [x]), c.take(MOVE_WHY), switch and c.take(CITIES, lambda x: [x])
    if not c1 or not why or (switch and not c2):
        return None
    off, w = rng.randint(40, 100), why[0].format(we=p.we)

    def r0(d):
        ph, _ = month_when(rng, d, d + timedelta(days=off))
        return rng.choice(MOVE_T).format(were=p.were, city=c1, when=ph, why=w, Why=cap(w), Weve=cap(p.weve))
    steps = [S(i, 0, 0, r0, "change")]
    if switch:
        steps.append(S(i, 5, off - 5, rng.choice(MOVE_SWITCH_T).format(c1=c1, c2=c2, were=p.were, we=p.we, We=cap(p.we)), "change"))
    steps.append(S(i, off + 2, off + 40, rng.choice(MOVED_T).format(Weve=cap(p.weve)), "neutral", "How's the new place?"))
    qt = rng.choice(["Which city is {N} moving to?", "Where is {N} relocating to?", "Which city did {N} end up moving to?"]).format(N=p.name)
    qs = [("update", qt, [c2], [1], None) if switch else ("fact", qt, [c1], [0], None),
          ("reason", rng.choice(["Why did {N} decide to move?", "What made {N} want to move house?"]).format(N=p.name), why[1], [0], None)]
    return Thread(steps, lambda: qs)


def th_job(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    if not c.once("th_job", i):
        return None
    r1, r2, why = c.take(ROLES), c.take(ROLES), c.take(JOB_WHY)
    if not r1 or not r2 or not why:
        return None
    a1, a2 = f"{art(r1[0])} {r1[0]}", f"{art(r2[0])} {r2[0]}"
    steps = [S(i, 0, 0, rng.choice(JOB_NOW_T).format(a_role=a1), "work"),
             S(i, 20, 220, rng.choice(JOB_CHANGE_T).format(a_role=a2, org=ORGS[r2[0]], why=why[0], Why=cap(why[0])), "change", "How's work?")]
    return Thread(steps, lambda: [
        ("update", rng.choice(["What does {N} do for work now?", "What is {N}'s new job?", "What's {N}'s current role at work?"]).format(N=p.name), r2[1], [1], None),
        ("fact", rng.choice(["What was {N}'s job before the switch?", "What did {N} originally work as?"]).format(N=p.name), r1[1], [0], None),
        ("reason", f"Why did {p.name} leave {p.pos} job as {a1}?", why[1], [1], None)])


def th_pet(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    if not c.once("th_pet", i):
        return None
    br, names, inc = c.take(BREEDS, lambda x: [x[0]]), [c.take(PET_NAMES, lambda x: [x]) for _ in range(3)], c.take(PET_INC)
    if not br or None in names or not inc:
        return None
    (breed, animal), pp, (n1, n2, n3) = br, rng.choice(["her", "him"]), names
    fin, adopt = rng.choice([n2, n3]), rng.randint(7, 35)

    def r0(d):
        ph, _ = future_when(rng, d, d + timedelta(days=adopt))
        return rng.choice(PET_T).format(breed=breed, when=ph, were=p.were, Were=cap(p.were), We=cap(p.we), we=p.we, weve=p.weve)
    steps = [S(i, 0, 0, r0, "petplan"),
             S(i, adopt + 1, adopt + 25, rng.choice(PET_DEBATE_T).format(animal=animal, n1=n1, n2=n2, voter=p.voter(), Voter=cap(p.voter())), "pet"),
             S(i, adopt + 8, adopt + 70, rng.choice(PET_NAME_T).format(animal=animal, fin=fin, pp=pp), "pet", "Has the new arrival got a name yet?"),
             S(i, adopt + 30, adopt + 260, rng.choice(PET_INC_T).format(fin=fin, inc=inc[0].format(pp=pp), pp=pp), "petbad")]
    return Thread(steps, lambda: [
        ("paraphrase", rng.choice(["What kind of {a} did {N} adopt?", "What breed is {N}'s new pet?", "Which breed of {a} joined {N}'s household?"])
         .format(a=animal, N=p.name), [breed], [0], None),
        ("update", rng.choice(["What did {N} end up naming the {a}?", "What name did {N} finally give the new {a}?"]).format(a=animal, N=p.name), [fin], [2, 3], None),
        ("multi-hop", f"What breed is {p.name}'s {animal}, the one that {inc[2]}?", [breed] + inc[1], [0, 3], None)])


def th_relative(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    if not c.once("th_relative", i):
        return None
    banned = {"sib": {"sister", "brother", "cousin", "aunt", "uncle"}, "cousin": {"cousin", "aunt", "uncle"}}.get(c.flags, set())
    rel = rng.choice([r for r in RELS if r not in banned])
    g = RELS[rel] if RELS[rel] != "?" else rng.choice("fm")
    rn, city, why, occ = c.name(g), c.take(CITIES, lambda x: [x]), c.take(REL_WHY), c.take(OCCASIONS)
    if not rn or not city or not why or not occ:
        return None
    rs, _, rp, _ = pron3(g)

    def r1(d):
        ph, _ = month_when(rng, d, d + timedelta(days=rng.randint(14, 50)))
        return rng.choice(VISIT_T).format(rn=rn, when=ph, rp=rp, occ=occ[0])
    steps = [S(i, 0, 0, rng.choice(REL_T).format(rel=rel, rn=rn, city=city, why=why[0].format(rs=rs), rs_cap=cap(rs)), "family"),
             S(i, 15, 170, r1, "travel")]
    return Thread(steps, lambda: [
        ("fact", rng.choice(["Where does {N}'s {r} {R} live now?", "Which city did {N}'s {r} move to?"]).format(N=p.name, r=rel, R=rn), [city], [0], None),
        ("multi-hop", rng.choice(["Which city is {N} travelling to for {R}'s {o}?", "In which city will {N} be for {R}'s {o}?"])
         .format(N=p.name, R=rn, o=occ[0]), [city] + occ[1], [0, 1], None),
        ("reason", f"Why did {rn} move to {city}?", why[1], [0], None)])


def th_friend(c: Ctx, i: int):
    p, rng, g = c.people[i], c.rng, c.rng.choice("fm")
    fn, job, act = c.name(g), c.take(FRIEND_JOBS), c.take(FRIEND_ACTS)
    if not fn or not job or not act:
        return None
    fs, fo, fp, _ = pron3(g)
    steps = [S(i, 0, 0, rng.choice(FRIEND_T).format(fn=fn, fs=fs, fs_cap=cap(fs), fo=fo, fp=fp, a_job=f"{art(job[0])} {job[0]}"), "people"),
             S(i, 10, 200, rng.choice(FRIEND_ACT_T).format(fn=fn, act=act[0]), "proud")]
    return Thread(steps, lambda: [
        ("multi-hop", rng.choice(["What does the friend who took {N} {a} do for a living?", "What's the job of the friend {N} went {a} with?"])
         .format(N=p.name, a=act[0]), job[1] + act[1], [0, 1], None),
        ("fact", f"Who did {p.name} go {act[0]} with?", [fn] + act[1], [1], None)])


def th_kid(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    inst = p.kids and c.take(INSTRUMENTS, lambda x: [x])
    if not inst:
        return None
    kn, kr, kg = rng.choice(p.kids)
    ks, _, kp, _ = pron3(kg)

    def r1(d):
        ph, _ = future_when(rng, d, d + timedelta(days=rng.randint(4, 30)))
        return rng.choice(RECITAL_T).format(kn=kn, when=ph, When=cap(ph), ks=ks, ks_cap=cap(ks), kp=kp)
    return Thread([S(i, 0, 0, rng.choice(KID_T).format(kr=kr, kn=kn, inst=inst), "neutral"), S(i, 20, 160, r1, "plan")], lambda: [
        ("multi-hop", rng.choice(["Which instrument will {N}'s {k} play at the recital?", "What will {N}'s {k} be playing at {kp} recital?"])
         .format(N=p.name, k=kr, kp=kp), [inst, "recital"], [0, 1], None),
        ("fact", f"What instrument is {p.name}'s {kr} learning?", [inst], [0], None)])


def th_partner(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    if not c.once("th_partner", i):
        return None
    role = p.partner and c.take(PARTNER_ROLES)
    return role and single(i, rng.choice(PARTNER_T).format(pw=p.partner, a_role=f"{art(role[0])} {role[0]}"), "congrats", (
        "fact", rng.choice(["What is {N}'s {w}'s new role?", "What position did {N}'s {w} get?"]).format(N=p.name, w=p.partner), role[1], [0], None))


def th_drink(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    if not c.once("th_drink", i):
        return None
    x, y, why, upd = rng.choice(DRINK_FROM), c.take(DRINK_TO), c.take(DRINK_WHY), rng.random() < 0.5
    z = upd and c.take(DRINK_TO)
    if not y or not why or (upd and not z):
        return None
    steps = [S(i, 0, 0, rng.choice(DRINK_T).format(x=x, y=y[0], why=why[0], Why=cap(why[0])), "pref")]
    if upd:
        steps.append(S(i, 20, 200, rng.choice(DRINK_UPD_T).format(y=y[0], z=z[0], Z=cap(z[0])), "pref"))
    qt = rng.choice(["What does {N} drink in the mornings these days?", "What's {N}'s usual morning drink now?"]).format(N=p.name)
    return Thread(steps, lambda: [("update", qt, z[1], [1], None) if upd else ("preference", qt, y[1], [0], None),
                                  ("reason", rng.choice(["Why did {N} stop drinking {x}?", "What made {N} give up {x}?"]).format(N=p.name, x=x), why[1], [0], None)])


def th_fav(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    cat, cats, pool = rng.choice(FAVS)
    x = c.once("fav", i, cat) and c.take(pool)
    return x and single(i, rng.choice(FAV_T).format(x=x[0], X=cap(x[0]), cat=cat, cats=cats), "pref",
                        ("preference", rng.choice(FAV_Q).format(N=p.name, cat=cat), x[1], [0], None))


def th_pair(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    pr = c.take(PAIRS, lambda x: [x[0]])
    if not pr:
        return None
    a, b, a1, b1, ka, kb = pr if rng.random() < 0.5 else (pr[1], pr[0], pr[3], pr[2], pr[5], pr[4])
    c.used |= toks(a) | toks(b)
    o1, o2 = (a, b) if rng.random() < 0.5 else (b, a)
    return single(i, rng.choice(PAIR_T).format(a=a, b=b, A=cap(a), B=cap(b), a1=a1, b1=b1), "pref", (
        "preference", rng.choice(["Does {N} prefer {x} or {y}?", "Which does {N} like better: {x} or {y}?"]).format(N=p.name, x=o1, y=o2), [ka], [0], None))


def th_dislike(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    x = c.take([d for d in DISLIKES if ("dislike", i, d[1]) not in c.used], lambda x: [x[0]])
    x = x and c.once("dislike", i, x[1]) and x
    return x and single(i, rng.choice(DISLIKE_T).format(x=x[0], X=cap(x[0])), "pref",
                        ("preference", rng.choice(DISLIKE_Q).format(N=p.name, cat=x[1]), [x[0]], [0], None))


def th_book(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    if not c.once("th_book", i):
        return None
    b = c.take(BOOKS)
    return b and single(i, rng.choice(BOOK_T).format(t=b[0]), "book", ("paraphrase", rng.choice(BOOK_Q).format(N=p.name), b[1], [0], None))


def th_group(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    g, day, why = c.take(GROUPS, lambda x: x[2]), c.take(WEEKDAYS[:4], lambda x: [x]), c.take(QUIT_WHY)
    if not g or not day or not why:
        return None
    steps = [S(i, 0, 0, rng.choice(GROUP_T).format(g=g[0], day=day), "neutral"),
             S(i, 20, 180, rng.choice(QUIT_T).format(s=g[1], why=why[0], Why=cap(why[0])), "quit")]
    return Thread(steps, lambda: [
        ("reason", rng.choice(["Why did {N} quit {s}?", "What made {N} give up {s}?", "Why isn't {N} doing {s} anymore?"]).format(N=p.name, s=g[1]), why[1], [1], None),
        ("fact", f"Which day of the week did {p.name}'s {g[1].replace('the ', '')} meet?", [day], [0], None)])


def th_injury(c: Ctx, i: int):
    p, rng, st = c.people[i], c.rng, {}
    inj = c.take(INJURIES, lambda x: x[4])
    if not inj:
        return None

    def r0(d):
        ph, st["date"], st["words"], st["approx"] = past_when(rng, d)
        return rng.choice(INJ_T).format(inj=inj[0], when=ph, When=cap(ph), cause=inj[3], Cause=cap(inj[3]))

    def qs():
        q = inj[1].format(pos=p.pos)
        return [("reason", f"How did {p.name} {q}?", inj[4], [0], None)] + [
            ("temporal", f"When did {p.name} {q}?", [inj[2]] + st["words"], [0], st["date"])] * bool(st["words"])
    return Thread([S(i, 0, 0, r0, "hurt")], qs)


def th_allergy(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    if not c.once("th_allergy", i):
        return None
    x = c.take(ALLERGIES, lambda x: [x])
    return x and single(i, rng.choice(ALLERGY_T).format(x=x, X=cap(x)), "bad", (
        "paraphrase", rng.choice(["What has {N} found out {s} reacts badly to?", "Which substance gives {N} an allergic reaction?"])
        .format(N=p.name, s=p.sub), [x.split()[0]], [0], None))


def th_buy(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    it = c.take(ITEMS, lambda x: x[3])
    if not it:
        return None
    n = rng.randint(*it[4])
    n = n - n % 5 if rng.random() < 0.7 else n
    q = (("paraphrase", f"How much did {p.name}'s new {it[1]} cost?", [str(n)] + it[3], [0], None) if rng.random() < 0.5
         else ("fact", f"How much did {p.name} pay for the {it[2]}?", [str(n)], [0], None))
    return single(i, rng.choice(BUY_T).format(item=it[0], price=f"{c.cur}{n}"), "buy", q)


def th_habit(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    h, day = c.take(HABITS), c.take(WEEKDAYS[:4], lambda x: [x])
    if not h or not day:
        return None
    q = (("paraphrase", f"On which day of the week does {p.name} {h[2].format(pos=p.pos)}?", [day], [0], None) if rng.random() < 0.5
         else ("fact", f"What does {p.name} do every {day}?", h[1], [0], None))
    return single(i, rng.choice(HABIT_T).format(h=h[0], day=day), "neutral", q)


def th_cook(c: Ctx, i: int):
    p, rng, st = c.people[i], c.rng, {}
    occ = rng.choice([o for o in COOK_OCC if not (o[2] == "nosib" and c.flags == "sib") and not (o[2] == "partner" and not p.partner)])
    dish = c.once("cook", i, occ[0]) and c.take(DISHES)
    if not dish:
        return None

    def r0(d):
        ph, st["date"], st["words"], st["approx"] = past_when(rng, d)
        return rng.choice(COOK_T).format(dish=dish[0], occ=occ[0], when=ph, When=cap(ph))

    def qs():
        oq = occ[1].format(pos=p.pos)
        return [("fact", rng.choice(["What did {N} cook for {o}?", "What dish did {N} make for {o}?"]).format(N=p.name, o=oq), dish[1], [0], None)] + [
            ("temporal", f"When did {p.name} cook for {oq}?", dish[1] + st["words"], [0], st["date"])] * bool(st["words"])
    return Thread([S(i, 0, 0, r0, "proud")], qs)


def th_car(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    if not c.once("th_car", i):
        return None
    c1, c2, why = c.take(CARS), c.take(CARS), c.take(CAR_WHY)
    if not c1 or not c2 or not why:
        return None
    steps = [S(i, 0, 0, rng.choice(CAR_T).format(c=c1[0], We=cap(p.we)), "buy"),
             S(i, 30, 220, rng.choice(CAR_UPD_T).format(c1=c1[0], c2=c2[0], why=why[0], Why=cap(why[0]), We=cap(p.we)), "change")]
    return Thread(steps, lambda: [
        ("update", rng.choice(["What car does {N} drive now?", "Which car does {N} have these days?"]).format(N=p.name), c2[1], [1], None),
        ("reason", f"Why did {p.name} get rid of the {c1[0]}?", why[1], [1], None)])


def th_misc(c: Ctx, i: int):
    p, m = c.people[i], c.take(MISC)
    return m and single(i, m[0], "misc", (m[3], m[2].format(N=p.name, pos=p.pos, obj=p.obj), m[1], [0], None))


PLAN_PER_PERSON = [(th_past, (5, 7)), (th_plan, (2, 3)), (th_trip, (1, 1)), (th_job, (0, 1)), (th_relative, (1, 1)), (th_friend, (1, 1)), (th_kid, (0, 1)), (th_partner, (0, 1)), (th_drink, (0, 1)),
    (th_fav, (3, 5)), (th_pair, (1, 2)), (th_dislike, (1, 2)), (th_book, (1, 1)), (th_group, (0, 1)), (th_injury, (0, 1)), (th_allergy, (0, 1)), (th_pet, (0, 1)), (th_buy, (2, 3)), (th_habit, (1, 2)),
    (th_cook, (1, 2)), (th_car, (0, 1)), (th_misc, (3, 4))]
TOP_UP = {
    "fact": [th_cook, th_buy, th_habit],
    "temporal": [th_past],
    "multi-hop": [th_friend, th_trip],
    "update": [th_plan, th_car, th_drink],
    "preference": [th_fav, th_dislike, th_pair],
    "paraphrase": [th_book, th_allergy, th_buy, th_habit, th_misc],
    "reason": [th_injury, th_group, th_car],
}
EXTRA = [th_misc, th_past, th_fav, th_buy, th_book, th_dislike, th_habit, th_cook, th_injury, th_allergy, th_pair, th_group]


# --------------------------------------------------------------------------------------------
# assembly
def schedule(rng, threads, dates, load, cap_=3):
    """Assign each thread's steps to sessions honouring their day windows (relative to the first
    step) and at most `cap_` facts per speaker per session; threads that do not fit are dropped."""
    kept = []
    for th in threads:
        for _ in range(60):
            if len(th.steps) == 1:
                tot = [sum(x) for x in load]
                s0 = rng.choice([j for j in range(len(dates)) if tot[j] <= min(tot) + 1])
            else:
                s0 = rng.randrange(len(dates))
            sess, prev, ok = [], -1, True
            for st in th.steps:
                if prev < 0:
                    cands = [s0]
                else:
                    cands = [j for j in range(prev + 1, len(dates))
                             if st.lo <= (dates[j].date() - dates[s0].date()).days <= st.hi]
                cands = [j for j in cands if load[j][st.owner] < cap_]
                if not cands:
                    ok = False
                    break
                j = min(cands[:3], key=lambda j: (load[j][st.owner], rng.random())) if prev >= 0 else cands[0]
                sess.append(j)
                prev = j
            if ok:
                for st, j in zip(th.steps, sess):
                    st.sess = j
                    load[j][st.owner] += 1
                kept.append(th)
                break
    return kept


class Filler:
    """Draws chit-chat lines that contain no answer word, preferring lines not used yet."""

    def __init__(self, rng, banned):
        self.rng, self.banned = rng, banned
        self.seen: dict[str, int] = {}
        self.session_cats: list[str] = []

    def clean(self, s):
        if toks(s) & self.banned[0]:
            return False
        return not any(re.search(r"\b" + re.escape(w) + r"\b", s.lower()) for w in self.banned[1])

    def pick(self, cands, fallback="Ha, fair enough."):
        ok = [s for s in cands if self.clean(s)]
        if not ok:
            return fallback
        low = min(self.seen.get(s, 0) for s in ok)
        s = self.rng.choice([s for s in ok if self.seen.get(s, 0) == low])
        self.seen[s] = self.seen.get(s, 0) + 1
        return s

    def fresh(self, cands):
        """An unused clean line, or None."""
        ok = [s for s in cands if self.clean(s) and s not in self.seen]
        if not ok:
            return None
        s = self.rng.choice(ok)
        self.seen[s] = 1
        return s

    def exchange(self, seas, reuse=False):
        """A new chit-chat exchange (opener, [candidate replies, (candidate finals)]) or None when the
        pools are used up (unless `reuse`).  Seasonal, TV and food talk at most once per session."""
        rng, ok = self.rng, self.clean
        gen = [e for e in GENERIC_EX if e[0][0] not in self.seen and ok(e[0][0])]
        sea = [x for x in SEASONAL[seas] if x not in self.seen and ok(x)]
        shows = [x for x in SHOWS if x not in self.seen and ok(x)]
        foods = [x for x in FOODS if x not in self.seen and ok(x)]
        room = {c: self.session_cats.count(c) < 1 for c in ("sea", "tv", "food")}
        cats = [("gen", 6)] * bool(gen) + [("sea", 2)] * bool(sea and room["sea"]) + \
            [("tv", 3)] * bool(shows and room["tv"]) + [("food", 2)] * bool(foods and room["food"])
        if not cats:
            if not reuse:
                return None
            pool = [e for e in GENERIC_EX if ok(e[0][0])]
            low = min(self.seen.get(e[0][0], 0) for e in pool)
            e = rng.choice([e for e in pool if self.seen.get(e[0][0], 0) == low])
            self.seen[e[0][0]] = low + 1
            return e[0][0], e[1:]
        cat = rng.choices([c for c, _ in cats], [w for _, w in cats])[0]
        self.session_cats.append(cat)
        if cat == "gen":
            e = rng.choice(gen)
            self.seen[e[0][0]] = 1
            return e[0][0], e[1:]
        if cat == "sea":
            line = rng.choice(sea)
            self.seen[line] = 1
            if rng.random() < 0.35:
                return rng.choice(WEATHER_Q), [[line], SEASON_REPLY[seas]]
            return line, [SEASON_REPLY[seas]]
        if cat == "tv":
            show = rng.choice(shows)
            self.seen[show] = 1
            v = rng.choice(VERDICTS)
            return rng.choice(TV_Q), [[t.format(s=show, s_cap=cap(show), v=v) for t in TV_A]]
        food = rng.choice(foods)
        self.seen[food] = 1
        return f"I made {food} tonight, {rng.choice(FOOD_OUT)}", [FOOD_REPLY]


def build_session(f: Filler, rng, items, min_len, gap, first, names, seas):
    """Write one session.  `items` is an ordered list of ("fact", Step) / ("news", owner, mood, text) /
    ("chat",).  A fact is said by its owner (the other person first asks for news if needed) and
    gets a reaction; chat items start a small-talk exchange.  Returns the messages (even count,
    starting with person A) and sets each Step's local index in `.turn`."""
    msgs: list[str] = []
    f.session_cats = []
    state = {"pend": None, "react": None}
    key = "first" if first else ("short" if gap <= 4 else "mid" if gap <= 9 else "long" if gap <= 15 else "vlong")
    def lead(allow_q=True):
        out = []
        if state["react"]:
            (mood, can_ask), state["react"] = state["react"], None
            stmts, qa = REACT[mood]
            if qa and can_ask and allow_q and rng.random() < 0.5:
                q, ans = rng.choice(qa)
                state["pend"] = [ans]
                return [q], True
            out.append(f.pick(stmts))
            if rng.random() < 0.75:
                out.append(f.pick(REACT_MORE[mood]))
            state["pend"] = None
        elif state["pend"]:
            r = f.pick(state["pend"][0])
            out.append(r)
            if r.endswith("?"):
                state["pend"] = state["pend"][1:] or None
                return out, True
            state["pend"] = None
            if rng.random() < 0.4:
                t = f.fresh(TAILS)
                if t:
                    out.append(t)
        return out, False
    def say(parts):
        msgs.append(" ".join(x for x in parts if x))
    opening = f.pick(GREET[key]).format(o=names[1])
    say([opening, f.fresh(TAILS) if rng.random() < 0.4 else None])
    say([f.pick(GREET_R[key]).format(o=names[0])])
    state["pend"] = [GREET_ANS]
    def chat(reuse=False):
        if len(msgs) >= 26:
            return
        parts, q = lead()
        if q:
            say(parts)
            return chat(reuse)
        ex = f.exchange(seas, reuse)
        if ex is None:
            if parts:
                say(parts)
            return
        o, rest = ex
        if parts and rng.random() < 0.4 and ":" not in o[:30] and o[0].isalpha():
            o = rng.choice(["Oh, random thing:", "Unrelated, but", "Anyway,", "Also,"]) + " " + (
                o if re.match(r"I\b", o) else o[0].lower() + o[1:])
        elif not parts and len(msgs) > 2 and rng.random() < 0.3:
            parts.append(rng.choice(ACKS))
        say(parts + [o])
        state["pend"] = rest or None
    last_owner = None
    for it in items:
        if it[0] == "chat":
            chat()
            last_owner = None
            continue
        owner = it[1].owner if it[0] == "fact" else it[1]
        while True:
            parts, q = lead()
            if q:
                say(parts)
                continue
            if len(msgs) % 2 != owner:
                prompt = it[1].prompt if it[0] == "fact" and it[1].prompt else f.pick(PROMPTS_MORE if last_owner == owner else PROMPTS)
                say(parts + [prompt])
                continue
            mood, text = (it[1].mood, it[1].text) if it[0] == "fact" else (it[2], it[3])
            if mood in NEWSY and re.match(r"(I|My) ", text) and rng.random() < 0.4:
                parts.append(f.pick(NEWS_LEAD))
            if it[0] == "fact":
                it[1].turn = len(msgs)
            parts.append(text)
            if it[0] == "fact" and rng.random() < 0.6:
                parts.append(f.pick(FACT_TAIL[mood]))
            say(parts)
            state["react"] = (mood, it[0] == "fact")
            last_owner = owner
            break
    for _ in range(12):
        if len(msgs) >= min_len - 2:
            break
        chat(reuse=True)
    while True:   # wind down: settle what is pending, then A wraps up and B says goodbye
        parts, q = lead(allow_q=False)
        if len(msgs) % 2 == 0 and not q:
            say(parts + [f.pick(WRAP)])
            break
        if not parts:
            parts = [f.fresh(TAILS) or f.pick(ACKS)]
        say(parts)
    say([f.pick(BYE)])
    return msgs


def generate(seed: int) -> Conversation:
    rng = rng_for("diary_long", seed)
    rel, flags = rng.choice(RELATIONSHIPS)
    ga, gb = rng.choice("fm"), rng.choice("fm")
    if flags == "mentor":
        rel = f"a mentor and {'her' if ga == 'f' else 'his'} former mentee from a work programme"
    a = Person(rng.choice(FEMALE if ga == "f" else MALE), ga)
    b = Person(rng.choice([x for x in (FEMALE if gb == "f" else MALE) if x != a.name]), gb)
    cur = rng.choice(["£", "€", "$"])
    c = Ctx(rng, [a, b], flags, cur)
    for p in (a, b):
        if rng.random() < 0.65:
            p.partner = rng.choice(["partner", "husband", "wife", "girlfriend", "boyfriend", "partner"])
        if rng.random() < 0.4:
            for _ in range(rng.choice([1, 1, 2])):
                kg = rng.choice("fm")
                kn = c.name(kg)
                if kn:
                    p.kids.append((kn, "daughter" if kg == "f" else "son", kg))
    # conversation shape
    n_sess = rng.randint(22, 32)
    start = datetime(rng.randint(2022, 2024), rng.randint(1, 12), rng.randint(1, 28))
    dates = session_dates(rng, n_sess, start, (2, 20))
    # threads of facts, scheduled onto sessions
    threads = []
    for i in (0, 1):
        for fn, (lo, hi) in PLAN_PER_PERSON:
            for _ in range(rng.randint(lo, hi)):
                th = fn(c, i)
                if th:
                    threads.append(th)
    if rng.random() < 0.85:
        th = th_move(c, rng.randrange(2))
        if th:
            threads.append(th)
    rng.shuffle(threads)
    load = [[0, 0] for _ in dates]
    kept = _realise(rng, schedule(rng, [t for t in threads if len(t.steps) > 1] + [t for t in threads if len(t.steps) == 1],
                                  dates, load), dates)
    for _ in range(60):   # top up until every question kind has enough candidates
        have = {k: sum(q[0] == k for t in kept for q in t.cached) for k in KINDS}
        short = [k for k in KINDS if have[k] <= MIN_KIND[k]]
        if not short and sum(have.values()) >= 80:
            break
        th = rng.choice(TOP_UP[short[0]] if short else EXTRA)(c, rng.randrange(2))
        if th:
            kept += _realise(rng, schedule(rng, [th], dates, load), dates)
    cands = [(kind, text, ans, th, idx, gold) for th in kept for kind, text, ans, idx, gold in th.cached]
    words = {w.lower() for q in cands for w in q[2]}
    f = Filler(rng, ({w for w in words if re.fullmatch(r"\w+", w)}, {w for w in words if not re.fullmatch(r"\w+", w)}))
    # per-session items: facts, untracked life news, chit-chat
    news = [n for n in NEWS_ITEMS if f.clean(n[1])]
    rng.shuffle(news)
    items = [[("fact", st) for th in kept for st in th.steps if st.sess == s] for s in range(n_sess)]
    for s in range(n_sess):
        for _ in range(rng.choice([2, 2, 3, 3, 4])):
            if news:
                mood, text = news.pop()
                items[s].append(("news", rng.randrange(2), mood, text))
    target = rng.randint(600, 680)
    fixed = sum(4 + 2.6 * len(x) for x in items)
    per_chat = min(max(0.0, (target - fixed) / n_sess / 1.5), 190 / n_sess)
    turns, lens = [], []
    for s in range(n_sess):
        its = items[s]
        rng.shuffle(its)
        for _ in range(max(0, round(per_chat + rng.uniform(-2, 2)))):
            its.insert(rng.randrange(len(its) + 1), ("chat",))
        gap = 0 if s == 0 else (dates[s].date() - dates[s - 1].date()).days
        min_len = max(16, round(525 / n_sess))
        msgs = build_session(f, rng, its, min_len, gap, s == 0, (a.name, b.name), season(dates[s]))
        for it in its:
            if it[0] == "fact":
                it[1].turn += len(turns)
        ts = epoch(dates[s])
        for k, m in enumerate(msgs):
            ts += rng.randint(40, 260)
            turns.append(Turn("user" if k % 2 == 0 else "assistant", m, ts))
        lens.append(len(msgs))
    chosen = _select(rng, [(kind, text, ans, sorted({th.steps[k].turn for k in idx}), gold)
                           for kind, text, ans, th, idx, gold in cands])
    qs, gold = [], {}
    for kind, text, ans, ev, g in chosen:
        if g is not None:
            gold[len(qs)] = g.strftime("%Y-%m-%d")
        qs.append(Question(text=text, answer=list(ans), evidence=ev, kind=kind))
    system = f"A conversation between {a.name} and {b.name}, {rel}."
    return Conversation(id=f"diary_long-{seed}", lang="en", turns=turns, questions=qs, system=system,
                        meta={"sessions": n_sess, "speakers": {"user": a.name, "assistant": b.name},
                              "session_dates": [d.strftime("%Y-%m-%d %H:%M") for d in dates], "gold_dates": gold,
                              "fact_turns": sorted(st.turn for th in kept for st in th.steps), "session_lengths": lens})


def _realise(rng, threads, dates):
    """Render the scheduled steps (in order) and build each thread's candidate questions."""
    for th in threads:
        for st in th.steps:
            st.text = st.render(dates[st.sess])
        th.cached = th.qs()
    return threads


def _select(rng, cands):
    seen, uniq = set(), []
    for q in cands:
        if q[1] not in seen:
            seen.add(q[1])
            uniq.append(q)
    by = {k: [q for q in uniq if q[0] == k] for k in KINDS}
    for v in by.values():
        rng.shuffle(v)
    out = []
    for k in KINDS:
        out += by[k][:MIN_KIND[k]]
        by[k] = by[k][MIN_KIND[k]:]
    rest = [q for v in by.values() for q in v]
    rng.shuffle(rest)
    out += rest[:max(0, rng.randint(45, 60) - len(out))]
    out.sort(key=lambda q: (q[3][0], q[1]))
    return out
