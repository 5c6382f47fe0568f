"""Load on loopback: concurrent clients against the real daemon, and sessions per 100 MB.

    python -m bench.load [--clients 50] [--seconds 30] [--sessions 300] [--board-mb 2048] [--json FILE]

1. The daemon (`edge-agent serve`, local SmolLM2 model, 1 thread, SQLite store) runs in a
   subprocess; ``--clients`` clients, each in its own session, send the scenario's messages
   back to back for ``--seconds`` (a bounded loop, 127.0.0.1 only). Reported: turns per
   second, errors, client latency, the memory path's p50/p99 (the daemon's own
   ``timings.memory_s``: memory work and store commits), and the daemon's RSS growth after
   a warm-up turn per client (model loaded, sessions open).
   With ``--board-mb 2048``, the same load runs again inside a child memory cgroup of that
   size (a 2 GB board) while, a quarter of the way in, a ballast process takes
   ``--ballast-mb`` of it: reported also whether the watchdog degraded, OOM kills in the
   cgroup, its peak usage and the daemon's peak RSS.
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


BALLAST = "import numpy as np, time; a = np.ones({mb} * 2**20 // 8); time.sleep(3600)"
BOARD_ENV = dict(EDGE_AGENT_LOW_WATERMARK_MB="500", EDGE_AGENT_HIGH_WATERMARK_MB="900",
                 EDGE_AGENT_WATCHDOG_INTERVAL_S="0.2", EDGE_AGENT_RECOVER_HOLD_S="600", EDGE_AGENT_MIN_DWELL_S="600")


def spawn(argv: list[str], env: dict, cgroup) -> subprocess.Popen:
    """Start ``argv``, inside ``cgroup`` from its first instruction when there is one."""
    if cgroup is not None:
        argv = ["sh", "-c", f'echo $$ > "{cgroup.procs_file}" && exec "$@"', "sh", *argv]
    return subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def watch(http: aiohttp.ClientSession, base: str, cgroup, proc, ballast_mb: int, after_s: float,
                seen: dict) -> None:
    """Board mode: after ``after_s`` a ballast process takes ``ballast_mb`` of the same cgroup;
    the daemon's status and the cgroup's usage are sampled until cancelled."""
    await asyncio.sleep(after_s)
    seen["ballast"] = spawn([sys.executable, "-c", BALLAST.format(mb=ballast_mb)], dict(os.environ), cgroup)
    while True:
        async with http.get(f"{base}/v1/status") as r:
            seen["degraded"] |= (await r.json())["degraded"]
        seen["peak_cgroup_mb"] = max(seen["peak_cgroup_mb"], cgroup.usage() / 2**20)
        seen["peak_rss_mb"] = max(seen["peak_rss_mb"], psutil.Process(proc.pid).memory_info().rss / 2**20)
        await asyncio.sleep(0.2)


async def load(clients: int, seconds: float, cgroup=None, ballast_mb: int = 0) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    seen = {"degraded": False, "peak_cgroup_mb": 0.0, "peak_rss_mb": 0.0, "ballast": None}
    with tempfile.TemporaryDirectory() as state:
        env = dict(os.environ, EDGE_AGENT_N_THREADS="1", EDGE_AGENT_QUEUE_PER_SESSION="2",
                   **(BOARD_ENV if cgroup is not None else {}))
        proc = spawn([sys.executable, "-m", "edge_agent.cli", "serve", "--port", str(port), "--state-dir", state],
                     env, cgroup)
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
                watcher = (asyncio.create_task(watch(http, base, cgroup, proc, ballast_mb, seconds / 4, seen))
                           if cgroup is not None else None)
                t0 = time.monotonic()
                await asyncio.gather(*[client(http, base, n, t0 + seconds, out) for n in range(clients)])
                elapsed = time.monotonic() - t0
                rss1 = psutil.Process(proc.pid).memory_info().rss
                if watcher is not None:
                    watcher.cancel()
            alive = proc.poll() is None
        finally:
            if seen["ballast"] is not None:
                seen["ballast"].kill()
                seen["ballast"].wait()
            proc.terminate()
            proc.wait(30)
    res = {"clients": clients, "seconds": elapsed, "turns": len(out["latency"]),
           "turns_per_s": len(out["latency"]) / elapsed, "errors": len(out["errors"]),
           "latency_p50_s": percentile(out["latency"], 50), "latency_p99_s": percentile(out["latency"], 99),
           "memory_p50_ms": percentile(out["memory"], 50) * 1e3, "memory_p99_ms": percentile(out["memory"], 99) * 1e3,
           "rss_start_mb": rss0 / 2**20, "rss_end_mb": rss1 / 2**20, "alive": alive}
    if cgroup is not None:
        res |= {"limit_mb": cgroup.limit_bytes / 2**20, "ballast_mb": ballast_mb, "degraded": seen["degraded"],
                "oom_kills": cgroup.oom_kills(), "peak_cgroup_mb": seen["peak_cgroup_mb"],
                "peak_rss_mb": seen["peak_rss_mb"]}
    return res


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
    ap.add_argument("--board-mb", type=int, default=0,
                    help="also run inside a child memory cgroup of this many MiB, with a ballast process")
    ap.add_argument("--ballast-mb", type=int, default=1700)
    ap.add_argument("--json")
    args = ap.parse_args()
    res = asyncio.run(load(args.clients, args.seconds))
    runs = [("host", res)]
    if args.board_mb:
        from edge_agent.board.cgroup import ChildCgroup

        with ChildCgroup(args.board_mb * 2**20) as cg:
            runs.append((f"{args.board_mb} MiB cgroup + {args.ballast_mb} MiB ballast",
                         asyncio.run(load(args.clients, args.seconds, cg, args.ballast_mb))))
    dens = asyncio.run(sessions_per_100mb(args.sessions))
    print(f"{args.clients} clients for {args.seconds:.0f} s against the daemon (local SmolLM2, 1 thread, 4-token replies)")
    print(table(["where", "turns", "turns/s", "errors", "latency p50 s", "latency p99 s", "memory path p50 ms",
                 "memory path p99 ms", "RSS start MB", "RSS end MB", "degraded", "OOM kills"],
                [[name, r["turns"], r["turns_per_s"], r["errors"], r["latency_p50_s"], r["latency_p99_s"],
                  r["memory_p50_ms"], r["memory_p99_ms"], r["rss_start_mb"], r["rss_end_mb"],
                  r.get("degraded", "-"), r.get("oom_kills", "-")] for name, r in runs]))
    print()
    print(table(["sessions (20 turns, summary)", "bytes per session", "sessions per 100 MB"],
                [[dens["sessions"], dens["bytes_per_session"], dens["sessions_per_100mb"]]]))
    print(f"JSON: {write_json('load', {'runs': dict(runs), 'density': dens}, args.json)}")


if __name__ == "__main__":
    main()
