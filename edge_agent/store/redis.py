"""Redis as the live session store for a fleet of boards (``pip install edge-agent[fleet]``).

Several boards behind one Redis share sessions: a session's message log is a Redis list
and its state a string, both sealed like the SQLite store's (encrypted with the key every
board shares through ``EDGE_AGENT_STORE_KEY``, or masked), both refreshed to ``ttl_s`` on
every write. A turn's messages and state are written in one MULTI/EXEC transaction; the
call returns after Redis answered. Same interface as ``SQLiteStore``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from edge_agent.messages import Message
from edge_agent.store.crypto import AtRest, Sealer
from edge_agent.store.sqlite import StoreError



class RedisStore:
    def __init__(self, url: str, *, state_dir: str | Path, ttl_s: float = 1800.0, at_rest: AtRest = "encrypt",
                 namespace: str = "ea") -> None:
        self.url = url
        self.namespace = namespace
        self.index = f"{namespace}:sessions"
        self.ttl_s = ttl_s
        self._sealer = Sealer(at_rest, Path(state_dir).expanduser())
        self._redis = None

    async def open(self) -> RedisStore:
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(self.url)
        try:
            await self._redis.ping()
        except Exception as exc:
            raise StoreError(f"cannot reach Redis at {self.url}: {exc}") from exc
        return self

    def _keys(self, session_id: str) -> tuple[str, str]:
        return f"{self.namespace}:s:{session_id}:log", f"{self.namespace}:s:{session_id}:state"

    async def aclose(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()
            self._redis = None

    async def append(self, session_id: str, messages: list[tuple[int, Message]], state: dict[str, Any]) -> None:
        log, st = self._keys(session_id)
        ttl = int(self.ttl_s)
        try:
            async with self._redis.pipeline(transaction=True) as tx:
                for seq, m in messages:
                    tx.rpush(log, self._sealer.seal(json.dumps({"seq": seq, "ts": m.ts, **m.to_dict()},
                                                                ensure_ascii=False)))
                tx.set(st, self._sealer.seal(json.dumps(state, ensure_ascii=False)), ex=ttl)
                tx.expire(log, ttl)
                tx.zadd(self.index, {session_id: time.time()})
                await tx.execute()
        except Exception as exc:
            raise StoreError(f"could not store session {session_id!r} in Redis: {exc}") from exc

    async def load(self, session_id: str) -> tuple[dict[str, Any], list[tuple[int, Message]]] | None:
        log, st = self._keys(session_id)
        raw_state, raw_log = await self._redis.get(st), await self._redis.lrange(log, 0, -1)
        if raw_state is None:
            return None
        entries = sorted((json.loads(self._sealer.open(b)) for b in raw_log), key=lambda e: e["seq"])
        messages = [(e.pop("seq"), Message.from_dict({k: v for k, v in e.items() if k != "ts"}, ts=e["ts"]))
                    for e in entries]
        return json.loads(self._sealer.open(raw_state)), messages

    async def sessions(self, prefix: str = "") -> list[dict[str, Any]]:
        out = []
        for sid, score in await self._redis.zrevrange(self.index, 0, -1, withscores=True):
            sid = sid.decode()
            if sid.startswith(prefix):
                if not await self._redis.exists(self._keys(sid)[1]):   # expired by its TTL
                    await self._redis.zrem(self.index, sid)
                    continue
                out.append({"id": sid, "updated_at": score, "messages": await self._redis.llen(self._keys(sid)[0])})
        return out

    async def delete(self, session_id: str) -> bool:
        removed = await self._redis.delete(*self._keys(session_id))
        await self._redis.zrem(self.index, session_id)
        return removed > 0

    async def purge(self, older_than_s: float, now: float | None = None) -> int:
        cutoff = (time.time() if now is None else now) - older_than_s
        old = [s.decode() for s in await self._redis.zrangebyscore(self.index, 0, cutoff)]
        for sid in old:
            await self.delete(sid)
        return len(old)
