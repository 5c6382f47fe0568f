"""The daemon's RAM, as a board pays for it: idle, after the first turns, per session.

    .venv/bin/python -m bench.footprint [--json bench/out/footprint.json] [--sessions 200]

Four daemons, each a fresh `edge-agent serve` on a loopback port with semantic recall on
(the default when the encoder's weights are installed):
- local-only: the default GGUF answers (no cloud), in a process of its own (`local_runner =
  "process"`, the default since bench/RESULTS.md 46): the daemon and its model process are
  measured apart; the daemon counts with the GGUF's packed vocabulary.
- local-only, inline (`local_runner = "inline"`): llama.cpp in the daemon's process, which
  counts with the GGUF's own vocabulary through it.
- cloud: a real OpenAI-compatible server (llama_cpp.server with the same GGUF, a separate
  process, not measured) answers; the daemon counts with the DeepSeek tokenizer.
- local-only, first start: the same with an empty cache (a new install), where the encoders'
  files are packed at the first turns (in child processes since bench/RESULTS.md 30.1).
RSS is read from /proc/PID/smaps_rollup once /healthz answers (idle) and after the first
session's first two turns (one English, one Chinese), then (local-only) after a turn of a
second session whose message is about 1,500 tokens (where attention's buffers are largest), with /proc/PID/smaps split into the
GGUF's file-backed pages, other file-backed pages (libraries, the encoder's tables; "tables":
those of the files packed in the cache, the encoders' weights and the tokenizers, mapped
read-only) and anonymous memory; the KV cache is llama.cpp's (n_ctx x per-token bytes of the model shape,
anonymous), and the peak (VmHWM: the most RSS so far, during the turns' work; the readings
after the turns are taken 3 s on, once the watchdog's samples have trimmed). Also `python -c` snippets (bare Python, numpy, `import edge_agent.daemon`, the
DeepSeek tokenizer) and the bytes a 20-turn session holds in the daemon's default memory
configuration (RSS growth over --sessions sessions in one process, and what the memory
itself counts).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
import urllib.error
import urllib.request
from pathlib import Path

import psutil

from tests.servers import free_port, llama_server

MiB = 1 << 20
SNIPPETS = {
    "python": "pass",
    "numpy": "import numpy",
    "edge_agent.daemon": "import edge_agent.daemon",
    "daemon + DeepSeek tokenizer": "import edge_agent.daemon; from edge_agent.tokens import default_counter; "
                                   "default_counter()('warm up')",
}
TRACED = 20   # sessions measured again with tracemalloc
SETTLE = 3    # seconds after a turn: the watchdog's samples (every second) trim after work
LONG = "Please keep this delivery log:\n" + "\n".join(
    f"Line {i}: parcel {i * 7919 % 100000} left depot {i % 7} at {i % 24}:00 and reached shelf {i % 97}."
    for i in range(60))   # about 1,500 tokens: most of n_ctx 2048, where attention's buffers are largest
TURNS = ("Hi, my name is Anna and my order number is 20250115001. Please note it.",
         "我叫王小明，订单号 #20250115001，明天下午三点送货到上海市浦东新区。")


def snippet_rss(code: str) -> float:
    out = subprocess.run([sys.executable, "-c", f"{code}\nimport psutil; print(psutil.Process().memory_info().rss)"],
                         capture_output=True, text=True, check=True)
    return int(out.stdout.split()[-1]) / MiB


def smaps(pid: int, gguf: str | None, cache: str | None = None) -> dict[str, float]:
    """RSS by kind from /proc/PID/smaps: the GGUF's pages, other files, anonymous."""
    out = {"rss": 0, "gguf_file": 0, "other_file": 0, "anon": 0, "pss": 0, "tables": 0}
    cache = cache or str(Path(os.environ.get("EDGE_AGENT_CACHE", Path.home() / ".cache" / "edge-agent")))
    path = ""
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            head = line.split()
            if not head:
                continue
            if "-" in head[0] and len(head) >= 5 and not head[0].endswith(":"):
                path = head[5] if len(head) >= 6 else ""
            elif head[0] == "Pss:":
                out["pss"] += int(head[1]) * 1024      # shared pages split among the processes mapping them
            elif head[0] == "Rss:":
                kb = int(head[1]) * 1024
                out["rss"] += kb
                if gguf and path == gguf:
                    out["gguf_file"] += kb
                elif path.startswith("/") and not path.startswith("/dev/") and not path.startswith("/memfd:"):
                    out["other_file"] += kb
                    if path.startswith(cache + "/"):      # the packed encoders and tokenizers, read-only
                        out["tables"] += kb
                else:
                    out["anon"] += kb
    with open(f"/proc/{pid}/status") as f:           # the most it was resident at once so far
        out["peak"] = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmHWM:"))
    return {k: round(v / MiB, 1) for k, v in out.items()}


def kv_cache_mb(gguf: str, n_ctx: int) -> float:
    from edge_agent.backends.local import DEFAULT_KV_CACHE, LocalTokenizer, _shape

    shape = _shape(LocalTokenizer(Path(gguf)).metadata)
    return round(shape.kv_bytes(n_ctx, DEFAULT_KV_CACHE) / MiB, 1)


def wait_healthy(base: str, proc: subprocess.Popen, seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the daemon exited ({proc.returncode})")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("the daemon never answered /healthz")


def turn(base: str, text: str, session: str = "footprint") -> dict:
    body = {"messages": [{"role": "user", "content": text}], "max_tokens": 24}
    req = urllib.request.Request(f"{base}/v1/chat/completions", method="POST", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json", "X-Session-Id": session})
    with urllib.request.urlopen(req, timeout=600) as resp:
        return json.loads(resp.read())


def runner_smaps(pid: int, gguf: str | None, cache: str | None = None) -> dict[str, float] | None:
    """``smaps`` of the daemon's model process (local_runner = "process"), None when it has none."""
    for child in psutil.Process(pid).children(recursive=True):
        try:
            if "edge_agent.backends.runner" in " ".join(child.cmdline()):
                return smaps(child.pid, gguf, cache)
        except psutil.Error:
            continue
    return None


def daemon(env: dict, gguf: str | None, long_turn: bool = False) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    cache = env.get("EDGE_AGENT_CACHE")
    with tempfile.TemporaryDirectory() as state:
        proc = subprocess.Popen([sys.executable, "-m", "edge_agent.cli", "serve", "--port", str(port),
                                 "--state-dir", state], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_healthy(base, proc)
            time.sleep(1)
            idle = smaps(proc.pid, gguf, cache)
            backends = [turn(base, text)["edge_agent"]["backend"] for text in TURNS]
            time.sleep(SETTLE)
            after, runner = smaps(proc.pid, gguf, cache), {"after_two_turns": runner_smaps(proc.pid, gguf, cache)}
            if long_turn:   # the local model's attention buffers (the loopback cloud has n_ctx 2048 too)
                long = turn(base, LONG, session="footprint-long")
                time.sleep(SETTLE)
                after_long, runner["after_long_turn"] = smaps(proc.pid, gguf, cache), runner_smaps(proc.pid, gguf, cache)
        finally:
            proc.terminate()
            proc.wait(30)
    out = {"idle": idle, "after_two_turns": after, "answered_by": backends}
    if runner["after_two_turns"] is not None:
        out["runner"] = runner
    if long_turn:
        out |= {"after_long_turn": after_long, "long_prompt_tokens": long["usage"]["prompt_tokens"]}
    return out


def _turns(lang: str) -> list[tuple[str, str]]:
    """20 turns: the Chinese customer-service scenario, or the first 40 messages of an
    English chat from the eval sets (user and assistant alternating)."""
    if lang == "zh":
        from edge_agent.scenario import conversation

        return conversation(20)
    from bench.evalsets.english_chat import generate

    msgs = [t.content for t in generate(0).turns]
    return list(zip(msgs[0:40:2], msgs[1:40:2]))


async def _sessions(n: int, lang: str) -> dict:
    """RSS growth per 20-turn session, in the daemon's default memory configuration."""
    from edge_agent.config import Config
    from edge_agent.daemon import memory_config
    from edge_agent.memory import create_memory
    from edge_agent.messages import Message
    from edge_agent.tokens import default_counter

    cfg = Config()
    kwargs = memory_config(cfg)
    counter = default_counter()
    turns = _turns(lang)

    async def session(tag: str):
        mem = create_memory(cfg.strategy, counter=counter, **kwargs)
        for i, (user, reply) in enumerate(turns):
            await mem.add(Message("user", f"[{tag}] {user}", ts=30.0 * i))
            await mem.add(Message("assistant", reply, ts=30.0 * i + 10))
        await mem.flush()
        mem.context(query=turns[-1][0])
        return mem

    held = [await session("warm"), await session("warm2")]   # what every session shares, loaded
    gc.collect()
    rss0 = psutil.Process().memory_info().rss
    for s in range(n):
        held.append(await session(str(s)))
    gc.collect()
    per = (psutil.Process().memory_info().rss - rss0) / n
    # the same by tracemalloc (Python objects and numpy's arrays): the allocator's page reuse
    # makes the RSS figure move between runs, this one does not
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    traced = [await session(f"t{s}") for s in range(TRACED)]
    gc.collect()
    heap = (tracemalloc.get_traced_memory()[0] - base) / len(traced)
    tracemalloc.stop()
    return {"lang": lang, "strategy": cfg.strategy, "semantic_recall": "embedder" in kwargs, "sessions": n,
            "turns_each": 20, "bytes_per_session": round(per), "sessions_per_100mb": round(100 * MiB / per),
            "traced_bytes_per_session": round(heap)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", default="bench/out/footprint.json")
    ap.add_argument("--sessions", type=int, default=200)
    args = ap.parse_args()
    from edge_agent.backends.models import default_model_path

    gguf = str(default_model_path())
    n_ctx = 2048
    report = {"arch": os.uname().machine, "python": sys.version.split()[0],
              "snippets_mb": {name: round(snippet_rss(code), 1) for name, code in SNIPPETS.items()},
              "kv_cache_mb": kv_cache_mb(gguf, n_ctx), "n_ctx": n_ctx}
    base_env = dict(os.environ, EDGE_AGENT_N_CTX=str(n_ctx), EDGE_AGENT_SEMANTIC_RECALL="on")
    report["local_only"] = daemon(dict(base_env, EDGE_AGENT_POLICY="local_only"), gguf, long_turn=True)
    report["local_only_inline"] = daemon(dict(base_env, EDGE_AGENT_POLICY="local_only",
                                              EDGE_AGENT_LOCAL_RUNNER="inline"), gguf, long_turn=True)
    with tempfile.TemporaryDirectory() as cache:   # a new install: the encoders are packed at the first turns
        report["local_only_first_start"] = daemon(dict(base_env, EDGE_AGENT_POLICY="local_only",
                                                       EDGE_AGENT_CACHE=cache), gguf)
    with llama_server() as url:
        report["cloud"] = daemon(dict(base_env, EDGE_AGENT_CLOUD_URL=url, EDGE_AGENT_LOCAL_ENABLED="false"), gguf)
    report["session"] = [asyncio.run(_sessions(args.sessions, lang)) for lang in ("zh", "en")]
    print_report(report)
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    return 0


def print_report(r: dict) -> None:
    print(f"{r['arch']}, Python {r['python']}")
    print(f"{'snippet':34s} {'RSS MiB':>8s}")
    for name, mb in r["snippets_mb"].items():
        print(f"{name:34s} {mb:8.1f}")
    print()
    print(f"{'daemon':54s} {'RSS':>7s} {'GGUF file':>10s} {'KV cache':>9s} {'rest':>7s} {'anon':>7s} {'other file':>11s} {'tables':>7s} {'PSS':>7s} {'peak':>7s}")
    for name in ("local_only", "local_only_inline", "local_only_first_start", "cloud"):
        if name not in r:
            continue
        for when in ("idle", "after_two_turns", "after_long_turn"):
            rows = [(name, r[name].get(when)), (f"{name}'s model process", r[name].get("runner", {}).get(when))]
            for label, m in rows:
                if m is None:
                    continue
                kv = r["kv_cache_mb"] if name.startswith("local_only") and m["gguf_file"] else 0.0
                rest = m["rss"] - m["gguf_file"] - kv
                print(f"{label + ' ' + when:54s} {m['rss']:7.1f} {m['gguf_file']:10.1f} {kv:9.1f} {rest:7.1f} "
                      f"{m['anon']:7.1f} {m['other_file']:11.1f} {m.get('tables', 0):7.1f} {m.get('pss', 0):7.1f} {m.get('peak', 0):7.1f}")
    for s in r["session"]:
        print(f"20-turn session, {s['lang']} ({s['strategy']}, semantic recall {'on' if s['semantic_recall'] else 'off'}): "
              f"{s['bytes_per_session']} bytes of RSS ({s['sessions_per_100mb']} sessions per 100 MB), "
              f"{s['traced_bytes_per_session']} bytes traced")


if __name__ == "__main__":
    sys.exit(main())
