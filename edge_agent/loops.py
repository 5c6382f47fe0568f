"""A reply caught in a repetition loop: noticed while it streams, and shown once in prompts.

What small models do when they loop (seen on SmolLM2-135M, bench/replies.py): the tail of
the reply becomes periodic - one unit ("1. ", ".1", a sentence, a sentence and a blank line)
repeated exactly, until max_tokens. ``periodic_tail`` finds such a tail: the shortest period
p <= MAX_PERIOD such that the last characters equal those p before them over a run of at
least ``max(2 p, MIN_RUN)`` characters, i.e. three copies of the unit and more than MIN_RUN
characters of pure repetition. Ordinary text does not do that (a list's "1. " items differ
after the number; a Markdown table's separator row is shorter; laughter is not 64 characters
of one glyph). Runs of digits count as one symbol, so a reply that counts up ("1. 2. 3. 4."
until max_tokens) or spins on an address ("192.168.1.2.1.1.1...") is a loop too; a list of
more than about twenty bare numbers in a row would be taken for one.

``LoopGuard`` is fed the streamed text and says when to stop; the backend then finishes the
reply with finish_reason "length" (the reply was cut, as when max_tokens is reached) and
marks it ``looped``. ``collapse`` is what the next prompt shows of a looped reply: the text
up to the end of the unit's first occurrence; the stored message keeps what was sent.
"""

from __future__ import annotations

import re

MIN_RUN = 64          # characters of repetition beyond the unit's first occurrence
MAX_PERIOD = 200      # characters: a repeated paragraph longer than this is not caught
WINDOW = MIN_RUN + 3 * MAX_PERIOD
CHECK_EVERY = 8       # characters fed between checks (a check is O(MAX_PERIOD) mostly)


DIGITS = re.compile(r"\d+")


def _shape(text: str) -> tuple[str, list[int]]:
    """``text`` with each run of digits as one "0", and where each of its characters starts."""
    out: list[str] = []
    starts: list[int] = []
    at = 0
    for m in DIGITS.finditer(text):
        out.append(text[at:m.start()])
        starts.extend(range(at, m.start()))
        out.append("0")
        starts.append(m.start())
        at = m.end()
    out.append(text[at:])
    starts.extend(range(at, len(text)))
    return "".join(out), starts


def _run(text: str, p: int, limit: int) -> int:
    """How many characters at the end of ``text`` equal those ``p`` before them (<= limit)."""
    n, end = 0, len(text)
    while n < limit and text[end - 1 - n] == text[end - 1 - n - p]:
        n += 1
    return n


def periodic_tail(text: str) -> tuple[int, int] | None:
    """(start, end) of the repeated unit's first occurrence in ``text``, in ``text``'s
    characters, when ``text`` ends in a loop; else None."""
    offset = max(0, len(text) - 2 * WINDOW)            # digits shrink: shape a wider slice
    shape, starts = _shape(text[offset:])
    tail = shape[-WINDOW:]
    skipped = len(shape) - len(tail)
    for p in range(1, min(MAX_PERIOD, len(tail) // 3) + 1):
        need = max(2 * p, MIN_RUN)
        if need + p > len(tail):
            break
        run = _run(tail, p, len(tail) - p)
        if run >= need:
            first = skipped + len(tail) - run - p       # in shape's characters
            end = starts[first + p] if first + p < len(starts) else len(text) - offset
            return offset + starts[first], offset + end
    return None


def collapse(text: str) -> str:
    """``text`` with a looping tail cut after the unit's first occurrence; unchanged otherwise."""
    found = periodic_tail(text.rstrip())
    return text if found is None else text[:found[1]].rstrip()


class LoopGuard:
    """Fed a reply's deltas; ``looped`` turns True once its tail repeats (see the module)."""

    __slots__ = ("text", "looped", "_unchecked")

    def __init__(self) -> None:
        self.text = ""
        self.looped = False
        self._unchecked = 0

    def feed(self, delta: str) -> bool:
        """Add ``delta``; True when the reply should stop here."""
        self.text += delta
        self._unchecked += len(delta)
        if self._unchecked >= CHECK_EVERY and len(self.text) > MIN_RUN:
            self._unchecked = 0
            self.text = self.text[-2 * WINDOW:]
            self.looped = periodic_tail(self.text) is not None
        return self.looped
