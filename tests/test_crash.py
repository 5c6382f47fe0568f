"""Crash safety of the daemon process: a client streams turns in while the daemon is killed
with SIGKILL at random moments, in the middle of a compression (an LLM summary on the local
model) and in the middle of a streamed reply. After every kill: SQLite's integrity check is
ok, the message log is contiguous, every turn the client saw acknowledged is there in order
exactly once with the reply the client saw, the stored state (summary, fact table) agrees
with the messages and restores, and the daemon starts again on the same state directory."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

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
    def __init__(self, state, log_path) -> None:
        self.port = free_port()
        self.log_path = log_path
        with open(log_path, "wb") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "edge_agent.cli", "serve", "--state-dir", str(state),
                                          "--port", str(self.port)], stdout=log, stderr=subprocess.STDOUT,
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
