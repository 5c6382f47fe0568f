"""edge-agent's memory side by side with the libraries users would otherwise pick.

    make bench-peers        # creates .venv-peers (never a runtime dependency), then runs:
    .venv-peers/bin/python -m bench.peers [--turns 120,2000,10000] [--samples 50] [--timeout 300] [--json FILE]

One workload, one token counter (the exact DeepSeek tokenizer, 4 tokens of overhead per
message), one budget (4,096 - 800 = 3,296 tokens for the prompt). A turn is: store the
user's message, build the prompt the model would get, store the reply. Each memory is
filled with ``turns - samples`` turns (not timed), then ``samples`` turns are timed: median
and p99 microseconds per turn at that length (slow ones stop after 60 s of timed turns). Each
memory and length runs in its own process; one that does not finish in ``--timeout``
seconds is reported as "> timeout" (LlamaIndex's ``get`` recounts the whole history each
time it drops a message: quadratic in the history, minutes per turn at 2,000 turns).

- LangChain: ``langchain_core.messages.trim_messages`` over the application's message list
  (strategy "last", the system message kept, starting on a human message), every turn.
- LlamaIndex: ``llama_index.core.memory.ChatMemoryBuffer`` (``token_limit``,
  ``tokenizer_fn``), ``put`` and ``get``.
- AutoGen: ``autogen_core.model_context.TokenLimitedChatCompletionContext`` with a model
  client whose ``count_tokens`` uses the same counter; ``add_message`` and ``get_messages``.
- edge-agent: ``create_memory("sliding")`` and ``create_memory("summary")`` (compression in
  the background, as in the daemon), ``add`` and ``context``.

Memory per stored message: for the libraries, the Python heap they hold for the history
(tracemalloc, after 2,000 turns); for edge-agent, the ring's own bytes (C arena and records,
``sys.getsizeof``) over the records it holds.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import subprocess
import sys
import time
import tracemalloc

from bench.common import percentile, table, write_json
from bench.scale import messages
from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.scenario import SYSTEM
from edge_agent.tokens import MESSAGE_OVERHEAD, default_counter

BUDGET = 4096 - 800
COUNTER = default_counter()


class LangChain:
    name = "LangChain trim_messages"

    def __init__(self) -> None:
        from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, trim_messages

        self._trim, self._human, self._ai = trim_messages, HumanMessage, AIMessage
        self.history = [SystemMessage(SYSTEM)]

    @staticmethod
    def _count(messages) -> int:
        return sum(COUNTER(m.content) + MESSAGE_OVERHEAD for m in messages)

    async def add(self, role: str, text: str) -> None:
        self.history.append(self._human(text) if role == "user" else self._ai(text))

    async def context(self, query: str):
        return self._trim(self.history, max_tokens=BUDGET, token_counter=self._count, strategy="last",
                          include_system=True, start_on="human")

    def held(self):
        return self.history


class LlamaIndex:
    name = "LlamaIndex ChatMemoryBuffer"

    def __init__(self) -> None:
        from llama_index.core.llms import ChatMessage
        from llama_index.core.memory import ChatMemoryBuffer

        self._msg = ChatMessage
        self.memory = ChatMemoryBuffer.from_defaults(token_limit=BUDGET,
                                                     tokenizer_fn=lambda text: range(COUNTER(text)))
        self.memory.put(ChatMessage(role="system", content=SYSTEM))

    async def add(self, role: str, text: str) -> None:
        self.memory.put(self._msg(role="user" if role == "user" else "assistant", content=text))

    async def context(self, query: str):
        return self.memory.get()

    def held(self):
        return self.memory


class AutoGen:
    name = "AutoGen TokenLimitedChatCompletionContext"

    def __init__(self) -> None:
        from autogen_core.model_context import TokenLimitedChatCompletionContext
        from autogen_core.models import AssistantMessage, SystemMessage, UserMessage

        self._user, self._assistant = UserMessage, AssistantMessage
        self.ctx = TokenLimitedChatCompletionContext(Counting(), token_limit=BUDGET,
                                                     initial_messages=[SystemMessage(content=SYSTEM)])

    async def add(self, role: str, text: str) -> None:
        msg = self._user(content=text, source="user") if role == "user" else self._assistant(content=text,
                                                                                             source="assistant")
        await self.ctx.add_message(msg)

    async def context(self, query: str):
        return await self.ctx.get_messages()

    def held(self):
        return self.ctx


class Counting:
    """What TokenLimitedChatCompletionContext asks of its model client: token counts (with the
    shared counter). It never calls the model, so nothing else is provided."""

    def count_tokens(self, messages, *, tools=()):
        return sum(COUNTER(m.content if isinstance(m.content, str) else str(m.content)) + MESSAGE_OVERHEAD
                   for m in messages)

    def remaining_tokens(self, messages, *, tools=()):
        return BUDGET - self.count_tokens(messages)


class EdgeAgent:
    def __init__(self, strategy: str) -> None:
        self.name = f"edge-agent {strategy}"
        self.mem = create_memory(strategy, max_tokens=4096, reserve_tokens=800, system=SYSTEM, counter=COUNTER)
        self.ts = 0.0

    async def add(self, role: str, text: str) -> None:
        self.ts += 15.0
        await self.mem.add(Message(role, text, ts=self.ts))

    async def context(self, query: str):
        return self.mem.context(query=query).messages

    def held(self):
        return self.mem


MEMORIES = [LangChain, LlamaIndex, AutoGen, lambda: EdgeAgent("sliding"), lambda: EdgeAgent("summary")]
NAMES = [LangChain.name, LlamaIndex.name, AutoGen.name, "edge-agent sliding", "edge-agent summary"]


async def one_turn(m, user: str, reply: str) -> None:
    await m.add("user", user)
    await m.context(user)
    await m.add("assistant", reply)


async def per_turn(make, turns: int, samples: int, cap_s: float = 60.0) -> dict:
    m = make()
    pairs = list(messages(turns))
    for user, reply in pairs[: turns - samples]:
        await m.add("user", user)
        await m.add("assistant", reply)
    times: list[float] = []
    spent = time.perf_counter()
    for user, reply in pairs[turns - samples:]:
        t0 = time.perf_counter()
        await one_turn(m, user, reply)
        times.append((time.perf_counter() - t0) * 1e6)
        if time.perf_counter() - spent > cap_s and len(times) >= 5:
            break
    if hasattr(m, "mem"):
        await m.mem.flush()
    return {"name": m.name, "turns": turns, "timed": len(times), "p50_us": percentile(times, 50),
            "p99_us": percentile(times, 99)}


async def bytes_per_message(make, turns: int = 2000) -> dict:
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    m = make()
    for user, reply in messages(turns):
        await m.add("user", user)
        await m.add("assistant", reply)
    if isinstance(m, EdgeAgent):
        await m.mem.flush()
        ring = m.mem.ring
        tracemalloc.stop()
        return {"name": m.name, "messages_held": len(ring), "bytes_per_message": sys.getsizeof(ring) / len(ring)}
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return {"name": m.name, "messages_held": 2 * turns + 1, "bytes_per_message": held / (2 * turns + 1)}


def measure(index: int, turns: int, samples: int, timeout_s: float) -> dict:
    """One memory at one length, in its own process: a library whose turn takes longer than
    ``timeout_s`` is reported as such instead of holding the whole run."""
    cmd = [sys.executable, "-m", "bench.peers", "--one", str(index), "--turns", str(turns), "--samples", str(samples)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s, check=True)
    except subprocess.TimeoutExpired:
        return {"name": NAMES[index], "turns": turns, "timed": 0, "p50_us": None, "p99_us": None,
                "timeout_s": timeout_s}
    return json.loads(done.stdout.strip().splitlines()[-1])


async def run(marks: list[int], samples: int, timeout_s: float) -> dict:
    timing = [measure(i, n, min(samples, n), timeout_s) for n in marks for i in range(len(MEMORIES))]
    memory = [await bytes_per_message(make) for make in MEMORIES]
    return {"timing": timing, "memory": memory}


def us(value: float | None, row: dict) -> object:
    return value if value is not None else f"> {row['timeout_s']:.0f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", default="120,2000,10000")
    ap.add_argument("--samples", type=int, default=50)
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds for one memory at one length")
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--json")
    args = ap.parse_args()
    marks = [int(x) for x in args.turns.split(",")]
    if args.one is not None:  # a child of measure()
        print(json.dumps(asyncio.run(per_turn(MEMORIES[args.one], marks[0], min(args.samples, marks[0])))))
        return
    res = asyncio.run(run(marks, args.samples, args.timeout))
    names = [r["name"] for r in res["memory"]]
    rows = []
    for name in names:
        row = [name]
        for n in marks:
            r = next(t for t in res["timing"] if t["name"] == name and t["turns"] == n)
            row += [us(r["p50_us"], r), us(r["p99_us"], r)]
        row.append(next(r["bytes_per_message"] for r in res["memory"] if r["name"] == name))
        rows.append(row)
    print(f"per turn (store user, build the prompt, store reply), microseconds; {BUDGET}-token prompt budget, "
          f"exact DeepSeek counts; payload ~{sum(len(u) + len(r) for u, r in messages(120)) // 240} chars/message")
    print(table(["memory"] + [f"{h} @{n}" for n in marks for h in ("p50", "p99")] + ["bytes/message"], rows))
    fastest = min((t for t in res["timing"] if t["turns"] == marks[-1] and not t["name"].startswith("edge")
                   and t["p50_us"] is not None), key=lambda t: t["p50_us"])
    ours = next(t for t in res["timing"] if t["turns"] == marks[-1] and t["name"] == "edge-agent sliding")
    print(f"at {marks[-1]} turns: fastest library {fastest['name']} {fastest['p50_us']:.0f} us, edge-agent sliding "
          f"{ours['p50_us']:.0f} us: {fastest['p50_us'] / ours['p50_us']:.1f}x")
    from importlib.metadata import version

    res["versions"] = {lib: version(lib) for lib in ("langchain-core", "llama-index-core", "autogen-core")}
    print("versions: " + ", ".join(f"{k} {v}" for k, v in res["versions"].items()))
    print(f"JSON: {write_json('peers', res, args.json)}")


if __name__ == "__main__":
    main()
