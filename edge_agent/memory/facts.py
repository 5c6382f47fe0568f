"""The pinned key-fact table: extracted values, superseded values kept with their turn."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field

from edge_agent._compat import SLOTS
from edge_agent.memory.answered import with_answers
from edge_agent.memory.extract import MOVE_TO_ZH
from edge_agent.memory.terms import analyze
from edge_agent.memory.timeref import note, resolve
from edge_agent.tokens import Counter

HEADER = "Key facts (verbatim from the conversation; the newest value wins):"
MENTIONED_HEADER = "Key facts the question mentions (verbatim; the newest value wins):"
# Over the block's cap, facts relevant to the query go first, then by category, then newest.
CATEGORY_RANK = {"name": 0, "phone": 1, "email": 1, "decision": 2, "address": 2, "datetime": 3, "amount": 3,
                 "ref": 4, "id_card": 4, "bank_card": 4, "product": 5, "count": 5}


@dataclass(**SLOTS)
class Fact:
    key: str
    category: str
    label: str
    value: str
    turn: int
    order: int
    history: list[tuple[str, int]] = field(default_factory=list)  # (older value, its turn)
    line: str = ""
    tokens: int = 0
    terms: tuple[str, ...] = ()   # distinct (a tuple: a frozenset of 15 terms takes 728 bytes)
    ts: float = 0.0               # when the value was said (0: unknown): "明天" is read against it

    @property
    def dated(self) -> str:
        return dated(self.value, self.ts)


def dated(value: str, ts: float) -> str:
    """``value`` with its relative date resolved against ``ts``, when it was said ("明天 (=
    2025年9月16日)"): a table read a week later must not mean the day after the read. The value
    is its own expression, so one date needs no "明天 =" (a value with two keeps them)."""
    pairs = resolve(value, ts) if ts else []
    return f"{value} (= {pairs[0][1]})" if len(pairs) == 1 else value + (note(value, ts) if pairs else "")


# a message that moves an event ("改到后天上午了", "moved to Thursday"): the extractor's move words
MOVED = re.compile(rf"{MOVE_TO_ZH}|\b(?:moved|rescheduled|changed|pushed)\s+(?:it\s+)?to\b", re.I)


class FactTable:
    """Facts by key. Never summarized away; a newer value supersedes, the old is kept."""

    def __init__(self, counter: Counter) -> None:
        self.counter = counter
        self._facts: dict[str, Fact] = {}
        self._order = 0
        self.version = 0  # bumped whenever a fact is added or changed

    def observe(self, text: str, turn: int, asked: str = "", ts: float = 0.0) -> list[Fact]:
        """Extract facts from one message of turn ``turn``; return those new or changed.
        ``asked``: the agent's message it answers (a short answer takes the label it asked
        for: answered.py); ``ts``: when it was said (a relative date is read against it)."""
        changed: list[Fact] = []
        for ex in with_answers(text, asked):
            fact = self._facts.get(ex.key)
            if fact is None and ex.replaces:
                fact = self._adopt(ex.key, ex.replaces)
            if fact is None:
                self._order += 1
                fact = Fact(ex.key, ex.category, ex.label, ex.value, turn, self._order, ts=ts)
                self._facts[ex.key] = fact
            elif fact.dated == dated(ex.value, ts):
                continue
            else:
                fact.history.append((fact.value, fact.turn))
                fact.value, fact.turn, fact.ts = ex.value, turn, ts
            self._render(fact)
            changed.append(fact)
        if MOVED.search(text):
            self._settle_moves(changed, turn)
        self.version += bool(changed)
        return changed

    def _settle_moves(self, changed: list[Fact], turn: int) -> None:
        """A day asked for earlier and kept without a key ("能改到后天吗" -> "datetime: 后天") goes
        once an event takes it ("明天的预约改到后天上午了" -> "预约: 后天上午"): one line, not two."""
        for fact in changed:
            if fact.category != "datetime" or not fact.label:
                continue
            for key, old in list(self._facts.items()):
                if old.category == "datetime" and not old.label and old.turn < turn and fact.value.startswith(old.value):
                    del self._facts[key]

    def _adopt(self, key: str, prefix: str) -> Fact | None:
        """Re-key the newest identifier under ``prefix`` so a correction supersedes it."""
        olds = [f for k, f in self._facts.items() if k.startswith(prefix)]
        if not olds:
            return None
        fact = max(olds, key=lambda f: (f.turn, f.order))
        del self._facts[fact.key]
        fact.key = key
        self._facts[key] = fact
        return fact

    def _render(self, fact: Fact) -> None:
        label = fact.label if fact.label and fact.label != "self" else fact.category
        # the current value bare: a small model copies bookkeeping such as "(turn 1)" into its
        # answer (issue 28); a superseded value keeps its turn
        line = f"- {label}: {fact.dated}"
        if fact.history:
            old, old_turn = fact.history[-1]
            line += f" (earlier {old}, turn {old_turn})"
        fact.line = line
        fact.tokens = self.counter(fact.line)
        fact.terms = tuple(dict.fromkeys(map(sys.intern, analyze(fact.line))))   # interned: facts share them

    def __len__(self) -> int:
        return len(self._facts)

    def __iter__(self):
        return iter(sorted(self._facts.values(), key=lambda f: f.order))

    def get(self, key: str) -> Fact | None:
        return self._facts.get(key)

    def values(self) -> dict[str, str]:
        """Current value of every key."""
        return {k: f.value for k, f in self._facts.items()}

    def export(self) -> list[dict]:
        """The table as plain data (for the session store)."""
        return [{"key": f.key, "category": f.category, "label": f.label, "value": f.value, "turn": f.turn,
                 "order": f.order, "history": [list(h) for h in f.history], "ts": f.ts} for f in self]

    def restore(self, items: list[dict]) -> None:
        self._facts.clear()
        for item in items:
            fact = Fact(item["key"], item["category"], item["label"], item["value"], item["turn"], item["order"],
                        [(v, t) for v, t in item["history"]], ts=float(item.get("ts") or 0.0))
            self._render(fact)
            self._facts[fact.key] = fact
        self._order = max((f.order for f in self._facts.values()), default=0)
        self.version += 1

    def relevant(self, query: str | None) -> set[str]:
        """Lines of the facts a query mentions (shares a term with)."""
        terms = set(analyze(query)) if query else set()
        return {f.line for f in self._facts.values() if not terms.isdisjoint(f.terms)}

    def all_values(self) -> set[str]:
        """Current and superseded values: everything the table keeps."""
        return {v for f in self._facts.values() for v in [f.value, *(old for old, _ in f.history)]}

    def lines(self, query: str | None, words: frozenset[str] | None = None
              ) -> tuple[str, list[tuple[str, int]], list[int]]:
        """Header, (line, tokens) by priority and display order, for BlockFitter.fit; the facts
        the query mentions first (``words``: its words and bigrams, when already analysed)."""
        facts = list(self._facts.values())
        terms = words if words is not None else set(analyze(query)) if query else set()

        def priority(f: Fact) -> tuple[int, int, int]:
            return (0 if not terms.isdisjoint(f.terms) else 1, CATEGORY_RANK.get(f.category, 6), -f.turn)

        facts.sort(key=priority)
        return HEADER, [(f.line, f.tokens) for f in facts], [f.order for f in facts]

    def mentioned(self, query: str, exclude: frozenset[str] = frozenset(), words: frozenset[str] | None = None
                  ) -> tuple[str, list[tuple[str, int]], list[int]]:
        """Like ``lines``, but only the facts ``query`` mentions whose line is not in ``exclude``
        and whose value the query does not state itself (it is in the prompt already)."""
        terms = words if words is not None else set(analyze(query))
        facts = [f for f in self._facts.values() if not terms.isdisjoint(f.terms) and f.line not in exclude and f.value not in query]
        facts.sort(key=lambda f: (CATEGORY_RANK.get(f.category, 6), -f.turn))
        return MENTIONED_HEADER, [(f.line, f.tokens) for f in facts], [f.order for f in facts]
