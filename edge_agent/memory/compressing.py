"""Summary and hybrid memory: compress old turns in the background, transactionally.

One compression at a time per session, started by ``add`` when the strategy's threshold is
crossed and the cooldown (measured on the messages' ``ts``, not the wall clock) has passed.
It runs as a named background task, so the reply never waits for it; ``flush()`` awaits
it. The compression works on a snapshot of the oldest groups: messages that arrive while
it runs are kept. Only when the summarizer succeeded are the summarized groups removed
(to the recall archive); on failure nothing is lost and the prompt is the sliding window
over the full ring, with the previous summary and the facts still pinned.
"""

from __future__ import annotations

import abc
import asyncio
import logging

from edge_agent.errors import CompressionError
from edge_agent.memory.base import BaseMemory, check_int
from edge_agent.messages import Message
from edge_agent.summarize import ExtractiveSummarizer, Summarizer, by_day, shown_tokens
from edge_agent import _compat

log = logging.getLogger("edge_agent.memory")
SUMMARY_HEADER = "Summary of the earlier conversation (facts extracted verbatim):"


def _seconds(name: str, value: object, minimum: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < minimum:
        raise TypeError(f"{name} must be a number >= {minimum:g}, got {value!r}")
    return float(value)


class CompressingMemory(BaseMemory, abc.ABC):
    """Shared machinery of summary and hybrid memory."""

    default_facts = True
    default_recall = True

    def __init__(self, *, summarizer: Summarizer | None = None, summary_token_limit: int = 600,
                 cooldown_s: float = 20.0, summary_timeout_s: float = 120.0, **config) -> None:
        self.summary_token_limit = check_int("summary_token_limit", summary_token_limit, 1)
        self.cooldown_s = _seconds("cooldown_s", cooldown_s, 0.0)
        self.summary_timeout_s = _seconds("summary_timeout_s", summary_timeout_s, 1e-3)
        self.summarizer: Summarizer = summarizer or ExtractiveSummarizer()
        if not callable(getattr(self.summarizer, "summarize", None)):
            raise TypeError("summarizer must have an async summarize(previous, messages, ...) method")
        super().__init__(**config)
        self._summary_cache: list[tuple[str, int]] = []
        self._summary_shown: list[tuple[str, int]] = []
        self._task: asyncio.Task[None] | None = None
        self._last_trigger_ts: float | None = None
        self.paused = False       # set by the watchdog: no new compressions
        self.failing = False      # the last compression failed; prompt = sliding window
        self._failures_in_row = 0

    # -- public --------------------------------------------------------------------------
    async def flush(self) -> None:
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)
        await super().flush()

    @property
    def summary(self) -> list[str]:
        """The current summary's fact lines."""
        return [line for line, _ in self._summary_cache]

    @property
    def compressing(self) -> bool:
        return self._task is not None and not self._task.done()

    @property
    def mode(self) -> str:
        if self.paused:
            return f"{self.name}:degraded-sliding"
        return f"{self.name}:fallback-sliding" if self.failing else self.name

    def pause(self, paused: bool = True) -> None:
        """Watchdog: stop (or resume) starting compressions; summary and facts stay pinned."""
        self.paused = paused

    # -- hooks -----------------------------------------------------------------------------
    @abc.abstractmethod
    def _threshold_crossed(self) -> bool:
        """Whether the history now held calls for a compression."""

    @abc.abstractmethod
    def _compress_cut(self) -> int:
        """Ring index where the verbatim part begins; records before it get summarized."""

    def _after_add(self, msg: Message) -> None:
        # not on a user's message: its reply is being generated, and a summarizer on the same
        # local model would make it wait; the compression starts once the reply is in
        if msg.role == "user" or self.paused or self.compressing or not self._threshold_crossed():
            return
        if self._last_trigger_ts is not None and msg.ts - self._last_trigger_ts < self._cooldown():
            return
        cut = self._compress_cut()
        if cut <= 0:
            return
        self._last_trigger_ts = msg.ts
        snapshot = [self._decode(self.ring[i]) for i in range(cut)]
        end_seq = self.ring[cut][0] if cut < len(self.ring) else self.ring.next_seq
        log.info("compression started: %d messages up to seq %d", len(snapshot), end_seq)
        self._task = asyncio.get_running_loop().create_task(
            self._compress(snapshot, end_seq), name=f"edge-agent-compress-{self.name}-{id(self):x}")

    async def _compress(self, snapshot: list[Message], end_seq: int) -> None:
        try:
            pinned = self.facts.all_values() if self.facts is not None else set()
            async with _compat.timeout(self.summary_timeout_s):  # a hung summarizer is a failure
                lines = await self.summarizer.summarize(self.summary, snapshot, pinned=pinned,
                                                        max_tokens=self.summary_token_limit, counter=self.counter)
            cache = self._validate(lines)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # any summarizer failure: keep everything, fall back
            self.failing = True
            self._failures_in_row += 1
            self.stats.compression_failures += 1
            why = f"no answer within {self.summary_timeout_s:g} s" if isinstance(exc, TimeoutError) else exc
            self.stats.last_compression_error = f"{type(exc).__name__}: {why}"
            log.warning("compression failed (%s); history kept, prompt falls back to the sliding window",
                        self.stats.last_compression_error)
            return
        self._commit(cache, end_seq)

    def _cooldown(self) -> float:
        """The cooldown, doubled for each consecutive failure (up to 64x): a failing
        summarizer is not called again every turn."""
        return self.cooldown_s * (2 ** min(self._failures_in_row, 6)) if self.cooldown_s else 0.0

    def _validate(self, lines: object) -> list[tuple[str, int]]:
        if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
            raise CompressionError(f"summarizer returned {type(lines).__name__}, not a list of str")
        cache, used = [], 0
        for line in (x.strip() for x in lines):
            if not line:
                continue
            n = self.counter(line) + 1
            if used + n > self.summary_token_limit:
                break  # hard cap: cut at the cap
            cache.append((line, n))
            used += n
        return cache

    def _commit(self, cache: list[tuple[str, int]], end_seq: int) -> None:
        while len(self.ring) and self.ring[0][0] < end_seq:
            self._pop_group()
        self._set_summary(cache)
        self.failing = False
        self._failures_in_row = 0
        self.stats.compressions += 1
        self.stats.summarizer_llm_calls = getattr(self.summarizer, "llm_calls", 0)
        log.info("compression committed: %d summary lines, verbatim from seq %d", len(cache), end_seq)

    def _set_summary(self, cache: list[tuple[str, int]]) -> None:
        self._summary_cache = cache
        lines = [line for line, _ in cache]
        self._summary_shown = list(zip(lines, shown_tokens(lines, self.counter)))

    def _summary_lines(self) -> tuple[str, list[tuple[str, int]]]:
        """The summary's lines, each with its tokens as the prompt shows it (``by_day``)."""
        return SUMMARY_HEADER, self._summary_shown

    @staticmethod
    def _summary_shown_as(lines: list[str]) -> list[str]:
        return by_day(lines)

    def _export_extra(self) -> dict:
        return {"summary": self.summary, "failing": self.failing, "paused": self.paused,
                "last_trigger_ts": self._last_trigger_ts, "failures_in_row": self._failures_in_row}

    def _restore_extra(self, state: dict) -> None:
        self._set_summary([(line, self.counter(line) + 1) for line in state.get("summary") or []])
        self.failing = bool(state.get("failing"))
        self.paused = bool(state.get("paused"))
        self._last_trigger_ts = state.get("last_trigger_ts")
        self._failures_in_row = int(state.get("failures_in_row") or 0)

    def _trim(self) -> None:
        # compression empties the ring; this only bounds it while compressions fail or pause
        keep = 4 * self.budget
        while self.ring.n_groups > 1 and self.ring.total_tokens > keep:
            self._pop_group()

    def _first_group_from(self, index: int) -> int:
        """Index of the first group start at or after ``index`` (len(ring) if none)."""
        ring = self.ring
        lo, hi = 0, ring.n_groups
        while lo < hi:
            mid = (lo + hi) // 2
            if ring.group_index(mid) < index:
                lo = mid + 1
            else:
                hi = mid
        return ring.group_index(lo) if lo < ring.n_groups else len(ring)

    def _last_group_upto(self, index: int) -> int:
        """Index of the last group start at or before ``index`` (0 if none)."""
        ring = self.ring
        lo, hi = 0, ring.n_groups
        while lo < hi:
            mid = (lo + hi) // 2
            if ring.group_index(mid) <= index:
                lo = mid + 1
            else:
                hi = mid
        return ring.group_index(lo - 1) if lo > 0 else 0


class SummaryMemory(CompressingMemory):
    """Recursive summary + recent messages (reference: 1600 / 600, keep 2, 20 s cooldown)."""

    name = "summary"

    def __init__(self, *, max_recent_tokens: int = 1600, keep_last: int = 2, **config) -> None:
        self.max_recent_tokens = check_int("max_recent_tokens", max_recent_tokens, 1)
        self.keep_last = check_int("keep_last", keep_last, 1)
        super().__init__(**config)

    def _threshold_crossed(self) -> bool:
        """Past max_recent_tokens, or past half of what the window can show (small budgets):
        at 4096/800 the reference's 1600 applies unchanged."""
        limit = min(self.max_recent_tokens, max(1, (self.budget - self._system_tokens) // 2))
        return self.ring.total_tokens > limit

    def _compress_cut(self) -> int:
        return self._last_group_upto(len(self.ring) - self.keep_last)


class HybridMemory(CompressingMemory):
    """Message-count policy (reference): < 20 keep all; 20-40 slide to the last 20; > 40
    compress the middle, then slide. ``form="rounds"``: summary + the last ``recent_rounds``
    rounds, compressing when twice that many rounds are held."""

    name = "hybrid"

    def __init__(self, *, keep_all_below: int = 20, window_messages: int = 20, compress_above: int = 40,
                 form: str = "messages", recent_rounds: int = 4, **config) -> None:
        if form not in ("messages", "rounds"):
            raise TypeError(f"form must be 'messages' or 'rounds', got {form!r}")
        self.form = form
        self.keep_all_below = check_int("keep_all_below", keep_all_below, 1)
        self.window_messages = check_int("window_messages", window_messages, 1)
        self.compress_above = check_int("compress_above", compress_above, 1)
        self.recent_rounds = check_int("recent_rounds", recent_rounds, 1)
        self._floor_anchor: int | None = None
        super().__init__(**config)

    def _window_floor(self) -> int:
        ring = self.ring
        if self.form == "rounds":
            return ring.group_index(-self.recent_rounds) if ring.n_groups > self.recent_rounds else 0
        if len(ring) < self.keep_all_below:
            return 0
        if self.low_water is None:
            return self._floor_from(len(ring) - self.window_messages)
        head = ring[0][0]  # prefix-stable: the floor stays until the window passes its size
        floor = self._floor_anchor - head if self._floor_anchor is not None and self._floor_anchor >= head else 0
        if len(ring) - floor > self.window_messages:
            floor = self._floor_from(len(ring) - int(self.window_messages * self.low_water))
            self._floor_anchor = head + floor
        return floor

    def _floor_from(self, index: int) -> int:
        """The first group start at or after ``index``, but never past the newest group's
        start: a turn longer than the window (tool calls) is still shown."""
        ring = self.ring
        return min(self._first_group_from(index), ring.group_index(-1) if ring.n_groups else len(ring))

    def _threshold_crossed(self) -> bool:
        if self.form == "rounds":
            return self.ring.n_groups > 2 * self.recent_rounds
        return len(self.ring) > self.compress_above

    def _compress_cut(self) -> int:
        return self._window_floor()
