"""The OpenAPI 3.1 document of the daemon's HTTP API, served at ``GET /openapi.json``.

It describes what server.py accepts and returns; the HTTP fuzz test draws its routes from
the served document, so a route added to the server without being documented here is not
fuzzed (and the test that every /v1 route is documented fails).
"""

from __future__ import annotations

from typing import Any

from edge_agent import __version__

ERROR = {"type": "object", "required": ["error"], "properties": {"error": {
    "type": "object", "required": ["message", "type", "code"],
    "properties": {"message": {"type": "string"}, "type": {"type": "string"},
                   "code": {"type": ["string", "null"]}}}}}

MESSAGE = {"type": "object", "required": ["role"], "properties": {
    "role": {"enum": ["system", "user", "assistant", "tool"]},
    "content": {"oneOf": [{"type": "string"}, {"type": "array", "items": {
        "type": "object", "properties": {"type": {"const": "text"}, "text": {"type": "string"}}}}]},
    "name": {"type": "string"}, "tool_call_id": {"type": "string"},
    "tool_calls": {"type": "array", "items": {"type": "object"}}}}

CHAT_REQUEST = {"type": "object", "required": ["messages"], "properties": {
    "messages": {"type": "array", "minItems": 1, "items": MESSAGE,
                 "description": "only the new message(s); the last one is the user's"},
    "model": {"type": "string"}, "stream": {"type": "boolean"},
    "stream_options": {"type": "object", "properties": {"include_usage": {"type": "boolean"}}},
    "max_tokens": {"type": "integer", "minimum": 1, "description": "capped at the daemon's max_reply_tokens"},
    "max_completion_tokens": {"type": "integer", "minimum": 1},
    "session_id": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,128}$"}}}

SESSION_ID = {"name": "id", "in": "path", "required": True,
              "schema": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,128}$"}}
SESSION_HEADER = {"name": "X-Session-Id", "in": "header", "required": False,
                  "schema": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,128}$"}}


def _responses(ok: dict[str, Any], *errors: int, status: str = "200") -> dict[str, Any]:
    out: dict[str, Any] = {status: ok}
    for status in errors:
        out[str(status)] = {"description": "an error", "content": {"application/json": {"schema": ERROR}}}
    return out


def _json(description: str, schema: dict | None = None) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema or {"type": "object"}}}}


def document() -> dict[str, Any]:
    auth = [{"bearer": []}]
    session_routes = {
        "/v1/sessions/{id}": {
            "get": {"summary": "a session's messages, summary, facts and stats", "security": auth,
                    "parameters": [SESSION_ID], "responses": _responses(_json("the session"), 400, 401, 404)},
            "delete": {"summary": "end a session (archived first when an archive is configured)",
                       "security": auth, "parameters": [SESSION_ID],
                       "responses": _responses({"description": "deleted"}, 400, 401, 404, status="204")}},
        "/v1/sessions/{id}/context": {
            "get": {"summary": "the exact prompt the next turn would send", "security": auth,
                    "parameters": [SESSION_ID, {"name": "query", "in": "query", "schema": {"type": "string"}}],
                    "responses": _responses(_json("the context"), 400, 401, 404)}},
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": "edge-agent", "version": __version__,
                 "description": "Multi-session memory in front of a cloud LLM with a local llama.cpp fallback."},
        "components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
        "paths": {
            "/v1/chat/completions": {"post": {
                "summary": "one turn (OpenAI-compatible); stream: true answers with server-sent events",
                "security": auth, "parameters": [SESSION_HEADER],
                "requestBody": {"required": True, "content": {"application/json": {"schema": CHAT_REQUEST}}},
                "responses": _responses(_json("a chat.completion, or an event stream"), 400, 401, 413, 429, 503)}},
            "/v1/models": {"get": {"summary": "the backends' models", "security": auth,
                                   "responses": _responses(_json("a list"), 401)}},
            "/v1/sessions": {"get": {"summary": "this token's sessions", "security": auth,
                                     "responses": _responses(_json("a list"), 401)}},
            **session_routes,
            "/v1/status": {"get": {"summary": "watchdog, backends and breaker, ring, sessions in RAM",
                                   "security": auth, "responses": _responses(_json("the status"), 401)}},
            "/healthz": {"get": {"summary": "liveness", "responses": _responses(_json("ok"))}},
            "/metrics": {"get": {"summary": "Prometheus metrics",
                                 "responses": {"200": {"description": "text exposition format"}}}},
            "/openapi.json": {"get": {"summary": "this document", "responses": _responses(_json("OpenAPI"))}},
        },
    }
