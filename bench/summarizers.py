"""Extractive against LLM summaries (local SmolLM2-135M) on the 120-turn scenario.

    python -m bench.summarizers [--turns 120] [--threads 1] [--json FILE]

The summary strategy with the fact table switched off, so the summary alone must carry the
facts: early-fact recall at the end, compressions, LLM calls, how many LLM summaries were
rejected for dropping a key fact (the extractive one is then used), and the time spent
compressing per compression.
"""

from __future__ import annotations

import argparse
import asyncio
import time

from bench.common import table, write_json
from edge_agent.scenario import FACTS, SYSTEM, conversation
from edge_agent.backends.local import LocalBackend
from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.summarize import ExtractiveSummarizer, LLMSummarizer
from edge_agent.tokens import default_counter


async def run(summarizer, turns: int) -> dict:
    mem = create_memory("summary", system=SYSTEM, facts=False, recall=False, summarizer=summarizer,
                        counter=default_counter())
    spent, ts = 0.0, 0.0
    for user, reply in conversation(turns):
        ts += 30
        await mem.add(Message("user", user, ts=ts))
        await mem.add(Message("assistant", reply, ts=ts + 10))
        t0 = time.perf_counter()
        await mem.flush()
        spent += time.perf_counter() - t0
    recall = sum(f.value_at(turns) in mem.context(query=f.question).text() for f in FACTS) / len(FACTS)
    n = max(1, mem.stats.compressions)
    return {"recall": recall, "compressions": mem.stats.compressions, "failures": mem.stats.compression_failures,
            "llm_calls": getattr(summarizer, "llm_calls", 0), "rejections": getattr(summarizer, "rejections", 0),
            "seconds_per_compression": spent / n, "summary_lines": len(mem.summary)}


async def main_async(turns: int, threads: int) -> dict:
    local = LocalBackend(n_ctx=4096, n_threads=threads)
    try:
        return {"extractive": await run(ExtractiveSummarizer(), turns),
                "llm (SmolLM2-135M, local)": await run(LLMSummarizer(local), turns)}
    finally:
        await local.aclose()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=120)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--json")
    args = ap.parse_args()
    res = asyncio.run(main_async(args.turns, args.threads))
    print(f"summary memory without the fact table, {args.turns} turns")
    print(table(["summarizer", "early-fact recall", "compressions", "LLM calls", "rejected", "s / compression"],
                [[k, f"{r['recall']:.0%}", r["compressions"], r["llm_calls"], r["rejections"],
                  r["seconds_per_compression"]] for k, r in res.items()]))
    print(f"JSON: {write_json('summarizers', {'turns': args.turns, 'results': res}, args.json)}")


if __name__ == "__main__":
    main()
