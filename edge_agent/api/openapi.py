"""The OpenAPI 3.1 document of the daemon's HTTP API, served at ``GET /openapi.json``.

It describes what the api package accepts and returns; the HTTP fuzz test draws its routes from
the served document, so a route added to the server without being documented here is not
fuzzed (and the test that every /v1 route is documented fails).
"""

from __future__ import annotations

from typing import Any

from edge_agent import __version__

ERROR = {"type": "object", "required": ["error"], "properties": {"error": {
    "type": "object", "required": ["message", "type", "code"],
    "properties": {"message": {"type": "string"}, "type": {"type": "string"},
                   "code": {"type": ["string", "null"]},
                   "param": {"type": ["string", "null"], "description": "the request field at fault"}}}}}

FUNCTION = {"type": "object", "required": ["name"], "properties": {
    "name": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}, "description": {"type": "string"},
    "parameters": {"type": "object", "description": "a JSON schema of type object"}, "strict": {"type": "boolean"}}}
TOOL_CALL = {"type": "object", "required": ["id", "type", "function"], "properties": {
    "id": {"type": "string"}, "type": {"const": "function"},
    "function": {"type": "object", "properties": {"name": {"type": "string"},
                                                  "arguments": {"type": "string", "description": "JSON text"}}}}}
TOOL_CHOICE = {"oneOf": [{"enum": ["auto", "none", "required"]}, {"type": "object", "required": ["type"], "properties": {
    "type": {"const": "function"}, "function": {"type": "object", "properties": {"name": {"type": "string"}}},
    "name": {"type": "string", "description": "the Responses API's flat form"}}}]}

_CONTENT = {"oneOf": [{"type": "string"}, {"type": "null"}, {"type": "array", "items": {
    "type": "object", "properties": {"type": {"type": "string"}, "text": {"type": "string"}}}}]}
_ECHOED = {k: {} for k in ("refusal", "annotations", "audio", "function_call")}   # what clients echo back: ignored
MESSAGE = {"type": "object", "required": ["role"], "additionalProperties": False, "properties": {
    "role": {"enum": ["system", "developer", "user", "assistant", "tool"]}, "content": _CONTENT,
    "name": {"type": "string"}, "tool_call_id": {"type": "string"},
    "tool_calls": {"type": "array", "items": TOOL_CALL}, **_ECHOED},
    "if": {"properties": {"role": {"const": "tool"}}}, "then": {"required": ["role", "tool_call_id"]}}

CHAT_REQUEST = {"type": "object", "required": ["messages"], "properties": {
    "messages": {"type": "array", "minItems": 1, "items": MESSAGE,
                 "description": "the whole conversation or only the new messages: what the session holds is "
                                "recognised and stored once; leading system messages set the session's system "
                                "prompt; the conversation ends with the user's message or tool results"},
    "tools": {"type": "array", "items": {"type": "object", "required": ["type", "function"], "properties": {
        "type": {"const": "function"}, "function": FUNCTION}}},
    "tool_choice": TOOL_CHOICE, "parallel_tool_calls": {"type": "boolean"},
    "model": {"type": "string"}, "stream": {"type": "boolean"},
    "stream_options": {"type": "object", "properties": {"include_usage": {"type": "boolean"}}},
    "max_tokens": {"type": "integer", "minimum": 1, "description": "capped at the daemon's max_reply_tokens"},
    "max_completion_tokens": {"type": "integer", "minimum": 1},
    "session_id": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,128}$"}}}

RESPONSE_ITEM = {"oneOf": [
    {"type": "object", "required": ["role", "content"], "properties": {
        "type": {"const": "message"}, "role": {"enum": ["user", "assistant", "system", "developer"]},
        "content": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "object", "properties": {
            "type": {"enum": ["input_text", "output_text"]}, "text": {"type": "string"}}}}]}}},
    {"type": "object", "required": ["type", "call_id", "name", "arguments"], "properties": {
        "type": {"const": "function_call"}, "call_id": {"type": "string"}, "name": {"type": "string"},
        "arguments": {"type": "string"}}},
    {"type": "object", "required": ["type", "call_id", "output"], "properties": {
        "type": {"const": "function_call_output"}, "call_id": {"type": "string"}, "output": {"type": "string"}}}]}

RESPONSE_REQUEST = {"type": "object", "required": ["input"], "properties": {
    "input": {"oneOf": [{"type": "string"}, {"type": "array", "minItems": 1, "items": RESPONSE_ITEM}]},
    "instructions": {"type": "string", "description": "the session's system prompt"},
    "previous_response_id": {"type": "string", "description": "continues that response's session"},
    "store": {"type": "boolean", "description": "false: the response is not kept and, without a session, "
                                                "its turn runs in a session deleted after it"},
    "tools": {"type": "array", "items": {"allOf": [{"type": "object", "properties": {"type": {"const": "function"}}},
                                                   FUNCTION]}},
    "tool_choice": TOOL_CHOICE, "parallel_tool_calls": {"type": "boolean"}, "model": {"type": "string"},
    "stream": {"type": "boolean"}, "max_output_tokens": {"type": "integer", "minimum": 1}}}

TEN_YEARS_S = 10 * 365 * 86400
SCHEDULE_REQUEST = {"type": "object", "required": ["session_id", "text"], "properties": {
    "session_id": {"type": "string", "pattern": "^[A-Za-z0-9._-]{1,128}$"},
    "text": {"type": "string", "minLength": 1, "maxLength": 2000, "pattern": "\\S",
             "description": "the user's message of the turn"},
    "in_s": {"type": "number", "minimum": 0, "maximum": TEN_YEARS_S, "description": "once, this many seconds from now"},
    "every_s": {"oneOf": [{"const": 0}, {"type": "number", "minimum": 60, "maximum": TEN_YEARS_S}],
                "description": "repeating (0: once)"}},
    "anyOf": [{"required": ["in_s"], "properties": {"in_s": {"exclusiveMinimum": 0}}},
              {"required": ["every_s"], "properties": {"every_s": {"minimum": 60}}}]}

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
    schedule_routes = {
        "/v1/schedules": {
            "get": {"summary": "this token's schedules (the schedule tool's), soonest first", "security": auth,
                    "parameters": [{"name": "session_id", "in": "query", "schema": {"type": "string"}}],
                    "responses": _responses(_json("a list"), 400, 401, 404)},
            "post": {"summary": "a turn later in a session: once after in_s, or every every_s (>= 60) seconds",
                     "security": auth, "requestBody": {"required": True, "content": {"application/json": {
                         "schema": SCHEDULE_REQUEST}}},
                     "responses": _responses(_json("the schedule"), 400, 401, 404, status="201")}},
        "/v1/schedules/{id}": {
            "delete": {"summary": "cancel a schedule", "security": auth,
                       "parameters": [{"name": "id", "in": "path", "required": True,
                                       "schema": {"type": "string", "pattern": "^[0-9]+$"}}],
                       "responses": _responses({"description": "deleted"}, 400, 401, 404, status="204")}},
    }
    fact_key = {"name": "key", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 64}}
    page_routes = {
        "/v1/tools": {"get": {
            "summary": "every tool: name, source (builtin, mcp:SERVER), enabled, description", "security": auth,
            "responses": _responses(_json("a list, and the MCP servers that list no tools with why"), 401)}},
        "/v1/audit": {"get": {
            "summary": "this token's recent tool calls (the audit log's fields: a digest, never the arguments)",
            "security": auth, "parameters": [{"name": "limit", "in": "query",
                                              "schema": {"type": "integer", "minimum": 1, "maximum": 500}}],
            "responses": _responses(_json("a list, newest first"), 400, 401)}},
        "/v1/board": {"get": {
            "summary": "the board: RAM, swap, the status, RSS and turns over the last hour, the effective "
                       "configuration with secrets hidden, recent log lines (null with auth_tokens)",
            "security": auth, "responses": _responses(_json("the board"), 401)}},
        "/v1/sessions/{id}/facts": {"post": {
            "summary": "pin a fact in the session's table (the remember tool's rule: a known key gets the new "
                       "value and keeps the old one)", "security": auth, "parameters": [SESSION_ID],
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["key", "value"], "properties": {
                    "key": {"type": "string", "minLength": 1, "maxLength": 64},
                    "value": {"type": "string", "minLength": 1, "maxLength": 500}}}}}},
            "responses": _responses(_json("what was done"), 400, 401, 404)}},
        "/v1/sessions/{id}/facts/{key}": {"delete": {
            "summary": "forget a fact (by key, label or category); the messages it came from stay",
            "security": auth, "parameters": [SESSION_ID, fact_key],
            "responses": _responses(_json("what was done"), 400, 401, 404)}},
        "/": {"get": {"summary": "the board's web page (it asks for a token when the daemon has auth_tokens)",
                      "responses": {"200": {"description": "text/html"}}}},
        "/ui/app.js": {"get": {"summary": "the page's script", "responses": {"200": {"description": "JavaScript"}}}},
        "/ui/app.css": {"get": {"summary": "the page's style", "responses": {"200": {"description": "CSS"}}}},
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
                "responses": _responses(_json("a chat.completion (its X-Session-Id header and edge_agent.session_id "
                                              "name the session), or an event stream"),
                                        400, 401, 409, 413, 429, 503)}},
            "/v1/responses": {"post": {
                "summary": "one turn (OpenAI Responses API) on the same sessions; stream: true gives its events",
                "security": auth, "parameters": [SESSION_HEADER],
                "requestBody": {"required": True, "content": {"application/json": {"schema": RESPONSE_REQUEST}}},
                "responses": _responses(_json("a response, or an event stream"), 400, 401, 409, 413, 429, 503)}},
            "/v1/responses/{id}": {"get": {
                "summary": "a stored response (the newest 1,024, kept in RAM)", "security": auth,
                "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                "responses": _responses(_json("the response"), 401, 404)}},
            "/v1/models": {"get": {"summary": "the backends' models", "security": auth,
                                   "responses": _responses(_json("a list"), 401)}},
            "/v1/sessions": {"get": {"summary": "this token's sessions", "security": auth,
                                     "responses": _responses(_json("a list"), 401)}},
            **session_routes,
            **schedule_routes,
            **page_routes,
            "/v1/status": {"get": {"summary": "watchdog, backends and breaker, ring, sessions in RAM",
                                   "security": auth, "responses": _responses(_json("the status"), 401)}},
            "/healthz": {"get": {"summary": "liveness", "responses": _responses(_json("ok"))}},
            "/metrics": {"get": {"summary": "Prometheus metrics",
                                 "responses": {"200": {"description": "text exposition format"}}}},
            "/openapi.json": {"get": {"summary": "this document", "responses": _responses(_json("OpenAPI"))}},
        },
    }
