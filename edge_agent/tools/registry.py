"""Every tool a turn may use, by the name the model sees: built-ins, MCP servers' tools and
the client's own tools side by side.

Names: a built-in keeps its name. An MCP tool keeps its own unless another source offers
the same name; then it is ``SERVER__TOOL`` (its server's name, two underscores). Names
already handed out never change when a server is listed later. In one request the
client's tools shadow server tools of the same name (the client asked for its own).
MCP servers are listed lazily: ``await registry.refresh()`` lists the servers not listed
yet (starting them), and a server that fails contributes no tools and keeps its error.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from edge_agent.errors import ToolError, ToolNotEnabled
from edge_agent.memory.terms import analyze
from edge_agent.tools.base import NAME_RE, Tool

log = logging.getLogger(__name__)


class Registry:
    def __init__(self, tools: Iterable[Tool] = (), servers: Iterable[Any] = ()) -> None:
        self._tools: dict[str, Tool] = {}
        self.servers: dict[str, Any] = {s.name: s for s in servers}   # MCP connections by server name
        self._listed: set[str] = set()
        self.errors: dict[str, str] = {}                                # server name -> why it lists nothing
        self.resources: list[Any] = []                                  # closed with the registry (HTTP sessions)
        self.schedules: Any = None                                      # the ScheduleStore (a Scheduler fires it)
        for tool in tools:
            self.add(tool)

    # -- contents -----------------------------------------------------------------------
    def add(self, tool: Tool) -> Tool:
        """Register ``tool`` (renamed SERVER__TOOL when its name is taken); return it. An MCP
        tool whose name OpenAI does not accept (MCP allows ``weather.get``) is offered with
        each other character as ``_`` (``weather_get``); calls still use its own name."""
        if tool.source != "builtin" and not NAME_RE.match(tool.name):
            tool.name = re.sub(r"[^A-Za-z0-9_-]", "_", tool.name)[:64] or "tool"
        if tool.name in self._tools:
            if tool.source == "builtin":
                raise ValueError(f"two built-in tools are named {tool.name!r}")
            tool.name = self._free_name(tool)
        if not NAME_RE.match(tool.name):
            raise ToolError(tool.name, f"from {tool.source}: a tool name must be 1-64 characters of A-Z a-z 0-9 _ -")
        self._tools[tool.name] = tool
        return tool

    def _free_name(self, tool: Tool) -> str:
        server = tool.source.split(":", 1)[-1]
        base = re.sub(r"[^A-Za-z0-9_-]", "_", f"{server}__{tool.original_name}")[:64]
        name, n = base, 2
        while name in self._tools:
            name, n = f"{base[:60]}_{n}", n + 1
        return name

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name)

    def __iter__(self):
        return iter(self._tools.values())

    def __len__(self) -> int:
        return len(self._tools)

    def enabled(self) -> list[Tool]:
        return [t for t in self._tools.values() if t.enabled]

    def require(self, name: str) -> Tool:
        """The enabled tool ``name``; ToolNotEnabled otherwise (a forced tool_choice: a 400)."""
        tool = self._tools.get(name)
        if tool is None or not tool.enabled:
            raise ToolNotEnabled(name, [t.name for t in self.enabled()])
        return tool

    def listing(self) -> list[dict[str, Any]]:
        """What ``edge-agent tools --json`` prints: every tool, enabled or not."""
        return [t.listing() for t in self._tools.values()]

    # -- MCP -----------------------------------------------------------------------------
    async def refresh(self) -> dict[str, str]:
        """List the MCP servers not listed yet (concurrently); return the errors by server."""
        todo = [s for name, s in self.servers.items() if name not in self._listed]
        results = await asyncio.gather(*(s.list_tools() for s in todo), return_exceptions=True)
        listed: dict[str, list[Tool]] = {}
        for server, result in zip(todo, results):
            if isinstance(result, asyncio.CancelledError):
                raise result
            if isinstance(result, BaseException):
                self.errors[server.name] = str(result)
                log.warning("MCP server %s lists no tools: %s", server.name, result)
            else:
                listed[server.name] = result
                self.errors.pop(server.name, None)
        # A name two servers of this listing both offer is namespaced for both, so which one
        # answered first never decides who gets the plain name.
        counts = Counter(t.original_name for tools in listed.values() for t in tools)
        for name in sorted(listed):
            self._listed.add(name)
            for tool in listed[name]:
                if counts[tool.original_name] > 1:
                    tool.name = self._free_name(tool)
                try:
                    self.add(tool)
                except ToolError as exc:          # one bad tool never hides the others
                    self.errors[name] = str(exc)
                    log.warning("MCP server %s: tool %r left out: %s", name, tool.original_name, exc)
        return dict(self.errors)

    async def aclose(self) -> None:
        for server in self.servers.values():
            await server.aclose()
        for resource in self.resources:
            await resource.aclose()

    # -- one request ---------------------------------------------------------------------
    def for_request(self, client_tools: list[dict[str, Any]] | None = None,
                    allowed: set[str] | None = None) -> TurnTools:
        """The tools of one request: the enabled server tools (only those ``allowed`` names, by
        tool name or ``mcp:SERVER`` source, when a token restricts them), with the client's
        own tools over them."""
        server = {t.name: t for t in self.enabled() if allowed is None or t.name in allowed or t.source in allowed}
        client: dict[str, Tool] = {}
        for spec in client_tools or []:
            fn = spec.get("function", spec) if isinstance(spec, dict) else {}
            name = fn.get("name")
            if isinstance(name, str):
                client[name] = Tool(name, fn.get("description") or "", fn.get("parameters") or {"type": "object"},
                                    source="client", run=None)
        return TurnTools({**server, **client}, set(client))


class TurnTools:
    """The tools one turn offers, by name."""

    def __init__(self, tools: dict[str, Tool], client: set[str]) -> None:
        self.tools = tools
        self.client = client

    def get(self, name: str) -> Tool | None:
        return self.tools.get(name)

    def is_client(self, name: str) -> bool:
        return name in self.client

    def require(self, name: str) -> Tool:
        tool = self.tools.get(name)
        if tool is None:
            raise ToolNotEnabled(name, sorted(self.tools))
        return tool

    def schemas(self, query: str | None = None, limit: int | None = None, keep: str | None = None
                ) -> list[dict[str, Any]]:
        """OpenAI function schemas, compact. With ``limit``, only that many: ``keep`` (a forced
        tool) and the client's tools first, then the server tools whose name and description
        share the most terms with ``query`` (a small model reads fewer schemas)."""
        tools = list(self.tools.values())
        if limit is not None and len(tools) > limit:
            terms = set(analyze(query or ""))

            def score(t: Tool) -> tuple[int, int]:
                words = set(analyze(t.name.replace("_", " ") + " " + t.description))
                return (0 if t.name == keep else 1 if t.name in self.client else 2, -len(terms & words))

            order = {id(t): i for i, t in enumerate(tools)}
            tools = sorted(tools, key=lambda t: (*score(t), order[id(t)]))[:limit]
        return [t.schema() for t in tools]
