"""The daemon's tools in its turns: which tools one request gets, and the bounded loop run
with them (``Agent`` calls ``tools_for`` and ``run``; the model step is the Agent's).

A request gets the enabled server tools its token may use (``token_tools``; without an
entry, every enabled tool) with the client's own tools over them. A request whose
``tool_choice`` names a tool that is not among them (not enabled, another token's, no such
tool) raises ``ToolNotEnabled`` before anything is stored or run: a 400. MCP servers are
listed on the first request that could use them; a server that failed to list is tried
again after ``retry_s``, not on every request.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from edge_agent.toolcalls import SERVER_CALL_PREFIX, ToolSpec
from edge_agent.tools.audit import ToolMetrics
from edge_agent.tools.base import CallContext, Limits
from edge_agent.tools.loop import LoopResult, Step, run_tool_loop
from edge_agent.tools.registry import Registry, TurnTools


LOCAL_SCHEMAS = 4   # schemas a small local model is offered per step by default


@dataclass
class ToolRuntime:
    registry: Registry
    limits: Limits = field(default_factory=Limits)
    metrics: ToolMetrics | None = None
    policy: dict[str, set[str]] = field(default_factory=dict)   # namespace -> tools / mcp:SERVER it may use
    schema_limit: int | None = None                               # schemas offered per step (small models)
    retry_s: float = 30.0
    clock: Callable[[], float] = time.monotonic
    _listed_at: float | None = None

    @classmethod
    def from_config(cls, config: Any, registry: Registry, metrics_registry: Any = None,
                    local_first: bool = False) -> ToolRuntime:
        """``tool_schema_limit`` 0 is automatic: LOCAL_SCHEMAS when the local model answers
        first (every schema costs its prompt tokens on every step), every tool for a cloud model."""
        from edge_agent.tools.settings import token_policy

        limit = config.tool_schema_limit or (LOCAL_SCHEMAS if local_first else None)
        return cls(registry, Limits.from_config(config), ToolMetrics(metrics_registry), token_policy(config), limit)

    async def refresh(self) -> None:
        """List the MCP servers not listed yet; after a failure, again only after ``retry_s``."""
        now = self.clock()
        if self._listed_at is not None and (not self.registry.errors or now - self._listed_at < self.retry_s):
            return
        self._listed_at = now
        await self.registry.refresh()

    @property
    def schedules(self) -> Any:
        """The schedule store when the ``schedule`` tool is enabled, else None."""
        tool = self.registry.get("schedule")
        return self.registry.schedules if tool is not None and tool.enabled else None

    def known(self) -> frozenset[str]:
        """Every server tool's name, enabled or not (a named tool_choice may name one)."""
        return frozenset(t.name for t in self.registry)

    async def tools_for(self, namespace: str, spec: ToolSpec | None) -> TurnTools | None:
        """The tools of one request, or None when it has no server tool (the plain path)."""
        if spec is not None and spec.choice == "none":
            return None                                # the client asked for an answer without tools
        await self.refresh()
        tools = self.registry.for_request(list(spec.tools) if spec else None, self.policy.get(namespace))
        if spec is not None and spec.choice != "required" and spec.forced:
            tools.require(spec.choice)                 # ToolNotEnabled: a 400, nothing runs
        if all(tools.is_client(name) for name in tools.tools):
            return None
        return tools

    async def run(self, step: Step, tools: TurnTools, messages: list[dict[str, Any]], ctx: CallContext,
                  spec: ToolSpec | None, query: str) -> LoopResult:
        choice = spec.openai_choice() if spec is not None else "auto"
        return await run_tool_loop(step, tools, messages, tool_choice=choice, ctx=ctx, metrics=self.metrics,
                                   schema_limit=self.schema_limit, query=query, id_prefix=SERVER_CALL_PREFIX,
                                   **self.limits.kwargs())

    async def aclose(self) -> None:
        await self.registry.aclose()
