"""What every route of the HTTP API shares: the app's keys, errors, auth, bodies, disconnects.

With ``auth_tokens`` configured, every /v1 route needs ``Authorization: Bearer <token>``;
sessions are namespaced by token (``tenant_of``), and another token's session is a 404.
Tokens are compared in constant time and never logged. Every error is an OpenAI-style
``{"error": {"message", "type", "code", "param"}}`` object (``ApiError``, the ``errors``
middleware). A session id is 1-128 characters of ``A-Z a-z 0-9 . _ -``.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import re
from typing import Any

from aiohttp import web

from edge_agent import _compat
from edge_agent.agent import Agent, SessionBusy
from edge_agent.config import Config
from edge_agent.metrics import Metrics

log = logging.getLogger("edge_agent.api")

SESSION_ID = re.compile(r"^[A-Za-z0-9._-]{1,128}$")

AGENT = web.AppKey("agent", Agent)

CONFIG = web.AppKey("config", Config)

METRICS = web.AppKey("metrics", Metrics)

STATUS = web.AppKey("status", Any)


class ApiError(Exception):
    def __init__(self, status: int, message: str, kind: str = "invalid_request_error", code: str | None = None,
                 headers: dict[str, str] | None = None, param: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.kind, self.code, self.headers = status, message, kind, code, headers or {}
        self.param = param


def session_busy(exc: SessionBusy) -> ApiError:
    """429 with Retry-After: the session's queue is full (a turn, a fact edit, a schedule)."""
    return ApiError(429, str(exc), "rate_limit_error", "session_busy", {"Retry-After": str(int(exc.retry_after_s) or 1)})


def error_response(err: ApiError) -> web.Response:
    body = {"error": {"message": err.message, "type": err.kind, "code": err.code, "param": err.param}}
    return web.json_response(body, status=err.status, headers=err.headers)


@web.middleware
async def errors(request: web.Request, handler) -> web.StreamResponse:
    try:
        return await handler(request)
    except ApiError as err:
        return error_response(err)
    except SessionBusy as exc:      # any route that waits for a session's turn
        return error_response(session_busy(exc))
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


async def open_session(request: web.Request):
    """(key, id, memory) of the route's existing session; a 404 for one this token does not have."""
    key, sid = session_key(request, request.match_info["id"])
    agent = request.app[AGENT]
    if key not in agent.sessions and (agent.store is None or await agent.store.load(key) is None):
        raise ApiError(404, f"no session {sid!r}", code="session_not_found")  # another token's: also 404
    return key, sid, await agent.open(key)


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


async def next_item(resp: web.StreamResponse, queue: asyncio.Queue, ping_s: float = 5.0):
    """The next delta; an SSE comment every ``ping_s`` while none comes (a tool loop, a slow
    first token), which also finds out when the client is gone (the write fails)."""
    while True:
        try:
            async with _compat.timeout(ping_s):
                return await queue.get()
        except TimeoutError:
            await resp.write(b": waiting\n\n")


def sse_event(data: dict[str, Any]) -> bytes:
    return f"data: {json.dumps(data, ensure_ascii=False)}\n\n".encode()
