"""Tools the daemon runs itself: a registry (built-ins, MCP servers' tools, the client's
tools), the built-in tools (builtins.py lists them), an MCP stdio client (mcp_client.py), and
the bounded loop inside a turn (loop.py). Config keys: settings.py.

    from edge_agent.tools import build_registry, run_tool_loop
    registry = await build_registry(config)            # built-ins + MCP servers (not started yet)
    await registry.refresh()                           # lists the MCP servers' tools (starts them)
    result = await run_tool_loop(step, registry.for_request(), messages, max_iterations=8)

In a turn, ``step`` wraps one backend call: the schemas and tool choice it is given become
the backend's tools (an OpenAI ``tools`` list and ``tool_choice``: "auto", "none",
"required" or a named function), and the completion's text and OpenAI ``tool_calls`` come
back as a ``StepReply``. ``result.messages`` (the assistant's calls, every result, the
answer) is stored after the user's message in one commit, so no call is ever stored
without its result; ``result.tool_calls(tool_result_chars)`` is the response's
``edge_agent.tool_calls``; ``result.client_calls`` (when ``result.stop == "client_tools"``)
are the response's ``message.tool_calls``. ``ToolNotEnabled`` from the loop means a
forced tool this turn does not offer: a 400.
"""

from __future__ import annotations

import sys
from typing import Any

from edge_agent import _compat
from edge_agent.errors import ConfigError
from edge_agent.tools.base import CallContext, Limits, Tool
from edge_agent.tools.registry import Registry, TurnTools

__all__ = ["CallContext", "Limits", "Registry", "Tool", "TurnTools", "build_registry", "run_tool_loop"]


def build_registry(config: Any) -> Registry:
    """Every tool ``config`` describes: the built-ins (enabled as ``tools`` says) and one MCP
    connection per ``mcp_servers`` entry (started when first listed or called)."""
    from edge_agent.tools.builtins import builtin_tools
    from edge_agent.tools.mcp_client import MCPServer
    from edge_agent.tools.settings import mcp_servers

    tools, resources = builtin_tools(config)
    configured = mcp_servers(config.mcp_servers)
    if configured and not _compat.PY310:
        raise ConfigError("MCP servers need Python >= 3.10 (the official mcp SDK does not run on "
                          f"{sys.version.split()[0]}): remove [[edge-agent.mcp_servers]] or install edge-agent "
                          "under Python 3.10 or newer", key="mcp_servers")
    servers = [MCPServer(s, config.tool_call_timeout_s) for s in configured]
    registry = Registry(tools, servers)
    registry.resources.extend(resources.all())
    registry.schedules = resources.schedules
    return registry


def __getattr__(name: str) -> Any:  # the loop is imported on first use (config imports this package)
    if name == "run_tool_loop":
        from edge_agent.tools.loop import run_tool_loop

        return run_tool_loop
    raise AttributeError(name)
