"""Crash safety of the daemon process: a client streams turns in while the daemon is killed
with SIGKILL at random moments, in the middle of a compression (an LLM summary on the local
model) and in the middle of a streamed reply. After every kill: SQLite's integrity check is
ok, the message log is contiguous, every turn the client saw acknowledged is there in order
exactly once with the reply the client saw, the stored state (summary, fact table) agrees
with the messages and restores, and the daemon starts again on the same state directory."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from edge_agent.memory import create_memory
from edge_agent.store.sqlite import SQLiteStore
from tests.servers import free_port

TRIALS = 24
PATIENCE_S = 900   # every wait is for an event, bounded only against a hang: a loaded host is slow, not wrong
KINDS = ("compression", "stream", "random")
SESSION = "crash"
ENV = {"EDGE_AGENT_STRATEGY": "summary", "EDGE_AGENT_SUMMARIZER": "llm", "EDGE_AGENT_COMPRESS_COOLDOWN_S": "0",
       "EDGE_AGENT_SUMMARY_TOKENS": "40",
       "EDGE_AGENT_MAX_TOKENS": "384", "EDGE_AGENT_RESERVE_TOKENS": "24", "EDGE_AGENT_MAX_REPLY_TOKENS": "12",
       "EDGE_AGENT_N_THREADS": "1", "EDGE_AGENT_N_CTX": "1024"}


class Served:
    def __init__(self, state, log_path, *args: str) -> None:
        self.port = free_port()
        self.log_path = log_path
        with open(log_path, "wb") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "edge_agent.cli", "serve", "--state-dir", str(state),
                                          "--port", str(self.port), *args], stdout=log, stderr=subprocess.STDOUT,
                                         env={**os.environ, **ENV})
        self.base = f"http://127.0.0.1:{self.port}"

    async def ready(self) -> None:
        deadline = time.monotonic() + PATIENCE_S
        async with aiohttp.ClientSession() as http:
            while True:
                assert self.proc.poll() is None, self.log_path.read_text()[-3000:]
                try:
                    async with http.get(f"{self.base}/healthz") as resp:
                        if resp.status == 200:
                            return
                except aiohttp.ClientError:
                    assert time.monotonic() < deadline, "the daemon did not start"
                await asyncio.sleep(0.1)

    def compressing(self) -> bool:
        text = self.log_path.read_text(errors="replace")
        return text.count("compression started") > text.count("compression committed")

    def committed(self) -> bool:
        return "compression committed" in self.log_path.read_text(errors="replace")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()


async def one_turn(http, base, text, stream, first_delta: asyncio.Event) -> str | None:
    """The reply if the daemon acknowledged the turn, else None."""
    body = {"messages": [{"role": "user", "content": text}], "stream": stream}
    async with http.post(f"{base}/v1/chat/completions", json=body, headers={"X-Session-Id": SESSION}) as resp:
        if resp.status != 200:
            return None
        if not stream:
            return (await resp.json())["choices"][0]["message"]["content"]
        seen, finished = [], False
        async for raw in resp.content:
            line = raw.decode().strip()
            if not line.startswith("data:") or line == "data: [DONE]":
                continue
            for choice in json.loads(line[5:]).get("choices", []):
                if choice["delta"].get("content"):
                    seen.append(choice["delta"]["content"])
                    first_delta.set()
                finished |= choice.get("finish_reason") in ("stop", "length")  # "length": cut at max_tokens
        return "".join(seen) if finished else None


async def client(base, trial, acked, first_delta, stream_only) -> None:
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=PATIENCE_S)) as http:
        for k in range(1000):
            text = f"trial {trial} turn {k}: 我叫王小明，订单 #{20250000 + trial * 100 + k}，电话 1381234{trial:02d}{k:02d}。"
            try:
                reply = await one_turn(http, base, text, stream_only or k % 2 == 1, first_delta)
            except (aiohttp.ClientError, asyncio.TimeoutError):
                return  # the daemon is gone
            if reply is not None:
                acked.append((text, reply))


async def wait_for(condition, task: asyncio.Task, deadline: float) -> bool:
    while not condition():
        if task.done() or time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.01)
    return True


async def run_trial(served: Served, trial: int, kind: str, acked: list, need_commit: bool) -> bool:
    """Drive turns until the kill; whether the kill landed where ``kind`` asked. Each trial
    first waits for one acknowledged turn of its own, and a compression trial with
    ``need_commit`` for a committed compression, so that how much gets through does not
    depend on the machine's speed; then it waits for its moment: a moment at random, a
    stream's first delta (in a later reply), or the inside of a compression."""
    first_delta = asyncio.Event()
    before = len(acked)
    task = asyncio.create_task(client(served.base, trial, acked, first_delta, kind == "stream"))
    deadline = time.monotonic() + PATIENCE_S
    landed = await wait_for(lambda: len(acked) > before, task, deadline)
    if landed and kind == "compression" and need_commit:
        landed = await wait_for(served.committed, task, deadline)
    if landed and kind == "random":
        await asyncio.sleep(random.uniform(0.0, 3.0))
    elif landed and kind == "stream":
        first_delta.clear()
        landed = await wait_for(first_delta.is_set, task, deadline)
    elif landed:
        while landed and not served.compressing():
            landed = await wait_for(served.compressing, task, deadline)
        await asyncio.sleep(random.uniform(0.0, 0.8))  # somewhere inside it, not only at its start
        landed = landed and served.compressing()
    served.kill()
    await asyncio.wait_for(task, 60)
    return landed


async def check_store(state, acked) -> int:
    db = sqlite3.connect(state / "sessions.db")
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    store = await SQLiteStore(state).open()
    try:
        state_blob, log = await store.load(f"local/{SESSION}")
    finally:
        await store.aclose()
    seqs = [seq for seq, _ in log]
    assert seqs == list(range(len(log)))                                # contiguous, no gap, no duplicate
    assert state_blob["next_seq"] == len(log)                           # state and messages: one transaction
    assert 0 <= state_blob["ring_start"] <= len(log)
    if state_blob["stats"]["compressions"] >= 1:                        # a summary replaced the head
        assert state_blob["ring_start"] > 0
    assert all(isinstance(line, str) and line for line in state_blob["summary"])
    texts = [m.content for _, m in log]
    for fact in state_blob["facts"] or []:
        assert any(str(fact["value"]) in t for t in texts), fact       # every fact comes from a message
    position = {t: i for i, t in enumerate(texts)}
    where = [position.get(text) for text, _ in acked]
    assert None not in where, "an acknowledged turn is missing"
    assert where == sorted(where) and len(set(where)) == len(where)     # in order, exactly once
    assert all(texts.count(text) == 1 for text, _ in acked)
    for (text, reply), i in zip(acked, where):
        assert log[i + 1][1].role == "assistant" and log[i + 1][1].content == reply
    memory = create_memory("summary", max_tokens=384, reserve_tokens=24)
    memory.restore(state_blob, log)                                     # it comes back
    assert memory.next_seq == len(log)
    return state_blob["stats"]["compressions"]


@pytest.mark.timeout(3600)   # about 2 minutes on an idle host; every wait is for an event
async def test_sigkill_at_random_moments_loses_no_acknowledged_turn(tmp_path):
    state = tmp_path / "state"
    acked: list[tuple[str, str]] = []
    landed = {kind: 0 for kind in KINDS}
    random.seed(8)
    compressions = 0
    for trial in range(TRIALS):
        kind = KINDS[trial % len(KINDS)]
        served = Served(state, tmp_path / f"daemon-{trial}.log")
        try:
            await served.ready()
            landed[kind] += await run_trial(served, trial, kind, acked, need_commit=compressions == 0)
        finally:
            if served.proc.poll() is None:   # a failed or timed-out trial leaves no daemon behind
                served.kill()
        compressions = await check_store(state, acked)
    assert compressions >= 1            # the summary checks checked a committed summary
    assert landed["compression"] >= 4 and landed["stream"] >= 4, landed
    assert len(acked) >= TRIALS         # each trial got at least one turn through before its kill
    print(f"\ncrash: {TRIALS} SIGKILLs, {len(acked)} acknowledged turns kept, kills landed {landed}")


SLOW_SERVER = """
import os, sys, time, pathlib
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("slow")

@mcp.tool()
def slow_lookup(order_id: str) -> str:
    \"\"\"Look up an order (slowly).\"\"\"
    pathlib.Path(sys.argv[1]).write_text(str(os.getpid()))
    time.sleep(600)
    return "never"

mcp.run()
"""


def tool_config(tmp_path) -> str:
    script, marker = tmp_path / "slow_server.py", tmp_path / "call-started"
    script.write_text(SLOW_SERVER)
    path = tmp_path / "tools.toml"
    path.write_text(f"""[edge-agent]
tools = ["device_status"]
tool_call_timeout_s = {PATIENCE_S}
tool_turn_deadline_s = {2 * PATIENCE_S}

[[edge-agent.mcp_servers]]
name = "slow"
command = [{json.dumps(sys.executable)}, {json.dumps(str(script))}, {json.dumps(str(marker))}]
timeout_s = {PATIENCE_S}
""")
    return str(path)


def _started(pid: int) -> str | None:
    """The process's start time (clock ticks since boot), None when it is gone: a pid with
    another start time is another process (pids wrap at 32,768 on a busy host)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = stat[stat.rindex(b")") + 2:].split()
    return None if fields[0] == b"Z" else fields[19].decode()


def _who(pid: int) -> str:
    """What a pid is now (its command line and parent), for a failure's message."""
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        ppid = next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith("PPid"))
        return f"{cmd.strip()} ({ppid})"
    except (OSError, StopIteration):
        return "gone"


def _running(pid: int, started: str | None = None) -> bool:
    now = _started(pid)
    return now is not None and (started is None or now == started)


def no_half_turn(log) -> None:
    """Every stored call has its result right after it, in the same turn group."""
    results = {m.tool_call_id for _, m in log if m.role == "tool"}
    for _, m in log:
        for call in m.tool_calls or []:
            assert call["id"] in results, f"call {call['id']} stored without its result"


async def stored(state):
    db = sqlite3.connect(state / "sessions.db")
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()
    store = await SQLiteStore(state).open()
    try:
        loaded = await store.load(f"local/{SESSION}")
    finally:
        await store.aclose()
    return loaded[1] if loaded else []


@pytest.mark.timeout(3600)
async def test_sigkill_in_the_middle_of_a_tool_loop_leaves_no_half_turn(tmp_path):
    pytest.importorskip("mcp")
    state, config, marker = tmp_path / "state", tool_config(tmp_path), tmp_path / "call-started"
    body = {"messages": [{"role": "user", "content": "Where is order 42?"}],
            "tool_choice": {"type": "function", "function": {"name": "slow_lookup"}}}
    served = Served(state, tmp_path / "daemon-tools-0.log", "--config", config)
    try:
        await served.ready()
        async with aiohttp.ClientSession() as http:
            post = asyncio.create_task(http.post(f"{served.base}/v1/chat/completions", json=body,
                                                 headers={"X-Session-Id": SESSION}))
            deadline = time.monotonic() + PATIENCE_S
            assert await wait_for(marker.exists, post, deadline), served.log_path.read_text()[-3000:]
            server = int(marker.read_text())
            started = _started(server)
            served.kill()                                  # the tool is running: the loop is half done
            with contextlib.suppress(aiohttp.ClientError):
                await post
            # the MCP server (and all it started) dies with the daemon: its launcher's
            # parent-death signal, not a timeout of ours, ends it (issue 29)
            for _ in range(600):
                if not _running(server, started):
                    break
                await asyncio.sleep(0.1)
            assert not _running(server, started), f"the MCP server outlived the SIGKILLed daemon: {_who(server)}"
    finally:
        if served.proc.poll() is None:
            served.kill()
        with contextlib.suppress(ValueError, ProcessLookupError, FileNotFoundError):
            os.kill(int(marker.read_text()), signal.SIGKILL)   # had the MCP server outlived the daemon
    log = await stored(state)
    assert [(m.role, m.content) for _, m in log] == [("user", "Where is order 42?")]   # the user's message only
    served = Served(state, tmp_path / "daemon-tools-1.log", "--config", config)
    try:
        await served.ready()
        async with aiohttp.ClientSession() as http:
            again = {"messages": [{"role": "user", "content": "Never mind. Hello!"}], "tool_choice": "none"}
            async with http.post(f"{served.base}/v1/chat/completions", json=again,
                                 headers={"X-Session-Id": SESSION}) as resp:
                assert resp.status == 200, await resp.text()
    finally:
        served.kill()
    log = await stored(state)
    no_half_turn(log)
    assert [m.role for _, m in log] == ["user", "user", "assistant"]
