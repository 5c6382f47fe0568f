"""Does a per-session KV state cache pay off for the local model? Measured, not assumed.

    python -m bench.kvstate [--sessions 2] [--turns 8] [--json FILE]

Two (or more) sessions take turns on one llama.cpp model (SmolLM2-135M, 1 thread, n_ctx
2048), each with a conversation of ~700 tokens that grows by one short turn per call (the
120-turn scenario, prefix-stable: the head of each session's prompt does not change). Without
a cache, every switch of session throws the other session's KV away and the whole prompt is
prefilled again. With a cache, ``Llama.save_state()`` after each call and ``load_state()``
before the session's next call restore its KV. Reported: median time to first token, the
state's size per session (what the cache costs in RAM), and the time to save and load it.
"""

from __future__ import annotations

import argparse
import time

from bench.common import percentile, table, write_json
from edge_agent.backends.models import default_model_path
from edge_agent.scenario import SYSTEM, conversation


def prompts(session: int, turns: int) -> list[list[dict]]:
    """The prompt of each turn of one session: a fixed head plus one more turn each time."""
    pairs = conversation(120, seed=session)
    head = [{"role": "system", "content": SYSTEM}]
    for user, reply in pairs[:5]:
        head += [{"role": "user", "content": user}, {"role": "assistant", "content": reply}]
    out = []
    for t in range(turns):
        user, reply = pairs[5 + t]
        out.append(head + [{"role": "user", "content": user}])
        head = head + [{"role": "user", "content": user}, {"role": "assistant", "content": reply}]
    return out


def first_token_s(llm, messages) -> float:
    t0 = time.perf_counter()
    for _ in llm.create_chat_completion(messages=messages, max_tokens=1, temperature=0.0, stream=True):
        return time.perf_counter() - t0
    return time.perf_counter() - t0


def run(n_sessions: int, turns: int, cache: bool) -> dict:
    from llama_cpp import Llama

    llm = Llama(model_path=str(default_model_path()), n_ctx=2048, n_threads=1, verbose=False)
    sessions = [prompts(s, turns) for s in range(n_sessions)]
    states: dict[int, object] = {}
    ttft, sizes, save_s, load_s = [], [], [], []
    for t in range(turns):
        for s in range(n_sessions):
            if cache and s in states:
                t0 = time.perf_counter()
                llm.load_state(states[s])
                load_s.append(time.perf_counter() - t0)
            ttft.append(first_token_s(llm, sessions[s][t]))
            if cache:
                t0 = time.perf_counter()
                states[s] = llm.save_state()
                save_s.append(time.perf_counter() - t0)
                sizes.append(states[s].llama_state_size)
    tokens = len(llm.tokenize(str(sessions[0][-1]).encode()))
    llm.close()
    skip = n_sessions  # the first call of every session is cold either way
    return {"cache": cache, "ttft_median_s": percentile(ttft[skip:], 50), "ttft_p90_s": percentile(ttft[skip:], 90),
            "state_mb": (max(sizes) / 2**20) if sizes else 0.0, "save_ms": percentile(save_s, 50) * 1e3 if save_s else 0.0,
            "load_ms": percentile(load_s, 50) * 1e3 if load_s else 0.0, "prompt_tokens_approx": tokens}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=2)
    ap.add_argument("--turns", type=int, default=8)
    ap.add_argument("--json")
    args = ap.parse_args()
    rows, res = [], {}
    for cache in (False, True):
        r = res["cache" if cache else "no_cache"] = run(args.sessions, args.turns, cache)
        rows.append(["per-session state cache" if cache else "one KV, sessions interleaved", r["ttft_median_s"],
                     r["ttft_p90_s"], r["state_mb"], r["save_ms"], r["load_ms"]])
    print(f"{args.sessions} sessions interleaved, {args.turns} turns each, SmolLM2-135M, 1 thread")
    print(table(["local model", "TTFT median s", "TTFT p90 s", "state MB/session", "save ms", "load ms"], rows))
    print(f"JSON: {write_json('kvstate', res, args.json)}")


if __name__ == "__main__":
    main()
