"""The SQLite session store: durability, at-rest protection, restore, retention."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap

import pytest

from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.store.sqlite import SQLiteStore, StoreError
from tests.conftest import char_counter

PII = "我叫王小明，手机 13812345678，身份证 110101199003074518，银行卡 6222 0200 1234 5678 901"


async def play(store, mem, sid, turns, start=0):
    for i in range(start, start + turns):
        batch = []
        for msg in (Message("user", f"第{i}轮 {PII if i == 0 else '问题'}", ts=30.0 * i),
                    Message("assistant", f"第{i}轮回答", ts=30.0 * i + 1)):
            batch.append((mem.next_seq, msg))
            await mem.add(msg)
        await mem.flush()
        await store.append(sid, batch, mem.export_state())


async def test_round_trip_restores_the_same_memory(tmp_path):
    store = await SQLiteStore(tmp_path).open()
    mem = create_memory("summary", counter=char_counter, max_recent_tokens=200, cooldown_s=0, system="s")
    await play(store, mem, "t1/s1", 30)
    state, log = await store.load("t1/s1")
    assert [seq for seq, _ in log] == list(range(60))
    back = create_memory("summary", counter=char_counter, max_recent_tokens=200, cooldown_s=0, system="s")
    back.restore(state, log)
    assert back.context(query="手机").messages == mem.context(query="手机").messages
    assert [s["id"] for s in await store.sessions("t1/")] == ["t1/s1"] and await store.sessions("t2/") == []
    assert await store.delete("t1/s1") and await store.load("t1/s1") is None
    assert await store.integrity_check() == "ok"
    await store.aclose()


@pytest.mark.parametrize("at_rest", ["encrypt", "mask"])
async def test_personal_numbers_never_reach_the_file(tmp_path, at_rest):
    store = await SQLiteStore(tmp_path, at_rest=at_rest).open()
    mem = create_memory("sliding", counter=char_counter)
    await play(store, mem, "s", 3)
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("sessions.db"))
    for secret in ("13812345678", "110101199003074518", "6222 0200 1234 5678"):
        assert secret.encode() not in raw
    if at_rest == "encrypt":
        assert "王小明".encode() not in raw and (tmp_path / "store.key").stat().st_mode & 0o077 == 0
        state, log = await store.load("s")
        assert PII in log[0][1].content  # decrypted back whole
    else:
        assert "138****5678".encode() in raw and "王小明".encode() in raw
    await store.aclose()


async def test_retention_purges_old_sessions(tmp_path):
    store = await SQLiteStore(tmp_path).open()
    mem = create_memory("sliding", counter=char_counter)
    await play(store, mem, "old", 1)
    import time
    assert await store.purge(older_than_s=7 * 86400, now=time.time()) == 0
    assert await store.purge(older_than_s=7 * 86400, now=time.time() + 8 * 86400) == 1
    assert await store.load("old") is None
    await store.aclose()


async def test_read_only_state_dir_is_a_clear_error(tmp_path):
    if os.geteuid() == 0:
        target = tmp_path / "file-not-dir"
        target.write_text("x")   # root ignores permissions: use a path that cannot be a directory
        with pytest.raises(StoreError, match="state directory .* cannot be written: .*Not a directory"):
            await SQLiteStore(target / "state").open()
    else:
        tmp_path.chmod(0o500)
        with pytest.raises(StoreError):
            await SQLiteStore(tmp_path / "state").open()


WRITER = textwrap.dedent("""
    import asyncio, sys
    from edge_agent.memory import create_memory
    from edge_agent.messages import Message
    from edge_agent.store.sqlite import SQLiteStore
    async def main(path):
        store = await SQLiteStore(path).open()
        loaded = await store.load("s")
        mem = create_memory("summary", counter=len, max_recent_tokens=120, cooldown_s=0)
        if loaded:
            mem.restore(*loaded)
        i = mem.next_seq // 2
        while True:
            batch = []
            for msg in (Message("user", f"turn {i} question", ts=30.0 * i), Message("assistant", f"turn {i} answer", ts=30.0 * i + 1)):
                batch.append((mem.next_seq, msg))
                await mem.add(msg)
            await store.append("s", batch, mem.export_state())
            print(f"ack {i}", flush=True)   # acknowledged only after the commit
            i += 1
    asyncio.run(main(sys.argv[1]))
""")


@pytest.mark.slow
async def test_kill_9_loses_no_acknowledged_turn(tmp_path):
    rnd = random.Random(5)
    acked = -1
    for trial in range(8):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path)], stdout=subprocess.PIPE, text=True)
        target = acked + 1 + rnd.randint(1, 40)
        for line in proc.stdout:
            acked = max(acked, int(line.split()[1]))
            if acked >= target:
                break
        os.kill(proc.pid, signal.SIGKILL)  # at a random moment: often mid-transaction
        proc.wait()
        proc.stdout.close()
    store = await SQLiteStore(tmp_path).open()
    state, log = await store.load("s")
    users = [m.content for _, m in log if m.role == "user"]
    assert users[: acked + 1] == [f"turn {i} question" for i in range(acked + 1)]   # all, in order, once
    assert [seq for seq, _ in log] == list(range(len(log)))
    assert await store.integrity_check() == "ok"
    mem = create_memory("summary", counter=len, max_recent_tokens=120, cooldown_s=0)
    mem.restore(state, log)   # state and messages are consistent
    assert mem.next_seq == len(log)
    await store.aclose()
