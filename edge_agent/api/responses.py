"""The OpenAI Responses API on the daemon's sessions: ``POST /v1/responses`` and
``GET /v1/responses/{id}``.

- ``input``: a text (one user message) or items: messages (``{"role", "content"}``, content a
  text or ``input_text`` / ``output_text`` parts), ``function_call`` items (the model's calls,
  as the client got them) and ``function_call_output`` items (their results).
- ``instructions`` sets the session's system prompt; ``tools`` are function tools
  (``{"type": "function", "name", "description", "parameters"}``), ``tool_choice`` and
  ``parallel_tool_calls`` as in Chat Completions; ``max_output_tokens``; ``stream`` gives the
  Responses event stream (response.created ... response.completed).
- The session: ``previous_response_id`` names it (a response id carries its session id:
  ``resp_<24 hex>_<session id>``), else ``X-Session-Id``, else the conversation's own session
  found by content as in Chat Completions. The input items go through the same conversation
  sync: items the session holds are recognised and stored once.
- ``store`` (default true): the response is kept for ``GET /v1/responses/{id}`` (the newest
  ``KEEP`` responses, in RAM) and its id continues the session. With ``store: false`` the
  response is not kept, and a turn that names no session runs in a session deleted after it.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections import OrderedDict
from typing import Any

from aiohttp import web

from edge_agent.agent import TurnResult
from edge_agent.messages import Message
from edge_agent.api.http import (AGENT, CONFIG, SESSION_ID, ApiError, next_item, read_json, session_key, tenant_of,
                                 while_connected)
from edge_agent.api.turns import (TurnRequest, conversation_session, extra, parse_message, parse_tools, refresh_tools,
                                  reply_tokens, run_turn, start_stream)
from edge_agent.toolcalls import make_call

KEEP = 1024
KEEP_BYTES = 16 << 20      # of stored responses in all (their JSON); the watchdog's degrade drops them


class ResponseStore:
    """The stored responses, newest last, as JSON bytes: at most KEEP of them and KEEP_BYTES
    in all (a request's metadata, tools and instructions are stored with it, so their size is
    the client's choice); the oldest leave first, one bigger than KEEP_BYTES is not kept."""

    def __init__(self, keep: int = KEEP, keep_bytes: int = KEEP_BYTES) -> None:
        self.keep, self.keep_bytes = keep, keep_bytes
        self._items: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self.bytes = 0

    def put(self, key: tuple[str, str], response: dict[str, Any]) -> None:
        data = json.dumps(response, ensure_ascii=False, separators=(",", ":")).encode()
        self.pop(key)
        if len(data) > self.keep_bytes:
            return
        self._items[key] = data
        self.bytes += len(data)
        while len(self._items) > self.keep or self.bytes > self.keep_bytes:
            self.bytes -= len(self._items.popitem(last=False)[1])

    def pop(self, key: tuple[str, str]) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= len(old)

    def get(self, key: tuple[str, str]) -> bytes | None:
        return self._items.get(key)

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)


RESPONSES = web.AppKey("responses", ResponseStore)


def response_id(session_id: str) -> str:
    return f"resp_{uuid.uuid4().hex[:24]}_{session_id}"


def session_of(resp_id: object) -> str:
    if not isinstance(resp_id, str) or not resp_id.startswith("resp_") or resp_id[29:30] != "_" \
            or not SESSION_ID.match(resp_id[30:]):
        raise ApiError(400, "previous_response_id is not a response id of this daemon", code="invalid_response_id",
                       param="previous_response_id")
    return resp_id[30:]


def _text(content: object, where: str) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for i, part in enumerate(content):
            if not isinstance(part, dict) or part.get("type") not in ("input_text", "output_text", "text"):
                raise ApiError(400, f"{where}.content[{i}]: only text parts are supported", code="invalid_input",
                               param=f"{where}.content[{i}]")
            if not isinstance(part.get("text", ""), str):
                raise ApiError(400, f"{where}.content[{i}].text must be a string", code="invalid_input",
                               param=f"{where}.content[{i}].text")
            parts.append(part.get("text", ""))
        return "".join(parts)
    raise ApiError(400, f"{where}.content must be a text or a list of text parts", code="invalid_input",
                   param=f"{where}.content")


def parse_input(raw: object, limit: int, most: int = 4096) -> tuple[str | None, list[Message]]:
    """(leading system/developer text or None, the conversation) from ``input``."""
    if isinstance(raw, str):
        return None, [parse_message({"role": "user", "content": raw}, "input", limit)]
    if not isinstance(raw, list) or not raw:
        raise ApiError(400, "input must be a text or a non-empty list of items", code="invalid_input", param="input")
    if len(raw) > most:
        raise ApiError(413, f"{len(raw)} input items in one request; at most {most} (max_request_messages)",
                       code="too_many_messages", param="input")
    out: list[Message] = []
    for i, item in enumerate(raw):
        where = f"input[{i}]"
        if not isinstance(item, dict):
            raise ApiError(400, f"{where} must be an object", code="invalid_input", param=where)
        kind = item.get("type", "message")
        if kind == "message":
            out.append(parse_message({"role": item.get("role"), "content": _text(item.get("content"), where)}, where, limit))
        elif kind == "function_call":
            call = _call(item, where)
            if out and out[-1].role == "assistant" and out[-1].tool_calls and not out[-1].content:
                out[-1] = Message("assistant", "", tool_calls=[*out[-1].tool_calls, call])  # parallel calls: one turn
            else:
                out.append(Message("assistant", "", tool_calls=[call]))
        elif kind == "function_call_output":
            output = item.get("output")
            output = output if isinstance(output, str) else json.dumps(output, ensure_ascii=False)
            out.append(parse_message({"role": "tool", "tool_call_id": item.get("call_id"), "content": output}, where, limit))
        else:
            raise ApiError(400, f"{where}: items of type {kind!r} are not supported", code="invalid_input",
                           param=f"{where}.type")
    lead = 0
    while lead < len(out) and out[lead].role == "system":
        lead += 1
    if lead == len(out):
        raise ApiError(400, "input holds only system messages", code="invalid_input", param="input")
    return ("\n\n".join(m.content for m in out[:lead]) if lead else None), out[lead:]


def _call(item: dict[str, Any], where: str) -> dict[str, Any]:
    name, args, call_id = item.get("name"), item.get("arguments", ""), item.get("call_id")
    if not (isinstance(name, str) and isinstance(args, str) and isinstance(call_id, str) and call_id):
        raise ApiError(400, f"{where}: a function_call needs string call_id, name and arguments", code="invalid_input",
                       param=where)
    return make_call(name, args, call_id)


def _output(result: TurnResult) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    if result.reply or not result.tool_calls:
        items.append(_text_item(result.reply))
    for call in result.tool_calls or []:
        items.append(_call_item(call))
    return items


def _text_item(text: str, status: str = "completed") -> dict[str, Any]:
    content = [{"type": "output_text", "text": text, "annotations": []}] if status == "completed" else []
    return {"type": "message", "id": f"msg_{uuid.uuid4().hex[:24]}", "status": status, "role": "assistant",
            "content": content}


def _call_item(call: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function_call", "id": f"fc_{call['id']}", "call_id": call["id"],
            "name": call["function"]["name"], "arguments": call["function"]["arguments"], "status": "completed"}


def _response(rid: str, body: dict[str, Any], turn: TurnRequest, result: TurnResult | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": rid, "object": "response", "created_at": int(time.time()), "model": str(body.get("model") or "edge-agent"),
        "status": "in_progress", "output": [], "instructions": body.get("instructions"),
        "previous_response_id": body.get("previous_response_id"),
        "tools": list(body.get("tools") or []), "tool_choice": body.get("tool_choice", "auto"),
        "parallel_tool_calls": turn.tools.parallel if turn.tools else True, "store": body.get("store", True) is not False,
        "incomplete_details": None, "error": None, "metadata": body.get("metadata") or {},
        "text": {"format": {"type": "text"}}, "truncation": "disabled", "usage": None}
    if result is not None:
        cut = result.finish_reason == "length"
        u = result.usage
        out |= {"status": "incomplete" if cut else "completed", "output": _output(result),
                "incomplete_details": {"reason": "max_output_tokens"} if cut else None,
                "usage": {"input_tokens": u.prompt_tokens, "output_tokens": u.completion_tokens,
                          "total_tokens": u.prompt_tokens + u.completion_tokens,
                          "input_tokens_details": {"cached_tokens": u.cached_tokens},
                          "output_tokens_details": {"reasoning_tokens": 0}},
                "edge_agent": extra(result, turn.session_id)}
    return out


async def _session(request: web.Request, body: dict[str, Any], messages: list[Message]) -> tuple[str, str, bool]:
    """(key, session id, throw-away) for this request."""
    previous = body.get("previous_response_id")
    given = session_of(previous) if previous is not None else request.headers.get("X-Session-Id")
    if given is not None:
        return (*session_key(request, given), False)
    if body.get("store", True) is False:
        sid = f"tmp-{uuid.uuid4().hex[:16]}"
        return f"{tenant_of(request)}/{sid}", sid, True
    return (*await conversation_session(request, messages), False)


async def create_response(request: web.Request) -> web.StreamResponse:
    config = request.app[CONFIG]
    tenant_of(request)
    body = await read_json(request)
    system, messages = parse_input(body.get("input"), config.max_message_chars, config.max_request_messages)
    instructions = body.get("instructions")
    if instructions is not None and not isinstance(instructions, str):
        raise ApiError(400, "instructions must be a text", code="invalid_instructions", param="instructions")
    system = instructions if instructions is not None else system
    await refresh_tools(request)   # MCP servers' tools, so that a named tool_choice can find them
    tools = parse_tools(body, request)
    stream = body.get("stream", False)
    if not isinstance(stream, bool) or not isinstance(body.get("store", True), bool):
        raise ApiError(400, "stream and store must be booleans", code="invalid_request", param="stream")
    key, sid, throwaway = await _session(request, body, messages)
    turn = TurnRequest(key, sid, messages, system, tools, reply_tokens(body, config, "max_output_tokens"))
    rid = response_id(sid) if not throwaway else f"resp_{uuid.uuid4().hex[:24]}"
    try:
        if stream:
            return await _stream(request, body, turn, rid)
        result = await while_connected(request, run_turn(request, turn, False, None))
        response = _response(rid, body, turn, result)
        _keep(request, body, response)
        return web.json_response(response, headers={"X-Session-Id": sid})
    except ApiError as err:  # the agent names request messages; here they are input items
        for attr in ("message", "param"):
            if getattr(err, attr):
                setattr(err, attr, getattr(err, attr).replace("messages[", "input[").replace("messages:", "input:"))
        raise
    finally:
        if throwaway:
            await request.app[AGENT].delete(key)


def _keep(request: web.Request, body: dict[str, Any], response: dict[str, Any]) -> None:
    if body.get("store", True) is False:
        return
    request.app[RESPONSES].put((tenant_of(request), response["id"]), response)


async def get_response(request: web.Request) -> web.Response:
    rid = request.match_info["id"]
    found = request.app[RESPONSES].get((tenant_of(request), rid))
    if found is None:
        raise ApiError(404, f"no response {rid!r} (responses are kept in RAM: the newest {KEEP}, "
                            f"{KEEP_BYTES >> 20} MiB at most, none after a memory-pressure degrade)",
                       code="response_not_found")
    return web.Response(body=found, content_type="application/json")


async def _stream(request: web.Request, body: dict[str, Any], turn: TurnRequest, rid: str) -> web.StreamResponse:
    task, queue, first = await start_stream(request, turn, f"edge-agent-response-{rid}")
    resp = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache",
                                       "X-Session-Id": turn.session_id})
    await resp.prepare(request)
    seq = iter(range(1 << 62))

    async def send(kind: str, **data: Any) -> None:
        payload = {"type": kind, "sequence_number": next(seq), **data}
        await resp.write(f"event: {kind}\ndata: {json.dumps(payload, ensure_ascii=False)}\n\n".encode())

    pending = _response(rid, body, turn, None)
    text_item, parts, index = None, [], 0
    try:
        await send("response.created", response=pending)
        await send("response.in_progress", response=pending)
        item = first
        while item is not None:
            if text_item is None:
                text_item = _text_item("", "in_progress")
                await send("response.output_item.added", output_index=0, item=text_item)
                await send("response.content_part.added", item_id=text_item["id"], output_index=0, content_index=0,
                           part={"type": "output_text", "text": "", "annotations": []})
            parts.append(item)
            await send("response.output_text.delta", item_id=text_item["id"], output_index=0, content_index=0,
                       delta=item)
            item = await next_item(resp, queue)
    except (ConnectionError, asyncio.CancelledError):  # the client is gone: so is its turn
        task.cancel()
        raise
    try:
        result = task.result()
    except ApiError as err:
        await send("error", code=err.code, message=err.message, param=err.param)
        return resp
    final = _response(rid, body, turn, result)
    if text_item is not None:
        text = "".join(parts)
        part = {"type": "output_text", "text": text, "annotations": []}
        await send("response.output_text.done", item_id=text_item["id"], output_index=0, content_index=0, text=text)
        await send("response.content_part.done", item_id=text_item["id"], output_index=0, content_index=0, part=part)
        done = {**text_item, "status": "completed", "content": [part]}
        await send("response.output_item.done", output_index=0, item=done)
        final["output"] = [done, *[o for o in final["output"] if o["type"] != "message"]]
        index = 1
    for i, out in enumerate(o for o in final["output"] if o["type"] == "function_call"):
        await _stream_call(send, out, index + i)
    _keep(request, body, final)
    await send("response.completed" if final["status"] == "completed" else "response.incomplete", response=final)
    await resp.write_eof()
    return resp


async def _stream_call(send, item: dict[str, Any], index: int, size: int = 16) -> None:
    await send("response.output_item.added", output_index=index, item={**item, "arguments": "",
                                                                        "status": "in_progress"})
    args = item["arguments"]
    for at in range(0, len(args), size):
        await send("response.function_call_arguments.delta", item_id=item["id"], output_index=index,
                   delta=args[at:at + size])
    await send("response.function_call_arguments.done", item_id=item["id"], output_index=index, arguments=args)
    await send("response.output_item.done", output_index=index, item=item)


def add_routes(app: web.Application) -> None:
    app[RESPONSES] = ResponseStore()
    app.router.add_post("/v1/responses", create_response)
    app.router.add_get("/v1/responses/{id}", get_response)
