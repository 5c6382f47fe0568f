"""Recall: the session's own earlier messages, verbatim and dated, for the current question.

Every message a memory stores is indexed here when it is added (BM25 over content terms:
words without stopwords, light English stems, CJK character bigrams; see ``terms.py``).
``context(query=...)`` searches the messages older than the window it shows and brings
back the best ones inside the recall slice of the budget. Documents are single messages, so
one relevant sentence costs its own tokens, not its whole turn's; a message next to a hit in
the same turn group (the reply to a relevant question, the question a relevant reply
answers) inherits part of the hit's score, so whole groups come back when both halves
matter. The best hit's rare words are searched once more, so the message a two-step answer
needs beside it ("that place you kept going on about" -> the place's name) gains part of its
score. A message that says nothing but sentences another message says too, verbatim (a
desk's "有问题随时在这里留言就可以。", a chat's "Sounds good!"), is stock talk and is not
recalled, unless it is the user's and holds a value. Recalled lines are shown oldest first under the day they were written, with their
relative dates resolved ("last Saturday = 20 May 2023").

The index is bounded by bytes; the oldest messages leave it first (the session store keeps
everything on disk). Work per search is bounded too: the rarest ``max_query_terms`` terms of
the query, each scored over its newest ``max_postings`` messages. The terms are kept as flat
arrays of ids (``postings.py``), not strings: 6 bytes a term of a message.
"""

from __future__ import annotations

import re
import sys
from collections import Counter as Bag
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, NamedTuple

import numpy as np

from edge_agent.memory import lexicon
from edge_agent.memory.dense import Dense, DenseIndex, ReadsCJK
from edge_agent.memory.extract import extract
from edge_agent.memory.postings import TermIndex, count_in, term_ids
from edge_agent.memory.question import Question, asks_about_past, is_question
from edge_agent.memory.terms import analyze, sentences, terms
from edge_agent.memory.timeref import note, stamp, without_note
from edge_agent.messages import Message
from edge_agent.tokens import Counter, joins_lines
from edge_agent._compat import SLOTS

ROWS = 9           # per-doc rows of RecallArchive._arrays
WIDEN_DOCS = 4000  # messages a widened search reads (RecallArchive._widened)
WIDEN_MIN = 1      # of the question's characters a message needs (2 found less: RESULTS 21.5)
# the multilingual encoder's cosine that counts as no similarity: unrelated Chinese sentences
# reach 0.1-0.3 with it (tuned on the dev split: bench/RESULTS.md section 22)
ZH_FLOOR = 0.3
ZH_WEIGHT = 2.0   # its share of a score beside BM25's (1 at best): half of MiniLM's (dev: 4 added tokens)
# a question in the first or second person ("What do I drink?", "What does Silas do?" with
# Silas the assistant) is about that speaker's own messages: their scores are doubled (1.25
# until RESULTS 24.2: the long English sets' dev split gained 1.2-2.7 points of evidence at
# 2.0, as at 3.0, and no set lost any)
OWN_WORDS = 2.0
# the second hop (RecallArchive._second_hop), tuned on the dev split (bench/RESULTS.md 27): the
# top hit's words in at most 1% of the messages lend it up to 0.3 of its score (the two best
# hits', or words in 2% of the messages, found less)
HOP_WEIGHT = 0.3
HOP_DF = 0.01
HEADER = "Earlier in this conversation (recalled for this question, oldest first):"
DATE_TOKENS = 8   # what a day line ("[20 May 2023]") is assumed to cost before the exact count
LINE_CACHE = 4096  # header and day lines whose exact count is kept

__all__ = ["HEADER", "Hit", "Question", "RecallArchive", "analyze", "asks_about_past", "is_question", "terms"]

ROLE_CODE = {"user": 1.0, "assistant": 2.0, "tool": 3.0}
_ENDS_ASKING = re.compile(r"[?？][\s)）~～]*$")


class Hit(NamedTuple):
    seq: int
    ts: float
    line: str
    tokens: int
    score: float
    doc_id: int
    day: str = ""


@dataclass(**SLOTS)
class _Doc:
    id: int
    seq: int
    group: int
    ts: float
    line: str
    tokens: int
    length: int
    nbytes: int
    role: float = 1.0
    day: str = ""            # the day line it is shown under
    nl_tokens: int = -1      # exact tokens of its line + a newline, once a block shows it
    end_tokens: int = -1     # the same without the newline (the block's last line)
    asks: float = 0.0        # 1: a reply that ends on a question (its answer opens the next group)


class _Docs:
    """The archive's docs, oldest first: append, popleft and indexing by position, each O(1) (a
    deque's indexing walks its blocks: 0.24 us in the middle of 20,000 docs against 0.015). A
    list and the position of its first live slot; the dead prefix is cut once it is the larger
    part."""

    __slots__ = ("_items", "_head")

    def __init__(self) -> None:
        self._items: list[_Doc | None] = []
        self._head = 0

    def __len__(self) -> int:
        return len(self._items) - self._head

    def __getitem__(self, i: int) -> _Doc:
        if not 0 <= i < len(self._items) - self._head:
            raise IndexError(i)
        return self._items[self._head + i]

    def __iter__(self) -> Iterator[_Doc]:
        return islice(self._items, self._head, None)

    def append(self, doc: _Doc) -> None:
        self._items.append(doc)

    def popleft(self) -> _Doc:
        doc = self[0]
        self._items[self._head] = None
        self._head += 1
        if self._head > 64 and 2 * self._head > len(self._items):
            del self._items[: self._head]
            self._head = 0
        return doc


class RecallArchive:
    """Bounded BM25 index of one session's messages."""

    def __init__(self, counter: Counter | None = None, max_bytes: int = 4 << 20, k1: float = 1.2,
                 b: float = 0.75, min_relative_score: float = 0.1, min_novelty: float = 0.15,
                 max_query_terms: int = 16, max_postings: int = 1024, neighbour_weight: float = 0.35,
                 max_hits: int = 64, embedder: Any = None, dense_weight: float = 4.0,
                 dense_floor: float = 0.0, zh_embedder: Any = None, zh_floor: float = ZH_FLOOR) -> None:
        self.counter = counter
        self.max_bytes = max_bytes
        self.k1, self.b = k1, b
        self.min_relative_score = min_relative_score
        self.min_novelty = min_novelty
        self.max_query_terms = max_query_terms
        self.max_postings = max_postings
        self.neighbour_weight = neighbour_weight
        self.max_hits = max_hits
        self._docs = _Docs()
        self._terms = TermIndex()
        self._said = TermIndex()    # each message's sentences (their ids), for _stock
        self._values: dict[int, bool] = {}   # doc id -> whether it holds a value, once read (_holds_value)
        # rows: length, group, seq, role, asks, what a doc takes of its neighbours' scores
        # (1.0 or 0.0: from the next doc, from the previous one; see _with_neighbours), and
        # where its terms start in self._terms and its sentences in self._said, by doc id - self._base
        self._arrays = np.zeros((ROWS, 64))
        self._base = 0
        self._next_id = 0
        self._group = -1
        self._total_len = 0
        self._bytes = 0
        self._header_n = (counter(HEADER) if counter else 16) + 4  # the header's tokens, counted once
        self._fixed_tokens: dict[str, int] = {}  # header and day lines (+ newline) -> tokens
        parts = [DenseIndex(embedder, dense_weight, dense_floor)] if embedder is not None else []
        if zh_embedder is not None:    # Chinese and mixed text: the multilingual encoder (use_m.py)
            reads = ReadsCJK()
            # 4-bit rows, for the user's and tools' messages only (what a session is told): a quarter of
            # the bytes of int8 rows for every message, for the same evidence (bench/RESULTS.md 22)
            parts.append(DenseIndex(zh_embedder, ZH_WEIGHT, zh_floor, reads=reads, asks=reads.asks, bits=4,
                                    roles=("user", "tool")))
        self.dense = Dense(parts) if len(parts) > 1 else parts[0] if parts else None

    def __len__(self) -> int:
        return len(self._docs)

    @property
    def nbytes(self) -> int:
        return self._bytes

    # -- indexing ----------------------------------------------------------------------
    def add(self, msg: Message, tokens: int, seq: int) -> None:
        """Index one message (``tokens``: its count, overhead included; ``seq``: its
        session-wide sequence number). A user message starts a new turn group."""
        if msg.role == "system":
            return
        if msg.role == "user" or self._group < 0:
            self._group += 1
        text = msg.content or ""
        if msg.tool_calls:
            text += " " + " ".join(str(c.get("function", c)) for c in msg.tool_calls)
        extra = note(text, msg.ts)
        line = f"{msg.role}: {text}{extra}"
        if extra and self.counter is not None:
            tokens += self.counter(extra)
        words = terms(text)
        bag = Bag(words)
        bag.update(lexicon.concepts(words) + lexicon.value_classes(text))
        doc = _Doc(self._next_id, seq, self._group, float(msg.ts), line, tokens + 1, sum(bag.values()),
                   len(line.encode("utf-8")), ROLE_CODE[msg.role],
                   sys.intern(stamp(msg.ts, line)), asks=float(msg.role == "assistant" and bool(_ENDS_ASKING.search(text))))
        self._next_id += 1
        self._docs.append(doc)
        self._store_arrays(doc, self._terms.add(bag), self._said.add(Bag(f"{msg.role}:{p}" for p in sentences(text))))
        if self.dense is not None:
            self.dense.add(doc.id, text, msg.role)
        self._total_len += doc.length
        self._bytes += doc.nbytes
        while self._bytes > self.max_bytes and len(self._docs) > 1:
            self._drop(self._docs.popleft())

    def _store_arrays(self, doc: _Doc, terms_at: int, said_at: int) -> None:
        slot = doc.id - self._base
        if slot >= self._arrays.shape[1]:
            first = self._docs[0].id
            live = self._arrays[:, first - self._base: slot]
            grown = np.zeros((ROWS, max(64, 2 * (live.shape[1] + 1))))
            grown[:, : live.shape[1]] = live
            self._arrays, self._base, slot = grown, first, doc.id - first
        takes_prev = 0.0
        if slot > 0:   # the doc before it by id (its data stays even once it left the archive)
            length, group, asks = self._arrays[0, slot - 1], self._arrays[1, slot - 1], self._arrays[4, slot - 1]
            same = group == doc.group
            self._arrays[5, slot - 1] = float(same and length >= 4)   # it takes from this one
            takes_prev = float(same and doc.length >= 4 or not same and asks > 0)
        self._arrays[:, slot] = (doc.length, doc.group, doc.seq, doc.role, doc.asks, 0.0, takes_prev, terms_at,
                                 said_at)

    def _drop(self, doc: _Doc) -> None:
        self._terms.drop_before(self._terms_end(doc.id))
        self._said.drop_before(self._said_span(doc.id)[1])
        self._values.pop(doc.id, None)
        self._total_len -= doc.length
        self._bytes -= doc.nbytes

    # -- searching ---------------------------------------------------------------------
    def search(self, query: str | Question, k: int | None = None, before: int | None = None) -> list[Hit]:
        """Messages for ``query`` (only those with seq < ``before`` when given), best first.
        A ``Question`` is the plan ``context`` made once; a string is planned here."""
        q = query if isinstance(query, Question) else Question.of(query)
        if not self._docs or not q.searched:
            return []
        docs, scores = self._score(q)
        if len(docs):
            scores = self._steer(q, docs, scores)
        if before is not None and len(docs):
            keep = self._arrays[2, docs - self._base] < before
            docs, scores = docs[keep], scores[keep]
        if not len(docs):
            return []
        k = min(self.max_hits if k is None else k, len(docs))
        best = np.argpartition(-scores, k - 1)[:k] if k < len(docs) else np.arange(len(docs))
        best = best[np.lexsort((docs[best], -scores[best]))]  # by score, then oldest first
        floor = max(1e-9, float(scores[best[0]]) * self.min_relative_score)
        first = self._docs[0].id
        found = [(d, score) for d, score in zip(docs[best].tolist(), scores[best].tolist()) if score >= floor]
        stock = self._stock([d for d, _ in found])
        return [Hit(doc.seq, doc.ts, doc.line, doc.tokens, score, doc.id, doc.day)
                for doc, score in ((self._docs[d - first], score) for d, score in found if d not in stock)]

    def _terms_end(self, doc_id: int) -> int:
        """Where the terms of the doc after ``doc_id`` start (the index's end for the newest)."""
        return int(self._arrays[7, doc_id + 1 - self._base]) if doc_id + 1 < self._next_id else self._terms.end

    def _said_span(self, doc_id: int) -> tuple[int, int]:
        """Where the doc's sentences start and end in ``self._said``."""
        end = int(self._arrays[8, doc_id + 1 - self._base]) if doc_id + 1 < self._next_id else self._said.end
        return int(self._arrays[8, doc_id - self._base]), end

    def _stock(self, doc_ids: list[int]) -> set[int]:
        """The docs among ``doc_ids`` whose every sentence another message says too, verbatim:
        a desk's stock replies ("好的，已为您记录。后续进度会通过短信通知您，请留意。") and the
        stock phrases a customer ends messages with ("我不太懂这些流程，你们多提醒我就行。"), which
        match a question's common words and took three fifths of a Chinese prompt's recall
        (bench/RESULTS.md 35). A user's or tool's message that holds a value is none: a number
        said twice stays."""
        said = {d: self._said.ids_between(*self._said_span(d)) for d in doc_ids}
        wanted = [int(h) for ids in said.values() for h in ids]
        if not wanted:
            return set()
        twice = {h for h, at in self._said.find(wanted).items() if len(at) >= 2}
        return {d for d, ids in said.items()
                if len(ids) and twice.issuperset(ids.tolist()) and not self._holds_value(d)}

    def _holds_value(self, doc_id: int) -> bool:
        """Whether a user's or tool's message holds a value the extractor reads (read once, on
        the first search that needs it, for stock messages only); an assistant's never does here."""
        if doc_id not in self._values:
            doc = self._docs[doc_id - self._docs[0].id]
            if doc.role == ROLE_CODE["assistant"]:
                return False
            self._values[doc_id] = bool(extract(without_note(doc.line.split(": ", 1)[1])))
        return self._values[doc_id]

    def _query_postings(self, q: Question) -> list[tuple[np.ndarray, float]]:
        """(positions in the term index, weight) of the question's rarest ``max_query_terms``
        terms and concepts."""
        found = self._terms.find(h for h, _ in q.terms)
        postings = [(found[h], w) for h, w in q.terms if h in found]
        postings.sort(key=lambda pw: len(pw[0]))  # the rarest terms carry BM25; bound the work
        return postings[: self.max_query_terms]

    def _score(self, q: Question) -> tuple[np.ndarray, np.ndarray]:
        """(doc ids, BM25 scores) with the neighbour bonus, for every doc a term matches.
        All the question's postings are scored in one pass and summed into one dense array
        over the live docs (no sort, no per-term arrays)."""
        postings = self._query_postings(q)
        first = self._docs[0].id
        own = self._bm25(postings, first) if postings else self._widened(q, first)
        if not own.any() and self.dense is None:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        if self.dense is not None:   # BM25 scaled to [0, 1], plus the weighted cosine
            best = own.max(initial=0.0)
            own = (own / best if best > 0 else own) + self.dense.scores(q.searched, first, self._next_id)
        total = self._with_neighbours(self._second_hop(q, own, first), first)
        docs = np.flatnonzero(total)
        return docs + first, total[docs]

    def _second_hop(self, q: Question, own: np.ndarray, first: int) -> np.ndarray:
        """The best hit's rare words, searched again: a message that shares them gains up to
        ``HOP_WEIGHT`` of the hit's score, so the other half of a two-step answer comes too
        ("Finally went to that place you kept banging on about ... the cacio e pepe" brings "go
        to Osteria Lupo, the cacio e pepe there ..."). Rare: in at most ``HOP_DF`` of the
        messages (two in a short session), and not a word of the question."""
        best = int(np.argmax(own)) if len(own) else 0
        if not HOP_WEIGHT or not len(own) or own[best] <= 0:
            return own
        doc_id = best + first
        ids = set(self._terms.ids_between(int(self._arrays[7, doc_id - self._base]),
                                          self._terms_end(doc_id)).tolist())
        most = max(2, int(HOP_DF * len(self._docs)))
        found = self._terms.find(ids - {h for h, _ in q.terms})
        postings = [(p, 1.0) for p in found.values() if 2 <= len(p) <= most]
        if not postings:
            return own
        hop = self._bm25(postings, first)
        hop[best] = 0.0
        top = hop.max()
        return own + HOP_WEIGHT * own[best] * hop / top if top > 0 else own

    def _widened(self, q: Question, first: int) -> np.ndarray:
        """Scores for a question none of whose terms the index holds ("几位？" about "我们一共
        七个人", "回拨哪个号码" about "座机 021 6..."): its content CJK characters one by one,
        each weighted by its rarity (BM25's idf), over the newest ``WIDEN_DOCS`` messages; a
        message needs ``WIDEN_MIN`` of them. Zeros where the question has no such character."""
        out = np.zeros(self._next_id - first)
        if not q.chars:
            return out
        lines = [d.line for d in islice(self._docs, max(0, len(self._docs) - WIDEN_DOCS), None)]
        n, total, matched = len(lines), np.zeros(len(lines)), np.zeros(len(lines))
        for c in q.chars:
            has = np.fromiter((c in line for line in lines), dtype=bool, count=n)
            df = int(has.sum())
            if df:
                total += has * np.log(1.0 + (n - df + 0.5) / (df + 0.5))
                matched += has
        out[len(out) - n:] = np.where(matched >= WIDEN_MIN, total, 0.0)
        return out

    def _bm25(self, postings: list[tuple[np.ndarray, float]], first: int) -> np.ndarray:
        """BM25 of every live doc (by doc id - ``first``; 0 where no term matches)."""
        if not postings:
            return np.zeros(self._next_id - first)
        ids, tf, idf = self._gather(postings)
        avgdl = max(1.0, self._total_len / len(self._docs))
        dl = self._arrays[0, ids - self._base]
        part = idf * tf * (self.k1 + 1) / (tf + self.k1 * (1 - self.b + self.b * dl / avgdl))
        return np.bincount(ids - first, weights=part, minlength=self._next_id - first)

    def _gather(self, postings: list[tuple[np.ndarray, float]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The newest ``max_postings`` (doc id, tf) of each posting, concatenated, with each
        entry's idf (times the term's weight)."""
        k, n = self.max_postings, len(self._docs)
        df = np.array([len(p) for p, _ in postings], dtype=np.float64)
        idf = np.array([w for _, w in postings]) * np.log(1.0 + (n - df + 0.5) / (df + 0.5))
        positions = np.concatenate([p[-k:] for p, _ in postings])
        first = self._docs[0].id
        starts = self._arrays[7, first - self._base: self._next_id - self._base]
        ids = np.searchsorted(starts, positions, side="right") - 1 + first
        return ids, self._terms.tf(positions), np.repeat(idf, np.minimum(df, k).astype(np.int64))

    def _steer(self, q: Question, docs: np.ndarray, scores: np.ndarray) -> np.ndarray:
        """A question about the present ("Where do you work now?", 现在的地址) favours newer
        messages; one in the first or second person ("my", "your") the speaker it names."""
        if q.current:
            seqs = self._arrays[2, docs - self._base]
            span = max(1.0, float(seqs.max() - seqs.min()))
            scores = scores * (1.0 + 0.6 * (seqs - seqs.min()) / span)
        if q.person:
            roles = self._arrays[3, docs - self._base]
            scores = scores * np.where(roles == ROLE_CODE[q.person], OWN_WORDS, 1.0)
        return scores

    def _with_neighbours(self, own: np.ndarray, first: int) -> np.ndarray:
        """Each hit lends ``neighbour_weight`` of its score to the messages beside it in its
        turn group, and a reply that asks something to the answer opening the next group
        ("您看选哪个？" -> "还是原厂机油～"; ``own``: scores by doc id - ``first``, over every
        live doc)."""
        if not self.neighbour_weight:
            return own
        live = slice(first - self._base, self._next_id - self._base)
        lent = own * self.neighbour_weight
        # the masks are kept per doc as it is stored (_store_arrays): the same turn group and a
        # message with some content ("明白，已登记。" borrows nothing), or a question before it
        total = own.copy()
        total[:-1] += lent[1:] * self._arrays[5, live][:-1]   # from the next message
        total[1:] += lent[:-1] * self._arrays[6, live][1:]    # from the previous one, or asked then answered
        return total

    def novelty(self, doc_id: int, covered: np.ndarray) -> float:
        """Share of a message's distinct terms that ``covered`` (the rest of the prompt's term
        ids, sorted and distinct: ``postings.term_ids``) lacks."""
        doc_terms = self._doc_terms(doc_id)
        if not len(doc_terms):
            return 0.0
        return 1.0 - count_in(doc_terms, covered) / len(doc_terms)

    def _with_terms_of(self, hit: Hit, covered: np.ndarray, asked: np.ndarray | None) -> np.ndarray:
        """``covered`` with the terms of a chosen hit, but the question's own (``asked``, sorted):
        a later hit that says only what the chosen ones said (a service desk's stock sentences,
        "有问题随时在这里留言就可以。") is left out, one that shares only the question's words is not."""
        own = self._doc_terms(hit.doc_id)
        if asked is not None and len(asked):
            own = own[~np.isin(own, asked)]
        return np.union1d(covered, own) if len(own) else covered

    def _doc_terms(self, doc_id: int) -> np.ndarray:
        return self._terms.ids_between(int(self._arrays[7, doc_id - self._base]), self._terms_end(doc_id))

    # -- the block ---------------------------------------------------------------------
    def pick(self, hits: Sequence[Hit], cap: int, before: int | None = None,
             covered: Collection[str] | np.ndarray = (), asked: np.ndarray | None = None) -> tuple[list[Hit], int]:
        """The hits (best first) that fit ``cap`` tokens together with the header and day
        lines, skipping messages at or after ``before`` and those the prompt already says
        (``covered``: its terms, or their ids as ``postings.term_ids`` gives them) or the hits
        chosen before them say (``asked``: the question's term ids, which every hit may share);
        and the tokens they are estimated to take (each line's own count, counted once)."""
        if not isinstance(covered, np.ndarray):
            covered = term_ids(covered)
        used = self._header_n
        days: set[str] = set()
        lines: set[str] = set()
        chosen: list[Hit] = []
        for hit in hits:
            if before is not None and hit.seq >= before or hit.line in lines:
                continue
            day = hit.day
            cost = hit.tokens + (0 if day in days else DATE_TOKENS)
            if used + cost > cap:   # tested first: it is cheaper, and neither test changes state
                continue
            if len(covered) and self.novelty(hit.doc_id, covered) < self.min_novelty:
                continue
            covered = self._with_terms_of(hit, covered, asked)
            chosen.append(hit)
            lines.add(hit.line)
            days.add(day)
            used += cost
        return chosen, used


    @staticmethod
    def render(hits: Sequence[Hit]) -> str:
        """The block's text: header, then the hits oldest first under their day."""
        return "\n".join(line for line, _ in RecallArchive._block_lines(hits))

    @staticmethod
    def _block_lines(hits: Sequence[Hit]) -> list[tuple[str, int | None]]:
        """(line, its doc id or None for the header and day lines) of the block, in order."""
        lines: list[tuple[str, int | None]] = [(HEADER, None)]
        day = None
        for hit in sorted(hits, key=lambda h: h.seq):
            d = hit.day or stamp(hit.ts, hit.line)
            if d != day:
                lines.append((f"[{d}]", None))
                day = d
            lines.append((hit.line, hit.doc_id))
        return lines

    def block_tokens(self, hits: Sequence[Hit]) -> int | None:
        """Exact tokens of ``render(hits)``, summed from its lines' counts (each line counted
        once and kept), when the counter allows it (``tokens.joins_lines``); else None."""
        lines = self._block_lines(hits)
        if self.counter is None or not joins_lines(self.counter, [line for line, _ in lines]):
            return None
        *body, (last, last_id) = lines
        total = sum(self._line_tokens(line, doc_id, "\n") for line, doc_id in body)
        return total + self._line_tokens(last, last_id, "")

    def _line_tokens(self, line: str, doc_id: int | None, end: str) -> int:
        """Tokens of ``line + end``, counted once: kept on its doc, or for the header and day
        lines in a small table."""
        if doc_id is None:
            if len(self._fixed_tokens) > LINE_CACHE:
                self._fixed_tokens.clear()
            key = line + end
            n = self._fixed_tokens.get(key)
            if n is None:
                n = self._fixed_tokens[key] = self.counter(key)
            return n
        doc = self._docs[doc_id - self._docs[0].id]
        if end:
            if doc.nl_tokens < 0:
                doc.nl_tokens = self.counter(line + end)
            return doc.nl_tokens
        if doc.end_tokens < 0:
            doc.end_tokens = self.counter(line)
        return doc.end_tokens
