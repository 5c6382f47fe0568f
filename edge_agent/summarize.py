"""Summarizers: the protocol, and the extractive summarizer that needs no LLM.

A summarizer turns the previous summary (a list of fact lines) and the messages being
compressed into a new list of fact lines of at most ``max_tokens`` tokens. It should
"extract, do not rewrite": names, order numbers, dates, amounts, decisions, promises and
open questions, each as verbatim as possible. ``pinned`` holds values the prompt already
carries verbatim (the key-fact table): a summary need not spend tokens repeating them. The
memory commits a result only when the summarizer succeeded; on failure nothing is replaced.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from datetime import date
from typing import Protocol, runtime_checkable

import numpy as np

from edge_agent.memory.extract import extract
from edge_agent.memory.terms import analyze, sentences as split
from edge_agent.memory.timeref import note, read_day, stamp, without_note
from edge_agent.messages import Message
from edge_agent.tokens import Counter

# promises, decisions, tasks and explicitly open questions (an answered "?" is not open)
_CUE = re.compile(r"保证|承诺|答应|我们会在|会在.{1,12}前|将在|决定|确定了|定了|同意|敲定|任务|待办|"
                  r"待定|待确认|还没确定|尚未|是否需要|要不要|还有一个问题|"
                  r"\bwill\b.{0,30}\bby\b|\bpromis|\bdecid|\bagreed\b|\btodo\b|\bto-do\b|\baction item|"
                  r"\bfollow[- ]up\b|\bpending\b|\bTBD\b|\bopen question|\bnot yet decided", re.I)
_FILLER = re.compile(r"^(好的|好|嗯|哦|谢谢|感谢|收到|明白|了解|没问题|ok|okay|thanks|thank you|sure|great)[。！!.,，~]*$",
                     re.I)


@runtime_checkable
class Summarizer(Protocol):
    """Anything with this coroutine can compress a summary/hybrid memory."""

    llm_calls: int

    async def summarize(self, previous: Sequence[str], messages: Sequence[Message], *,
                        max_tokens: int, counter: Counter, pinned: Collection[str] = ()) -> list[str]:
        """The new summary as fact lines, at most ``max_tokens`` tokens in all."""
        ...


def sentences(msg: Message) -> list[str]:
    """The message's sentences, verbatim, each tagged with its day and role; a relative date
    in one is resolved against the message's day ("(last Saturday = 20 May 2023)")."""
    return [f"[{stamp(msg.ts, p)}] {msg.role}: {p}{note(p, msg.ts)}" for p in split(msg.content)
            if not _FILLER.match(p)]


_DAY = re.compile(r"^\[([^\]]*)\] (?=\w+: )")   # the day ``sentences`` puts before a line


def _day_of(line: str) -> tuple[date | None, int]:
    """The day a summary line is tagged with (None when it has no such tag), and where the
    line goes on after the tag."""
    m = _DAY.match(line)
    d = read_day(m.group(1)) if m else None
    return d, (m.end() if d is not None else 0)


def by_day(lines: Sequence[str]) -> list[str]:
    """Summary lines the way the prompt shows them: the day on a line of its own where it
    changes ("[2025年9月14日]"), then that day's lines without it (Chinese lines would repeat 9
    tokens each, English ones 6). A day written in the other language (a line of digits alone
    is stamped in English) is the same day. Lines without a day tag (an LLM summary's "- ..."
    lines) are shown as they are, and the next tagged line names its day again."""
    out: list[str] = []
    day = None
    for line in lines:
        d, cut = _day_of(line)
        if d is not None and d != day:
            out.append(line[:cut - 1])   # "[2025年9月14日]"
        out.append(line[cut:])
        day = d
    return out


def shown_tokens(lines: Sequence[str], counter: Counter) -> list[int]:
    """Each line's tokens (+1 for its newline) as ``by_day`` shows the whole list: the line
    without its day, and the day's own line for the first of a day's run."""
    out = []
    day = None
    for line in lines:
        d, cut = _day_of(line)
        out.append(counter(line[cut:]) + 1 + (counter(line[:cut - 1]) + 1 if d is not None and d != day else 0))
        day = d
    return out


def _vectors(texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Row-normalized TF-IDF (for centrality) and binary term vectors (for redundancy)."""
    vocab: dict[str, int] = {}
    rows = []
    for t in texts:
        bag: dict[int, int] = {}
        for term in analyze(t):
            j = vocab.setdefault(term, len(vocab))
            bag[j] = bag.get(j, 0) + 1
        rows.append(bag)
    tf = np.zeros((len(texts), max(1, len(vocab))))
    for i, bag in enumerate(rows):
        for j, c in bag.items():
            tf[i, j] = c
    df = (tf > 0).sum(axis=0)
    tfidf = tf * (np.log((1 + len(texts)) / (1 + df)) + 1)
    binary = (tf > 0).astype(float)
    return _normalize(tfidf), _normalize(binary)


def _normalize(m: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return m / np.where(norms == 0, 1, norms)


_TAG = re.compile(r"^\[[^\]]*\] \w+: ")   # the day and the role ``sentences`` put before each


def _body(line: str) -> str:
    """A summary line as it was said: without the day and role before it and the date note
    after it. The note is no fact of the sentence: "今天外面好冷啊 (今天 = 2025年9月15日)" holds none."""
    return without_note(_TAG.sub("", line))


# what a line carried from the previous summary scores beyond a fresh one: a summarized line
# stays until a fresh line with a value needs its room (a fact scores 2), so eight compressions
# of a long chat do not trade the first day's allergy for "我看看日历" (bench/RESULTS.md 34.2)
CARRIED = 1.5

STOCK_REPEATS = 2   # a sentence said this often is a desk's stock phrase: it promises nothing new


def _stock(lines: Sequence[str]) -> set[str]:
    """Sentences said ``STOCK_REPEATS`` times or more ("后续进度会通过短信通知您，请留意。"): their
    cue words ("会…通知") name no promise of this conversation, so only a fact keeps them."""
    said: dict[str, int] = {}
    for line in lines:
        body = _body(line)
        said[body] = said.get(body, 0) + 1
    return {line for line in lines if said[_body(line)] >= STOCK_REPEATS}


class ExtractiveSummarizer:
    """Fact-dense, central, non-redundant sentences first, verbatim, under a hard token cap.

    Scores: extracted facts not already pinned (x2, up to 3; a line's day tag and its date
    note are no facts of it), a cue for promises / decisions / open questions, TF-IDF
    centrality, recency, and ``CARRIED`` for lines carried from the previous summary. Every sentence is a candidate but a
    desk's stock phrase (``_stock``: said twice or more, verbatim, in what is summarized)
    that holds no fact.
    Lines are picked greedily by score minus redundancy with what is already picked (MMR);
    a line whose terms overlap a picked one by ``duplicate_similarity`` or more is skipped
    unless it carries a fact value the picked one does not. No LLM: ``llm_calls`` stays 0.
    """

    llm_calls = 0

    def __init__(self, duplicate_similarity: float = 0.75, redundancy_weight: float = 2.0) -> None:
        self.duplicate_similarity = duplicate_similarity
        self.redundancy_weight = redundancy_weight

    async def summarize(self, previous: Sequence[str], messages: Sequence[Message], *,
                        max_tokens: int, counter: Counter, pinned: Collection[str] = ()) -> list[str]:
        fresh = [s for m in messages for s in sentences(m)]
        return self.select(list(previous), fresh, max_tokens, counter, pinned=set(pinned))

    def select(self, previous: list[str], fresh: list[str], max_tokens: int, counter: Counter,
               pinned: set[str] | frozenset[str] = frozenset()) -> list[str]:
        seen: set[str] = set()
        items = [t for t in previous + fresh if not (t in seen or seen.add(t))]
        if not items:
            return []
        tfidf, binary = _vectors(items)
        overlap = binary @ binary.T
        facts = [{f.value for f in extract(_body(t))} - pinned for t in items]   # not the line's own day
        stock = _stock(previous + fresh)
        cues = [bool(_CUE.search(t)) and t not in stock for t in items]
        base = self._scores(tfidf @ tfidf.T, facts, cues, n_previous=len(previous))
        chosen: list[int] = []
        left = {i for i in range(len(items)) if facts[i] or items[i] not in stock}
        used = 0
        while left:
            redundancy = overlap[:, chosen].max(axis=1) if chosen else np.zeros(len(items))
            i = max(left, key=lambda k: (base[k] - self.redundancy_weight * redundancy[k], -k))
            left.discard(i)
            if any(overlap[i, j] >= self.duplicate_similarity and facts[i] <= facts[j] for j in chosen):
                continue
            n = counter(items[i]) + 1
            if used + n <= max_tokens:
                chosen.append(i)
                used += n
        return [items[i] for i in sorted(chosen)]

    @staticmethod
    def _scores(sims: np.ndarray, facts: list[set[str]], cue: list[bool], n_previous: int) -> np.ndarray:
        n = len(facts)
        n_facts = np.array([min(3, len(f)) for f in facts], dtype=float)
        cues = np.array(cue, dtype=float)
        centrality = (sims.sum(axis=1) - 1) / max(1, n - 1)
        recency = np.linspace(0.0, 0.5, n)
        carried = np.array([CARRIED if i < n_previous else 0.0 for i in range(n)])
        return 2.0 * n_facts + cues + 1.5 * centrality + recency + carried


SUMMARY_PROMPT = (
    "You compress a conversation into a list of facts. Extract, do not rewrite: copy names, phone "
    "numbers, order and ticket numbers, dates, times, amounts, decisions, promises and open questions "
    "exactly as written. One fact per line, each line starting with '- '. No introduction, no comments. "
    "At most {max_tokens} tokens.\n"
    "你负责把对话压缩成事实清单：只做提取，不做改写；姓名、电话、单号、日期、金额、决定、承诺、待确认事项原样保留；"
    "每行一条，以“- ”开头。")


class LLMSummarizer:
    """Fact-list summaries from an LLM backend, checked before they are trusted.

    The output is cut at the token cap. A summary that drops a key-fact value of the turns it
    replaces (a value neither in the summary nor pinned in the fact table) is rejected and
    the extractive summarizer's result is used instead. A backend failure raises
    ``CompressionError``: the memory then replaces nothing and keeps the sliding window.
    """

    def __init__(self, backend, *, fallback: ExtractiveSummarizer | None = None, temperature: float = 0.0) -> None:
        self.backend = backend
        self.fallback = fallback or ExtractiveSummarizer()
        self.temperature = temperature
        self.llm_calls = 0
        self.rejections = 0

    async def summarize(self, previous: Sequence[str], messages: Sequence[Message], *,
                        max_tokens: int, counter: Counter, pinned: Collection[str] = ()) -> list[str]:
        lines = list(previous)
        for batch in self._batches(lines, messages, max_tokens):  # recursive: each batch folds in
            lines = await self._one_call(lines, batch, max_tokens, counter)
        if self._dropped(lines, previous, messages, set(pinned)):
            self.rejections += 1
            return await self.fallback.summarize(previous, messages, max_tokens=max_tokens, counter=counter,
                                                 pinned=pinned)
        return lines

    async def _one_call(self, previous: list[str], batch: Sequence[Message], max_tokens: int,
                        counter: Counter) -> list[str]:
        from edge_agent.errors import BackendError, CompressionError

        self.llm_calls += 1
        try:
            done = await self.backend.complete(self._request(previous, batch, max_tokens),
                                               max_tokens=2 * max_tokens, temperature=self.temperature)
        except BackendError as exc:
            raise CompressionError(f"summarizer backend failed: {exc}") from exc
        return self._cut(self._lines(done.text), max_tokens, counter)

    def _request(self, previous: Sequence[str], batch: Sequence[Message], max_tokens: int) -> list[dict]:
        return [{"role": "system", "content": SUMMARY_PROMPT.format(max_tokens=max_tokens)},
                {"role": "user", "content": self._transcript(previous, batch)}]

    def _batches(self, previous: list[str], messages: Sequence[Message], max_tokens: int) -> list[list[Message]]:
        """Messages in batches whose request fits the backend's context (when it has one)."""
        n_ctx = getattr(self.backend, "n_ctx", None)
        tokenizer = getattr(self.backend, "tokenizer", None)
        if not n_ctx or tokenizer is None:
            return [list(messages)]
        room = n_ctx - 2 * max_tokens - 64
        batches: list[list[Message]] = [[]]
        for msg in messages:
            trial = batches[-1] + [msg]
            fits = len(tokenizer.prompt_tokens(self._request(previous, trial, max_tokens))) <= room
            if fits or not batches[-1]:
                batches[-1] = trial
            else:
                batches.append([msg])
        return batches

    @staticmethod
    def _transcript(previous: Sequence[str], messages: Sequence[Message]) -> str:
        parts = []
        if previous:
            parts.append("Facts so far:\n" + "\n".join(previous))
        parts.append("Conversation:\n" + "\n".join(f"{m.role}: {m.content}" for m in messages))
        return "\n\n".join(parts)

    @staticmethod
    def _lines(text: str) -> list[str]:
        out = []
        for raw in text.splitlines():
            line = raw.strip().lstrip("-*•· ").strip()
            if line:
                out.append(line)
        return out

    @staticmethod
    def _cut(lines: list[str], max_tokens: int, counter: Counter) -> list[str]:
        kept, used = [], 0
        for line in lines:
            n = counter(line) + 1
            if used + n > max_tokens:
                break
            kept.append(line)
            used += n
        return kept

    @staticmethod
    def _dropped(lines: list[str], previous: Sequence[str], messages: Sequence[Message], pinned: set[str]) -> bool:
        """Whether a key-fact value of the replaced turns is in neither the summary nor the table."""
        text = "\n".join(lines)
        sources = list(previous) + [m.content for m in messages if m.role in ("user", "tool")]
        values = {f.value for src in sources for f in extract(src)}
        return any(v not in text and v not in pinned for v in values)
