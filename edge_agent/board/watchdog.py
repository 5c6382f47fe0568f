"""The memory watchdog: sample RAM pressure, decide with a pure policy, act on the sessions.

A sample is taken every ``interval_s``: MemAvailable (psutil), the process's cgroup limit
and usage, PSI (the binding v2 cgroup's ``memory.pressure``, else ``/proc/pressure/memory``)
where the kernel has it, and the process RSS against the board's agent budget. Headroom is the smallest of the three margins.

``decide(sample, thresholds, state)`` holds the whole policy and does no I/O: degrade when
headroom stays under the low watermark (or PSI is high) for ``degrade_samples`` samples in
a row; recover when it has stayed above the high watermark for ``recover_hold_s`` and the
degraded mode has lasted ``min_dwell_s``. A degrade that follows a recovery within
``flap_window_s`` doubles the hold time (up to 8x) against flapping.

On degrade the watchdog calls its ``on_degrade`` actions (summary and hybrid sessions
switch to the sliding window, idle sessions leave RAM, the local model may be unloaded); on
recovery ``on_recover``. Every transition is logged and counted.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Literal, Optional

import psutil

from edge_agent.board.sysmem import UNLIMITED, own_cgroup
from edge_agent._compat import SLOTS

log = logging.getLogger("edge_agent.board.watchdog")
MiB = 1 << 20
PSI_PATH = Path("/proc/pressure/memory")
Action = Literal["none", "degrade", "recover"]


@dataclass(frozen=True, **SLOTS)
class Sample:
    ts: float
    available: int                 # MemAvailable, bytes
    rss: int                       # this process and its model's process (local_runner "process"), bytes
    budget: int | None = None      # the board profile's agent budget, bytes
    cgroup_limit: int | None = None
    cgroup_usage: int | None = None
    psi_some_avg10: float | None = None

    @property
    def headroom(self) -> int:
        """Bytes left before the tightest of MemAvailable, the cgroup limit, the budget."""
        margins = [self.available]
        if self.cgroup_limit is not None and self.cgroup_usage is not None and self.cgroup_limit < UNLIMITED:
            margins.append(self.cgroup_limit - self.cgroup_usage)
        if self.budget is not None:
            margins.append(self.budget - self.rss)
        return min(margins)


@dataclass(frozen=True, **SLOTS)
class Thresholds:
    low_mb: float = 128.0
    high_mb: float = 256.0
    psi_high: float = 10.0          # % of time some task stalled on memory, avg over 10 s
    degrade_samples: int = 3
    recover_hold_s: float = 30.0
    min_dwell_s: float = 60.0
    flap_window_s: float = 300.0


@dataclass(frozen=True, **SLOTS)
class State:
    mode: Literal["normal", "degraded"] = "normal"
    low_count: int = 0
    since: float = 0.0              # when the current mode began
    high_since: float | None = None
    backoff: int = 1
    last_recovery: float | None = None
    transitions: int = 0


def decide(sample: Sample, t: Thresholds, state: State) -> tuple[Action, State]:
    """The policy: what to do after ``sample``, and the state to keep. Pure."""
    pressured = sample.headroom < t.low_mb * MiB or (sample.psi_some_avg10 or 0.0) >= t.psi_high
    if state.mode == "normal":
        count = state.low_count + 1 if pressured else 0
        if count < t.degrade_samples:
            return "none", replace(state, low_count=count)
        flapping = state.last_recovery is not None and sample.ts - state.last_recovery < t.flap_window_s
        backoff = min(8, state.backoff * 2) if flapping else 1
        return "degrade", State("degraded", 0, sample.ts, None, backoff, state.last_recovery, state.transitions + 1)
    relaxed = sample.headroom > t.high_mb * MiB and (sample.psi_some_avg10 or 0.0) < t.psi_high
    if not relaxed:
        return "none", replace(state, high_since=None)
    high_since = state.high_since if state.high_since is not None else sample.ts
    held = sample.ts - high_since >= t.recover_hold_s * state.backoff
    dwelled = sample.ts - state.since >= t.min_dwell_s
    if not (held and dwelled):
        return "none", replace(state, high_since=high_since)
    return "recover", State("normal", 0, sample.ts, None, state.backoff, sample.ts, state.transitions + 1)


def read_psi(path: Path = PSI_PATH) -> float | None:
    """``some avg10`` of memory pressure, or None where the kernel has no PSI."""
    try:
        for line in path.read_text().splitlines():
            if line.startswith("some"):
                fields = dict(part.split("=") for part in line.split()[1:])
                return float(fields["avg10"])
    except (OSError, ValueError, KeyError):
        return None
    return None


def take_sample(budget: int | None = None, proc: psutil.Process | None = None,
                extra: Callable[[], int] | None = None) -> Sample:
    """Now's sample; ``extra`` adds the RSS of the agent's other processes (its model's)."""
    cg = own_cgroup()
    rss = (proc or psutil.Process()).memory_info().rss + (extra() if extra is not None else 0)
    return Sample(ts=time.monotonic(), available=psutil.virtual_memory().available, rss=rss, budget=budget,
                  cgroup_limit=cg.limit if cg else None, cgroup_usage=cg.usage if cg else None,
                  psi_some_avg10=_psi(cg))


def _psi(cg) -> float | None:
    """The PSI of the cgroup that binds (v2 ``memory.pressure``), else the whole system's."""
    if cg is not None and cg.pressure is not None and (value := read_psi(cg.pressure)) is not None:
        return value
    return read_psi()


Hook = Callable[[], Optional[Awaitable[None]]]
HISTORY_STEP_S = 10.0     # one RSS point per 10 s in ``history``: the last hour in 360 points
HISTORY_POINTS = 360
EVENTS = 50               # the last transitions kept for the board's page


@dataclass
class Watchdog:
    """Samples every ``interval_s`` and runs the hooks on transitions (an async context)."""

    thresholds: Thresholds = field(default_factory=Thresholds)
    budget_bytes: int | None = None
    interval_s: float = 1.0
    on_degrade: list[Hook] = field(default_factory=list)
    on_recover: list[Hook] = field(default_factory=list)
    on_sample: list[Callable[[], object]] = field(default_factory=list)   # after every sample (the heap's trim)
    sampler: Callable[[int | None], Sample] = take_sample

    def __post_init__(self) -> None:
        self.state = State(since=time.monotonic())
        self.last: Sample | None = None
        self.degrades = 0
        self.recoveries = 0
        self.history: deque[tuple[float, float]] = deque(maxlen=HISTORY_POINTS)   # (unix time, RSS MiB)
        self.events: deque[dict] = deque(maxlen=EVENTS)   # {"ts", "action", "headroom_mb", "rss_mb"}
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Watchdog:
        self._task = asyncio.get_running_loop().create_task(self._loop(), name="edge-agent-watchdog")
        return self

    async def __aexit__(self, *exc) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    @property
    def mode(self) -> str:
        return self.state.mode

    async def _loop(self) -> None:
        while True:
            await self.step()
            await asyncio.sleep(self.interval_s)

    async def step(self) -> Action:
        """One sample and decision (the loop calls this; tests may too)."""
        self.last = self.sampler(self.budget_bytes)
        self._record(self.last)
        for look in self.on_sample:
            look()
        action, self.state = decide(self.last, self.thresholds, self.state)
        if action != "none":
            self._count(action)
            for hook in self.on_degrade if action == "degrade" else self.on_recover:
                result = hook()
                if asyncio.iscoroutine(result):
                    await result
        return action

    def _record(self, sample: Sample) -> None:
        now = time.time()
        if not self.history or now - self.history[-1][0] >= HISTORY_STEP_S:
            self.history.append((round(now, 1), round(sample.rss / MiB, 1)))

    def _count(self, action: Action) -> None:
        s = self.last
        self.events.append({"ts": round(time.time(), 1), "action": action, "headroom_mb": round(s.headroom / MiB, 1),
                            "rss_mb": round(s.rss / MiB, 1)})
        if action == "degrade":
            self.degrades += 1
        else:
            self.recoveries += 1
        log.warning("watchdog: %s (headroom %.0f MiB, rss %.0f MiB, psi %s, hold x%d)", action,
                    s.headroom / MiB, s.rss / MiB, s.psi_some_avg10, self.state.backoff)

    def status(self) -> dict:
        return {"mode": self.state.mode, "degrades": self.degrades, "recoveries": self.recoveries,
                "backoff": self.state.backoff, "sample": asdict(self.last) if self.last else None,
                "events": list(self.events),
                "headroom_mb": self.last.headroom / MiB if self.last else None}
