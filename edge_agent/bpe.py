"""An exact token counter for byte-level BPE tokenizers, over a packed table mapped read-only.

The ``tokenizers`` library holds DeepSeek V3's 128,000-entry vocabulary and 127,741 merges
as hash maps of strings: 38 MiB of the cloud daemon's heap (bench/RESULTS.md section 20). A
counter needs neither the strings nor the ids' text, only the merges. ``build`` packs a
tokenizer.json once into one file (the cache, ``$EDGE_AGENT_CACHE`` or ~/.cache/edge-agent,
``tokenizer/<key>.bpe``): the 256 byte ids, the merges as an open-addressing table of uint32
(left, right, rank, new id), the added tokens and the pre-tokenizer's regexes translated from
Oniguruma's syntax to Python's ``re`` (``\\p{L}`` and its kin spelled out as ranges from
``unicodedata``). ``PackedCounter`` maps that file: its pages are the kernel's to share and
drop, and a count reads only the table slots its words touch.

A tokenizer is packed only when it is of the kinds this module reproduces (``packable``
says why not) and only when the packed counter gives the library's counts on a fixed sample
of texts across scripts, added tokens and blanks (``SAMPLE``); otherwise ``tokens.py`` keeps
the library. The packing runs in a child process (``python -m edge_agent.bpe``), so the
daemon's heap never holds the parsed JSON.

The BPE itself is the C core ``edge_agent._bpe`` when built (native/bpe_core.c), else
``_bpe_py.py``, its specification.
"""

from __future__ import annotations

import array
import hashlib
import json
import logging
import mmap
import os
import random
import re
import struct
import subprocess
import sys
import tempfile
import unicodedata
from collections.abc import Iterator
from pathlib import Path

from edge_agent import _bpe_py, heap
from edge_agent.packing import exclusive, lower_priority, sweep

log = logging.getLogger("edge_agent.tokens")

FORMAT = 1
MAGIC = b"EABPE\x00\x00" + bytes([FORMAT])
WORD_CACHE = 4096                       # pieces whose count is kept (common words repeat)

try:
    from edge_agent import _bpe as _core
except ImportError:                     # the C extension was not built: the specification runs
    _core = None


class Unpackable(ValueError):
    """The tokenizer is of a kind this module does not reproduce; the library counts it."""


# ---------------------------------------------------------------- the pre-tokenizer's regexes

# Oniguruma's \s: the White_Space property (Python's \s adds U+001C..U+001F).
WHITE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_CATEGORY_CLASSES = {"L": "L", "N": "N", "M": "M", "P": "P", "S": "S", "Z": "Z", "C": "C",
                     **{c: c for c in ("Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Nl", "No", "Mn", "Mc", "Me")}}


def _category_ranges() -> dict[str, str]:
    """Class bodies (no brackets) for every general category and its major class, made in
    one pass over the code points (surrogates left out: no UTF-8 text holds them)."""
    runs: dict[str, list[list[int]]] = {}
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        cat = unicodedata.category(chr(cp))
        for name in (cat, cat[0]):
            spans = runs.setdefault(name, [])
            if spans and spans[-1][1] == cp - 1:
                spans[-1][1] = cp
            else:
                spans.append([cp, cp])
    return {name: "".join(_esc(a) if a == b else f"{_esc(a)}-{_esc(b)}" for a, b in spans)
            for name, spans in runs.items()}


def _esc(cp: int) -> str:
    return f"\\U{cp:08x}" if cp > 0xFFFF else f"\\u{cp:04x}"


def category_class(name: str, cache: dict[str, str]) -> str:
    """The body of ``\\p{name}`` for a general category (one letter, or two)."""
    if name not in _CATEGORY_CLASSES:
        raise Unpackable(f"the pre-tokenizer's regex uses \\p{{{name}}}")
    if not cache:
        cache.update(_category_ranges())
    return cache.get(name, "")


def translate(pattern: str, cache: dict[str, str]) -> str:
    """An Oniguruma pattern (as tokenizers' Split uses) in Python ``re`` syntax."""
    out, i, in_class = [], 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern):
            nxt = pattern[i + 1]
            if nxt in "pP" and pattern[i + 2:i + 3] == "{":
                end = pattern.index("}", i)
                body = category_class(pattern[i + 3:end], cache)
                if nxt == "P":
                    if in_class:
                        raise Unpackable("\\P{...} inside a character class")
                    out.append(f"[^{body}]")
                else:
                    out.append(body if in_class else f"[{body}]")
                i = end + 1
                continue
            if nxt in "sS":
                if nxt == "S" and in_class:
                    raise Unpackable("\\S inside a character class")
                out.append(WHITE if in_class else (f"[{WHITE}]" if nxt == "s" else f"[^{WHITE}]"))
                i += 2
                continue
            if nxt.isalpha() and nxt not in "rntfvA":
                raise Unpackable(f"the pre-tokenizer's regex uses \\{nxt}")
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if ch == "[" and in_class:
            raise Unpackable("a nested character class")
        if ch == "[":
            in_class = True
            if pattern[i + 1:i + 2] == "^":
                out.append("[^")
                i += 2
                continue
        elif ch == "]" and in_class and out and out[-1] not in ("[", "[^"):
            in_class = False
        out.append(ch)
        i += 1
    return "".join(out)


GPT2_PATTERN = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"


def split_patterns(pre: dict | None, cache: dict[str, str]) -> list[str]:
    """The Python regexes of a byte-level pre-tokenizer, applied in turn (Isolated splits)."""
    steps = pre.get("pretokenizers", []) if pre and pre.get("type") == "Sequence" else [pre]
    if not steps or steps[-1] is None or steps[-1].get("type") != "ByteLevel":
        raise Unpackable("the pre-tokenizer does not end with ByteLevel")
    last = steps[-1]
    if last.get("add_prefix_space"):
        raise Unpackable("ByteLevel adds a prefix space")
    patterns = []
    for step in steps[:-1]:
        if step.get("type") != "Split" or "Regex" not in step.get("pattern", {}):
            raise Unpackable(f"pre-tokenizer step {step.get('type')!r}")
        if step.get("behavior") != "Isolated" or step.get("invert"):
            raise Unpackable("a Split that is not Isolated")
        patterns.append(translate(step["pattern"]["Regex"], cache))
    if last.get("use_regex", True):
        patterns.append(translate(GPT2_PATTERN, cache))
    return patterns


# ---------------------------------------------------------------- packing

def byte_chars() -> list[str]:
    """GPT-2's byte-to-character map: the character standing for each byte in the vocabulary."""
    keep = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    chars, extra = {}, 0
    for b in range(256):
        if b in keep:
            chars[b] = chr(b)
        else:
            chars[b] = chr(256 + extra)
            extra += 1
    return [chars[b] for b in range(256)]


def check_model(spec: dict) -> None:
    norm = spec.get("normalizer")
    if norm is not None and norm != {"type": "Sequence", "normalizers": []}:
        raise Unpackable(f"normalizer {norm.get('type')!r}")
    model = spec.get("model") or {}
    if model.get("type") != "BPE":
        raise Unpackable(f"model {model.get('type')!r}")
    for key in ("dropout", "continuing_subword_prefix", "end_of_word_suffix"):
        if model.get(key):
            raise Unpackable(f"BPE with {key}")
    if model.get("byte_fallback") or model.get("ignore_merges"):
        raise Unpackable("BPE with byte_fallback or ignore_merges")
    for tok in spec.get("added_tokens", []):
        if tok.get("lstrip") or tok.get("rstrip") or tok.get("single_word"):
            raise Unpackable(f"added token {tok.get('content')!r} strips blanks or is a single word")


def merge_table(vocab: dict[str, int], merges: list) -> tuple[array.array, int]:
    """The open-addressing table of ``merges`` (at most three quarters full) and its mask."""
    size = 1
    while size * 3 < len(merges) * 4 + 4:
        size *= 2
    mask = size - 1
    slots = array.array("I", [_bpe_py.EMPTY]) * (size * _bpe_py.SLOT)
    for rank, merge in enumerate(merges):
        a, b = merge.split(" ", 1) if isinstance(merge, str) else merge
        if a not in vocab or b not in vocab or a + b not in vocab:
            raise Unpackable(f"merge {rank} ({a!r}, {b!r}) is not in the vocabulary")
        ia, ib = vocab[a], vocab[b]
        i = _bpe_py.slot_of(ia, ib, mask)
        while slots[i * 4] != _bpe_py.EMPTY:
            if slots[i * 4] == ia and slots[i * 4 + 1] == ib:
                break                    # a repeated merge: the library keeps the first rank
            i = (i + 1) & mask
        else:
            slots[i * 4:i * 4 + 4] = array.array("I", [ia, ib, rank, vocab[a + b]])
    return slots, mask


def pack(spec: dict, line_additive: bool, drop_missing: bool = False) -> bytes:
    """The packed form of a parsed tokenizer.json (raises Unpackable). A byte whose character
    is not in the vocabulary refuses the pack, or with ``drop_missing`` (llama.cpp's way: no
    merge holds such a byte, and it yields no token) is ``EMPTY`` in the byte table."""
    check_model(spec)
    cache: dict[str, str] = {}
    patterns = split_patterns(spec.get("pre_tokenizer"), cache)
    vocab = spec["model"]["vocab"]
    chars = byte_chars()
    missing = [c for c in chars if c not in vocab]
    if missing and not drop_missing:
        raise Unpackable(f"{len(missing)} byte characters are not in the vocabulary")
    byte_ids = array.array("I", [vocab.get(c, _bpe_py.EMPTY) for c in chars])
    slots, mask = merge_table(vocab, spec["model"]["merges"])
    header = json.dumps({
        "format": FORMAT, "mask": mask, "merges": len(spec["model"]["merges"]), "vocab": len(vocab),
        "split": patterns, "line_additive": line_additive,
        "added": [[t["content"], bool(t.get("normalized"))] for t in spec.get("added_tokens", [])],
    }, ensure_ascii=True).encode()
    header += b" " * (-(len(MAGIC) + 4 + len(header)) % 4)
    return MAGIC + struct.pack("<I", len(header)) + header + byte_ids.tobytes() + slots.tobytes()


# ---------------------------------------------------------------- the counter

class PackedCounter:
    """Counts tokens as the ``tokenizers`` library does, from a packed file mapped read-only."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        with open(self.path, "rb") as f:
            self._map = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        heap.droppable(self._map)                    # out of RSS after work (heap.Trimmer)
        if self._map[:len(MAGIC)] != MAGIC:
            raise Unpackable(f"{self.path} is not a packed tokenizer of format {FORMAT}")
        (n,) = struct.unpack_from("<I", self._map, len(MAGIC))
        start = len(MAGIC) + 4
        head = json.loads(self._map[start:start + n])
        view = memoryview(self._map)[start + n:].cast("I")
        self._byte_ids, self._slots = view[:256], view[256:]
        self._mask = head["mask"]
        if len(self._slots) != (self._mask + 1) * _bpe_py.SLOT:
            raise Unpackable(f"{self.path} is truncated")
        self.line_additive = bool(head["line_additive"])
        self._splits = [_splitter(p) for p in head["split"]]
        self._added = [_alternation([c for c, normed in head["added"] if normed == phase]) for phase in (False, True)]
        self._cache: dict[str, int] = {}
        dropped = bytes(b for b in range(256) if self._byte_ids[b] == _bpe_py.EMPTY)
        # a byte without a token merges with nothing: the word is counted as its parts around it
        self._drop = re.compile(b"[" + b"".join(re.escape(bytes([b])) for b in dropped) + b"]+") if dropped else None

    def __call__(self, text: str) -> int:
        if not text:
            return 0
        total = 0
        for piece, added in self._added_split(text):
            total += 1 if added else self._count_piece(piece)
        return total

    def _added_split(self, text: str) -> Iterator[tuple[str, bool]]:
        """The text cut at added tokens (non-normalized ones first, then normalized ones)."""
        for piece, added in _cut(text, self._added[0]):
            if added:
                yield piece, True
            else:
                yield from _cut(piece, self._added[1])

    def _count_piece(self, text: str) -> int:
        pieces = [text]
        for split in self._splits:
            pieces = [p for piece in pieces for p in split(piece) if p]
        total, todo = 0, []
        for p in pieces:
            hit = self._cache.get(p)
            if hit is None:
                todo.append(p)
            else:
                total += hit
        for p in todo:
            n = self._words([p.encode("utf-8")])
            if len(self._cache) >= WORD_CACHE:
                self._cache.clear()
            self._cache[p] = n
            total += n
        return total

    def _words(self, words: list[bytes]) -> int:
        if self._drop is not None:
            words = [part for word in words for part in self._drop.split(word) if part]
        if _core is not None:
            return _core.count(self._slots, self._mask, self._byte_ids, words)
        return _bpe_py.count(self._slots, self._mask, self._byte_ids, words)

    def __repr__(self) -> str:
        return f"PackedCounter({self.path!r})"


def _alternation(words: list[str]) -> re.Pattern[str] | None:
    """Leftmost-longest matching of literal ``words`` (longest alternatives first)."""
    if not words:
        return None
    return re.compile("|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w))))


def _cut(text: str, rx: re.Pattern[str] | None) -> Iterator[tuple[str, bool]]:
    if rx is None:
        yield text, False
        return
    at = 0
    for m in rx.finditer(text):
        if m.start() > at:
            yield text[at:m.start()], False
        yield m.group(), True
        at = m.end()
    if at < len(text):
        yield text[at:], False


def _splitter(pattern: str):
    """A Split with the Isolated behaviour: each match, and each stretch between, a piece
    (empty strings among them, which the caller drops). ``re.split`` with the pattern as its
    one group does it in C; a pattern with groups of its own goes through ``_isolate``."""
    rx = re.compile(f"({pattern})")
    if rx.groups == 1:
        return rx.split
    plain = re.compile(pattern)
    return lambda text: _isolate(plain, text)


def _isolate(rx: re.Pattern[str], text: str) -> Iterator[str]:
    """Each match of ``rx`` in ``text``, and each stretch between, in order."""
    at = 0
    for m in rx.finditer(text):
        if m.start() > at:
            yield text[at:m.start()]
        if m.end() > m.start():
            yield m.group()
        at = m.end()
    if at < len(text):
        yield text[at:]


# ---------------------------------------------------------------- the sample, the cache

def sample(added: list[str], n: int = 3000, seed: int = 7) -> list[str]:
    """Texts the packed counter must count as the library does before its pack is kept."""
    rng = random.Random(seed)
    pools = ["abcXYZ ", "0123456789", "一二三你好世界的是了", "ぁあアイウｱ", "한국어", "éüñçßøÅ",
             "\u0301\u0308\u0651", "٠١٢३४५", "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", "，。！？：；「」、（）",
             "€£¥©®™→∑√", "😀👍🏽🇨🇳", " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u2003\u3000\u2028",
             "\x00\x01\x7f\u200b\u200d\ufeff\ue000", "Ⅻ½²", "ʰˆ々〆"]
    texts = ["", " ", "\n\n", "  hello  world  ", "12345678", "a\n\nb", "你好，world！123",
             "x \n y", "don't I'll we've", "<think>hi</think>", "<<｜User｜>>"]
    for _ in range(n):
        parts = []
        for _ in range(rng.randint(1, 12)):
            if added and rng.random() < 0.05:
                parts.append(rng.choice(added))
            else:
                pool = rng.choice(pools)
                parts.append("".join(rng.choice(pool) for _ in range(rng.randint(1, 8))))
        texts.append("".join(parts))
    return texts


def verify(counter: PackedCounter, reference, texts: list[str]) -> str | None:
    """The first text the two counters disagree on, or None."""
    for text in texts:
        if counter(text) != reference(text):
            return text
    return None


def cache_root() -> Path:
    return Path(os.environ.get("EDGE_AGENT_CACHE", Path.home() / ".cache" / "edge-agent")) / "tokenizer"


def source_key(src: Path) -> str:
    h = hashlib.sha256(b"format %d\n" % FORMAT)
    with open(src, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:16]


def build(src: Path, dest: Path) -> Path:
    """Pack ``src`` into ``dest`` (atomically) after checking it against the library."""
    from edge_agent.tokens import ExactCounter

    reference = ExactCounter(src)
    spec = json.loads(Path(src).read_text(encoding="utf-8"))
    data = pack(spec, reference.line_additive)
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, staging = tempfile.mkstemp(prefix=dest.name + ".", dir=dest.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        added = [t["content"] for t in spec.get("added_tokens", [])]
        bad = verify(PackedCounter(staging), reference, sample(added))
        if bad is not None:
            raise Unpackable(f"the packed counter differs from the library on {bad!r}")
        os.chmod(staging, 0o644)
        os.replace(staging, dest)
    finally:
        if os.path.exists(staging):
            os.unlink(staging)
    return dest


UNPACKABLE = 3      # the child's exit status when the tokenizer is of a kind not reproduced


def packed_path(src: Path) -> Path | None:
    """The packed form of ``src``: from the cache, else packed now in a child process; None
    when it cannot be packed (the reason is logged, and remembered beside the cache when it
    is the tokenizer's kind) or the cache cannot be written."""
    key = source_key(src)
    dest, refused = cache_root() / f"{key}.bpe", cache_root() / f"{key}.unpackable"
    if dest.is_file():
        return dest
    if refused.is_file():
        return None
    done = subprocess.run([sys.executable, "-m", "edge_agent.bpe", str(src), str(dest)],
                          capture_output=True, text=True)
    if done.returncode == 0 and dest.is_file():
        return dest
    reason = (done.stderr.strip().splitlines() or ["no reason given"])[-1]
    log.info("tokenizer %s not packed (%s); the tokenizers library counts", src, reason)
    if done.returncode == UNPACKABLE:
        try:
            refused.parent.mkdir(parents=True, exist_ok=True)
            refused.write_text(reason + "\n")
        except OSError:
            pass
    return None


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m edge_agent.bpe TOKENIZER_JSON DEST", file=sys.stderr)
        return 2
    src, dest = Path(argv[0]), Path(argv[1])
    lower_priority()
    try:
        with exclusive(dest):            # a second packer waits, then finds the table made
            if not dest.is_file():
                sweep(dest)
                build(src, dest)
    except Unpackable as exc:
        print(f"not packed: {exc}", file=sys.stderr)
        return UNPACKABLE
    except (OSError, ValueError) as exc:
        print(f"not packed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
