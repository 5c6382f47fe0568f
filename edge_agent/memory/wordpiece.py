"""BERT's WordPiece tokenizer for the sentence encoder, in plain Python.

The encoder's ``tokenizer.json`` (all-MiniLM-L6-v2: BertNormalizer with lowercasing,
BertPreTokenizer, WordPiece over 30,522 pieces, ``[CLS] ... [SEP]``) read into one dict. The
``tokenizers`` library did the same for 16.8 MiB of RSS (10.3 anonymous, 6.5 of its shared
library); this costs 5 MiB, and a local-only daemon then never loads that library
(bench/RESULTS.md section 20). It takes about 0.2 ms for a 300-character message against the
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
import re
import unicodedata
from pathlib import Path


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


class WordPiece:
    """``encode(text) -> list[int]`` with ``[CLS]``/``[SEP]``, at most ``max_tokens`` ids."""

    def __init__(self, vocab: dict[str, int], *, unk: str = "[UNK]", cls: str = "[CLS]", sep: str = "[SEP]",
                 specials: tuple[str, ...] = (), max_word: int = 100, max_tokens: int = 256) -> None:
        for name in (unk, cls, sep):
            if name not in vocab:
                raise TokenizerFileError(f"the vocabulary has no {name}")
        self.vocab, self.max_word, self.max_tokens = vocab, max_word, max_tokens
        self.unk, self.cls, self.sep = vocab[unk], vocab[cls], vocab[sep]
        self._specials = {s: vocab[s] for s in specials if s in vocab}
        self._split = re.compile("(" + "|".join(map(re.escape, sorted(self._specials, key=len, reverse=True))) + ")") \
            if self._specials else None

    @classmethod
    def from_file(cls, path: str | Path, max_tokens: int = 256) -> WordPiece:
        """A BERT ``tokenizer.json`` (lowercasing BertNormalizer, BertPreTokenizer, WordPiece);
        any other makes TokenizerFileError rather than different ids."""
        spec = json.loads(Path(path).read_text(encoding="utf-8"))
        model, norm = spec.get("model") or {}, spec.get("normalizer") or {}
        wanted = {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True, "lowercase": True}
        if model.get("type") != "WordPiece" or any(norm.get(k) != v for k, v in wanted.items()) \
                or norm.get("strip_accents") not in (None, True) \
                or (spec.get("pre_tokenizer") or {}).get("type") != "BertPreTokenizer" \
                or model.get("continuing_subword_prefix", "##") != "##":
            raise TokenizerFileError(f"{path}: not a lowercasing BERT WordPiece tokenizer")
        specials = tuple(t["content"] for t in spec.get("added_tokens", []) if not t.get("normalized", True))
        return cls(model["vocab"], unk=model.get("unk_token", "[UNK]"), specials=specials,
                   max_word=int(model.get("max_input_chars_per_word", 100)), max_tokens=max_tokens)

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
