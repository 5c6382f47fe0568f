"""The MySQL/MariaDB archive of ended and expired sessions (``pip install edge-agent[fleet]``).

Table ``conversation_message`` (id, session_id, role, content, token_count, created_at),
indexed by session_id, for audit and analysis. ``archive()`` only queues; a background task
writes the queue in batches with ``executemany`` and retries a failed batch with backoff,
keeping it queued (nothing is dropped while the database is away; the queue is bounded and
``archive`` waits when it is full).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
from urllib.parse import unquote, urlparse

from edge_agent.messages import Message
from edge_agent.tokens import Counter, default_counter

log = logging.getLogger("edge_agent.archive")

DDL = """
CREATE TABLE conversation_message (
    id BIGINT AUTO_INCREMENT PRIMARY KEY,
    session_id VARCHAR(200) NOT NULL,
    role VARCHAR(16) NOT NULL,
    content MEDIUMTEXT NOT NULL,
    token_count INT NOT NULL,
    created_at DATETIME(6) NOT NULL,
    INDEX idx_session (session_id)
) CHARACTER SET utf8mb4
"""
INSERT = ("INSERT INTO conversation_message (session_id, role, content, token_count, created_at) "
          "VALUES (%s, %s, %s, %s, %s)")


def parse_dsn(dsn: str) -> dict:
    """mysql://user:password@host:port/database"""
    u = urlparse(dsn)
    if u.scheme not in ("mysql", "mariadb"):
        raise ValueError(f"archive DSN must start with mysql://, got {dsn!r}")
    return {"host": u.hostname or "127.0.0.1", "port": u.port or 3306, "user": unquote(u.username or "root"),
            "password": unquote(u.password or ""), "db": (u.path or "/").lstrip("/") or "test", "charset": "utf8mb4"}


class MySQLArchive:
    def __init__(self, dsn: str, *, batch: int = 200, max_queued: int = 100_000, retry_s: float = 1.0,
                 counter: Counter | None = None) -> None:
        self.params = parse_dsn(dsn)
        self.batch = batch
        self.retry_s = retry_s
        self.counter = counter or default_counter()
        self._queue: asyncio.Queue[tuple] = asyncio.Queue(maxsize=max_queued)
        self._pool = None
        self._task: asyncio.Task | None = None
        self.written = 0
        self.failures = 0

    async def open(self) -> MySQLArchive:
        import aiomysql

        self._pool = await aiomysql.create_pool(minsize=1, maxsize=2, autocommit=True, **self.params)
        async with self._pool.acquire() as conn, conn.cursor() as cur:
            await cur.execute("SHOW TABLES LIKE 'conversation_message'")  # (IF NOT EXISTS would warn)
            if not await cur.fetchall():
                await cur.execute(DDL)
        self._task = asyncio.get_running_loop().create_task(self._writer(), name="edge-agent-archive")
        return self

    async def archive(self, session_id: str, messages: list[Message]) -> None:
        """Queue a session's messages for the archive (returns before they are written)."""
        for m in messages:
            created = dt.datetime.fromtimestamp(m.ts, dt.timezone.utc).replace(tzinfo=None)
            await self._queue.put((session_id, m.role, m.content, self.counter(m.content), created))

    async def drain(self) -> None:
        """Wait until everything queued is written."""
        await self._queue.join()

    async def _writer(self) -> None:
        while True:
            rows = [await self._queue.get()]
            while len(rows) < self.batch and not self._queue.empty():
                rows.append(self._queue.get_nowait())
            delay = self.retry_s
            while True:
                try:
                    async with self._pool.acquire() as conn, conn.cursor() as cur:
                        await cur.executemany(INSERT, rows)
                    break
                except Exception as exc:  # the database is away: keep the batch, retry with backoff
                    self.failures += 1
                    log.warning("archive batch of %d failed (%s); retrying in %.1f s", len(rows), exc, delay)
                    await asyncio.sleep(delay)
                    delay = min(60.0, delay * 2)
            self.written += len(rows)
            for _ in rows:
                self._queue.task_done()

    async def aclose(self) -> None:
        if self._task is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.drain(), 10)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._pool is not None:
            self._pool.close()
            await self._pool.wait_closed()
