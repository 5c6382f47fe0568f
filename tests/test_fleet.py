"""Fleet stores against the real servers: Redis sessions shared by boards, MariaDB archive."""

from __future__ import annotations

import asyncio
import uuid

from edge_agent.agent import Agent
from edge_agent.backends import Router
from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.store.archive import MySQLArchive
from edge_agent.store.redis import RedisStore


def ns() -> str:
    return f"test-{uuid.uuid4().hex[:8]}"


async def test_two_boards_share_a_session_through_redis(redis_url, tmp_path, local):
    namespace = ns()
    board_a = await RedisStore(redis_url, state_dir=tmp_path, namespace=namespace).open()
    board_b = await RedisStore(redis_url, state_dir=tmp_path, namespace=namespace).open()
    try:
        a = Agent(Router(local=local), strategy="summary", store=board_a, max_reply_tokens=6)
        await a.turn("t/s", "我叫王小明，手机 13812345678。")
        b = Agent(Router(local=local), strategy="summary", store=board_b, max_reply_tokens=6)
        mem = await b.open("t/s")   # the other board sees the same session
        assert mem.history()[0].content == "我叫王小明，手机 13812345678。"
        assert mem.facts.values()["phone"] == "13812345678"
        await b.turn("t/s", "Name a colour.")
        state, log = await board_a.load("t/s")
        assert [m.role for _, m in log] == ["user", "assistant"] * 2 and [q for q, _ in log] == [0, 1, 2, 3]
        assert [s["id"] for s in await board_a.sessions("t/")] == ["t/s"]
        raw = b"".join(await board_a._redis.lrange(board_a._keys("t/s")[0], 0, -1))
        assert b"13812345678" not in raw  # sealed at rest
        ttl = await board_a._redis.ttl(board_a._keys("t/s")[1])
        assert 0 < ttl <= 1800
        assert await board_a.delete("t/s") and await board_a.load("t/s") is None
    finally:
        await board_a.aclose()
        await board_b.aclose()


async def test_redis_ttl_expires_sessions(redis_url, tmp_path):
    store = await RedisStore(redis_url, state_dir=tmp_path, namespace=ns(), ttl_s=1).open()
    mem = create_memory("sliding", counter=len)
    msg = Message("user", "hi")
    await mem.add(msg)
    await store.append("s", [(0, msg)], mem.export_state())
    assert await store.load("s") is not None
    await asyncio.sleep(2.2)
    assert await store.load("s") is None and await store.sessions() == []
    await store.aclose()


async def test_archive_writes_batches_to_mariadb(mysql_dsn):
    import aiomysql

    from edge_agent.store.archive import parse_dsn

    sid = f"archive-{uuid.uuid4().hex[:8]}"
    archive = await MySQLArchive(mysql_dsn, batch=7).open()
    messages = [Message("user" if i % 2 == 0 else "assistant", f"第{i}条消息", ts=1_700_000_000.0 + i)
                for i in range(20)]
    await archive.archive(sid, messages)
    await archive.drain()
    assert archive.written >= 20
    await archive.aclose()
    conn = await aiomysql.connect(**parse_dsn(mysql_dsn))
    try:
        async with conn.cursor() as cur:
            await cur.execute("SELECT role, content, token_count FROM conversation_message WHERE session_id = %s "
                              "ORDER BY id", (sid,))
            rows = await cur.fetchall()
            await cur.execute("DELETE FROM conversation_message WHERE session_id = %s", (sid,))
            await conn.commit()
    finally:
        conn.close()
    assert [r[1] for r in rows] == [m.content for m in messages] and all(r[2] > 0 for r in rows)


async def test_archive_retries_until_the_database_is_back(mysql_dsn):
    import aiomysql

    from edge_agent.store.archive import parse_dsn

    sid = f"retry-{uuid.uuid4().hex[:8]}"
    archive = await MySQLArchive(mysql_dsn, retry_s=0.1).open()
    conn = await aiomysql.connect(autocommit=True, **parse_dsn(mysql_dsn))
    try:
        async with conn.cursor() as cur:
            await cur.execute("RENAME TABLE conversation_message TO conversation_message_away")  # an outage
            await archive.archive(sid, [Message("user", "在故障期间写入的消息")])
            await asyncio.sleep(0.5)
            assert archive.failures >= 1 and archive.written == 0     # retried, kept, not dropped
            await cur.execute("RENAME TABLE conversation_message_away TO conversation_message")
            await asyncio.wait_for(archive.drain(), 10)
            await cur.execute("SELECT content FROM conversation_message WHERE session_id = %s", (sid,))
            assert await cur.fetchall() == (("在故障期间写入的消息",),)
            await cur.execute("DELETE FROM conversation_message WHERE session_id = %s", (sid,))
    finally:
        conn.close()
        await archive.aclose()


async def test_daemon_on_redis_archives_ended_sessions(redis_url, mysql_dsn, tmp_path):
    import aiohttp
    import aiomysql

    from edge_agent.config import load
    from edge_agent.daemon import Daemon
    from edge_agent.store.archive import parse_dsn
    from tests.servers import free_port

    config = load(env={}, port=free_port(), state_dir=str(tmp_path), redis_url=redis_url, archive_dsn=mysql_dsn,
                  n_threads=1, max_reply_tokens=6, strategy="sliding")
    d = Daemon(config)
    ready = asyncio.Event()
    task = asyncio.create_task(d.serve(ready))
    await asyncio.wait_for(ready.wait(), 30)
    sid = f"fleet-{uuid.uuid4().hex[:8]}"
    base = f"http://127.0.0.1:{config.port}"
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{base}/v1/chat/completions", headers={"X-Session-Id": sid},
                             json={"messages": [{"role": "user", "content": "记一下：合同号 HT-2025-0318"}]}) as r:
            assert r.status == 200
        async with http.delete(f"{base}/v1/sessions/{sid}") as r:
            assert r.status == 204
    await d.archive.drain()
    d.stop.set()
    assert await asyncio.wait_for(task, 30) == 0
    conn = await aiomysql.connect(autocommit=True, **parse_dsn(mysql_dsn))
    try:
        async with conn.cursor() as cur:
            await cur.execute("SELECT role, content FROM conversation_message WHERE session_id = %s ORDER BY id",
                              (f"local/{sid}",))
            rows = await cur.fetchall()
            await cur.execute("DELETE FROM conversation_message WHERE session_id = %s", (f"local/{sid}",))
    finally:
        conn.close()
    assert rows[0] == ("user", "记一下：合同号 HT-2025-0318") and rows[1][0] == "assistant"


async def test_fallback_servers_start_from_the_debian_packages(tmp_path):
    """What make test does on a machine where Redis or MariaDB is not running."""
    import aiomysql

    from edge_agent.store.archive import parse_dsn
    from tests.fleet import mariadb_server, redis_server

    with redis_server(force_new=True) as url:
        assert not url.endswith(":6379/0")
        store = await RedisStore(url, state_dir=tmp_path).open()
        assert await store.sessions() == []
        await store.aclose()
    with mariadb_server(force_new=True) as dsn:
        assert ":3306/" not in dsn
        conn = await aiomysql.connect(**parse_dsn(dsn))
        async with conn.cursor() as cur:
            await cur.execute("SELECT 1")
            assert await cur.fetchone() == (1,)
        conn.close()
