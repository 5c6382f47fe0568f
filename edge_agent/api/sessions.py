"""A token's sessions: list, show, the next prompt, delete.

    GET    /v1/sessions              this token's sessions (last activity, messages)
    GET    /v1/sessions/{id}         {"id", "messages", "summary", "facts", "stats"}
    GET    /v1/sessions/{id}/context the exact prompt the next turn would send, section by section
    DELETE /v1/sessions/{id}         the session and its schedules
"""

from __future__ import annotations

from aiohttp import web

from edge_agent.api.http import AGENT, ApiError, open_session, session_key, tenant_of


async def list_sessions(request: web.Request) -> web.Response:
    tenant = tenant_of(request)
    agent = request.app[AGENT]
    stored = {s["id"]: s for s in await agent.store.sessions(f"{tenant}/")} if agent.store else {}
    ids = set(stored) | {k for k in agent.sessions if k.startswith(f"{tenant}/")}
    return web.json_response({"object": "list", "data": [
        {"id": k.split("/", 1)[1], "in_ram": k in agent.sessions, "updated_at": stored.get(k, {}).get("updated_at"),
         "messages": stored.get(k, {}).get("messages")} for k in sorted(ids)]})


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


def add_routes(app: web.Application) -> None:
    app.router.add_get("/v1/sessions", list_sessions)
    app.router.add_get("/v1/sessions/{id}", show_session)
    app.router.add_get("/v1/sessions/{id}/context", session_context)
    app.router.add_delete("/v1/sessions/{id}", delete_session)

