"""Helpers shared by the benchmark programs: tables, JSON output, percentiles."""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np

OUT = Path(__file__).parent / "out"


def percentile(values, q: float) -> float:
    return float(np.percentile(np.asarray(values, dtype=float), q)) if len(values) else float("nan")


def table(headers: list[str], rows: list[list[object]]) -> str:
    cells = [[str(h) for h in headers]] + [[_fmt(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = [" | ".join(c.ljust(w) for c, w in zip(r, widths)) for r in cells]
    lines.insert(1, "-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def _fmt(c: object) -> str:
    if isinstance(c, float):
        return f"{c:,.1f}" if abs(c) >= 10 else f"{c:.2f}"
    if isinstance(c, int):
        return f"{c:,}"
    return str(c)


def machine() -> dict:
    from edge_agent import ringbuf

    return {"python": sys.version.split()[0], "machine": platform.machine(), "cpus": os.cpu_count(),
            "ring": ringbuf.IMPLEMENTATION, "when": time.strftime("%Y-%m-%d %H:%M:%S")}


def write_json(name: str, data: dict, path: str | None = None) -> Path:
    target = Path(path) if path else OUT / f"{name}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps({"machine": machine(), **data}, ensure_ascii=False, indent=2))
    return target
