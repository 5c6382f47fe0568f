"""Function tools with OpenAI Chat Completions semantics: the request's ``tools``,
``tool_choice`` and ``parallel_tool_calls``, checked once at the boundary (``ToolSpec``),
and the tool calls a backend returns (``{"id", "type": "function", "function": {"name",
"arguments"}}``, arguments a JSON text).

A turn may end in tool calls for the client to run; the client sends their results as
``tool`` messages and the turn continues. Backends receive the ``ToolSpec``: the cloud passes
it through; the local model renders only the offered tools compactly (``render``) and, when
a call is required, generates under a JSON-schema grammar (``call_schema``) so that a small
model still emits a valid call with valid JSON arguments.
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass
from typing import Any

from edge_agent.errors import EdgeAgentError
from edge_agent._compat import SLOTS

NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
CHOICES = ("auto", "none", "required")
# Messages the daemon made itself, which no client sends back: the calls it ran on the device
# (their ids start with SERVER_CALL_PREFIX) with their results, and the turns a schedule
# started (their messages are named SCHEDULED). Stored like any message; never matched by sync.
SERVER_CALL_PREFIX = "ea-srv-"
SCHEDULED = "edge-agent-schedule"


class ToolSpecError(EdgeAgentError, ValueError):
    """``tools``, ``tool_choice`` or ``parallel_tool_calls`` is malformed; ``field`` names it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


@dataclass(frozen=True, **SLOTS)
class ToolSpec:
    tools: tuple[dict[str, Any], ...]        # normalized {"type": "function", "function": {...}}
    choice: str = "auto"                     # "auto" | "none" | "required" | a tool's name
    parallel: bool = True

    @property
    def names(self) -> list[str]:
        return [t["function"]["name"] for t in self.tools]

    @property
    def offered(self) -> list[dict[str, Any]]:
        """The tools the model may call under ``choice`` (none for "none", one when named)."""
        if self.choice == "none":
            return []
        if self.choice in ("auto", "required"):
            return list(self.tools)
        return [t for t in self.tools if t["function"]["name"] == self.choice]

    @property
    def forced(self) -> bool:
        """Whether the reply must be a tool call."""
        return self.choice not in ("auto", "none")

    def openai_choice(self) -> str | dict[str, Any]:
        if self.choice in CHOICES:
            return self.choice
        return {"type": "function", "function": {"name": self.choice}}


def parse_spec(tools: object, tool_choice: object = None, parallel: object = None,
               field: str = "tools", known: frozenset[str] | set[str] = frozenset()) -> ToolSpec | None:
    """The request's tools as a ToolSpec (None without tools); ToolSpecError names the field.
    ``known``: the names of the daemon's own tools, which a named ``tool_choice`` may also
    name (the spec then offers no client tool and forces that one)."""
    if tools is None or tools == []:
        if known and isinstance(tool_choice, dict):
            return ToolSpec((), _choice(tool_choice, sorted(known)), True if parallel is None else bool(parallel))
        if tool_choice not in (None, "none", "auto"):
            raise ToolSpecError("tool_choice", "names a tool but the request offers no tools")
        return None
    if not isinstance(tools, list):
        raise ToolSpecError(field, "must be a list of function tools")
    normalized = tuple(_tool(t, f"{field}[{i}]") for i, t in enumerate(tools))
    names = [t["function"]["name"] for t in normalized]
    if len(set(names)) != len(names):
        raise ToolSpecError(field, f"tool names must be unique ({', '.join(names)})")
    if parallel is not None and not isinstance(parallel, bool):
        raise ToolSpecError("parallel_tool_calls", "must be a boolean")
    return ToolSpec(normalized, _choice(tool_choice, names + sorted(known)), True if parallel is None else parallel)


def _tool(tool: object, where: str) -> dict[str, Any]:
    if not isinstance(tool, dict) or tool.get("type", "function") != "function":
        raise ToolSpecError(where, "must be {\"type\": \"function\", \"function\": {...}}")
    fn = tool.get("function")
    if not isinstance(fn, dict):  # the Responses API's flat form: {"type", "name", "parameters"}
        fn = {k: tool[k] for k in ("name", "description", "parameters", "strict") if k in tool}
    name = fn.get("name")
    if not isinstance(name, str) or not NAME.match(name):
        raise ToolSpecError(f"{where}.function.name", "must be 1-64 characters of A-Z a-z 0-9 _ -")
    params = fn.get("parameters", {"type": "object", "properties": {}})
    if not isinstance(params, dict) or params.get("type", "object") != "object":
        raise ToolSpecError(f"{where}.function.parameters", "must be a JSON schema of type object")
    if "properties" in params and not isinstance(params["properties"], dict):
        raise ToolSpecError(f"{where}.function.parameters.properties", "must be an object")
    desc = fn.get("description", "")
    if not isinstance(desc, str):
        raise ToolSpecError(f"{where}.function.description", "must be a string")
    out = {"name": name, "description": desc, "parameters": params}
    if "strict" in fn:
        out["strict"] = fn["strict"]
    return {"type": "function", "function": out}


def _choice(choice: object, names: list[str]) -> str:
    if choice is None:
        return "auto"
    if isinstance(choice, str):
        if choice not in CHOICES:
            raise ToolSpecError("tool_choice", f"must be one of {', '.join(CHOICES)} or a named function")
        return choice
    if isinstance(choice, dict):
        fn = choice.get("function") if isinstance(choice.get("function"), dict) else choice
        name = fn.get("name")
        if choice.get("type") == "function" and isinstance(name, str):
            if name not in names:
                raise ToolSpecError("tool_choice.function.name", f"names {name!r}, which is not in tools "
                                                                 "nor a tool of this daemon")
            return name
    raise ToolSpecError("tool_choice", "must be auto, none, required or {\"type\": \"function\", "
                                       "\"function\": {\"name\": ...}}")


# -- tool calls ------------------------------------------------------------------------------
def is_internal(msg: Any) -> bool:
    """Whether a stored message is the daemon's own (see SERVER_CALL_PREFIX): a result of a
    call it ran, an assistant message whose every call it ran, or a scheduled turn's message."""
    if msg.name == SCHEDULED:
        return True
    if msg.role == "tool":
        return (msg.tool_call_id or "").startswith(SERVER_CALL_PREFIX)
    return bool(msg.tool_calls) and all(c["id"].startswith(SERVER_CALL_PREFIX) for c in msg.tool_calls)


def client_calls(calls: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
    """The calls of a message that went back to the client (those the daemon did not run)."""
    kept = [c for c in calls or [] if not c["id"].startswith(SERVER_CALL_PREFIX)]
    return kept or None


def new_call_id() -> str:
    return f"call_{uuid.uuid4().hex[:24]}"


def make_call(name: str, arguments: str | dict[str, Any], call_id: str | None = None) -> dict[str, Any]:
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments, ensure_ascii=False)
    return {"id": call_id or new_call_id(), "type": "function", "function": {"name": name, "arguments": arguments}}


def normalize_calls(calls: object, where: str, new_ids: bool = False) -> list[dict[str, Any]]:
    """A message's ``tool_calls`` in the one stored form; ToolSpecError names what is wrong.
    ``new_ids``: a call without an id gets one (a backend's answer; a client's must have them)."""
    if not isinstance(calls, list) or not calls:
        raise ToolSpecError(where, "must be a non-empty list of tool calls")
    out = []
    for i, call in enumerate(calls):
        fn = call.get("function") if isinstance(call, dict) else None
        if new_ids and isinstance(fn, dict) and not call.get("id"):
            call = {**call, "id": new_call_id()}
        if not isinstance(fn, dict) or not isinstance(call.get("id"), str) or not call["id"]:
            raise ToolSpecError(f"{where}[{i}]", "must be {\"id\", \"type\": \"function\", \"function\": "
                                                 "{\"name\", \"arguments\"}}")
        if not isinstance(fn.get("name"), str) or not isinstance(fn.get("arguments", ""), str):
            raise ToolSpecError(f"{where}[{i}].function", "needs a string name and string arguments")
        out.append(make_call(fn["name"], fn.get("arguments", ""), call["id"]))
    return out


def canonical_arguments(arguments: str) -> str:
    """Arguments re-serialized compactly with sorted keys (clients re-encode the JSON they got)."""
    try:
        return json.dumps(json.loads(arguments), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    except (ValueError, TypeError, RecursionError):    # not JSON, a 5,000-digit number, nested too deep
        return arguments


# -- the local model: compact rendering, grammar schema, parsing ------------------------------
def _type_of(schema: dict[str, Any]) -> str:
    if "enum" in schema:
        return "|".join(json.dumps(v, ensure_ascii=False) for v in schema["enum"])
    kind = schema.get("type", "any")
    if kind == "array":
        return f"{_type_of(schema.get('items') or {})}[]"
    return kind if isinstance(kind, str) else "|".join(map(str, kind))


def signature(tool: dict[str, Any]) -> str:
    """``name(arg: type, opt?: type) - description``: one line per tool."""
    fn = tool["function"]
    params = fn["parameters"]
    required = set(params.get("required") or [])
    args = ", ".join(f"{k}{'' if k in required else '?'}: {_type_of(v if isinstance(v, dict) else {})}"
                     for k, v in (params.get("properties") or {}).items())
    desc = f" - {fn['description']}" if fn.get("description") else ""
    return f"{fn['name']}({args}){desc}"


def render(spec: ToolSpec) -> str:
    """The system-prompt text that tells a local model which tools it may call, and how."""
    lines = [signature(t) for t in spec.offered]
    how = "Answer with only the JSON" if spec.forced else "To call one, answer with only the JSON"
    return ("Tools:\n" + "\n".join(lines) + f'\n{how} {{"name": "<tool>", "arguments": {{...}}}}.')


def call_schema(spec: ToolSpec) -> dict[str, Any]:
    """JSON schema of one call ``{"name", "arguments"}`` among the offered tools (for a grammar)."""
    options = [{"type": "object", "properties": {"name": {"const": t["function"]["name"]},
                                                 "arguments": _grammar_params(t["function"]["parameters"])},
                "required": ["name", "arguments"]} for t in spec.offered]
    return options[0] if len(options) == 1 else {"oneOf": options}


GRAMMAR_STRING_CHARS = 200   # a string argument without its own maxLength, for a small model's grammar


def _grammar_params(params: dict[str, Any]) -> dict[str, Any]:
    """The parameters schema, every property required (a small model otherwise stops at {}),
    and every top-level string bounded (a small model otherwise runs on inside a string until
    the call's token limit cuts it, and the call is lost): ``GRAMMAR_STRING_CHARS`` unless the
    schema sets its own ``maxLength``."""
    props = params.get("properties") or {}
    if not props:
        return params
    bounded = {k: {**v, "maxLength": GRAMMAR_STRING_CHARS}
               if isinstance(v, dict) and v.get("type") == "string" and "maxLength" not in v and "enum" not in v
               else v for k, v in props.items()}
    return {**params, "properties": bounded, "required": sorted(set(params.get("required") or []) | set(props))}


def parse_call(text: str, spec: ToolSpec) -> dict[str, Any] | None:
    """A tool call the model wrote as ``{"name", "arguments"}`` JSON, or None when it wrote text."""
    stripped = text.strip()
    for tag in ("<tool_call>", "</tool_call>"):
        stripped = stripped.replace(tag, "")
    stripped = stripped.strip().removeprefix("```json").removeprefix("```").removesuffix("```").strip()
    try:
        data = json.loads(stripped)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("name") not in [t["function"]["name"] for t in spec.offered]:
        return None
    args = data.get("arguments", data.get("parameters", {}))
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except (ValueError, RecursionError):
            return None
    if not isinstance(args, dict):
        return None
    return make_call(data["name"], args)
