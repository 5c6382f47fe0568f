"""One turn: remember -> build context -> call -> remember -> compress (in the background).

The user's message is stored before any backend is called, so it is never lost when no
backend can answer (the typed error then reaches the caller). Memories count tokens with
the vocabulary of the backend that answers first: the local model's own when the policy is
``local_only`` (so the budget matches what llama.cpp sees), the exact cloud tokenizer
otherwise.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from edge_agent.backends.base import OnDelta, Usage
from edge_agent.backends.router import Routed, Router
from edge_agent.errors import AllBackendsFailed, ContextOverflowError
from edge_agent.memory import BaseMemory, Context, create_memory
from edge_agent.messages import Message

MemoryFactory = Callable[[str], BaseMemory]


@dataclass(slots=True)
class TurnResult:
    session_id: str
    reply: str
    backend: str
    fallback_reason: str | None
    usage: Usage
    mode: str
    context_tokens: int
    sections: dict[str, int]
    timings: dict[str, float | None] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class Agent:
    """Sessions of memory in front of a router."""

    def __init__(self, router: Router, *, strategy: str = "summary", system: str | None = None,
                 max_reply_tokens: int = 512, temperature: float = 0.2, memory: dict[str, Any] | None = None,
                 memory_factory: MemoryFactory | None = None) -> None:
        self.router = router
        self.max_reply_tokens = max_reply_tokens
        self.temperature = temperature
        self.sessions: dict[str, BaseMemory] = {}
        self._factory = memory_factory or self._default_factory(strategy, system, dict(memory or {}))

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
        mem = self.sessions.get(session_id)
        if mem is None:
            mem = self.sessions[session_id] = self._factory(session_id)
        return mem

    async def turn(self, session_id: str, user_text: str, *, stream: bool = False,
                   on_delta: OnDelta | None = None) -> TurnResult:
        """Answer ``user_text`` in ``session_id``. Raises AllBackendsFailed when no backend
        answers; the user's message is stored either way."""
        mem = self.memory(session_id)
        t0 = time.perf_counter()
        await mem.add(Message("user", user_text))
        ctx = mem.context(query=user_text)
        memory_s = time.perf_counter() - t0
        first: list[float] = []

        def delta(text: str) -> None:
            if not first:
                first.append(time.perf_counter() - t0)
            if on_delta is not None:
                on_delta(text)

        t_call = time.perf_counter()
        try:
            routed = await self.router.complete(ctx.messages, max_tokens=self.max_reply_tokens,
                                                temperature=self.temperature, stream=stream, on_delta=delta)
        except AllBackendsFailed as failed:
            routed, ctx = await self._fit_smaller(mem, user_text, ctx, failed, stream, delta)
        t1 = time.perf_counter()
        await mem.add(Message("assistant", routed.completion.text))  # compression starts in the background
        memory_s += time.perf_counter() - t1
        c = routed.completion
        return TurnResult(session_id=session_id, reply=c.text, backend=c.backend,
                          fallback_reason=routed.fallback_reason, usage=c.usage, mode=mem.mode,
                          context_tokens=ctx.tokens, sections=ctx.sections,
                          timings={"first_token_s": first[0] if first else t1 - t0,  # from the user's message
                                   "total_s": time.perf_counter() - t0, "backend_s": t1 - t_call,
                                   "memory_s": memory_s})

    async def _fit_smaller(self, mem: BaseMemory, user_text: str, ctx: Context, failed: AllBackendsFailed,
                           stream: bool, delta: OnDelta) -> tuple[Routed, Context]:
        """A backend with a smaller context (the local fallback, with its own vocabulary)
        overflowed: build the context again under a budget scaled to fit it, and ask it alone."""
        name, overflow = next(((n, e) for n, e in failed.errors.items() if isinstance(e, ContextOverflowError)
                               and e.n_tokens > 0), (None, None))
        backend = next((b for b in self.router.backends if b.name == name), None)
        if overflow is None or backend is None:
            raise failed
        room = overflow.n_ctx - min(self.max_reply_tokens, overflow.n_ctx // 4)
        smaller = mem.context(query=user_text, budget=int(ctx.tokens * room / overflow.n_tokens * 0.9))
        completion = await backend.complete(smaller.messages, max_tokens=self.max_reply_tokens,
                                            temperature=self.temperature, stream=stream, on_delta=delta)
        reason = "; ".join(str(e) for e in failed.errors.values()) + f"; {name} answered with a shorter context"
        return Routed(completion, reason), smaller

    async def aclose(self) -> None:
        for mem in self.sessions.values():
            await mem.flush()
        await self.router.aclose()
