"""Cloud cost per 100 turns, per memory strategy and price table, with and without prefix stability.

    python -m bench.cost [--turns 120] [--budget 4096] [--reserve 800] [--low-water 0.7] [--prices FILE] [--json FILE]

The 120-turn scenario through each memory (exact DeepSeek token counts, the reference
4096-token budget with 800 kept for the reply; summaries by the extractive summarizer, each
compression awaited before the next turn). Per turn: the prompt's tokens, the prefix it
shares with the previous prompt (measured by the memory), and the scenario reply's tokens.
Each vendor's caching rule (``edge_agent.cost.Price.cached``: block size, minimum prompt)
turns the shared prefix into billed cache hits. Reported: mean prompt tokens, the share of
input billed as cache hits per vendor, USD per 100 turns, early-fact recall at turn 120.
"""

from __future__ import annotations

import argparse
import asyncio

from bench.common import table, write_json
from edge_agent.cost import conversation_cost, load_prices
from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.scenario import FACTS, SYSTEM, conversation
from edge_agent.tokens import default_counter

STRATEGIES = ("fixed", "sliding", "summary", "hybrid")


async def calls(strategy: str, turns: int, budget: int, reserve: int, low_water: float | None) -> dict:
    counter = default_counter()
    config = {"max_tokens": budget, "reserve_tokens": reserve, "system": SYSTEM, "counter": counter,
              "low_water": low_water}
    if strategy == "fixed":
        config["rounds"] = 10
    mem = create_memory(strategy, **config)
    out = []
    for t, (user, reply) in enumerate(conversation(turns)):
        await mem.add(Message("user", user, ts=30.0 * t))
        ctx = mem.context(query=user)
        out.append((ctx.tokens, ctx.prefix_tokens, counter(reply)))
        await mem.add(Message("assistant", reply, ts=30.0 * t + 1))
        await mem.flush()
    recall = sum(f.value_at(turns) in mem.context(query=f.question).text() for f in FACTS) / len(FACTS)
    return {"calls": out, "recall_120": recall}


def summarize(run: dict, prices: dict, turns: int) -> dict:
    calls_ = run["calls"]
    prompt = sum(c[0] for c in calls_)
    row = {"mean_prompt_tokens": prompt / len(calls_), "mean_prefix_tokens": sum(c[1] for c in calls_) / len(calls_),
           "recall_120": run["recall_120"]}
    for name, price in prices.items():
        hits = sum(price.cached(prefix, p) for p, prefix, _ in calls_)
        row[f"{name}_hit_share"] = hits / prompt
        row[f"{name}_usd_per_100"] = conversation_cost(price, calls_) * 100 / turns
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=120)
    ap.add_argument("--budget", type=int, default=4096)
    ap.add_argument("--reserve", type=int, default=800)
    ap.add_argument("--low-water", type=float, default=0.7)
    ap.add_argument("--prices", help="a TOML price table added to the built-in one")
    ap.add_argument("--json")
    args = ap.parse_args()
    prices = load_prices(args.prices)
    results = {}
    for strategy in STRATEGIES:
        for label, lw in (("shift", None), ("stable", args.low_water)):
            run = asyncio.run(calls(strategy, args.turns, args.budget, args.reserve, lw))
            results[f"{strategy}/{label}"] = summarize(run, prices, args.turns)
    names = list(prices)
    rows = [[key, r["mean_prompt_tokens"], r["mean_prefix_tokens"]] + [f"{r[f'{n}_hit_share']:.0%}" for n in names]
            + [f"${r[f'{n}_usd_per_100']:.4f}" for n in names] + [f"{r['recall_120']:.0%}"]
            for key, r in results.items()]
    print(f"{args.turns}-turn scenario, {args.budget}-token budget ({args.reserve} for the reply), exact DeepSeek "
          f"tokens; prefix-stable = low_water {args.low_water}; USD per 100 turns")
    print(table(["memory", "prompt tok", "shared prefix"] + [f"hit {n}" for n in names]
                + [f"$/100 {n}" for n in names] + ["recall@120"], rows))
    print(f"prices (USD per 1M tokens: hit / miss / output): "
          + "; ".join(f"{p.name} {p.cache_hit}/{p.cache_miss}/{p.output}" for p in prices.values()))
    print(f"JSON: {write_json('cost', {'args': vars(args), 'results': results}, args.json)}")


if __name__ == "__main__":
    main()
