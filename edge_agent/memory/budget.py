"""Token budget allocation for a whole request (the reference articles' RAG split).

The 32K example: system 1,000; history/summary 4,000; retrieved chunks 5,000; query 100;
reply 2,000 (about 12,100 of 32,768: the articles advise using 30-50% of the window). The
chunk budget is ``total - system - reply - query - history``, at least 500 (``chunk_budget``:
how much to retrieve). ``allocate`` grants what each part asks for in priority order when
the window is short: system > reply reserve > query > the last 2-3 rounds > retrieved
chunks > older history.

A memory takes its share as ``max_tokens`` (history + system + reply) with ``reserve_tokens``
(the reply); ``Allocation.memory_config()`` gives exactly those two numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from edge_agent.errors import BudgetError, ConfigError
from edge_agent._compat import SLOTS

MIN_CHUNKS = 500


@dataclass(frozen=True, **SLOTS)
class Allocation:
    system: int
    reply: int
    query: int
    recent: int
    chunks: int
    history: int

    @property
    def total(self) -> int:
        return self.system + self.reply + self.query + self.recent + self.chunks + self.history

    def memory_config(self) -> dict[str, int]:
        """``max_tokens`` / ``reserve_tokens`` for the memory that fills system + history."""
        return {"max_tokens": self.system + self.recent + self.history + self.reply,
                "reserve_tokens": self.reply}


def chunk_budget(total: int, *, system: int, reply: int, query: int, history: int,
                 minimum: int = MIN_CHUNKS) -> int:
    """The articles' formula: what is left for retrieved chunks, at least ``minimum``."""
    return max(minimum, total - system - reply - query - history)


def allocate(total: int, *, system: int, reply: int, query: int, recent: int, chunks: int,
             history: int) -> Allocation:
    """Grant each part what it wants, in priority order, within ``total`` tokens."""
    wants = {"total": total, "system": system, "reply": reply, "query": query, "recent": recent,
             "chunks": chunks, "history": history}
    for key, value in wants.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ConfigError(f"{key} must be an int >= 0, got {value!r}", key=key)
    if system > total:
        raise BudgetError("system prompt", system, total)
    left = total - system
    granted = {}
    for part, want in (("reply", reply), ("query", query), ("recent", recent), ("chunks", chunks),
                       ("history", history)):
        granted[part] = min(want, left)
        left -= granted[part]
    return Allocation(system=system, **granted)


def rag_32k() -> Allocation:
    """The reference example: a 32K window, 2-3 recent rounds inside the 4,000 history."""
    return allocate(32_768, system=1_000, reply=2_000, query=100, recent=1_000, chunks=5_000, history=3_000)
