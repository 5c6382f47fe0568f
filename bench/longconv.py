"""Facts from far back in a long English/Chinese conversation, at a 2,048-token budget.

    python -m bench.longconv [--turns 300] [--budget 2048] [--json FILE]

After the whole conversation, for each of the 40 planted needles, the context is built for
a question about it; the share of needles whose answer is verbatim in that context is the
score. The full history (no budget) is the ceiling. Tokens are the mean over the last 10
requests of the conversation.
"""

from __future__ import annotations

import argparse
import asyncio

from bench.common import table, write_json
from bench.longconv_data import NEEDLES, conversation
from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.tokens import default_counter

SYSTEM = "You are a helpful assistant for an engineering team. 你是工程团队的助手。"
CONFIGS = {
    "full (ceiling)": ("full", {}),
    "fixed (8 rounds)": ("fixed", {}),
    "sliding": ("sliding", {}),
    "sliding + recall": ("sliding", {"recall": True}),
    "summary": ("summary", {}),
    "hybrid": ("hybrid", {}),
    "hybrid (summary + 4 rounds)": ("hybrid", {"form": "rounds", "recent_rounds": 4}),
}


async def run_one(strategy: str, options: dict, turns: int, budget: int) -> dict:
    mem = create_memory(strategy, max_tokens=budget, reserve_tokens=budget // 8, system=SYSTEM,
                        counter=default_counter(), **options)
    tokens = []
    ts = 0.0
    for (user, reply), _ in conversation(turns):
        ts += 30.0
        await mem.add(Message("user", user, ts=ts))
        tokens.append(mem.context(query=user).tokens)
        await mem.add(Message("assistant", reply, ts=ts + 10))
        await mem.flush()
    needles = [n for n in NEEDLES if n.turn <= turns]
    found = [n for n in needles if n.answer in mem.context(query=n.question).text()]
    by_age = {}
    for label, lo, hi in (("oldest third", 0, turns // 3), ("middle third", turns // 3, 2 * turns // 3),
                          ("newest third", 2 * turns // 3, turns + 1)):
        group = [n for n in needles if lo <= n.turn < hi]
        by_age[label] = sum(n in found for n in group) / max(1, len(group))
    return {"found": len(found) / len(needles), "by_age": by_age, "tokens": sum(tokens[-10:]) / 10,
            "missed": [n.answer for n in needles if n not in found]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=300)
    ap.add_argument("--budget", type=int, default=2048)
    args = ap.parse_args()
    res = {name: asyncio.run(run_one(s, o, args.turns, args.budget)) for name, (s, o) in CONFIGS.items()}
    rows = [[name, f"{r['found']:.0%}"] + [f"{v:.0%}" for v in r["by_age"].values()] + [r["tokens"]]
            for name, r in res.items()]
    print(f"{args.turns}-turn English/Chinese conversation, {len(NEEDLES)} needles, budget {args.budget} tokens")
    print(table(["memory", "answers in context", "oldest third", "middle third", "newest third", "tokens/request"],
                rows))
    print(f"JSON: {write_json('longconv', {'turns': args.turns, 'budget': args.budget, 'results': res})}")


if __name__ == "__main__":
    main()
