"""diary_long: months-long chats between two people who know each other well.

What the set is
    Each conversation is a diary-like exchange between two acquaintances (siblings, old flatmates,
    former colleagues, pen-pals, a mentor and mentee, ...) who check in every few days to a few
    weeks over roughly 7-11 months: 22-32 dated sessions of 16-30 messages, ~500-800 messages in
    total.  Person A's messages have role "user", person B's role "assistant"; contents carry no
    speaker labels, `conv.system` says who is talking.  Every session opens with a greeting that
    fits the time since the last one and mixes life updates with plenty of chit-chat (weather for
    the season, TV, cooking mishaps, neighbours, work gripes, jokes and reactions).

How it was written
    Independently of the memory library: the author did not read the library code, the other
    evaluation sets or the generalisation script - only `common.py` for the data model.  All text
    is composed from hand-written template pools (at least six sentence templates per fact type)
    with a per-seed RNG, so seeds give different people, facts, wording and session layouts.
    Filler lines are drawn only if they contain none of the conversation's answer words.

Facts (told in passing, mostly events, plans and preferences, both speakers have their own)
    past events with relative or explicit dates ("last Saturday", "two weeks ago", "on 14 May"),
    plans (renovations, courses, surgeries; sometimes rescheduled), holidays (sometimes switched
    to another destination, later a highlight), moves (sometimes to a different city than first
    announced), job changes with a reason, adopting a pet whose name is settled later, relatives
    moving away and visits for their celebrations, friends' jobs, children's instruments and
    recitals, partners' promotions, drinks swapped for health reasons, likes / dislikes / "X over
    Y", books by topic, hobby groups joined and quit, injuries and allergies, purchases with
    prices, weekly habits, dishes cooked for occasions, cars bought and replaced.

Questions (45-60 per conversation, all asked after the last turn)
    fact, temporal (answer = words naming the event, plus the day/month only when the turn states
    them; the absolute gold date is kept in `meta["gold_dates"]`), multi-hop (two evidence turns),
    update (evidence = the turn holding the current value), preference, paraphrase (question words
    differ from the evidence turn) and reason.  `answer` words are verbatim from the evidence
    turns; `evidence` holds turn indices.
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


def has_word(text: str, w: str) -> bool:
    return re.search(r"\b" + re.escape(w.lower()) + r"\b", text.lower()) is not None


# --------------------------------------------------------------------------------------------
# people
FEMALE = ("Maya Lena Priya Chloe Hannah Sofia Aisha Nora Grace Isla Freya Zara Ruth Alice Mei "
          "Ingrid Tessa Leila Rosa Nadia Imogen Clara Esme Yasmin Harriet Bea Jess Martina Dana "
          "Kemi Laura Olive Saoirse Anya Hana Lucia Rhea Marta Ines Joy Cora Eliza Fern Gwen "
          "Iris Juno Keira Lydia Mina Orla Pia Selma Talia Vera Wren").split()
MALE = ("Tom Sam Daniel Omar Felix Ravi Jonah Leo Marcus Theo Ben Arjun Hugo Callum Mateo Ewan "
        "Kofi Luca Finn Idris Rory Noah Pablo Jakob Ollie Simon Dev Tariq Henrik Milo Kenji Adam "
        "Gabe Rafael Stefan Owen Will Amir Cole Niall Aled Bruno Cyrus Dmitri Elias Fraser Gus "
        "Hamish Ivo Joel Kit Lorcan Moss Nico").split()
PET_NAMES = ("Biscuit Mochi Pickle Juniper Waffles Pepper Bramble Otis Nori Clementine Pip Hazel "
             "Rolo Fig Taco Luna Bean Dumpling Sprout Maple Noodle Pretzel Ziggy Basil Toffee "
             "Custard Bumble Kipper Marmite Olive2 Crumpet Nutmeg Wasabi Turnip").split()
PET_NAMES = [n for n in PET_NAMES if n.isalpha()]

RELATIONSHIPS = [
    ("old university friends", ""), ("siblings who live in different cities", "sib"),
    ("former colleagues who shared a desk for years", ""),
    ("former neighbours who kept in touch after one of them moved away", ""),
    ("a mentor and her former mentee from a work programme", "mentor"),
    ("pen-pals who met through a language exchange years ago", ""),
    ("cousins who grew up on the same street", "cousin"), ("childhood best friends", ""),
    ("old flatmates from their student days", ""),
    ("friends who met years ago at a running club", ""),
    ("old bandmates from a truly terrible school band", ""),
]


@dataclass
class Person:
    name: str
    g: str                      # "f" / "m"
    partner: str | None = None  # "husband", "wife", "partner", ...
    kids: list = field(default_factory=list)   # [(name, "daughter"/"son", "f"/"m")]

    @property
    def sub(self): return "she" if self.g == "f" else "he"
    @property
    def obj(self): return "her" if self.g == "f" else "him"
    @property
    def pos(self): return "her" if self.g == "f" else "his"
    @property
    def we(self): return "we" if (self.partner or self.kids) else "I"
    @property
    def were(self): return "we're" if (self.partner or self.kids) else "I'm"
    @property
    def weve(self): return "we've" if (self.partner or self.kids) else "I've"

    def voter(self):
        if self.kids:
            return "the kids" if len(self.kids) > 1 else f"my {self.kids[0][1]}"
        return f"my {self.partner}" if self.partner else "my flatmate"

    def crew(self):
        if self.partner:
            return f"my {self.partner} and I"
        if self.kids:
            return "the kids and I"
        return "a couple of old school friends and I"


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
    if 2 <= k <= 6:
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
    return rng.choice([(f"in {m}", [m]), (f"at the end of {m}", [m]), (f"in early {m}", [m])])


# --------------------------------------------------------------------------------------------
# fact pools: (text, answer key words, ...)
ACTIVITIES = [
    ("ran the charity 10k for the children's hospital", ["10k"], "run the charity 10k"),
    ("did my first proper open-water swim at the reservoir", ["open-water"], "do {pos} first open-water swim"),
    ("climbed Snowdon with a group from work", ["Snowdon"], "climb Snowdon"),
    ("climbed Ben Nevis in the fog", ["Nevis"], "climb Ben Nevis"),
    ("went to a pottery workshop and came home with three wonky bowls", ["pottery"], "go to the pottery workshop"),
    ("gave my first ever talk at a conference", ["conference"], "give {pos} first conference talk"),
    ("hosted a board game night for the neighbours", ["board"], "host the board game night"),
    ("did a sprint triathlon", ["triathlon"], "do the sprint triathlon"),
    ("took a dumpling class in Chinatown", ["dumpling"], "take the dumpling class"),
    ("volunteered at the beach clean-up", ["clean-up"], "volunteer at the beach clean-up"),
    ("passed my driving test on the second attempt", ["driving"], "pass {pos} driving test"),
    ("got my first tattoo, a tiny fern on my wrist", ["fern"], "get {pos} first tattoo"),
    ("sang at an open mic night for the first time", ["mic"], "sing at the open mic night"),
    ("went to a silent disco at the science museum", ["disco"], "go to the silent disco"),
    ("ran a stall at the craft fair selling candles", ["craft"], "run a stall at the craft fair"),
    ("went axe throwing for a colleague's leaving do", ["axe"], "go axe throwing"),
    ("went to a murder mystery dinner dressed as a detective", ["murder"], "go to the murder mystery dinner"),
    ("did my very first parkrun", ["parkrun"], "do {pos} first parkrun"),
    ("tried indoor skydiving", ["skydiving"], "try indoor skydiving"),
    ("went to a ceilidh and danced until midnight", ["ceilidh"], "go to the ceilidh"),
    ("gave blood for the first time", ["blood"], "give blood for the first time"),
    ("did an escape room with my old school friends", ["escape"], "do the escape room"),
    ("went to a planetarium show about black holes", ["planetarium"], "go to the planetarium show"),
    ("went to a sheepdog trial with my uncle", ["sheepdog"], "go to the sheepdog trial"),
    ("took part in a charity bake sale", ["bake"], "take part in the charity bake sale"),
    ("went to a vinyl record fair", ["vinyl"], "go to the record fair"),
]
PAST_T = [
    "I finally {act} {when}!",
    "{When} I {act}. Still can't quite believe it.",
    "Guess what? I {act} {when}.",
    "Not sure if I mentioned it, but I {act} {when}.",
    "So {when} I {act}, which I'd been putting off for ages.",
    "Highlight of my week: I {act} {when}.",
    "Quick update from me: I {act} {when}, and it went better than I expected.",
    "Did I tell you I {act} {when}? I'm still buzzing.",
]
TEMPORAL_Q = ["When did {N} {q}?", "On what date did {N} {q}?", "What day did {N} {q}?"]

PLANS = [
    ("the kitchen renovation finally starts {when}", "the kitchen renovation", ["kitchen", "renovation"], "When is {N}'s kitchen renovation due to start"),
    ("I'm running my first half marathon {when}", "the half marathon", ["marathon"], "When is {N} running {pos} first half marathon"),
    ("I'm getting my wisdom teeth out {when}", "the wisdom teeth appointment", ["wisdom"], "When is {N} having {pos} wisdom teeth removed"),
    ("my evening Italian course starts {when}", "the Italian course", ["Italian"], "When does {N}'s Italian course begin"),
    ("the bathroom is finally getting redone {when}", "the bathroom work", ["bathroom"], "When is {N}'s bathroom being redone"),
    ("I'm doing a weekend beekeeping course {when}", "the beekeeping course", ["beekeeping"], "When is {N}'s beekeeping course"),
    ("my photos are going up in a little exhibition at the library {when}", "the exhibition", ["exhibition"], "When does {N}'s photo exhibition open"),
    ("I'm taking my motorbike test {when}", "the motorbike test", ["motorbike"], "When is {N}'s motorbike test"),
    ("I'm having laser eye surgery {when}", "the laser eye surgery", ["laser"], "When is {N} getting laser eye surgery"),
    ("the new boiler is being fitted {when}", "the boiler fitting", ["boiler"], "When is {N}'s new boiler being fitted"),
    ("I'm doing a sponsored swim for the hospice {when}", "the sponsored swim", ["sponsored"], "When is {N}'s sponsored swim"),
    ("I'm giving a speech at my best friend's wedding {when}", "the wedding speech", ["speech"], "When is {N} giving the wedding speech"),
]
PLAN_T = [
    "So it's official: {plan}.", "Mark your calendar: {plan}!", "Big news, {plan}. Slightly terrified.",
    "In other news, {plan}.", "I've finally booked it, {plan}.",
    "Just so you know why I'll be a mess for a while: {plan}.",
    "Remember the thing I kept putting off? Well, {plan}.",
]
RESCHED_T = [
    "Change of plan: {x} has been pushed back. It's now happening {new}.",
    "Ugh, {x} got rescheduled. It's {new} now, of course.",
    "Scratch what I said about {x}, it's now {new}.",
    "Turns out {x} isn't happening when I said. New plan: {new}.",
    "{X} has moved again. Apparently it's {new} now.",
    "Slight delay on {x}: it's {new} instead.",
]

PLACES = ["Lisbon", "Porto", "Seville", "Valencia", "Crete", "Sicily", "Sardinia", "the Azores",
          "Madeira", "Iceland", "the Dolomites", "Skye", "Kyoto", "Hanoi", "Marrakesh",
          "Copenhagen", "Ljubljana", "Tallinn", "Bergen", "Galway", "Bologna", "Naples", "Vienna",
          "Budapest", "Montreal", "Oaxaca", "Tasmania", "Cornwall", "Mallorca", "Corsica"]
CITIES = ["Leeds", "Bristol", "Edinburgh", "York", "Cardiff", "Belfast", "Brighton", "Norwich",
          "Sheffield", "Exeter", "Aberdeen", "Dundee", "Nottingham", "Bath", "Inverness",
          "Ghent", "Lyon", "Bordeaux", "Utrecht", "Leipzig", "Malmo", "Gothenburg", "Trieste",
          "Dublin", "Cork", "Halifax", "Denver", "Portland", "Austin", "Melbourne", "Wellington"]
HIGHLIGHTS = [
    ("a boat trip out to see the puffins", ["puffins"]),
    ("swimming in a freezing glacier lake", ["glacier"]),
    ("a tiny family restaurant where the grandmother did all the cooking", ["grandmother"]),
    ("kayaking into the sea caves", ["caves"]),
    ("a night swim with glowing plankton", ["plankton"]),
    ("a vineyard tour that turned into a four-hour lunch", ["vineyard"]),
    ("soaking in the hot springs", ["springs"]),
    ("a street market where we bought far too much cheese", ["cheese"]),
    ("a sunrise hike up an old volcano", ["volcano"]),
    ("a jazz bar hidden in a basement", ["jazz"]),
    ("a cable car ride over the whole valley", ["cable"]),
    ("a cooking class where we made pasta by hand", ["pasta"]),
    ("the dolphins that followed our ferry", ["dolphins"]),
    ("a lighthouse you could climb right to the top", ["lighthouse"]),
]
TRIP_T = [
    "{Crew} booked {dur} in {place} {when}!",
    "Holiday's booked: {dur} in {place}, {when}.",
    "{Crew} are off to {place} {when}. I've already started a packing list.",
    "So I finally did it, {crew} are going to {place} {when}.",
    "Guess who's going to {place} {when}? Me! {Dur_cap}, all booked.",
    "{Crew} are heading to {place} {when}. Can't wait.",
    "Trip news: {place}, {when}, {dur}. It's booked and non-refundable.",
]
TRIP_SWITCH_T = [
    "Change of plans on the holiday: we swapped {p1} for {p2}, because {why}.",
    "Scratch {p1}, we're going to {p2} instead. {Why}.",
    "Turns out we're not going to {p1} after all. {Why}, so it's {p2} now.",
    "We ended up going with {p2} instead of {p1}, since {why}.",
    "Holiday update: it's {p2} now, not {p1}. Long story short, {why}.",
    "Okay, so {p1} is off. {Why}. We've booked {p2} instead.",
]
TRIP_WHY = [("the flights tripled in price overnight", ["tripled"]),
            ("everything there was booked up for a festival", ["festival"]),
            ("a friend offered us her cabin for free", ["cabin"]),
            ("there's a huge heatwave forecast", ["heatwave"]),
            ("the airline cancelled our route", ["airline"]),
            ("it was going to blow the budget completely", ["budget"])]
TRIP_BACK_T = [
    "We're back from the trip! The best part was {hl}.",
    "Home again, sunburnt and happy. Highlight of the whole week: {hl}.",
    "Back from holiday and already missing it. Honestly, {hl} made the whole trip.",
    "The trip was everything. If I had to pick one thing, {hl}.",
    "Just unpacked. My best memory from the trip is definitely {hl}.",
    "Holiday report: ten out of ten, mostly because of {hl}.",
]

MOVE_WHY = [("rent here has become completely ridiculous", ["rent"]),
            ("{we} really want a garden", ["garden"]),
            ("I want to be closer to Mum", ["Mum"]),
            ("{we} badly need more space", ["space"]),
            ("the noise from the bars downstairs is unbearable", ["bars"]),
            ("my landlord is selling the building", ["landlord"]),
            ("I can work from anywhere now and fancy a change", ["anywhere"])]
MOVE_T = [
    "Big news: {were} moving to {city} {when}. Mostly because {why}.",
    "So, {were} actually moving to {city} {when}! {Why} and it just makes sense.",
    "Okay, don't faint, but {were} moving to {city} {when}. {Why}.",
    "{Weve} decided: {city}, {when}. {Why}, so that was that.",
    "I keep forgetting to tell you: {were} relocating to {city} {when}, since {why}.",
    "The move is happening! {city}, {when}. Honestly it's because {why}.",
]
MOVE_SWITCH_T = [
    "Turns out the flat in {c1} fell through, so {were} going to {c2} instead.",
    "Scratch that about {c1}, {we} ended up going with {c2}.",
    "Update on the move: it's {c2} now, not {c1}. Long story.",
    "Plot twist: {were} not moving to {c1} after all. It's {c2}!",
    "So {c1} is off. {We} found a much better place in {c2}.",
    "Change of plan with the move: {c2} instead of {c1}. Cheaper, and closer to the station.",
]
MOVED_T = ["{Weve} officially moved! The new place is full of boxes and I can't find a single mug.",
           "First week in the new place done. Still sleeping on a mattress on the floor, but happy.",
           "Moving day is over and I never want to see a cardboard box again."]

ROLES = [("data analyst", ["analyst"]), ("primary school teacher", ["teacher"]),
         ("physiotherapist", ["physiotherapist"]), ("graphic designer", ["designer"]),
         ("project manager", ["project"]), ("nurse", ["nurse"]), ("software tester", ["tester"]),
         ("accountant", ["accountant"]), ("librarian", ["librarian"]), ("translator", ["translator"]),
         ("architect", ["architect"]), ("paramedic", ["paramedic"]), ("copywriter", ["copywriter"]),
         ("lab technician", ["technician"]), ("journalist", ["journalist"]),
         ("pharmacist", ["pharmacist"]), ("UX researcher", ["researcher"]), ("sous chef", ["chef"]),
         ("surveyor", ["surveyor"]), ("social worker", ["social"])]
ORGS = {"data analyst": "a solar energy startup", "primary school teacher": "a small village school",
        "physiotherapist": "a sports clinic", "graphic designer": "a design studio",
        "project manager": "the city council", "nurse": "the big hospital across town",
        "software tester": "a games company", "accountant": "a craft brewery",
        "librarian": "the university library", "translator": "a publishing house",
        "architect": "a firm that does eco-housing", "paramedic": "the ambulance service",
        "copywriter": "an advertising agency", "lab technician": "a vaccine lab",
        "journalist": "the local newspaper", "pharmacist": "a community pharmacy",
        "UX researcher": "a bank", "sous chef": "a seafood restaurant",
        "surveyor": "a housing association", "social worker": "a children's charity"}
JOB_NOW_T = [
    "I've been {a_role} for six years now and I still get nervous on Mondays.",
    "Long day. Being {a_role} is great until everyone needs something at once.",
    "Some days I love being {a_role}, and some days I want to run away to a farm.",
    "Reminder that I'm {a_role} and today I was asked to fix the office printer.",
    "Honestly, being {a_role} is mostly emails. Nobody warned me.",
    "Had my annual review today. Six years as {a_role} and they finally noticed I exist.",
]
JOB_CHANGE_T = [
    "I handed in my notice! I'm starting as {a_role} at {org} next month, mostly because {why}.",
    "Big change: I've left my job. I'm going to be {a_role} at {org}. {Why}, so it was time.",
    "Okay, so I quit. The new job is {a_role} at {org}. Honestly, {why}.",
    "I accepted an offer today: {a_role} at {org}! {Why}.",
    "Guess who's changing jobs? I'm moving to {org} as {a_role}, because {why}.",
    "Actually, as of last Friday I work at {org}. I'm {a_role} now. {Why}.",
]
JOB_WHY = [("the commute was eating two hours of my day", ["commute"]),
           ("my manager made every single meeting miserable", ["miserable"]),
           ("they offered me a four-day week", ["four-day"]),
           ("the pay is so much better", ["pay"]),
           ("I was completely burnt out", ["burnt"]),
           ("I wanted to do something more creative", ["creative"]),
           ("it's fully remote", ["remote"]),
           ("my old place was making redundancies", ["redundancies"])]

BREEDS = [("greyhound", "dog"), ("whippet", "dog"), ("beagle", "dog"), ("spaniel", "dog"),
          ("collie", "dog"), ("dachshund", "dog"), ("labrador", "dog"), ("lurcher", "dog"),
          ("terrier", "dog"), ("corgi", "dog"), ("poodle", "dog"), ("husky", "dog"),
          ("tabby", "cat"), ("Siamese", "cat"), ("Bengal", "cat"), ("ragdoll", "cat")]
PET_T = [
    "{Were} adopting a rescue {breed} {when}!",
    "{We} are bringing home a {breed} {when}. I'm beyond excited.",
    "Big news: {were} getting a {breed} {when}. The shelter just approved us.",
    "{We} said yes to a {breed} from the rescue centre. Pick-up is {when}.",
    "I finally caved: a {breed} is joining the household {when}.",
    "Don't laugh, but {weve} put our name down for a {breed}. Collection is {when}.",
]
PET_DEBATE_T = [
    "The new {animal} is home and we still can't agree on a name. I want {n1}, {voter} wants {n2}.",
    "Name debate update: it's {n1} versus {n2}. {Voter} is winning, unfortunately.",
    "We've been calling the {animal} {n1} for now, but {voter} keeps saying {n2}.",
]
PET_NAME_T = [
    "It's official: the {animal} is called {fin}.",
    "We ended up going with {fin} for the name. It suits {pp} perfectly.",
    "Name decided! {fin}. Somebody is very smug about it.",
    "Neither name won in the end. The {animal} is {fin} now, and it's stuck.",
    "Turns out the {animal} only responds to {fin}, so that's the name now.",
    "After all that arguing, we settled on {fin}.",
]
PET_INC = [("had to get stitches after chasing a squirrel into a fence", ["stitches"], "needed stitches"),
           ("swallowed an entire sock and needed surgery", ["sock"], "swallowed a sock"),
           ("got stung by a wasp and {pp} whole face swelled up", ["wasp"], "got stung"),
           ("ate half a birthday cake off the kitchen counter", ["cake"], "ate a birthday cake off the counter"),
           ("fell in the canal chasing a duck", ["canal"], "fell into the canal")]
PET_INC_T = ["Drama this week: {fin} {inc}.", "So {fin} {inc}. All fine now, I'm the one who needs a lie-down.",
             "You won't believe this, {fin} {inc}.", "Vet bill of the year: {fin} {inc}.",
             "Small disaster: {fin} {inc}. Recovering fine, thankfully.",
             "{fin} {inc}. I'm never taking my eyes off {pp} again."]

RELS = {"sister": "f", "brother": "m", "cousin": "?", "best friend": "?", "aunt": "f",
        "old roommate": "?", "uncle": "m"}
REL_WHY = [("a job at the big hospital there", ["hospital"]), ("a PhD in marine biology", ["PhD"]),
           ("a job with a wine importer", ["importer"]), ("a research post at the observatory", ["observatory"]),
           ("a teaching job at the international school", ["international"]),
           ("a new restaurant {rs} is opening with a friend", ["restaurant"])]
REL_T = [
    "My {rel} {rn} just moved to {city} for {why}.",
    "Did I tell you {rn}, my {rel}, has moved to {city}? It's for {why}.",
    "Family news: {rn} packed everything up and moved to {city} for {why}.",
    "{rn}, my {rel}, is officially living in {city} now. All for {why}.",
    "So my {rel} {rn} has relocated to {city}. It's for {why}, apparently.",
    "Guess who lives in {city} now? My {rel} {rn}! {rs_cap} went for {why}.",
]
OCCASIONS = [("40th birthday", ["40th"]), ("graduation", ["graduation"]), ("housewarming", ["housewarming"]),
             ("engagement party", ["engagement"]), ("first art show", ["art"]),
             ("citizenship ceremony", ["citizenship"]), ("book launch", ["launch"])]
VISIT_T = [
    "I'm flying out to see {rn} {when} for {rp} {occ}.",
    "Booked my tickets to visit {rn} {when}. It's {rp} {occ}!",
    "{rn}'s {occ} is {when}, so I'm going over for a long weekend.",
    "I'll be away {when}: {rn}'s {occ}. Wouldn't miss it.",
    "Just sorted the trip to see {rn} {when}. It's {rp} {occ}, so no excuses.",
    "Guess who's going to {rn}'s {occ} {when}? This one.",
]

FRIEND_JOBS = [("firefighter", ["firefighter"]), ("dentist", ["dentist"]), ("pastry chef", ["pastry"]),
               ("airline pilot", ["pilot"]), ("zookeeper", ["zookeeper"]), ("park ranger", ["ranger"]),
               ("sound engineer", ["engineer"]), ("florist", ["florist"]), ("midwife", ["midwife"]),
               ("stand-up comedian", ["comedian"]), ("locksmith", ["locksmith"]), ("vet", ["vet"])]
FRIEND_T = [
    "Had dinner with my friend {fn}. {fs_cap}'s {a_job} now, which explains all the stories.",
    "My mate {fn} is {a_job}, and {fs} just told me the wildest story about work.",
    "I met up with {fn} yesterday. {fs_cap}'s been {a_job} for a year now and loves it.",
    "You'd like my friend {fn}. {fs_cap}'s {a_job} with the driest sense of humour.",
    "{fn}, my friend who's {a_job}, has invited me to {fp} birthday drinks.",
    "Spent the afternoon with {fn}. Being {a_job} clearly suits {fo}.",
]
FRIEND_ACTS = [("paddleboarding", ["paddleboarding"]), ("foraging for wild garlic", ["foraging"]),
               ("to a comedy club", ["comedy"]), ("on a ghost tour of the old town", ["ghost"]),
               ("sea fishing", ["fishing"]), ("to a roller disco", ["roller"]), ("ice skating", ["skating"]),
               ("stargazing up on the moors", ["stargazing"]), ("go-karting", ["go-karting"]),
               ("to a drag brunch", ["brunch"]), ("wild swimming in the river", ["wild"])]
FRIEND_ACT_T = [
    "{fn} dragged me {act} at the weekend. I'm aching all over.",
    "So {fn} took me {act} on Saturday, which I never thought I'd do.",
    "I went {act} with {fn} a few days ago. Would absolutely do it again.",
    "Guess what {fn} and I did on Sunday? Went {act}. I'm a convert.",
    "Tried something new: {fn} took me {act}. Mixed feelings, but mostly fun.",
    "Yesterday {fn} and I went {act}. Best afternoon I've had in ages.",
]

INSTRUMENTS = ["violin", "cello", "trumpet", "clarinet", "flute", "saxophone", "harp", "trombone", "ukulele"]
KID_T = [
    "My {kr} {kn} has started {inst} lessons, so our evenings are now very loud.",
    "{kn} picked the {inst} at school, of all things. Pray for our ears.",
    "Kid update: {kn} is learning the {inst} and practising every single night.",
    "{kn} begged for {inst} lessons and we caved. It's actually quite sweet.",
    "So my {kr} {kn} wants to be a famous {inst} player now. Lessons started last week.",
    "Guess whose {kr} is learning the {inst}? {kn} has had three lessons and is already a diva about it.",
]
RECITAL_T = [
    "{kn}'s first recital is {when}. I'm more nervous than {ks} is.",
    "We've got {kn}'s school recital {when}. Bring earplugs, I'm told.",
    "{kn} is playing a solo at the end-of-term recital {when}!",
    "Big week coming: {kn}'s recital is {when}. {ks_cap}'s been practising nonstop.",
    "{When} is {kn}'s first proper recital. I've been told I'm not allowed to cry.",
    "I'm going to be a wreck {when}: {kn} has {kp} first recital.",
]

PARTNER_ROLES = [("head chef", ["head", "chef"]), ("deputy head teacher", ["deputy"]),
                 ("senior vet", ["senior", "vet"]), ("hospital consultant", ["consultant"]),
                 ("museum curator", ["curator"]), ("lead developer", ["developer"]),
                 ("head gardener at the botanic garden", ["gardener"]), ("station manager", ["station"]),
                 ("editor of the magazine", ["editor"])]
PARTNER_T = [
    "My {pw} got promoted today, officially {a_role} now!",
    "Celebrating tonight: my {pw} is now {a_role}.",
    "Proud moment: my {pw} has been made {a_role}. Years of hard work.",
    "My {pw} just landed a new job as {a_role}, which is huge.",
    "So my {pw} is {a_role} now. I'm expecting free perks.",
    "Big week in our house: my {pw} started as {a_role}.",
]

DRINK_FROM = ["coffee", "black tea", "energy drinks", "double espressos", "fizzy drinks"]
DRINK_TO = [("decaf coffee", ["decaf"]), ("green tea", ["green"]), ("matcha", ["matcha"]),
            ("rooibos", ["rooibos"]), ("chai", ["chai"]), ("hot water with lemon", ["lemon"]),
            ("peppermint tea", ["peppermint"]), ("chicory coffee", ["chicory"]), ("kombucha", ["kombucha"])]
DRINK_WHY = [("I wasn't sleeping properly", ["sleeping"]), ("my doctor said my blood pressure was a bit high", ["pressure"]),
             ("the caffeine was making me jittery", ["jittery"]), ("I kept getting heartburn", ["heartburn"]),
             ("I was spending a fortune at the café", ["fortune"]), ("my hands were shaking at work", ["shaking"])]
DRINK_T = [
    "I've switched from {x} to {y}, because {why}.",
    "New me: no more {x}, it's {y} from now on. {Why}.",
    "I've given up {x} and gone over to {y}. Honestly, {why}.",
    "Small life change: {y} instead of {x} in the mornings. {Why}.",
    "You'd be proud. I swapped my morning {x} for {y}, since {why}.",
    "I'm a {y} person now, can you believe it? {Why}, so goodbye {x}.",
]
DRINK_UPD_T = [
    "The {y} experiment is over. I'm on {z} now and much happier.",
    "Turns out I can't stand {y} long-term, so it's {z} these days.",
    "Update from the drinks department: {y} is out, {z} is in.",
    "I caved, no more {y}. {Z} is my thing now.",
    "Actually, I've moved on from {y}. It's all {z} in the mornings now.",
    "We ended up with a new favourite in our house: {z}. Bye-bye {y}.",
]

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
FAV_T = [
    "Honestly, {x} is my absolute favourite {cat}.",
    "I've decided {x} is the best {cat}, no contest.",
    "You know me, I'll always pick {x} when it comes to {cats}.",
    "Can I confess something? My favourite {cat} is {x}.",
    "I'm completely obsessed with {x} at the moment. Best {cat} ever.",
    "If I could only have one {cat} for the rest of my life, it'd be {x}.",
    "Nothing beats {x} as far as {cats} go.",
]
FAV_Q = ["What is {N}'s favourite {cat}?", "Which {cat} does {N} like best?", "What {cat} would {N} pick over anything else?"]
PAIRS = [("mountains", "beaches", "mountain", "beach", "mountains", "beaches"),
         ("sunrises", "sunsets", "sunrise", "sunset", "sunrises", "sunsets"),
         ("trains", "planes", "train", "plane", "trains", "planes"),
         ("paperbacks", "e-readers", "paperback", "e-reader", "paperbacks", "e-readers"),
         ("rainy days", "heatwaves", "rainy-day", "heatwave", "rainy", "heatwaves"),
         ("early mornings", "late nights", "morning", "night-owl", "mornings", "nights")]
PAIR_T = [
    "I'd take {a} over {b} any day.",
    "Controversial, but {a} beat {b} every single time.",
    "Honestly? {A} over {b}, no contest.",
    "Team {a}, always. {B} just don't do it for me.",
    "I've realised I'm much more of a {a1} person than a {b1} person. Give me {a}.",
    "Given the choice between {a} and {b}, I'll pick {a} every time.",
]
DISLIKES = [("coriander", "herb"), ("olives", "food"), ("mushrooms", "food"), ("musicals", "kind of show"),
            ("karaoke", "activity"), ("camping", "activity"), ("mayonnaise", "condiment"), ("marzipan", "sweet"),
            ("beetroot", "vegetable"), ("liquorice", "sweet"), ("golf", "sport"), ("anchovies", "pizza topping")]
DISLIKE_T = [
    "I genuinely cannot stand {x}.", "{X} is my nemesis, I'm sorry.", "Never ever give me {x}, I'll cry.",
    "I've tried, really I have, but I just hate {x}.", "Hot take: {x} is awful and I won't hear otherwise.",
    "Everyone loves {x} except me, apparently. I can't bear it.",
]
DISLIKE_Q = ["What {cat} does {N} hate?", "Which {cat} can {N} not stand?", "Name the {cat} {N} really dislikes."]

BOOKS = [("the history of salt", ["salt"]), ("octopus intelligence", ["octopus"]),
         ("how mushrooms talk to each other", ["mushrooms"]), ("the early Antarctic expeditions", ["Antarctic"]),
         ("the invention of the printing press", ["printing"]), ("the secret lives of bees", ["bees"]),
         ("the history of maps", ["maps"]), ("volcanoes", ["volcanoes"]), ("the Silk Road", ["Silk"]),
         ("medieval cookbooks", ["medieval"]), ("the people who built the first lighthouses", ["lighthouses"]),
         ("the history of the bicycle", ["bicycle"]), ("the origins of chess", ["chess"]), ("crows", ["crows"])]
BOOK_T = [
    "I'm halfway through a book about {t} and it's weirdly gripping.",
    "Currently reading a whole book on {t}. Don't judge.",
    "My bedtime reading at the moment is all about {t}.",
    "I picked up a book about {t} at a charity shop and can't put it down.",
    "You'd love the book I'm on right now, it's about {t}.",
    "Reading update: I'm deep into a book about {t}. Fascinating stuff.",
]
BOOK_Q = ["What topic is the non-fiction book {N} has been reading?", "What subject is {N} reading up on lately?",
          "{N} mentioned a non-fiction read. What is it about?"]

GROUPS = [("a community choir", "the choir", ["choir"]), ("a bouldering club", "bouldering", ["bouldering"]),
          ("a salsa class", "salsa", ["salsa"]), ("a chess club", "chess club", ["chess"]),
          ("an improv group", "improv", ["improv"]), ("a rowing club", "rowing", ["rowing"]),
          ("a five-a-side football team", "football", ["football"]), ("a life drawing class", "life drawing", ["drawing"]),
          ("a woodworking course", "woodworking", ["woodworking"]), ("a knitting circle", "knitting", ["knitting"])]
GROUP_T = [
    "I joined {g}! We meet every {day} evening.", "New hobby alert: {g}, every {day}. I'm terrible and I love it.",
    "I've signed up for {g}. It's every {day} after work.", "So I've started going to {g} on {day} evenings. Very wholesome.",
    "Every {day} I'm at {g} now. Who even am I?",
    "I finally did what I kept threatening to do and joined {g}. {day} nights, seven till nine.",
]
QUIT_WHY = [("the sessions moved to weekend mornings, which I can't do", ["weekend"]), ("the fees doubled overnight", ["fees"]),
            ("the organiser turned out to be insufferable", ["organiser"]), ("my shifts changed and I'm on lates now", ["shifts"]),
            ("the venue closed down", ["venue"]), ("I realised I was dreading it every week", ["dreading"]),
            ("I hurt my back and the physio told me to rest", ["physio"])]
QUIT_T = [
    "I've quit {s}. {Why}.", "Sad news: no more {s} for me, {why}.", "So I actually stopped going to {s}, because {why}.",
    "I'm not doing {s} anymore. Long story short, {why}.", "Farewell, {s}. {Why}, so that was that.",
    "Turns out {s} wasn't meant to be: {why}.",
]

INJURIES = [("sprained my ankle", "sprain {pos} ankle", "ankle", "stepping off a curb", ["curb"]),
            ("hurt my wrist", "hurt {pos} wrist", "wrist", "falling off a scooter", ["scooter"]),
            ("put my back out", "put {pos} back out", "back", "lifting a sofa on my own", ["sofa"]),
            ("twisted my knee", "twist {pos} knee", "knee", "playing squash", ["squash"]),
            ("pulled a muscle in my shoulder", "pull a shoulder muscle", "shoulder", "carrying a huge suitcase up the stairs", ["suitcase"]),
            ("broke my little toe", "break {pos} toe", "toe", "walking into the bed frame in the dark", ["frame"]),
            ("burnt my hand", "burn {pos} hand", "hand", "grabbing a hot pan by the handle", ["pan"])]
INJ_T = [
    "I {inj} {when} {cause}. So graceful.", "{When} I {inj} {cause}, so I'm taking it easy.",
    "Health update: I {inj} {when}, {cause}. Don't laugh.", "You'll laugh, but I {inj} {when}, {cause}.",
    "Small disaster: I {inj} {when} {cause}.", "Ugh, I {inj} {when}. {Cause}, of all things.",
]
ALLERGIES = ["peanuts", "kiwi", "penicillin", "birch pollen", "shellfish", "latex", "cashews", "strawberries"]
ALLERGY_T = [
    "Turns out I'm allergic to {x}. That explains a lot.", "The allergy test came back: {x}. Of all things!",
    "So that rash? Apparently I'm allergic to {x}.", "Doctor says I'm allergic to {x}, so that's out of my life now.",
    "Found out this week that I'm allergic to {x}. Devastated.", "Guess what I'm allergic to? {X}. Who knew.",
]

ITEMS = [("a second-hand road bike", "bicycle", "road bike", ["bike"], (150, 700)),
         ("a ridiculously fancy espresso machine", "coffee maker", "espresso machine", ["espresso"], (200, 900)),
         ("a standing desk", "sit-stand workstation", "standing desk", ["desk"], (150, 600)),
         ("an old upright piano", "musical instrument", "piano", ["piano"], (100, 900)),
         ("proper hiking boots", "walking footwear", "hiking boots", ["boots"], (90, 260)),
         ("a vintage leather armchair", "chair", "armchair", ["armchair"], (120, 700)),
         ("an air fryer", "kitchen gadget", "air fryer", ["fryer"], (60, 180)),
         ("a telescope", "stargazing gear", "telescope", ["telescope"], (150, 800)),
         ("a sewing machine", "machine for making clothes", "sewing machine", ["sewing"], (120, 450)),
         ("an inflatable kayak", "boat", "kayak", ["kayak"], (200, 600)),
         ("a record player", "turntable", "record player", ["record"], (90, 400)),
         ("a robot vacuum", "cleaning robot", "robot vacuum", ["vacuum"], (150, 500)),
         ("a pizza oven for the garden", "outdoor oven", "pizza oven", ["pizza"], (180, 500)),
         ("noise-cancelling headphones", "headset", "headphones", ["headphones"], (120, 380))]
BUY_T = [
    "I finally caved and bought {item}. {price}, which I'm choosing not to think about.",
    "Treated myself to {item} for {price}.", "Don't tell anyone, but I spent {price} on {item}.",
    "Found {item} online for {price}, which felt like a steal.", "New purchase alert: {item}, {price}.",
    "I got {item} over the weekend. {price}! Worth every penny though.",
]
HABITS = [("swimming lengths before work", ["swimming"], "go to the pool"),
          ("going to a yoga class after work", ["yoga"], "do a stretching class"),
          ("doing a Portuguese lesson on my phone", ["Portuguese"], "practise a foreign language"),
          ("having a pizza night at home", ["pizza"], "have a homemade takeaway night"),
          ("calling my grandmother", ["grandmother"], "phone {pos} gran"),
          ("volunteering at the animal shelter", ["shelter"], "help out with rescued animals"),
          ("baking bread from scratch", ["bread"], "make {pos} own loaves"),
          ("going to the farmers' market", ["farmers"], "shop for local produce"),
          ("doing the crossword with my neighbour", ["crossword"], "solve puzzles with someone next door"),
          ("running with the local club", ["running"], "go jogging with a group"),
          ("going to a life-drawing session", ["life-drawing"], "sketch models"),
          ("playing badminton with colleagues", ["badminton"], "play a racket sport")]
HABIT_T = [
    "I've started {h} every {day}. Trying to be a functional adult.",
    "New routine: {h} every {day}. Three weeks in and still going!",
    "{day} is now officially for {h}. Non-negotiable.",
    "Every {day} I'm {h} now, if you ever wonder where I am.",
    "I've got into a nice habit of {h} every {day}.",
    "Current streak: eight weeks in a row of {h} every {day}.",
]
DISHES = [("a giant paella", ["paella"]), ("beef Wellington", ["Wellington"]), ("a lamb tagine", ["tagine"]),
          ("a Thai green curry", ["curry"]), ("a mushroom risotto", ["risotto"]), ("three kinds of dumplings", ["dumplings"]),
          ("a towering pavlova", ["pavlova"]), ("enchiladas", ["enchiladas"]), ("moussaka", ["moussaka"]),
          ("a huge fish pie", ["fish"]), ("a Persian jewelled rice", ["jewelled"]), ("a whole roast duck", ["duck"])]
COOK_OCC = [("my parents' 30th anniversary", "{pos} parents' anniversary", "nosib"),
            ("my in-laws' visit", "{pos} in-laws' visit", "partner"),
            ("my best friend's birthday", "{pos} best friend's birthday", ""),
            ("our street party", "the street party", ""), ("my book club", "{pos} book club", ""),
            ("my team at work", "{pos} colleagues", ""), ("a leaving do for my neighbour", "{pos} neighbour's leaving do", "")]
COOK_T = [
    "I made {dish} for {occ} {when}, and there wasn't a crumb left.",
    "{When} I cooked {dish} for {occ}. Four hours in the kitchen, totally worth it.",
    "Proud of myself: I pulled off {dish} for {occ} {when}.",
    "I attempted {dish} for {occ} {when}. Nobody got food poisoning, so a win.",
    "Cooking win: {dish} for {occ}, {when}. Everyone asked for the recipe.",
    "Guess who made {dish} from scratch for {occ} {when}? Me!",
]
CARS = [("Skoda Octavia", ["Skoda"]), ("Volvo estate", ["Volvo"]), ("Fiat Panda", ["Panda"]),
        ("Toyota Yaris", ["Yaris"]), ("Mini Cooper", ["Cooper"]), ("Kia Niro", ["Niro"]),
        ("VW camper van", ["camper"]), ("Nissan Leaf", ["Leaf"]), ("Renault Clio", ["Clio"]), ("Ford Fiesta", ["Fiesta"])]
CAR_WHY = [("it kept breaking down", ["breaking"]), ("we needed something bigger", ["bigger"]),
           ("petrol was costing a fortune", ["petrol"]), ("the insurance went through the roof", ["insurance"]),
           ("someone reversed into it in a car park", ["reversed"]), ("it failed its MOT spectacularly", ["MOT"])]
CAR_T = [
    "{We} finally bought a car! A used {c}, nothing fancy.", "New-to-us car: a {c} with a suspicious amount of miles on it.",
    "I caved and got a second-hand {c}. Freedom!", "{We} picked up a {c} from a guy on the other side of town. It runs!",
    "So I'm a car owner now, a little {c}.", "Bought a used {c} this week. It already has a nickname.",
]
CAR_UPD_T = [
    "{We} sold the {c1} ({why}) and got a {c2} instead.", "Goodbye {c1}. {Why}, so it's been replaced with a {c2}.",
    "Actually, the {c1} is gone. {Why}. It's a {c2} now.", "Car update: the {c1} is gone, {why}. {We} ended up going with a {c2}.",
    "Turns out the {c1} was a mistake. {Why}. Say hello to the new {c2}.", "{We} traded the {c1} in for a {c2}, mostly because {why}.",
]

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
"""

SEASONAL = {
    "winter": ["It was so cold this morning that I had to defrost the car with a kettle.",
               "It's been grey for about nine days straight. I've forgotten what the sun looks like.",
               "We had proper snow this morning! It lasted about an hour.",
               "The radiators in our place make a noise like a dying whale.",
               "I've started wearing two jumpers indoors. It's come to this.",
               "It gets dark at about four now and my body thinks it's midnight."],
    "spring": ["The days are finally getting longer, I could cry.",
               "There's blossom all over our street right now, it's ridiculous.",
               "Spring has arrived, which means my hay fever has arrived too.",
               "It was warm enough to sit outside at lunch today! Briefly.",
               "The birds outside my window start singing at about five every morning.",
               "It can't decide whether it's winter or summer here. Four seasons in a day."],
    "summer": ["It's been so hot I've been basically living in front of the fan.",
               "We had a thunderstorm last night that shook the windows.",
               "Everyone on our street decided to have a barbecue at the same time.",
               "It's light until nearly ten, I have no idea what time it is anymore.",
               "The ice cream van has started doing laps of our road every evening.",
               "I got sunburnt walking to the shop. Ten minutes!"],
    "autumn": ["The leaves on our road are ridiculous right now, all orange and red.",
               "It's officially jumper weather and I'm thrilled.",
               "The wind last night nearly took our bins away.",
               "Conker season! I saw kids collecting them on the way home.",
               "It's been raining sideways all week.",
               "The evenings are drawing in and I've started lighting candles like a Victorian."],
}
SEASON_REPLY = {
    "winter": ["Ugh, same here. I'm ready to hibernate until it's over.", "Stay warm! Soup and blankets are the only answer.",
               "Winter, eh? Roll on the light evenings.", "Sounds grim. Stay cosy and don't go out unless you have to."],
    "spring": ["Finally, some signs of life!", "Ha, spring can't make up its mind this year.", "Classic spring, honestly.",
               "Enjoy it while it lasts. It'll probably rain tomorrow."],
    "summer": ["Ha, summer in full swing.", "That's summer for you.", "Sounds about right for this time of year.",
               "I'm not built for summer, honestly, but I do love the long evenings."],
    "autumn": ["Cosy season! I'm all in.", "Proper autumn, then. I love it.", "Best time of year, honestly.",
               "Sounds about right. I've already got the heating on, don't judge."],
}
WEATHER_Q = ["How's the weather where you are?", "What's the weather doing over there?", "Is it nice out where you are?"]
SHOWS = ["a slow detective series set on a tiny island", "a documentary about competitive dog grooming",
         "a Danish political drama with subtitles", "a reality show where people restore old boats",
         "a sci-fi series about a generation ship", "a period drama with truly ridiculous hats",
         "a sitcom about a failing seaside hotel", "a nature series narrated by a very calm man",
         "a courtroom drama with far too many twists", "a mockumentary about a village council",
         "a spy series where nobody can keep a secret", "a murder mystery set in a ski resort",
         "a show about people building tiny houses", "an old sitcom I've already seen five times",
         "a series about a family running a vineyard", "a baking competition where everyone is nice to each other"]
TV_Q = ["Watching anything good at the moment?", "Found anything decent to watch lately?", "What are you watching these days?",
        "Any TV recommendations? I've run out of everything.", "Are you watching anything worth talking about?"]
TV_A = ["We've just started {s}. {v}", "Yes! {s_cap}. {v}", "Honestly? {s_cap}. {v}", "I'm halfway through {s}. {v}"]
VERDICTS = ["Three episodes in and I'm hooked.", "It's ridiculous and I can't stop.", "Not sure I like it yet, but I keep watching.",
            "Perfect background noise for folding laundry.", "My rating so far: a solid seven.",
            "I'd recommend it, as long as you don't look too closely at the plot."]
FOODS = ["a big pot of vegetable soup", "homemade flatbreads", "a very ambitious stir-fry", "shepherd's pie", "fish tacos",
         "a lemon drizzle cake", "stuffed peppers", "a frittata", "banana bread", "a traybake", "pancakes for dinner",
         "gnocchi from a packet with a fancy sauce", "a slightly tragic quiche", "chilli for about twelve people"]
FOOD_OUT = ["and it was actually edible!", "and the smoke alarm had opinions.", "and I've got enough left over for a week.",
            "and it tasted fine but looked like a crime scene.", "and I'm now weirdly proud of myself.",
            "and half of it ended up on the floor."]
FOOD_REPLY = ["Ha, that counts as a win in my book.", "Honestly, impressive. I had cereal.", "Save me some next time!",
              "The smoke alarm is just an enthusiastic timer.", "I respect the ambition.", "Now I'm hungry, thanks."]

GREET = {
    "first": ["Hey {o}! Okay, I'm determined that we actually keep in touch properly this year.",
              "Hi {o}! It's been far too long. We need regular catch-ups again.",
              "{o}! I was just thinking about you, so here I am."],
    "short": ["Hey, back again!", "Me again, sorry, I had more to tell you.", "Hi hi! Round two this week.",
              "Hey! Twice in one week, look at us being organised.", "Back so soon, I know. I missed our chats."],
    "mid": ["Hey {o}, how's your week been?", "Evening! How are things?", "Hi! Is this a good time for a catch-up?",
            "Hey you. Survived the week so far?", "Hello hello! What's new?"],
    "long": ["Hey stranger! Sorry I went quiet for a bit.", "Hi! It's been a couple of weeks, hasn't it?",
             "Okay, I owe you a proper catch-up. Hi!", "Hey! Life got busy, but I'm back."],
    "vlong": ["Long time no talk!", "Wow, it's been ages! How are you?", "I can't believe it's been nearly three weeks. Hi!",
              "Hello from the other side of a very busy few weeks!"],
}
GREET_R = {
    "first": ["{o}! So good to hear from you. I'm well, mostly. How have you been?", "Yes, let's! I've missed this. How are you?",
              "Ha, I was about to message you too. How's everything?"],
    "short": ["Ha, always happy to hear from you. How are you?", "Hey! Go on, I'm all ears. How's it going?",
              "Twice in a week, I'm honoured. How are things?"],
    "mid": ["Hey! Not bad at all. How about you?", "Hi! Good time, yes. How have you been?", "Evening! All good here, mostly. You?"],
    "long": ["No worries at all! Life happens. How have you been?", "There you are! How's everything?",
             "Hey! I was wondering where you'd got to. How are you?"],
    "vlong": ["I know, far too long! How are you?", "Finally! I was about to send a search party. How have you been?",
              "Hey you! It's so good to hear from you. How's life?"],
}
GREET_ANS = ["Pretty good, actually!", "Busy, but good.", "Not bad! A bit tired.", "Honestly? All over the place, but fine.",
             "Can't complain.", "Good, I think! Ask me again tomorrow.", "Surviving, which counts."]
WRAP = ["Anyway, I should go and make dinner. This was lovely.", "Right, I'd better get some sleep. Talk soon?",
        "Okay, my battery's about to die. Same time next week-ish?", "I need to go rescue something from the oven. Speak soon!",
        "This was nice. Let's not leave it so long next time.", "I'm going to have to go, but I loved this catch-up.",
        "Okay, I'm being summoned. Talk soon!"]
BYE = ["Definitely. Take care!", "Talk soon! Say hi to everyone.", "Night! Good luck with everything.", "Yes, go! Speak soon.",
       "Bye for now!", "Same here. Look after yourself!", "Go, go! Catch you later."]
PROMPTS = ["Anyway, enough about me. What's new with you?", "How are things on your side?", "Okay, your turn. Any news?",
           "What have you been up to?", "Tell me something good.", "How's life treating you?", "What about you, anything exciting?"]
NEWSY = {"proud", "plan", "change", "congrats", "petplan", "travel", "buy", "family"}
NEWS_LEAD = ["Oh, I have news!", "Okay, update time.", "Right, my news.", "Oh! Before I forget.", "Wait, I have to tell you something.",
             "Here's a thing."]
SHRUG = ["Ha, sort of.", "Honestly, no idea.", "Ha, I wish I knew.", "Maybe! I'll report back.", "Ha, let's say yes."]
ACKS = ["Ha, fair.", "True.", "Ha!", "Love that.", "Honestly, yes.", "Ha, okay.", "Fair enough.", "Good point."]
REACT = {   # mood -> (reaction statements, [(reaction question, owner's answers)])
    "proud": (["Oh wow, well done!", "That's amazing, congrats!", "Look at you!", "No way, that's brilliant.", "I'm so proud of you."],
              [("How did it go?", ["Better than I expected, honestly.", "A bit chaotic, but good chaos.", "Really well! I'd do it again."])]),
    "plan": (["Ooh, exciting!", "Good luck with that!", "Keep me posted.", "That's a big one!"],
             [("Are you nervous?", ["A little, but mostly excited.", "Ask me again the week before."])]),
    "meh": (["Ugh, that's annoying.", "Typical!", "Oh well, more time to prepare, I suppose."],
            [("Does that mess up your plans?", ["A bit, but I'll live.", "Not really. It's fine, just irritating."])]),
    "change": (["Wait, really? That's a big change.", "Huh, didn't see that coming!", "Oh interesting, good for you."],
               [("How are you feeling about it?", ["Relieved, mostly.", "Honestly? Good. It feels right."])]),
    "bad": (["Oh no, I'm sorry.", "Ouch, that sounds awful.", "Ugh, poor you."],
            [("Are you okay?", ["I'll live! More annoyed than anything.", "Yes, yes, just feeling a bit sorry for myself."])]),
    "quit": (["Oh, that's a shame.", "Fair enough, honestly.", "Their loss!"],
             [("Will you try something else?", ["Maybe, once things calm down.", "Probably! I'm not done with hobbies yet."])]),
    "pref": (["Ha, fair enough.", "Strong opinion, I respect it.", "Honestly, same.", "I would never have guessed that."],
             [("Since when?", ["Since forever, I think. I just never said it out loud.", "A while now, honestly."])]),
    "buy": (["Treat yourself!", "Ooh, fancy.", "That's not bad at all."],
            [("Was it worth it?", ["So far, absolutely.", "Ask me in a month."])]),
    "neutral": (["Oh nice.", "Love that.", "Ha, that's so you.", "Oh cool!"],
                [("How's that going?", ["Pretty well, actually!", "Slowly, but I'm getting there."])]),
    "work": (["Ha, I know that feeling.", "Work, eh?", "Sounds about right."], []),
    "people": (["They sound great.", "I'd love to meet them one day.", "Ha, I like the sound of that."], []),
    "family": (["Oh wow, that's a big move!", "That's exciting, and you'll have somewhere new to visit."],
               [("Do you miss them already?", ["Honestly, yes. More than I expected.", "A bit! But it's a great excuse to travel."])]),
    "congrats": (["Oh, that's brilliant news!", "Pass on my congratulations!", "Amazing, so well deserved."],
                 [("Are you celebrating?", ["Takeaway and a cheap bottle of fizz, so yes.", "Dinner out at the weekend, I think."])]),
    "petplan": (["Stop, that's the best news!", "Aww, I'm so excited for you!"],
                [("Have you got everything ready?", ["Nearly! The bed is already bought.", "Not even close, but we'll manage."])]),
    "pet": (["Stop, I need photos immediately.", "Aww!", "That's the best news."],
            [("How's everyone settling in?", ["Like we've always been together.", "Chaos, but we're smitten."])]),
    "petbad": (["Oh no, poor thing!", "Oh no! Give them a cuddle from me."],
               [("Is everyone okay?", ["Yes, all fine now, thankfully.", "All good, just a very dramatic week."])]),
    "travel": (["Jealous!", "Oh, that sounds dreamy.", "I want to come!"],
               [("Have you been before?", ["Never! That's half the fun.", "Once, years ago. I've been dying to go back."])]),
    "back": (["That sounds incredible.", "Oh, I'm so jealous.", "Welcome back!"],
             [("Did you get any rest at all?", ["Not much, but it was worth it.", "Loads. I've forgotten how to work."])]),
}

TAILS = ["It's been one of those weeks where nothing quite goes to plan.", "I keep saying I'll get an early night and then I just don't.",
         "Honestly, I need a holiday from my own brain.", "The older I get, the more I appreciate a quiet evening in.",
         "My brain is mush by this point in the week.", "I'm trying to be better about replying to people, so be proud of me.",
         "It's weird how fast the weeks are going at the moment.", "I've been in a surprisingly good mood lately, no idea why.",
         "I'm writing this with a blanket over my knees like a Victorian invalid.", "Everything feels slightly chaotic, but in a manageable way.",
         "I've started saying yes to things more, which is new for me.", "I'm half-watching something terrible while typing this.",
         "I've decided this is going to be a good month. We'll see.", "The kettle's just boiled, so I'm fully settled in for a chat.",
         "My to-do list is winning at the moment, but I'm fighting back.", "I've got a hot drink and nowhere to be, which is bliss.",
         "Honestly, these chats are the best part of my week.", "I swear the days are getting shorter and the weeks longer.",
         "I've been very boring lately, to be fair.", "Every time I sit down, something needs doing.",
         "I did nothing productive today and I regret nothing.", "Apparently I'm the sort of person who reorganises the spice rack now.",
         "I'm slowly learning that not every email needs a reply.", "It's so quiet here tonight, it's almost eerie.",
         "I'm running on toast and optimism at this point.", "I had a nap this afternoon and it changed my life.",
         "Anyway, life's mostly good, just busy.", "Some weeks are just about getting through, aren't they."]
FACT_TAIL = {
    "proud": ["I'll send you photos later.", "I'm trying not to be too smug about it.", "Honestly, I didn't think I had it in me.",
              "It's been on my list for ages.", "Everyone was very nice about it, which helped."],
    "plan": ["I've already made a spreadsheet, obviously.", "Slightly nervous, mostly excited.", "I'll keep you posted, don't worry.",
             "Wish me luck.", "I'm trying not to overthink it."],
    "meh": ["Story of my life.", "I'm trying to be zen about it.", "These things never go to plan, do they?"],
    "change": ["It feels strange, but good strange.", "I'm still getting my head around it, honestly.",
               "It took a lot of back and forth, but here we are.", "I think it's the right call."],
    "bad": ["Not my finest moment.", "Honestly, you have to laugh.", "It could have been worse, I suppose.", "I'm being very brave about it."],
    "quit": ["I'm a bit sad about it, honestly.", "Onwards and upwards.", "I'll find something else."],
    "pref": ["I've made my peace with it.", "I'll die on this hill.", "Don't try to change my mind.", "Some things you just know."],
    "buy": ["My bank account is not thrilled.", "No regrets so far.", "I did a lot of research first, for once.",
            "It arrived in a box big enough to live in."],
    "neutral": ["Anyway, that's my news.", "Just thought you'd like to know.", "It's made a nice change from the usual routine."],
    "work": ["Anyway, that's work.", "Such is life.", "I'm not complaining. Well, a bit."],
    "people": ["Anyway, I think you'd get on.", "I always come home from seeing them in a good mood."],
    "family": ["I'm going to miss having them nearby.", "Mum is pretending not to be upset about it."],
    "congrats": ["I'm so proud I could burst.", "It's been a long time coming."],
    "petplan": ["I've already bought far too many toys.", "I'm counting down the days."],
    "pet": ["Photos incoming, obviously.", "I'm completely besotted.", "The house feels so different already."],
    "petbad": ["The vet knows us by name now.", "Never a dull moment."],
    "travel": ["I need this break so badly.", "I've been checking the forecast every day.",
               "I'll bring you back something terrible from the airport."],
    "back": ["I'll send you photos.", "I'm already looking at when we can go back."],
}
REACT_MORE = {
    "proud": ["You've been talking about that for ages.", "I'd never have the nerve, honestly.", "That's seriously impressive.",
              "I hope you celebrated properly."],
    "plan": ["Let me know if you need anything.", "I'll want a full report afterwards.", "That's going to be great."],
    "meh": ["These things always slip, don't they.", "At least it's still happening."],
    "change": ["I think that's really brave.", "Fresh starts are good.", "Honestly, it sounds like the right call."],
    "bad": ["Please tell me you're resting properly.", "Look after yourself.", "Sending sympathy from afar."],
    "quit": ["Life's too short to do things you don't enjoy.", "You gave it a good go."],
    "pref": ["I'll remember that.", "Noted for future reference.", "That explains a lot, actually."],
    "buy": ["I'm a bit jealous.", "Honestly, that's a bargain.", "You deserve nice things."],
    "neutral": ["That sounds lovely.", "Good for you.", "That's really nice to hear."],
    "work": ["It's the same everywhere, I think.", "Hang in there."],
    "people": ["You always have the most interesting friends.", "Everyone needs a friend like that."],
    "family": ["That's a brave thing to do.", "I hope it goes well for them."],
    "congrats": ["That's huge.", "You must be so proud."],
    "petplan": ["I can't wait to meet them.", "That's going to be so much fun."],
    "pet": ["Send pictures constantly, please.", "I need to meet them."],
    "petbad": ["Pets are so dramatic.", "I'm glad it wasn't worse."],
    "travel": ["You'll have the best time.", "Bring me back something."],
    "back": ["I need to go one day.", "It sounds perfect."],
}


def _parse(block: str):
    out = []
    for line in block.strip().splitlines():
        parts = [[s.strip() for s in p.split("|") if s.strip()] for p in line.split("||")]
        out.append(parts)
    return out


GENERIC_EX = _parse(GENERIC)


# --------------------------------------------------------------------------------------------
# threads
@dataclass
class Step:
    owner: int
    lo: int
    hi: int
    render: Callable
    mood: str = "neutral"
    prompt: str = ""
    sess: int = -1
    turn: int = -1
    text: str = ""


@dataclass
class Thread:
    steps: list
    qs: Callable
    st: dict
    cached: list = field(default_factory=list)


class Ctx:
    def __init__(self, rng, people, flags, cur):
        self.rng, self.people, self.flags, self.cur = rng, people, flags, cur
        self.used: set[str] = {p.name.lower() for p in people}

    def take(self, pool, key=lambda x: x[1]):
        opts = [x for x in pool if not any(t in self.used for w in key(x) for t in toks(w))]
        if not opts:
            return None
        x = self.rng.choice(opts)
        for w in key(x):
            self.used |= toks(w)
        return x

    def name(self, g):
        return self.take(FEMALE if g == "f" else MALE, key=lambda x: [x])


def th_past(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    a = c.take(ACTIVITIES)
    if not a:
        return None
    st, tpl = {}, rng.choice(PAST_T)

    def r(d):
        ph, e, words, approx = past_when(rng, d)
        st.update(date=e, words=words, approx=approx)
        return tpl.format(act=a[0], when=ph, When=cap(ph))

    def qs():
        q = a[2].format(pos=p.pos)
        t = "Roughly when did {N} {q}?" if st["approx"] else rng.choice(TEMPORAL_Q)
        return [("temporal", t.format(N=p.name, q=q), a[1] + st["words"], [0], st["date"])]
    return Thread([Step(i, 0, 0, r, "proud")], qs, st)


def th_plan(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    pl = c.take(PLANS, key=lambda x: x[2])
    if not pl:
        return None
    st, off = {}, rng.randint(8, 55)
    resched = rng.random() < 0.45
    tpl = rng.choice(PLAN_T)

    def r0(d):
        t = d + timedelta(days=off)
        ph, words = future_when(rng, d, t)
        st.update(date=t, words=words)
        return tpl.format(plan=pl[0].format(when=ph))

    def r1(d):
        t = st["date"] + timedelta(days=rng.randint(14, 50))
        m = MONTHS[t.month - 1]
        new, words = rng.choice([(f"on {t.day} {m}", [str(t.day), m]), (f"in {m}", [m])])
        if t.month == st["date"].month:
            new, words = f"on {t.day} {m}", [str(t.day), m]
        st.update(date2=t, words2=words)
        return rng.choice(RESCHED_T).format(x=pl[1], X=cap(pl[1]), new=new)

    steps = [Step(i, 0, 0, r0, "plan")]
    if resched:
        steps.append(Step(i, 3, off - 2, r1, "meh"))

    def qs():
        base = pl[3].format(N=p.name, pos=p.pos)
        if resched:
            t = rng.choice([base + ", now that it has been rescheduled?", "After the change of plan, " + base[0].lower() + base[1:] + "?"])
            return [("update", t, pl[2] + st["words2"], [1], st["date2"])]
        return [("temporal", base + "?", pl[2] + st["words"], [0], st["date"])]
    return Thread(steps, qs, st)


def th_trip(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    p1 = c.take(PLACES, key=lambda x: [x.split()[-1]])
    hl = c.take(HIGHLIGHTS)
    if not p1 or not hl:
        return None
    switch = rng.random() < 0.45
    p2 = c.take(PLACES, key=lambda x: [x.split()[-1]]) if switch else None
    why = c.take(TRIP_WHY) if switch else None
    if switch and (not p2 or not why):
        return None
    st, off = {}, rng.randint(25, 70)
    dur = rng.choice(["a week", "ten days", "a long weekend", "five days", "two weeks"])
    crew = p.crew()

    def r0(d):
        ph, words = month_when(rng, d, d + timedelta(days=off))
        st["words"] = words
        return rng.choice(TRIP_T).format(Crew=cap(crew), crew=crew, dur=dur, Dur_cap=cap(dur), place=p1, when=ph)

    def r1(d):
        w = why[0]
        return rng.choice(TRIP_SWITCH_T).format(p1=p1, p2=p2, why=w, Why=cap(w))

    def r2(d):
        return rng.choice(TRIP_BACK_T).format(hl=hl[0])

    steps = [Step(i, 0, 0, r0, "travel")]
    if switch:
        steps.append(Step(i, 4, off - 4, r1, "change"))
    steps.append(Step(i, off + 6, off + 45, r2, "back",
                      prompt=rng.choice(["So, how was the trip?!", "Wait, weren't you away? How was it?", "Welcome back! Tell me everything."])))

    def qs():
        fin = p2 if switch else p1
        kw = fin.split()[-1]
        last = len(steps) - 1
        out = [("multi-hop", rng.choice(["What was the highlight of {N}'s trip to {P}?", "What did {N} enjoy most about {P}?",
                                        "What was the best part of {N}'s holiday in {P}?"]).format(N=p.name, P=fin),
                hl[1] + [kw], [last - 1 if switch else 0, last], None)]
        if switch:
            out.append(("update", rng.choice(["Where did {N} end up going on holiday?", "Which destination did {N} finally pick for the holiday?"]).format(N=p.name),
                        [p2.split()[-1]], [1], None))
            out.append(("reason", f"Why did {p.name} swap {p1} for another destination?", why[1], [1], None))
        else:
            out.append(("fact", rng.choice(["Where did {N} book a holiday to?", "Which place was {N}'s holiday destination?"]).format(N=p.name),
                        [kw], [0], None))
        return out
    return Thread(steps, qs, st)


def th_move(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    c1 = c.take(CITIES, key=lambda x: [x])
    why = c.take(MOVE_WHY)
    switch = rng.random() < 0.65
    c2 = c.take(CITIES, key=lambda x: [x]) if switch else None
    if not c1 or not why or (switch and not c2):
        return None
    off, st = rng.randint(40, 100), {}
    w = why[0].format(we=p.we)

    def r0(d):
        ph, _ = month_when(rng, d, d + timedelta(days=off))
        return rng.choice(MOVE_T).format(were=p.were, Were=cap(p.were), city=c1, when=ph, why=w, Why=cap(w), Weve=cap(p.weve))

    def r1(d):
        return rng.choice(MOVE_SWITCH_T).format(c1=c1, c2=c2, were=p.were, we=p.we, We=cap(p.we))

    def r2(d):
        return rng.choice(MOVED_T).format(Weve=cap(p.weve))

    steps = [Step(i, 0, 0, r0, "change")]
    if switch:
        steps.append(Step(i, 5, off - 5, r1, "change"))
    steps.append(Step(i, off + 2, off + 40, r2, "neutral", prompt="How's the new place?"))

    def qs():
        qt = rng.choice(["Which city is {N} moving to?", "Where is {N} relocating to?", "Which city did {N} end up moving to?"]).format(N=p.name)
        out = [("update", qt, [c2], [1], None)] if switch else [("fact", qt, [c1], [0], None)]
        out.append(("reason", rng.choice(["Why did {N} decide to move?", "What made {N} want to move house?"]).format(N=p.name), why[1], [0], None))
        return out
    return Thread(steps, qs, st)


def th_job(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    r1_, r2_ = c.take(ROLES), c.take(ROLES)
    why = c.take(JOB_WHY)
    if not r1_ or not r2_ or not why:
        return None
    org = ORGS[r2_[0]]

    def r0(d):
        return rng.choice(JOB_NOW_T).format(a_role=f"{art(r1_[0])} {r1_[0]}")

    def r1(d):
        return rng.choice(JOB_CHANGE_T).format(a_role=f"{art(r2_[0])} {r2_[0]}", org=org, why=why[0], Why=cap(why[0]))

    steps = [Step(i, 0, 0, r0, "work"), Step(i, 20, 220, r1, "change", prompt="How's work?")]

    def qs():
        return [("update", rng.choice(["What does {N} do for work now?", "What is {N}'s new job?", "What's {N}'s current role at work?"]).format(N=p.name), r2_[1], [1], None),
                ("fact", rng.choice(["What was {N}'s job before the switch?", "What did {N} originally work as?"]).format(N=p.name), r1_[1], [0], None),
                ("reason", f"Why did {p.name} leave {p.pos} job as {art(r1_[0])} {r1_[0]}?", why[1], [1], None)]
    return Thread(steps, qs, {})


def th_pet(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    br = c.take(BREEDS, key=lambda x: [x[0]])
    names = [c.take(PET_NAMES, key=lambda x: [x]) for _ in range(3)]
    inc = c.take(PET_INC)
    if not br or None in names or not inc:
        return None
    animal = br[1]
    pp = rng.choice(["her", "him"])
    n1, n2, n3 = names
    fin = rng.choice([n2, n3])
    adopt, st = rng.randint(7, 35), {}

    def r0(d):
        ph, _ = future_when(rng, d, d + timedelta(days=adopt))
        return rng.choice(PET_T).format(breed=br[0], when=ph, were=p.were, Were=cap(p.were), We=cap(p.we), we=p.we, weve=p.weve)

    def r1(d):
        return rng.choice(PET_DEBATE_T).format(animal=animal, n1=n1, n2=n2, voter=p.voter(), Voter=cap(p.voter()))

    def r2(d):
        return rng.choice(PET_NAME_T).format(animal=animal, fin=fin, pp=pp)

    def r3(d):
        return rng.choice(PET_INC_T).format(fin=fin, inc=inc[0].format(pp=pp), pp=pp)

    steps = [Step(i, 0, 0, r0, "petplan"), Step(i, adopt + 1, adopt + 25, r1, "pet"),
             Step(i, adopt + 8, adopt + 70, r2, "pet", prompt="Has the new arrival got a name yet?"),
             Step(i, adopt + 30, adopt + 260, r3, "petbad")]

    def qs():
        return [("paraphrase", rng.choice(["What kind of {a} did {N} adopt?", "What breed is {N}'s new pet?", "Which breed of {a} joined {N}'s household?"]).format(a=animal, N=p.name), [br[0]], [0], None),
                ("update", rng.choice(["What did {N} end up naming the {a}?", "What name did {N} finally give the new {a}?"]).format(a=animal, N=p.name), [fin], [2], None),
                ("multi-hop", f"What breed is {p.name}'s {animal}, the one that {inc[2]}?", [br[0]] + inc[1], [0, 3], None)]
    return Thread(steps, qs, st)


def th_relative(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    banned = {"sib": {"sister", "brother", "cousin", "aunt", "uncle"}, "cousin": {"cousin", "aunt", "uncle"}}.get(c.flags, set())
    rel = rng.choice([r for r in RELS if r not in banned])
    g = RELS[rel] if RELS[rel] != "?" else rng.choice("fm")
    rn = c.name(g)
    city = c.take(CITIES, key=lambda x: [x])
    why, occ = c.take(REL_WHY), c.take(OCCASIONS)
    if not rn or not city or not why or not occ:
        return None
    rs, _, rp, _ = pron3(g)
    w = why[0].format(rs=rs)

    def r0(d):
        return rng.choice(REL_T).format(rel=rel, rn=rn, city=city, why=w, rs_cap=cap(rs))

    def r1(d):
        ph, _ = month_when(rng, d, d + timedelta(days=rng.randint(14, 50)))
        return rng.choice(VISIT_T).format(rn=rn, when=ph, rp=rp, occ=occ[0])

    steps = [Step(i, 0, 0, r0, "family"), Step(i, 15, 170, r1, "travel")]

    def qs():
        return [("fact", rng.choice(["Where does {N}'s {r} {R} live now?", "Which city did {N}'s {r} move to?"]).format(N=p.name, r=rel, R=rn), [city], [0], None),
                ("multi-hop", rng.choice(["Which city is {N} travelling to for {R}'s {o}?", "In which city will {N} be for {R}'s {o}?"]).format(N=p.name, R=rn, o=occ[0]),
                 [city] + occ[1], [0, 1], None),
                ("reason", f"Why did {rn} move to {city}?", why[1], [0], None)]
    return Thread(steps, qs, {})


def th_friend(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    g = rng.choice("fm")
    fn, job, act = c.name(g), c.take(FRIEND_JOBS), c.take(FRIEND_ACTS)
    if not fn or not job or not act:
        return None
    fs, fo, fp, _ = pron3(g)
    aj = f"{art(job[0])} {job[0]}"

    def r0(d):
        return rng.choice(FRIEND_T).format(fn=fn, fs=fs, fs_cap=cap(fs), fo=fo, fp=fp, a_job=aj)

    def r1(d):
        return rng.choice(FRIEND_ACT_T).format(fn=fn, act=act[0])

    def qs():
        return [("multi-hop", rng.choice(["What does the friend who took {N} {a} do for a living?", "What's the job of the friend {N} went {a} with?"]).format(N=p.name, a=act[0]),
                 job[1] + act[1], [0, 1], None),
                ("fact", f"Who did {p.name} go {act[0]} with?", [fn] + act[1], [1], None)]
    return Thread([Step(i, 0, 0, r0, "people"), Step(i, 10, 200, r1, "proud")], qs, {})


def th_kid(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    if not p.kids:
        return None
    kn, kr, kg = rng.choice(p.kids)
    inst = c.take(INSTRUMENTS, key=lambda x: [x])
    if not inst:
        return None
    ks, _, kp, _ = pron3(kg)
    st = {}

    def r0(d):
        return rng.choice(KID_T).format(kr=kr, kn=kn, inst=inst)

    def r1(d):
        ph, words = future_when(rng, d, d + timedelta(days=rng.randint(4, 30)))
        st["words"] = words
        return rng.choice(RECITAL_T).format(kn=kn, when=ph, When=cap(ph), ks=ks, ks_cap=cap(ks), kp=kp)

    def qs():
        return [("multi-hop", rng.choice(["Which instrument will {N}'s {k} play at the recital?", "What will {N}'s {k} be playing at {kp} recital?"]).format(N=p.name, k=kr, kp=kp),
                 [inst, "recital"], [0, 1], None),
                ("fact", f"What instrument is {p.name}'s {kr} learning?", [inst], [0], None)]
    return Thread([Step(i, 0, 0, r0, "neutral"), Step(i, 20, 160, r1, "plan")], qs, st)


def th_partner(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    role = c.take(PARTNER_ROLES)
    if not p.partner or not role:
        return None

    def r0(d):
        return rng.choice(PARTNER_T).format(pw=p.partner, a_role=f"{art(role[0])} {role[0]}")

    def qs():
        return [("fact", rng.choice(["What is {N}'s {w}'s new role?", "What position did {N}'s {w} get?"]).format(N=p.name, w=p.partner), role[1], [0], None)]
    return Thread([Step(i, 0, 0, r0, "congrats")], qs, {})


def th_drink(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    x = rng.choice(DRINK_FROM)
    y, why = c.take(DRINK_TO), c.take(DRINK_WHY)
    upd = rng.random() < 0.5
    z = c.take(DRINK_TO) if upd else None
    if not y or not why or (upd and not z):
        return None

    def r0(d):
        return rng.choice(DRINK_T).format(x=x, y=y[0], why=why[0], Why=cap(why[0]))

    def r1(d):
        return rng.choice(DRINK_UPD_T).format(y=y[0], z=z[0], Z=cap(z[0]))

    steps = [Step(i, 0, 0, r0, "pref")] + ([Step(i, 20, 200, r1, "pref")] if upd else [])

    def qs():
        qt = rng.choice(["What does {N} drink in the mornings these days?", "What's {N}'s usual morning drink now?"]).format(N=p.name)
        out = [("update", qt, z[1], [1], None)] if upd else [("preference", qt, y[1], [0], None)]
        out.append(("reason", rng.choice(["Why did {N} stop drinking {x}?", "What made {N} give up {x}?"]).format(N=p.name, x=x), why[1], [0], None))
        return out
    return Thread(steps, qs, {})


def th_fav(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    cat, cats, pool = rng.choice(FAVS)
    x = c.take(pool)
    if not x:
        return None

    def r0(d):
        return rng.choice(FAV_T).format(x=x[0], cat=cat, cats=cats)
    return Thread([Step(i, 0, 0, r0, "pref")], lambda: [("preference", rng.choice(FAV_Q).format(N=p.name, cat=cat), x[1], [0], None)], {})


def th_pair(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    pr = c.take(PAIRS, key=lambda x: [x[0]])
    if not pr:
        return None
    a, b, a1, b1, ka, kb = pr if rng.random() < 0.5 else (pr[1], pr[0], pr[3], pr[2], pr[5], pr[4])
    c.used |= toks(a) | toks(b)

    def r0(d):
        return rng.choice(PAIR_T).format(a=a, b=b, A=cap(a), B=cap(b), a1=a1, b1=b1)
    o1, o2 = (a, b) if rng.random() < 0.5 else (b, a)
    qt = rng.choice(["Does {N} prefer {x} or {y}?", "Which does {N} like better: {x} or {y}?"]).format(N=p.name, x=o1, y=o2)
    return Thread([Step(i, 0, 0, r0, "pref")], lambda: [("preference", qt, [ka], [0], None)], {})


def th_dislike(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    x = c.take(DISLIKES, key=lambda x: [x[0]])
    if not x:
        return None

    def r0(d):
        return rng.choice(DISLIKE_T).format(x=x[0], X=cap(x[0]))
    return Thread([Step(i, 0, 0, r0, "pref")], lambda: [("preference", rng.choice(DISLIKE_Q).format(N=p.name, cat=x[1]), [x[0]], [0], None)], {})


def th_book(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    b = c.take(BOOKS)
    if not b:
        return None

    def r0(d):
        return rng.choice(BOOK_T).format(t=b[0])
    return Thread([Step(i, 0, 0, r0, "neutral")], lambda: [("paraphrase", rng.choice(BOOK_Q).format(N=p.name), b[1], [0], None)], {})


def th_group(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    g = c.take(GROUPS, key=lambda x: x[2])
    day = c.take(WEEKDAYS[:5], key=lambda x: [x])
    why = c.take(QUIT_WHY)
    if not g or not day or not why:
        return None

    def r0(d):
        return rng.choice(GROUP_T).format(g=g[0], day=day)

    def r1(d):
        return rng.choice(QUIT_T).format(s=g[1], why=why[0], Why=cap(why[0]))

    def qs():
        return [("reason", rng.choice(["Why did {N} quit {s}?", "What made {N} give up {s}?", "Why isn't {N} doing {s} anymore?"]).format(N=p.name, s=g[1]), why[1], [1], None),
                ("fact", f"Which day of the week did {p.name}'s {g[1].replace('the ', '')} meet?", [day], [0], None)]
    return Thread([Step(i, 0, 0, r0, "neutral"), Step(i, 20, 180, r1, "quit")], qs, {})


def th_injury(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    inj = c.take(INJURIES, key=lambda x: x[4])
    if not inj:
        return None
    st = {}

    def r0(d):
        ph, e, words, approx = past_when(rng, d)
        st.update(date=e, words=words, approx=approx)
        return rng.choice(INJ_T).format(inj=inj[0], when=ph, When=cap(ph), cause=inj[3], Cause=cap(inj[3]))

    def qs():
        q = inj[1].format(pos=p.pos)
        out = [("reason", f"How did {p.name} {q}?", inj[4], [0], None)]
        if st["words"] and not st["approx"]:
            out.append(("temporal", f"When did {p.name} {q}?", [inj[2]] + st["words"], [0], st["date"]))
        return out
    return Thread([Step(i, 0, 0, r0, "bad")], qs, st)


def th_allergy(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    x = c.take(ALLERGIES, key=lambda x: [x])
    if not x:
        return None

    def r0(d):
        return rng.choice(ALLERGY_T).format(x=x, X=cap(x))
    qt = rng.choice(["What has {N} found out {s} reacts badly to?", "Which substance gives {N} an allergic reaction?"]).format(N=p.name, s=p.sub)
    return Thread([Step(i, 0, 0, r0, "bad")], lambda: [("paraphrase", qt, [x.split()[0]], [0], None)], {})


def th_buy(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    it = c.take(ITEMS, key=lambda x: x[3])
    if not it:
        return None
    n = rng.randint(*it[4])
    n = n - n % 5 if rng.random() < 0.7 else n
    price = f"{c.cur}{n}"

    def r0(d):
        return rng.choice(BUY_T).format(item=it[0], price=price)
    if rng.random() < 0.5:
        q = ("paraphrase", f"How much did {p.name}'s new {it[1]} cost?", [str(n)] + it[3], [0], None)
    else:
        q = ("fact", f"How much did {p.name} pay for the {it[2]}?", [str(n)], [0], None)
    return Thread([Step(i, 0, 0, r0, "buy")], lambda: [q], {})


def th_habit(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    h = c.take(HABITS)
    day = c.take(WEEKDAYS, key=lambda x: [x])
    if not h or not day:
        return None
    def r0(d):
        return rng.choice(HABIT_T).format(h=h[0], day=day)
    if rng.random() < 0.5:
        q = ("paraphrase", f"On which day of the week does {p.name} {h[2].format(pos=p.pos)}?", [day], [0], None)
    else:
        q = ("fact", f"What does {p.name} do every {day}?", h[1], [0], None)
    return Thread([Step(i, 0, 0, r0, "neutral")], lambda: [q], {})


def th_cook(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    ok = [o for o in COOK_OCC if not (o[2] == "nosib" and c.flags in ("sib",)) and not (o[2] == "partner" and not p.partner)]
    occ = rng.choice(ok)
    dish = c.take(DISHES)
    if not dish:
        return None
    st = {}

    def r0(d):
        ph, e, words, approx = past_when(rng, d)
        st.update(date=e, words=words, approx=approx)
        return rng.choice(COOK_T).format(dish=dish[0], occ=occ[0], when=ph, When=cap(ph))

    def qs():
        oq = occ[1].format(pos=p.pos)
        out = [("fact", rng.choice(["What did {N} cook for {o}?", "What dish did {N} make for {o}?"]).format(N=p.name, o=oq), dish[1], [0], None)]
        if st["words"]:
            out.append(("temporal", f"When did {p.name} cook for {oq}?", dish[1] + st["words"], [0], st["date"]))
        return out
    return Thread([Step(i, 0, 0, r0, "proud")], qs, st)


def th_car(c: Ctx, i: int):
    p, rng = c.people[i], c.rng
    c1, c2, why = c.take(CARS), c.take(CARS), c.take(CAR_WHY)
    if not c1 or not c2 or not why:
        return None

    def r0(d):
        return rng.choice(CAR_T).format(c=c1[0], We=cap(p.we))

    def r1(d):
        return rng.choice(CAR_UPD_T).format(c1=c1[0], c2=c2[0], why=why[0], Why=cap(why[0]), We=cap(p.we))

    def qs():
        return [("update", rng.choice(["What car does {N} drive now?", "Which car does {N} have these days?"]).format(N=p.name), c2[1], [1], None),
                ("reason", f"Why did {p.name} get rid of the {c1[0]}?", why[1], [1], None)]
    return Thread([Step(i, 0, 0, r0, "buy"), Step(i, 30, 220, r1, "change")], qs, {})


PLAN_PER_PERSON = [(th_past, (4, 6)), (th_plan, (2, 3)), (th_trip, (1, 2)), (th_job, (0, 1)), (th_relative, (1, 1)),
                   (th_friend, (1, 1)), (th_kid, (0, 1)), (th_partner, (0, 1)), (th_drink, (0, 1)), (th_fav, (3, 4)),
                   (th_pair, (1, 1)), (th_dislike, (1, 2)), (th_book, (1, 2)), (th_group, (0, 1)), (th_injury, (0, 1)),
                   (th_allergy, (0, 1)), (th_pet, (0, 1)), (th_buy, (2, 3)), (th_habit, (1, 2)), (th_cook, (1, 2)),
                   (th_car, (0, 1))]
EXTRA = [th_past, th_fav, th_buy, th_book, th_dislike, th_habit, th_cook, th_injury, th_allergy, th_pair, th_group]


# --------------------------------------------------------------------------------------------
# assembly
def schedule(rng, threads, dates, n_msgs):
    cap_ = [[min(3, (n - 4) // 4 + 1)] * 2 for n in n_msgs]
    load = [[0, 0] for _ in dates]
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
                cands = [j for j in cands if load[j][st.owner] < cap_[j][st.owner] and j not in sess]
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
    def __init__(self, rng, banned):
        self.rng, self.banned = rng, banned
        self.seen: dict[str, int] = {}
        self.session_cats: set[str] = set()

    def clean(self, s):
        return not (toks(s) & self.banned)

    def pick(self, cands, fallback="Ha, fair enough."):
        ok = [s for s in cands if self.clean(s)]
        if not ok:
            return fallback
        low = min(self.seen.get(s, 0) for s in ok)
        s = self.rng.choice([s for s in ok if self.seen.get(s, 0) == low])
        self.seen[s] = self.seen.get(s, 0) + 1
        return s

    def exchange(self, seas):
        """A chit-chat exchange: (opener, [candidate replies, (candidate finals)]).  Each category
        except the generic one is used at most once per session."""
        rng = self.rng
        for _ in range(60):
            k = rng.random()
            cat = "gen" if k < 0.62 else "sea" if k < 0.76 else "tv" if k < 0.9 else "food"
            if cat != "gen" and cat in self.session_cats:
                continue
            if cat == "gen":
                ex = rng.choice(GENERIC_EX)
            elif cat == "sea":
                ex = rng.choice([[[rng.choice(SEASONAL[seas])], SEASON_REPLY[seas]], [WEATHER_Q, SEASONAL[seas], SEASON_REPLY[seas]]])
            elif cat == "tv":
                s, v = rng.choice(SHOWS), rng.choice(VERDICTS)
                if s in self.seen:
                    continue
                self.seen[s] = 1
                ex = [TV_Q, [t.format(s=s, s_cap=cap(s), v=v) for t in TV_A]]
            else:
                food = rng.choice(FOODS)
                if food in self.seen:
                    continue
                self.seen[food] = 1
                ex = [[f"I made {food} tonight, {rng.choice(FOOD_OUT)}"], FOOD_REPLY]
            op = [o for o in ex[0] if self.clean(o) and self.seen.get(o, 0) == 0]
            if op:
                o = rng.choice(op)
                self.seen[o] = 1
                self.session_cats.add(cat)
                return o, ex[1:]
        o = self.pick([e[0][0] for e in GENERIC_EX])
        return o, [ACKS]


def fill_session(f: Filler, rng, n, facts, gap, first, other_name, seas):
    """Write one session: greeting, fact messages at their slots, reactions, chit-chat, goodbye."""
    msgs = [""] * n
    f.session_cats = set()
    pend = None          # candidate lists still to be said in the running exchange
    prev_fact = None
    key = "first" if first else ("short" if gap <= 4 else "mid" if gap <= 9 else "long" if gap <= 15 else "vlong")
    msgs[0] = f.pick(GREET[key]).format(o=other_name[1])
    if rng.random() < 0.6:
        msgs[0] += " " + f.pick(TAILS)
    msgs[1] = f.pick(GREET_R[key]).format(o=other_name[0])
    pend = [GREET_ANS]
    for i in range(2, n):
        parts, ends_q = [], False
        own_fact = facts.get(i)
        if prev_fact is not None:
            stmts, qa = REACT[prev_fact.mood]
            if qa and own_fact is None and i < n - 3 and rng.random() < 0.3:
                q, ans = rng.choice(qa)
                parts.append(q)
                pend, ends_q = [ans], True
            else:
                parts.append(f.pick(stmts))
                if rng.random() < 0.8:
                    parts.append(f.pick(REACT_MORE[prev_fact.mood]))
                pend = None
            prev_fact = None
        elif pend:
            parts.append(f.pick(pend[0]))
            ends_q = parts[-1].endswith("?")
            pend = (pend[1:] or None) if ends_q else None
            if not ends_q and rng.random() < (0.85 if len(parts[-1].split()) < 7 else 0.4):
                parts.append(f.pick(TAILS))
        elif msgs[i - 1].endswith("?") and own_fact is None and i < n - 1:
            parts.append(f.pick(SHRUG))
        if i == n - 1:
            parts.append(f.pick(BYE))
        elif i == n - 2:
            parts.append(f.pick(WRAP))
            pend = None
        elif own_fact is not None:
            parts.append(own_fact.text)
            if own_fact.mood in NEWSY and rng.random() < 0.35:
                parts.insert(len(parts) - 1, f.pick(NEWS_LEAD))
            if rng.random() < 0.85:
                parts.append(f.pick(FACT_TAIL[own_fact.mood]))
            prev_fact, pend = own_fact, None
        elif not ends_q:
            nxt = facts.get(i + 1)
            if nxt is not None:
                parts.append(nxt.prompt or f.pick(PROMPTS))
            elif pend is None and i < n - 3 and (not parts or rng.random() < 0.6):
                o, rest = f.exchange(seas)
                if parts and rng.random() < 0.4 and ":" not in o[:30] and o[0].isalpha():
                    lead = o if re.match(r"I\b", o) else o[0].lower() + o[1:]
                    parts.append(rng.choice(["Oh, random thing:", "Unrelated, but", "Anyway,", "Also,"]) + " " + lead)
                else:
                    if not parts and rng.random() < 0.3:
                        parts.append(f.pick(TAILS))
                    parts.append(o)
                pend = rest or None
            elif not parts:
                parts += [f.pick(ACKS), f.pick(TAILS)]
        msgs[i] = " ".join(p for p in parts if p)
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
    n_msgs = [rng.choice(range(16, 31, 2)) for _ in range(n_sess)]
    target = rng.randint(540, 760)
    while sum(n_msgs) < target:
        j = rng.randrange(n_sess)
        if n_msgs[j] < 30:
            n_msgs[j] += 2
    while sum(n_msgs) > 790:
        j = rng.randrange(n_sess)
        if n_msgs[j] > 16:
            n_msgs[j] -= 2
    # threads
    threads = []
    for i in (0, 1):
        for fn, (lo, hi) in PLAN_PER_PERSON:
            for _ in range(rng.randint(lo, hi)):
                th = fn(c, i)
                if th:
                    threads.append(th)
    mover = rng.randrange(2)
    if rng.random() < 0.85:
        th = th_move(c, mover)
        if th:
            threads.append(th)
    rng.shuffle(threads)
    multi = [t for t in threads if len(t.steps) > 1]
    single = [t for t in threads if len(t.steps) == 1]
    kept = _realise(rng, schedule(rng, multi + single, dates, n_msgs), dates)
    for _ in range(40):
        if sum(len(t.cached) for t in kept) >= 80:
            break
        th = rng.choice(EXTRA)(c, rng.randrange(2))
        if th:
            kept += _realise(rng, schedule(rng, [th], dates, n_msgs), dates)
    # place facts into slots
    base, offs = 0, []
    for n in n_msgs:
        offs.append(base)
        base += n
    by_sess = {}
    for th in kept:
        for st in th.steps:
            by_sess.setdefault(st.sess, []).append(st)
    slots = {}
    for s, sts in by_sess.items():
        n = n_msgs[s]
        free = {0: list(range(2, n - 3, 2)), 1: list(range(3, n - 2, 2))}
        for st in sts:
            opts = free[st.owner]
            spaced = [x for x in opts if x - 1 not in slots.get(s, {}) and x + 1 not in slots.get(s, {})] or opts
            x = rng.choice(spaced)
            opts.remove(x)
            slots.setdefault(s, {})[x] = st
            st.turn = offs[s] + x
    # questions
    cands = []
    for th in kept:
        for kind, text, ans, idx, gold in th.cached:
            ev = sorted({th.steps[k].turn for k in idx})
            cands.append((kind, text, ans, ev, gold))
    chosen = _select(rng, cands)
    banned = set()
    for _, _, ans, _, _ in cands:
        for w in ans:
            banned |= toks(w)
    # chit-chat
    f = Filler(rng, banned)
    turns = []
    names = (a.name, b.name)
    for s in range(n_sess):
        gap = 0 if s == 0 else (dates[s].date() - dates[s - 1].date()).days
        msgs = fill_session(f, rng, n_msgs[s], slots.get(s, {}), gap, s == 0, names, season(dates[s]))
        ts = epoch(dates[s])
        for k, m in enumerate(msgs):
            ts += rng.randint(40, 260)
            turns.append(Turn("user" if k % 2 == 0 else "assistant", m, ts))
    qs, gold = [], {}
    for kind, text, ans, ev, g in chosen:
        if g is not None:
            gold[len(qs)] = g.strftime("%Y-%m-%d")
        qs.append(Question(text=text, answer=list(ans), evidence=ev, kind=kind))
    system = f"A conversation between {a.name} and {b.name}, {rel}."
    return Conversation(id=f"diary_long-{seed}", lang="en", turns=turns, questions=qs, system=system,
                        meta={"sessions": n_sess, "speakers": {"user": a.name, "assistant": b.name},
                              "session_dates": [d.strftime("%Y-%m-%d %H:%M") for d in dates], "gold_dates": gold,
                              "fact_turns": sorted(st.turn for th in kept for st in th.steps)})


def _realise(rng, threads, dates):
    """Render the scheduled steps (in order) and build each thread's candidate questions."""
    for th in threads:
        for st in th.steps:
            st.text = st.render(dates[st.sess])
        th.cached = th.qs()
    return threads


def _select(rng, cands):
    by = {k: [c for c in cands if c[0] == k] for k in KINDS}
    for v in by.values():
        rng.shuffle(v)
    chosen = []
    for k in KINDS:
        chosen += by[k][:MIN_KIND[k]]
        by[k] = by[k][MIN_KIND[k]:]
    rest = [c for v in by.values() for c in v]
    rng.shuffle(rest)
    target = rng.randint(45, 60)
    chosen += rest[:max(0, target - len(chosen))]
    seen, out = set(), []
    for q in chosen:
        if q[1] not in seen:
            seen.add(q[1])
            out.append(q)
    out.sort(key=lambda q: (q[3][0], q[1]))
    return out
