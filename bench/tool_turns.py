"""What the daemon's own tools cost a turn on the local SmolLM2-135M: the whole HTTP turn
through a real daemon (in this process, on a loopback port), without tools and with a
forced built-in tool, with every built-in offered or the automatic four.

    python -m bench.tool_turns [--reps 3] [--threads 2] [--json FILE]

Each case asks ``--reps`` questions in fresh sessions (every prompt's opening differs, so
no KV prefix is reused across cases) and reports, as medians: the calls run, the prompt
tokens of all model steps together, the time to the answer's first token (from the request), the
whole turn, and how long the tool itself ran. A stand-in for nothing: the model, the daemon
and the tools are the real ones.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bench.common import table, write_json
from edge_agent.tools.settings import BUILTIN_NAMES
from tests.harness import api, running_daemon

QUESTIONS = ["How much memory is free on the board?", "Is the disk getting full?", "How busy is the CPU?",
             "What is the board's uptime?", "Is the board too hot?"]
FORCED = {"type": "function", "function": {"name": "device_status"}}
CASES = [  # (name, tools enabled, tool_schema_limit, tool_choice)
    ("no tools", [], 0, None),
    ("tools on, auto (4 schemas)", list(BUILTIN_NAMES), 0, "auto"),
    ("tools on, auto (all 12 schemas)", list(BUILTIN_NAMES), 12, "auto"),
    ("forced device_status (4 schemas)", list(BUILTIN_NAMES), 0, FORCED),
    ("forced device_status (all 12 schemas)", list(BUILTIN_NAMES), 12, FORCED),
]


async def one_case(tmp: Path, tools: list[str], limit: int, choice, reps: int, threads: int) -> dict:
    rows = []
    overrides = {"n_threads": threads, "max_reply_tokens": 24, "tools": tools, "tool_schema_limit": limit,
                 "first_token_s": 900.0, "total_s": 1800.0, "shell_allow": [], "strategy": "hybrid"}
    async with running_daemon(tmp, **overrides) as d:
        for i in range(reps):
            body = {"messages": [{"role": "user", "content": f"(run {i}) {QUESTIONS[i % len(QUESTIONS)]}"}]}
            if choice is not None:
                body["tool_choice"] = choice
            t0 = time.perf_counter()
            status, out, _ = await api(d.base, "POST", "/v1/chat/completions", json=body,
                                       headers={"X-Session-Id": f"bench-{i}"})
            wall = time.perf_counter() - t0
            assert status == 200, out
            ea = out["edge_agent"]
            rows.append({"prompt_tokens": out["usage"]["prompt_tokens"], "first_token_s": ea["timings"]["first_token_s"],
                         "total_s": wall, "tools_s": ea["timings"].get("tools_s", 0.0),
                         "calls": len(ea["tool_calls"]),
                         "stop": ea["tool_stop"] or "-"})
    med = {k: statistics.median(r[k] for r in rows) for k in ("prompt_tokens", "first_token_s", "total_s", "tools_s",
                                                              "calls")}
    return {**med, "stops": sorted({r["stop"] for r in rows}), "runs": rows}


async def main_async(reps: int, threads: int) -> dict:
    results = {}
    for name, tools, limit, choice in CASES:
        with tempfile.TemporaryDirectory() as tmp:
            results[name] = await one_case(Path(tmp), tools, limit, choice, reps, threads)
        print(f"  {name}: done", flush=True)
    return results


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--json")
    a = ap.parse_args(argv)
    res = asyncio.run(main_async(a.reps, a.threads))
    print(table(["case", "calls run", "prompt tokens (all steps)", "first token s", "turn s", "tool s", "loop stopped"],
                [[k, v["calls"], v["prompt_tokens"], v["first_token_s"], v["total_s"], v["tools_s"], ",".join(v["stops"])]
                 for k, v in res.items()]))
    print("wrote", write_json("tool_turns", res, a.json))


if __name__ == "__main__":
    main()
