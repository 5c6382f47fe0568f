"""Durable sessions in SQLite: the embedded default store.

WAL journal, a busy timeout, ``synchronous=FULL`` by default, and one dedicated writer
thread that owns the connection (every call is queued to it, so the event loop never blocks
on disk). ``append`` writes a turn's messages and the memory's exported state in one
transaction and returns only after the commit: the caller acknowledges the turn after it,
so a kill -9 at any moment loses no acknowledged turn.

Message bodies and session states are sealed at rest (``store/crypto.py``): encrypted by
default, or with personal numbers masked.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import os
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from edge_agent.errors import EdgeAgentError
from edge_agent.messages import Message
from edge_agent.store.crypto import AtRest, Sealer

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    state BLOB NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS messages (
    session_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    role TEXT NOT NULL,
    body BLOB NOT NULL,
    ts REAL NOT NULL,
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS sessions_updated ON sessions (updated_at);
"""


class StoreError(EdgeAgentError):
    """The store could not read or write (disk full, read-only, corrupt)."""


MIN_FREE_BYTES = 1 << 20   # a state dir with less free space than this refuses to start


def check_state_dir(state_dir: Path, min_free_bytes: int = MIN_FREE_BYTES) -> None:
    """Create ``state_dir`` and prove it takes a write and an fsync, with room to spare:
    a read-only or full state directory is a clear error at start, not a 503 on the first turn."""
    probe = state_dir / ".edge-agent-write-probe"
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
        with open(probe, "wb") as f:
            f.write(b"\0" * 4096)
            f.flush()
            os.fsync(f.fileno())
        free = os.statvfs(state_dir).f_bavail * os.statvfs(state_dir).f_frsize
    except OSError as exc:
        why = {errno.EROFS: "is read-only", errno.EACCES: "is not writable", errno.EPERM: "is not writable",
               errno.ENOSPC: "is full (no space left on device)",
               errno.EDQUOT: "is over its disk quota"}.get(exc.errno, f"cannot be written: {exc}")
        raise StoreError(f"the state directory {state_dir} {why}") from exc
    finally:
        with contextlib.suppress(OSError):
            probe.unlink()
    if free < min_free_bytes:
        raise StoreError(f"the state directory {state_dir} is full: {free // 1024} KiB free, "
                         f"at least {min_free_bytes // 1024} KiB needed")


class SQLiteStore:
    def __init__(self, state_dir: str | Path, *, at_rest: AtRest = "encrypt", synchronous: str = "FULL",
                 busy_timeout_ms: int = 5000) -> None:
        self.state_dir = Path(state_dir).expanduser()
        self.path = self.state_dir / "sessions.db"
        self.at_rest = at_rest
        self.synchronous = synchronous.upper()
        if self.synchronous not in ("FULL", "NORMAL", "EXTRA"):
            raise ValueError(f"synchronous must be FULL, NORMAL or EXTRA, got {synchronous!r}")
        self.busy_timeout_ms = busy_timeout_ms
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="edge-agent-sqlite")
        self._db: sqlite3.Connection | None = None
        self._sealer: Sealer | None = None

    # -- lifecycle -------------------------------------------------------------------------
    async def open(self) -> SQLiteStore:
        await self._run(self._open)
        return self

    def _open(self) -> None:
        check_state_dir(self.state_dir)
        try:
            self._sealer = Sealer(self.at_rest, self.state_dir)
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute(f"PRAGMA synchronous = {self.synchronous}")
            db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open the session store at {self.path}: {exc}") from exc
        self._db = db

    async def aclose(self) -> None:
        if self._db is not None:
            await self._run(self._db.close)
            self._db = None
        self._pool.shutdown(wait=True)

    async def _run(self, fn, *args):
        """Run ``fn`` on the writer thread; every failure leaves as a StoreError."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        except RuntimeError as exc:  # the executor was shut down
            raise StoreError(f"the session store is closed: {exc}") from exc
        except sqlite3.Error as exc:
            raise StoreError(f"session store error: {exc}") from exc

    # -- writing ---------------------------------------------------------------------------
    async def append(self, session_id: str, messages: list[tuple[int, Message]], state: dict[str, Any]) -> None:
        """Store messages ``(seq, message)`` and the session state in one committed transaction."""
        await self._run(self._append, session_id, messages, state, time.time())

    def _append(self, session_id: str, messages: list[tuple[int, Message]], state: dict, now: float) -> None:
        seal = self._sealer.seal
        rows = [(session_id, seq, m.role, seal(json.dumps(m.to_dict(), ensure_ascii=False)), m.ts)
                for seq, m in messages]
        blob = seal(json.dumps(state, ensure_ascii=False))
        try:
            with self._transaction() as db:
                db.executemany("INSERT OR REPLACE INTO messages VALUES (?, ?, ?, ?, ?)", rows)
                db.execute("INSERT INTO sessions VALUES (?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                           "state = excluded.state, updated_at = excluded.updated_at",
                           (session_id, blob, now, now))
        except sqlite3.Error as exc:
            raise StoreError(f"could not store session {session_id!r}: {exc}") from exc

    def _transaction(self):
        db = self._db
        if db is None:
            raise StoreError("the store is not open")

        class _Tx:
            def __enter__(self_inner):
                db.execute("BEGIN IMMEDIATE")
                return db

            def __exit__(self_inner, exc_type, exc, tb):
                db.execute("COMMIT" if exc_type is None else "ROLLBACK")
                return False

        return _Tx()

    async def delete(self, session_id: str) -> bool:
        return await self._run(self._delete, [session_id]) > 0

    def _delete(self, ids: list[str]) -> int:
        with self._transaction() as db:
            db.executemany("DELETE FROM messages WHERE session_id = ?", [(i,) for i in ids])
            return sum(db.execute("DELETE FROM sessions WHERE id = ?", (i,)).rowcount for i in ids)

    async def purge(self, older_than_s: float, now: float | None = None) -> int:
        """Delete sessions not updated for ``older_than_s`` seconds (the retention period)."""
        cutoff = (time.time() if now is None else now) - older_than_s
        return await self._run(self._purge, cutoff)

    def _purge(self, cutoff: float) -> int:
        ids = [r[0] for r in self._db.execute("SELECT id FROM sessions WHERE updated_at < ?", (cutoff,))]
        return self._delete(ids) if ids else 0

    # -- reading -----------------------------------------------------------------------------
    async def load(self, session_id: str) -> tuple[dict[str, Any], list[tuple[int, Message]]] | None:
        """The session's state and full message log, or None."""
        return await self._run(self._load, session_id)

    def _load(self, session_id: str):
        row = self._db.execute("SELECT state FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            return None
        opener = self._sealer.open
        log = [(seq, Message.from_dict(json.loads(opener(body)), ts=ts)) for seq, body, ts in self._db.execute(
            "SELECT seq, body, ts FROM messages WHERE session_id = ? ORDER BY seq", (session_id,))]
        return json.loads(opener(row[0])), log

    async def sessions(self, prefix: str = "") -> list[dict[str, Any]]:
        return await self._run(self._sessions, prefix)

    def _sessions(self, prefix: str) -> list[dict[str, Any]]:
        query = ("SELECT s.id, s.created_at, s.updated_at, COUNT(m.seq) FROM sessions s LEFT JOIN messages m "
                 "ON m.session_id = s.id WHERE s.id >= ? AND s.id < ? GROUP BY s.id ORDER BY s.updated_at DESC")
        hi = prefix + "\U0010ffff"
        return [{"id": i, "created_at": c, "updated_at": u, "messages": n}
                for i, c, u, n in self._db.execute(query, (prefix, hi))]

    async def integrity_check(self) -> str:
        return await self._run(lambda: self._db.execute("PRAGMA integrity_check").fetchone()[0])
