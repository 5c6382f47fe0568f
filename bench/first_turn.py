"""A new install's first turns: how long the user waits while the encoders' files are made.

    .venv/bin/python -m bench.first_turn [--json bench/out/first_turn.json] [--delays 0,20]

Each run starts a fresh `edge-agent serve` (local-only, the default GGUF, semantic recall on
for English and Chinese) with an empty cache, as on a new install, waits for /healthz, then
waits DELAY seconds (a person opening the page and typing) before a Chinese turn and then an
English one, each timed from request to reply (24 reply tokens at most). A warm start (the
cache already made) is timed the same way as the reference. The figure that matters is the
first turn's time against the warm one: what is left is the wait for the packing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.footprint import TURNS, turn, wait_healthy
from tests.servers import free_port


def timed_turns(env: dict, delay: float) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as state:
        proc = subprocess.Popen([sys.executable, "-m", "edge_agent.cli", "serve", "--port", str(port),
                                 "--state-dir", state], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_healthy(base, proc)
            time.sleep(delay)
            out = {"delay_s": delay}
            for name, text in (("chinese_s", TURNS[1]), ("english_s", TURNS[0])):
                start = time.perf_counter()
                turn(base, text)
                out[name] = round(time.perf_counter() - start, 2)
        finally:
            proc.terminate()
            proc.wait(30)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", default="bench/out/first_turn.json")
    ap.add_argument("--delays", default="0,20", help="seconds between /healthz and the first turn")
    args = ap.parse_args()
    env = dict(os.environ, EDGE_AGENT_POLICY="local_only", EDGE_AGENT_SEMANTIC_RECALL="on",
               EDGE_AGENT_SEMANTIC_RECALL_ZH="on")
    for var in ("EDGE_AGENT_ENCODER_DIR", "EDGE_AGENT_USE_DIR"):
        env.pop(var, None)
    rows = []
    with tempfile.TemporaryDirectory() as warm:
        timed_turns(dict(env, EDGE_AGENT_CACHE=warm), 0)           # makes the warm cache
        rows.append({"start": "warm cache"} | timed_turns(dict(env, EDGE_AGENT_CACHE=warm), 0))
    for delay in (float(d) for d in args.delays.split(",")):
        with tempfile.TemporaryDirectory() as cache:
            rows.append({"start": "new install"} | timed_turns(dict(env, EDGE_AGENT_CACHE=cache), delay))
    print(f"{'start':12s} {'delay s':>8s} {'Chinese turn s':>15s} {'English turn s':>15s}")
    for r in rows:
        print(f"{r['start']:12s} {r['delay_s']:8.0f} {r['chinese_s']:15.2f} {r['english_s']:15.2f}")
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps({"python": sys.version.split()[0], "rows": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
