"""schemathesis over the daemon's own /openapi.json (``make test-schema``, part of ``make test``).

    .venv/bin/python -m tests.schema_run --schemathesis .venv-schema/bin/schemathesis [--examples 30]

A real daemon on loopback (the default SmolLM2, replies of one token, the built-in tools that
need no network enabled, an auth token) gets every documented operation with generated
bodies, parameters and headers: about 1,300 requests in under a minute. It fails on any 5xx
(schemathesis's ``not_a_server_error`` check) and on any "internal error" line in the
daemon's log. schemathesis lives in its own venv: it is never edge-agent's dependency.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from tests.servers import free_port

TOKEN = "schema-token-0123456789abcdef"
TOOLS = "device_status,remember,forget,search_history,schedule,list_schedules,cancel_schedule,list_files,read_file,write_file"


def start(state: Path, port: int) -> subprocess.Popen:
    env = dict(os.environ, EDGE_AGENT_AUTH_TOKENS=TOKEN, EDGE_AGENT_TOOLS=TOOLS, EDGE_AGENT_MAX_REPLY_TOKENS="1",
               EDGE_AGENT_N_THREADS="1", EDGE_AGENT_MAX_TOKENS="384", EDGE_AGENT_RESERVE_TOKENS="16",
               EDGE_AGENT_FIRST_TOKEN_S="600", EDGE_AGENT_TOTAL_S="900", EDGE_AGENT_MAX_BODY_BYTES="65536")
    log = open(state / "daemon.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "edge_agent.cli", "serve", "--port", str(port), "--state-dir",
                             str(state)], env=env, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(600):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).close()
            return proc
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError((state / "daemon.log").read_text())
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("the daemon never answered /healthz")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--schemathesis", required=True, help="the schemathesis program (its own venv)")
    ap.add_argument("--examples", type=int, default=30, help="test cases per operation and phase")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        state, port = Path(tmp), free_port()
        proc = start(state, port)
        try:
            run = subprocess.run([str(Path(args.schemathesis).resolve()), "run", f"http://127.0.0.1:{port}/openapi.json",
                                  "--checks", "not_a_server_error", "-n", str(args.examples), "--workers", "1",
                                  "--seed", "1", "--generation-database", "none", "--request-timeout", "600",
                                  "--phases", "coverage,fuzzing", "-H", f"Authorization: Bearer {TOKEN}"],
                                 cwd=tmp, timeout=1800)
        finally:
            proc.terminate()
            proc.wait(60)
        log = (state / "daemon.log").read_text()
    errors = [line for line in log.splitlines() if "internal error" in line]
    for line in errors[:20]:
        print(f"daemon: {line}", file=sys.stderr)
    if run.returncode != 0 or errors:
        print(f"schemathesis exit {run.returncode}; {len(errors)} internal errors in the daemon's log", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
