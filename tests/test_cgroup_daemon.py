"""The daemon inside a 2 GiB board-sized memory cgroup degrades instead of being OOM-killed."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

import psutil
import pytest

from edge_agent.board.cgroup import ChildCgroup
from tests.servers import free_port

GiB = 1 << 30
WHY_NOT = ChildCgroup.why_not()   # None where a limited child cgroup can be made
BALLAST = "import numpy as np, time; a = np.ones(1700 * 2**20 // 8); time.sleep(60)"


def joined(cg: ChildCgroup, argv: list[str], env=None) -> subprocess.Popen:
    """Start ``argv`` already inside the cgroup (the shell joins, then execs)."""
    script = f'echo $$ > "{cg.procs_file}" && exec "$@"'
    return subprocess.Popen(["sh", "-c", script, "sh", *argv], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def get(url: str, timeout: float = 5):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.load(resp)


def local_backend(base: str) -> dict:
    return [b for b in get(f"{base}/v1/status")["backends"] if b["name"] == "local"][0]


def wait_for(predicate, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if predicate():
                return True
        except OSError:
            pass
        time.sleep(0.2)
    return False


@contextlib.contextmanager
def daemon_in_cgroup(state_dir, **settings):
    """The daemon started inside a 2 GiB child cgroup with ``EDGE_AGENT_<KEY>`` ``settings``,
    healthy; yields (cgroup, base URL, process); at the end SIGTERM must stop it cleanly."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ, EDGE_AGENT_N_THREADS="1", EDGE_AGENT_LOW_WATERMARK_MB="500",
               EDGE_AGENT_HIGH_WATERMARK_MB="900", EDGE_AGENT_WATCHDOG_INTERVAL_S="0.2",
               **{f"EDGE_AGENT_{k.upper()}": str(v) for k, v in settings.items()})
    with ChildCgroup(2 * GiB) as cg:
        daemon = joined(cg, [sys.executable, "-m", "edge_agent.cli", "serve", "--port", str(port),
                             "--state-dir", str(state_dir)], env)
        try:
            assert wait_for(lambda: get(f"{base}/healthz")["status"] == "ok", 60)
            yield cg, base, daemon
        finally:
            daemon.send_signal(signal.SIGTERM)
            assert daemon.wait(120) == 0                         # a loaded host stops slowly


@pytest.mark.slow
@pytest.mark.skipif(WHY_NOT is not None, reason=f"no child cgroup with a memory limit here: {WHY_NOT}")
def test_daemon_in_a_2gb_cgroup_degrades_and_recovers(tmp_path):
    with daemon_in_cgroup(tmp_path, max_reply_tokens=8, recover_hold_s=0.6, min_dwell_s=0.6) as (cg, base, daemon):
        ballast = None
        try:
            req = urllib.request.Request(f"{base}/v1/chat/completions", method="POST",
                                         data=json.dumps({"messages": [{"role": "user", "content": "hi"}]}).encode())
            assert json.load(urllib.request.urlopen(req, timeout=60))["edge_agent"]["memory_mode"] == "hybrid"
            assert get(f"{base}/v1/status")["degraded"] is False
            first = local_backend(base)
            assert first["runner"] == "process" and first["pid"] and first["loaded"]
            ballast = joined(cg, [sys.executable, "-c", BALLAST])        # 1.7 GiB inside the same 2 GiB
            assert wait_for(lambda: get(f"{base}/v1/status")["degraded"], 30), "the watchdog did not degrade"
            assert wait_for(lambda: local_backend(base)["pid"] is None, 30), "the model's process did not end"
            assert not psutil.pid_exists(first["pid"]) or psutil.Process(first["pid"]).status() == "zombie"
            reply = json.load(urllib.request.urlopen(req, timeout=60))   # still answering, on the sliding window
            assert reply["edge_agent"]["memory_mode"] == "hybrid:degraded-sliding"
            assert local_backend(base)["pid"] not in (None, first["pid"])   # the turn started the model again
            ballast.kill()
            ballast.wait()
            assert wait_for(lambda: not get(f"{base}/v1/status")["degraded"], 30), "the watchdog did not recover"
            assert daemon.poll() is None and cg.oom_kills() == 0       # never OOM-killed
        finally:
            if ballast is not None and ballast.poll() is None:
                ballast.kill()
                ballast.wait()


async def _clients(base: str, n: int, seconds: float, ballast_after_s: float, start_ballast, seen: dict) -> None:
    import aiohttp

    async def one(http, k: int, deadline: float) -> None:
        turn = 0
        while time.monotonic() < deadline:
            body = {"messages": [{"role": "user", "content": f"client {k} turn {turn}: 我的订单 #{20250000 + k} 到哪了？"}]}
            t0 = time.monotonic()
            async with http.post(f"{base}/v1/chat/completions", json=body, headers={"X-Session-Id": f"c{k}"}) as r:
                data = await r.json()
                if r.status != 200:
                    seen["errors"].append((r.status, data))
                else:
                    seen["latency"].append(time.monotonic() - t0)
                    seen["modes"].add(data["edge_agent"]["memory_mode"])
            turn += 1

    async def pressure(http) -> None:
        await asyncio.sleep(ballast_after_s)
        start_ballast()
        while True:
            async with http.get(f"{base}/v1/status") as r:
                if (await r.json())["degraded"]:
                    seen["degraded"] = True
                    return
            await asyncio.sleep(0.2)

    # generous: a loaded 2-core host queues 50 local-model turns; what is asserted is no error
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=400)) as http:
        deadline = time.monotonic() + seconds
        watcher = asyncio.create_task(pressure(http))
        await asyncio.gather(*[one(http, k, deadline) for k in range(n)])
        watcher.cancel()


@pytest.mark.slow
@pytest.mark.skipif(WHY_NOT is not None, reason=f"no child cgroup with a memory limit here: {WHY_NOT}")
def test_50_clients_under_a_2gb_limit_keep_answering_while_it_degrades(tmp_path):
    seen: dict = {"errors": [], "latency": [], "modes": set(), "degraded": False}
    with daemon_in_cgroup(tmp_path, max_reply_tokens=4, recover_hold_s=60, min_dwell_s=60) as (cg, base, daemon):
        ballast: list[subprocess.Popen] = []
        try:
            asyncio.run(_clients(base, 50, 25.0, 6.0,
                                 lambda: ballast.append(joined(cg, [sys.executable, "-c", BALLAST])), seen))
            assert seen["errors"] == [] and len(seen["latency"]) >= 50
            assert seen["degraded"] and "hybrid:degraded-sliding" in seen["modes"]
            assert daemon.poll() is None and cg.oom_kills() == 0
        finally:
            for b in ballast:
                b.kill()
                b.wait()
