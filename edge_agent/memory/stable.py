"""Prefix-stable prompt layout (``low_water``): the head of the prompt only grows.

llama.cpp's KV cache and the cloud vendors' prompt caches reuse the part of a prompt that
is identical to the beginning of the previous one. In prefix-stable mode a context is

    [system][fact snapshot][summary][history ...][fact delta][recall][newest user message]

- The window's start stays where it was while the window fits its limit; when it overflows
  it jumps forward so that only ``low_water`` of the limit is used, and the next turns append.
- The limit does not move with the question: it is the budget minus the snapshot, the
  summary, the delta's cap, recall's reserved slice and the strategy's headroom, so recall
  always has its slice after the stable head. A question about the past ("When did ...",
  之前/上次) may give recall more: the window then shows fewer of its older turns for that
  one prompt (the anchor stays, so the next ordinary turn is back on the cached prefix).
- The summary is fitted to what the snapshot, the delta's cap and recall's slice leave (so
  that recall and the delta always have their room), and re-fitted only when it changes
  (a compression) or no longer fits; then to ``low_water`` of its room, like the window.
- The fact snapshot ignores the question (facts by category, newest first) and is re-rendered
  only when the head changes anyway: when the window's start or the summary changes. A fact
  learned since is stated in a message of the window, which started before it.
- The delta holds the facts the question mentions that the snapshot does not show (a newer
  value, or one the snapshot had no room for); recall is the question's. Both sit just before
  the newest user message, so between jumps everything up to them is reused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from edge_agent.memory.blocks import BlockFitter

if TYPE_CHECKING:
    from edge_agent.memory.base import BaseMemory
    from edge_agent.memory.question import Question

Block = tuple[str, str, int]   # (section, text, tokens)


class StableLayout:
    """The prefix-stable plan of one memory: window anchor, fact snapshot, block budgets."""

    def __init__(self, mem: BaseMemory) -> None:
        self.anchor: int | None = None            # ring seq where the window starts
        self._snapshot: Block = ("facts", "", 0)
        self._made_for: tuple[str, int] | None = None  # (summary, window start seq) of the snapshot
        self._fit_snapshot = BlockFitter(mem.counter, mem.overhead)
        self._fit_delta = BlockFitter(mem.counter, mem.overhead)
        self._summary_block: Block = ("summary", "", 0)
        self._summary_of: tuple | None = None           # the summary lines the block was fitted from

    def plan(self, mem: BaseMemory, q: Question, avail: int, floor: int,
             first: int) -> tuple[list[Block], list[Block], int]:
        """(blocks before the history, blocks before the newest user message, window start),
        for the question ``q`` (its plan: ``question.py``)."""
        delta_cap = _delta_cap(mem, avail)
        rem = avail - mem.ring.tokens_from(first)
        stale = self._snapshot[2] > rem    # the newest rounds have grown into its room
        summary, start = self._head(mem, avail, rem, floor, first)
        head_seq = mem.ring[0][0] if len(mem.ring) else mem.ring.next_seq
        if stale or (summary[1], head_seq + start) != self._made_for:
            self._refresh(mem, min(rem, mem._fact_cap(avail) - delta_cap))
            summary, start = self._head(mem, avail, rem, floor, first)
            self._made_for = (summary[1], head_seq + start)
        left = avail - self._snapshot[2] - summary[2] - mem.ring.tokens_from(start)
        delta = self._delta(mem, q, min(delta_cap, left))
        shown = [self._snapshot[1], summary[1], delta[1]]
        hits = mem._recall_hits(q)
        cap = mem._recall_cap(q, avail)
        room = left - delta[2]
        if cap > room and hits:   # a question about the past: recall outranks older history
            want = mem._recall_want(hits, cap, shown, first, q)
            if want > room:
                fixed = avail - self._snapshot[2] - summary[2] - delta[2]
                start = max(start, min(first, mem.ring.tail_fit(max(0, fixed - want))))
                room = fixed - mem.ring.tokens_from(start)
        recall = ("recall", *mem._recall_block(hits, min(cap, room), shown, start, q))
        return [self._snapshot, summary], [delta, recall], start

    def _head(self, mem: BaseMemory, avail: int, rem: int, floor: int, first: int) -> tuple[Block, int]:
        """The summary block and the window's start, given the current snapshot."""
        slices = _delta_cap(mem, avail) + mem._recall_reserve(avail)   # never the summary's: after the head
        summary = self._summary(mem, max(0, rem - self._snapshot[2] - slices), avail)
        reserve = self._snapshot[2] + summary[2] + slices + mem._headroom()
        return summary, min(first, self._start(mem, floor, max(0, avail - reserve)))

    def _summary(self, mem: BaseMemory, cap: int, avail: int) -> Block:
        """The summary block, re-fitted only when the summary changed or outgrew ``cap``; a
        summary that outgrew it is fitted to ``low_water`` of it, so that the cap, which
        moves with the newest messages, does not change the head every turn."""
        lines = tuple(mem._summary_lines()[1])
        if lines == self._summary_of and self._summary_block[2] <= cap:
            return self._summary_block
        fit = cap if lines != self._summary_of else int(cap * mem.low_water)
        self._summary_block, self._summary_of = ("summary", *mem._fit_summary(fit, avail)), lines
        return self._summary_block

    def _start(self, mem: BaseMemory, floor: int, limit: int) -> int:
        """The anchored start while the window fits ``limit``; else jump to ``low_water``."""
        ring = mem.ring
        head = ring[0][0] if len(ring) else ring.next_seq
        anchored = max(floor, self.anchor - head if self.anchor is not None and self.anchor >= head else 0)
        if anchored < len(ring) and ring.tokens_from(anchored) <= limit:
            return anchored
        start = max(floor, ring.tail_fit(int(limit * mem.low_water)))
        self.anchor = head + start
        return start

    def _refresh(self, mem: BaseMemory, cap: int) -> None:
        """Re-render the snapshot under ``cap``: the facts by category and recency, the question ignored."""
        if mem.facts is None:
            return
        header, lines, order = mem.facts.lines(None)
        text, tokens = self._fit_snapshot.fit(header, lines, cap=cap, order=order)
        self._snapshot = ("facts", text, tokens)

    def _delta(self, mem: BaseMemory, q: Question, cap: int) -> Block:
        """The facts the question mentions that the snapshot does not show, fitted to ``cap``."""
        if mem.facts is None or not q.text:
            return ("facts", "", 0)
        shown = frozenset(self._snapshot[1].split("\n")[1:])   # the snapshot's fact lines (made here: a session keeps no copy)
        header, lines, order = mem.facts.mentioned(q.text, exclude=shown, words=q.words)
        return ("facts", *self._fit_delta.fit(header, lines, cap=cap, order=order))


def _delta_cap(mem: BaseMemory, avail: int) -> int:
    """The delta's share of the fact cap (a quarter); the snapshot has the rest."""
    return mem._fact_cap(avail) // 4 if mem.facts is not None else 0
