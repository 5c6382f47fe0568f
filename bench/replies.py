"""Replies of the default local model on a fresh agent: how many loop, how long they run.

    python -m bench.replies [--split dev|test|both] [--reps 3] [--sampling JSON] [--label NAME] [--json FILE]

Every conversation of bench/evalsets/replies.py goes, turn by turn, through a real daemon
(in this process, on a loopback port, the embedded defaults: local SmolLM2-135M, no cloud) as
a Chat Completions request in its own session. Reported per split and language: the share
of replies that loop, follow-ups that give back the value the first turn stated, median
reply tokens, median seconds per turn, the finish reasons.

"Loops" is this program's own measure, not the runtime's guard: a sentence (split at
. ! ? 。！？ and line ends, at least 8 characters) that appears three times or more, or a
24-character stretch that appears four times or more.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench.common import table, write_json
from bench.evalsets.replies import RECALLS, SPLITS
from tests.harness import api, running_daemon

SENTENCE = re.compile(r"[^.!?。！？\n]+")
CJK = re.compile(r"[\u4e00-\u9fff]")


def loops(text: str) -> bool:
    sentences = Counter(s.strip() for s in SENTENCE.findall(text) if len(s.strip()) >= 8)
    if sentences and max(sentences.values()) >= 3:
        return True
    grams = Counter(text[i:i + 24] for i in range(0, max(0, len(text) - 23)))
    return bool(grams) and max(grams.values()) >= 4


def language(conversation: list[str]) -> str:
    return "zh" if CJK.search(conversation[0]) else "en"


async def run_split(name: str, conversations: list[list[str]], threads: int, sampling: dict,
                    reps: int = 1) -> list[dict]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        async with running_daemon(Path(tmp), n_threads=threads, first_token_s=900.0, total_s=1800.0,
                                  local_sampling=sampling) as d:
            for rep, (i, conversation) in ((r, c) for r in range(reps) for c in enumerate(conversations)):
                for turn, text in enumerate(conversation, 1):
                    t0 = time.perf_counter()
                    status, out, _ = await api(d.base, "POST", "/v1/chat/completions",
                                               json={"messages": [{"role": "user", "content": text}]},
                                               headers={"X-Session-Id": f"{name}-{i}-{rep}"})
                    assert status == 200, out
                    reply = out["choices"][0]["message"]["content"] or ""
                    rows.append({"split": name, "conversation": i, "turn": turn, "lang": language(conversation),
                                 "request": text, "reply": reply, "loops": loops(reply),
                                 "recalled": (RECALLS[(name, i)].lower() in reply.lower()
                                              if turn == 2 and (name, i) in RECALLS else None),
                                 "finish": out["choices"][0]["finish_reason"],
                                 "guard": bool(out["edge_agent"].get("looped")),
                                 "tokens": out["usage"]["completion_tokens"],
                                 "prompt_tokens": out["usage"]["prompt_tokens"],
                                 "seconds": round(time.perf_counter() - t0, 2)})
                    print(f"{name} {i}.{turn} [{rows[-1]['finish']}, {rows[-1]['tokens']} tok, "
                          f"loops={rows[-1]['loops']}] {reply[:100]!r}", flush=True)
    return rows


def summary(rows: list[dict]) -> list[list[object]]:
    out = []
    for split in dict.fromkeys(r["split"] for r in rows):
        for lang in ("en", "zh", "all"):
            sel = [r for r in rows if r["split"] == split and lang in (r["lang"], "all")]
            if not sel:
                continue
            finishes = Counter(r["finish"] for r in sel)
            asked = [r["recalled"] for r in sel if r["recalled"] is not None]
            out.append([split, lang, len(sel), round(sum(r["loops"] for r in sel) / len(sel), 2),
                        sum(bool(r.get("guard")) for r in sel),
                        f"{sum(asked)}/{len(asked)}",
                        statistics.median(r["tokens"] for r in sel),
                        round(statistics.median(r["seconds"] for r in sel), 2),
                        ", ".join(f"{k} {v}" for k, v in sorted(finishes.items()))])
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", choices=["dev", "test", "both"], default="both")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--reps", type=int, default=1, help="each conversation this many times (the sampler is random)")
    ap.add_argument("--json", default=None, help="where to write the JSON (default bench/out/replies-<label>.json)")
    ap.add_argument("--label", default="now")
    ap.add_argument("--sampling", default="{}", help='local_sampling overrides as JSON, e.g. \'{"repeat_penalty": 1.0}\'')
    args = ap.parse_args()
    rows = []
    for name in (["dev", "test"] if args.split == "both" else [args.split]):
        rows += asyncio.run(run_split(name, SPLITS[name], args.threads, json.loads(args.sampling), args.reps))
    headers = ["split", "lang", "replies", "loop share", "cut by guard", "value recalled", "median tokens", "median s", "finish"]
    print(table(headers, summary(rows)))
    write_json(f"replies-{args.label}", {"summary": [dict(zip(headers, r)) for r in summary(rows)], "replies": rows}, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
