"""What the shell tool's launcher (tools/_jail.py: Landlock, subreaper, parent-death signal)
costs a call, against starting the same program directly.

    python -m bench.shell_sandbox [--calls 50] [--json FILE]

Each case runs ``uptime`` ``--calls`` times in a temporary workspace and reports the median
and 90th percentile wall time per call; the launcher's own RSS is read from /proc while it
waits on a ``sleep``. The sandbox line says what this kernel gives.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.common import percentile, table, write_json
from edge_agent.tools.settings import shell_rules
from edge_agent.tools.shell import SANDBOX, Shell


async def direct(argv: list[str], cwd: Path) -> None:
    proc = await asyncio.create_subprocess_exec(*argv, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.STDOUT, cwd=cwd)
    await proc.communicate()


async def timed(calls: int, run) -> list[float]:
    out = []
    for _ in range(calls):
        t0 = time.perf_counter()
        await run()
        out.append((time.perf_counter() - t0) * 1000)
    return out


async def launcher_rss_kb(shell: Shell) -> int:
    task = asyncio.create_task(shell.run(["sleep", "2"]))
    await asyncio.sleep(1.0)
    found = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
            cmdline = (status.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if b"_jail.py" in cmdline:
            found = int(next(line.split()[1] for line in text.splitlines() if line.startswith("VmRSS:")))
    await task
    return found


async def run(calls: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shell = Shell(shell_rules(["uptime", "sleep 2"]), ws, timeout_s=30)
        cases = {"direct (asyncio subprocess)": await timed(calls, lambda: direct(["uptime"], ws)),
                 "through the launcher": await timed(calls, lambda: shell.run(["uptime"]))}
        rss = await launcher_rss_kb(shell)
    return {"sandbox": SANDBOX, "calls": calls, "launcher_rss_kb": rss,
            "cases": {k: {"median_ms": statistics.median(v), "p90_ms": percentile(v, 90)} for k, v in cases.items()}}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--calls", type=int, default=50)
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    out = asyncio.run(run(args.calls))
    print(f"sandbox: {out['sandbox']}; Python {sys.version.split()[0]}; launcher RSS {out['launcher_rss_kb']} KiB")
    print(table(["case", "median ms", "p90 ms"],
                [[k, round(v["median_ms"], 1), round(v["p90_ms"], 1)] for k, v in out["cases"].items()]))
    write_json("shell-sandbox", out, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
