"""Byte-level BPE over a packed merge table: the specification of the C core (native/bpe_core.c).

A word is the UTF-8 bytes of one pre-token. Its symbols start as the ids of its bytes
(``byte_ids``, 256 entries); then, as the ``tokenizers`` library's ``Word::merge_all`` does,
the pair of lowest merge rank is merged, leftmost first among equal ranks, until no adjacent
pair has a merge. A queued merge is stale when the pair at its position no longer gives the
same new id (the library's own test). ``count`` returns the number of symbols left, summed
over the words.

The merge table is open addressing with linear probing over ``mask + 1`` slots of four
uint32 each: left id, right id, rank, new id; an empty slot has ``EMPTY`` as its left id.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence

EMPTY = 0xFFFFFFFF
SLOT = 4


def slot_of(a: int, b: int, mask: int) -> int:
    """The first slot probed for the pair ``(a, b)`` (the C core computes the same)."""
    h = ((a * 0x9E3779B1) ^ (b * 0x85EBCA77)) & 0xFFFFFFFF
    h ^= h >> 15
    return h & mask


def lookup(slots: Sequence[int], mask: int, a: int, b: int) -> tuple[int, int] | None:
    """``(rank, new_id)`` of the merge of ``a`` then ``b``, or None."""
    i = slot_of(a, b, mask)
    while True:
        base = i * SLOT
        left = slots[base]
        if left == EMPTY:
            return None
        if left == a and slots[base + 1] == b:
            return slots[base + 2], slots[base + 3]
        i = (i + 1) & mask


def word_len(slots: Sequence[int], mask: int, byte_ids: Sequence[int], word: bytes) -> int:
    """The number of tokens BPE makes of ``word``."""
    n = len(word)
    if n < 2:
        return n
    sym = [byte_ids[c] for c in word]
    prev = list(range(-1, n - 1))
    nxt = list(range(1, n + 1))
    alive = [True] * n
    queue = []
    for i in range(n - 1):
        m = lookup(slots, mask, sym[i], sym[i + 1])
        if m is not None:
            queue.append((m[0], i, m[1]))
    heapq.heapify(queue)
    left = n
    while queue:
        _rank, pos, new_id = heapq.heappop(queue)
        if not alive[pos] or nxt[pos] >= n:
            continue
        right = nxt[pos]
        m = lookup(slots, mask, sym[pos], sym[right])
        if m is None or m[1] != new_id:
            continue
        sym[pos] = new_id                      # merge the right symbol into this one
        alive[right] = False
        nxt[pos] = nxt[right]
        if nxt[pos] < n:
            prev[nxt[pos]] = pos
        left -= 1
        if prev[pos] >= 0:
            m = lookup(slots, mask, sym[prev[pos]], new_id)
            if m is not None:
                heapq.heappush(queue, (m[0], prev[pos], m[1]))
        if nxt[pos] < n:
            m = lookup(slots, mask, new_id, sym[nxt[pos]])
            if m is not None:
                heapq.heappush(queue, (m[0], pos, m[1]))
    return left


def count(slots: Sequence[int], mask: int, byte_ids: Sequence[int], words: Iterable[bytes]) -> int:
    """The tokens of all ``words`` together."""
    return sum(word_len(slots, mask, byte_ids, w) for w in words)
