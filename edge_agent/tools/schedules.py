"""Schedules: a reminder or a recurring task that starts a turn later, kept on disk.

A schedule belongs to one session of one namespace (an auth token's): at ``due_at`` the
``Scheduler`` hands it to its ``fire`` coroutine (the daemon's: a turn in that session with
the schedule's text as the user's message). One that repeats (``every_s`` > 0) moves to its
next time in the future; a one-off is deleted. The move or the delete is committed before
``fire`` runs, so a crash in the middle loses at most that one firing and never repeats it
(at most once). Schedules live in ``<state_dir>/schedules.db`` (SQLite, WAL, one worker
thread) and survive restarts: a schedule whose time passed while the daemon was down fires
once when it starts (a repeating one then moves on, without firing for every missed time).

Tools: ``schedule`` (text, ``in_s`` or ``every_s``), ``list_schedules``, ``cancel_schedule``;
each sees only its own namespace and session.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import os
import sqlite3
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from edge_agent.errors import ToolRefused
from edge_agent.tools.base import CallContext, Tool, arg, params
from edge_agent._compat import SLOTS
from edge_agent import _compat

log = logging.getLogger(__name__)
MIN_EVERY_S = 60.0
MAX_PER_SESSION = 50
MAX_DELAY_S = 10 * 365 * 86400.0


class ScheduleLimit(ValueError):
    """A session holds MAX_PER_SESSION schedules already."""
MAX_TEXT = 2000

SCHEMA = """
CREATE TABLE IF NOT EXISTS schedule (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    namespace TEXT NOT NULL,
    session_id TEXT NOT NULL,
    text TEXT NOT NULL,
    due_at REAL NOT NULL,
    every_s REAL NOT NULL DEFAULT 0,
    created_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS schedule_due ON schedule (due_at);
"""


@dataclass(frozen=True, **SLOTS)
class Schedule:
    id: int
    namespace: str
    session_id: str
    text: str
    due_at: float
    every_s: float
    created_at: float

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "session_id": self.session_id, "text": self.text, "due_at": self.due_at,
                "every_s": self.every_s, "created_at": self.created_at}


SEALED = "sealed:"     # a text column sealed by the store's at-rest mode (base64 after it)


class ScheduleStore:
    """The schedules on disk; every call runs in one worker thread. ``sealer`` (the sessions'
    at-rest protection, store/crypto.py) seals each schedule's text as message bodies are; the
    file is created 0600."""

    def __init__(self, path: Path, sealer: Any = None) -> None:
        self.path = path
        self.sealer = sealer
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="edge-agent-schedules")
        self._db: sqlite3.Connection | None = None
        self.on_change: Callable[[], None] | None = None   # the Scheduler's wake-up

    async def _run(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._pool, self._call, fn)

    def _seal(self, text: str) -> str:
        if self.sealer is None:
            return text
        return SEALED + base64.b64encode(self.sealer.seal(text)).decode()

    def _row(self, row: tuple) -> Schedule:
        text = row[3]
        if text.startswith(SEALED) and self.sealer is not None:
            text = self.sealer.open(base64.b64decode(text[len(SEALED):]))
        return Schedule(*row[:3], text, *row[4:])

    def _call(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        if self._db is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o600))
            os.chmod(self.path, 0o600)                  # a file made before this kept 0644
            db = sqlite3.connect(self.path, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.executescript(SCHEMA)
            self._db = db
        with self._db:  # one transaction per call
            return fn(self._db)

    async def add(self, namespace: str, session_id: str, text: str, due_at: float, every_s: float = 0.0,
                  now: float | None = None) -> Schedule:
        """A new schedule; ``ScheduleLimit`` when its session has MAX_PER_SESSION already (checked
        in the same transaction, whichever path adds it: the tool or the HTTP API)."""
        now = time.time() if now is None else now

        def add(db: sqlite3.Connection) -> Schedule:
            held = db.execute("SELECT COUNT(*) FROM schedule WHERE namespace = ? AND session_id = ?",
                              (namespace, session_id)).fetchone()[0]
            if held >= MAX_PER_SESSION:
                raise ScheduleLimit(f"this session has {MAX_PER_SESSION} schedules already")
            cur = db.execute("INSERT INTO schedule (namespace, session_id, text, due_at, every_s, created_at) "
                             "VALUES (?, ?, ?, ?, ?, ?)", (namespace, session_id, self._seal(text), due_at, every_s,
                                                           now))
            return Schedule(cur.lastrowid, namespace, session_id, text, due_at, every_s, now)

        added = await self._run(add)
        self._changed()
        return added

    async def list(self, namespace: str, session_id: str | None = None) -> list[Schedule]:
        sql, args = "SELECT * FROM schedule WHERE namespace = ?", [namespace]
        if session_id is not None:
            sql, args = sql + " AND session_id = ?", args + [session_id]
        rows = await self._run(lambda db: db.execute(sql + " ORDER BY due_at, id", args).fetchall())
        return [self._row(r) for r in rows]

    async def drop_session(self, namespace: str, session_id: str) -> int:
        """Delete every schedule of a session (the session itself was deleted): how many."""
        n = await self._run(lambda db: db.execute("DELETE FROM schedule WHERE namespace = ? AND session_id = ?",
                                                  (namespace, session_id)).rowcount)
        self._changed()
        return n

    async def delete(self, namespace: str, schedule_id: int, session_id: str | None = None) -> bool:
        sql, args = "DELETE FROM schedule WHERE id = ? AND namespace = ?", [schedule_id, namespace]
        if session_id is not None:
            sql, args = sql + " AND session_id = ?", args + [session_id]
        found = await self._run(lambda db: db.execute(sql, args).rowcount) > 0
        self._changed()
        return found

    async def next_due(self) -> float | None:
        row = await self._run(lambda db: db.execute("SELECT MIN(due_at) FROM schedule").fetchone())
        return row[0]

    async def take_due(self, now: float) -> list[Schedule]:
        """The schedules due at ``now``, each already moved on (repeating) or deleted (once),
        in one transaction."""
        def take(db: sqlite3.Connection) -> list[Schedule]:
            due = [self._row(r) for r in db.execute("SELECT * FROM schedule WHERE due_at <= ? ORDER BY due_at, id",
                                                    (now,)).fetchall()]
            for s in due:
                if s.every_s > 0:
                    missed = int((now - s.due_at) // s.every_s) + 1
                    db.execute("UPDATE schedule SET due_at = ? WHERE id = ?", (s.due_at + missed * s.every_s, s.id))
                else:
                    db.execute("DELETE FROM schedule WHERE id = ?", (s.id,))
            return due

        return await self._run(take)

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    async def aclose(self) -> None:
        def close() -> None:
            if self._db is not None:
                self._db.close()
                self._db = None

        await asyncio.get_running_loop().run_in_executor(self._pool, close)
        self._pool.shutdown(wait=True)


Fire = Callable[[Schedule], Awaitable[None]]


MAX_LANES = 4   # schedules' turns running at once (each tenant's one at a time, in order)


class Scheduler:
    """Fires due schedules (``start`` / ``aclose``). Each tenant (a schedule's namespace) has a
    lane: its turns run one at a time, in the order they came due; lanes run side by side, at
    most ``MAX_LANES`` turns at once, so one tenant's slow turn never delays another's
    reminder (issue 29). A turn's failure is logged and stops nothing."""

    def __init__(self, store: ScheduleStore, fire: Fire, clock: Callable[[], float] = time.time,
                 max_sleep_s: float = 60.0, max_lanes: int = MAX_LANES) -> None:
        self.store = store
        self.fire = fire
        self.clock = clock
        self.max_sleep_s = max_sleep_s
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._slots = asyncio.Semaphore(max_lanes)
        self._queues: dict[str, deque[Schedule]] = {}
        self._lanes: dict[str, asyncio.Task] = {}
        self._closing = False
        self.fired = 0
        store.on_change = self.wake

    def start(self) -> Scheduler:
        self._task = asyncio.create_task(self._run(), name="edge-agent-scheduler")
        return self

    def wake(self) -> None:
        """A schedule was added or deleted: look at the next time again."""
        self._wake.set()

    async def _run(self) -> None:
        # not `while True`: before Python 3.11 a cancel that lands as the sleep's timeout fires
        # is taken for the timeout (async-timeout cannot tell them apart), and the loop would
        # go on for ever; aclose() sets the flag first (this hung the 3.9 suite)
        while not self._closing:
            for s in await self.store.take_due(self.clock()):
                self._enqueue(s)
            nxt = await self.store.next_due()
            sleep = self.max_sleep_s if nxt is None else min(self.max_sleep_s, max(0.0, nxt - self.clock()))
            self._wake.clear()
            try:
                async with _compat.timeout(sleep):
                    await self._wake.wait()
            except TimeoutError:
                pass

    def _enqueue(self, s: Schedule) -> None:
        self._queues.setdefault(s.namespace, deque()).append(s)
        if s.namespace not in self._lanes:
            self._lanes[s.namespace] = asyncio.create_task(self._lane(s.namespace), name="edge-agent-schedule-lane")

    async def _lane(self, namespace: str) -> None:
        queue = self._queues[namespace]
        try:
            while queue:
                s = queue.popleft()
                async with self._slots:
                    try:
                        await self.fire(s)
                        self.fired += 1
                    except asyncio.CancelledError:
                        raise
                    except Exception:  # one schedule's failed turn never stops the others
                        log.exception("schedule %d of session %s failed", s.id, s.session_id)
        finally:   # no await between the last look at the queue and here: nothing is left behind
            self._lanes.pop(namespace, None)
            if not queue:
                self._queues.pop(namespace, None)

    async def aclose(self) -> None:
        self._closing = True
        self._wake.set()
        tasks = [t for t in (self._task, *self._lanes.values()) if t is not None]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks)
        self._task = None


def schedule_tools(store: ScheduleStore) -> list[Tool]:
    async def schedule(a: dict[str, Any], ctx: CallContext) -> str:
        text = arg(a, "text", "string", "schedule").strip()
        in_s = arg(a, "in_s", "number", "schedule", 0)
        every_s = arg(a, "every_s", "number", "schedule", 0)
        if not text or len(text) > MAX_TEXT:
            raise ToolRefused("schedule", f"text needs 1-{MAX_TEXT} characters")
        if in_s < 0 or every_s < 0 or (every_s and every_s < MIN_EVERY_S) or not (in_s or every_s):
            raise ToolRefused("schedule", f"give in_s > 0 (once) and/or every_s >= {MIN_EVERY_S:g} (repeating)")
        if not ctx.session_id:
            raise ToolRefused("schedule", "a schedule needs a session to start its turn in")
        if max(in_s, every_s) > MAX_DELAY_S:
            raise ToolRefused("schedule", f"in_s and every_s must be at most {MAX_DELAY_S:g} s (ten years)")
        try:
            s = await store.add(ctx.namespace, ctx.session_id, text, time.time() + (in_s or every_s), every_s)
        except ScheduleLimit as exc:
            raise ToolRefused("schedule", str(exc)) from None
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(s.due_at))
        return f"scheduled #{s.id} for {when}" + (f", then every {every_s:g} s" if every_s else "")

    async def list_schedules(a: dict[str, Any], ctx: CallContext) -> str:
        items = await store.list(ctx.namespace, ctx.session_id)
        return "\n".join(f"#{s.id} {time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(s.due_at))}"
                         f"{f' every {s.every_s:g} s' if s.every_s else ''}: {s.text}" for s in items) or "no schedules"

    async def cancel_schedule(a: dict[str, Any], ctx: CallContext) -> str:
        sid = arg(a, "id", "integer", "cancel_schedule")
        if not await store.delete(ctx.namespace, sid, ctx.session_id):
            raise ToolRefused("cancel_schedule", f"no schedule #{sid} in this session")
        return f"cancelled #{sid}"

    num = {"type": "number"}
    return [
        Tool("schedule", "Start a turn later with this text: once after in_s seconds, or every every_s seconds.",
             params({"text": {"type": "string"}, "in_s": num, "every_s": num}, ("text",)), run=schedule,
             side_effects=True),
        Tool("list_schedules", "List this conversation's schedules.", params(), run=list_schedules),
        Tool("cancel_schedule", "Cancel a schedule by its id.", params({"id": {"type": "integer"}}, ("id",)),
             run=cancel_schedule, side_effects=True),
    ]
