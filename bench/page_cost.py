"""What the board's page costs an idle daemon: RSS before and after the page is served.

    .venv/bin/python -m bench.page_cost [--json bench/out/page-cost.json] [--polls 60]

A fresh `edge-agent serve` (local model configured, not loaded), idle once /healthz answers;
then the page's three files fetched as a browser does, then ``--polls`` requests of
``/v1/board`` (what the Board view asks every 5 s: 60 are five minutes of an open tab). RSS
from /proc/PID/status after each step (the median of 5 readings 0.2 s apart).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench.footprint import wait_healthy
from tests.servers import free_port


def rss_mib(pid: int) -> float:
    readings = []
    for _ in range(5):
        with open(f"/proc/{pid}/status") as f:
            readings.append(next(int(line.split()[1]) for line in f if line.startswith("VmRSS")) / 1024)
        time.sleep(0.2)
    return round(statistics.median(readings), 1)


def fetch(base: str, path: str) -> int:
    with urllib.request.urlopen(base + path, timeout=60) as resp:
        return len(resp.read())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", default="bench/out/page-cost.json")
    ap.add_argument("--polls", type=int, default=60)
    args = ap.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as state:
        proc = subprocess.Popen([sys.executable, "-m", "edge_agent.cli", "serve", "--port", str(port),
                                 "--state-dir", state], env=dict(os.environ, EDGE_AGENT_POLICY="local_only"),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_healthy(base, proc)
            time.sleep(1)
            rows = {"idle": rss_mib(proc.pid)}
            page_bytes = sum(fetch(base, p) for p in ("/", "/ui/app.js", "/ui/app.css"))
            rows["after the page's files"] = rss_mib(proc.pid)
            board_bytes = 0
            for _ in range(args.polls):
                board_bytes = fetch(base, "/v1/board")
            rows[f"after {args.polls} /v1/board polls"] = rss_mib(proc.pid)
        finally:
            proc.terminate()
            proc.wait(30)
    report = {"rss_mib": rows, "page_bytes": page_bytes, "board_response_bytes": board_bytes}
    print(f"{'daemon':32s} {'RSS MiB':>8s}")
    for name, mb in rows.items():
        print(f"{name:32s} {mb:8.1f}")
    print(f"the page: {page_bytes} bytes in 3 files; one /v1/board answer: {board_bytes} bytes")
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
