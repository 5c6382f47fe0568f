"""English phrasings of key facts: labelled identifiers, names, decisions, products, addresses,
and the filters that keep numbers of chit-chat, hypotheticals and rejected values out.

extract.py merges these with its language-neutral and Chinese patterns.
"""

from __future__ import annotations

import re
from collections.abc import Callable


def _p(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


# ------------------------------------------------------------------ identifiers with their key word
_PHONE_KEY = (r"(?i:\b(?:phone|mobile|cell(?:'s)?|tel|ph(?!-\d)|whatsapp|numbr|landline|(?:my |the )hp|handphone|"
              r"(?:my|new|best|contact|home|work|office|direct|callback) (?:number|no\.?)|"
              r"(?:reach|call|text|ring) me (?:on|at)))")
_PHONE_VALUE = r"\+?\(?\d[\d ().-]{5,18}\d(?:\s*(?i:ext\.?|extension|x)\s*\d{1,5})?"
_ID_KEY = (r"(?:\b(?i:passport(?: no\.?| number| #)?|social security(?: number)?|national insurance(?: number)?|"
           r"national id(?: number)?|id number|driv(?:ing|er'?s) licen[cs]e(?: number| no\.?| #)?|"
           r"(?<!business )(?<!software )(?<!product )(?<!trade )(?<!liquor )licen[cs]e (?:number|no\.?|#)|"
           r"medicare(?: number| no\.?)?|aadhaar(?: number)?|tax id|tax file number|residence permit(?: number| no\.?)?)|"
           r"(?:^|(?<=, )(?<!(?-i:[A-Z]{2}), )|(?<=\bmy ))(?-i:ID)(?= (?i:number |no\.? |is )?\d)|"   # "DPS, ID 4472018": the scheme's
           r"\b(?:OHIP(?: (?i:number|no\.?))?|(?i:health card(?: number| no\.?)?)|SSN|SIN|NI number|NI no|TFN|NRIC|DL (?i:number|no\.?|#)|BRP(?: (?i:number|no\.?))?|PPSN|PPS (?i:number|no\.?)|MyKad|IC (?i:number|no\.?)|PAN(?: (?i:number|no\.?|card))?))")
_ID_VALUE = r"(?=[A-Z0-9 -]*\d)[A-Z0-9](?:[A-Z0-9]|[ -](?=[A-Z0-9])){4,24}(?![A-Za-z0-9])"
_IBAN = r"[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?![A-Za-z0-9])"
_IBAN_SPACED = r"[A-Z]{2}\d{2}(?: [A-Z0-9]{4}){3,7}(?: [A-Z0-9]{1,4})?(?![A-Za-z0-9])"  # without its key word
_ENDING = r"(?i:ending(?: in| with)?|ends (?:in|with)|last (?:4|four)(?: digits)?(?: are| is| of)?)\s*-?\s*"
_CONNECT = r"(?:\s*,(?=\s*(?:number|no\.?)\s))?\s*(?:#|no\.?|number)?\s*(?i:is|are|was|:|=|-|是|为)?\s*"   # "passport, number 1239…"

# Gates: what every match of a pattern must contain, tested once per message before the pattern
# runs (Python's re tries each alternative of a long pattern at every position, and 97% of
# English chat messages hold no digit). A gate may pass where its pattern finds nothing; it never
# fails where the pattern would match: the comment beside each names what every alternative needs.
DIGIT = _p(r"\d")
WIDE_OR_DIGIT = _p(r"[^\x00-\x7f]|\d")   # any CJK (non-ASCII) character, or a digit
SPELLED_AT = _p(r" (?:at|\[at\]|\(at\)) ", re.I)
Gate = Callable[[str], object]   # truthy when the pattern may match: a regex's search, or a function

# (category, pattern, gate); every pattern below but the first needs a digit (\d in each alternative)
PATTERNS: list[tuple[str, re.Pattern[str], Gate]] = [
    ("email", _p(r"(?P<v>[A-Za-z0-9._%+-]+(?: dot [A-Za-z0-9_%+-]+)* (?:at|\[at\]|\(at\)) [A-Za-z0-9-]+(?: (?:dot|\[dot\]|\(dot\)) [A-Za-z]{2,})+)"
                 r"(?![A-Za-z])", re.I), SPELLED_AT.search),
    ("id_card", _p(rf"{_ID_KEY}{_CONNECT}(?P<v>{_ID_VALUE})|{_ID_KEY}\s*{_ENDING}(?P<w>\d{{4}})(?!\d)"), DIGIT.search),
    ("id_card", _p(rf"(?i:last (?:4|four)(?: digits)? of (?:my |the )?){_ID_KEY}\s*(?i:are|is|:)?\s*(?P<v>\d{{4}})(?!\d)"), DIGIT.search),
    ("bank_card", _p(rf"\bIBAN{_CONNECT}(?P<v>{_IBAN})|(?<![A-Za-z0-9])(?P<w>{_IBAN_SPACED})"), DIGIT.search),
    ("bank_card", _p(r"(?<!lunch )(?<!school )(?<!library )(?<!canteen )(?<!loyalty )(?<!gym )(?P<l>(?i:account (?:number|no\.?|#)|account(?= \d{6})|acct(?: no\.?)?|sort code|routing number|bsb))"
                     r"\s*(?i:is|:)?\s*(?P<v>\d[\d -]{4,18}\d)(?!\d)"), DIGIT.search),
    ("bank_card", _p(rf"(?i:\b(?:card|visa|mastercard|amex|debit|credit)\b[^.,;!?\d]{{0,20}}?){_ENDING}(?P<v>\d{{4}})(?!\d)"), DIGIT.search),
    ("phone", _p(rf"{_PHONE_KEY}[^\d+(]{{0,12}}?(?P<v>{_PHONE_VALUE})(?!\d)"), DIGIT.search),
    # an extension on its own, to be called back on ("extension is 4417")
    ("phone", _p(r"(?<!\d )(?<!\d, )\b(?P<l>(?i:(?:my |the |direct )?(?:extension|ext\.?)))(?:\s+(?i:number|no\.?))?\s*(?i:is|:|=)?\s*"
                 r"(?P<v>\d{3,5})(?![\d.,:]\d|\d)"), DIGIT.search),
    ("phone", _p(r"(?<![\d.-])(?:1-)?\d{3}[.-]\d{3}[.-]\d{4}(?:\s*(?i:ext\.?|x)\s*\d{1,5})?(?![\d.-])|"
                 r"(?<![\d+])0\d{4} (?:\d{6}|\d{3} \d{3})(?!\d)(?:,?\s*(?i:ext\.?|x)\s*\d{1,5}(?!\d))?"), DIGIT.search),
    # a canteen's, a library's or a shop's card is a number to quote, not a bank card
    ("ref", _p(r"(?P<l>(?i:(?:lunch|library|loyalty|canteen|student|gym|rewards?|school) (?:card|account)))(?:\s+(?i:no\.?|number|#))?\s*(?i:is|:)?\s*"
               r"(?P<v>(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{3,})(?![A-Za-z0-9])"), DIGIT.search),
    ("ref", _p(r"(?P<l>(?i:policy|claim|membership|member|incident|pnr|reservation|contract|flight|invoice|receipt|vat|tax|utr|company|customer|"
               r"tracking|order|booking|ticket|case|reference|shipment|parcel|package|consignment|waybill|ein|tin|abn|gst|group|tag|collection|badge))"
               r"(?:\s+(?i:no\.?|number|id|#|ref|code))?\s*(?i:is|was|:|,)?\s*"
               r"(?P<v>(?=[A-Z0-9-]*\d)[A-Z0-9]{2,10}-[A-Z0-9][A-Z0-9-]{0,11}|[A-Z0-9]{2,6}(?: [A-Z0-9]*\d[A-Z0-9]*){1,7}|"
               r"(?=[A-Z0-9]*\d{4})[A-Z0-9]{5,16})(?![A-Za-z0-9-])"), DIGIT.search),
    ("ref", _p(r"(?P<l>(?i:contract|policy|lease|agreement|claim))(?:\s+(?i:no\.?|number|id|#|ref))?"
               r"\s*(?i:is|:)?\s*(?P<v>(?=[A-Za-z0-9/-]*\d)[A-Za-z0-9][A-Za-z0-9/-]{3,})"), DIGIT.search),
    # a British, a Canadian and an Irish one ("LS6 4AB", "M5V 2T6", the Eircode "D08 XY29")
    ("postcode", _p(r"(?<![A-Za-z0-9])(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d|"
                    r"(?:[ACDEFHKNPRTVWXY]\d{2}|D6W) ?(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[0-9ACDEFHKNPRTVWXY]{4})(?![A-Za-z0-9])"), DIGIT.search),
]

POSTCODE_KEY = _p(r"\b(?:post ?code|postal code|zip(?: code)?|eircode)\b", re.I)
PHONE_KINDS = _p(r"\b(?:home|work|office|landline|backup|second|alternative|extension)\b", re.I)
BANK_KINDS = {"sort code": "sort", "routing number": "routing", "bsb": "sort"}

# ------------------------------------------------------------------ numbers that are no facts
HYPOTHETICAL = _p(r"\b(?:even if|if (?:I|we|you|it|they) (?:had|were|was|could)|I'd have|I would have|would have|"
                  r"could have|I'd (?:pay|give|buy|spend)|what if|as if|imagine|up to \d+%|"
                  r"(?:(?<![A-Za-z'] )(?<![A-Za-z'])|(?<=\bway ))(?:(?-i:Back) (?:in|on|when)|"
                  # lower case, as texted, "back on" a date is a return ("out on 3 April, back on the 10th")
                  r"back (?:in|when|on(?!\s+(?:the\s+)?\d|\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day))))", re.I)   # "Back in March…", not "we come back on the 4th"
REJECTED_BEFORE = _p(r"(?:\bnot|\binstead of|\brather than|\bno longer|\bnot the|\bfrom)\s+(?:the\s+|a\s+|an\s+)?#?$", re.I)
# a start after "from" ("a room for 3 nights from the 14th of August"), unless something moved from it
START_FROM = _p(r"\b(?:nights?|days?|weeks?|months?|starting|available|open|valid|effective|runs?|booked|room|"
                r"(?:freeze|pause|suspend|cancel|stop|hold|close|terminate)\s+(?:it|this|that|them|(?:my|the|our)\s+\w+))\s+from\s+(?:the\s+)?$", re.I)
REJECTED_AFTER = _p(r"\s*[-,]?\s*(?:no wait|no,|sorry,? I meant|I mean)\b", re.I)
RATIO_BEFORE = _p(r"\b\d+\s+(?:in|out of)\s+$", re.I)
CURRENT_TIME = _p(r"\b(?:it's|it is|its|since)\s+$", re.I)  # "it's 2am here", "waiting since 9am"
HABIT = _p(r"\b(?:usually|always|normally|typically|generally|every|often|sometimes|whenever|keeps?|tends? to)\b", re.I)
DURATION = _p(r"\b(?:days?|hours?|weeks?|months?|years?|minutes?|mins?)\b", re.I)
BOOKING_CUE = _p(r"\b(?:book|booking|booked|rent|rental|hire|reserve|reservation|stay|extend|extension|"
                 r"subscription|trial|lease|plan|for)\b", re.I)


# how long something has been wrong ("the AC has been broken for 3 days"): no booking
PROBLEM_FOR = _p(r"\b(?:broken|down|offline|stuck|waiting|waited|delayed|overdue|missing|dead|sick|closed)\b"
                 r"(?:\s+\w+){0,2}\s+for\s+$", re.I)
AGE_BEFORE = _p(r"(?:宝宝|宝贝|孩子|小孩|女儿|儿子|闺女|狗狗|猫咪|小狗|小猫)(?:今年|才|已经|刚)?\s*$")
RATE_BEFORE = _p(r"(?:一次|每次|一天|每天|一日|每日|一周|每周)(?:吃|服|用|喝|最多|不超过|至多)?\s*$")
QUEUE_AFTER = _p(r"[^.,;!?]{0,12}?\b(?:in (?:the )?(?:queue|line)|ahead of me)\b", re.I)
QUEUE_BEFORE = _p(r"(?:前面|前边|排在|排到)(?:还有|有)?\s*$")


MOVED = _p(r"\b(?:move|moved|change|changed|reschedule|rescheduled|push|pushed|shift|switch|bring)\b", re.I)


SPAN = _p(r"\s(?:to|until|till|through|thru)\s|\d(?:st|nd|rd|th)?\s?[-–]\s?\d", re.I)


def rejected(text: str, start: int, end: int, left: int, place: bool = False) -> bool:
    """A value the sentence takes back: "not X", "instead of X", "X - no wait, ...", "move it from X to Y".
    A ``place`` after a bare "from" is where someone is ("it's Priya from flat 9, 27 Wellington Street")."""
    before = REJECTED_BEFORE.search(text[max(left, start - 16):start])
    from_start = before is not None and before.group(0).lower().startswith("from") and (
        place or START_FROM.search(text[max(left, start - 24):start]) is not None
        or SPAN.search(text, start, end) is not None)   # "from the 9th to the 16th of August": a stay
    if before and not from_start or REJECTED_AFTER.match(text, end):
        return True
    return bool(re.match(r"from\s", text[start:end], re.I) and re.match(r"\s+to\s", text[end:])
                and MOVED.search(text, left, start))


def chit_chat_number(text: str, category: str, value: str, start: int, left: int, right: int) -> bool:
    """Amounts, counts and times of a hypothetical, a ratio, the time of day now, or a duration."""
    clause, before = text[left:right], text[max(left, start - 12):start]
    upto = text[left:start + len(value)] if start > left else clause
    if category in ("amount", "count", "datetime") and HYPOTHETICAL.search(upto):
        return True
    if category == "decision" and HYPOTHETICAL.search(clause):  # "I'd go with X if I were you"
        return True
    if category == "datetime" and HABIT.search(text, left, start):  # "deliveries usually come at 10am"
        return True
    if category == "count" and RATIO_BEFORE.search(before):
        return True
    if category == "count" and DURATION.search(value) and (not BOOKING_CUE.search(text[left:start])
                                                           or PROBLEM_FOR.search(text[left:start])):
        return True
    if category == "count" and QUEUE_BEFORE.search(before):   # "前面还有 23 桌": a place in a queue
        return True
    if category == "count" and RATE_BEFORE.search(before):   # "一次吃 1 片，一天最多 3 次": a dose, a rate
        return True
    if category == "count" and AGE_BEFORE.search(before):    # "宝宝 8 个月": an age
        return True
    if category == "count" and QUEUE_AFTER.match(text, start + len(value)):   # "12 people in the queue ahead"
        return True
    if category == "datetime" and _story_time(text, value, start, left, right):
        return True
    return category == "datetime" and bool(CURRENT_TIME.search(before)) and not re.search(r"[A-Za-z]{3}", value)


# a time of day, or a day without its date, in a story told in the past ("Stayed up till 3am",
# "Finished the book at 2am", "I did a proper budget this weekend", "So far I've lasted until
# Wednesday"): when it happened, not a fact to keep. A clause that arranges something ("I booked
# it for 3pm", "they moved it to Friday") or speaks in the present or the future keeps its time.
STORY_VERB = _p(r"\b(?:was|were|did|went|got|made|came|woke|slept|ran|ate|had|left|took|saw|fell|sat|heard|felt|found|"
                r"gave|lost|met|spent|thought|won|wore|wrote|brought|caught|began|drank|drove|forgot|rode|sang|swam|"
                r"threw|broke|[a-z]{2,}(?<![e])ed)\b", re.I)
ARRANGED = _p(r"\b(?:booked|scheduled|rescheduled|moved|arranged|confirmed|planned|postponed|changed|reserved|ordered|"
              r"agreed|delayed|pushed|organi[sz]ed|requested|invited|expected|supposed|meant|needed|wanted|asked|promised|"
              r"told|said|due|will|won't|shall|going to|gonna|is|are|am|be)\b|'(?:ll|s|re|m)\b", re.I)
DATED = _p(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d|\d(?:st|nd|rd|th)?\s+(?:of\s+)?"
           r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\b\d{1,2}/\d{1,2}\b", re.I)   # the day is said
STORY_VALUE = _p(r"(?:(?:at|on|till|until|by|around|about|before|after)\s+)?(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|"
                 r"noon|midnight|today|tonight|this (?:morning|afternoon|evening|weekend)|in (?:\d+|a|an|one|two|three|four|five|six) (?:days?|weeks?|months?|years?)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)", re.I)


# an incident reported, whose time the desk needs ("the ride was … at about 11:40pm"): no story
INCIDENT = _p(r"\b(?:ride|trip|journey|accident|incident|leak|break-in|theft|crash|collision|outage|power cut)\b", re.I)


def _story_time(text: str, value: str, start: int, left: int, right: int) -> bool:
    return bool(STORY_VALUE.fullmatch(value.strip()) and STORY_VERB.search(text, left, right)
                and not ARRANGED.search(text, left, right) and not DATED.search(text, left, right)
                and not INCIDENT.search(text, left, right))


# ------------------------------------------------------------------ counts
_NUM_WORD = r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|a dozen|dozen)"
_NOT_COUNTED = {"times", "minutes", "mins", "seconds", "secs", "hours", "days", "weeks", "months", "years", "stars",
                "pounds", "kilos", "kilograms", "grams", "lbs", "stones", "miles", "metres", "meters", "inches", "degrees",
                "cents", "percent", "points", "ways", "things", "reasons", "others", "ones",
                # words that end in s and count nothing ("at six this morning")
                "this", "was", "has", "his", "its", "hers", "ours", "yours", "theirs", "always", "perhaps", "less",
                "unless", "plus", "across", "towards", "does", "goes", "thus", "besides", "whereas", "yes"}
ORDER_CUE = _p(r"\b(?:need|want|add|order|ordered|book|get|buy|bought|send|sent|ship|reserve|came|arrived|missing|"
               r"received|delivered|only|requested|reserved|booked|cancel|cancelled|canceled|each|apiece|paid for)\b", re.I)
BUYING_CUE = _p(r"\b(?:need|want|order|ordered|book|buy|bought|send|sent|ship|reserve|arrived|missing|received|"
                r"delivered|requested|reserved|booked|cancel|cancelled|canceled|each|apiece|paid for)\b", re.I)   # "14 lessons so far at £38 each"
COUNT_OPEN = _p(rf"(?<![\w.#$£€-])(?P<v>(?:\d{{1,4}}|(?i:{_NUM_WORD}))\s+(?:(?!(?:more|of|the|and|or|to|extra|other|new|old|times)\b)[a-z]{{3,}}\s+(?=[a-z]{{3,}}s\b))?(?P<n>[a-z]{{3,}}s))\b")
COUNT_BARE = _p(r"\b(?i:table|party|reservation|booking|team|group|family)\s+(?:for|of)\s+"
                r"(?P<v>\d{1,3}(?![\d:.])|(?i:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b)|"
                r"(?<![\w.])(?P<w>\d{1,4})\s+(?:of|out of)\s+(?:the|my|our)\s+\d+\s+[a-z]+s\b|"
                r"\b(?i:there(?:'ll| will) be|there are|there're|we(?:'ll| will)? be|we are|we're)\s+"   # "there will be 6 of us"
                r"(?P<u>\d{1,3}|(?i:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve))\s+of us\b|"
                # "I booked for 6 of us", "booked a table for six": the party, at the clause's end or before its time
                r"\b(?i:booked|reserved)\s+(?:(?:it|a table|a room|one)\s+)?for\s+(?P<p>\d{1,2}|(?i:two|three|four|five|six|seven|"
                r"eight|nine|ten|eleven|twelve))(?:\s+(?:of us|people|guests))?(?=\s*(?:[,.;!?]|$|\s(?i:at|on|this|next|tomorrow|tonight)\b))|"
                # "I ordered two of the 65-inch TVs": a part of what the shop sells
                r"\b(?i:ordered|bought|purchased|reserved|need|want)\s+(?P<o>\d{1,3}|(?i:two|three|four|five|six|seven|eight|nine|ten|"
                r"eleven|twelve))\s+of\s+(?:the|those|these|your)\b")


def counts(text: str) -> list[tuple[int, int, str]]:
    """(start, end, label) of English counts the closed unit list misses: "six bagels" in an order,
    a bare head count ("table for 4"), the part of a whole ("2 of the 6 chairs")."""
    out = []
    for m in COUNT_OPEN.finditer(text):
        cue = ORDER_CUE if len(m.group("v").split()) == 2 else BUYING_CUE   # "3 bar stools" needs an order
        if m.group("n").lower() not in _NOT_COUNTED and cue.search(text):
            out.append((m.start("v"), m.end("v"), m.group("n").lower()))
    for m in COUNT_BARE.finditer(text):
        g = next(g for g in ("v", "w", "u", "p", "o") if m.group(g))
        out.append((m.start(g), m.end(g), {"v": "table", "w": "", "u": "people", "p": "people", "o": ""}[g]))
    return out


# ------------------------------------------------------------------ names
_TOKEN = r"(?:[A-Z]['’])?[A-ZÀ-ÖØ-Þ][a-zà-ÿ]+(?:-[A-ZÀ-ÖØ-Þ][a-zà-ÿ]+)?"
_PARTICLE = r"(?:(?:van|von|der|den|de|la|le|du|da|di|del|bin|al|ibn)\s)*"
NAME = rf"{_TOKEN}(?:[ -]{_PARTICLE}{_TOKEN}){{0,2}}"
NAME_LEADS = _p(rf"(?P<l>(?i:\bmy full name is|\bfull name:?|\bfirst name(?: is|'s|:)|\blast name(?: is|'s|:)|"
                rf"\bsurname(?: is|'s|:)|\bi go by|\bname for the \w+ is|\bin the name of|"
                rf"\b(?:reservation|booking|table|account|order)(?:'s| is)? under(?: the name)?|\bunder the name|"
                rf"\b(?:account|booking|card) says|\b(?:his|her|their) (?:full )?name(?:'s| is)))\s+(?P<v>{NAME})")
NAME_HERE = _p(rf"(?:^|[.!]\s+|\b(?i:hi|hello|hey)[,!]?\s+)(?!(?:Hi|Hello|Hey|Dear|Team|Everyone|All)\b)(?P<v>{_TOKEN}(?: {_TOKEN}){{1,2}}) here(?=\s*[,.!;:]|\s*$)")
NAME_REL = _p(rf"\b(?i:my|our)\s+(?P<l>(?i:daughter|son|wife|husband|mother|father|mom|mum|dad|colleague|manager|"
              rf"friend|brother|sister|partner|boss|assistant|neighbou?r))(?:'s name(?: is|,| -|:)?|,| is| named| called)"
              rf"\s+(?:-\s+)?(?P<v>{NAME})")

# a person named with a title and a first name ("Dr. Amelia Chen"; "Mr. Smith" alone is a role)
_CALENDAR = (r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July|August|September|"
             r"October|November|December|Today|Tomorrow|Tonight|Who|On|At|In|And")
_NAME_TOKEN = rf"(?!(?:{_CALENDAR})\b){_TOKEN}"
NAME_TITLED = _p(rf"\b(?P<l>Dr|Doctor|Prof|Professor|Mr|Mrs|Ms|Miss|Nurse|Officer)\.?\s+"
                 rf"(?P<v>{_NAME_TOKEN}(?: {_NAME_TOKEN}){{1,2}})(?![\w'])")


def names(text: str) -> list[tuple[int, int, str]]:
    """(start, end, label) of English names given with a lead ("surname's", "under", "X here")."""
    out = []
    for m in NAME_LEADS.finditer(text):
        lead = m.group("l").lower()
        label = "self" if re.search(r"full|first|last|surname|go by", lead) else \
            "recipient" if lead.startswith("name for") else "account"
        out.append((m.start("v"), m.end("v"), label))
    for m in NAME_HERE.finditer(text):
        out.append((m.start("v"), m.end("v"), "self"))
    for m in NAME_REL.finditer(text):
        out.append((m.start("v"), m.end("v"), m.group("l").lower()))
    for m in NAME_TITLED.finditer(text):
        out.append((m.start("v"), m.end("v"), m.group("l").lower().replace("doctor", "dr").replace("professor", "prof")))
    return out


# ------------------------------------------------------------------ decisions
_CHOICE_HEAD = (r"plan|option|package|seat|room|tier|model|repair|refund|replacement|upgrade|subscription|version|"
                r"one|contract|credit|exchange|deal|offer|bundle|service|delivery|shipping|collection|pickup|"
                r"size|colou?r|slot|date|flight|hotel|fare|tariff|rate|voucher|store credit|cash|transfer|installments?")
_NP = rf"(?:(?:the|a|an)\s+)?(?:[$£€₹]?[\w'’:.-]+\s+){{0,2}}?(?:{_CHOICE_HEAD})"   # "the $45 one", "the 3 o'clock one"
_VERB_NP = (r"(?:cancel|keep|return|refund|exchange|replace|upgrade|downgrade|renew|pause|close|reactivate)"
            r"\s+(?:the|my|our|this|that)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?")
CHOICES = [
    _p(rf"\b(?i:I'll take|I will take|I'll go with|let's go with|we'll go with|go with|switch to|decided on|"
       rf"decided to go with|change (?:my|our|the) (?:plan|package|subscription|tier|booking) to|I choose|we choose|I pick|opt for|let's do|I'd prefer|I prefer|we'd prefer|"
       rf"I'd rather have|I'd like)\s+(?P<v>{_NP})\b(?![\w-])", re.I),
    _p(rf"(?:^|[,.!;]\s*)(?i:please\s+|go ahead and\s+|just\s+)?(?P<v>(?i:{_VERB_NP}))(?=\s*(?:[,.!;]|$|please))"),
    _p(r"\b(?i:we'll|I'll|let's|we will|I will|I'd rather)\s+(?P<v>[a-z][\w ]{2,40}?)\s+(?i:instead of|rather than)\b"),
    _p(rf"(?:^|[,.!;]\s*)(?P<v>(?i:{_NP}|option\s?\d|plan\s?[A-Z0-9]))(?:\s+(?i:is fine|is better|sounds (?:better|good|great|perfect)|"
       rf"it is|then)|,\s*(?i:please))\b"),
]


def decisions(text: str) -> list[tuple[int, int]]:
    """(start, end) of English choices: "go with the X", "cancel the X", "X instead of Y", "X is fine"."""
    out: list[tuple[int, int]] = []
    for pattern in CHOICES:
        for m in pattern.finditer(text):
            if not any(s < m.end("v") and m.start("v") < e for s, e in out):
                out.append((m.start("v"), m.end("v")))
    return out


# ------------------------------------------------------------------ products
_LINES = (r"iPhone|iPad(?: Pro| Air| mini)?|MacBook(?: Air| Pro)?|iMac|AirPods(?: Pro| Max)?|Apple Watch|Galaxy|"
          r"Pixel|Surface(?: Pro| Laptop)?|ThinkPad|PlayStation|Xbox|Nintendo Switch|Switch|Kindle|GoPro|Instant Pot|"
          r"KitchenAid|Vitamix|Nespresso|Roomba|Fitbit|Garmin|Peloton|Nike|Adidas|Bose|Sony|Dyson|Sonos|Beats|JBL|"
          r"Canon|Nikon|Fujifilm|Lenovo|Dell|HP|Asus|Acer|Samsung|Google|Apple|OnePlus|Xiaomi|Huawei|Oppo|Motorola|"
          r"Toyota|Honda|Nissan|Ford|Chevrolet|Chevy|Volkswagen|VW|BMW|Audi|Mercedes(?:-Benz)?|Tesla|Hyundai|Kia|"
          r"Mazda|Subaru|Volvo|Lexus|Jeep|Porsche|Peugeot|Renault|Skoda|Fiat|Raspberry Pi|TP-Link|Netgear|"
          r"Trek|Giant|Specialized|Cannondale|Brompton|Merida")
_MODEL_TOKEN = (r"(?:[A-Za-z]*\d[A-Za-z0-9/-]*|[A-Z][A-Za-z]+|OLED|Pro|Max|Plus|Ultra|Mini|Air|Lite|SE|"
                r"(?i:pro|max|plus|ultra|mini|air|lite))")
_COLOUR = (r"black|white|blue|red|green|purple|gold|silver|gr[ae]y|pink|midnight|starlight|graphite|titanium|"
           r"obsidian|porcelain|hazel|navy|beige|cream|ivory|charcoal|rose|coral|yellow|orange|sage|mint|bronze")
_SPEC = (rf"\d+\s?(?i:gb|tb)(?:/\d+\s?(?i:gb|tb))?(?:\s(?:RAM|SSD))?|\d+(?:\.\d+)?-?(?i:inch|in\b|qt|l\b|mm)|"
         rf"(?i:size) \d+(?:\.\d+)?|in [A-Z][a-z]+(?: [A-Z][a-z]+)?|\((?i:{_COLOUR}|[a-z]+)\)|"
         rf"(?:[A-Z][a-z]+ )?(?i:{_COLOUR})(?: [A-Z][a-z]+)?|"
         # a colour in Chinese ("白色"), a maker's ending its clause ("OPPO Find X7 256G 烟云紫")
         rf"[\u4e00-\u9fff]{{0,3}}(?:黑|白|蓝|红|绿|紫|金|银|灰|粉|青|黄|橙|棕)色(?![\u4e00-\u9fff])|(?![我你他她要想的是和还就])[\u4e00-\u9fff]{{1,3}}(?:黑|白|蓝|紫|金|银|灰|粉|绿|红|青)(?![\u4e00-\u9fff])")
# a brand's service or account is no product ("my Apple ID", "Google Account", "Samsung Pay")
_SERVICES = r"ID|Account|Pay|Music|Store|Card|Support|Care|Wallet|Drive|Maps|Cloud|Play"
PRODUCT = _p(rf"(?<![A-Za-z0-9])(?i:{_LINES})(?![ -](?:{_SERVICES})(?![A-Za-z0-9]))(?:[ -]{_MODEL_TOKEN}){{1,4}}(?:,?\s(?:with\s)?(?:{_SPEC}))*"
             rf"(?![A-Za-z0-9])")
PLAN_NAME = _p(r"\b(?i:on|switch to|upgrade to|signed up for|subscribed to) the\s+"
               r"(?P<v>[A-Z][\w+]*(?: [A-Z][\w+]*){0,3} (?i:plan|package|tier|bundle|membership))\b")


def products(text: str) -> list[tuple[int, int]]:
    """(start, end) of products named by a known brand or product line, with model, size and colour."""
    out = [(m.start(), m.end()) for m in PRODUCT.finditer(text) if re.search(r"\d|[A-Z].*[A-Z]", m.group(0))]
    out += [(m.start("v"), m.end("v")) for m in PLAN_NAME.finditer(text)]
    return out


# ------------------------------------------------------------------ addresses
_STREET = (r"street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|court|ct|crescent|cres|place|pl|"
           r"terrace|close|parkway|pkwy|highway|hwy|square|sq|rue|strasse|straße|box")
# a street named by a word that is also a common one, after a capitalised name ("12 Elm Grove",
# not "3 miles in the Park" or "22 Grove Road", whose street word is Road)
_NAMED = (r"(?<![\w/])\d+[A-Za-z]?\s+(?:[A-Z][a-z]+\s+){1,2}(?:Grove|Gardens|Mews|Row|Walk|Park|Hill|View|Rise|Green|"
          r"Vale|Wharf|Quay)\b(?!\s+(?i:street|st|road|rd|avenue|ave|lane|ln|drive|dr|way|close|place|crescent|terrace)\b)")
_UNIT = r"(?i:apt|apartment|unit|suite|ste|flat|floor|fl|room|rm|#)\.?\s*[A-Za-z0-9-]+"
_POST = (r"\d{4,6}(?:-\d{4})?|S\d{6}|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d|"
         r"[A-Z]\d{2} ?(?=[A-Z0-9]{0,3}[A-Z])(?=[A-Z0-9]{0,3}\d)[A-Z0-9]{4}")   # Irish: "T12 X8Y2"
_CITY = r"(?:Co\.\s)?[A-Z][a-zà-ÿ]+(?:\s[A-Z][a-zà-ÿ]+)*"   # "Co. Cork"
ADDRESS_PART = _p(rf"(?:\s*[,-]\s*|\s+)(?:{_UNIT}|(?:{_CITY})?(?:\s*[A-Z]{{2,3}})?(?:\s*(?:{_POST}))(?:\s+{_CITY})?)"
                  rf"(?![A-Za-z0-9])|\s*,\s*{_CITY}(?![A-Za-z0-9])|(?<=\d)\s*,\s*\d{{1,4}}[A-Za-z]?\s+{_CITY}(?![A-Za-z0-9])|"   # "Room 1203, 88 Queensway"
                  rf"\s+[a-z]+(?:\s[a-z]+)?\s+(?:[a-z]{{2,3}}\s+)?\d{{4,5}}(?!\d)")
# the words of a street's name are no function words ("087 123 4567 by the way" is no address)
_NOT_STREET_WORD = r"(?!(?i:the|a|an|by|on|in|to|of|my|your|our|his|her|their|is|was|at|and|all|with|for|from|hours?|hrs?|minutes?|mins?|miles?|km|days?|seconds?|secs?)\b)"
_BUILDING = r"[A-Z][a-z]+(?:\s[A-Z][a-z]+)?\s(?:House|Court|Building|Tower|Lodge|Mansions|Apartments)\s*,\s*"   # "Orchard House, "
# a street whose kind comes before its name ("14 Rue de Clichy", "3 Via della Spiga")
_NAME_AFTER = (r"(?<![\w/:.])(?<!\d,)\d+[A-Za-z]?,?\s+(?i:rue|avenue|boulevard|bd|place|allée|chemin|quai|(?-i:Via)|via(?=\s+d[ei])|viale|calle|rua|strada)\s+"
               r"(?:(?:de|du|des|della|del|di|do|da)\s+(?:la\s+|l['’])?|d['’])?[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2}")
# an Indian address: a house number, then a numbered cross or main road ("14, 2nd Cross", "No. 7, 3rd Main Road")
_CROSS = r"(?<![\w/:.])(?:(?i:no)\.?\s?)?\d{1,4}[A-Za-z]?(?:/\d+)?,\s*\d{1,2}(?:st|nd|rd|th)\s+(?:Cross|Main|Block|Stage|Phase)(?:\s+(?i:road|rd))?\b"
# a street without a number, known by the town and the full postcode after it ("Ashcombe Lane,
# Dawlish EX7 0QP", "Mill Road, Burlington VT 05401"): address_end reads them on
_UNNUMBERED = (r"(?<![\w/:.])(?:[A-Z][a-z]+\s+){1,2}(?:Lane|Road|Street|Avenue|Drive|Close|Way|Hill|Green|Row|"
               r"Crescent|Terrace|Place|Court|Grove|Gardens|Mews)(?=\s*,\s*[A-Z][a-z]+(?:\s[A-Z][a-z]+)?\s*,?\s*"
               r"(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]{2}\s+\d{5}(?:-\d{4})?)(?![A-Za-z0-9]))")
# a street whose number comes after its name, as in much of Europe ("Rua dos Remédios 42",
# "Carrer de Verdi 15", "Hauptstraße 12")
_NUMBER_AFTER = (r"(?<![\w/:.])(?:(?:Rua|Rue|Via|Calle|Avenida|Carrer|Plaza|Praça|Largo|Travessa|Viale|Corso)\s+"
                 r"(?:(?:de|do|dos|da|das|del|della|di|la|le|les)\s+)*[A-ZÀ-Ý][\w'’-]+(?:\s+[A-ZÀ-Ý][\w'’-]+){0,2}|"
                 r"[A-ZÄÖÜ][a-zäöüß]+(?:straße|strasse|weg|platz|gasse|allee|ring|damm))\s+\d{1,4}[a-z]?(?![\w:.])")
# a unit on an estate without a street, known by the town and the full postcode after it
# ("Unit 7, Orwell Park, Ipswich IP3 9BF"): address_end reads them on
_ESTATE_UNIT = (rf"(?<![\w/:.])(?:{_UNIT}),\s+(?:[A-Z][a-z]+\s+){{1,2}}(?:Park|Estate|Centre|Center|Business\s+Park|"
                r"Industrial\s+Estate|Trading\s+Estate|Retail\s+Park)(?=\s*,\s*[A-Z][a-z]+(?:\s[A-Z][a-z]+)?\s*,?\s*"
                r"[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}(?![A-Za-z0-9]))")
STREET_ADDRESS = _p(rf"{_NAME_AFTER}|{_CROSS}|{_UNNUMBERED}|{_NUMBER_AFTER}|{_ESTATE_UNIT}|(?:(?:{_UNIT}),?\s+(?:-\s+)?(?:{_BUILDING})?|(?i:blk|block)\s+|(?<![\w/:.-])\d{{1,4}}[A-Z],\s+)?(?<![\w/:.])\d+[A-Za-z]?(?:/\d+)?\s+(?:{_NOT_STREET_WORD}[A-Za-z0-9]+\s+){{0,3}}?"
                    rf"(?i:{_STREET})\b(?!\s+(?i:met(?:re|er)s?|feet|foot|ft|m|km|miles?|yards?)\b)\.?(?:\s+(?:[NSEW]|NE|NW|SE|SW)\b\.?)?(?:\s+\d{{1,3}}(?=\s*(?:,|$)))?(?:\s+{_UNIT})?|(?i:PO Box)\s+\d+|{_NAMED}")


def address_end(text: str, end: int) -> int:
    """Where an English address that ends at ``end`` really ends: its unit, city, state and postcode."""
    while (more := ADDRESS_PART.match(text, end)) is not None and more.end() > end:
        end = more.end()
    return end


def street_addresses(text: str) -> list[tuple[int, int]]:
    """(start, end) of English street addresses without a key word ("Flat 3, 17 Kingsley Road, Bristol")."""
    if not DIGIT.search(text):   # a house number or a PO box number
        return []
    return [(m.start(), address_end(text, m.end())) for m in STREET_ADDRESS.finditer(text)]
