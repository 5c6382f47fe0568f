"""Pure-Python bounded ring buffer: the specification of ``edge_agent._ringbuf``.

One session's history is a FIFO of records ``(seq, role, flags, tokens, ts, payload)``.
The C module (native/ringbuf.c) must be observably identical to this file: same
return values, same eviction decisions, same exception types. Tests run one suite over
both and a hypothesis differential test compares them operation by operation.

Bounds. At most ``max_records`` records, and every payload lives in one byte arena of at
most ``max_bytes`` bytes. The arena is circular: a payload that does not fit between the
write position and the end of the arena is placed at offset 0 when the oldest payload
starts far enough in; the bytes left at the end are slack until the head passes them.
The arena starts at 64 bytes and doubles (re-laid from offset 0, in order) when a payload
does not fit, up to ``max_bytes``; only a full-size arena evicts. So a ring that is never
full holds only what it stores, and a full one wastes at most one payload of slack.

Turn groups. A record pushed with ``GROUP_START`` (a user message) opens a group; the
first record in an empty ring opens one too. When a push needs room, whole groups are
evicted from the oldest end and returned to the caller, never part of a group. If the
only group left is the one the new record joins, that group is evicted whole and the new
record opens a group of its own, marked ``ORPHAN`` (its start was evicted).

Tokens. Every record carries its token count; the ring keeps the running sum of all
tokens ever pushed, and each record the sum before it, so the tokens of any suffix are
one subtraction and ``tail_fit`` is a binary search over group starts: O(log groups).
"""

from __future__ import annotations

from collections.abc import Iterator

from edge_agent._compat import bisect_left

GROUP_START = 0x01
ORPHAN = 0x02
MAX_CAPACITY = 2**31 - 1
MAX_TOKENS = 2**32 - 1
MIN_ARENA = 64

Record = tuple[int, int, int, int, float, bytes]

# Internal slot layout: [seq, role, flags, tokens, ts, payload, cum_before, off]
_SEQ, _ROLE, _FLAGS, _TOKENS, _TS, _PAYLOAD, _CUM, _OFF = range(8)


def _check_int(name: str, value: object, lo: int, hi: int) -> int:
    if not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not lo <= value <= hi:
        raise ValueError(f"{name} must be in [{lo}, {hi}], got {value}")
    return value


class RingIterator:
    __slots__ = ("_ring", "_index", "_mutations")

    def __init__(self, ring: RingBuffer) -> None:
        self._ring = ring
        self._index = 0
        self._mutations = ring._mutations

    def __iter__(self) -> RingIterator:
        return self

    def __next__(self) -> Record:
        ring = self._ring
        if ring._mutations != self._mutations:
            raise RuntimeError("ring buffer mutated during iteration")
        if self._index >= len(ring):
            raise StopIteration
        record = ring[self._index]
        self._index += 1
        return record


class RingBuffer:
    """Bounded FIFO of conversation records, evicting whole turn groups."""

    __slots__ = (
        "_max_records", "_max_bytes", "_recs", "_head", "_groups", "_ghead",
        "_acap", "_ahead", "_atail", "_wrapped", "_next_seq", "_cum_total",
        "_total_bytes", "_mutations",
    )

    def __init__(self, max_records: int, max_bytes: int) -> None:
        self._max_records = _check_int("max_records", max_records, 1, MAX_CAPACITY)
        self._max_bytes = _check_int("max_bytes", max_bytes, 1, MAX_CAPACITY)
        self._recs: list[list] = []
        self._head = 0
        self._groups: list[int] = []  # seq of each group's first record
        self._ghead = 0
        self._acap = 0
        self._ahead = 0
        self._atail = 0
        self._wrapped = False
        self._next_seq = 0
        self._cum_total = 0
        self._total_bytes = 0
        self._mutations = 0

    # -- sizes -------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._recs) - self._head

    @property
    def max_records(self) -> int:
        return self._max_records

    @property
    def max_bytes(self) -> int:
        return self._max_bytes

    @property
    def total_tokens(self) -> int:
        return self.tokens_from(0)

    @property
    def total_bytes(self) -> int:
        return self._total_bytes

    @property
    def next_seq(self) -> int:
        return self._next_seq

    @property
    def n_groups(self) -> int:
        return len(self._groups) - self._ghead

    @property
    def capacity_bytes(self) -> int:
        """Bytes the arena holds now (grows by doubling up to max_bytes)."""
        return self._acap

    # -- reading -----------------------------------------------------------------
    def _slot(self, index: int) -> list:
        n = len(self)
        if not isinstance(index, int):
            raise TypeError(f"ring indices must be integers, not {type(index).__name__}")
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("ring index out of range")
        return self._recs[self._head + index]

    def __getitem__(self, index: int) -> Record:
        s = self._slot(index)
        return (s[_SEQ], s[_ROLE], s[_FLAGS], s[_TOKENS], s[_TS], s[_PAYLOAD])

    def __iter__(self) -> Iterator[Record]:
        return RingIterator(self)

    def tokens_from(self, index: int) -> int:
        """Tokens of the records from ``index`` (0..len) to the newest."""
        n = len(self)
        _check_int("index", index, 0, n)
        if index == n:
            return 0
        return self._cum_total - self._recs[self._head + index][_CUM]

    def group_index(self, group: int) -> int:
        """Ring index of the first record of group ``group`` (negative: from newest)."""
        if not isinstance(group, int):
            raise TypeError(f"group must be an int, not {type(group).__name__}")
        n = self.n_groups
        if group < 0:
            group += n
        if not 0 <= group < n:
            raise IndexError("group index out of range")
        return self._groups[self._ghead + group] - self._recs[self._head][_SEQ]

    def tail_fit(self, budget: int) -> int:
        """Earliest group start whose suffix fits ``budget`` tokens; len() if none."""
        _check_int("budget", budget, 0, 2**63 - 1)
        n = len(self)
        if n == 0:
            return 0
        threshold = self._cum_total - budget
        head_seq = self._recs[self._head][_SEQ]
        key = self._group_cum
        g = bisect_left(self._groups, threshold, lo=self._ghead, key=key)
        if g == len(self._groups):
            return n
        return self._groups[g] - head_seq

    def _group_cum(self, seq: int) -> int:
        return self._recs[self._head + seq - self._recs[self._head][_SEQ]][_CUM]

    # -- writing -----------------------------------------------------------------
    def push(self, role: int, payload: bytes, tokens: int, ts: float,
             flags: int = 0) -> list[Record]:
        """Append one record; return the whole groups evicted to make room (oldest first)."""
        _check_int("role", role, 0, 255)
        if not isinstance(payload, bytes):
            raise TypeError(f"payload must be bytes, not {type(payload).__name__}")
        _check_int("tokens", tokens, 0, MAX_TOKENS)
        if not isinstance(ts, (int, float)):
            raise TypeError(f"ts must be a number, not {type(ts).__name__}")
        _check_int("flags", flags, 0, 255)
        n = len(payload)
        if n > self._max_bytes:
            raise ValueError(f"payload of {n} bytes exceeds max_bytes={self._max_bytes}")
        evicted: list[Record] = []
        opens = bool(flags & GROUP_START) or len(self) == 0
        off = self._place(n)  # may grow the arena; never evicts
        while len(self) >= self._max_records or off < 0:
            if not opens and self.n_groups == 1:
                flags |= ORPHAN
                opens = True
            evicted.extend(self.pop_group())
            off = self._fit(n)
        self._append(role, payload, tokens, float(ts), flags, off, opens)
        return evicted

    def pop_group(self) -> list[Record]:
        """Remove and return the oldest turn group."""
        if len(self) == 0:
            raise IndexError("pop from an empty ring buffer")
        self._mutations += 1
        self._ghead += 1
        end_seq = self._groups[self._ghead] if self._ghead < len(self._groups) else self._next_seq
        out: list[Record] = []
        while len(self) and self._recs[self._head][_SEQ] < end_seq:
            out.append(self._drop_oldest())
        self._compact_lists()
        return out

    def clear(self) -> list[Record]:
        """Remove and return every record, oldest first."""
        out: list[Record] = []
        while len(self):
            out.extend(self.pop_group())
        return out

    def compact(self) -> None:
        """Shrink the arena to the smallest doubling of 64 bytes that holds the payloads."""
        cap = MIN_ARENA
        while cap < self._total_bytes:
            cap *= 2
        self._relayout(min(cap, self._max_bytes))

    # -- internals ---------------------------------------------------------------
    def _append(self, role: int, payload: bytes, tokens: int, ts: float, flags: int,
                off: int, opens: bool) -> None:
        self._mutations += 1
        seq = self._next_seq
        self._recs.append([seq, role, flags, tokens, ts, payload, self._cum_total, off])
        if opens:
            self._groups.append(seq)
        if len(self) > 1 and off < self._atail and not self._wrapped:
            self._wrapped = True
        if len(self) == 1:
            self._ahead = off
        self._atail = off + len(payload)
        self._next_seq += 1
        self._cum_total += tokens
        self._total_bytes += len(payload)

    def _drop_oldest(self) -> Record:
        s = self._recs[self._head]
        self._recs[self._head] = None  # type: ignore[call-overload]
        self._head += 1
        self._total_bytes -= len(s[_PAYLOAD])
        if len(self) == 0:
            self._ahead = self._atail = 0
            self._wrapped = False
        else:
            nxt = self._recs[self._head][_OFF]
            if nxt < s[_OFF]:
                self._wrapped = False
            self._ahead = nxt
        return (s[_SEQ], s[_ROLE], s[_FLAGS], s[_TOKENS], s[_TS], s[_PAYLOAD])

    def _compact_lists(self) -> None:
        if self._head > 32 and self._head * 2 > len(self._recs):
            del self._recs[: self._head]
            self._head = 0
        if self._ghead > 32 and self._ghead * 2 > len(self._groups):
            del self._groups[: self._ghead]
            self._ghead = 0

    def _fit(self, n: int) -> int:
        if len(self) == 0:
            return 0 if n <= self._acap else -1
        if not self._wrapped:
            if self._atail + n <= self._acap:
                return self._atail
            return 0 if n <= self._ahead else -1
        return self._atail if self._atail + n <= self._ahead else -1

    def _place(self, n: int) -> int:
        off = self._fit(n)
        if off >= 0 or self._acap >= self._max_bytes:
            return off
        cap = max(MIN_ARENA, 2 * self._acap)
        while cap < self._total_bytes + n:
            cap *= 2
        self._relayout(min(cap, self._max_bytes))
        return self._fit(n)

    def _relayout(self, cap: int) -> None:
        off = 0
        for i in range(self._head, len(self._recs)):
            self._recs[i][_OFF] = off
            off += len(self._recs[i][_PAYLOAD])
        self._acap = cap
        self._ahead = 0
        self._atail = off
        self._wrapped = False
