"""What unloading the local model gives back, inline and with the model in its own process.

    .venv/bin/python -m bench.unload [--json bench/out/unload.json]

Each case runs in a fresh interpreter (``python -c``) that imports the backend, answers one
turn with the default GGUF at n_ctx 2,048, then unloads it (the watchdog's
``unload_model_on_pressure``, or ``local_keep_alive_s`` running out), and reports its own RSS
at each step and, for the process runner, the model process's RSS while it lives. It times
three turns with the same prompt (a 1,200-token system message, 16 tokens back): the first
(the model loads), the second (the prompt's KV cache is reused) and one after the unload
(what a turn after `local_keep_alive_s` ran out waits: the model loads and the prompt is
read again).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

CASE = """
import asyncio, gc, json, psutil, time
from edge_agent import heap
from edge_agent.backends import Timeouts
from edge_agent.backends.{module} import {cls}

PROMPT = " ".join(f"Note {{i}}: the shipment to depot {{i * 7}} leaves on day {{i % 28 + 1}}." for i in range(80))

def rss(pid=None):
    return round(psutil.Process(pid).memory_info().rss / 2**20, 1)

async def timed(b):
    # one turn (a 1,200-token prompt, 16 tokens back): seconds from the request to its answer
    t = time.perf_counter()
    await b.complete([{{"role": "system", "content": PROMPT}},
                      {{"role": "user", "content": "Hi, my name is Anna. What is the capital of France?"}}],
                     max_tokens=16, temperature=0)
    return round(time.perf_counter() - t, 2)

async def main():
    out = {{"start": rss()}}
    b = {cls}(n_ctx=2048, timeouts=Timeouts(first_token_s=600, total_s=1200))
    out["turn_cold_s"] = await timed(b)
    out["turn_warm_s"] = await timed(b)
    out["loaded"] = rss()
    if getattr(b, "pid", None):
        out["model_process"] = rss(b.pid)
    await b.unload()
    gc.collect()
    heap.trim()
    out["unloaded"] = rss()
    out["turn_reloaded_s"] = await timed(b)
    await b.aclose()
    print(json.dumps(out))

asyncio.run(main())
"""


def run(module: str, cls: str) -> dict:
    done = subprocess.run([sys.executable, "-c", CASE.format(module=module, cls=cls)], capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", default="bench/out/unload.json")
    args = ap.parse_args()
    report = {"inline": run("local", "LocalBackend"), "process": run("runner", "RunnerBackend")}
    print(f"{'runner':10s} {'start':>7s} {'loaded':>7s} {'model process':>14s} {'unloaded':>9s} {'left':>6s}  (MiB RSS)"
          f"   {'cold':>6s} {'warm':>6s} {'reloaded':>9s}  (s a turn)")
    for name, r in report.items():
        print(f"{name:10s} {r['start']:7.1f} {r['loaded']:7.1f} {r.get('model_process', 0):14.1f} "
              f"{r['unloaded']:9.1f} {r['unloaded'] - r['start']:6.1f}"
              f"              {r['turn_cold_s']:6.2f} {r['turn_warm_s']:6.2f} {r['turn_reloaded_s']:9.2f}")
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
