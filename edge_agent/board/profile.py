"""Per-board memory profiling: does edge-agent fit this board, and how many sessions does it hold?

    edge-agent profile --board dayu200-rk3568 [--turns 120] [--sessions 500] [--json F] [--png F]

Every strategy plays the 120-turn scenario under the profile's token budgets in a child
process (``python -m edge_agent.board.profile child ...``), which reports RSS at start and at its
peak, the Python heap's peak (tracemalloc), bytes per session, memory time per turn and
tokens per request at turns 15/60/120. Where a child memory cgroup can be created, the
child runs inside one limited to the board's RAM and its OOM kills are reported; otherwise
the report says the limit was not enforced. A strategy fits when its peak RSS is within the
profile's ``agent_budget_mb``. With the local model enabled, a child loads it with the
profile's n_ctx and n_threads and reports its RSS and KV-cache size. "Sessions this board
holds": concurrent sessions grow until the budget, less the local model's RSS, is reached
(or ``--sessions`` were measured, and the rest is extrapolated from the measured slope).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

import psutil

from edge_agent.board.cgroup import ChildCgroup, CgroupUnavailable
from edge_agent.memory import STRATEGIES, create_memory
from edge_agent.messages import Message
from edge_agent.board.profiles import BoardProfile, load_profile
from edge_agent.scenario import SYSTEM, conversation

MiB = 1 << 20
MARKS = (15, 60, 120)


# -- inside the child --------------------------------------------------------------------------
def _rss() -> int:
    return psutil.Process().memory_info().rss


async def _play(strategy: str, turns: int, max_tokens: int, reserve: int) -> tuple[list, list, int, Any]:
    mem = create_memory(strategy, max_tokens=max_tokens, reserve_tokens=reserve, system=SYSTEM)
    tokens, per_turn, peak = [], [], _rss()
    for turn, (user, reply) in enumerate(conversation(turns), start=1):
        t0 = time.perf_counter()
        await mem.add(Message("user", user, ts=30.0 * turn))
        ctx = mem.context(query=user)
        await mem.add(Message("assistant", reply, ts=30.0 * turn + 10))
        per_turn.append(time.perf_counter() - t0)
        await mem.flush()
        tokens.append(ctx.tokens)
        peak = max(peak, _rss())
    return tokens, per_turn, peak, mem


async def _scenario(strategy: str, turns: int, max_tokens: int, reserve: int) -> dict[str, Any]:
    start = _rss()   # the interpreter and libraries, before the tokenizer loads: the daemon pays both
    tokens, per_turn, peak, mem = await _play(strategy, turns, max_tokens, reserve)
    tracemalloc.start()  # a second run for the heap: tracemalloc would slow the timed one
    await _play(strategy, turns, max_tokens, reserve)
    heap_peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {"rss_start_mb": start / MiB, "peak_rss_mb": peak / MiB, "heap_peak_mb": heap_peak / MiB,
            "bytes_per_session": heap_peak + sys.getsizeof(mem.ring),
            "memory_ms_per_turn": sorted(per_turn)[len(per_turn) // 2] * 1e3,
            "tokens": {str(m): sum(tokens[m - 10:m]) / 10 for m in MARKS if m <= turns}, "curve": tokens}


async def _sessions(strategy: str, limit: int, budget_mb: float, max_tokens: int, reserve: int) -> dict[str, Any]:
    from edge_agent.tokens import default_counter

    default_counter()("warm up")  # the tokenizer is loaded once per process, not per session
    start, held, points = _rss(), [], []
    tracemalloc.start()
    turns = conversation(10)
    for n in range(1, limit + 1):
        mem = create_memory(strategy, max_tokens=max_tokens, reserve_tokens=reserve, system=SYSTEM)
        for i, (user, reply) in enumerate(turns):
            await mem.add(Message("user", f"[{n}] {user}", ts=30.0 * i))
            await mem.add(Message("assistant", reply, ts=30.0 * i + 10))
        await mem.flush()
        held.append(mem)
        rss = _rss()
        if n % max(1, limit // 20) == 0 or n == limit:
            points.append((n, rss / MiB))
        if rss >= budget_mb * MiB:
            tracemalloc.stop()
            return {"sessions": n, "reached_budget": True, "points": points, "per_session_kb": 0.0}
    heap = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    # RSS under-reports small sessions (malloc reuses what the process freed before), so the
    # estimate is the larger of the RSS slope and heap + the C ring's own bytes per session
    counted = (heap + sum(sys.getsizeof(m.ring) for m in held)) / len(held)
    per = max(1.0, (_rss() - start) / len(held), counted)
    room = budget_mb * MiB - _rss()
    return {"sessions": len(held) + int(max(0, room) / per), "reached_budget": False, "measured": len(held),
            "per_session_kb": per / 1024, "points": points}


def _local(n_ctx: int, n_threads: int, model: str) -> dict[str, Any]:
    from edge_agent.backends.local import LocalBackend

    async def run() -> dict[str, Any]:
        backend = LocalBackend(model or None, n_ctx=n_ctx, n_threads=n_threads)
        before = _rss()
        await backend.complete([{"role": "user", "content": "hello"}], max_tokens=4)
        after = _rss()
        await backend.aclose()
        return {"model": backend.path.name, "rss_mb": (after - before) / MiB,
                "kv_cache_mb": backend.kv_bytes() / MiB, "n_ctx": n_ctx, "n_threads": n_threads}

    return asyncio.run(run())


def child_main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["scenario", "sessions", "local"])
    ap.add_argument("--strategy", default="summary")
    ap.add_argument("--turns", type=int, default=120)
    ap.add_argument("--limit", type=int, default=500)
    ap.add_argument("--budget-mb", type=float, default=512)
    ap.add_argument("--max-tokens", type=int, default=4096)
    ap.add_argument("--reserve", type=int, default=800)
    ap.add_argument("--n-ctx", type=int, default=2048)
    ap.add_argument("--n-threads", type=int, default=1)
    ap.add_argument("--model", default="")
    a = ap.parse_args(argv)
    if a.what == "scenario":
        out = asyncio.run(_scenario(a.strategy, a.turns, a.max_tokens, a.reserve))
    elif a.what == "sessions":
        out = asyncio.run(_sessions(a.strategy, a.limit, a.budget_mb, a.max_tokens, a.reserve))
    else:
        out = _local(a.n_ctx, a.n_threads, a.model)
    print(json.dumps(out))


# -- the parent ------------------------------------------------------------------------------
def _child(args: list[str], cg: ChildCgroup | None) -> tuple[dict[str, Any] | None, str | None]:
    cmd = [sys.executable, "-m", "edge_agent.board.profile", "child", *args]
    if cg is not None:
        cmd = ["sh", "-c", f'echo $$ > "{cg.procs_file}" && exec "$@"', "sh", *cmd]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        return None, f"exit {proc.returncode}" + (" (killed: out of memory?)" if proc.returncode < 0 else "")
    return json.loads(proc.stdout.strip().splitlines()[-1]), None


def _progress(done: int, total: int, label: str) -> None:
    width = 30
    filled = int(width * done / total)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {label:<24}")
    sys.stderr.flush()


def run_profile(board: BoardProfile, turns: int = 120, sessions: int = 500, show_progress: bool = True) -> dict:
    strategies = list(STRATEGIES)
    steps = len(strategies) + 1 + int(board.local_enabled)
    enforced, note, cg = False, "", None
    try:
        cg = ChildCgroup(board.ram_mb * MiB).__enter__() if ChildCgroup.possible() else None
        enforced = cg is not None
        note = f"children ran in a memory cgroup limited to {board.ram_mb} MiB" if enforced else \
            "no writable memory cgroup here: the board's RAM limit was not enforced"
    except CgroupUnavailable as exc:
        note = f"the board's RAM limit was not enforced: {exc}"
    common = ["--max-tokens", str(board.max_tokens), "--reserve", str(board.reserve_tokens)]
    result: dict[str, Any] = {"board": board.name, "budget_mb": board.agent_budget_mb, "ram_mb": board.ram_mb,
                              "limit_enforced": enforced, "note": note, "strategies": {}}
    try:
        for i, name in enumerate(strategies):
            if show_progress:
                _progress(i, steps, name)
            out, err = _child(["scenario", "--strategy", name, "--turns", str(turns), *common], cg)
            entry = out or {"error": err}
            entry["fits"] = bool(out) and out["peak_rss_mb"] <= board.agent_budget_mb
            result["strategies"][name] = entry
        if board.local_enabled:
            if show_progress:
                _progress(len(strategies), steps, "local model")
            out, err = _child(["local", "--n-ctx", str(board.n_ctx), "--n-threads", str(board.n_threads),
                               "--model", board.local_model], cg)
            result["local_model"] = out or {"error": err}
            model_mb = out["rss_mb"] if out else float("inf")
            for entry in result["strategies"].values():  # the budget must hold the model as well
                if "peak_rss_mb" in entry:
                    entry["peak_rss_with_model_mb"] = entry["peak_rss_mb"] + model_mb
                    entry["fits"] = entry["peak_rss_with_model_mb"] <= board.agent_budget_mb
        if show_progress:
            _progress(steps - 1, steps, "sessions")
        model_mb = result.get("local_model", {}).get("rss_mb", 0.0)  # the model's share of the budget
        out, err = _child(["sessions", "--strategy", board.strategy, "--limit", str(sessions),
                           "--budget-mb", str(board.agent_budget_mb - model_mb), *common], cg)
        result["max_sessions"] = out["sessions"] if out else 0
        result["sessions"] = out or {"error": err}
        if show_progress:
            _progress(steps, steps, "done")
            sys.stderr.write("\n")
    finally:
        if cg is not None:
            result["oom_kills"] = cg.oom_kills()
            cg.__exit__(None, None, None)
    return result


def table(result: dict) -> str:
    rows = [f"board {result['board']}: agent budget {result['budget_mb']} MiB of {result['ram_mb']} MiB "
            f"({result['note']})",
            f"{'strategy':10} {'fits':5} {'peak RSS MB':>11} {'+ model':>8} {'heap MB':>8} {'ms/turn':>8} "
            f"{'tok@15':>7} {'tok@60':>7} {'tok@120':>7}"]
    for name, s in result["strategies"].items():
        if "error" in s:
            rows.append(f"{name:10} {'no':5} {s['error']}")
            continue
        t = s["tokens"]
        with_model = f"{s['peak_rss_with_model_mb']:8.1f}" if "peak_rss_with_model_mb" in s else f"{'-':>8}"
        rows.append(f"{name:10} {'yes' if s['fits'] else 'NO':5} {s['peak_rss_mb']:11.1f} {with_model} "
                    f"{s['heap_peak_mb']:8.2f} "
                    f"{s['memory_ms_per_turn']:8.2f} {t.get('15', 0):7.0f} {t.get('60', 0):7.0f} "
                    f"{t.get('120', 0):7.0f}")
    sess = result.get("sessions", {})
    how = "until the budget" if sess.get("reached_budget") else f"measured {sess.get('measured')}, rest extrapolated"
    rows.append(f"sessions this board holds: {result.get('max_sessions', 0)} ({how})")
    if "local_model" in result:
        m = result["local_model"]
        rows.append("local model: " + (m["error"] if "error" in m else
                                       f"{m['model']} RSS {m['rss_mb']:.0f} MB, KV cache {m['kv_cache_mb']:.1f} MB "
                                       f"at n_ctx {m['n_ctx']}"))
    if "oom_kills" in result:
        rows.append(f"OOM kills in the cgroup: {result['oom_kills']}")
    return "\n".join(rows)


def chart(result: dict, path: str | Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    for name, s in result["strategies"].items():
        if "curve" in s:
            left.plot(range(1, len(s["curve"]) + 1), s["curve"], label=name)
    left.set(title=f"{result['board']}: tokens per request", xlabel="turn", ylabel="tokens")
    left.legend()
    points = result.get("sessions", {}).get("points", [])
    if points:
        right.plot([p[0] for p in points], [p[1] for p in points], marker="o")
    right.axhline(result["budget_mb"], color="red", linestyle="--", label="agent budget")
    right.set(title="RSS against concurrent sessions", xlabel="sessions", ylabel="RSS (MB)")
    right.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(args: argparse.Namespace) -> int:
    board = load_profile(args.board)
    result = run_profile(board, turns=args.turns, sessions=args.sessions, show_progress=sys.stderr.isatty())
    print(table(result))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2))
    if args.png:
        chart(result, args.png)
    return 0


if __name__ == "__main__" and len(sys.argv) > 1 and sys.argv[1] == "child":
    child_main(sys.argv[2:])
