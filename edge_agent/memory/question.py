"""What a question asks, worked out once per ``context(query)``: the plan recall and the layout read.

``Question.of(query, rewrite)`` decides, in one pass over the text:

- its kind: ``PAST`` (it looks back, "When did ...?", "我之前说的地址是？", or asks for a value the
  conversation holds, "What is X's favourite food?", "预算是多少？"), ``ASKS`` (another question:
  how-to, yes/no), ``STATES`` (it asks nothing: "好的，就按这个流程走") or ``NONE`` (no query).
  The layout sizes recall's share by it (``BaseMemory._recall_cap``);
- what recall searches: the text with the speakers' names made "I" / "you" (``rewrite``), its
  content terms and the concepts and value classes they point to, as weighted term ids; its
  content CJK characters (the widened search, when the index holds none of the terms);
  whether it asks about the present ("now", 现在) and which speaker "my" / "your" names;
- the words fact priority matches on.

Before, each of these was decided where it was used, and recall's search, the layout and the
fact table each analysed the question again (per-call caches covered the repeats).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from edge_agent.memory import lexicon
from edge_agent.memory.postings import term_id
from edge_agent.memory.terms import analyze, simplified, terms

NONE, STATES, ASKS, PAST = "none", "states", "asks", "past"

_PAST = re.compile(
    r"\b(?:did|was|were|had|used to|ago|earlier|before|previously|last (?:time|week|month|year|summer|winter)|"
    r"remember|recall|mention(?:ed)?|told|said|first time|originally|back then|at the time|how long)\b|"
    r"之前|以前|先前|上次|上回|当时|当初|最早|一开始|起初|原来|原先|还记得|记得|说过|提到|提过|讲过|问过|聊过|"
    r"什么时候|哪天|哪一天|那次|那天|多久", re.I)
# a wh-question, its wh-word anywhere ("Remind me, what is ...?", "In which month ...?")
_QUESTION = re.compile(r"\b(?:what|what's|which|who|who's|whom|whose|where|when|why|how)\b[^?]*\?\s*$", re.I)
# a Chinese question for a value the conversation holds ("预算是多少？", "对接人是谁？", "第二个联系
# 号码是？"); not a yes/no or how question ("还有什么需要我们准备的吗？", "你们一般是怎么安排的？")
_ZH_VALUE = re.compile(r"(?:多少|什么|哪|谁|几|是)[^吗呢？?]{0,6}[？?]\s*$")
_ZH_NOT_VALUE = re.compile(r"吗|呢|有没有|能不能|可不可以|是否|怎么|怎样|如何|为什么|需不需要")
_ASKS = re.compile(r"[?？]|\b(?:what|which|who|whose|where|when|why|how|do|does|did|is|are|can|could|would|will)\b.*"
                   r"|吗|什么|哪|多少|几[个位台天号点]|怎么|如何|是否|有没有|能不能|可不可以|呢", re.I)
_CURRENT = re.compile(r"\b(?:now|current|currently|these days|at the moment|latest|newest|new|anymore|most recent|"
                      r"recently|these days|today)\b|现在|目前|最新|如今|当前|后来|最终|最后", re.I)
_FIRST_PERSON = re.compile(r"\b(?:I|my|me|mine|I'm|I've)\b")
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|you're|you've)\b", re.I)
# characters too common to carry a widened search: particles, pronouns, question words
WIDEN_STOP = frozenset("的了吗呢吧啊呀哦嗯么是什我你您他她它们这那哪个有在和就都也要会能想说好多少几谁怎样请问一不")


def is_question(query: str | None) -> bool:
    """Whether a message asks something (a question mark, a question word): a statement
    ("好的，就按这个流程走", "Sounds good") needs less recall."""
    return bool(query) and bool(_ASKS.search(simplified(query)))


def asks_about_past(query: str | None) -> bool:
    """Whether a question looks back ("When did ...?", "我之前说的地址是？"), or asks what the
    conversation holds ("What is X's favourite food?"): recall may then take more of the
    budget than its reserved slice."""
    plain = simplified(query) if query else ""
    return bool(plain) and bool(_PAST.search(plain) or _QUESTION.search(plain) or asks_value_zh(plain))


def asks_value_zh(query: str) -> bool:
    """A Chinese question for a stored value (an amount, a name, a date, "X是？")."""
    plain = simplified(query)
    return bool(_ZH_VALUE.search(plain)) and not _ZH_NOT_VALUE.search(plain)


def kind_of(query: str | None) -> str:
    if not query:
        return NONE
    if asks_about_past(query):
        return PAST
    return ASKS if is_question(query) else STATES


def _kinds(words: list[str], searched: str) -> list[tuple[int, float]]:
    """The thing terms a question asks for, weighted: a kind it names ("genre") at KIND_WEIGHT,
    a place for "where" at WHERE_WEIGHT."""
    kinds = lexicon.kinds_asked(words)
    out = [(term_id(t), lexicon.KIND_WEIGHT) for t in kinds]
    place = lexicon.thing("place")
    if place not in kinds and lexicon.asks_where(searched):
        out.append((term_id(place), lexicon.WHERE_WEIGHT))
    return out


@dataclass(frozen=True)
class Question:
    text: str                              # as asked ("" for no query)
    kind: str                              # PAST, ASKS, STATES or NONE
    searched: str                          # what recall searches: the speakers' names as I / you
    terms: tuple[tuple[int, float], ...]   # recall's (term id, weight): words, then concepts and value classes
    chars: tuple[str, ...]                 # content CJK characters, for the widened search
    current: bool                          # it asks about the present: newer messages count more
    person: str                            # "user" ("my"), "assistant" ("your") or "": the speaker it names
    words: frozenset[str]                  # every word and bigram: what fact priority matches

    @classmethod
    def of(cls, query: str | None, rewrite: Callable[[str], str] | None = None) -> Question:
        text = query or ""
        searched = rewrite(text) if rewrite is not None and text else text
        words = list(dict.fromkeys(terms(searched)))
        concepts = lexicon.concepts(words, question=True) + lexicon.value_classes(searched, question=True)
        first, second = bool(_FIRST_PERSON.search(searched)), bool(_SECOND_PERSON.search(searched))
        return cls(text=text, kind=kind_of(text), searched=searched,
                   terms=tuple([(term_id(t), 1.0) for t in words] + [(term_id(t), lexicon.WEIGHT) for t in concepts]
                               + _kinds(words, searched)),
                   chars=tuple(c for c in dict.fromkeys(searched) if "\u3400" <= c <= "\u9fff" and c not in WIDEN_STOP),
                   current=bool(_CURRENT.search(searched)),
                   person="" if first == second else ("user" if first else "assistant"),
                   words=frozenset(analyze(text)) if text else frozenset())
