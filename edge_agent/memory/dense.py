"""Dense vectors of one session's newest messages, for recall's semantic half.

Recall ranks by BM25 (shared words) plus, when an encoder is configured, the cosine between
the question and each message (``embed.py``): ``score = bm25 / best bm25 + weight * dense``
where ``dense = (cos - floor) / (1 - floor)`` clipped to [0, 1], so that only a similarity
above what unrelated sentences reach counts.

Bounded: the newest ``max_rows`` messages have a vector (float16, 768 bytes each); older
ones are found by BM25 alone. Messages are embedded off the turn's path where possible: the
memory embeds what is pending in a worker thread after a reply is stored (``peek`` then
``put``), and ``flush()`` waits for it; a search embeds at most ``sync_limit`` messages still pending (the newest),
so a session restored with thousands of messages never stalls a prompt.
"""

from __future__ import annotations

import logging
import re
from itertools import islice

import numpy as np

from edge_agent.memory.embed import DIM

log = logging.getLogger("edge_agent.memory")

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]")


def encodable(text: str, share: float = 0.2) -> bool:
    """Whether the (English) encoder can read ``text``: its vocabulary has almost no CJK
    characters ("数据库被误删了一张表" is nine [UNK]s), so a message or question with more
    than ``share`` of its characters in CJK gets no vector and is left to BM25."""
    n = len(text.strip())
    return n > 0 and len(_CJK.findall(text)) <= share * n


class DenseIndex:
    """Rows of unit vectors by doc id; ids are consecutive and leave oldest first."""

    def __init__(self, embedder, weight: float = 4.0, floor: float = 0.0, max_rows: int = 4096,
                 sync_limit: int = 64) -> None:
        self.embedder = embedder
        self.weight, self.floor = weight, floor
        self.max_rows, self.sync_limit = max_rows, sync_limit
        self._rows: np.ndarray | None = None  # ring: doc id % max_rows; made by the first vector
        self._has = np.zeros(max_rows, dtype=bool)
        self._pending: dict[int, str] = {}   # doc id -> text, oldest first
        self._next = 0                       # the next doc id
        self.encoded = 0                     # messages embedded so far (for the stats)

    @property
    def nbytes(self) -> int:
        return (0 if self._rows is None else self._rows.nbytes) + self._has.nbytes

    @property
    def pending(self) -> int:
        return len(self._pending)

    def add(self, doc_id: int, text: str) -> None:
        """Queue one message; the one whose row it takes loses its vector."""
        self._has[doc_id % self.max_rows] = False
        self._pending.pop(doc_id - self.max_rows, None)
        self._next = doc_id + 1
        if encodable(text):
            self._pending[doc_id] = text

    def peek(self, limit: int | None = None) -> tuple[list[int], list[str]]:
        """The newest ``limit`` pending messages (all when None); they stay pending until
        ``put`` (an embedding cancelled half-way loses nothing)."""
        ids = list(self._pending) if not limit else list(islice(reversed(self._pending), limit))[::-1]
        return ids, [self._pending[i] for i in ids]

    def put(self, ids: list[int], vecs) -> None:
        """Store vectors computed for ``ids``; those whose row was reused since are skipped."""
        if self._rows is None and ids:   # a session that never stores a vector (Chinese) never pays
            self._rows = np.zeros((self.max_rows, DIM), dtype=np.float16)
        for i, v in zip(ids, vecs):
            if self._pending.pop(i, None) is not None and i >= self._next - self.max_rows:
                self._rows[i % self.max_rows] = v
                self._has[i % self.max_rows] = True
        self.encoded += len(ids)

    def _encode_with_pending(self, query: str) -> np.ndarray:
        """The query's vector, in one pass with the newest ``sync_limit`` pending messages
        (in a daemon turn that is the question itself, just stored: encoded once)."""
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
        if lo >= end or not encodable(query) or (self._rows is None and not self._pending):
            return out
        try:
            q = self._encode_with_pending(query)
        except Exception:
            log.exception("semantic recall: the encoder failed; BM25 only for this search")
            return out
        slots = np.arange(lo, end) % self.max_rows
        cos = self._rows[slots].astype(np.float32) @ q
        part = np.clip((cos - self.floor) / (1.0 - self.floor), 0.0, 1.0) * self._has[slots]
        out[lo - first:] = self.weight * part
        return out
