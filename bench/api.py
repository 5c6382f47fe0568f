"""The agent API's own costs: recognising a resent conversation, and what tool schemas add.

    python -m bench.api [--sizes 100,250,500,1000] [--reps 30] [--ttft-reps 3] [--json FILE]

1. Conversation sync: a session holding N messages (user/assistant pairs of 100-300
   characters, every 10th turn a tool call and its result), a client resending all N plus
   one new message. Timed (wall clock, and the thread's CPU time, which a loaded machine
   does not inflate): digesting the request, matching it against the session's digests
   and checking the new tail, exactly what ``Agent.respond`` does before it stores anything
   (median and p95 of ``--reps`` requests, ms). Also the case of a client that sends only its
   new message, and the per-message cost, to show the growth is linear.
2. Tool schemas on the local SmolLM2-135M (1 thread, n_ctx 2048): the prompt tokens and the
   time to first token of one question with 0, 1 and 5 tool schemas offered (tool_choice
   auto: the schemas rendered into the system prompt, one compact line each), each prompt
   cold (a different opening word, so no KV-cache prefix is reused), median of
   ``--ttft-reps``; and with a named tool (grammar-constrained call) the time to the whole
   call.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time

from bench.common import percentile, table, write_json
from edge_agent.messages import Message
from edge_agent.sync import SyncLog, digest
from edge_agent.toolcalls import make_call, parse_spec

WORDS = "order parcel refund invoice address delivery warranty colour size price date phone".split()


def history(n: int, seed: int = 7) -> list[Message]:
    rnd = random.Random(seed)
    out: list[Message] = []
    while len(out) < n:
        turn = len(out) // 2
        out.append(Message("user", " ".join(rnd.choices(WORDS, k=rnd.randint(15, 45))) + f" (turn {turn})"))
        if turn % 10 == 9 and len(out) + 2 < n:
            call = make_call("lookup_order", {"order": f"#2025{turn:07d}"}, f"call_{turn}")
            out += [Message("assistant", "", tool_calls=[call]),
                    Message("tool", '{"status": "shipped"}', tool_call_id=f"call_{turn}")]
        out.append(Message("assistant", " ".join(rnd.choices(WORDS, k=rnd.randint(15, 45)))))
    return out[:n] if out[n - 1].role != "user" else out[:n - 1]


def sync_cost(n: int, reps: int) -> dict:
    held = history(n)
    log = SyncLog()
    for m in held:
        log.append(m)
    new = Message("user", "and where is my parcel now?")
    full, alone = [*held, new], [new]

    def once(request: list[Message]) -> tuple[float, float]:
        t0, c0 = time.perf_counter(), time.thread_time()
        start = log.match([digest(m, log.mask) for m in request]).start
        log.check_tail(request[start:], start)
        return (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000

    full = [once(full) for _ in range(reps)]
    alone = [once(alone) for _ in range(reps)]
    cpu = percentile([c for _, c in full], 50)
    return {"messages": len(held), "chars": sum(len(m.content) for m in held),
            "resend_ms_median": percentile([w for w, _ in full], 50),
            "resend_ms_p95": percentile([w for w, _ in full], 95), "resend_cpu_ms_median": cpu,
            "new_only_ms_median": percentile([w for w, _ in alone], 50),
            "cpu_us_per_message": cpu * 1000 / (len(held) + 1)}


WEATHER = {"type": "function", "function": {"name": "get_weather", "description": "Current weather in a city",
                                            "parameters": {"type": "object", "properties": {
                                                "city": {"type": "string"}, "unit": {"enum": ["c", "f"]}},
                                                "required": ["city"]}}}
MORE = [("lookup_order", "Status of an order", {"order": {"type": "string"}}),
        ("send_sms", "Send a text message", {"phone": {"type": "string"}, "text": {"type": "string"}}),
        ("set_timer", "Start a timer", {"minutes": {"type": "integer"}}),
        ("search_history", "Search the conversation", {"query": {"type": "string"}, "limit": {"type": "integer"}})]
TOOLS = [WEATHER] + [{"type": "function", "function": {"name": n, "description": d, "parameters": {
    "type": "object", "properties": p, "required": list(p)}}} for n, d, p in MORE]


async def tool_cost(reps: int) -> list[dict]:
    from edge_agent.backends import Timeouts
    from edge_agent.backends.local import LocalBackend

    local = LocalBackend(n_ctx=2048, n_threads=1, timeouts=Timeouts(first_token_s=600, total_s=900))
    rows = []
    opening = iter(f"{w}{i}" for i in range(10_000) for w in WORDS)
    try:
        await local.complete([{"role": "user", "content": "warm up"}], max_tokens=1)
        for count, choice in ((0, None), (1, None), (5, None), (1, "named"), (5, "named")):
            spec = None if count == 0 else parse_spec(TOOLS[:count], None if choice is None else {
                "type": "function", "function": {"name": "get_weather"}})
            ttft, total, prompt = [], [], 0
            for _ in range(reps):
                msgs = [{"role": "system", "content": f"{next(opening)}: you are a helpful assistant."},
                        {"role": "user", "content": "What is the weather in Paris?"}]
                t0 = time.perf_counter()
                done = await local.complete(msgs, max_tokens=8, temperature=0.0, stream=True, tools=spec)
                total.append(time.perf_counter() - t0)
                ttft.append(done.first_token_s or total[-1])
                prompt = done.usage.prompt_tokens
            rows.append({"tools": count, "tool_choice": choice or ("auto" if count else "-"), "prompt_tokens": prompt,
                         "ttft_s": percentile(ttft, 50), "total_s": percentile(total, 50),
                         "call": bool(done.tool_calls)})
    finally:
        await local.aclose()
    base = rows[0]
    for r in rows:
        r["added_tokens"] = r["prompt_tokens"] - base["prompt_tokens"]
        r["added_ttft_s"] = r["ttft_s"] - base["ttft_s"]
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,250,500,1000")
    ap.add_argument("--reps", type=int, default=200)
    ap.add_argument("--ttft-reps", type=int, default=3)
    ap.add_argument("--skip-model", action="store_true", help="only the sync cost")
    ap.add_argument("--json")
    args = ap.parse_args()
    sync = [sync_cost(int(n), args.reps) for n in args.sizes.split(",")]
    print("Recognising a resent conversation (digest + match + tail check), per request")
    print(table(["messages held", "chars", "resend all + 1: ms median", "p95", "CPU ms median",
                 "CPU us per message sent", "new message only: ms"],
                [[r["messages"], r["chars"], r["resend_ms_median"], r["resend_ms_p95"], r["resend_cpu_ms_median"],
                  r["cpu_us_per_message"], r["new_only_ms_median"]] for r in sync]))
    result = {"sync": sync}
    if not args.skip_model:
        load = os.getloadavg()[0]
        tools = asyncio.run(tool_cost(args.ttft_reps))
        print(f"\nTool schemas on SmolLM2-135M (1 thread), cold prompts, 8-token replies "
              f"(load average before: {load:.1f})")
        print(table(["tools", "tool_choice", "prompt tokens", "added", "TTFT s", "added s", "whole reply s", "a call"],
                    [[r["tools"], r["tool_choice"], r["prompt_tokens"], r["added_tokens"], r["ttft_s"],
                      r["added_ttft_s"], r["total_s"], r["call"]] for r in tools]))
        result["tools"], result["load_average"] = tools, load
    print(f"JSON: {write_json('api', result, args.json)}")


if __name__ == "__main__":
    main()
