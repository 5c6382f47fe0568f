"""The HTTP API (aiohttp), bound to 127.0.0.1:8848 by default: the app and its routes.

    POST   /v1/chat/completions      OpenAI-compatible with tool calls (chat.py); stream: true: SSE
    POST   /v1/responses, GET /v1/responses/{id}   the Responses API (responses.py)
    GET    /v1/models
    GET    /v1/sessions[/{id}[/context]], DELETE /v1/sessions/{id}   (sessions.py)
    GET    /v1/status                watchdog, backends and breaker, ring, sessions in RAM
    GET    /healthz, GET /metrics    (no token needed)
    GET    /openapi.json             this API as an OpenAPI 3.1 document (openapi.py)
    GET    /v1/schedules, POST /v1/schedules, DELETE /v1/schedules/{id}   (schedules.py)
    GET    /v1/tools, /v1/audit, /v1/board; POST /v1/sessions/{id}/facts,
           DELETE /v1/sessions/{id}/facts/{key}   what the page reads and edits (board.py)
    GET    /                         the board's web page (page.py; no token needed to load it)

Auth, errors and the shared helpers are in http.py; a turn's request and result in turns.py.

Each route module adds its own routes; this one makes the app from them, and serves the few
that belong to the daemon as a whole (models, status, health, metrics, the OpenAPI document).
"""

from __future__ import annotations

from aiohttp import web

from edge_agent.agent import Agent
from edge_agent.api import board, chat, page, responses, schedules, sessions
from edge_agent.api.http import AGENT, CONFIG, METRICS, STATUS, errors, tenant_of
from edge_agent.api.openapi import document
from edge_agent.config import Config
from edge_agent.metrics import Metrics

OPENAPI = document()


async def models(request: web.Request) -> web.Response:
    tenant_of(request)
    names = [b.model if hasattr(b, "model") else getattr(b, "path").name for b in request.app[AGENT].router.backends]
    return web.json_response({"object": "list", "data": [{"id": n, "object": "model", "owned_by": "edge-agent"}
                                                         for n in names]})


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


def make_app(config: Config, agent: Agent, status_fn, metrics_: Metrics, rss_history=list) -> web.Application:
    """The daemon's app; ``rss_history()`` gives the watchdog's (unix time, RSS MiB) points."""
    app = web.Application(client_max_size=config.max_body_bytes, middlewares=[errors])
    app[CONFIG], app[AGENT], app[STATUS], app[METRICS] = config, agent, status_fn, metrics_
    app.router.add_get("/v1/models", models)
    app.router.add_get("/v1/status", status)
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics)
    app.router.add_get("/openapi.json", openapi)
    for module in (chat, responses, sessions, schedules, page):
        module.add_routes(app)
    board.add_routes(app, rss_history)
    return app
