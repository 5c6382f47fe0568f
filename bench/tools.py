"""The tool loop's own cost, and what MCP servers and the registry take in RAM.

    python -m bench.tools [--iterations 50] [--repeats 20] [--json FILE]

1. Loop overhead per iteration: ``run_tool_loop`` over a model step and a tool that both
   return at once; the time inside the step and the tool is measured and subtracted, so what
   is left is the loop's own work per iteration (planning the calls, argument parsing, repeat
   detection, the task group, capping, building the next prompt, the audit line with its
   masking, the metrics). Cases: 1 and 4 calls per round, small results and 50,000-character
   results (capped to 8,000), a 20-message prompt. Target: <= 5 ms per iteration.
2. RSS: an idle MCP stdio server (written with the mcp SDK's MCPServer, one tool), measured
   after its tools were listed; and what this process grows by when it builds the registry
   (built-ins) and then connects to that server (the mcp SDK imported, its client task
   running), in a fresh child process that has first imported what the daemon imports anyway.
3. Function schemas in SmolLM2 tokens (the prompt share tools take on the local model).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from bench.common import percentile, table, write_json

SERVER = textwrap.dedent('''
    from mcp.server.mcpserver import MCPServer
    mcp = MCPServer("bench")

    @mcp.tool()
    def lookup(order_id: str) -> str:
        """Look up an order."""
        return "order " + order_id + ": shipped"

    mcp.run()
''')

CHILD = textwrap.dedent('''
    import asyncio, json, os, sys, psutil
    import edge_agent.daemon, edge_agent.backends.local  # what a daemon has loaded anyway
    me = psutil.Process()
    out = {"start": me.memory_info().rss}
    from edge_agent.config import Config
    from edge_agent.tools import build_registry
    cfg = Config(tools=["read_only"], mcp_servers=[{"name": "bench", "command": [sys.executable, sys.argv[1]]}],
                 state_dir=sys.argv[2])
    registry = build_registry(cfg)
    out["registry"] = me.memory_info().rss
    async def main():
        await registry.refresh()
        await asyncio.sleep(1.0)
        out["connected"] = me.memory_info().rss
        kids = me.children(recursive=True)
        out["server"] = sum(k.memory_info().rss for k in kids)
        out["server_uss"] = sum(k.memory_full_info().uss for k in kids)
        await registry.aclose()
    asyncio.run(main())
    print(json.dumps(out))
''')


def loop_case(calls_per_round: int, result_chars: int, iterations: int) -> dict[str, float]:
    from edge_agent.tools.audit import ToolMetrics
    from edge_agent.tools.base import Tool, params
    from edge_agent.tools.loop import StepReply, run_tool_loop
    from edge_agent.tools.registry import Registry

    spent = [0.0]
    counter = iter(range(10 ** 9))
    payload = "r" * result_chars

    async def tool_run(a, ctx):
        t = time.perf_counter()
        out = payload
        spent[0] += time.perf_counter() - t
        return out

    async def step(messages, tools, tool_choice):
        t = time.perf_counter()
        if tool_choice == "none":
            reply = StepReply("done")
        else:
            reply = StepReply("", [{"id": f"c{n}", "type": "function",
                                    "function": {"name": "lookup", "arguments": json.dumps({"n": n, "q": "x" * 40})}}
                                   for n in (next(counter) for _ in range(calls_per_round))])
        spent[0] += time.perf_counter() - t
        return reply

    registry = Registry([Tool("lookup", "look something up", params({"n": {"type": "integer"}}), run=tool_run)])
    prompt = [{"role": "system", "content": "system prompt " * 20}] + [
        {"role": "user" if i % 2 == 0 else "assistant", "content": "earlier message " * 15} for i in range(19)]
    metrics = ToolMetrics()

    async def once() -> float:
        spent[0] = 0.0
        t = time.perf_counter()
        r = await run_tool_loop(step, registry.for_request(), prompt, max_iterations=iterations,
                                result_chars=8000, metrics=metrics)
        total = time.perf_counter() - t
        assert r.iterations == iterations and len(r.calls) == iterations * calls_per_round
        return (total - spent[0]) / iterations

    return {"once": once}


async def measure_loop(iterations: int, repeats: int) -> list[dict]:
    out = []
    for calls, chars in ((1, 200), (4, 200), (1, 50_000), (4, 50_000)):
        once = loop_case(calls, chars, iterations)["once"]
        await once()  # warm up (imports, first task group)
        per = [await once() for _ in range(repeats)]
        out.append({"calls_per_round": calls, "result_chars": chars, "iterations": iterations,
                    "median_ms": percentile(per, 50) * 1000, "p90_ms": percentile(per, 90) * 1000})
    return out


def measure_rss() -> dict:
    with tempfile.TemporaryDirectory() as d:
        script = Path(d) / "server.py"
        script.write_text(SERVER)
        child = subprocess.run([sys.executable, "-c", CHILD, str(script), d], capture_output=True, text=True,
                               check=True, timeout=120)
    v = json.loads(child.stdout.strip().splitlines()[-1])
    mib = 1 << 20
    return {"registry_mib": (v["registry"] - v["start"]) / mib, "connected_mib": (v["connected"] - v["registry"]) / mib,
            "server_rss_mib": v["server"] / mib, "server_uss_mib": v["server_uss"] / mib}


def measure_schema_tokens() -> list[list]:
    """SmolLM2 tokens of the function schemas as JSON: every built-in, the read-only set, one
    MCP tool as its server lists it and as the registry offers it (compacted)."""
    from edge_agent.backends.local import LocalTokenizer
    from edge_agent.backends.models import resolve_model
    from edge_agent.config import Config
    from edge_agent.tools import build_registry
    from edge_agent.tools.base import compact_schema
    from edge_agent.tools.settings import READ_ONLY

    path = resolve_model(None)
    if path is None:
        return []
    count = LocalTokenizer(path)
    with tempfile.TemporaryDirectory() as d:
        registry = build_registry(Config(state_dir=d))
        every = [t.schema() for t in registry]
        read_only = [t.schema() for t in registry if t.name in READ_ONLY]
    raw = {"type": "object", "properties": {"order_id": {"title": "Order Id", "type": "string"}},
           "required": ["order_id"], "title": "lookupArguments"}     # what an SDK server lists

    def n(obj) -> int:
        return count(json.dumps(obj, ensure_ascii=False, separators=(",", ":")))

    return [[f"all {len(every)} built-ins", n(every)], [f"read_only ({len(read_only)})", n(read_only)],
            ["one MCP tool's parameters as listed", n(raw)], ["the same, compacted", n(compact_schema(raw))]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=50)
    ap.add_argument("--repeats", type=int, default=20)
    ap.add_argument("--json")
    args = ap.parse_args()
    audit = logging.getLogger("edge_agent.tools.audit")  # the audit line is formatted and written, as in the daemon
    audit.setLevel(logging.INFO)
    audit.propagate = False
    audit.addHandler(logging.StreamHandler(open(os.devnull, "w")))
    rows = asyncio.run(measure_loop(args.iterations, args.repeats))
    print("Loop overhead per iteration (model and tool time excluded), target <= 5 ms")
    print(table(["calls/round", "result chars", "median ms", "p90 ms"],
                [[r["calls_per_round"], r["result_chars"], r["median_ms"], r["p90_ms"]] for r in rows]))
    rss = measure_rss()
    print("\nRSS")
    print(table(["what", "MiB"], [["registry with the built-ins (a daemon grows by)", rss["registry_mib"]],
                                  ["connecting to one MCP server (mcp SDK + client)", rss["connected_mib"]],
                                  ["idle MCP server process, RSS", rss["server_rss_mib"]],
                                  ["idle MCP server process, USS", rss["server_uss_mib"]]]))
    tokens = measure_schema_tokens()
    if tokens:
        print("\nFunction schemas as JSON, in SmolLM2 tokens")
        print(table(["schemas", "tokens"], tokens))
    print(f"\nwrote {write_json('tools', {'loop': rows, 'rss': rss, 'schema_tokens': tokens}, args.json)}")


if __name__ == "__main__":
    main()
