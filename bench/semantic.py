"""What semantic recall costs: the encoder's load, RAM and speed, and memory time per turn on
an English conversation with and without it.

    python -m bench.semantic [--turns 120,2000,10000] [--json FILE]

The conversation is friends_long's messages (seed 0) replayed as user/assistant rounds as
long as needed; each turn: add the user message, context(query=it) in the daemon's default
configuration, add the reply, flush() (which waits for the background embedding). Reported
per turn over the last 100 turns: the time in add + context (what the turn waits for) and in
flush (the worker thread's embedding, off the turn's path in the daemon).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import time

import psutil

from bench.common import percentile, table, write_json
from bench.evalsets import friends_long


def encoder_figures() -> dict:
    proc = psutil.Process()
    before = proc.memory_info().rss
    t0 = time.perf_counter()
    from edge_agent.memory.embed import shared

    enc = shared()
    load_s = time.perf_counter() - t0
    conv = friends_long.generate(0)
    texts = [t.content for t in conv.turns[:256]]
    t0 = time.perf_counter()
    enc.encode(texts)
    batch_ms = (time.perf_counter() - t0) * 1000 / len(texts)
    queries = [q.text for q in conv.questions[:30]]
    times = []
    for q in queries:
        t0 = time.perf_counter()
        enc.encode([q])
        times.append((time.perf_counter() - t0) * 1000)
    full = proc.memory_full_info()
    from edge_agent.memory.embed import IMPLEMENTATION, KERNEL

    print(f"encoder: {IMPLEMENTATION} (kernel {KERNEL})")
    return {"load_s": load_s, "ms_per_message_batched": batch_ms, "ms_per_question_p50": percentile(times, 50),
            "rss_growth_mb": (full.rss - before) / 2**20, "shared_file_mb": full.shared / 2**20}


async def per_turn(turns: int, semantic: bool) -> dict:
    from edge_agent.config import Config
    from edge_agent.daemon import memory_config
    from edge_agent.memory import create_memory
    from edge_agent.messages import Message

    cfg = dataclasses.replace(Config(), semantic_recall="on" if semantic else "off")
    conv = friends_long.generate(0)
    mem = create_memory(cfg.strategy, system=conv.system, **memory_config(cfg))
    msgs = [t.content for t in conv.turns]
    turn_ms, flush_ms = [], []
    for i in range(turns):
        user, reply = msgs[(2 * i) % len(msgs)], msgs[(2 * i + 1) % len(msgs)]
        t0 = time.perf_counter()
        await mem.add(Message("user", user, ts=1_700_000_000 + 60 * i))
        mem.context(query=user)
        await mem.add(Message("assistant", reply, ts=1_700_000_030 + 60 * i))
        t1 = time.perf_counter()
        await mem.flush()
        turn_ms.append((t1 - t0) * 1000)
        flush_ms.append((time.perf_counter() - t1) * 1000)
    last = slice(-100, None)
    return {"turns": turns, "semantic": semantic, "turn_ms_p50_last100": percentile(turn_ms[last], 50),
            "turn_ms_p99_last100": percentile(turn_ms[last], 99), "flush_ms_p50_last100": percentile(flush_ms[last], 50),
            "vectors": mem.archive.dense.encoded if mem.archive.dense else 0,
            "dense_mb": (mem.archive.dense.nbytes if mem.archive.dense else 0) / 2**20}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", default="120,2000,10000")
    ap.add_argument("--json", default=None)
    a = ap.parse_args()
    enc = encoder_figures()
    print(table(["encoder", "value"], [[k, f"{v:.2f}"] for k, v in enc.items()]))
    rows, runs = [], []
    for n in (int(x) for x in a.turns.split(",")):
        for semantic in (False, True):
            r = asyncio.run(per_turn(n, semantic))
            runs.append(r)
            rows.append([n, "on" if semantic else "off", f"{r['turn_ms_p50_last100']:.2f}", f"{r['turn_ms_p99_last100']:.2f}",
                         f"{r['flush_ms_p50_last100']:.2f}", f"{r['dense_mb']:.1f}"])
            print(rows[-1], flush=True)
    print(table(["turns", "semantic recall", "turn ms p50 (last 100)", "p99", "flush ms p50 (embedding)",
                 "vectors MiB"], rows))
    print(f"JSON: {write_json('semantic', {'encoder': enc, 'runs': runs}, a.json)}")


if __name__ == "__main__":
    main()
