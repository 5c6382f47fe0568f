"""The daemon's RSS: idle (before any model loads), and what the tokenizer and imports cost.

    .venv/bin/python -m bench.footprint [--json bench/out/footprint.json]

A fresh `edge-agent serve` on a loopback port with the local model disabled and a "cloud"
on a loopback port nobody listens on; RSS read with psutil once /healthz answers (idle) and
again after one turn created a session (the turn fails fast on the dead cloud, but the
session's memory, and with it the token counter, now exists). Also `python -c` snippets:
bare Python, `import numpy`, `import edge_agent.daemon`, and that plus the DeepSeek tokenizer.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

from tests.servers import free_port

MiB = 1 << 20
SNIPPETS = {
    "python": "pass",
    "numpy": "import numpy",
    "edge_agent.daemon": "import edge_agent.daemon",
    "daemon + DeepSeek tokenizer": "import edge_agent.daemon; from edge_agent.tokens import default_counter; "
                                   "default_counter()('warm up')",
}


def snippet_rss(code: str) -> float:
    out = subprocess.run([sys.executable, "-c", f"{code}\nimport psutil; print(psutil.Process().memory_info().rss)"],
                         capture_output=True, text=True, check=True)
    return int(out.stdout.split()[-1]) / MiB


def wait_healthy(base: str, proc: subprocess.Popen, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the daemon exited ({proc.returncode})")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("the daemon never answered /healthz")


def daemon_rss(env: dict) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as state:
        proc = subprocess.Popen([sys.executable, "-m", "edge_agent.cli", "serve", "--port", str(port),
                                 "--state-dir", state], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_healthy(base, proc)
            time.sleep(1)
            idle = psutil.Process(proc.pid).memory_info().rss / MiB
            req = urllib.request.Request(f"{base}/v1/chat/completions", method="POST",
                                         data=json.dumps({"messages": [{"role": "user", "content": "hi"}]}).encode())
            try:
                urllib.request.urlopen(req, timeout=120).read()
            except urllib.error.HTTPError:
                pass                                        # the dead cloud: an error reply, as expected
            after = psutil.Process(proc.pid).memory_info().rss / MiB
        finally:
            proc.terminate()
            proc.wait(30)
    return {"idle_mb": round(idle, 1), "after_first_session_mb": round(after, 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", default="bench/out/footprint.json")
    args = ap.parse_args()
    env = dict(os.environ, EDGE_AGENT_LOCAL_ENABLED="false", EDGE_AGENT_CLOUD_URL=f"http://127.0.0.1:{free_port()}/v1",
               EDGE_AGENT_BREAKER_FAILURES="1")
    report = {"arch": os.uname().machine, "python": sys.version.split()[0],
              "snippets_mb": {name: round(snippet_rss(code), 1) for name, code in SNIPPETS.items()},
              "daemon_no_local_model": daemon_rss(env)}
    print(f"{'what':34s} {'RSS MiB':>8s}")
    for name, mb in report["snippets_mb"].items():
        print(f"{name:34s} {mb:8.1f}")
    d = report["daemon_no_local_model"]
    print(f"{'daemon idle (no local model)':34s} {d['idle_mb']:8.1f}")
    print(f"{'daemon after its first session':34s} {d['after_first_session_mb']:8.1f}")
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
