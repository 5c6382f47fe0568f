"""Schedules on a real SQLite file: added by the tools, fired by the Scheduler, kept across restarts."""

from __future__ import annotations

import asyncio
import sys

import pytest

from edge_agent.errors import ToolRefused
from edge_agent.tools.base import CallContext
from edge_agent.tools.schedules import Scheduler, ScheduleStore, schedule_tools


@pytest.fixture
async def store(tmp_path):
    s = ScheduleStore(tmp_path / "schedules.db")
    yield s
    await s.aclose()


async def test_tools_add_list_cancel_in_their_own_session(store):
    tools = {t.name: t for t in schedule_tools(store)}
    mine, other = CallContext(session_id="s1", namespace="ta"), CallContext(session_id="s1", namespace="tb")
    out = await tools["schedule"].run({"text": "remind me to water the plants", "in_s": 3600}, mine)
    assert out.startswith("scheduled #1 for ")
    await tools["schedule"].run({"text": "check the disk", "every_s": 86400}, mine)
    listing = await tools["list_schedules"].run({}, mine)
    assert "water the plants" in listing and "every 86400 s: check the disk" in listing
    assert await tools["list_schedules"].run({}, other) == "no schedules"      # another token's namespace
    with pytest.raises(ToolRefused, match="no schedule #1"):
        await tools["cancel_schedule"].run({"id": 1}, other)
    assert await tools["cancel_schedule"].run({"id": 1}, mine) == "cancelled #1"
    assert [s.text for s in await store.list("ta")] == ["check the disk"]
    for bad in ({"text": "x"}, {"text": "x", "every_s": 5}, {"text": "", "in_s": 10}, {"text": "x", "in_s": -1}):
        with pytest.raises(ToolRefused):
            await tools["schedule"].run(bad, mine)
    with pytest.raises(ToolRefused, match="session"):
        await tools["schedule"].run({"text": "x", "in_s": 10}, CallContext())


async def test_due_schedules_fire_once_repeating_ones_move_on(store):
    now = [1000.0]
    fired: list[tuple[str, str]] = []
    done = asyncio.Event()

    async def fire(s):
        fired.append((s.session_id, s.text))
        if len(fired) == 3:
            done.set()

    await store.add("ns", "a", "once", due_at=1010.0, now=1000.0)
    await store.add("ns", "b", "hourly", due_at=1005.0, every_s=3600.0, now=1000.0)
    scheduler = Scheduler(store, fire, clock=lambda: now[0], max_sleep_s=0.05).start()
    try:
        await asyncio.sleep(0.2)
        assert fired == []                                    # nothing due yet on this clock
        now[0] = 1010.0
        for _ in range(200):
            if len(fired) == 2:
                break
            await asyncio.sleep(0.05)
        assert sorted(fired) == [("a", "once"), ("b", "hourly")]
        assert [(s.text, s.due_at) for s in await store.list("ns")] == [("hourly", 4605.0)]
        now[0] = 4605.0 + 3 * 3600                            # missed three times while away: fires once
        await asyncio.wait_for(done.wait(), 10)
        assert (await store.list("ns"))[0].due_at == 4605.0 + 4 * 3600
    finally:
        await scheduler.aclose()


async def test_schedules_survive_a_restart_and_a_failing_turn_does_not_stop_the_others(tmp_path):
    first = ScheduleStore(tmp_path / "schedules.db")
    await first.add("ns", "a", "boom", due_at=5.0, now=1.0)
    await first.add("ns", "b", "fine", due_at=6.0, now=1.0)
    await first.aclose()
    again = ScheduleStore(tmp_path / "schedules.db")             # a new process would open the same file
    seen, done = [], asyncio.Event()

    async def fire(s):
        seen.append(s.text)
        if s.text == "boom":
            raise RuntimeError("no backend")
        done.set()

    scheduler = Scheduler(again, fire, clock=lambda: 100.0, max_sleep_s=0.05).start()
    try:
        await asyncio.wait_for(done.wait(), 10)
        assert seen == ["boom", "fine"] and await again.list("ns") == []
    finally:
        await scheduler.aclose()
        await again.aclose()


async def test_adding_a_schedule_wakes_a_sleeping_scheduler(store):
    import time

    fired = asyncio.Event()

    async def fire(s):
        fired.set()

    scheduler = Scheduler(store, fire, max_sleep_s=3600).start()
    try:
        await asyncio.sleep(0.2)                                  # asleep for an hour: nothing is due
        await store.add("ns", "a", "now", due_at=time.time() - 1)
        await asyncio.wait_for(fired.wait(), 20)
    finally:
        await scheduler.aclose()


async def test_one_tenants_slow_turn_does_not_delay_anothers(store):
    """Tenant A's scheduled turn hangs (a stuck tool); B's reminder, due after it, still
    fires, and A's next one waits for A's first (a tenant's turns stay in order)."""
    release, order, b_fired = asyncio.Event(), [], asyncio.Event()

    async def fire(s):
        order.append(s.text)
        if s.text == "a-stuck":
            await release.wait()
        if s.text == "b-reminder":
            b_fired.set()

    await store.add("tenant-a", "tenant-a/s1", "a-stuck", due_at=10.0, now=1.0)
    await store.add("tenant-a", "tenant-a/s1", "a-next", due_at=11.0, now=1.0)
    await store.add("tenant-b", "tenant-b/s1", "b-reminder", due_at=12.0, now=1.0)
    scheduler = Scheduler(store, fire, clock=lambda: 100.0, max_sleep_s=0.05).start()
    try:
        await asyncio.wait_for(b_fired.wait(), 10)
        assert order == ["a-stuck", "b-reminder"]             # a-next waits behind a-stuck, b does not
        release.set()
        for _ in range(200):
            if scheduler.fired == 3:
                break
            await asyncio.sleep(0.05)
        assert order == ["a-stuck", "b-reminder", "a-next"] and scheduler.fired == 3
    finally:
        await scheduler.aclose()
