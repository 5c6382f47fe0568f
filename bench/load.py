"""Load on loopback: concurrent clients against the real daemon, and sessions per 100 MB.

    python -m bench.load [--clients 50] [--seconds 30] [--sessions 300] [--json FILE]

1. The daemon (`edge-agent serve`, local SmolLM2 model, 1 thread, SQLite store) runs in a
   subprocess; ``--clients`` clients, each in its own session, send the scenario's messages
   back to back for ``--seconds`` (a bounded loop, 127.0.0.1 only). Reported: turns per
   second, errors, client latency, the memory path's p50/p99 (the daemon's own
   ``timings.memory_s``: memory work and store commits), and the daemon's RSS growth after
   a warm-up turn per client (model loaded, sessions open).
2. Sessions per 100 MB: ``--sessions`` summary-memory sessions of 20 scenario turns each,
   held in one process; RSS growth divided into 100 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import subprocess
import sys
import tempfile
import time

import aiohttp
import psutil

from bench.common import percentile, table, write_json
from edge_agent.scenario import conversation
from edge_agent.deploy.transport import free_port
from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.tokens import default_counter


async def client(http: aiohttp.ClientSession, base: str, n: int, deadline: float, out: dict) -> None:
    turns = conversation(120, seed=n)
    i = 0
    while time.monotonic() < deadline:
        body = {"messages": [{"role": "user", "content": turns[i % 120][0]}], "max_tokens": 4}
        t0 = time.perf_counter()
        try:
            async with http.post(f"{base}/v1/chat/completions", json=body, headers={"X-Session-Id": f"c{n}"}) as r:
                data = await r.json()
                if r.status != 200:
                    out["errors"].append(r.status)
                    continue
        except aiohttp.ClientError as exc:
            out["errors"].append(type(exc).__name__)
            continue
        out["latency"].append(time.perf_counter() - t0)
        out["memory"].append(data["edge_agent"]["timings"]["memory_s"])
        i += 1


async def load(clients: int, seconds: float) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as state:
        env = dict(os.environ, EDGE_AGENT_N_THREADS="1", EDGE_AGENT_QUEUE_PER_SESSION="2")
        proc = subprocess.Popen([sys.executable, "-m", "edge_agent.cli", "serve", "--port", str(port),
                                 "--state-dir", state], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=120)) as http:
                for _ in range(300):
                    try:
                        async with http.get(f"{base}/healthz") as r:
                            if r.status == 200:
                                break
                    except aiohttp.ClientError:
                        await asyncio.sleep(0.2)
                warm: dict = {"latency": [], "memory": [], "errors": []}  # one turn each: model and sessions loaded
                await asyncio.gather(*[client(http, base, n, time.monotonic() + 0.01, warm) for n in range(clients)])
                rss0 = psutil.Process(proc.pid).memory_info().rss
                out: dict = {"latency": [], "memory": [], "errors": warm["errors"]}
                t0 = time.monotonic()
                await asyncio.gather(*[client(http, base, n, t0 + seconds, out) for n in range(clients)])
                elapsed = time.monotonic() - t0
                rss1 = psutil.Process(proc.pid).memory_info().rss
        finally:
            proc.terminate()
            proc.wait(30)
    return {"clients": clients, "seconds": elapsed, "turns": len(out["latency"]),
            "turns_per_s": len(out["latency"]) / elapsed, "errors": len(out["errors"]),
            "latency_p50_s": percentile(out["latency"], 50), "latency_p99_s": percentile(out["latency"], 99),
            "memory_p50_ms": percentile(out["memory"], 50) * 1e3, "memory_p99_ms": percentile(out["memory"], 99) * 1e3,
            "rss_start_mb": rss0 / 2**20, "rss_end_mb": rss1 / 2**20}


async def sessions_per_100mb(n: int) -> dict:
    counter = default_counter()
    turns = conversation(20)
    gc.collect()
    rss0 = psutil.Process().memory_info().rss
    held = []
    for s in range(n):
        mem = create_memory("summary", counter=counter)
        for i, (user, reply) in enumerate(turns):
            await mem.add(Message("user", f"[{s}] {user}", ts=30.0 * i))
            await mem.add(Message("assistant", reply, ts=30.0 * i + 10))
        await mem.flush()
        held.append(mem)
    gc.collect()
    per = (psutil.Process().memory_info().rss - rss0) / n
    return {"sessions": n, "turns_each": 20, "bytes_per_session": per, "sessions_per_100mb": 100 * 2**20 / per}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--sessions", type=int, default=300)
    ap.add_argument("--json")
    args = ap.parse_args()
    res = asyncio.run(load(args.clients, args.seconds))
    dens = asyncio.run(sessions_per_100mb(args.sessions))
    print(f"{args.clients} clients for {args.seconds:.0f} s against the daemon (local SmolLM2, 1 thread, 4-token replies)")
    print(table(["turns", "turns/s", "errors", "latency p50 s", "latency p99 s", "memory path p50 ms",
                 "memory path p99 ms", "RSS start MB", "RSS end MB"],
                [[res["turns"], res["turns_per_s"], res["errors"], res["latency_p50_s"], res["latency_p99_s"],
                  res["memory_p50_ms"], res["memory_p99_ms"], res["rss_start_mb"], res["rss_end_mb"]]]))
    print()
    print(table(["sessions (20 turns, summary)", "bytes per session", "sessions per 100 MB"],
                [[dens["sessions"], dens["bytes_per_session"], dens["sessions_per_100mb"]]]))
    print(f"JSON: {write_json('load', {'load': res, 'density': dens}, args.json)}")


if __name__ == "__main__":
    main()
