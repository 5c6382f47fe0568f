"""What every LLM backend returns, and the protocol it implements."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from edge_agent.toolcalls import ToolSpec
from edge_agent._compat import SLOTS

OnDelta = Callable[[str], None]


@dataclass(frozen=True, **SLOTS)
class Timeouts:
    """Deadlines of one request, in seconds (first token: 15 s proved too short for a
    first compression of a long history)."""

    connect_s: float = 10.0
    first_token_s: float = 30.0
    total_s: float = 120.0


@dataclass(**SLOTS)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0

    @classmethod
    def from_openai(cls, usage: dict[str, Any] | None) -> Usage:
        """OpenAI ``usage``, with cached prompt tokens from either vendor's field."""
        if not isinstance(usage, dict):
            return cls()
        details = usage.get("prompt_tokens_details") or {}
        cached = details.get("cached_tokens") if isinstance(details, dict) else None
        if cached is None:
            cached = usage.get("prompt_cache_hit_tokens", 0)
        return cls(int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0), int(cached or 0))


@dataclass(**SLOTS)
class Completion:
    text: str
    backend: str
    model: str = ""
    finish_reason: str | None = None
    usage: Usage = field(default_factory=Usage)
    first_token_s: float | None = None
    total_s: float = 0.0
    tool_calls: list[dict[str, Any]] | None = None   # OpenAI form: {"id", "type", "function": {...}}
    looped: bool = False     # stopped by the loop guard (edge_agent/loops.py); finish_reason "length"


@runtime_checkable
class Backend(Protocol):
    name: str

    async def complete(self, messages: Sequence[dict[str, Any]], *, max_tokens: int = 512,
                       temperature: float | None = None, stream: bool = False,
                       on_delta: OnDelta | None = None, tools: ToolSpec | None = None) -> Completion:
        """One chat completion; with ``stream`` the text arrives through ``on_delta``.
        ``temperature`` None leaves it to the backend (the local model's family setting). With
        ``tools`` the answer may be tool calls (``Completion.tool_calls``) instead of text."""
        ...

    async def aclose(self) -> None:
        ...
