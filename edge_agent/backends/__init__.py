"""LLM backends: an OpenAI-compatible cloud API, a local llama.cpp model, and the router."""

from __future__ import annotations

from edge_agent.backends.base import Backend, Completion, OnDelta, Timeouts, Usage
from edge_agent.backends.breaker import CircuitBreaker
from edge_agent.backends.router import POLICIES, Routed, Router

__all__ = ["POLICIES", "Backend", "CircuitBreaker", "Completion", "OnDelta", "Routed", "Router", "Timeouts",
           "Usage"]
