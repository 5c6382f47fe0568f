"""One turn: remember -> build context -> call -> remember -> compress (in the background).

The user's message is stored (and, with a session store, committed) before any backend is
called, so it is never lost when no backend can answer (the typed error then reaches the
caller); the reply is committed before ``turn`` returns, so a caller acknowledges only what
is on disk. A store failure drops the session from RAM (it comes back from disk as it was
stored) and raises ``StoreError``. Requests to one session run one at a time; more than
``queue_per_session`` waiting raise ``SessionBusy``. Sessions idle for ``idle_s`` leave RAM
and come back from the store on their next request. Memories count tokens with
the vocabulary of the backend that answers first: the local model's own when the policy is
``local_only`` (so the budget matches what llama.cpp sees), the exact cloud tokenizer
otherwise.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from edge_agent import pii
from edge_agent.backends.base import OnDelta, Usage
from edge_agent.backends.router import Routed, Router
from edge_agent.errors import AllBackendsFailed, ContextOverflowError, EdgeAgentError
from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.sync import SyncLog, digest
from edge_agent.toolcalls import SCHEDULED, ToolSpec, canonical_arguments, parse_spec
from edge_agent._compat import SLOTS

if TYPE_CHECKING:   # the memory modules load with the first session (numpy)
    from edge_agent.memory import BaseMemory, Context

MemoryFactory = Callable[[str], "BaseMemory"]


def _namespace(session_id: str) -> str:
    """The token namespace of a session key ("<tenant>/<id>"; "" for a bare id)."""
    return session_id.split("/", 1)[0] if "/" in session_id else ""


def repeats_last_call(messages: list[dict[str, Any]], calls: list[dict[str, Any]] | None) -> bool:
    """Whether ``calls`` are the calls whose results end ``messages`` (same names, same
    arguments): a small model asking again for what it was just given."""
    if not calls:
        return False
    i = len(messages)
    while i and messages[i - 1].get("role") == "tool":
        i -= 1
    if i == len(messages) or not i:
        return False

    def key(call: dict[str, Any]) -> tuple[str, str]:
        fn = call.get("function") or {}
        return str(fn.get("name")), canonical_arguments(fn.get("arguments") or "")

    return sorted(map(key, calls)) == sorted(map(key, messages[i - 1].get("tool_calls") or []))


def _first_token(t0: float, on_delta: OnDelta | None) -> tuple[list[float], OnDelta]:
    """A delta callback that notes when the first token came (seconds after ``t0``)."""
    first: list[float] = []

    def delta(text: str) -> None:
        if not first:
            first.append(time.perf_counter() - t0)
        if on_delta is not None:
            on_delta(text)

    return first, delta


@dataclass(**SLOTS)
class TurnResult:
    session_id: str
    reply: str
    backend: str
    fallback_reason: str | None
    usage: Usage
    mode: str
    context_tokens: int
    sections: dict[str, int]
    prefix_tokens: int = 0            # tokens of this prompt's head identical to the last one's
    timings: dict[str, float | None] = field(default_factory=dict)
    tool_calls: list[dict[str, Any]] | None = None   # calls for the client to run (OpenAI form)
    finish_reason: str = "stop"       # "stop", "length" (cut at the reply's token limit), "tool_calls"
    stored: int = 0                   # messages of the request stored by this turn (the new tail)
    server_tool_calls: list[dict[str, Any]] | None = None   # what the daemon ran (edge_agent.tool_calls)
    tool_stop: str | None = None      # why the tool loop stopped ("answer", "max_iterations", ...)
    looped: bool = False              # the reply was cut by the loop guard (finish_reason "length")

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class SessionBusy(EdgeAgentError):
    """Too many requests are already waiting for this session."""

    def __init__(self, session_id: str, waiting: int, retry_after_s: float = 1.0) -> None:
        super().__init__(f"session {session_id!r} has {waiting} requests waiting")
        self.session_id = session_id
        self.retry_after_s = retry_after_s


class Agent:
    """Sessions of memory in front of a router, optionally persisted in a session store."""

    def __init__(self, router: Router, *, strategy: str = "summary", system: str | None = None,
                 max_reply_tokens: int = 512, temperature: float | None = None, memory: dict[str, Any] | None = None,
                 memory_factory: MemoryFactory | None = None, store: Any = None, idle_s: float = 1800.0,
                 queue_per_session: int = 4, archive: Any = None, max_sessions: int = 100_000,
                 tools: Any = None) -> None:
        self.router = router
        self.tools = tools                                # a tools.runtime.ToolRuntime: the daemon's own tools
        self.max_reply_tokens = max_reply_tokens
        self.temperature = temperature
        self.store = store
        self.archive = archive                            # ended sessions are archived here first
        self.idle_s = idle_s
        self.max_sessions = max_sessions
        self.queue_per_session = queue_per_session
        self.sessions: dict[str, BaseMemory] = {}
        self._used: dict[str, float] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._waiting: dict[str, int] = {}
        self.degraded = False                             # set by the watchdog
        self._baseline: dict[str, tuple[int, int]] = {}   # stats a session came back with
        self._dropped = [0, 0]                            # compressions, failures of sessions gone
        self._factory = memory_factory or self._default_factory(strategy, system, dict(memory or {}))
        self._sync: dict[str, SyncLog] = {}
        self._mask = pii.mask if getattr(store, "at_rest", None) == "mask" else None  # stored text is masked

    def _default_factory(self, strategy: str, system: str | None, config: dict[str, Any]) -> MemoryFactory:
        first = self.router.backends[0]
        tokenizer = getattr(first, "tokenizer", None)
        if tokenizer is not None:  # a local model answers first: count with its vocabulary
            config.setdefault("counter", tokenizer)
            n_ctx = getattr(first, "n_ctx", None)
            if n_ctx:
                config["max_tokens"] = min(config.get("max_tokens", n_ctx), n_ctx)
        config.setdefault("reserve_tokens", self.max_reply_tokens)
        if system is not None:
            config.setdefault("system", system)
        return lambda session_id: create_memory(strategy, **config)

    def memory(self, session_id: str) -> BaseMemory:
        """The session's memory in RAM (created empty when absent; see ``open`` for the store)."""
        mem = self.sessions.get(session_id)
        if mem is None:
            mem = self.sessions[session_id] = self._factory(session_id)
            self._follow_mode(mem)
        self._used[session_id] = time.monotonic()
        return mem

    def _follow_mode(self, mem: BaseMemory) -> None:
        if hasattr(mem, "pause"):
            mem.pause(self.degraded)

    def set_degraded(self, degraded: bool) -> None:
        """Watchdog: summary and hybrid sessions stop compressing (sliding window) or resume."""
        self.degraded = degraded
        for mem in self.sessions.values():
            self._follow_mode(mem)

    async def open(self, session_id: str) -> BaseMemory:
        """The session's memory: in RAM, else loaded from the store, else new. Past
        ``max_sessions`` in RAM, the least recently used idle sessions leave first."""
        if session_id not in self.sessions:
            await self._make_room()
        if session_id not in self.sessions and self.store is not None:
            loaded = await self.store.load(session_id)
            if loaded is not None:
                mem = self._factory(session_id)
                mem.restore(*loaded)
                own = loaded[0].get("system")  # a client's system prompt outranks the daemon's
                if own is not None and (mem.system is None or mem.system.content != own):
                    mem.set_system(own)
                self._follow_mode(mem)
                self.sessions[session_id] = mem
                log = self._sync[session_id] = SyncLog(mask=self._mask)
                for _, msg in loaded[1]:
                    log.append(msg)
                self._baseline[session_id] = (mem.stats.compressions, mem.stats.compression_failures)
        return self.memory(session_id)

    async def _make_room(self) -> None:
        if len(self.sessions) < self.max_sessions:
            return
        idle = sorted((used, sid) for sid, used in self._used.items() if sid not in self._waiting)
        for _, sid in idle[: len(self.sessions) - self.max_sessions + 1]:
            await self.drop(sid)

    @contextlib.asynccontextmanager
    async def _serialized(self, session_id: str):
        waiting = self._waiting.get(session_id, 0)
        if waiting >= self.queue_per_session:
            raise SessionBusy(session_id, waiting)
        self._waiting[session_id] = waiting + 1
        lock = self._locks.setdefault(session_id, asyncio.Lock())
        try:
            async with lock:
                yield
        finally:
            self._waiting[session_id] -= 1
            if not self._waiting[session_id]:
                del self._waiting[session_id]
                self._locks.pop(session_id, None)

    async def _commit(self, session_id: str, mem: BaseMemory, messages: list[tuple[int, Message]]) -> None:
        if self.store is None:
            return
        try:
            await self.store.append(session_id, messages, mem.export_state())
        except Exception:
            self._forget(session_id)  # RAM must not hold what the disk does not
            raise

    def sync_log(self, session_id: str) -> SyncLog:
        """The digests of the session's stored messages (see edge_agent/sync.py)."""
        log = self._sync.get(session_id)
        if log is None:
            log = self._sync[session_id] = SyncLog(mask=self._mask)
        return log

    async def add(self, session_id: str, msg: Message) -> None:
        """Store one message in a session (committed when there is a store)."""
        mem = await self.open(session_id)
        await self._store_all(session_id, mem, [msg])

    async def _store_all(self, session_id: str, mem: BaseMemory, messages: list[Message]) -> None:
        """Store messages and commit them (with the session's state) in one transaction."""
        log, stored = self.sync_log(session_id), []
        for msg in messages:
            seq = mem.next_seq
            await mem.add(msg)
            log.append(msg)
            stored.append((seq, msg))
        await self._commit(session_id, mem, stored)

    async def holds_start_of(self, session_id: str, messages: list[Message]) -> bool:
        """Whether ``messages`` begin with everything the session holds (a resent conversation)."""
        await self.open(session_id)
        log = self.sync_log(session_id)
        held = log.digests
        return 0 < len(held) <= len(messages) and all(
            h == digest(m, log.mask) for h, m in zip(held, messages))

    async def turn(self, session_id: str, user_text: str, *, stream: bool = False,
                   on_delta: OnDelta | None = None, max_reply_tokens: int | None = None,
                   prior: list[Message] | None = None) -> TurnResult:
        """Answer ``user_text`` in ``session_id`` (after storing ``prior`` messages, e.g. tool
        results the client sends with it). Raises AllBackendsFailed when no backend answers;
        the user's message is stored either way. A busy session raises before storing anything."""
        return await self.respond(session_id, [*(prior or []), Message("user", user_text)], sync=False,
                                  stream=stream, on_delta=on_delta, max_reply_tokens=max_reply_tokens)

    async def scheduled_turn(self, session_id: str, text: str) -> TurnResult:
        """A turn a schedule starts: ``text`` as the user's message; both it and the reply are
        the daemon's own (named ``SCHEDULED``: stored, shown, never expected back from a client)."""
        return await self.respond(session_id, [Message("user", text, name=SCHEDULED)], sync=False, internal=True)

    async def respond(self, session_id: str, messages: list[Message], *, system: str | None = None,
                      tools: ToolSpec | None = None, sync: bool = True, stream: bool = False,
                      on_delta: OnDelta | None = None, max_reply_tokens: int | None = None,
                      internal: bool = False) -> TurnResult:
        """Store what of ``messages`` the session does not hold yet (all of them when not
        ``sync``) and answer: the new tail must end with the user's message or with the results
        of every pending tool call, or be empty while the session's newest message waits for its
        answer. ``system`` sets the session's system prompt (stored once, never as history).
        Raises ``sync.Diverged`` or ``sync.ToolResultError`` before storing anything; the reply
        may be text or tool calls for the client to run (``TurnResult.tool_calls``). With the
        daemon's own tools (``tools=`` of the constructor) the turn runs the tool loop; a forced
        tool that this request may not use raises ``ToolNotEnabled`` before anything is stored."""
        turn_tools = await self.tools.tools_for(_namespace(session_id), tools) if self.tools is not None else None
        async with self._serialized(session_id):
            mem = await self.open(session_id)
            log = self.sync_log(session_id)
            try:
                start = log.match([digest(m, log.mask) for m in messages]).start if sync else 0
                tail = messages[start:]
                log.check_tail(tail, start)
            except EdgeAgentError:
                if not log.digests and not mem.stats.messages:
                    self._forget(session_id)  # refused before anything was stored: no empty session left
                raise
            new_system = system is not None and (mem.system is None or mem.system.content != system)
            if new_system:
                mem.set_system(system)  # the same step as the constructor's system=
            if tail or new_system:
                await self._store_all(session_id, mem, tail)
            query = tail[-1].content if internal else log.last_user
            reply_tokens = max_reply_tokens or self.max_reply_tokens
            if turn_tools is not None:
                result = await self._answer_tools(session_id, mem, query, tools, turn_tools, stream, on_delta,
                                                  reply_tokens, internal)
            else:
                result = await self._answer(session_id, mem, query, tools, stream, on_delta, reply_tokens, internal)
            result.stored = len(tail)
            return result

    async def _answer(self, session_id: str, mem: BaseMemory, query: str, tools: ToolSpec | None, stream: bool,
                      on_delta: OnDelta | None, reply_tokens: int, internal: bool = False) -> TurnResult:
        t0 = time.perf_counter()
        ctx = mem.context(query=query)
        memory_s = time.perf_counter() - t0
        first, delta = _first_token(t0, on_delta)
        t_call = time.perf_counter()
        try:
            routed = await self.router.complete(ctx.messages, max_tokens=reply_tokens, temperature=self.temperature,
                                                stream=stream, on_delta=delta, tools=tools)
        except AllBackendsFailed as failed:
            routed, ctx = await self._fit_smaller(mem, query, ctx, failed, stream, delta, tools)
        if tools is not None and not tools.forced and repeats_last_call(ctx.messages, routed.completion.tool_calls):
            # the call whose result the model has just read, again: answered without tools,
            # as the server-side loop does for its own tools
            routed = await self.router.complete(ctx.messages, max_tokens=reply_tokens, temperature=self.temperature,
                                                stream=stream, on_delta=delta, tools=None)
        t1 = time.perf_counter()
        c = routed.completion
        # a stream cut in the middle was already shown to the client: store what it saw
        reply = routed.discarded_partial + c.text if stream else c.text
        calls = c.tool_calls or None
        await self._store_all(session_id, mem, [Message("assistant", reply, tool_calls=calls,
                                                        name=SCHEDULED if internal else None)])
        memory_s += time.perf_counter() - t1
        finish = "tool_calls" if calls else ("length" if c.finish_reason == "length" else "stop")
        return TurnResult(session_id=session_id, reply=reply, backend=c.backend,
                          fallback_reason=routed.fallback_reason, usage=c.usage, mode=mem.mode,
                          context_tokens=ctx.tokens, sections=ctx.sections, prefix_tokens=ctx.prefix_tokens,
                          timings={"first_token_s": first[0] if first else t1 - t0,  # from the user's message
                                   "total_s": time.perf_counter() - t0, "backend_s": t1 - t_call,
                                   "memory_s": memory_s},
                          tool_calls=calls, finish_reason=finish, looped=c.looped)

    async def _answer_tools(self, session_id: str, mem: BaseMemory, query: str, spec: ToolSpec | None,
                            tools: Any, stream: bool, on_delta: OnDelta | None, reply_tokens: int,
                            internal: bool) -> TurnResult:
        """The turn as a tool loop: every model step is one routed call with the step's tools;
        the calls, their results (whole) and the answer are stored in one commit."""
        from edge_agent.tools.base import CallContext

        t0 = time.perf_counter()
        ctx = mem.context(query=query)
        memory_s = time.perf_counter() - t0
        first, delta = _first_token(t0, on_delta)
        step, state = self._step(mem, query, ctx, spec, stream, delta, reply_tokens)
        call_ctx = CallContext(session_id, mem, _namespace(session_id),
                               lambda: "degraded" if self.degraded else "normal")
        t_call = time.perf_counter()
        loop = await self.tools.run(step, tools, ctx.messages, call_ctx, spec, query)
        t1 = time.perf_counter()
        final: Routed = loop.replies[-1].raw
        messages = list(loop.messages)
        reply = loop.content
        if loop.stop != "client_tools":
            reply = final.discarded_partial + loop.content if stream else loop.content
            messages[-1] = dataclasses.replace(messages[-1], content=reply, name=SCHEDULED if internal else None)
        await self._store_all(session_id, mem, messages)
        c = final.completion
        finish = "tool_calls" if loop.client_calls else ("length" if c.finish_reason == "length" else "stop")
        ctx = state["ctx"]
        return TurnResult(session_id=session_id, reply=reply, backend=c.backend, fallback_reason=final.fallback_reason,
                          usage=state["usage"], mode=mem.mode, context_tokens=ctx.tokens, sections=ctx.sections,
                          prefix_tokens=ctx.prefix_tokens,
                          timings={"first_token_s": first[0] if first else t1 - t0,
                                   "total_s": time.perf_counter() - t0, "backend_s": state["backend_s"],
                                   "tools_s": sum(x.duration_s for x in loop.calls),
                                   "memory_s": memory_s + time.perf_counter() - t1, "loop_s": t1 - t_call},
                          tool_calls=loop.client_calls or None, finish_reason=finish,
                          server_tool_calls=loop.tool_calls(self.tools.limits.result_chars), tool_stop=loop.stop,
                          looped=c.looped)

    def _step(self, mem: BaseMemory, query: str, ctx: Context, spec: ToolSpec | None, stream: bool,
              delta: OnDelta, reply_tokens: int):
        """The loop's model step over the router, and its running totals (usage, backend time,
        the context: rebuilt smaller when a backend's window overflows)."""
        from edge_agent.tools.loop import StepReply

        state: dict[str, Any] = {"ctx": ctx, "usage": Usage(), "backend_s": 0.0}
        parallel = spec.parallel if spec is not None else True
        head = len(ctx.messages)

        async def step(messages: list[dict[str, Any]], schemas: list[dict[str, Any]] | None, choice: Any) -> StepReply:
            offered = parse_spec(schemas, choice, parallel) if schemas else None
            extra = list(messages[head:])
            t = time.perf_counter()
            try:
                routed = await self.router.complete(state["ctx"].messages + extra, max_tokens=reply_tokens,
                                                    temperature=self.temperature, stream=stream, on_delta=delta,
                                                    tools=offered)
            except AllBackendsFailed as failed:
                routed, state["ctx"] = await self._fit_smaller(mem, query, state["ctx"], failed, stream, delta,
                                                               offered, extra)
            state["backend_s"] += time.perf_counter() - t
            u, got = state["usage"], routed.completion.usage
            state["usage"] = Usage(u.prompt_tokens + got.prompt_tokens, u.completion_tokens + got.completion_tokens,
                                   u.cached_tokens + got.cached_tokens)
            return StepReply(routed.completion.text, routed.completion.tool_calls or [], routed)

        return step, state

    async def _fit_smaller(self, mem: BaseMemory, user_text: str, ctx: Context, failed: AllBackendsFailed,
                           stream: bool, delta: OnDelta, tools: ToolSpec | None,
                           extra: list[dict[str, Any]] = ()) -> tuple[Routed, Context]:
        """A backend with a smaller context (the local fallback, with its own vocabulary)
        overflowed: build the context again under a budget scaled to fit it, and ask it alone.
        ``extra`` (this turn's tool calls and results so far) follows the context unshortened."""
        name, overflow = next(((n, e) for n, e in failed.errors.items() if isinstance(e, ContextOverflowError)
                               and e.n_tokens > 0), (None, None))
        backend = next((b for b in self.router.backends if b.name == name), None)
        if overflow is None or backend is None:
            raise failed
        room = overflow.n_ctx - min(self.max_reply_tokens, overflow.n_ctx // 4)
        extra_tokens = sum(mem.counter(str(m.get("content") or "") + str(m.get("tool_calls") or "")) for m in extra)
        history = overflow.n_tokens * ctx.tokens / max(1, ctx.tokens + extra_tokens)   # in the backend's vocabulary
        fits = room - (overflow.n_tokens - history)
        if fits <= 0:
            raise failed
        smaller = mem.context(query=user_text, budget=int(ctx.tokens * fits / history * 0.9))
        completion = await backend.complete(smaller.messages + list(extra), max_tokens=self.max_reply_tokens,
                                            temperature=self.temperature, stream=stream, on_delta=delta,
                                            tools=tools)
        reason = "; ".join(str(e) for e in failed.errors.values()) + f"; {name} answered with a shorter context"
        return Routed(completion, reason), smaller

    async def edit(self, session_id: str, change: Callable[[BaseMemory], Any]) -> Any:
        """``change(memory)`` on a stored session, between its turns, then committed (the page's
        fact edits); ``change`` validates before it changes anything, and whatever it raises
        is not committed."""
        async with self._serialized(session_id):
            mem = await self.open(session_id)
            out = change(mem)
            await self._commit(session_id, mem, [])
            return out

    async def persist(self, session_id: str) -> None:
        """Write the session's current state (e.g. a summary committed in the background)."""
        mem = self.sessions.get(session_id)
        if mem is not None:
            mem.cancel_embedding()   # vectors are not persisted: no shutdown waits for them
            await mem.flush()
            await self._commit(session_id, mem, [])

    async def drop(self, session_id: str) -> None:
        """Take a session out of RAM (its state persisted first); it stays on disk."""
        if session_id in self.sessions and session_id not in self._waiting:
            await self.persist(session_id)
            self._forget(session_id)

    def _forget(self, session_id: str) -> None:
        mem = self.sessions.pop(session_id, None)
        if mem is not None:
            base = self._baseline.pop(session_id, (0, 0))
            self._dropped[0] += mem.stats.compressions - base[0]
            self._dropped[1] += mem.stats.compression_failures - base[1]
        self._used.pop(session_id, None)
        self._sync.pop(session_id, None)

    def compression_totals(self) -> tuple[int, int]:
        """Compressions and failures this process ran (monotonic, whatever leaves RAM)."""
        done, failed = self._dropped
        for sid, mem in self.sessions.items():
            base = self._baseline.get(sid, (0, 0))
            done += mem.stats.compressions - base[0]
            failed += mem.stats.compression_failures - base[1]
        return done, failed

    async def evict_idle(self, now: float | None = None, idle_s: float | None = None) -> int:
        """Drop sessions idle longer than ``idle_s`` from RAM; return how many left."""
        now = time.monotonic() if now is None else now
        limit = self.idle_s if idle_s is None else idle_s
        idle = [sid for sid, used in self._used.items() if now - used >= limit]
        for sid in idle:
            await self.drop(sid)
        return len(idle)

    async def delete(self, session_id: str) -> bool:
        """End a session: archived (when there is an archive), then forgotten in RAM and on disk."""
        if self.archive is not None and self.store is not None:
            loaded = await self.store.load(session_id)
            if loaded is not None:
                await self.archive.archive(session_id, [m for _, m in loaded[1]])
        found = session_id in self.sessions
        self._forget(session_id)
        if self.store is not None:
            found = await self.store.delete(session_id) or found
        return found

    async def aclose(self) -> None:
        for sid in list(self.sessions):
            await self.persist(sid)
        await self.router.aclose()
