"""``POST /v1/chat/completions``: OpenAI-compatible, with tool calls, streamed (SSE) or not.

The whole conversation or only the new messages (edge_agent/sync.py). The session comes from
the ``X-Session-Id`` header or a ``session_id`` body field; without one, the conversation's
own session (found by content, or new) is used and named in the response's ``X-Session-Id``
header and ``edge_agent.session_id``.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

from aiohttp import web

from edge_agent.agent import TurnResult
from edge_agent.api.http import CONFIG, ApiError, next_item, read_json, session_key, sse_event, tenant_of, while_connected
from edge_agent.api.turns import (TurnRequest, conversation_session, extra, parse_messages, parse_tools, refresh_tools,
                                  reply_tokens, run_turn, start_stream, usage_of)


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


def _completion(result: TurnResult, body: dict[str, Any], sid: str) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": result.reply}
    if result.tool_calls:
        message |= {"content": result.reply or None, "tool_calls": result.tool_calls}
    return {"id": f"chatcmpl-{uuid.uuid4().hex[:24]}", "object": "chat.completion", "created": int(time.time()),
            "model": str(body.get("model") or result.backend),
            "choices": [{"index": 0, "message": message, "finish_reason": result.finish_reason}],
            "usage": usage_of(result), "edge_agent": extra(result, sid)}


def call_fragments(calls: list[dict[str, Any]], size: int = 16):
    """OpenAI-style tool-call deltas: id, type and name first, then the arguments in fragments."""
    for i, call in enumerate(calls):
        fn = call["function"]
        yield {"index": i, "id": call["id"], "type": "function", "function": {"name": fn["name"], "arguments": ""}}
        args = fn["arguments"]
        for at in range(0, len(args), size):
            yield {"index": i, "function": {"arguments": args[at:at + size]}}


async def _stream(request: web.Request, turn: TurnRequest, body: dict[str, Any]) -> web.StreamResponse:
    cid, created, model = f"chatcmpl-{uuid.uuid4().hex[:24]}", int(time.time()), str(body.get("model") or "edge-agent")
    task, queue, first = await start_stream(request, turn, f"edge-agent-turn-{cid}")
    resp = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache",
                                       "X-Session-Id": turn.session_id})
    await resp.prepare(request)

    def chunk(delta: dict, finish: str | None = None, **more: Any) -> bytes:
        return sse_event({"id": cid, "object": "chat.completion.chunk", "created": created, "model": model,
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
        await resp.write(sse_event({"error": {"message": err.message, "type": err.kind, "code": err.code}}))
        return resp
    for fragment in call_fragments(result.tool_calls or []):
        await resp.write(chunk({"tool_calls": [fragment]}))
    await resp.write(chunk({}, result.finish_reason, edge_agent=extra(result, turn.session_id)))
    if (body.get("stream_options") or {}).get("include_usage"):
        await resp.write(sse_event({"id": cid, "object": "chat.completion.chunk", "created": created, "model": model,
                                 "choices": [], "usage": usage_of(result)}))
    await resp.write(b"data: [DONE]\n\n")
    await resp.write_eof()
    return resp


def add_routes(app: web.Application) -> None:
    app.router.add_post("/v1/chat/completions", chat_completions)

