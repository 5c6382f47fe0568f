"""Pinned system blocks (facts, summary, recall) fitted exactly under a token cap."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from edge_agent.tokens import Counter


class BlockFitter:
    """Renders ``header`` + lines as one system message that fits ``cap`` tokens.

    Lines are taken in the order given (highest priority first) while their cached
    counts fit; the rendered text is then counted exactly once (and remembered, so an
    unchanged block costs nothing on the next turn) and trimmed if the exact count is
    over. The result keeps the lines' original relative order when ``order`` is given.
    """

    def __init__(self, counter: Counter, overhead: int) -> None:
        self.counter = counter
        self.overhead = overhead
        self._last_text = ""
        self._last_tokens = 0

    def count(self, text: str) -> int:
        if text != self._last_text:
            self._last_text = text
            self._last_tokens = self.counter(text) + self.overhead
        return self._last_tokens

    def fit(self, header: str, lines: Sequence[tuple[str, int]], cap: int,
            order: Sequence[int] | None = None,
            shown: Callable[[list[str]], list[str]] | None = None) -> tuple[str, int]:
        """``lines`` are (text, tokens) pairs by priority; ``order`` their display rank;
        ``shown`` turns the picked lines into the lines the block shows (the summary names
        each day once: a day is shown for the lines picked, never for one left out)."""
        if cap <= 0 or not lines:
            return "", 0
        base = self.counter(header) + self.overhead if header else self.overhead
        chosen: list[int] = []
        used = base
        for i, (_, n) in enumerate(lines):
            if used + n + 1 <= cap:
                chosen.append(i)
                used += n + 1
        while chosen:
            picked = sorted(chosen, key=(lambda i: order[i]) if order is not None else None)
            body = [lines[i][0] for i in picked]
            body = shown(body) if shown is not None else body
            text = "\n".join([header] + body if header else body)
            tokens = self.count(text)
            if tokens <= cap:
                return text, tokens
            chosen.pop()  # drop the lowest-priority line and count again
        return "", 0
