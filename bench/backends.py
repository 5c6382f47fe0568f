"""The local model on this machine: runtime overhead, time to first token, tokens per second.

    python -m bench.backends [--threads 1] [--turns 30] [--json FILE]

1. Overhead: the 120-turn scenario's first ``--turns`` turns through ``Agent.turn`` (memory,
   router, local backend) against a direct ``llama_cpp.Llama.create_chat_completion`` on the
   identical messages, each with its own model instance and so its own KV cache, alternating
   turn by turn. Ratio of the median times to first token (target <= 1.05).
2. Prompts of 256, 1,024 and 2,048 tokens: time to first token and generation speed, cold
   (KV cache reset) and with the prompt's prefix cached (the same prompt plus a short new turn).
"""

from __future__ import annotations

import argparse
import asyncio
import time

from bench.common import percentile, table, write_json
from edge_agent.scenario import SYSTEM, conversation
from edge_agent.agent import Agent
from edge_agent.backends import Router
from edge_agent.backends.local import LocalBackend
from edge_agent.backends.models import default_model_path

REPLY_TOKENS = 16


def _direct(n_ctx: int, threads: int):
    from llama_cpp import Llama

    return Llama(model_path=str(default_model_path()), n_ctx=n_ctx, n_threads=threads, n_batch=256, verbose=False)


def _ttft(llm, messages, max_tokens: int) -> tuple[float, float, int]:
    """(time to first token, total, completion chunks) of a direct streamed call."""
    t0 = time.perf_counter()
    first, n = None, 0
    for chunk in llm.create_chat_completion(messages=messages, max_tokens=max_tokens, temperature=0, stream=True):
        if (chunk["choices"][0].get("delta") or {}).get("content"):
            n += 1
            if first is None:
                first = time.perf_counter() - t0
    return first or 0.0, time.perf_counter() - t0, n


class Recording:
    """Delegates to a backend and keeps the messages of the last request."""

    def __init__(self, inner: LocalBackend) -> None:
        self.inner, self.name, self.last = inner, inner.name, []
        self.tokenizer, self.n_ctx = inner.tokenizer, inner.n_ctx

    async def complete(self, messages, **kw):
        self.last = list(messages)
        return await self.inner.complete(messages, **kw)

    async def aclose(self) -> None:
        await self.inner.aclose()


async def overhead(turns: int, threads: int) -> dict:
    backend = Recording(LocalBackend(n_ctx=2048, n_threads=threads, n_batch=256))
    agent = Agent(Router(local=backend), strategy="sliding", system=SYSTEM, max_reply_tokens=REPLY_TOKENS,
                  temperature=0.0)
    direct = _direct(2048, threads)
    ours, theirs = [], []
    for user, _ in conversation(turns):
        result = await agent.turn("bench", user)
        ours.append(result.timings["first_token_s"] or 0.0)
        theirs.append(_ttft(direct, backend.last, REPLY_TOKENS)[0])  # the identical prompt, directly
    await agent.aclose()
    direct.close()
    return {"turns": turns, "runtime_ttft_median_s": percentile(ours, 50),
            "direct_ttft_median_s": percentile(theirs, 50), "ratio": percentile(ours, 50) / percentile(theirs, 50)}


def prompt_of(tokens: int, tokenizer) -> list[dict]:
    text, words = [], 0
    base = "设备日志分析 the board reported memory pressure at 03:00, watchdog switched to sliding window. "
    while tokenizer("".join(text)) < tokens - 30:
        text.append(base)
        words += 1
    return [{"role": "system", "content": "Summarize the log."}, {"role": "user", "content": "".join(text)}]


def speed(threads: int) -> list[dict]:
    llm = _direct(4096, threads)
    backend = LocalBackend(n_ctx=4096, n_threads=threads)
    rows = []
    for size in (256, 1024, 2048):
        messages = prompt_of(size, backend.tokenizer)
        n_prompt = len(backend.tokenizer.prompt_tokens(messages))
        llm.reset()
        cold_first, cold_total, n = _ttft(llm, messages, 64)
        follow = messages + [{"role": "assistant", "content": "ok"}, {"role": "user", "content": "More detail?"}]
        warm_first, warm_total, m = _ttft(llm, follow, 64)
        rows.append({"prompt_tokens": n_prompt, "cold_ttft_s": cold_first, "cached_ttft_s": warm_first,
                     "tokens_per_s": (n - 1) / max(1e-9, cold_total - cold_first) if n > 1 else 0.0,
                     "cached_tokens_per_s": (m - 1) / max(1e-9, warm_total - warm_first) if m > 1 else 0.0})
    llm.close()
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--turns", type=int, default=30)
    ap.add_argument("--json")
    args = ap.parse_args()
    over = asyncio.run(overhead(args.turns, args.threads))
    rows = speed(args.threads)
    print(f"Local model SmolLM2-135M-Instruct Q4_1, {args.threads} thread(s)")
    print(table(["path", "median time to first token (s)"],
                [["edge-agent Agent.turn", over["runtime_ttft_median_s"]],
                 ["direct llama_cpp create_chat_completion", over["direct_ttft_median_s"]],
                 ["ratio (target <= 1.05)", over["ratio"]]]))
    print()
    print(table(["prompt tokens", "cold TTFT s", "cached TTFT s", "tokens/s"],
                [[r["prompt_tokens"], r["cold_ttft_s"], r["cached_ttft_s"], r["tokens_per_s"]] for r in rows]))
    print(f"JSON: {write_json('backends', {'threads': args.threads, 'overhead': over, 'speed': rows}, args.json)}")


if __name__ == "__main__":
    main()
