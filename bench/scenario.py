"""The 120-turn scenario for every strategy, with the reference articles' settings.

    python -m bench.scenario [--turns 120] [--json FILE]

Per strategy: mean tokens per request over the 10 requests ending at turns 15, 60 and 120
(the request = the context built after the user's message, as the agent sends it);
early-fact recall at those turns (share of the 22 planted facts whose current value is
verbatim in the context built for a question about it); compressions and extra LLM calls
per 100 turns; memory time per turn (add + context + add; compression is background work
and reported on its own); the Python heap the session holds at the end (tracemalloc, a
separate run) and the ring's own bytes (the C arena is malloc'd, outside tracemalloc).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
import tracemalloc

from bench.common import percentile, table, write_json
from edge_agent.scenario import FACTS, SYSTEM, conversation
from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.tokens import default_counter

MARKS = (15, 60, 120)
CONFIGS = {
    "full": ("full", {}),
    "fixed (8 rounds)": ("fixed", {"rounds": 8}),
    "fixed (article: 4096/800)": ("fixed", {"rounds": 10**6}),
    "sliding (4096/320)": ("sliding", {"overlap_tokens": 320}),
    "summary (1600/600)": ("summary", {}),
    "hybrid (20/40 msgs)": ("hybrid", {}),
    "hybrid (summary + 4 rounds)": ("hybrid", {"form": "rounds", "recent_rounds": 4}),
    "sliding + facts + recall": ("sliding", {"overlap_tokens": 320, "facts": True, "recall": True}),
}


async def play(strategy: str, options: dict, turns: int, probe: bool) -> tuple:
    """One run of the conversation; ``probe`` measures tokens, timings and recall."""
    mem = create_memory(strategy, max_tokens=4096, reserve_tokens=800, system=SYSTEM,
                        counter=default_counter(), **options)
    tokens, mem_us, recall, compress_s = [], [], {}, 0.0
    ts = 1_700_000_000.0
    for turn, (user, reply) in enumerate(conversation(turns), start=1):
        ts += 30.0
        t0 = time.perf_counter()
        await mem.add(Message("user", user, ts=ts))
        ctx = mem.context(query=user)
        await mem.add(Message("assistant", reply, ts=ts + 10))
        mem_us.append((time.perf_counter() - t0) * 1e6)
        tokens.append(ctx.tokens)
        t1 = time.perf_counter()
        await mem.flush()
        compress_s += time.perf_counter() - t1
        if probe and turn in MARKS:
            recall[turn] = sum(f.value_at(turn) in mem.context(query=f.question).text() for f in FACTS) / len(FACTS)
    return mem, tokens, mem_us, recall, compress_s


async def run_one(strategy: str, options: dict, turns: int) -> dict:
    mem, tokens, mem_us, recall, compress_s = await play(strategy, options, turns, probe=True)
    tracemalloc.start()  # a second, identical run for the heap: tracemalloc slows the timed one
    kept = await play(strategy, options, turns, probe=False)
    heap = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    per100 = 100 / turns
    return {
        "strategy": strategy, "options": options,
        "tokens": {str(m): sum(tokens[max(0, m - 10):m]) / len(tokens[max(0, m - 10):m]) for m in MARKS if m <= turns},
        "recall": {str(m): v for m, v in recall.items()},
        "compressions_per_100": mem.stats.compressions * per100,
        "llm_calls_per_100": mem.stats.summarizer_llm_calls * per100,
        "memory_us_median": percentile(mem_us, 50), "memory_us_p99": percentile(mem_us, 99),
        "compression_ms_total": compress_s * 1e3,
        "heap_kb": heap / 1024,
        "ring_kb": sys.getsizeof(mem.ring) / 1024,
        "archive_kb": (mem.archive.nbytes / 1024) if mem.archive is not None else 0.0,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=120)
    ap.add_argument("--json")
    args = ap.parse_args()
    results = {name: asyncio.run(run_one(s, o, args.turns)) for name, (s, o) in CONFIGS.items()}
    marks = [m for m in MARKS if m <= args.turns]
    headers = (["strategy"] + [f"tokens@{m}" for m in marks] + [f"recall@{m}" for m in marks]
               + ["compress/100", "LLM calls/100", "mem us p50", "mem us p99", "py heap KB", "ring KB"])
    rows = [[name] + [r["tokens"][str(m)] for m in marks] + [f"{r['recall'][str(m)]:.0%}" for m in marks]
            + [r["compressions_per_100"], r["llm_calls_per_100"], r["memory_us_median"], r["memory_us_p99"],
               r["heap_kb"], r["ring_kb"]] for name, r in results.items()]
    print(f"120-turn scenario ({len(FACTS)} planted facts, 2 changed), exact DeepSeek token counts")
    print(table(headers, rows))
    print(f"JSON: {write_json('scenario', {'turns': args.turns, 'results': results}, args.json)}")


if __name__ == "__main__":
    main()
