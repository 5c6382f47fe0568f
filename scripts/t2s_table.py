"""Build edge_agent/memory/t2s.txt: Traditional Chinese characters and their Simplified forms.

    python scripts/t2s_table.py [--opencc DIR] [--out edge_agent/memory/t2s.txt]

The fact extractor reads Traditional text (Taiwan's and Hong Kong's: 電話, 訂單編號, 下週三,
號, 點) as Simplified, character for character, so that one set of labels and patterns
serves both; the values it keeps are cut from the text as typed (extract.py). Only
one-to-one mappings between single characters of the Basic Multilingual Plane are kept, so
that every offset in the read text is an offset in the typed one; where OpenCC lists
several Simplified forms, the first (its most common) is taken.

The pairs are OpenCC's (TSCharacters.txt, Apache License 2.0), from the PyPI wheel
``opencc-python-reimplemented`` 0.1.7; without ``--opencc`` it is downloaded with pip into a
temporary directory. The output is committed; run this again only to take a newer OpenCC.
Its format: a comment line, then one line of Traditional characters and one line of their
Simplified forms, in the same order.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

WHEEL = "opencc-python-reimplemented==0.1.7"
SOURCE = "opencc/dictionary/TSCharacters.txt"


def pairs(lines: list[str]) -> list[tuple[str, str]]:
    """(Traditional, Simplified) for every line whose sides are single BMP characters that differ."""
    out = []
    for line in lines:
        parts = line.rstrip("\n").split("\t")
        if len(parts) != 2:
            continue
        trad, simp = parts[0], parts[1].split(" ")[0]
        if len(trad) == len(simp) == 1 and trad != simp and ord(trad) < 0x10000 and ord(simp) < 0x10000:
            out.append((trad, simp))
    return out


def read_source(opencc: Path | None) -> list[str]:
    if opencc is not None:
        return (opencc / SOURCE).read_text(encoding="utf-8").splitlines()
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", WHEEL, "-d", tmp], check=True)
        wheel = next(Path(tmp).glob("*.whl"))
        with zipfile.ZipFile(wheel) as z:
            return z.read(SOURCE).decode("utf-8").splitlines()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opencc", type=Path, help="an unpacked opencc-python-reimplemented wheel")
    ap.add_argument("--out", type=Path, default=Path("edge_agent/memory/t2s.txt"))
    args = ap.parse_args()
    table = pairs(read_source(args.opencc))
    head = f"# Traditional -> Simplified, {len(table)} characters, from OpenCC's TSCharacters.txt (Apache-2.0)"
    args.out.write_text("\n".join([head, "".join(t for t, _ in table), "".join(s for _, s in table)]) + "\n",
                        encoding="utf-8")
    print(f"wrote {args.out}: {len(table)} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
