"""How far the token estimates are from the exact DeepSeek tokenizer, on mixed text.

    python -m bench.tokens [--json FILE]

Corpus: the three Chinese reference articles with code that the memory design follows (read
when a copy of them sits in a "shared/reference" folder beside the project), the 120-turn scenario's messages (Chinese), and an English/Chinese mix of the
long-conversation benchmark. Estimators: the first article's (len + 8) / 2, the third
article's CJK x 1.5 + other / 4, and edge-agent's CJK-aware fallback estimate.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bench.common import table, write_json
from bench.longconv_data import conversation as long_conversation
from edge_agent.scenario import conversation
from edge_agent.tokens import EstimateCounter, article_cjk_weighted, article_half_len, load_counter

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference"


def corpus() -> dict[str, list[str]]:
    texts = {}
    for path in sorted(REFERENCE.glob("article-*.txt")):
        texts[path.stem] = [path.read_text(encoding="utf-8")]
    texts["scenario messages (zh)"] = [m for pair in conversation(120) for m in pair]
    texts["long conversation (en+zh)"] = [m for pair, _ in long_conversation(300) for m in pair]
    return texts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json")
    args = ap.parse_args()
    exact = load_counter()
    estimators = {"(len+8)/2": article_half_len, "CJKx1.5+other/4": article_cjk_weighted,
                  "edge-agent estimate": EstimateCounter()}
    rows, out = [], {}
    for name, texts in corpus().items():
        truth = sum(exact(t) for t in texts)
        errs = {k: (sum(f(t) for t in texts) - truth) / truth for k, f in estimators.items()}
        out[name] = {"exact": truth, "chars": sum(len(t) for t in texts), "error": errs}
        rows.append([name, out[name]["chars"], truth] + [f"{e:+.1%}" for e in errs.values()])
    print("Token estimates against the exact DeepSeek tokenizer (sum over the corpus part)")
    print(table(["corpus", "chars", "exact tokens"] + list(estimators), rows))
    print(f"JSON: {write_json('tokens', {'corpus': out}, args.json)}")


if __name__ == "__main__":
    main()
