"""Who the two speakers of a session are, so that recall reads a question that names one of
them as that speaker's own: "What is Anders's job?" in a session where Anders is the user
is searched as "What is my job?".

That matters because people rarely say their own name: "Anders" appears in the messages the
*other* speaker writes to him ("Hey Anders!"), so as a search term it finds the wrong
speaker's messages, and the question's real cue (whose job) is lost. Rewritten, the name
leaves the search terms and the first or second person steers recall to the speaker's own
messages (recall.py).

A role's name is learned from, most certain first: a message's ``name`` field; the system
prompt ("You are Silas", "chatting with Anders", "the user is Anders", "messages from Anders
have role user"); a message that starts with its speaker's name ("Anders: ...", as
transcripts are written) names its own speaker, and a greeting that opens one ("Hey
Anders!", "Thanks, Silas") or a name addressed at a sentence's end ("glad you liked it,
Silas.") the *other* speaker; these count only when seen twice and more often than any other
name. A system prompt that names both without roles ("A chat between Anders and Silas") is
settled by the first message that addresses one of the two. Only an English name (a
capitalised word) is recognised; nothing is stored beyond what the messages and the system
prompt give again when a session is restored.
"""

from __future__ import annotations

import re
from collections import Counter

_NAME = r"([A-Z][a-zà-öø-ÿ'-]+)"
_SYSTEM = [
    (re.compile(rf"\b(?:[Yy]ou are|[Yy]our name is|[Yy]ou're) {_NAME}"), "assistant"),
    (re.compile(rf"\b(?:chatting|talking|speaking) (?:with|to) {_NAME}"), "user"),
    (re.compile(rf"\b[Tt]he user(?:'s name)? is (?:called |named )?{_NAME}"), "user"),
]
_ROLE_OF = re.compile(rf"\b[Mm]essages (?:from|by) {_NAME} (?:have|has|are|use) (?:the )?role (user|assistant)")
# the greeting in any case, then the name, capitalised, and punctuation ("oh, random, but ..." and
# "Morning! Busy day" name nobody)
_GREETING = re.compile(
    rf"^\s*(?i:hey|hi|hiya|hello|morning|good morning|evening|good evening|thanks|thank you|cheers|congrats|"
    rf"congratulations|happy birthday|welcome back|oh|aw+|omg|wow|sorry|night|goodnight),?\s+{_NAME}"
    rf"(?=\s*(?:[,.!?]|$))")
# a name addressed at the end of a sentence ("I'm really glad you found that, Beatriz."); not at
# the start, where "Ha, ..." and "Okay, ..." look the same
_VOCATIVE = re.compile(rf",\s+{_NAME}\s*[.!?]+(?:\s|$)")
_LABEL = re.compile(rf"^\s*{_NAME}:\s")
# the system prompt names both speakers without saying who is who ("A chat between Tobias and
# Beatriz"); then one greeting settles it, and a message opening with one of those two names
# ("Beatriz!! Tell me something good") counts as addressing it
_PAIR = re.compile(rf"\bbetween {_NAME} and {_NAME}\b")
_OPENING = re.compile(rf"^\s*{_NAME}(?:!+|,)\s")
NOT_NAMES = frozenset(
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August "
    "September October November December God Lord Mate Guys There Everyone All Dear Honey Babe Love Man Dude "
    "Buddy Friend Again Team Folks Sir Madam Boss Bro Sis Mum Mom Dad Darling Sweetie Pal Stranger You "
    "Note Notes Update Reminder Edit Warning Answer Question Result Error Summary Todo Tip Fyi Btw Re Subject "
    "Tldr Ps Example Step Status Total Address Phone Email Name Order Date Time Price Update Thanks".split())
OTHER = {"user": "assistant", "assistant": "user"}
PRONOUNS = {"user": ("my", "I"), "assistant": ("your", "you")}


class Speakers:
    def __init__(self) -> None:
        self._sure: dict[str, str] = {}                        # role -> name (name field, system prompt)
        self._seen: dict[str, Counter] = {"user": Counter(), "assistant": Counter()}
        self._pair: tuple[str, str] | None = None              # both speakers' names, roles unknown

    def learn_system(self, text: str) -> None:
        for pattern, role in _SYSTEM:
            match = pattern.search(text)
            if match and match.group(1) not in NOT_NAMES:
                self._sure.setdefault(role, match.group(1))
        for name, role in _ROLE_OF.findall(text):
            self._sure[role] = name
        pair = _PAIR.search(text)
        if pair and pair.group(1) != pair.group(2) and not NOT_NAMES.intersection(pair.groups()):
            self._pair = (pair.group(1), pair.group(2))

    def learn(self, role: str, content: str, name: str | None = None) -> None:
        """One stored message: its ``name``, or a greeting to the other speaker."""
        if role not in OTHER:
            return
        if name and re.fullmatch(_NAME, name):
            self._sure.setdefault(role, name)
        label = _LABEL.match(content)
        if label and label.group(1) not in NOT_NAMES:
            self._seen[role][label.group(1)] += 1
            return
        match = _GREETING.match(content) or _VOCATIVE.search(content)
        name = match and match.group(1)
        if not name and self._pair:
            opening = _OPENING.match(content)
            name = opening and opening.group(1) in self._pair and opening.group(1)
        if name and name not in NOT_NAMES:
            self._seen[OTHER[role]][name] += 1

    def name_of(self, role: str) -> str | None:
        if role in self._sure:
            return self._sure[role]
        if self._pair:
            return self._from_pair(role)
        ranked = self._seen[role].most_common(2)
        if ranked and ranked[0][1] >= 2 and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
            return ranked[0][0]
        return None

    def _from_pair(self, role: str) -> str | None:
        """The system prompt's name that the messages address as ``role`` more than as the
        other role; the other name then is the other role's."""
        def lead(r: str, name: str) -> int:
            return self._seen[r][name] - self._seen[OTHER[r]][name]
        for r, mine in ((role, 0), (OTHER[role], 1)):
            a, b = (lead(r, n) for n in self._pair)
            if a != b and max(a, b) > 0:
                best = 0 if a > b else 1
                return self._pair[best if mine == 0 else 1 - best]
        return None

    def rewrite(self, query: str) -> str:
        """``query`` with each speaker's name as the first (user) or second (assistant) person."""
        names = {role: self.name_of(role) for role in OTHER}
        if not any(names.values()) or names["user"] == names["assistant"]:
            return query
        for role, name in names.items():
            if name and name in query:
                possessive, subject = PRONOUNS[role]
                query = re.sub(rf"\b{re.escape(name)}(?:'s|’s|'|’)(?=\s|$|[?.!,])", possessive, query)
                query = re.sub(rf"\b{re.escape(name)}\b", subject, query)
        return query
