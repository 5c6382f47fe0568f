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

StrategyName = Literal["full", "fixed", "sliding", "summary", "hybrid"]
STRATEGY_NAMES = ("full", "fixed", "sliding", "summary", "hybrid")   # STRATEGIES' keys, without loading them

# The package's names load at first use (PEP 562): the memory modules bring numpy (20 MiB of
# RSS), which an idle daemon need not hold (bench/RESULTS.md section 19).
_LAZY = {"BaseMemory": "base", "MemoryStats": "base", "HybridMemory": "compressing",
         "SummaryMemory": "compressing", "SECTIONS": "context", "Context": "context",
         "FixedWindowMemory": "windows", "FullMemory": "windows", "SlidingWindowMemory": "windows"}


def _strategies() -> dict[str, type]:
    from edge_agent.memory.compressing import HybridMemory, SummaryMemory
    from edge_agent.memory.windows import FixedWindowMemory, FullMemory, SlidingWindowMemory

    classes = (FullMemory, FixedWindowMemory, SlidingWindowMemory, SummaryMemory, HybridMemory)
    return dict(zip(STRATEGY_NAMES, classes))


def __getattr__(name: str) -> Any:
    if name == "STRATEGIES":
        value: Any = _strategies()
    elif name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f"edge_agent.memory.{_LAZY[name]}"), name)
    else:
        raise AttributeError(f"module 'edge_agent.memory' has no attribute {name!r}")
    globals()[name] = value
    return value


def create_memory(name: StrategyName | str, **config: Any) -> Any:
    """A memory of strategy ``name`` (a BaseMemory); unknown names and options are a ConfigError."""
    strategies = globals().get("STRATEGIES") or __getattr__("STRATEGIES")
    try:
        cls = strategies[name]
    except (KeyError, TypeError):
        raise ConfigError(f"unknown memory strategy {name!r}; choose one of {', '.join(strategies)}",
                          key="strategy") from None
    try:
        return cls(**config)
    except TypeError as exc:
        raise ConfigError(f"{name}: {exc}", key="strategy") from exc


__all__ = ["SECTIONS", "STRATEGIES", "STRATEGY_NAMES", "BaseMemory", "Context", "MemoryStats", "StrategyName", "create_memory"]
