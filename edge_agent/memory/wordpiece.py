"""BERT's WordPiece tokenizer for the sentence encoder, in plain Python.

The encoder's ``tokenizer.json`` (all-MiniLM-L6-v2: BertNormalizer with lowercasing,
BertPreTokenizer, WordPiece over 30,522 pieces, ``[CLS] ... [SEP]``) read into one table
(``Vocab``). The ``tokenizers`` library did the same for 16.8 MiB of RSS (10.3 anonymous, 6.5
of its shared library); a dict of the pieces cost 3.4 MiB and the table 0.7, and a local-only
daemon never loads that library (bench/RESULTS.md sections 20 and 43). It takes about 0.2 ms for a 300-character message against the
library's 0.1 (the encoder's pass over it takes some 10 ms). The ids are the library's, token for token:
tests/test_wordpiece.py compares both on English, Chinese, accents, emoji, control
characters, the special tokens written in text, long words and truncation.

The steps, as the library runs them:
1. the special tokens (``[CLS]``, ``[UNK]``, ...) written in the text are kept whole;
2. normalise: drop U+FFFD and controls, format and private-use characters, whitespace
   becomes a space, CJK
   ideographs get a space on each side, accents are stripped (NFD, then no Mn), lower case;
3. split on whitespace and around each punctuation character;
4. WordPiece: the longest piece in the vocabulary from the start of a word, then the longest
   ``##`` piece from where it stopped; a word with no such split, or over 100 characters,
   is ``[UNK]``;
5. truncate to ``max_tokens`` with ``[CLS]`` and ``[SEP]`` counted, and add them.
"""

from __future__ import annotations

import json
import logging
import mmap
import os
import re
import struct
import sys
import unicodedata
import zlib
from array import array
from bisect import bisect_left
from pathlib import Path

from edge_agent import heap

log = logging.getLogger("edge_agent.memory")


class TokenizerFileError(ValueError):
    """A tokenizer.json this module cannot run exactly."""


def _cjk(cp: int) -> bool:
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
            or 0x2A700 <= cp <= 0x2B73F or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF
            or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)


def _punctuation(ch: str) -> bool:
    cp = ord(ch)
    return 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126 or \
        unicodedata.category(ch).startswith("P")


def _normalise_char(ch: str) -> str:
    """What BertNormalizer's clean_text and handle_chinese_chars make of one character: tab,
    newline and CR become a space; U+FFFD and the characters of the categories Cc, Cf, Co and
    Cs go (NUL among them; unassigned ones stay, as in the library); Unicode whitespace (Zs, and
    U+2028/U+2029) becomes a space; a CJK ideograph gets a space on each side."""
    if ch in "\t\n\r":
        return " "
    cat = unicodedata.category(ch)
    if ch == "\ufffd" or cat in ("Cc", "Cf", "Co", "Cs"):
        return ""
    if cat in ("Zs", "Zl", "Zp"):
        return " "
    return f" {ch} " if _cjk(ord(ch)) else ch


VOCAB_FILE = "wordpiece.vocab"     # beside tokenizer.json in a packed encoder directory
_MAGIC = b"EAWP1\n"


class Vocab:
    """A vocabulary's piece -> id in three arrays of uint32 and the pieces' UTF-8 text rather
    than a dict: the pieces' CRC-32 (sorted), their ids, where each piece's text ends, and the
    text, for the check that a hash found is the piece asked for. A lookup is a bisection
    (about 1 us; a message makes a few hundred against the encoder's 10 ms). Built from a dict
    it holds 0.5 MB for MiniLM's 30,522 pieces; read from its file (``write_vocab``) it is that
    file mapped read-only, shared and droppable, and the daemon never parses tokenizer.json,
    whose 60,000 objects left 1.8 MiB of its heap fragmented (bench/RESULTS.md section 43)."""

    def __init__(self, hashes, ids, ends, text) -> None:
        self._hashes, self._ids, self._ends, self._text = hashes, ids, ends, text

    @classmethod
    def build(cls, vocab: dict[str, int]) -> Vocab:
        entries = sorted((zlib.crc32(piece.encode("utf-8")), piece.encode("utf-8"), i) for piece, i in vocab.items())
        ends = array("I", [0])
        for _, text, _ in entries:
            ends.append(ends[-1] + len(text))
        return cls(array("I", (h for h, _, _ in entries)), array("I", (i for _, _, i in entries)), ends,
                   b"".join(text for _, text, _ in entries))

    def __len__(self) -> int:
        return len(self._hashes)

    def get(self, piece: str) -> int | None:
        text = piece.encode("utf-8")
        h = zlib.crc32(text)
        i = bisect_left(self._hashes, h)
        while i < len(self._hashes) and self._hashes[i] == h:   # equal hashes: compare the text
            if self._text[self._ends[i]:self._ends[i + 1]] == text:
                return self._ids[i]
            i += 1
        return None

    def __contains__(self, piece: str) -> bool:
        return self.get(piece) is not None

    def __getitem__(self, piece: str) -> int:
        found = self.get(piece)
        if found is None:
            raise KeyError(piece)
        return found

    def arrays(self) -> tuple[bytes, bytes, bytes, bytes]:
        return bytes(self._hashes), bytes(self._ids), bytes(self._ends), bytes(self._text)


class WordPiece:
    """``encode(text) -> list[int]`` with ``[CLS]``/``[SEP]``, at most ``max_tokens`` ids."""

    def __init__(self, vocab: dict[str, int] | Vocab, *, unk: str = "[UNK]", cls: str = "[CLS]", sep: str = "[SEP]",
                 specials: tuple[str, ...] = (), max_word: int = 100, max_tokens: int = 256) -> None:
        for name in (unk, cls, sep):
            if name not in vocab:
                raise TokenizerFileError(f"the vocabulary has no {name}")
        self.vocab = vocab if isinstance(vocab, Vocab) else Vocab.build(vocab)
        self.max_word, self.max_tokens = max_word, max_tokens
        self.unk, self.cls, self.sep = vocab[unk], vocab[cls], vocab[sep]
        self._specials = {s: vocab[s] for s in specials if s in vocab}
        self._split = re.compile("(" + "|".join(map(re.escape, sorted(self._specials, key=len, reverse=True))) + ")") \
            if self._specials else None

    @classmethod
    def from_file(cls, path: str | Path, max_tokens: int = 256) -> WordPiece:
        """A BERT ``tokenizer.json`` (lowercasing BertNormalizer, BertPreTokenizer, WordPiece);
        any other makes TokenizerFileError rather than different ids."""
        vocab, settings = _read_spec(Path(path))
        return cls(Vocab.build(vocab), max_tokens=max_tokens, **settings)

    @classmethod
    def load(cls, folder: Path, max_tokens: int = 256) -> WordPiece:
        """The tokenizer of an encoder's ``folder``: its packed vocabulary (``VOCAB_FILE``)
        mapped read-only when there is one, else its ``tokenizer.json``."""
        if (folder / VOCAB_FILE).is_file():
            try:
                vocab, settings = read_vocab(folder / VOCAB_FILE)
                return cls(vocab, max_tokens=max_tokens, **settings)
            except (OSError, TokenizerFileError) as exc:   # a damaged cache file: the source serves
                log.warning("WordPiece: %s; reading tokenizer.json instead", exc)
        return cls.from_file(folder / "tokenizer.json", max_tokens)

    def encode(self, text: str) -> list[int]:
        ids: list[int] = []
        room = self.max_tokens - 2
        parts = self._split.split(text) if self._split is not None else [text]
        for i, part in enumerate(parts):
            if i % 2:                      # a special token written in the text
                ids.append(self._specials[part])
            else:
                for word in self._words(part):
                    ids.extend(self._pieces(word))
            if len(ids) >= room:
                break
        return [self.cls, *ids[:room], self.sep]

    def encode_batch(self, texts: list[str]) -> list[list[int]]:
        return [self.encode(t) for t in texts]

    @staticmethod
    def _words(text: str) -> list[str]:
        text = "".join(_normalise_char(ch) for ch in text)
        # lower case one character at a time, as the library does (no final sigma: "ΟΣ" -> "οσ")
        text = "".join(ch.lower() for ch in unicodedata.normalize("NFD", text) if unicodedata.category(ch) != "Mn")
        words: list[str] = []
        for chunk in text.split():
            start = 0
            for j, ch in enumerate(chunk):
                if _punctuation(ch):
                    if j > start:
                        words.append(chunk[start:j])
                    words.append(ch)
                    start = j + 1
            if start < len(chunk):
                words.append(chunk[start:])
        return words

    def _pieces(self, word: str) -> list[int]:
        if len(word) > self.max_word:
            return [self.unk]
        out, start = [], 0
        while start < len(word):
            end = len(word)
            while end > start:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                found = self.vocab.get(piece)
                if found is not None:
                    break
                end -= 1
            else:
                return [self.unk]
            out.append(found)
            start = end
        return out


def _read_spec(path: Path) -> tuple[dict[str, int], dict]:
    """The vocabulary and the settings of a lowercasing BERT WordPiece ``tokenizer.json``."""
    spec = json.loads(path.read_text(encoding="utf-8"))
    model, norm = spec.get("model") or {}, spec.get("normalizer") or {}
    wanted = {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True, "lowercase": True}
    if model.get("type") != "WordPiece" or any(norm.get(k) != v for k, v in wanted.items()) \
            or norm.get("strip_accents") not in (None, True) \
            or (spec.get("pre_tokenizer") or {}).get("type") != "BertPreTokenizer" \
            or model.get("continuing_subword_prefix", "##") != "##":
        raise TokenizerFileError(f"{path}: not a lowercasing BERT WordPiece tokenizer")
    vocab = model.get("vocab")
    if not isinstance(vocab, dict) or not all(isinstance(i, int) and 0 <= i < 2 ** 32 for i in vocab.values()):
        raise TokenizerFileError(f"{path}: the WordPiece vocabulary is not a table of pieces and ids")
    specials = [t["content"] for t in spec.get("added_tokens", []) if not t.get("normalized", True)]
    return vocab, {"unk": model.get("unk_token", "[UNK]"), "specials": tuple(specials),
                   "max_word": int(model.get("max_input_chars_per_word", 100))}


def write_vocab(tokenizer_json: Path, dest: Path) -> Path:
    """Pack ``tokenizer.json``'s vocabulary and settings into ``dest`` (``read_vocab`` maps
    it): the magic, a little-endian uint32 length and that much JSON (the settings and the
    count), padded to 4 bytes, then the hashes, ids and ends as uint32 and the pieces' text."""
    vocab, settings = _read_spec(tokenizer_json)
    arrays = Vocab.build(vocab).arrays()
    if sys.byteorder != "little":
        raise TokenizerFileError("the packed vocabulary is little-endian; this machine is not")
    head = json.dumps(dict(settings, specials=list(settings["specials"]), count=len(vocab))).encode()
    head += b" " * (-(len(_MAGIC) + 4 + len(head)) % 4)
    staging = dest.with_name(f".{dest.name}.{os.getpid()}")
    staging.write_bytes(_MAGIC + struct.pack("<I", len(head)) + head + b"".join(arrays))
    os.replace(staging, dest)
    return dest


def read_vocab(path: Path) -> tuple[Vocab, dict]:
    """``write_vocab``'s file mapped read-only: the Vocab over it and its settings;
    TokenizerFileError if it is not such a file."""
    with open(path, "rb") as f:
        try:
            mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except ValueError as exc:            # an empty file
            raise TokenizerFileError(f"{path}: {exc}") from exc
    heap.droppable(mapped)                   # out of RSS after work (heap.Trimmer)
    try:
        if sys.byteorder != "little" or mapped[:len(_MAGIC)] != _MAGIC:
            raise ValueError("not a packed WordPiece vocabulary of this byte order")
        at = len(_MAGIC) + 4
        (size,) = struct.unpack("<I", mapped[len(_MAGIC):at])
        head = json.loads(mapped[at:at + size])
        n, at = int(head["count"]), at + size
        settings = {"unk": str(head["unk"]), "specials": tuple(map(str, head["specials"])),
                    "max_word": int(head["max_word"])}
        text_at = at + 12 * n + 4
        if n <= 0 or text_at > len(mapped) or struct.unpack_from("<I", mapped, at + 8 * n)[0] != 0 \
                or struct.unpack_from("<I", mapped, text_at - 4)[0] != len(mapped) - text_at:
            raise ValueError("its arrays do not match its length")
    except (ValueError, KeyError, TypeError, AttributeError, struct.error) as exc:
        mapped.close()
        raise TokenizerFileError(f"{path}: {exc}") from exc
    view = memoryview(mapped)
    hashes, ids, ends = (view[at + k * 4 * n:at + (k + 1) * 4 * n + (4 if k == 2 else 0)].cast("I") for k in range(3))
    return Vocab(hashes, ids, ends, view[text_at:]), settings


def main(argv: list[str]) -> int:
    """``python -m edge_agent.memory.wordpiece SRC DEST``: pack ``SRC/tokenizer.json``'s
    vocabulary into ``DEST/VOCAB_FILE`` (a packed encoder directory that lacks it)."""
    from edge_agent.memory.encoder_file import main as pack_main

    return pack_main(argv, lambda src, dest: write_vocab(src / "tokenizer.json", dest / VOCAB_FILE), VOCAB_FILE)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
