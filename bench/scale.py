"""Per-turn cost as the conversation grows: add + context + add at 120, 2,000 and 10,000 turns.

    python -m bench.scale [--turns 120,2000,10000] [--strategies NAME,...] [--json FILE]

Median and p99 microseconds per turn over the whole run and over its last 100 turns (flat
means the last 100 turns of a 10,000-turn conversation cost what a short one does), with
exact token counting included. Summary and hybrid are timed three ways (SETTLE): with no
compression at all, with flush() awaited and timed each turn, and with flush() awaited between
turns (what a daemon turn waits for). Baseline: a plain collections.deque
of dicts with cached counts, filled the same way. Bytes held per stored message: the C
ring's own bytes over its records at steady state, against the deque's dicts and strings.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections import deque

from bench.common import percentile, table, write_json
from edge_agent.scenario import SYSTEM, conversation
from edge_agent import ringbuf
from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.tokens import MESSAGE_OVERHEAD, default_counter

STRATEGIES = [("fixed", {}), ("sliding", {}), ("summary", {}), ("hybrid", {}), ("full", {}), ("daemon default", {})]
FULL_MAX_TURNS = 2000  # full history is O(n) per turn by design; 10,000 turns would take minutes


def messages(turns: int):
    base = conversation(120)
    for t in range(turns):
        user, reply = base[t % 120]
        yield f"[{t}] {user}", f"[{t}] {reply}"


class DequeBaseline:
    """A plain deque of dicts with cached token counts: the obvious pure-Python window."""

    def __init__(self, budget: int, counter) -> None:
        self.budget, self.counter, self.items, self.total = budget, counter, deque(), 0

    def add(self, role: str, content: str) -> None:
        n = self.counter(content) + MESSAGE_OVERHEAD
        self.items.append({"role": role, "content": content, "tokens": n})
        self.total += n
        while self.total > self.budget and len(self.items) > 1:
            self.total -= self.items.popleft()["tokens"]

    def context(self) -> list[dict]:
        return [{"role": d["role"], "content": d["content"]} for d in self.items]

    def bytes_per_message(self) -> float:
        per = [sys.getsizeof(d) + sys.getsizeof(d["content"]) + sys.getsizeof(d["tokens"]) for d in self.items]
        return sum(per) / len(per) + 8  # + the deque's slot


def make_memory(strategy: str, options: dict, counter):
    """``daemon default``: the daemon's own configuration (strategy and memory_config)."""
    if strategy == "daemon default":
        from edge_agent.config import Config
        from edge_agent.daemon import memory_config

        return create_memory(Config().strategy, system=SYSTEM, counter=counter, **memory_config(Config(), None))
    return create_memory(strategy, system=SYSTEM, counter=counter, **options)


async def session_heap(strategy: str, options: dict, turns: int) -> float:
    """KiB of Python heap one session holds after ``turns`` turns (tracemalloc; the shared
    tokenizer is made before tracing starts)."""
    import tracemalloc

    counter = default_counter()
    counter("warm up")
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    mem = make_memory(strategy, options, counter)
    ts = 0.0
    for user, reply in messages(turns):
        ts += 30.0
        await mem.add(Message("user", user, ts=ts))
        mem.context(query=user)
        await mem.add(Message("assistant", reply, ts=ts + 10))
        await mem.flush()
    held = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return (held + sys.getsizeof(mem.ring)) / 1024


# how compression runs: "none" (the loop never yields, so a background compression never
# starts), "inside" (flush() awaited each turn and timed with it), "between" (flush() awaited
# after each turn, untimed: a daemon compresses while the client reads the reply, so a turn
# waits for add + context + add alone)
SETTLE = {"none": "", "inside": " +compression", "between": " +compression between turns"}


async def time_memory(strategy: str, options: dict, turns: int, settle: str) -> dict:
    counter = default_counter()
    mem = make_memory(strategy, options, counter)
    per_turn = []
    ts = 0.0
    for user, reply in messages(turns):
        ts += 30.0
        t0 = time.perf_counter()
        await mem.add(Message("user", user, ts=ts))
        mem.context(query=user)
        await mem.add(Message("assistant", reply, ts=ts + 10))
        if settle == "inside":
            await mem.flush()
        per_turn.append((time.perf_counter() - t0) * 1e6)
        if settle == "between":
            await mem.flush()
    await mem.flush()
    ring = mem.ring
    payload = ring.total_bytes / max(1, len(ring))
    return {"p50": percentile(per_turn, 50), "p99": percentile(per_turn, 99),
            "last100_p50": percentile(per_turn[-100:], 50), "last100_p99": percentile(per_turn[-100:], 99),
            "ring_records": len(ring), "payload_bytes": payload,
            "ring_bytes_per_message": sys.getsizeof(ring) / max(1, len(ring))}


def time_deque(turns: int) -> dict:
    base = DequeBaseline(4096 - 800, default_counter())
    per_turn = []
    for user, reply in messages(turns):
        t0 = time.perf_counter()
        base.add("user", user)
        base.context()
        base.add("assistant", reply)
        per_turn.append((time.perf_counter() - t0) * 1e6)
    return {"p50": percentile(per_turn, 50), "p99": percentile(per_turn, 99),
            "last100_p50": percentile(per_turn[-100:], 50), "last100_p99": percentile(per_turn[-100:], 99),
            "bytes_per_message": base.bytes_per_message(),
            "payload_bytes": sum(len(d["content"].encode()) for d in base.items) / len(base.items)}


def steady_ring_overhead(n: int = 4096) -> dict:
    """A ring filled to its record bound with scenario payloads: bytes held per message."""
    payloads = [m.encode() for pair in messages(n // 2) for m in pair]
    size = sum(len(p) for p in payloads)
    r = ringbuf.RingBuffer(n, size)
    for i, p in enumerate(payloads):
        r.push(1 if i % 2 == 0 else 2, p, 40, 0.0, 1 if i % 2 == 0 else 0)
    per = sys.getsizeof(r) / len(r)
    payload = r.total_bytes / len(r)
    return {"records": len(r), "payload_bytes": payload, "bytes_per_message": per, "overhead": per - payload}


async def run(turn_marks: list[int], only: set[str] | None = None) -> dict:
    results: dict = {"memory": {}, "deque": {}, "ring": steady_ring_overhead()}
    for turns in turn_marks:
        for strategy, options in STRATEGIES:
            if only and strategy not in only:
                continue
            if strategy == "full" and turns > FULL_MAX_TURNS:
                continue
            modes = list(SETTLE) if strategy in ("summary", "hybrid", "daemon default") else ["none"]
            for settle in modes:
                name = f"{strategy}{SETTLE[settle]}"
                results["memory"].setdefault(name, {})[str(turns)] = await time_memory(strategy, options, turns, settle)
        results["deque"][str(turns)] = time_deque(turns)
        results.setdefault("session_kib", {})[str(turns)] = await session_heap("daemon default", {}, turns)
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", default="120,2000,10000")
    ap.add_argument("--strategies", help="comma-separated subset, e.g. 'daemon default,sliding'")
    ap.add_argument("--json")
    args = ap.parse_args()
    marks = [int(x) for x in args.turns.split(",")]
    res = asyncio.run(run(marks, set(args.strategies.split(",")) if args.strategies else None))
    rows = []
    for name, by_n in list(res["memory"].items()) + [("deque of dicts (baseline)", res["deque"])]:
        for n, r in by_n.items():
            rows.append([name, int(n), r["p50"], r["p99"], r["last100_p50"], r["last100_p99"]])
    print(f"Per-turn cost (add + context + add, exact token counts; ring: {ringbuf.IMPLEMENTATION})")
    print(table(["memory", "turns", "us p50", "us p99", "last 100 p50", "last 100 p99"], rows))
    ring, dq = res["ring"], res["deque"][str(marks[-1])]
    print()
    print(table(["store", "payload B/msg", "held B/msg", "overhead B/msg"],
                [[f"{ringbuf.IMPLEMENTATION} ring ({ring['records']} records)", ring["payload_bytes"],
                  ring["bytes_per_message"], ring["overhead"]],
                 ["deque of dicts", dq["payload_bytes"], dq["bytes_per_message"],
                  dq["bytes_per_message"] - dq["payload_bytes"]]]))
    print()
    print(table(["daemon default session", "turns", "KiB held (heap + ring)"],
                [["daemon default", int(n), kib] for n, kib in res["session_kib"].items()]))
    print(f"JSON: {write_json('scale', {'turns': marks, **res}, args.json)}")


if __name__ == "__main__":
    main()
