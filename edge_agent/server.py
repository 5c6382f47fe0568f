"""The HTTP API (aiohttp), bound to 127.0.0.1:8848 by default.

    POST   /v1/chat/completions      OpenAI-compatible with tool calls; the whole conversation or
                                     only the new messages (edge_agent/sync.py); stream: true: SSE
    POST   /v1/responses, GET /v1/responses/{id}   the Responses API (edge_agent/responses.py)
    GET    /v1/models
    GET    /v1/sessions              this token's sessions
    GET    /v1/sessions/{id}         {"id", "messages", "summary", "facts", "stats"}
    GET    /v1/sessions/{id}/context the exact prompt the next turn would send
    DELETE /v1/sessions/{id}
    GET    /v1/status                watchdog, backends and breaker, ring, sessions in RAM
    GET    /healthz, GET /metrics    (no token needed)
    GET    /openapi.json             this API as an OpenAPI 3.1 document (edge_agent/openapi.py)
    GET    /v1/schedules, POST /v1/schedules, DELETE /v1/schedules/{id}   (edge_agent/schedules_api.py)

The session comes from the ``X-Session-Id`` header or a ``session_id`` body field: 1-128
characters of ``A-Z a-z 0-9 . _ -``. Without one, the conversation's own session (found by
content, or new; ``conversation_session``) is used and named in the response's
``X-Session-Id`` header and ``edge_agent.session_id``. With ``auth_tokens`` configured, every
/v1 route needs ``Authorization: Bearer <token>``; sessions are namespaced by token, and
another token's session is a 404. Tokens are compared in constant time and never logged.
Every error is an OpenAI-style ``{"error": {"message", "type", "code"}}`` object.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import re
import time
import uuid
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from edge_agent.agent import Agent, SessionBusy, TurnResult
from edge_agent.config import Config
from edge_agent.errors import AllBackendsFailed, BudgetError, InvalidMessageError, ToolNotEnabled
from edge_agent.messages import Message
from edge_agent.metrics import Metrics
from edge_agent.openapi import document
from edge_agent.store.sqlite import StoreError
from edge_agent.sync import Diverged, ToolResultError
from edge_agent.toolcalls import SERVER_CALL_PREFIX, ToolSpec, ToolSpecError, normalize_calls, parse_spec
from edge_agent._compat import SLOTS
from edge_agent import _compat

log = logging.getLogger("edge_agent.server")
SESSION_ID = re.compile(r"^[A-Za-z0-9._-]{1,128}$")
AGENT = web.AppKey("agent", Agent)
CONFIG = web.AppKey("config", Config)
METRICS = web.AppKey("metrics", Metrics)
STATUS = web.AppKey("status", Any)
OPENAPI = document()


class ApiError(Exception):
    def __init__(self, status: int, message: str, kind: str = "invalid_request_error", code: str | None = None,
                 headers: dict[str, str] | None = None, param: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.kind, self.code, self.headers = status, message, kind, code, headers or {}
        self.param = param


def error_response(err: ApiError) -> web.Response:
    body = {"error": {"message": err.message, "type": err.kind, "code": err.code, "param": err.param}}
    return web.json_response(body, status=err.status, headers=err.headers)


@web.middleware
async def errors(request: web.Request, handler) -> web.StreamResponse:
    try:
        return await handler(request)
    except ApiError as err:
        return error_response(err)
    except web.HTTPRequestEntityTooLarge:
        limit = request.app[CONFIG].max_body_bytes
        return error_response(ApiError(413, f"request body over {limit} bytes", code="body_too_large"))
    except web.HTTPException as exc:
        return error_response(ApiError(exc.status, exc.reason, code=exc.reason.lower().replace(" ", "_")))
    except Exception:  # never a traceback to the client; the log has it (personal data masked)
        log.exception("internal error on %s %s", request.method, request.path)
        return error_response(ApiError(500, "internal error", "server_error"))


def tenant_of(request: web.Request) -> str:
    """The caller's namespace: a hash of its token, or "local" when auth is off."""
    tokens = request.app[CONFIG].auth_tokens
    if not tokens:
        return "local"
    header = request.headers.get("Authorization", "")
    # aiohttp decodes header bytes as UTF-8 with surrogateescape: encode them back the same way
    given = header[7:].encode("utf-8", "surrogateescape") if header.startswith("Bearer ") else b""
    ok = False
    for token in tokens:  # constant time, and every token compared
        ok |= hmac.compare_digest(given, token.encode())
    if not ok:
        raise ApiError(401, "missing or invalid bearer token", "authentication_error", "invalid_api_key",
                       {"WWW-Authenticate": "Bearer"})
    return hashlib.sha256(given).hexdigest()[:16]


def session_key(request: web.Request, session_id: str | None) -> tuple[str, str]:
    sid = session_id
    if not isinstance(sid, str) or not SESSION_ID.match(sid):
        raise ApiError(400, "session id must be 1-128 characters of A-Z a-z 0-9 . _ -", code="invalid_session_id")
    return f"{tenant_of(request)}/{sid}", sid


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


def _surrogate_at(value: Any, path: str = "") -> str:
    """Where in a parsed body the first string with a lone surrogate is ("messages[0].content"),
    "" when there is none."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return path or "(the body)"
        return ""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        at = f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}" if path else str(key)
        found = _surrogate_at(key, at) if isinstance(key, str) else ""
        found = found or _surrogate_at(item, at)
        if found:
            return found
    return ""


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


async def read_json(request: web.Request) -> dict[str, Any]:
    """The request's JSON object, or a 400 before anything is stored: not UTF-8, not JSON,
    NaN/Infinity, an integer past Python's digit limit, nested too deeply, or a string with a
    lone surrogate (``"\\ud800"``: valid JSON, but no UTF-8 can store it) anywhere in it."""
    try:
        raw = await request.read()
        body = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        where = _surrogate_at(body)
        code = ("invalid_message" if where.startswith("messages[") else
                "invalid_input" if where.startswith("input") else "invalid_json")   # as each route names them
        raise ApiError(400, f"{where or 'the body'}: a lone surrogate is not storable Unicode text",
                       code=code, param=where or None) from None
    except (UnicodeDecodeError, ValueError) as exc:    # JSONDecodeError, NaN, a 5,000-digit integer
        raise ApiError(400, f"the body is not valid JSON: {exc}", code="invalid_json") from None
    except RecursionError:
        raise ApiError(400, "the body's JSON is nested too deeply", code="invalid_json") from None
    if not isinstance(body, dict):
        raise ApiError(400, "the body must be a JSON object", code="invalid_json")
    return body


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


def _message(m: object, where: str, limit: int) -> Message:
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
    msgs = [_message(m, f"messages[{i}]", limit) for i, m in enumerate(raw)]
    lead = 0
    while lead < len(msgs) and msgs[lead].role == "system":
        lead += 1
    if lead == len(msgs):
        raise ApiError(400, "messages holds only system messages: add the user's", code="invalid_messages",
                       param="messages")
    system = "\n\n".join(m.content for m in msgs[:lead]) if lead else None
    return system, msgs[lead:]


async def refresh_tools(request: web.Request) -> None:
    """List the MCP servers' tools (once; see tools/runtime.py), so a tool_choice may name one."""
    runtime = request.app[AGENT].tools
    if runtime is not None:
        await runtime.refresh()


def gone(request: web.Request) -> bool:
    """Whether the client closed its connection."""
    transport = request.transport
    return transport is None or transport.is_closing()


async def while_connected(request: web.Request, coro, poll_s: float = 0.5, turn: asyncio.Task | None = None):
    """``await coro``, cancelled (with ``turn``, when given) when the client disconnects: a
    tool loop or a generation on a board's CPU that nobody waits for. The user's message
    stays stored."""
    task = asyncio.ensure_future(coro)
    try:
        while not task.done():
            await asyncio.wait({task}, timeout=poll_s)
            if not task.done() and gone(request):
                log.info("client disconnected: turn cancelled")
                raise asyncio.CancelledError("the client disconnected")
        return task.result()
    except BaseException:
        for t in (task, turn):
            if t is not None and not t.done():
                t.cancel()
        raise


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


async def chat_completions(request: web.Request) -> web.StreamResponse:
    config = request.app[CONFIG]
    tenant_of(request)  # 401 before anything else
    body = await read_json(request)
    system, messages = parse_messages(body, config.max_message_chars, config.max_request_messages)
    await refresh_tools(request)
    tools = parse_tools(body, request)
    stream = body.get("stream", False)
    if not isinstance(stream, bool):
        raise ApiError(400, "stream must be a boolean", code="invalid_stream", param="stream")
    if not isinstance(body.get("stream_options") or {}, dict):
        raise ApiError(400, "stream_options must be an object", code="invalid_stream", param="stream_options")
    max_tokens = reply_tokens(body, config)
    given = request.headers.get("X-Session-Id") or body.get("session_id")
    key, sid = session_key(request, given) if given is not None else await conversation_session(request, messages)
    turn = TurnRequest(key, sid, messages, system, tools, max_tokens)
    if stream:
        return await _stream(request, turn, body)
    result = await while_connected(request, run_turn(request, turn, False, None))
    return web.json_response(_completion(result, body, sid), headers={"X-Session-Id": sid})


async def run_turn(request: web.Request, turn: TurnRequest, stream: bool, on_delta) -> TurnResult:
    """The agent's turn, its typed errors mapped to HTTP ones (nothing stored on a 4xx)."""
    metrics, agent = request.app[METRICS], request.app[AGENT]
    try:
        result = await agent.respond(turn.key, turn.messages, system=turn.system, tools=turn.tools, stream=stream,
                                     on_delta=on_delta, max_reply_tokens=turn.max_tokens)
    except SessionBusy as exc:
        raise ApiError(429, str(exc), "rate_limit_error", "session_busy",
                       {"Retry-After": str(int(exc.retry_after_s) or 1)}) from None
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


def _usage(result: TurnResult) -> dict[str, Any]:
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


def _completion(result: TurnResult, body: dict[str, Any], sid: str) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": result.reply}
    if result.tool_calls:
        message |= {"content": result.reply or None, "tool_calls": result.tool_calls}
    return {"id": f"chatcmpl-{uuid.uuid4().hex[:24]}", "object": "chat.completion", "created": int(time.time()),
            "model": str(body.get("model") or result.backend),
            "choices": [{"index": 0, "message": message, "finish_reason": result.finish_reason}],
            "usage": _usage(result), "edge_agent": extra(result, sid)}


def call_fragments(calls: list[dict[str, Any]], size: int = 16):
    """OpenAI-style tool-call deltas: id, type and name first, then the arguments in fragments."""
    for i, call in enumerate(calls):
        fn = call["function"]
        yield {"index": i, "id": call["id"], "type": "function", "function": {"name": fn["name"], "arguments": ""}}
        args = fn["arguments"]
        for at in range(0, len(args), size):
            yield {"index": i, "function": {"arguments": args[at:at + size]}}


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


async def _stream(request: web.Request, turn: TurnRequest, body: dict[str, Any]) -> web.StreamResponse:
    cid, created, model = f"chatcmpl-{uuid.uuid4().hex[:24]}", int(time.time()), str(body.get("model") or "edge-agent")
    task, queue, first = await start_stream(request, turn, f"edge-agent-turn-{cid}")
    resp = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache",
                                       "X-Session-Id": turn.session_id})
    await resp.prepare(request)

    def chunk(delta: dict, finish: str | None = None, **more: Any) -> bytes:
        return _event({"id": cid, "object": "chat.completion.chunk", "created": created, "model": model,
                       "choices": [{"index": 0, "delta": delta, "finish_reason": finish}], **more})

    try:
        await resp.write(chunk({"role": "assistant", "content": ""}))
        item = first
        while item is not None:
            await resp.write(chunk({"content": item}))
            item = await next_item(resp, queue)
    except (ConnectionError, asyncio.CancelledError):  # the client is gone: so is its turn
        task.cancel()
        raise
    try:
        result = task.result()
    except ApiError as err:  # headers are out: the error travels as an event
        await resp.write(_event({"error": {"message": err.message, "type": err.kind, "code": err.code}}))
        return resp
    for fragment in call_fragments(result.tool_calls or []):
        await resp.write(chunk({"tool_calls": [fragment]}))
    await resp.write(chunk({}, result.finish_reason, edge_agent=extra(result, turn.session_id)))
    if (body.get("stream_options") or {}).get("include_usage"):
        await resp.write(_event({"id": cid, "object": "chat.completion.chunk", "created": created, "model": model,
                                 "choices": [], "usage": _usage(result)}))
    await resp.write(b"data: [DONE]\n\n")
    await resp.write_eof()
    return resp


async def next_item(resp: web.StreamResponse, queue: asyncio.Queue, ping_s: float = 5.0):
    """The next delta; an SSE comment every ``ping_s`` while none comes (a tool loop, a slow
    first token), which also finds out when the client is gone (the write fails)."""
    while True:
        try:
            async with _compat.timeout(ping_s):
                return await queue.get()
        except TimeoutError:
            await resp.write(b": waiting\n\n")


def _event(data: dict[str, Any]) -> bytes:
    return f"data: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


async def models(request: web.Request) -> web.Response:
    tenant_of(request)
    names = [b.model if hasattr(b, "model") else getattr(b, "path").name for b in request.app[AGENT].router.backends]
    return web.json_response({"object": "list", "data": [{"id": n, "object": "model", "owned_by": "edge-agent"}
                                                         for n in names]})


async def list_sessions(request: web.Request) -> web.Response:
    tenant = tenant_of(request)
    agent = request.app[AGENT]
    stored = {s["id"]: s for s in await agent.store.sessions(f"{tenant}/")} if agent.store else {}
    ids = set(stored) | {k for k in agent.sessions if k.startswith(f"{tenant}/")}
    return web.json_response({"object": "list", "data": [
        {"id": k.split("/", 1)[1], "in_ram": k in agent.sessions, "updated_at": stored.get(k, {}).get("updated_at"),
         "messages": stored.get(k, {}).get("messages")} for k in sorted(ids)]})


async def open_session(request: web.Request):
    """(key, id, memory) of the route's existing session; a 404 for one this token does not have."""
    key, sid = session_key(request, request.match_info["id"])
    agent = request.app[AGENT]
    if key not in agent.sessions and (agent.store is None or await agent.store.load(key) is None):
        raise ApiError(404, f"no session {sid!r}", code="session_not_found")  # another token's: also 404
    return key, sid, await agent.open(key)


async def show_session(request: web.Request) -> web.Response:
    key, sid, mem = await open_session(request)
    agent = request.app[AGENT]
    log_ = (await agent.store.load(key))[1] if agent.store else list(enumerate(mem.history()))
    return web.json_response({"id": sid, "system": mem.system.content if mem.system is not None else None,
                              "messages": [dict(m.to_dict(), seq=seq, ts=m.ts) for seq, m in log_],
                              "summary": list(getattr(mem, "summary", [])),
                              "facts": mem.facts.export() if mem.facts is not None else [],
                              "stats": mem.stats.as_dict(), "mode": mem.mode})


async def session_context(request: web.Request) -> web.Response:
    _, sid, mem = await open_session(request)
    ctx = mem.context(query=request.query.get("query"))
    return web.json_response({"id": sid, "messages": ctx.messages, "tokens": ctx.tokens, "sections": ctx.sections,
                              "labels": ctx.labels, "mode": ctx.mode, "budget": mem.budget})


async def delete_session(request: web.Request) -> web.Response:
    key, sid = session_key(request, request.match_info["id"])
    agent = request.app[AGENT]
    if not await agent.delete(key):
        raise ApiError(404, f"no session {sid!r}", code="session_not_found")
    store = agent.tools.schedules if agent.tools is not None else None
    if store is not None:            # its schedules would start it again
        await store.drop_session(tenant_of(request), key)
    return web.Response(status=204)


async def status(request: web.Request) -> web.Response:
    tenant_of(request)
    return web.json_response(request.app[STATUS]())


async def healthz(request: web.Request) -> web.Response:
    return web.json_response({"status": "ok"})


async def openapi(request: web.Request) -> web.Response:
    return web.json_response(OPENAPI)


async def metrics(request: web.Request) -> web.Response:
    body, content_type = request.app[METRICS].render()
    return web.Response(body=body, headers={"Content-Type": content_type})


def make_app(config: Config, agent: Agent, status_fn, metrics_: Metrics) -> web.Application:
    app = web.Application(client_max_size=config.max_body_bytes, middlewares=[errors])
    app[CONFIG], app[AGENT], app[STATUS], app[METRICS] = config, agent, status_fn, metrics_
    app.router.add_post("/v1/chat/completions", chat_completions)
    app.router.add_get("/v1/models", models)
    app.router.add_get("/v1/sessions", list_sessions)
    app.router.add_get("/v1/sessions/{id}", show_session)
    app.router.add_get("/v1/sessions/{id}/context", session_context)
    app.router.add_delete("/v1/sessions/{id}", delete_session)
    app.router.add_get("/v1/status", status)
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics)
    app.router.add_get("/openapi.json", openapi)
    from edge_agent import responses, schedules_api  # they build on this module's helpers

    responses.add_routes(app)
    schedules_api.add_routes(app)
    return app
