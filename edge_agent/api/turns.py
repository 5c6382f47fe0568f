"""One turn as the HTTP routes ask the agent for it (Chat Completions and the Responses API).

The request's messages, tools and reply limit checked into a ``TurnRequest`` (a 400 naming
the field before anything is stored), the session a request that names none belongs to
(``conversation_session``), the turn run with the agent's typed errors mapped to HTTP ones
(``run_turn``; streamed: ``start_stream``), and the ``edge_agent`` extension of a reply.
"""

from __future__ import annotations

import asyncio
import hashlib
import uuid
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from edge_agent._compat import SLOTS
from edge_agent.agent import SessionBusy, TurnResult
from edge_agent.api.http import AGENT, METRICS, ApiError, session_busy, tenant_of, while_connected
from edge_agent.config import Config
from edge_agent.errors import AllBackendsFailed, BudgetError, InvalidMessageError, ToolNotEnabled
from edge_agent.messages import Message
from edge_agent.store.sqlite import StoreError
from edge_agent.sync import Diverged, ToolResultError
from edge_agent.toolcalls import SERVER_CALL_PREFIX, ToolSpec, ToolSpecError, normalize_calls, parse_spec

IGNORED_FIELDS = ("refusal", "annotations", "audio", "function_call")  # what clients echo from a response


def _parts_text(parts: list, where: str) -> str:
    """The text of OpenAI content parts (other part types carry none); a part that is not an
    object, or whose ``text`` is not a string, is a 400 naming it."""
    out = []
    for i, part in enumerate(parts):
        if not isinstance(part, dict):
            raise ApiError(400, f"{where}[{i}] must be a content part object", code="invalid_message",
                           param=f"{where}[{i}]")
        text = part.get("text", "")
        if not isinstance(text, str):
            raise ApiError(400, f"{where}[{i}].text must be a string, not {type(text).__name__}",
                           code="invalid_message", param=f"{where}[{i}].text")
        out.append(text)
    return "".join(out)


def parse_message(m: object, where: str, limit: int) -> Message:
    if isinstance(m, dict):
        m = {k: v for k, v in m.items() if v is not None and v != [] and k not in IGNORED_FIELDS}
        if m.get("role") == "developer":  # OpenAI's newer name for the system role
            m["role"] = "system"
        if isinstance(m.get("content"), list):  # OpenAI content parts: text only
            m["content"] = _parts_text(m["content"], f"{where}.content")
        if "tool_calls" in m:
            try:
                m["tool_calls"] = normalize_calls(m["tool_calls"], f"{where}.tool_calls")
            except ToolSpecError as exc:
                raise ApiError(400, str(exc), code="invalid_message", param=exc.field) from None
        own = [c["id"] for c in m.get("tool_calls") or [] if c["id"].startswith(SERVER_CALL_PREFIX)]
        if own or str(m.get("tool_call_id") or "").startswith(SERVER_CALL_PREFIX):
            raise ApiError(400, f"{where}: ids starting {SERVER_CALL_PREFIX!r} are the daemon's own tool calls",
                           code="invalid_message", param=f"{where}.tool_calls" if own else f"{where}.tool_call_id")
    try:
        msg = Message.from_dict(m)
    except InvalidMessageError as exc:
        raise ApiError(400, f"{where}: {exc}", code="invalid_message", param=f"{where}.{exc.field}") from None
    if len(msg.content) > limit:
        raise ApiError(413, f"{where} has {len(msg.content)} characters; the limit is {limit}",
                       code="message_too_large", param=where)
    return msg


def parse_messages(body: dict[str, Any], limit: int, most: int = 4096) -> tuple[str | None, list[Message]]:
    """(the leading system messages' text or None, the conversation after them)."""
    raw = body.get("messages")
    if not isinstance(raw, list) or not raw:
        raise ApiError(400, "messages must be a non-empty list", code="invalid_messages", param="messages")
    if len(raw) > most:
        raise ApiError(413, f"{len(raw)} messages in one request; at most {most} (max_request_messages)",
                       code="too_many_messages", param="messages")
    msgs = [parse_message(m, f"messages[{i}]", limit) for i, m in enumerate(raw)]
    lead = 0
    while lead < len(msgs) and msgs[lead].role == "system":
        lead += 1
    if lead == len(msgs):
        raise ApiError(400, "messages holds only system messages: add the user's", code="invalid_messages",
                       param="messages")
    system = "\n\n".join(m.content for m in msgs[:lead]) if lead else None
    return system, msgs[lead:]


async def conversation_session(request: web.Request, messages: list[Message]) -> tuple[str, str]:
    """The session of a request that names none: a conversation the daemon already holds
    (the request starts with all of it; found among the sessions whose first message is the
    request's), else a new session of its own. Never one another conversation uses."""
    tenant, agent = tenant_of(request), request.app[AGENT]
    first = messages[0]
    fp = hashlib.sha256(f"{tenant}\0{first.role}\0{first.content}".encode("utf-8", "surrogatepass")).hexdigest()[:12]
    prefix = f"{tenant}/c-{fp}-"
    if any(m.role in ("assistant", "tool") for m in messages):  # a resent conversation: find its session
        stored = await agent.store.sessions(prefix) if agent.store else []
        candidates = [k for k in agent.sessions if k.startswith(prefix)]
        candidates += [s["id"] for s in stored if s["id"] not in candidates]
        for key in candidates:
            if await agent.holds_start_of(key, messages):
                return key, key.split("/", 1)[1]
    sid = f"c-{fp}-{uuid.uuid4().hex[:12]}"
    return f"{tenant}/{sid}", sid


async def refresh_tools(request: web.Request) -> None:
    """List the MCP servers' tools (once; see tools/runtime.py), so a tool_choice may name one."""
    runtime = request.app[AGENT].tools
    if runtime is not None:
        await runtime.refresh()


def parse_tools(body: dict[str, Any], request: web.Request | None = None) -> ToolSpec | None:
    """The request's tools; a named ``tool_choice`` may also name one of the daemon's own."""
    runtime = request.app[AGENT].tools if request is not None else None
    known = runtime.known() if runtime is not None else frozenset()
    try:
        return parse_spec(body.get("tools"), body.get("tool_choice"), body.get("parallel_tool_calls"), known=known)
    except ToolSpecError as exc:
        raise ApiError(400, str(exc), code="invalid_tools", param=exc.field) from None


def reply_tokens(body: dict[str, Any], config: Config, key: str = "max_tokens") -> int:
    value = body.get("max_completion_tokens", body.get(key))
    if value is None:
        return config.max_reply_tokens
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ApiError(400, f"{key} must be a positive integer", code="invalid_max_tokens", param=key)
    return min(value, config.max_reply_tokens)


@dataclass(**SLOTS)
class TurnRequest:
    """One turn as the HTTP layer asks the agent for it (Chat Completions or Responses)."""

    key: str
    session_id: str
    messages: list[Message]
    system: str | None
    tools: ToolSpec | None
    max_tokens: int


async def run_turn(request: web.Request, turn: TurnRequest, stream: bool, on_delta) -> TurnResult:
    """The agent's turn, its typed errors mapped to HTTP ones (nothing stored on a 4xx)."""
    metrics, agent = request.app[METRICS], request.app[AGENT]
    try:
        result = await agent.respond(turn.key, turn.messages, system=turn.system, tools=turn.tools, stream=stream,
                                     on_delta=on_delta, max_reply_tokens=turn.max_tokens)
    except SessionBusy as exc:
        raise session_busy(exc) from None
    except Diverged as exc:
        raise ApiError(409, f"session {turn.session_id!r}: {exc}", code="conversation_diverged",
                       param=f"messages[{exc.index}]") from None
    except ToolResultError as exc:
        raise ApiError(400, str(exc), code=exc.code, param=exc.field) from None
    except ToolNotEnabled as exc:  # forced by the client: refused before anything is stored or run
        raise ApiError(400, f"tool_choice: {exc}", code="tool_not_enabled", param="tool_choice") from None
    except BudgetError as exc:
        raise ApiError(400, f"the system prompt does not fit: {exc}", code="system_too_long",
                       param="messages[0]") from None
    except AllBackendsFailed as exc:
        metrics.failed_turns.inc()
        raise ApiError(503, f"no backend could answer: {exc}", "backend_unavailable", "backends_failed") from None
    except StoreError as exc:
        raise ApiError(503, f"the turn could not be stored: {exc}", "server_error", "store_failed") from None
    metrics.observe_turn(result)
    return result


def usage_of(result: TurnResult) -> dict[str, Any]:
    u = result.usage
    return {"prompt_tokens": u.prompt_tokens, "completion_tokens": u.completion_tokens,
            "total_tokens": u.prompt_tokens + u.completion_tokens,
            "prompt_tokens_details": {"cached_tokens": u.cached_tokens}}


def extra(result: TurnResult, session_id: str) -> dict[str, Any]:
    return {"session_id": session_id, "backend": result.backend, "fallback_reason": result.fallback_reason,
            "memory_mode": result.mode, "context_tokens": result.context_tokens, "sections": result.sections,
            "cached_tokens": result.usage.cached_tokens, "prefix_tokens": result.prefix_tokens,
            "stored_messages": result.stored, "timings": result.timings,
            "tool_calls": result.server_tool_calls or [], "tool_stop": result.tool_stop, "looped": result.looped}


async def start_stream(request: web.Request, turn: TurnRequest, name: str
                       ) -> tuple[asyncio.Task, asyncio.Queue, str | None]:
    """Run a streamed turn: (its task, the queue of its deltas, None at the end; the first
    delta). Waiting for that first delta ends when the client disconnects; a turn that fails
    before it raises here, while a normal JSON error can still be sent."""
    queue: asyncio.Queue[str | None] = asyncio.Queue()
    task = asyncio.create_task(run_turn(request, turn, True, queue.put_nowait), name=name)
    task.add_done_callback(lambda _: queue.put_nowait(None))
    first = await while_connected(request, queue.get(), turn=task)
    if first is None and task.exception() is not None:
        raise task.exception()
    return task, queue, first
