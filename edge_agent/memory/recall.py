"""Recall of evicted turns: BM25 over words and CJK character bigrams (numpy).

Turn groups that leave a memory's window are archived here; ``context(query=...)`` brings
back the most relevant ones inside the recall slice of the budget. The archive is bounded
by bytes; the oldest groups leave it first (the session store keeps everything on disk).
"""

from __future__ import annotations

import re
import sys
from collections import Counter as Bag
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from edge_agent.messages import Message

HEADER = "Earlier turns recalled for this question:"
_WORD = re.compile(r"[a-z0-9]+(?:[._-][a-z0-9]+)*|[\u4e00-\u9fff\u3400-\u4dbf]+")


def analyze(text: str) -> list[str]:
    """Lower-cased words and numbers, plus CJK character bigrams (a lone CJK char as itself)."""
    terms: list[str] = []
    for tok in _WORD.findall(text.lower()):
        if "\u3400" <= tok[0] <= "\u9fff":
            terms.extend(tok[i:i + 2] for i in range(len(tok) - 1)) if len(tok) > 1 else terms.append(tok)
        else:
            terms.append(tok)
    return terms


@dataclass(slots=True)
class _Doc:
    id: int
    line: str
    tokens: int
    length: int
    nbytes: int
    terms: tuple[str, ...]  # distinct, interned


class _Posting:
    """Doc ids (ascending) and term frequencies of one term; docs leave oldest first."""

    __slots__ = ("ids", "tfs")

    def __init__(self) -> None:
        self.ids: list[int] = []
        self.tfs: list[int] = []


class RecallArchive:
    """Bounded BM25 index of archived turn groups."""

    def __init__(self, max_bytes: int = 4 << 20, top_k: int = 6, k1: float = 1.2, b: float = 0.75,
                 min_relative_score: float = 0.5, min_novelty: float = 0.35, max_query_terms: int = 16,
                 max_postings: int = 256) -> None:
        self.max_query_terms = max_query_terms
        self.max_postings = max_postings
        self.max_bytes = max_bytes
        self.min_relative_score = min_relative_score
        self.min_novelty = min_novelty
        self.top_k = top_k
        self.k1, self.b = k1, b
        self._docs: deque[_Doc] = deque()
        self._postings: dict[str, _Posting] = {}
        self._lengths = np.zeros(64)  # doc lengths by id - self._base, grown and compacted
        self._base = 0
        self._next_id = 0
        self._total_len = 0
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._docs)

    @property
    def nbytes(self) -> int:
        return self._bytes

    def add(self, messages: list[Message], tokens: int) -> None:
        line = " / ".join(f"{m.role}: {m.content}" for m in messages)
        bag = Bag(analyze(line))
        doc = _Doc(self._next_id, line, tokens, sum(bag.values()), len(line.encode("utf-8")),
                   tuple(sys.intern(t) for t in bag))
        self._next_id += 1
        self._docs.append(doc)
        self._store_length(doc)
        for term, tf in bag.items():
            posting = self._postings.get(term)
            if posting is None:
                posting = self._postings[sys.intern(term)] = _Posting()
            posting.ids.append(doc.id)
            posting.tfs.append(tf)
        self._total_len += doc.length
        self._bytes += doc.nbytes
        while self._bytes > self.max_bytes and len(self._docs) > 1:
            self._drop(self._docs.popleft())

    def _store_length(self, doc: _Doc) -> None:
        slot = doc.id - self._base
        if slot >= len(self._lengths):
            first = self._docs[0].id
            live = self._lengths[first - self._base: slot]
            grown = np.zeros(max(64, 2 * (len(live) + 1)))
            grown[: len(live)] = live
            self._lengths, self._base, slot = grown, first, doc.id - first
        self._lengths[slot] = doc.length

    def _drop(self, doc: _Doc) -> None:
        for term in doc.terms:
            posting = self._postings[term]
            del posting.ids[0], posting.tfs[0]  # the oldest doc is first in every posting
            if not posting.ids:
                del self._postings[term]
        self._total_len -= doc.length
        self._bytes -= doc.nbytes

    def search(self, query: str, k: int | None = None) -> list[tuple[str, int, float, int]]:
        """Top groups for ``query``: (line, tokens, score, doc id), best first."""
        if not self._docs or not query:
            return []
        n = len(self._docs)
        avgdl = self._total_len / n
        postings = [p for p in (self._postings.get(t) for t in dict.fromkeys(analyze(query))) if p]
        postings.sort(key=lambda p: len(p.ids))  # the rarest terms carry BM25; bound the work
        ids, parts = [], []
        for posting in postings[: self.max_query_terms]:
            df = len(posting.ids)  # idf from the full posting; scores for its newest entries only,
            idx = np.asarray(posting.ids[-self.max_postings:], dtype=np.int64)  # so a query's work
            tf = np.asarray(posting.tfs[-self.max_postings:], dtype=np.float64)  # stays bounded
            dl = self._lengths[idx - self._base]
            idf = np.log(1.0 + (n - df + 0.5) / (df + 0.5))
            ids.append(idx)
            parts.append(idf * tf * (self.k1 + 1) / (tf + self.k1 * (1 - self.b + self.b * dl / avgdl)))
        if not ids:
            return []
        docs, inverse = np.unique(np.concatenate(ids), return_inverse=True)
        scores = np.bincount(inverse, weights=np.concatenate(parts))
        k = min(self.top_k if k is None else k, len(docs))
        best = np.argpartition(-scores, k - 1)[:k] if k < len(docs) else np.arange(len(docs))
        best = best[np.lexsort((docs[best], -scores[best]))]  # by score, then oldest first
        floor = max(1e-9, float(scores[best[0]]) * self.min_relative_score)
        first = self._docs[0].id
        out = []
        for i in best:
            if scores[i] >= floor:
                doc = self._docs[int(docs[i]) - first]
                out.append((doc.line, doc.tokens, float(scores[i]), doc.id))
        return out

    def novelty(self, doc_id: int, covered: set[str]) -> float:
        """Share of a group's distinct terms that ``covered`` (the rest of the prompt) lacks."""
        terms = self._docs[doc_id - self._docs[0].id].terms
        return 1.0 - len(covered.intersection(terms)) / max(1, len(terms))

    def lines(self, query: str, covered: Callable[[], set[str]]) -> tuple[str, list[tuple[str, int]], list[int]]:
        """Header, (line, tokens) best first, and chronological display order. Groups that
        would add little the prompt does not already say (``covered()`` terms, computed only
        when there are hits) are left out."""
        hits = self.search(query)
        if hits:
            terms = covered()
            hits = [h for h in hits if self.novelty(h[3], terms) >= self.min_novelty]
        return HEADER, [(line, tokens) for line, tokens, _, _ in hits], [doc_id for *_, doc_id in hits]
