"""A session's term index as two flat arrays: what recall's BM25 and novelty read.

Each message's distinct terms (words, CJK bigrams, concepts) are appended as one run of
entries: the term's 32-bit id (CRC-32 of its UTF-8) and its frequency in the message (capped at
65,535). Messages leave oldest first, so dropping one moves the start of the live entries
forward; the dead prefix is cut once it is the larger part. 6 bytes an entry, where a dict of
interned strings to packed postings took about 40 a term plus the strings (a 20-turn Chinese
session's index went from 43 KB to 7; bench/RESULTS.md section 21).

A search scans the live ids for the query's (a numpy comparison per term); two terms whose
CRCs collide share their statistics, which changes a score by as much as one rare word would.
Past ``SORTED_FROM`` live entries (about 600 turns) a scan would cost milliseconds a turn, so
the index also keeps a copy sorted by id with each entry's position (8 bytes an entry more),
where a term is two binary searches; only the entries added since the copy was made are
scanned, and the copy is made again once they are a 32nd of it.

Entries are addressed by absolute position (counting the ones dropped), so a message's run
keeps its address while older ones leave. Numpy views of the arrays live only inside a call:
an ``array`` cannot grow while a view of it exists.
"""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Iterable

import numpy as np

TF_MAX = 0xFFFF
SORTED_FROM = 16384     # live entries from which a sorted copy is kept


def term_id(term: str) -> int:
    return zlib.crc32(term.encode("utf-8"))


def distinct(a: np.ndarray) -> np.ndarray:
    """The sorted, distinct values of the 1-D array ``a``, as ``np.unique(a)``. numpy 2.4's
    ``unique`` imports ``numpy.ma`` for its check of a masked array (1.25 MiB of RSS that
    nothing else in the daemon needs)."""
    s = np.sort(a)
    return s[np.concatenate(([True], s[1:] != s[:-1]))] if len(s) > 1 else s


def term_ids(terms: Iterable[str]) -> np.ndarray:
    """The sorted, distinct ids of ``terms`` (uint32)."""
    return distinct(np.fromiter((term_id(t) for t in terms), dtype=np.uint32))


def count_in(ids: np.ndarray, sorted_ids: np.ndarray) -> int:
    """How many of ``ids`` are in ``sorted_ids`` (sorted, distinct)."""
    if not len(ids) or not len(sorted_ids):
        return 0
    at = np.minimum(np.searchsorted(sorted_ids, ids), len(sorted_ids) - 1)
    return int(np.count_nonzero(sorted_ids[at] == ids))


class TermIndex:
    """Entries (term id, frequency), message after message, oldest first."""

    __slots__ = ("_ids", "_tf", "_head", "_dropped", "_sorted_ids", "_sorted_pos", "_sorted_upto")

    def __init__(self) -> None:
        self._ids = array("I")
        self._tf = array("H")
        self._head = 0        # live entries start here in the arrays
        self._dropped = 0     # entries cut from the arrays' front, ever
        self._sorted_ids: np.ndarray | None = None    # the copy sorted by id (uint32) ...
        self._sorted_pos: np.ndarray | None = None    # ... and each entry's absolute position
        self._sorted_upto = 0                         # the copy holds the entries before this

    def __len__(self) -> int:
        return len(self._ids) - self._head

    @property
    def end(self) -> int:
        """The absolute position the next entry will have."""
        return self._dropped + len(self._ids)

    @property
    def start(self) -> int:
        """The absolute position of the oldest live entry."""
        return self._dropped + self._head

    @property
    def nbytes(self) -> int:
        return len(self._ids) * 6 + (0 if self._sorted_ids is None else 8 * len(self._sorted_ids))

    def add(self, bag: dict[str, int]) -> int:
        """Append one message's terms and frequencies; returns its first absolute position."""
        start = self.end
        self._ids.extend(term_id(t) for t in bag)
        self._tf.extend(min(tf, TF_MAX) for tf in bag.values())
        return start

    def drop_before(self, position: int) -> None:
        """Every entry before absolute ``position`` leaves."""
        self._head = max(self._head, position - self._dropped)
        if self._head > 256 and 2 * self._head > len(self._ids):
            del self._ids[: self._head]
            del self._tf[: self._head]
            self._dropped += self._head
            self._head = 0

    def ids_between(self, start: int, end: int) -> np.ndarray:
        """The term ids of absolute positions ``start`` to ``end`` (a copy)."""
        return np.array(self._ids[start - self._dropped:end - self._dropped], dtype=np.uint32)

    def find(self, ids: Iterable[int]) -> dict[int, np.ndarray]:
        """The absolute positions (ascending: oldest first) of each of ``ids`` that is present."""
        want = distinct(np.fromiter(ids, dtype=np.uint32))
        if not len(self) or not len(want):
            return {}
        self._sort_if_due()
        found = self._scan(want, max(self.start, self._sorted_upto))
        if self._sorted_ids is None:
            return found
        older = self._lookup(want)
        return {h: np.concatenate((older[h], found[h])) if h in older and h in found else older.get(h, found.get(h))
                for h in older.keys() | found.keys()}

    def _scan(self, want: np.ndarray, since: int) -> dict[int, np.ndarray]:
        """``find`` over the entries from absolute position ``since``, by comparing each."""
        live = np.frombuffer(self._ids, dtype=np.uint32)[since - self._dropped:]
        at = np.minimum(np.searchsorted(want, live), len(want) - 1)   # want is sorted
        pos = np.flatnonzero(want[at] == live)
        found = live[pos]                                       # a copy: the view dies here
        del live
        if not len(pos):
            return {}
        order = np.argsort(found, kind="stable")
        found, pos = found[order], pos[order] + since
        cuts = np.flatnonzero(np.diff(found)) + 1
        return {int(group[0]): p for group, p in zip(np.split(found, cuts), np.split(pos, cuts))}

    def _lookup(self, want: np.ndarray) -> dict[int, np.ndarray]:
        """``find`` over the sorted copy, by binary search; entries that left are skipped."""
        lo = np.searchsorted(self._sorted_ids, want, side="left")
        hi = np.searchsorted(self._sorted_ids, want, side="right")
        out = {}
        for h, a, b in zip(want.tolist(), lo.tolist(), hi.tolist()):
            pos = self._sorted_pos[a:b]
            pos = pos[pos >= self.start].astype(np.int64)
            if len(pos):
                out[h] = pos
        return out

    def _sort_if_due(self) -> None:
        """Make the sorted copy when the live entries are many and the unsorted tail long."""
        live = len(self)
        if live < SORTED_FROM:
            self._sorted_ids = self._sorted_pos = None
            self._sorted_upto = 0
            return
        if self._sorted_ids is not None and 32 * (self.end - self._sorted_upto) < len(self._sorted_ids):
            return
        ids = np.array(self._ids[self._head:], dtype=np.uint32)
        order = np.argsort(ids, kind="stable")
        self._sorted_ids = ids[order]
        self._sorted_pos = (order + self.start).astype(np.uint32)
        self._sorted_upto = self.end

    def tf(self, positions: np.ndarray) -> np.ndarray:
        """The frequencies at absolute ``positions`` (float64)."""
        if not len(positions):
            return np.zeros(0)
        view = np.frombuffer(self._tf, dtype=np.uint16)
        out = view[positions - self._dropped].astype(np.float64)
        del view
        return out
