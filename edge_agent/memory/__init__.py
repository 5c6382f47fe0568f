"""Conversation memory strategies behind one public API (see ARCHITECTURE.md and the README).

    from edge_agent.memory import STRATEGIES, create_memory
    mem = create_memory("summary", max_tokens=4096, reserve_tokens=800)
    await mem.add(Message(role="user", content="我叫王小明，订单号 #20250115001"))
    await mem.flush()
    ctx = mem.context(query="订单号是多少？")
"""

from __future__ import annotations

from typing import Any, Literal

from edge_agent.errors import ConfigError
from edge_agent.memory.base import BaseMemory, MemoryStats
from edge_agent.memory.compressing import HybridMemory, SummaryMemory
from edge_agent.memory.context import SECTIONS, Context
from edge_agent.memory.windows import FixedWindowMemory, FullMemory, SlidingWindowMemory

StrategyName = Literal["full", "fixed", "sliding", "summary", "hybrid"]

STRATEGIES: dict[str, type[BaseMemory]] = {
    "full": FullMemory,
    "fixed": FixedWindowMemory,
    "sliding": SlidingWindowMemory,
    "summary": SummaryMemory,
    "hybrid": HybridMemory,
}


def create_memory(name: StrategyName | str, **config: Any) -> BaseMemory:
    """A memory of strategy ``name``; unknown names and options are a ConfigError."""
    try:
        cls = STRATEGIES[name]
    except (KeyError, TypeError):
        raise ConfigError(f"unknown memory strategy {name!r}; choose one of {', '.join(STRATEGIES)}",
                          key="strategy") from None
    try:
        return cls(**config)
    except TypeError as exc:
        raise ConfigError(f"{name}: {exc}", key="strategy") from exc


__all__ = ["SECTIONS", "STRATEGIES", "BaseMemory", "Context", "MemoryStats", "StrategyName", "create_memory"]
