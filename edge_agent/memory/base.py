"""What every memory strategy shares: the ring, counting once, capping, context assembly.

A memory keeps one session's history in a bounded ring buffer of encoded messages. Each
message is counted once, when it is added; the count travels with its record. A message
over ``max_message_tokens`` is stored whole but shown as head + tail with an explicit
marker, so one huge tool output cannot flush the window. Groups the ring evicts (or the
strategy trims) are handed to the recall archive and to ``on_evict``: nothing vanishes
silently.

``context(query)`` assembles [system][facts][summary][recall][recent] under
``max_tokens - reserve_tokens`` in the reference articles' priority order: the system
prompt, then the last ``min_recent_rounds`` rounds, then pinned facts, the summary,
recalled turns, and finally older recent history. Strategies differ only in the hooks
``_window_floor`` (the earliest record they allow), ``_summary_lines`` and ``_trim``.
With ``low_water`` the layout is the prefix-stable one of ``memory/stable.py``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any, ClassVar

import numpy as np

from edge_agent.errors import BudgetError, ConfigError
from edge_agent.loops import collapse
from edge_agent.memory.blocks import BlockFitter
from edge_agent.memory.context import SECTIONS, Context
from edge_agent.memory.embed import BATCH
from edge_agent.memory.facts import FactTable
from edge_agent.memory.postings import distinct, term_ids
from edge_agent.memory.question import ASKS, PAST, Question
from edge_agent.memory.recall import Hit, RecallArchive
from edge_agent.memory.speakers import Speakers
from edge_agent.memory.terms import terms
from edge_agent.memory.stable import StableLayout
from edge_agent.messages import (FLAG_CAPPED, ROLE_CODES, ROLES, Message, decode_payload,
                                 encode_payload, payload_dict, text_for_counting)
from edge_agent.ringbuf import GROUP_START, ORPHAN, Record, RingBuffer
from edge_agent.tokens import MESSAGE_OVERHEAD, Counter, default_counter
from edge_agent._compat import SLOTS

EMPTY_IDS = np.zeros(0, dtype=np.uint32)


def _asked(q: Question | None) -> np.ndarray:
    """The question's own term ids (sorted, distinct): every hit holds some of them, so they
    make no hit repeat another."""
    return distinct(np.fromiter((h for h, _ in q.terms), dtype=np.uint32)) if q is not None and q.terms else EMPTY_IDS

LOOPED = -1     # the tail of a cap that shows a looped reply's first occurrence (loops.collapse)

log = logging.getLogger("edge_agent.memory")

UNBOUNDED = 2**31 - 1
FACT_TOKENS = 600       # the default fact cap at a large budget
EvictHook = Callable[[list[Message]], None]


def check_int(key: str, value: object, lo: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{key} must be an int, got {value!r}", key=key)
    if value < lo:
        raise ConfigError(f"{key} must be >= {lo}, got {value}", key=key)
    return value


@dataclass(**SLOTS)
class MemoryStats:
    messages: int = 0
    turns: int = 0
    capped_messages: int = 0
    evicted_groups: int = 0
    evicted_messages: int = 0
    compressions: int = 0
    compression_failures: int = 0
    summarizer_llm_calls: int = 0
    last_compression_error: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class BaseMemory:
    """Common machinery; see the module docstring. Subclasses set ``name``."""

    name: ClassVar[str] = ""
    bounded: ClassVar[bool] = True
    default_facts: ClassVar[bool] = False
    default_recall: ClassVar[bool] = False

    def __init__(self, *, max_tokens: int = 4096, reserve_tokens: int = 800,
                 system: str | Message | None = None, counter: Counter | None = None,
                 message_overhead: int = MESSAGE_OVERHEAD, max_message_tokens: int | None = None,
                 min_recent_rounds: int = 2, facts: bool | None = None, fact_tokens: int | None = None,
                 fact_roles: tuple[str, ...] = ("user", "tool"), recall: bool | None = None,
                 recall_tokens: int | None = None, recall_past_tokens: int | None = None,
                 max_records: int = 2048, max_bytes: int = 1 << 20,
                 archive_bytes: int = 4 << 20, on_evict: EvictHook | None = None,
                 low_water: float | None = None, embedder: Any = None, zh_embedder: Any = None) -> None:
        self.max_tokens = check_int("max_tokens", max_tokens, 1)
        self.reserve_tokens = check_int("reserve_tokens", reserve_tokens)
        if self.bounded and reserve_tokens >= max_tokens:
            raise ConfigError(f"reserve_tokens ({reserve_tokens}) must be below max_tokens ({max_tokens})",
                              key="reserve_tokens")
        if counter is not None and not callable(counter):
            raise ConfigError("counter must be a callable str -> int", key="counter")
        self.counter: Counter = counter or default_counter()
        self.overhead = check_int("message_overhead", message_overhead)
        self.min_recent_rounds = check_int("min_recent_rounds", min_recent_rounds)
        # the fact table's cap; default: a fifth of the history budget, at most FACT_TOKENS
        self.fact_tokens = None if fact_tokens is None else check_int("fact_tokens", fact_tokens)
        # recall's reserved slice, and what it may take from older history for a question
        # about the past; default: a sixth and three fifths of the budget
        self.recall_tokens = None if recall_tokens is None else check_int("recall_tokens", recall_tokens)
        self.recall_past_tokens = (None if recall_past_tokens is None
                                   else check_int("recall_past_tokens", recall_past_tokens))
        unknown_roles = set(fact_roles) - set(ROLES)
        if unknown_roles:
            raise ConfigError(f"fact_roles has unknown roles: {sorted(unknown_roles)}", key="fact_roles")
        self.fact_roles = tuple(fact_roles)
        self._asked = ""   # the agent's last message, while the user has not answered it (answered.py)
        self.budget = self.max_tokens - self.reserve_tokens if self.bounded else UNBOUNDED
        if max_message_tokens is None:
            max_message_tokens = max(64, self.budget // 3) if self.bounded else UNBOUNDED
        self.max_message_tokens = check_int("max_message_tokens", max_message_tokens, 16)
        if not self.bounded:
            max_records, max_bytes = UNBOUNDED, UNBOUNDED
        try:
            self.ring = RingBuffer(check_int("max_records", max_records, 1), check_int("max_bytes", max_bytes, 1))
        except ValueError as exc:
            raise ConfigError(str(exc), key="max_records") from exc
        for key, enc in (("embedder", embedder), ("zh_embedder", zh_embedder)):
            if enc is not None and (isinstance(enc, (str, bytes)) or not callable(getattr(enc, "encode", None))):
                raise ConfigError(f"{key} must have encode(list[str]) -> array (edge_agent.memory.embed, "
                                  f"edge_agent.memory.use_m)", key=key)
        use_facts = self.default_facts if facts is None else bool(facts)
        use_recall = self.default_recall if recall is None else bool(recall)
        self.facts: FactTable | None = FactTable(self.counter) if use_facts else None
        self.archive: RecallArchive | None = (
            RecallArchive(self.counter, max_bytes=check_int("archive_bytes", archive_bytes, 1), embedder=embedder,
                          zh_embedder=zh_embedder)
            if use_recall else None)
        self.speakers = Speakers()                          # who "Anders" is in a question (speakers.py)
        self.on_evict = on_evict
        if low_water is not None and not (isinstance(low_water, (int, float)) and 0 < low_water < 1):
            raise ConfigError(f"low_water must be a fraction in (0, 1), got {low_water!r}", key="low_water")
        self.low_water = low_water
        self._last_prompt: list[tuple[int, int]] = []  # (hash, tokens) per message of the last context
        self.stats = MemoryStats()
        self._caps: dict[int, tuple[int, int]] = {}
        self._fitters = {s: BlockFitter(self.counter, self.overhead) for s in ("facts", "summary", "recall")}
        self._covered_cache: tuple[tuple[str, ...], np.ndarray] = ((), EMPTY_IDS)
        self._block_terms: dict[str, np.ndarray] = {}   # block text -> its term ids
        self._system: Message | None = None
        self._system_tokens = 0
        self.seq_base = 0  # session-wide seq of the ring's seq 0 (non-zero after restore)
        if system is not None:
            self._set_system(system if isinstance(system, Message) else Message("system", system))
        self._stable = StableLayout(self) if low_water is not None and self.bounded else None
        self._embedding: asyncio.Task | None = None

    # -- public API ------------------------------------------------------------------
    async def add(self, msg: Message) -> None:
        """Store one message (counted once, here). Strategies may start background work."""
        self._store(msg)
        self._after_add(msg)
        if msg.role != "user":   # the reply is in: embed the round while the client reads it
            self._embed_soon()

    async def flush(self) -> None:
        """Wait for background work (compression, embedding), if any."""
        while self._embedding is not None and not self._embedding.done():
            await asyncio.shield(self._embedding)
        if self.archive is not None and self.archive.dense is not None:
            await self.archive.dense.wait_jobs()   # the passes started as messages came in

    def cancel_embedding(self) -> None:
        """Stop embedding in the background (the session leaves RAM: its vectors are not
        stored, and a restore embeds again). Nothing is lost: pending messages stay pending."""
        if self._embedding is not None:
            self._embedding.cancel()
            self._embedding = None
        if self.archive is not None and self.archive.dense is not None:
            self.archive.dense.cancel()

    def _embed_soon(self) -> None:
        """Embed recall's pending messages in a worker thread (semantic recall only)."""
        dense = self.archive.dense if self.archive is not None else None
        if dense is None or not dense.pending or (self._embedding is not None and not self._embedding.done()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:   # no loop (a restore outside one): the next search embeds what it needs
            return
        self._embedding = loop.create_task(self._embed(dense), name="edge-agent-embed")

    @staticmethod
    async def _embed(dense) -> None:
        try:
            await dense.embed_pending(BATCH)
        except Exception:   # recall falls back to BM25 for these; the turn is not affected
            log.exception("embedding %d pending messages failed", dense.pending)

    def context(self, query: str | None = None, *, budget: int | None = None) -> Context:
        """The prompt for the next call; ``query`` only steers recall and fact priority.
        ``budget`` lowers the token budget for this one call (e.g. for a smaller model)."""
        if query is not None and not isinstance(query, str):
            raise TypeError(f"query must be a str or None, not {type(query).__name__}")
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 0):
            raise TypeError(f"budget must be an int >= 0 or None, not {budget!r}")
        sections = dict.fromkeys(SECTIONS, 0)
        head: list[tuple[dict[str, Any], int]] = []      # (message, its tokens)
        if self._system is not None:
            head.append((self._system.to_dict(), self._system_tokens))
            sections["system"] = self._system_tokens
        avail = (self.budget if budget is None else min(self.budget, budget)) - self._system_tokens
        floor = self._window_floor()
        first = self._recent_floor(floor, avail)
        partial = self._partial_group(avail) if first == len(self.ring) else None
        q = self._question(query)                        # the question's plan, made once
        if partial is not None:
            static, dynamic = self._fitted_blocks(q, avail, avail - partial[1]), []
            history = [(self._render(self.ring[i]), self.ring[i][3]) for i in partial[0]]
        elif self._stable is not None:
            static, dynamic, start = self._stable.plan(self, q, avail, floor, first)
            history = list(zip(*self._window(start)))
        else:
            static, start = self._default_plan(q, avail, floor, first)
            dynamic = []
            history = list(zip(*self._window(start)))
        for section, _, tokens in static + dynamic:
            sections[section] += tokens
        sections["recent"] = sum(t for _, t in history)
        pairs = self._arrange(head, static, dynamic, history)
        messages = [m for m, _ in pairs]
        return Context(messages=messages, tokens=sum(sections.values()), sections=sections, mode=self.mode,
                       prefix_tokens=self._prefix_reuse(messages, [t for _, t in pairs]),
                       labels=self._labels(head, static, dynamic, history))

    @staticmethod
    def _arrange(head: list, static: list, dynamic: list, history: list) -> list[tuple[dict[str, Any], int]]:
        """[system][static blocks][history], with the ``dynamic`` blocks (prefix-stable mode:
        the ones that follow the question) just before the newest user message."""
        def msgs(blocks):
            return [({"role": "system", "content": text}, n) for _, text, n in blocks if text]

        cut = BaseMemory._cut(dynamic, history)
        return head + msgs(static) + history[:cut] + msgs(dynamic) + history[cut:]

    @staticmethod
    def _labels(head: list, static: list, dynamic: list, history: list) -> list[str]:
        """The section of each message ``_arrange`` gives, in its order."""
        def names(blocks):
            return [section for section, text, _ in blocks if text]

        cut = BaseMemory._cut(dynamic, history)
        return ["system"] * len(head) + names(static) + ["recent"] * cut + names(dynamic) + ["recent"] * (len(history) - cut)

    @staticmethod
    def _cut(dynamic: list, history: list) -> int:
        """Where the dynamic blocks go in the history: before its newest message when that is the user's."""
        return len(history) - 1 if dynamic and history and history[-1][0]["role"] == "user" else len(history)

    def _prefix_reuse(self, messages: list[dict[str, Any]], tokens: list[int]) -> int:
        """Tokens of the leading messages identical to the previous context's (a lower bound of
        what a KV cache or a cloud prefix cache can reuse)."""
        now = [(hash((m["role"], m.get("content"), str(m.get("tool_calls")))), t) for m, t in zip(messages, tokens)]
        shared = 0
        for (a, n), (b, _) in zip(now, self._last_prompt):
            if a != b:
                break
            shared += n
        self._last_prompt = now
        return shared

    def _partial_group(self, avail: int) -> tuple[list[int], int] | None:
        """When even the newest group is over budget: its first message plus the longest
        suffix that starts at an assistant message (tool results keep their call)."""
        ring = self.ring
        if not len(ring):
            return None
        g = ring.group_index(-1)
        head_tokens = ring[g][3]
        if head_tokens > avail or ring[g][2] & ORPHAN:
            return [], 0
        best, tokens = len(ring), 0
        for i in range(len(ring) - 1, g, -1):
            if head_tokens + ring.tokens_from(i) > avail:
                break
            if ring[i][1] == ROLE_CODES["assistant"]:
                best, tokens = i, ring.tokens_from(i)
        return [g, *range(best, len(ring))], head_tokens + tokens

    @property
    def mode(self) -> str:
        return self.name

    @property
    def system(self) -> Message | None:
        return self._system

    def set_system(self, system: str | Message) -> None:
        """Pin a new system prompt (a client that sends its own); over the budget is a BudgetError."""
        self._set_system(system if isinstance(system, Message) else Message("system", system))

    def history(self) -> list[Message]:
        """Every message the ring holds now, oldest first, uncapped."""
        return [self._decode(r) for r in self.ring]

    def __len__(self) -> int:
        return len(self.ring)

    # -- storing -----------------------------------------------------------------------
    def _set_system(self, msg: Message) -> None:
        if msg.role != "system":
            raise ConfigError(f"the system prompt must have role 'system', not {msg.role!r}", key="system")
        tokens = self.counter(text_for_counting(msg)) + self.overhead
        if self.bounded and tokens > self.budget:
            raise BudgetError("system prompt", tokens, self.budget)
        self._system, self._system_tokens = msg, tokens
        self.speakers.learn_system(msg.content)

    def _store(self, msg: Message) -> None:
        if not isinstance(msg, Message):
            raise TypeError(f"add() takes a Message, not {type(msg).__name__}")
        if msg.role == "system" and self._system is None and self.stats.messages == 0:
            self._set_system(msg)  # a leading system message becomes the pinned prompt
            return
        evicted = self._push(msg)
        self._index(msg, self.ring[-1])
        self.speakers.learn(msg.role, msg.content, msg.name)
        self.stats.messages += 1
        if msg.role == "user":
            self.stats.turns += 1
        if self.facts is not None and msg.role in self.fact_roles:
            self.facts.observe(msg.content, self.stats.turns, self._asked if msg.role == "user" else "", msg.ts)
        if msg.role in ("assistant", "user"):
            self._asked = msg.content if msg.role == "assistant" else ""
        self._evicted(evicted)
        self._trim()

    def _index(self, msg: Message, rec: Record) -> None:
        """Add a stored message to the recall index, as the window shows it (capped or not)."""
        if self.archive is not None:
            if rec[2] & FLAG_CAPPED:
                msg = replace(msg, content=self._render(rec)["content"])
            self.archive.add(msg, rec[3], self.seq_base + rec[0])

    def _push(self, msg: Message) -> list[Record]:
        """Encode, count (once), cap for display, and push one message; return evictions."""
        payload, flags = encode_payload(msg)
        if len(payload) > self.ring.max_bytes:
            raise ValueError(f"message of {len(payload)} bytes exceeds this session's "
                             f"max_bytes={self.ring.max_bytes}")
        tokens = self.counter(text_for_counting(msg)) + self.overhead
        cap = None
        shown = collapse(msg.content) if msg.role == "assistant" and msg.content and msg.tool_calls is None else None
        if shown is not None and shown != msg.content:     # a reply caught in a loop: prompts show it once
            cap = (len(shown), LOOPED)
            tokens = self.counter(self._capped_text(msg.content, *cap)) + self.overhead
            flags |= FLAG_CAPPED
        if tokens > self.max_message_tokens and msg.content:
            cap, tokens = self._cap(msg.content, self.counter(text_for_counting(msg)) + self.overhead)
            flags |= FLAG_CAPPED
        if msg.role == "user":
            flags |= GROUP_START
        evicted = self.ring.push(ROLE_CODES[msg.role], payload, tokens, float(msg.ts), flags)
        if cap is not None:
            self._caps[self.ring.next_seq - 1] = cap
            self.stats.capped_messages += 1
        return evicted

    # -- persistence ---------------------------------------------------------------------
    @property
    def next_seq(self) -> int:
        """Session-wide sequence number the next added message gets (system prompt excluded)."""
        return self.seq_base + self.ring.next_seq

    @property
    def ring_start(self) -> int:
        """Sequence number of the oldest message still in the window's ring."""
        return self.seq_base + (self.ring[0][0] if len(self.ring) else self.ring.next_seq)

    def export_state(self) -> dict[str, Any]:
        """Everything beyond the message log needed to bring the session back exactly."""
        return {"version": 1, "strategy": self.name, "next_seq": self.next_seq, "ring_start": self.ring_start,
                "system": self._system.content if self._system is not None else None,
                "stats": self.stats.as_dict(), "facts": self.facts.export() if self.facts is not None else None,
                **self._export_extra()}

    def restore(self, state: dict[str, Any], log: list[tuple[int, Message]]) -> None:
        """Load ``state`` (from export_state) and the session's messages ``(seq, message)``
        into this fresh memory: messages from ``ring_start`` on go back into the ring,
        older ones into the recall archive. Nothing is summarized or extracted again."""
        if self.stats.messages or len(self.ring):
            raise RuntimeError("restore() needs a fresh memory")
        if state.get("strategy") != self.name:
            raise ConfigError(f"state is for strategy {state.get('strategy')!r}, not {self.name!r}", key="strategy")
        if state.get("system") is not None and self._system is None:
            self._set_system(Message("system", state["system"]))
        start = int(state["ring_start"])
        self.seq_base = start
        for seq, msg in sorted(log, key=lambda item: item[0]):
            self.speakers.learn(msg.role, msg.content, msg.name)
            if msg.role in ("assistant", "user"):   # an answer after a restart still has its question
                self._asked = msg.content if msg.role == "assistant" else ""
            if seq < start:
                if self.archive is not None:
                    self.archive.add(msg, self.counter(text_for_counting(msg)) + self.overhead, seq)
            else:
                self._evicted(self._push(msg))
                self._index(msg, self.ring[-1])
        self.stats = MemoryStats(**state["stats"])
        if self.facts is not None and state.get("facts"):
            self.facts.restore(state["facts"])
        self._restore_extra(state)
        self._embed_soon()

    def _export_extra(self) -> dict[str, Any]:
        return {}

    def _restore_extra(self, state: dict[str, Any]) -> None:
        pass

    def _cap(self, content: str, tokens: int) -> tuple[tuple[int, int], int]:
        """Head and tail character counts so head + marker + tail fits max_message_tokens."""
        target = self.max_message_tokens - self.overhead
        chars = max(8, int(len(content) * target / tokens * 0.9))
        while True:
            head, tail = (chars * 2) // 3, chars - (chars * 2) // 3
            n = self.counter(self._capped_text(content, head, tail)) + self.overhead
            if n <= self.max_message_tokens or chars <= 8:
                return (head, tail), n
            chars = int(chars * 0.85)

    @staticmethod
    def _capped_text(content: str, head: int, tail: int) -> str:
        if tail == LOOPED:      # no marker: a small model copies "[... omitted ...]" into its reply
            return content[:head]
        omitted = len(content) - head - tail
        return f"{content[:head]}\n[... {omitted} characters omitted ...]\n{content[len(content) - tail:]}"

    def _pop_group(self) -> None:
        self._evicted(self.ring.pop_group())

    def _evicted(self, records: list[Record]) -> None:
        if not records:
            return
        groups: list[tuple[list[Message], int]] = []
        for rec in records:
            self._caps.pop(rec[0], None)
            if rec[2] & (GROUP_START | ORPHAN) or not groups:
                groups.append(([], 0))
            msgs, tokens = groups[-1]
            msgs.append(self._decode(rec))
            groups[-1] = (msgs, tokens + rec[3])
        self.stats.evicted_groups += len(groups)
        self.stats.evicted_messages += len(records)
        if self.on_evict is not None:
            for msgs, _ in groups:
                self.on_evict(msgs)

    # -- reading -----------------------------------------------------------------------
    def _decode(self, rec: Record) -> Message:
        return decode_payload(rec[1], rec[5], rec[2], rec[4])

    def _render(self, rec: Record) -> dict[str, Any]:
        d = payload_dict(rec[1], rec[5], rec[2])
        cap = self._caps.get(rec[0])
        if cap is not None:
            d["content"] = self._capped_text(d["content"], *cap)
        return d

    def _window(self, start: int) -> tuple[list[dict[str, Any]], list[int]]:
        """Messages and their tokens from ring index ``start`` on, skipping the records of a
        group whose start the ring evicted (ORPHAN: rare, only after a group outgrew the ring)."""
        out: list[dict[str, Any]] = []
        counts: list[int] = []
        skipping = False
        for i in range(start, len(self.ring)):
            rec = self.ring[i]
            if rec[2] & ORPHAN:
                skipping = True
            elif rec[2] & GROUP_START:
                skipping = False
            if not skipping:
                out.append(self._render(rec))
                counts.append(rec[3])
        return out, counts

    def _recent_floor(self, floor: int, avail: int) -> int:
        """Start of the last ``min_recent_rounds`` rounds, cut to fit ``avail``."""
        ring = self.ring
        if len(ring) == 0:
            return 0
        k = min(self.min_recent_rounds, ring.n_groups)
        first = ring.group_index(-k) if k else len(ring)
        first = max(first, floor)
        if ring.tokens_from(first) > avail:
            first = max(floor, ring.tail_fit(max(0, avail)))
        return first

    def _question(self, query: str | Question | None) -> Question:
        """The plan of ``query`` (``question.py``), the speakers' names read as I / you."""
        return query if isinstance(query, Question) else Question.of(query, self.speakers.rewrite)

    def _default_plan(self, q: Question, avail: int, floor: int, first: int
                      ) -> tuple[list[tuple[str, str, int]], int]:
        """Blocks and window start of the default layout. Priority: the newest rounds, facts,
        recall (its slice; more for a question about the past), summary, older history:
        recalled messages earn more per token than summary lines (bench.generalize --ablation)."""
        rem = avail - self.ring.tokens_from(first)
        facts = None if self.facts is None else ("facts", *self._facts_block(q, min(self._fact_cap(avail), rem)))
        rem -= facts[2] if facts else 0
        hits = self._recall_hits(q)
        shown = [facts[1] if facts else "", "\n".join(line for line, _ in self._summary_lines()[1])]
        cap = min(self._recall_cap(q, avail), rem)
        want = self._recall_want(hits, cap, shown, first, q)
        summary = ("summary", *self._fit_summary(rem - want, avail))
        older = max(0, rem - want - summary[2] - self._headroom())  # headroom: older history only
        start = min(first, max(floor, self.ring.tail_fit(older + self.ring.tokens_from(first))))
        heads = [b for b in (facts, summary) if b]
        cap = min(cap, avail - sum(b[2] for b in heads) - self.ring.tokens_from(start))
        return [*heads, ("recall", *self._recall_block(hits, cap, shown, start, q))], start

    def _fitted_blocks(self, q: Question, avail: int, rem: int) -> list[tuple[str, str, int]]:
        """(section, text, tokens) for facts and summary, each fitted to what is left."""
        blocks = []
        if self.facts is not None:
            blocks.append(("facts", *self._facts_block(q, min(self._fact_cap(avail), rem))))
            rem -= blocks[-1][2]
        blocks.append(("summary", *self._fit_summary(rem, avail)))
        return blocks

    def _recall_reserve(self, avail: int) -> int:
        """Recall's reserved slice of ``avail`` tokens (0 without recall)."""
        if self.archive is None:
            return 0
        return self.recall_tokens if self.recall_tokens is not None else max(0, avail // 6)

    def _recall_cap(self, query: str | Question | None, avail: int) -> int:
        """What recall may use for ``query``: more than its slice for a question about the past
        or for a value the conversation holds; half of it for another question (how-to,
        yes/no: "你们一般是怎么安排的？"), a third for a message that asks nothing (recall, just
        before the newest message, is prefilled anew every turn: "好的，就按这个流程走" needs
        little of it)."""
        base = self._recall_reserve(avail)
        kind = self._question(query).kind
        if kind != PAST:
            return base // 2 if kind == ASKS else base // 3
        past = self.recall_past_tokens if self.recall_past_tokens is not None else (avail * 3) // 5
        return max(base, past)

    def _fact_cap(self, avail: int) -> int:
        """The fact table's tokens out of a history budget of ``avail``: ``fact_tokens``, by
        default a fifth of ``avail`` up to FACT_TOKENS. At a local model's small budget a fixed
        400 would leave the window one exchange (and the prefix cache nothing to append to)."""
        return self.fact_tokens if self.fact_tokens is not None else min(FACT_TOKENS, avail // 5)

    def _fit_summary(self, cap: int, avail: int) -> tuple[str, int]:
        """The summary block under ``cap``, and never over a third of the history budget:
        recalled messages earn more per token than summary lines (bench.generalize --ablation)."""
        header, lines = self._summary_lines()
        if not lines:
            return "", 0
        return self._fitters["summary"].fit(header, lines, cap=min(cap, avail // 3), shown=self._summary_shown_as)

    def _recall_hits(self, query: str | Question | None) -> list[Hit]:
        q = self._question(query)
        if self.archive is None or not q.text or not len(self.archive):
            return []
        return self.archive.search(q)

    def _seq_at(self, index: int) -> int:
        """Session-wide seq of ring index ``index`` (the next seq at the end)."""
        return self.seq_base + (self.ring[index][0] if index < len(self.ring) else self.ring.next_seq)

    def _covered(self, shown: list[str]) -> np.ndarray:
        """The term ids of the blocks already in the prompt (sorted, distinct); each block's
        own are cached, so only a block that changed (the question's fact delta) is analysed
        again."""
        key = tuple(shown)
        if self._covered_cache[0] != key:
            parts = self._block_terms
            self._block_terms = {text: term_ids(terms(text)) if parts.get(text) is None else parts[text]
                                 for text in shown if text}
            ids = distinct(np.concatenate(list(self._block_terms.values()))) if self._block_terms else EMPTY_IDS
            self._covered_cache = (key, ids)
        return self._covered_cache[1]

    def _recall_want(self, hits: list[Hit], cap: int, shown: list[str], start: int, q: Question | None = None) -> int:
        """About how many tokens recall would use under ``cap`` (from the lines' own counts)."""
        if not hits or cap <= 0:
            return 0
        chosen, used = self.archive.pick(hits, cap, self._seq_at(start), self._covered(shown), _asked(q))
        return used if chosen else 0

    def _recall_block(self, hits: list[Hit], cap: int, shown: list[str], start: int,
                      q: Question | None = None) -> tuple[str, int]:
        """The recalled messages older than the window (from ring index ``start``) that the
        ``shown`` blocks and the messages recalled before them do not already say, fitted
        exactly to ``cap``."""
        if not hits or cap <= 0:
            return "", 0
        chosen, _ = self.archive.pick(hits, cap, self._seq_at(start), self._covered(shown), _asked(q))
        while chosen:
            text = self.archive.render(chosen)
            summed = self.archive.block_tokens(chosen)  # exact, from cached line counts, when it can be
            tokens = self._fitters["recall"].count(text) if summed is None else summed + self.overhead
            if tokens <= cap:
                return text, tokens
            chosen.pop()  # the lowest-scored message goes; count again
        return "", 0

    def _facts_block(self, q: Question, cap: int) -> tuple[str, int]:
        """The pinned facts (those the question mentions first), fitted to ``cap``."""
        header, lines, order = self.facts.lines(q.text or None, q.words)
        return self._fitters["facts"].fit(header, lines, cap=cap, order=order)

    # -- strategy hooks ------------------------------------------------------------------
    def _headroom(self) -> int:
        return 0

    def _window_floor(self) -> int:
        return 0

    def _summary_lines(self) -> tuple[str, list[tuple[str, int]]]:
        return "", []

    @staticmethod
    def _summary_shown_as(lines: list[str]) -> list[str]:
        """The summary lines picked for the prompt, as it shows them."""
        return lines

    def _after_add(self, msg: Message) -> None:
        pass

    def _trim(self) -> None:
        """Keep only what the window can use; older groups go to the archive (recall)."""
        if not self.bounded:
            return
        keep = self.budget - self._system_tokens
        if self.ring.total_tokens > keep and self.low_water is not None:
            keep = int(keep * self.low_water)  # prefix-stable: evict in one chunk, then append again
        while self.ring.n_groups > 1 and self.ring.total_tokens > keep:
            self._pop_group()
