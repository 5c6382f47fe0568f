"""The routes the page reads, as a hostile tenant would try them: two tokens on one daemon
(the real SmolLM2 answering, device_status forced so the audit log has entries).

Each token sees its own turns and audit entries only, cannot pin or forget facts in another's
session, gets no log lines, and no secret of the configuration (tokens, the cloud key, an MCP
server's environment, a password or a query string in a URL)."""

from __future__ import annotations

from edge_agent.api.board import public_config
from edge_agent.config import load
from tests.harness import api, running_daemon

A, B = "board-token-a-0123456789", "board-token-b-0123456789"


async def test_two_tenants_on_the_page_routes(tmp_path):
    async with running_daemon(tmp_path, auth_tokens=[A, B], n_threads=1, max_reply_tokens=8,
                              tools=["device_status", "remember", "forget"]) as d:
        body = {"messages": [{"role": "user", "content": "How is the board?"}], "session_id": "a-session",
                "tool_choice": {"type": "function", "function": {"name": "device_status"}}}
        status, _, _ = await api(d.base, "POST", "/v1/chat/completions", A, json=body)
        assert status == 200
        for route in ("/v1/board", "/v1/audit", "/v1/tools"):
            assert (await api(d.base, "GET", route))[0] == 401                 # no token, nothing
        a_board, b_board = (await api(d.base, "GET", "/v1/board", A))[1], (await api(d.base, "GET", "/v1/board", B))[1]
        assert len(a_board["turns"]) == 1 and b_board["turns"] == []
        assert a_board["log"] is None and b_board["log"] is None                # every tenant's lines: never with tokens
        text = str(a_board["config"])
        assert A not in text and B not in text and a_board["config"]["auth_tokens"] == "2 configured"
        a_audit, b_audit = (await api(d.base, "GET", "/v1/audit", A))[1], (await api(d.base, "GET", "/v1/audit", B))[1]
        assert [e["tool"] for e in a_audit["data"]] == ["device_status"] and a_audit["data"][0]["session"] == "a-session"
        assert b_audit["data"] == []
        assert (await api(d.base, "GET", "/v1/audit?limit=0", A))[0] == 400
        pin = {"key": "order", "value": "20250115001"}
        assert (await api(d.base, "POST", "/v1/sessions/a-session/facts", B, json=pin))[0] == 404   # A's session
        assert (await api(d.base, "DELETE", "/v1/sessions/a-session/facts/order", B))[0] == 404
        assert (await api(d.base, "POST", "/v1/sessions/a-session/facts", A, json=pin))[0] == 200
        status, session, _ = await api(d.base, "GET", "/v1/sessions/a-session", A)
        assert any(f["value"] == "20250115001" for f in session["facts"])
        assert (await api(d.base, "POST", "/v1/sessions/a-session/facts", A, json={"key": "x", "value": 5}))[0] == 400
        assert (await api(d.base, "DELETE", "/v1/sessions/a-session/facts/nothing-like-it", A))[0] == 404
        assert (await api(d.base, "DELETE", "/v1/sessions/a-session/facts/order", A))[0] == 200


def test_the_configuration_shown_hides_every_secret(tmp_path):
    script = tmp_path / "server.py"
    script.write_text("")
    config = load(env={}, auth_tokens=["secret-token-1"], cloud_url="https://u:pw@api.example/v1?key=sk-123",
                  cloud_api_key="sk-456", redis_url="redis://:pw2@127.0.0.1:6379/0",
                  mcp_servers=[{"name": "orders", "command": ["python3", str(script)], "env": {"API_KEY": "sk-789"}}])
    shown = public_config(config)
    text = str(shown)
    for secret in ("secret-token-1", "pw@", "sk-123", "sk-456", "pw2", "sk-789"):
        assert secret not in text
    assert shown["mcp_servers"][0]["env"] == {"API_KEY": "(set)"} and shown["cloud_api_key"] == "(set)"


async def test_a_fact_edit_on_a_busy_session_is_a_429_not_a_500(tmp_path):
    """Found by the route-body fuzz: a schedule's turn held the session while a fact was
    pinned, and the edit's SessionBusy reached the client as a 500."""
    async with running_daemon(tmp_path, auth_tokens=[A], n_threads=1, max_reply_tokens=4, queue_per_session=1) as d:
        body = {"messages": [{"role": "user", "content": "hello"}], "session_id": "busy"}
        assert (await api(d.base, "POST", "/v1/chat/completions", A, json=body))[0] == 200
        from edge_agent.tools.settings import namespace_of   # a session's key: the token's namespace / its id

        async with d.agent._serialized(f"{namespace_of(A)}/busy"):     # a turn holds the session
            status, err, headers = await api(d.base, "POST", "/v1/sessions/busy/facts", A,
                                             json={"key": "order", "value": "20250115001"})
            assert status == 429 and err["error"]["code"] == "session_busy" and headers["Retry-After"] == "1"
            status, _, _ = await api(d.base, "DELETE", "/v1/sessions/busy/facts/order", A)
            assert status == 429
        assert (await api(d.base, "POST", "/v1/sessions/busy/facts", A, json={"key": "order", "value": "1"}))[0] == 200
