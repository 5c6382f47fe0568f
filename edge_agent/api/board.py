"""The routes the board's page reads (public API routes, under the same auth as every /v1 route).

    GET    /v1/tools                          every tool: name, source, enabled, description
    GET    /v1/audit?limit=N                  this token's recent tool calls (the audit log's fields)
    GET    /v1/board                          RAM, swap, PSI, cgroup; RSS and turns over the last
                                              hour; the effective configuration, secrets hidden;
                                              the daemon's recent log lines (without auth_tokens only)
    POST   /v1/sessions/{id}/facts            {"key", "value"}: pin a fact (the ``remember`` tool's rule)
    DELETE /v1/sessions/{id}/facts/{key}      forget a fact (the ``forget`` tool's rule)

A token sees only its own sessions' audit entries and turns. The log lines are the daemon's, every
tenant's: they are shown only where no auth_tokens are configured (one user, loopback).
"""

from __future__ import annotations

import dataclasses
import re
import time
from typing import Any

import psutil
from aiohttp import web

from edge_agent import logs
from edge_agent.config import Config
from edge_agent.errors import ToolRefused
from edge_agent.api.http import AGENT, CONFIG, METRICS, STATUS, ApiError, open_session, read_json, tenant_of
from edge_agent.tools.base import CallContext
from edge_agent.tools.memtools import forget, remember

WATCHDOG = web.AppKey("watchdog_history", Any)    # () -> list of (unix time, RSS MiB)
HOUR_S = 3600.0
SECRET_KEYS = ("auth_tokens", "cloud_api_key", "token_tools")
URL_PASSWORD = re.compile(r"(//[^:/@]*:)[^@]*@")


def public_config(config: Config) -> dict[str, Any]:
    """The effective configuration with every secret hidden: tokens and keys by a count or
    "(set)", passwords inside URLs by "***" and their query strings dropped, the MCP servers'
    environment values by "(set)"."""
    out = dataclasses.asdict(config)
    out["auth_tokens"] = f"{len(config.auth_tokens)} configured" if config.auth_tokens else "none"
    out["cloud_api_key"] = "(set)" if config.cloud_api_key else ""
    out["token_tools"] = {f"token {i + 1}": tools for i, tools in enumerate(config.token_tools.values())}
    for key in ("redis_url", "archive_dsn", "cloud_url"):
        out[key] = URL_PASSWORD.sub(r"\1***@", (out[key] or "").split("?", 1)[0])   # no query: it may hold a key
    out["mcp_servers"] = [dict(server, env={k: "(set)" for k in server.get("env") or {}})
                          for server in out.get("mcp_servers") or [] if isinstance(server, dict)]
    return out


async def list_tools(request: web.Request) -> web.Response:
    tenant_of(request)
    runtime = request.app[AGENT].tools
    if runtime is None:
        return web.json_response({"object": "list", "data": [], "errors": {}})
    await runtime.refresh()
    return web.json_response({"object": "list", "data": runtime.registry.listing(),
                              "errors": dict(runtime.registry.errors)})


def _limit(request: web.Request, default: int = 50, most: int = 500) -> int:
    raw = request.query.get("limit", str(default))
    if not raw.isdigit() or not 1 <= int(raw) <= most:
        raise ApiError(400, f"limit must be an integer from 1 to {most}", code="invalid_limit", param="limit")
    return int(raw)


async def audit_log(request: web.Request) -> web.Response:
    tenant, limit = tenant_of(request), _limit(request)
    runtime = request.app[AGENT].tools
    entries = list(runtime.metrics.recent) if runtime is not None and runtime.metrics is not None else []
    mine = [e for e in entries if e["session"].startswith(f"{tenant}/")][-limit:]
    return web.json_response({"object": "list", "data": [
        dict(e, session=e["session"].split("/", 1)[1]) for e in reversed(mine)]})


def _memory() -> dict[str, Any]:
    vm, swap = psutil.virtual_memory(), psutil.swap_memory()
    return {"total_mb": round(vm.total / 2**20, 1), "available_mb": round(vm.available / 2**20, 1),
            "swap_total_mb": round(swap.total / 2**20, 1), "swap_used_mb": round(swap.used / 2**20, 1),
            "rss_mb": round(psutil.Process().memory_info().rss / 2**20, 1)}


async def board(request: web.Request) -> web.Response:
    tenant = tenant_of(request)
    config, since = request.app[CONFIG], time.time() - HOUR_S
    history = request.app[WATCHDOG]()
    turns = [{k: v for k, v in t.items() if k != "tenant"} for t in request.app[METRICS].recent
             if t["ts"] >= since and t["tenant"] == tenant]
    return web.json_response({
        "status": request.app[STATUS](), "memory": _memory(),
        "rss_history": [[ts, mb] for ts, mb in history if ts >= since], "turns": turns,
        "config": public_config(config),
        "log": list(logs.RECENT.lines)[-100:] if not config.auth_tokens else None})


def _fact_change(request: web.Request, tool: str, *args: str):
    def change(mem):
        try:
            return (remember if tool == "remember" else forget)(CallContext(memory=mem), *args)
        except ToolRefused as exc:
            status = 404 if tool == "forget" and "no fact" in str(exc) else 400
            raise ApiError(status, str(exc), code="fact_refused") from None
    return change


async def pin_fact(request: web.Request) -> web.Response:
    key, sid, _ = await open_session(request)
    body = await read_json(request)
    name, value = body.get("key"), body.get("value")
    if not isinstance(name, str) or not isinstance(value, str):
        raise ApiError(400, "key and value must be strings", code="invalid_fact")
    said = await request.app[AGENT].edit(key, _fact_change(request, "remember", name, value))
    return web.json_response({"id": sid, "result": said})


async def forget_fact(request: web.Request) -> web.Response:
    key, sid, _ = await open_session(request)
    said = await request.app[AGENT].edit(key, _fact_change(request, "forget", request.match_info["key"]))
    return web.json_response({"id": sid, "result": said})


def add_routes(app: web.Application, rss_history) -> None:
    app[WATCHDOG] = rss_history
    app.router.add_get("/v1/tools", list_tools)
    app.router.add_get("/v1/audit", audit_log)
    app.router.add_get("/v1/board", board)
    app.router.add_post("/v1/sessions/{id}/facts", pin_fact)
    app.router.add_delete("/v1/sessions/{id}/facts/{key}", forget_fact)
