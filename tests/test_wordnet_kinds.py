"""scripts/wordnet_kinds.py on a small WordNet in its own dict format: a thing of a kind is a
noun whose most frequent sense lies below the kind's head, unless the word is used more often
as another part of speech; a drink is not also food."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# offset, words, hypernyms (instance links as "@i")
SYNSETS = [
    ("00000001", ["beverage"], []),
    ("00000002", ["tea"], ["00000001"]),
    ("00000003", ["irish_coffee"], ["00000002"]),
    ("00000004", ["shrub"], []),
    ("00000005", ["rooibos"], ["00000004"]),
    ("00000006", ["illness"], []),
    ("00000007", ["cold", "common_cold"], ["00000006"]),
    ("00000008", ["flu"], ["00000006"]),
    ("00000009", ["port"], []),
    ("00000010", ["port"], ["00000001"]),
    ("00000011", ["food"], []),
    ("00000012", ["moussaka"], ["@i00000011"]),
    ("00000013", ["state"], []),
    ("00000014", ["ohio", "oh"], ["@i00000013"]),
]
# lemma -> its senses, most frequent first
SENSES = {"beverage": ["00000001"], "tea": ["00000002"], "irish_coffee": ["00000003"], "shrub": ["00000004"],
          "rooibos": ["00000005"], "illness": ["00000006"], "cold": ["00000007"], "common_cold": ["00000007"],
          "flu": ["00000008"], "port": ["00000009", "00000010"], "food": ["00000011"], "moussaka": ["00000012"],
          "state": ["00000013"], "ohio": ["00000014"], "oh": ["00000014"]}
# (lemma, part of speech digit, offset, tagged uses): "cold" is an adjective far more often
COUNTS = [("cold", "1", "00000007", 5), ("cold", "3", "00000099", 80), ("flu", "1", "00000008", 3),
          ("port", "1", "00000009", 9), ("port", "1", "00000010", 1)]


def _tool():
    spec = importlib.util.spec_from_file_location("wordnet_kinds", ROOT / "scripts" / "wordnet_kinds.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _wordnet(tmp_path: Path) -> Path:
    lines = ["  1 This is a license header line."]
    for offset, words, hypers in SYNSETS:
        ptrs = [f"@i {h[2:]} n 0000" if h.startswith("@i") else f"@ {h} n 0000" for h in hypers]
        lines.append(f"{offset} 13 n {len(words):02x} " + " ".join(f"{w} 0" for w in words)
                     + f" {len(ptrs):03d} " + " ".join(ptrs) + " | a gloss")
    (tmp_path / "data.noun").write_text("\n".join(lines) + "\n", encoding="latin-1")
    index = ["  1 This is a license header line."]
    index += [f"{lemma} n {len(offs)} 1 @ {len(offs)} 0 " + " ".join(offs) for lemma, offs in SENSES.items()]
    (tmp_path / "index.noun").write_text("\n".join(index) + "\n", encoding="latin-1")
    (tmp_path / "index.sense").write_text(
        "".join(f"{lemma}%{pos}:13:00:: {offset} 1 {n}\n" for lemma, pos, offset, n in COUNTS), encoding="latin-1")
    return tmp_path


def test_things_of_a_kind_by_their_most_frequent_sense(tmp_path, monkeypatch):
    tool = _tool()
    monkeypatch.setattr(tool, "HEADS", {"drink": ["beverage#1"], "health": ["illness#1"], "food": ["food#1", "beverage#1"],
                                        "place": ["state#1"]})
    kinds = tool.build(_wordnet(tmp_path))
    assert kinds["drink"] == ["irish_coffee", "tea"]        # below the head, not the head itself
    assert kinds["health"] == ["common_cold", "flu"]        # "cold" is an adjective first
    assert kinds["food"] == ["moussaka"]                    # by an instance link; drinks are not food
    assert "rooibos" not in sum(kinds.values(), [])         # a shrub here
    assert "port" not in kinds["drink"]                     # its most frequent sense is no drink
    assert kinds["place"] == ["ohio"]                       # "oh", two letters, is an abbreviation
    out = tmp_path / "kinds.txt"
    tool.write(kinds, out)
    body = [line for line in out.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert body == ["drink\tirish_coffee tea", "food\tmoussaka", "health\tcommon_cold flu", "place\tohio"]


def test_the_shipped_kinds_file_is_well_formed_and_packaged():
    text = (ROOT / "edge_agent/memory/kinds.txt").read_text(encoding="utf-8")
    rows = dict(line.split("\t") for line in text.splitlines() if not line.startswith("#"))
    assert set(rows) == set(_tool().HEADS)
    assert all(words.split() == sorted(set(words.split())) for words in rows.values())
    assert "Princeton" in (ROOT / "edge_agent/memory/WORDNET_LICENSE").read_text(encoding="utf-8")
    assert '"kinds.txt", "WORDNET_LICENSE"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
