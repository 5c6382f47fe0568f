"""What a tool is: a name, a description, a JSON schema for its arguments, where it comes
from, whether it is enabled, and (for server-side tools) a coroutine that runs it.

A tool's ``run(arguments, ctx)`` returns the result text or raises ``ToolError`` (or any
exception: the loop turns it into that call's error result). ``ctx`` carries what a call may
need from the turn it runs in: the session's memory, the session id, the auth token's
namespace, the watchdog's mode.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

from edge_agent.errors import ToolRefused
from edge_agent._compat import SLOTS

Source = str  # "builtin", "mcp:NAME" or "client"
NAME_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")  # what OpenAI accepts as a function name


@dataclass(**SLOTS)
class CallContext:
    """The turn a call runs in. Every field may be absent (a CLI, a test, a bench)."""

    session_id: str = ""
    memory: Any = None                     # the session's BaseMemory (facts, archive, stats)
    namespace: str = ""                    # the auth token's namespace ("" without tokens)
    watchdog_mode: Callable[[], str] | None = None


Runner = Callable[[dict[str, Any], CallContext], Awaitable[str]]


@dataclass(**SLOTS)
class Tool:
    name: str
    description: str
    parameters: dict[str, Any]
    source: Source = "builtin"
    enabled: bool = True
    run: Runner | None = None              # None: a client tool (the client runs it)
    original_name: str = ""                # the name at its source (an MCP tool renamed on a collision)
    side_effects: bool = False             # writes, runs programs or reaches the network

    def __post_init__(self) -> None:
        if not self.original_name:
            self.original_name = self.name

    def schema(self) -> dict[str, Any]:
        """The OpenAI function schema, compact: no titles, no empty fields."""
        return {"type": "function", "function": {"name": self.name, "description": self.description,
                                                 "parameters": compact_schema(self.parameters)}}

    def listing(self) -> dict[str, Any]:
        """This tool as ``edge-agent tools --json`` shows it."""
        return {"name": self.name, "source": self.source, "enabled": self.enabled, "description": self.description}


def compact_schema(schema: Any) -> Any:
    """A JSON schema without the keys that cost tokens and tell a model nothing ("title",
    pydantic's generated ones, empty "required")."""
    if isinstance(schema, dict):
        out = {}
        for key, value in schema.items():
            if key in ("title", "$schema", "additionalProperties") and not isinstance(value, dict):
                continue
            if key == "required" and not value:
                continue
            out[key] = value if key == "enum" else compact_schema(value)
        return out
    if isinstance(schema, list):
        return [compact_schema(v) for v in schema]
    return schema


def params(properties: dict[str, dict[str, Any]] | None = None, required: tuple[str, ...] = ()) -> dict[str, Any]:
    """An object schema for a built-in tool's arguments."""
    out: dict[str, Any] = {"type": "object", "properties": properties or {}}
    if required:
        out["required"] = list(required)
    return out


Kind = Literal["string", "integer", "boolean", "array", "object", "number"]
_PY = {"string": str, "integer": int, "boolean": bool, "array": list, "object": dict, "number": (int, float)}


def arg(arguments: dict[str, Any], name: str, kind: Kind, tool: str, default: Any = ...) -> Any:
    """One argument, type-checked; a missing required one or a wrong type is ToolRefused."""
    if name not in arguments or arguments[name] is None:
        if default is ...:
            raise ToolRefused(tool, f"argument {name!r} is required")
        return default
    value = arguments[name]
    bad_bool = isinstance(value, bool) and kind in ("integer", "number")
    if bad_bool or not isinstance(value, _PY[kind]):
        raise ToolRefused(tool, f"argument {name!r} must be {kind}, got {type(value).__name__}")
    return value


@dataclass(**SLOTS)
class Limits:
    """The loop's bounds, from the config (units in the names)."""

    max_iterations: int = 8
    call_timeout_s: float = 30.0
    turn_deadline_s: float = 120.0
    result_chars: int = 8000
    max_parallel: int = 4

    @classmethod
    def from_config(cls, config: Any) -> Limits:
        return cls(config.tool_max_iterations, config.tool_call_timeout_s, config.tool_turn_deadline_s,
                   config.tool_result_chars, config.tool_max_parallel)

    def kwargs(self) -> dict[str, Any]:
        """``run_tool_loop``'s keyword arguments for these bounds."""
        return {"max_iterations": self.max_iterations, "call_timeout_s": self.call_timeout_s,
                "turn_deadline_s": self.turn_deadline_s, "result_chars": self.result_chars,
                "max_parallel": self.max_parallel}
