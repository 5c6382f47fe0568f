"""Prefix-stable memory on the local model: time to first token, shifting vs stable windows.

    python -m bench.prefix [--strategies hybrid] [--turns 120] [--budget 4096] [--reserve 800]
                           [--low-water 0.7] [--json FILE] [--memory-only]

The 120-turn scenario through ``Agent.turn`` on the local SmolLM2-135M (1 thread, n_ctx
2048, 8-token replies), the memory counting with the model's own vocabulary. The defaults are
the daemon's configuration (``daemon.memory_config`` of the default ``Config``: hybrid,
``max_tokens`` clamped to the model's n_ctx, 800 reserved, low_water 0.7, its summary limit
and encoder), except that compressions are awaited between turns without a cooldown, so that
both runs compress at the same turns. Per strategy, the reference memory whose prompt head
shifts every turn (``low_water`` off) against its prefix-stable form (when full, evict down to
that share, then append; facts and recall just before the newest question).
Reported: median time to first token over turns 1-15, 55-65 and 110-120 and over 60-120,
prefill tokens per turn (prompt - cached), the prefix reuse the memory measured, and
early-fact recall at the end (fact table on for both).
"""

from __future__ import annotations

import argparse
import asyncio

from bench.common import percentile, table, write_json
from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.agent import Agent
from edge_agent.backends import Router, Timeouts
from edge_agent.backends.local import LocalBackend
from edge_agent.config import Config
from edge_agent.daemon import memory_config
from edge_agent.scenario import FACTS, SYSTEM, conversation

N_CTX = 2048   # the local model's context


def memory(strategy: str, budget: int, reserve: int, low_water: float | None) -> dict:
    """The daemon's memory keywords for ``strategy`` at this budget (the fact table on)."""
    out = memory_config(Config(strategy=strategy, max_tokens=budget, reserve_tokens=reserve))
    out |= {"facts": True, "low_water": low_water}
    if strategy in ("summary", "hybrid"):
        out["cooldown_s"] = 0
    return out


async def run(strategy: str, turns: int, budget: int, reserve: int, low_water: float | None) -> dict:
    # generous timeouts: on a busy host a cold 1,000-token prefill can take over 30 s
    local = LocalBackend(n_ctx=N_CTX, n_threads=1, timeouts=Timeouts(first_token_s=300, total_s=600))
    agent = Agent(Router(local=local), strategy=strategy, system=SYSTEM, max_reply_tokens=8, temperature=0.0,
                  memory=memory(strategy, budget, reserve, low_water))
    ttft, prefill, reuse = [], [], []
    for user, _ in conversation(turns):
        r = await agent.turn("bench", user)
        ttft.append(r.timings["first_token_s"])
        prefill.append(r.usage.prompt_tokens - r.usage.cached_tokens)
        reuse.append(r.prefix_tokens)
        await agent.memory("bench").flush()
    mem = agent.memory("bench")
    recall = sum(f.value_at(turns) in mem.context(query=f.question).text() for f in FACTS) / len(FACTS)
    await agent.aclose()
    med = lambda a, b: percentile(ttft[a - 1:b], 50)  # noqa: E731
    return {"strategy": strategy, "low_water": low_water, "ttft_1_15": med(1, 15), "ttft_55_65": med(55, 65),
            "ttft_110_120": med(110, 120), "ttft_60_120": med(60, 120), "prefill_median": percentile(prefill, 50),
            "prefill_60_120": percentile(prefill[59:], 50), "prefix_reuse_60_120": percentile(reuse[59:], 50),
            "recall_120": recall}


async def memory_only(strategy: str, turns: int, budget: int, reserve: int, low_water: float | None) -> dict:
    """The prompts alone (no model, the exact cloud counter): tokens of each prompt not shared
    with the previous one (what a prefix cache must prefill), median over turns 60-120."""
    mem = create_memory(strategy, system=SYSTEM, **memory(strategy, budget, reserve, low_water))
    new, reuse = [], []
    for t, (user, reply) in enumerate(conversation(turns)):
        await mem.add(Message("user", user, ts=30.0 * t))
        ctx = mem.context(query=user)
        new.append(ctx.tokens - ctx.prefix_tokens)
        reuse.append(ctx.prefix_tokens)
        await mem.add(Message("assistant", reply[:40], ts=30.0 * t + 1))  # about an 8-token reply
        await mem.flush()
    return {"strategy": strategy, "low_water": low_water, "new_60_120": percentile(new[59:], 50),
            "reuse_60_120": percentile(reuse[59:], 50)}


def main_memory_only(args) -> None:
    rows, results = [], {}
    for strategy in args.strategies.split(","):
        shift = asyncio.run(memory_only(strategy, args.turns, args.budget, args.reserve, None))
        stable = asyncio.run(memory_only(strategy, args.turns, args.budget, args.reserve, args.low_water))
        results[strategy] = {"shift": shift, "stable": stable, "ratio": stable["new_60_120"] / shift["new_60_120"]}
        rows += [[f"{strategy}, shifts every turn", shift["new_60_120"], shift["reuse_60_120"], ""],
                 [f"{strategy}, prefix-stable {args.low_water}", stable["new_60_120"], stable["reuse_60_120"],
                  f"{results[strategy]['ratio']:.2f}"]]
    print(f"{args.turns}-turn scenario, prompts only (no model), max_tokens {args.budget}, reserve {args.reserve}, "
          "DeepSeek tokens")
    print(table(["memory", "new tokens per prompt 60-120", "shared with the last prompt", "stable / shifting"], rows))
    print(f"JSON: {write_json('prefix_memory', results, args.json)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    defaults = Config()
    ap.add_argument("--strategies", default=defaults.strategy, help="e.g. sliding,summary,hybrid")
    ap.add_argument("--turns", type=int, default=120)
    ap.add_argument("--budget", type=int, default=defaults.max_tokens,
                    help=f"max_tokens (on the local model clamped to its n_ctx, {N_CTX})")
    ap.add_argument("--reserve", type=int, default=defaults.reserve_tokens)
    ap.add_argument("--low-water", type=float, default=defaults.low_water)
    ap.add_argument("--json")
    ap.add_argument("--memory-only", action="store_true",
                    help="no model: the tokens each prompt does not share with the previous one")
    args = ap.parse_args()
    if args.memory_only:
        return main_memory_only(args)
    results, rows = {}, []
    for strategy in args.strategies.split(","):
        shift = asyncio.run(run(strategy, args.turns, args.budget, args.reserve, None))
        stable = asyncio.run(run(strategy, args.turns, args.budget, args.reserve, args.low_water))
        results[strategy] = {"shift": shift, "stable": stable,
                             "ratio_60_120": stable["ttft_60_120"] / shift["ttft_60_120"]}
        for name, r in ((f"{strategy}, shifts every turn", shift), (f"{strategy}, prefix-stable {args.low_water}", stable)):
            rows.append([name] + [r[k] for k in ("ttft_1_15", "ttft_55_65", "ttft_110_120", "ttft_60_120",
                                                 "prefill_60_120", "prefix_reuse_60_120")] + [f"{r['recall_120']:.0%}"])
            print(" | ".join(str(c) for c in rows[-1]), flush=True)  # a long run: each result as it comes
    print(f"{args.turns}-turn scenario on SmolLM2-135M (1 thread), max_tokens {min(args.budget, N_CTX)}, "
          f"reserve {args.reserve}, local vocabulary")
    print(table(["memory", "TTFT s 1-15", "55-65", "110-120", "60-120", "prefill tok 60-120", "prefix reuse 60-120",
                 "recall@120"], rows))
    for strategy, r in results.items():
        print(f"{strategy}: median TTFT over turns 60-120, prefix-stable / shifting (target <= 0.4): "
              f"{r['ratio_60_120']:.2f}")
    print(f"JSON: {write_json('prefix', results, args.json)}")


if __name__ == "__main__":
    main()
