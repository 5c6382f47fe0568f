"""The watchdog: the pure policy, and real memory pressure from a real allocation."""

from __future__ import annotations

import asyncio
import gc
import time

import numpy as np
import psutil
import pytest
from hypothesis import given
from hypothesis import strategies as st

from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.board.watchdog import MiB, Sample, State, Thresholds, Watchdog, decide, read_psi, take_sample
from tests.conftest import char_counter

T = Thresholds(low_mb=100, high_mb=200, degrade_samples=3, recover_hold_s=10, min_dwell_s=20, flap_window_s=100)


def s(ts, headroom_mb, psi=None):
    return Sample(ts=ts, available=int(headroom_mb * MiB), rss=0, psi_some_avg10=psi)


def run(samples, state=None):
    state, actions = state or State(), []
    for sample in samples:
        action, state = decide(sample, T, state)
        actions.append(action)
    return actions, state


def test_degrades_after_three_low_samples_only():
    actions, state = run([s(0, 50), s(1, 50), s(2, 500), s(3, 50), s(4, 50), s(5, 50)])
    assert actions == ["none", "none", "none", "none", "none", "degrade"] and state.mode == "degraded"


def test_psi_alone_degrades():
    actions, _ = run([s(t, 1000, psi=25.0) for t in range(3)])
    assert actions[-1] == "degrade"


def test_recovery_needs_hold_and_dwell_and_backs_off_when_flapping():
    down = [s(t, 50) for t in range(3)]
    actions, state = run(down + [s(3 + t, 500) for t in range(30)])
    assert actions.count("recover") == 1 and actions.index("recover") == 22  # degraded at ts 2 + 20 s dwell
    # pressure returns soon after: the next recovery needs twice the hold
    actions, state = run([s(40 + t, 50) for t in range(3)] + [s(43 + t, 500) for t in range(40)], state)
    assert state.backoff == 2 and actions.count("recover") == 1
    assert actions.index("recover") - 3 >= 20  # held 2 x 10 s


def test_middle_band_keeps_the_mode():
    _, state = run([s(t, 50) for t in range(3)])
    actions, state = run([s(3 + t, 150) for t in range(100)], state)  # between the watermarks
    assert set(actions) == {"none"} and state.mode == "degraded"


@given(st.lists(st.tuples(st.floats(0, 1000), st.floats(0, 100)), max_size=200))
def test_transitions_alternate(readings):
    state, last = State(), None
    for i, (mb, psi) in enumerate(readings):
        action, state = decide(Sample(ts=float(i), available=int(mb * MiB), rss=0, psi_some_avg10=psi), T, state)
        if action != "none":
            assert action != last  # never degrade twice (or recover twice) in a row
            last = action


def test_real_readings():
    sample = take_sample(budget=1 << 30)
    assert sample.available > 0 and sample.rss > 0 and sample.headroom <= sample.available
    psi = read_psi()
    assert psi is None or psi >= 0


async def _until(condition, patience_s: float = 120.0) -> None:
    """Wait for ``condition``, bounded only against a hang: a loaded host samples late, not wrong."""
    deadline = time.monotonic() + patience_s
    while not condition() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)


async def test_real_allocation_degrades_then_recovers():
    """Give the process a small RSS budget, allocate past it for real, free it."""
    mems = [create_memory("summary", counter=char_counter, cooldown_s=0, max_recent_tokens=100)
            for _ in range(3)]
    budget = psutil.Process().memory_info().rss + 150 * MiB
    dog = Watchdog(Thresholds(low_mb=60, high_mb=100, degrade_samples=3, recover_hold_s=0.2, min_dwell_s=0.3),
                   budget_bytes=budget, interval_s=0.05,
                   on_degrade=[lambda: [m.pause(True) for m in mems]],
                   on_recover=[lambda: [m.pause(False) for m in mems]])
    async with dog:
        await asyncio.sleep(0.3)
        assert dog.mode == "normal"
        ballast = np.ones(200 * MiB // 8)          # 200 MiB, every page touched
        await _until(lambda: dog.mode == "degraded")   # three samples after the allocation, however slow
        assert dog.mode == "degraded" and all(m.paused for m in mems)
        for i in range(6):                          # degraded: no compression starts
            await mems[0].add(Message("user", "内容" * 40, ts=float(i)))
        await mems[0].flush()
        assert mems[0].stats.compressions == 0 and mems[0].mode == "summary:degraded-sliding"
        del ballast
        gc.collect()
        await _until(lambda: dog.mode == "normal")
        assert dog.mode == "normal" and not any(m.paused for m in mems)
    assert dog.degrades == 1 and dog.recoveries == 1
    assert dog.status()["mode"] == "normal"


async def test_every_sample_runs_the_sample_hooks_before_deciding():
    """The daemon's heap trimmer looks at each sample; a degrade still follows its samples."""
    seen: list[str] = []
    readings = iter([500, 50, 50, 50])
    dog = Watchdog(T, interval_s=0.01, on_sample=[lambda: seen.append("sample")],
                   on_degrade=[lambda: seen.append("degrade")],
                   sampler=lambda budget: s(time.monotonic(), next(readings)))
    for _ in range(4):
        await dog.step()
    assert seen == ["sample"] * 4 + ["degrade"]
