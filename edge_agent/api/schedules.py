"""The schedules over HTTP (the ``schedule`` tool's reminders and recurring tasks).

    GET    /v1/schedules[?session_id=ID]   this token's schedules, soonest first
    POST   /v1/schedules                   {"session_id", "text", "in_s" and/or "every_s"}
    DELETE /v1/schedules/{id}              204, or 404 (another token's is also a 404)

A schedule starts a turn in its session at its time (``Agent.scheduled_turn``). The routes
answer 404 ``schedules_off`` when the daemon has no schedule store (the ``schedule`` tools are
not enabled).
"""

from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from edge_agent.api.http import AGENT, ApiError, read_json, session_key, tenant_of
from edge_agent.tools.schedules import MAX_DELAY_S, MAX_TEXT, MIN_EVERY_S, ScheduleLimit


def _store(request: web.Request, tenant: str):
    """The schedule store, for a token that may use the ``schedule`` tool (``token_tools``)."""
    runtime = request.app[AGENT].tools
    store = runtime.schedules if runtime is not None else None
    if store is None:
        raise ApiError(404, "schedules are off: enable the 'schedule' tool (tools = [\"schedule\", ...])",
                       code="schedules_off")
    allowed = runtime.policy.get(tenant)
    if allowed is not None and "schedule" not in allowed:
        raise ApiError(403, "this token may not use the 'schedule' tool (token_tools)", code="tool_not_allowed")
    return store


def _shown(s: Any) -> dict[str, Any]:
    return {**s.as_dict(), "session_id": s.session_id.split("/", 1)[-1]}


async def list_schedules(request: web.Request) -> web.Response:
    tenant = tenant_of(request)
    store = _store(request, tenant)
    sid = request.query.get("session_id")
    key = session_key(request, sid)[0] if sid is not None else None
    items = await store.list(tenant, key)
    return web.json_response({"object": "list", "data": [_shown(s) for s in items]})


def _seconds(body: dict[str, Any], name: str) -> float:
    value = body.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_DELAY_S:
        raise ApiError(400, f"{name} must be a number of seconds from 0 to {MAX_DELAY_S:g} (ten years)",
                       code="invalid_schedule", param=name)
    return float(value)


async def create_schedule(request: web.Request) -> web.Response:
    tenant = tenant_of(request)
    store = _store(request, tenant)
    body = await read_json(request)
    key, _ = session_key(request, body.get("session_id"))
    text = body.get("text")
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        raise ApiError(400, f"text must be 1-{MAX_TEXT} characters", code="invalid_schedule", param="text")
    in_s, every_s = _seconds(body, "in_s"), _seconds(body, "every_s")
    if (every_s and every_s < MIN_EVERY_S) or not (in_s or every_s):
        raise ApiError(400, f"give in_s > 0 (once) and/or every_s >= {MIN_EVERY_S:g} (repeating)",
                       code="invalid_schedule", param="in_s")
    try:
        s = await store.add(tenant, key, text.strip(), time.time() + (in_s or every_s), every_s)
    except ScheduleLimit as exc:
        raise ApiError(409, str(exc), code="too_many_schedules") from None
    return web.json_response(_shown(s), status=201)


async def delete_schedule(request: web.Request) -> web.Response:
    tenant = tenant_of(request)
    store = _store(request, tenant)
    raw = request.match_info["id"]
    if not raw.isdigit():
        raise ApiError(400, "a schedule id is a number", code="invalid_schedule_id")
    if int(raw) >= 2**63 or not await store.delete(tenant, int(raw)):   # past SQLite's integers: none such
        raise ApiError(404, f"no schedule {raw}", code="schedule_not_found")
    return web.Response(status=204)


def add_routes(app: web.Application) -> None:
    app.router.add_get("/v1/schedules", list_schedules)
    app.router.add_post("/v1/schedules", create_schedule)
    app.router.add_delete("/v1/schedules/{id}", delete_schedule)
