"""The fact extractor on Chinese value forms (bench/evalsets/zh_values.py): recall and precision.

    .venv/bin/python -m bench.zh_values [--split dev|test|both] [--json bench/out/zh-values.json]

Recall: items whose value the extractor keeps (a fact of the item's category whose value,
without spaces, brackets and hyphens, contains the expected one). Precision: of the facts of the four
categories (name, count, datetime, phone) extracted from every message of the split,
positives and look-alikes, the share that are an expected value.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from bench.evalsets import zh_values
from edge_agent.memory.extract import extract

CATEGORIES = ("name", "count", "datetime", "phone")
SQUEEZE = re.compile(r"[\s()（）-]")


def norm(text: str) -> str:
    return SQUEEZE.sub("", text)


def score(items: list, negatives: list) -> dict:
    found, misses, kept, right, wrong = 0, [], 0, 0, []
    for text, category, value in items:
        facts = [f for f in extract(text) if f.category in CATEGORIES]
        hit = any(f.category == category and norm(value) in norm(f.value) for f in facts)
        found += hit
        if not hit:
            misses.append([text, category, value, [(f.category, f.value) for f in facts]])
        for f in facts:
            kept += 1
            good = f.category == category and norm(value) in norm(f.value)
            right += good
            if not good and not (f.category != category):   # a second, different fact of the same kind
                wrong.append([text, f.category, f.value])
    for text, category in negatives:
        for f in extract(text):
            if f.category in CATEGORIES:
                kept += 1
                wrong.append([text, f.category, f.value])
    return {"items": len(items), "recall": round(found / len(items), 3),
            "precision": round(right / kept, 3) if kept else 1.0, "facts": kept,
            "misses": misses, "wrong": wrong}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", choices=["dev", "test", "both"], default="dev")
    ap.add_argument("--json", default="bench/out/zh-values.json")
    args = ap.parse_args()
    splits = {"dev": (zh_values.DEV, zh_values.DEV_NEGATIVE), "test": (zh_values.TEST, zh_values.TEST_NEGATIVE)}
    chosen = ["dev", "test"] if args.split == "both" else [args.split]
    report = {name: score(*splits[name]) for name in chosen}
    print(f"{'split':6s} {'items':>5s} {'recall':>7s} {'precision':>9s} {'facts':>5s}")
    for name, r in report.items():
        print(f"{name:6s} {r['items']:5d} {r['recall']:7.3f} {r['precision']:9.3f} {r['facts']:5d}")
        for miss in r["misses"]:
            print(f"  missed {miss[1]} {miss[2]!r} in {miss[0]!r}: got {miss[3]}")
        for w in r["wrong"]:
            print(f"  wrong  {w[1]} {w[2]!r} in {w[0]!r}")
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
