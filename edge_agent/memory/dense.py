"""Dense vectors of one session's newest messages, for recall's semantic half.

Recall ranks by BM25 (shared words) plus, when an encoder is configured, the cosine between
the question and each message (``embed.py``): ``score = bm25 / best bm25 + weight * dense``
where ``dense = (cos - floor) / (1 - floor)`` clipped to [0, 1], so that only a similarity
above what unrelated sentences reach counts.

Bounded: the newest ``max_rows`` vectors are kept (int8 with a float32 scale, 388 bytes
each for MiniLM: float16 took 768, and the int8 cosines stay within 0.002 of float32's; 4-bit
for the multilingual index), in rows filled in the order they are stored, each with its
message's id, so a message that gets no vector (Chinese for MiniLM, a reply for the
multilingual index) takes no row; older messages are found by BM25 alone. Messages are embedded off the turn's path where possible:
- an encoder with ``submit`` (the C one, which runs without the GIL) starts on a message the
  moment it is added, in the encoder's worker thread, while the memory goes on with the rest of
  the turn (counting, facts, indexing, BM25); a search about that message (a daemon turn's
  question is the message just added) then waits only for what is left of that pass;
- what is still pending afterwards is embedded in batches in a worker thread after a reply
  is stored (``embed_pending``), and ``flush()`` waits for it;
- a search embeds at most ``sync_limit`` messages still pending (the newest), so a session
  restored with thousands of messages never stalls a prompt.
Vectors are computed from each message's text alone, so when a pass finishes changes no
result: a replayed conversation gets the same scores.
"""

from __future__ import annotations

import asyncio
import logging
import re
from concurrent.futures import Future
from itertools import islice
from typing import Callable

import numpy as np

from edge_agent.memory.embed import DIM, cosines, quantize_rows

log = logging.getLogger("edge_agent.memory")

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]")


def encodable(text: str, share: float = 0.2) -> bool:
    """Whether the (English) encoder can read ``text``: its vocabulary has almost no CJK
    characters ("数据库被误删了一张表" is nine [UNK]s), so a message or question with more
    than ``share`` of its characters in CJK gets no vector and is left to BM25."""
    n = len(text.strip())
    return n > 0 and len(_CJK.findall(text)) <= share * n


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


class ReadsCJK:
    """The multilingual index's choice of messages: none while a session is in English (MiniLM
    reads those; an English-only daemon never loads the second encoder), every message from
    the first one with a CJK character on (a Chinese question may be about an English line)."""

    def __init__(self) -> None:
        self.on = False

    def __call__(self, text: str) -> bool:
        self.on = self.on or has_cjk(text)
        return self.on

    def asks(self, question: str) -> bool:
        """Every question once the index is on (an English question about a Chinese line)."""
        return self.on or has_cjk(question)


def quantize4(vecs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Vectors (n, d), d even, as 4-bit rows (two signed nibbles a byte, largest magnitude ->
    7) and a float32 scale each: half of int8's bytes, cosines of unit vectors within about
    0.01 (tests/test_use_m.py)."""
    vecs = np.asarray(vecs, dtype=np.float32)
    vecs = vecs.reshape(-1, vecs.shape[-1])
    scales = np.abs(vecs).max(axis=1) / 7.0
    scales[scales == 0] = 1.0
    q = np.rint(vecs / scales[:, None]).clip(-7, 7).astype(np.int8)
    return ((q[:, 0::2] & 0xF) | (q[:, 1::2] << 4)).astype(np.uint8), scales.astype(np.float32)


def cosines4(rows: np.ndarray, scales: np.ndarray, q: np.ndarray, slots: np.ndarray) -> np.ndarray:
    """``cosines`` for ``quantize4``'s rows."""
    packed = rows[slots]
    low = ((packed & 0xF) ^ 8).astype(np.int8) - 8      # sign-extend each nibble
    high = ((packed >> 4) ^ 8).astype(np.int8) - 8
    return (low.astype(np.float32) @ q[0::2] + high.astype(np.float32) @ q[1::2]) * scales[slots]


ROWS_FROM = 8    # vectors a session's first allocation holds (then by a quarter as it grows)
MAX_JOBS = 8   # eager passes queued at once (one per message); more wait for the batch path


class DenseIndex:
    """Rows of unit vectors with their doc ids; ids are consecutive and leave oldest first."""

    def __init__(self, embedder, weight: float = 4.0, floor: float = 0.0, max_rows: int = 4096,
                 sync_limit: int = 64, reads: Callable[[str], bool] = encodable,
                 asks: Callable[[str], bool] = encodable, bits: int = 8,
                 roles: tuple[str, ...] | None = None) -> None:
        self.embedder = embedder
        self.dim = getattr(embedder, "dim", DIM)
        self.reads, self.asks = reads, asks   # which messages get a vector; which questions it scores
        self.roles = roles                    # whose messages (None: everyone's)
        if bits not in (4, 8):
            raise ValueError(f"bits must be 4 or 8, got {bits!r}")
        self.width = self.dim if bits == 8 else self.dim // 2   # bytes a row takes
        self._quantize, self._cosines = (quantize_rows, cosines) if bits == 8 else (quantize4, cosines4)
        self._dtype = np.int8 if bits == 8 else np.uint8
        self.weight, self.floor = weight, floor
        self.max_rows, self.sync_limit = max_rows, sync_limit
        self._rows: np.ndarray | None = None  # ring: the k-th vector stored is row k % max_rows
        self._scales = np.zeros(0, dtype=np.float32)   # each row's step
        self._ids = np.zeros(0, dtype=np.int64)   # each row's doc id (-1: none); grown with the rows
        self._stored = 0                     # vectors stored so far
        self._pending: dict[int, str] = {}   # doc id -> text, oldest first
        self._jobs: dict[int, Future] = {}   # doc id -> its pass in the encoder's thread
        self._next = 0                       # the next doc id
        self.encoded = 0                     # messages embedded so far (for the stats)
        # eager passes: only with an encoder that runs beside the GIL, a few at a time
        self.eager = callable(getattr(embedder, "submit", None))

    @property
    def nbytes(self) -> int:
        return (0 if self._rows is None else self._rows.nbytes) + self._scales.nbytes + self._ids.nbytes

    @property
    def pending(self) -> int:
        return len(self._pending)

    def _room(self, slot: int) -> None:
        """Rows up to ``slot``: grown by a quarter as a session grows, from 8 up to ``max_rows``,
        so a short session holds a few KiB of vectors, not the whole ring (1.5 MiB of address
        space, which a 32-bit board runs out of at a few hundred sessions). Growing by a quarter
        wastes at most a fifth of the rows (by half: a third); a 20-turn English session holds
        40 rows for its 40 messages (by half from 16: 54)."""
        have = len(self._ids)
        if slot < have:
            return
        cap = max(ROWS_FROM, have)
        while cap <= slot:
            cap += max(ROWS_FROM, cap // 4)
        cap = min(cap, self.max_rows)
        rows, ids = np.zeros((cap, self.width), dtype=self._dtype), np.full(cap, -1, dtype=np.int64)
        scales = np.ones(cap, dtype=np.float32)
        if self._rows is not None:
            rows[:have] = self._rows
        ids[:have], scales[:have] = self._ids, self._scales
        self._rows, self._ids, self._scales = rows, ids, scales

    def add(self, doc_id: int, text: str, role: str = "user") -> None:
        """Queue one message (``role``'s) if this index reads it."""
        self._pending.pop(doc_id - self.max_rows, None)
        self._next = doc_id + 1
        if self.reads(text) and (self.roles is None or role in self.roles):
            self._pending[doc_id] = text
            if self.eager and len(self._jobs) < MAX_JOBS and len(self._pending) <= self.sync_limit:
                self._jobs[doc_id] = self.embedder.submit([text])

    def peek(self, limit: int | None = None) -> tuple[list[int], list[str]]:
        """The newest ``limit`` pending messages (all when None) not already being embedded;
        they stay pending until ``put`` (an embedding cancelled half-way loses nothing)."""
        free = (i for i in reversed(self._pending) if i not in self._jobs)
        ids = list(islice(free, limit) if limit else free)[::-1]
        return ids, [self._pending[i] for i in ids]

    def _collect(self, wait_for: int | None = None) -> np.ndarray | None:
        """Store the vectors of every pass started (waiting for them: at most MAX_JOBS single
        messages, so what a search sees never depends on how far the thread got); returns
        ``wait_for``'s vector as computed (float32). A pass that failed or was cancelled
        leaves its message pending, to be embedded again with the others."""
        waited = None
        for doc_id, job in list(self._jobs.items()):
            del self._jobs[doc_id]
            if job.cancelled():
                continue
            try:
                vec = job.result()[0]
            except Exception:
                log.exception("semantic recall: embedding message %d failed", doc_id)
                continue
            self.put([doc_id], [vec])
            if doc_id == wait_for:
                waited = np.asarray(vec, dtype=np.float32)
        return waited

    async def wait_jobs(self) -> None:
        """Wait for the passes already started (a failed or cancelled one raises nothing here)."""
        if self._jobs:
            await asyncio.wait([asyncio.wrap_future(job) for job in self._jobs.values()])
        self._collect()

    async def embed_pending(self, batch: int) -> None:
        """Embed every pending message (the memory's background task)."""
        await self.wait_jobs()
        while True:
            ids, texts = self.peek(batch)
            if not ids:
                return
            vecs = await asyncio.to_thread(self.embedder.encode, texts)
            self.put(ids, vecs)

    def cancel(self) -> None:
        """Drop the passes not yet started; running ones finish and are collected later."""
        for doc_id, job in list(self._jobs.items()):
            if job.cancel():
                del self._jobs[doc_id]

    def put(self, ids: list[int], vecs) -> None:
        """Store vectors computed for ``ids`` (each in the next row of the ring); those no
        longer pending, or older than the newest ``max_rows`` messages, are skipped."""
        for i, v in zip(ids, vecs):   # a session that never stores a vector never pays
            if self._pending.pop(i, None) is not None and i >= self._next - self.max_rows:
                slot = self._stored % self.max_rows
                self._room(slot)
                row, scale = self._quantize(v)
                self._rows[slot], self._scales[slot], self._ids[slot] = row[0], scale[0], i
                self._stored += 1
        self.encoded += len(ids)

    def _encode_with_pending(self, query: str) -> np.ndarray:
        """The query's vector, in one pass with the newest ``sync_limit`` pending messages
        (in a daemon turn that is the question itself, just stored: encoded once; with an
        eager encoder its pass started when it was added, and is waited for here)."""
        newest = next(reversed(self._pending), None)
        vec = self._collect(wait_for=newest if newest is not None and self._pending[newest] == query else None)
        if vec is not None:
            return vec
        ids, texts = self.peek(self.sync_limit)
        batch = list(dict.fromkeys([*texts, query]))   # each distinct text once
        vecs = dict(zip(batch, self.embedder.encode(batch)))
        self.put(ids, [vecs[t] for t in texts])
        return vecs[query].astype(np.float32)

    def scores(self, query: str, first: int, end: int) -> np.ndarray:
        """The weighted dense part of every doc id in [first, end) (0 without a vector; all 0
        when the encoder fails: recall is then BM25's alone, and the failure is logged)."""
        out = np.zeros(end - first)
        lo = max(first, end - self.max_rows)
        if lo >= end or not self.asks(query) or (self._rows is None and not self._pending):
            return out
        try:
            q = self._encode_with_pending(query)
        except Exception:
            log.exception("semantic recall: the encoder failed; BM25 only for this search")
            return out
        held = self._ids[: min(self._stored, len(self._ids))]
        slots = np.flatnonzero((held >= lo) & (held < end))
        if not len(slots):
            return out
        cos = self._cosines(self._rows, self._scales, q, slots)
        out[held[slots] - first] = self.weight * np.clip((cos - self.floor) / (1.0 - self.floor), 0.0, 1.0)
        return out


class Dense:
    """Recall's semantic half: one ``DenseIndex`` per encoder (MiniLM for what it reads, the
    multilingual one for Chinese and mixed text), each scoring the questions it reads; a
    message's score is the larger of the two."""

    def __init__(self, parts: list[DenseIndex]) -> None:
        self.parts = parts

    @property
    def nbytes(self) -> int:
        return sum(p.nbytes for p in self.parts)

    @property
    def pending(self) -> int:
        return sum(p.pending for p in self.parts)

    @property
    def encoded(self) -> int:
        return sum(p.encoded for p in self.parts)

    def add(self, doc_id: int, text: str, role: str = "user") -> None:
        for p in self.parts:
            p.add(doc_id, text, role)

    def scores(self, query: str, first: int, end: int) -> np.ndarray:
        return np.max([p.scores(query, first, end) for p in self.parts], axis=0)

    async def wait_jobs(self) -> None:
        for p in self.parts:
            await p.wait_jobs()

    async def embed_pending(self, batch: int) -> None:
        for p in self.parts:
            await p.embed_pending(batch)

    def cancel(self) -> None:
        for p in self.parts:
            p.cancel()
