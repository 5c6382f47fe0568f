"""The daemon runs its own tools inside turns (real daemon, real SmolLM2, a real MCP server
process over stdio): forced by tool_choice, stored in the session as one turn group,
reported in ``edge_agent.tool_calls``, refused when not enabled (a 400, nothing runs), kept
per token, invisible to conversation sync; schedules start turns and survive restarts."""

from __future__ import annotations

import asyncio
import sys

import openai
import pytest

from tests.harness import api, metric, running_daemon
from tests.test_tools_mcp import SERVER

pytest.importorskip("mcp")

TOKEN_A, TOKEN_B = "token-of-tenant-a-0123456789", "token-of-tenant-b-0123456789"
WEATHER = {"type": "function", "function": {
    "name": "get_weather", "description": "Get the current weather in a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}


EXTRA = """
import os, sys, time, pathlib
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("extra")

@mcp.tool()
def big_report() -> str:
    \"\"\"The whole report.\"\"\"
    return "".join(f"line {i:05d} of the report\\n" for i in range(3000))

@mcp.tool()
def slow_job() -> str:
    \"\"\"A job that takes ten minutes.\"\"\"
    pathlib.Path(sys.argv[1]).write_text(str(os.getpid()))
    time.sleep(600)
    return "done"

mcp.run()
"""


def named(tool: str) -> dict:
    return {"type": "function", "function": {"name": tool}}


def settings(tmp_path, **more) -> dict:
    script = tmp_path / "orders_server.py"
    script.write_text(SERVER)
    (tmp_path / "workspace").mkdir(exist_ok=True)
    (tmp_path / "workspace" / "notes.txt").write_text("The meeting moved to Thursday.")
    return {"n_threads": 1, "max_reply_tokens": 12, "strategy": "sliding", "first_token_s": 600.0,
            "total_s": 900.0, "tools": ["device_status", "read_file", "list_files", "remember", "schedule",
                                         "list_schedules", "cancel_schedule"],
            "mcp_servers": [{"name": "orders", "command": [sys.executable, str(script), "orders"],
                             "env": {"ORDERS_CITY": "Springfield"}, "timeout_s": 120.0}],
            "tool_call_timeout_s": 120.0, "tool_turn_deadline_s": 900.0, **more}


@pytest.fixture
async def daemon(tmp_path):
    async with running_daemon(tmp_path, **settings(tmp_path)) as d:
        yield d


async def turn(d, sid, text, token=None, **body):
    headers = {"X-Session-Id": sid}
    payload = {"model": "edge", "messages": [{"role": "user", "content": text}], **body}
    return await api(d.base, "POST", "/v1/chat/completions", token=token, json=payload, headers=headers)


async def held(d, sid, token=None):
    status, body, _ = await api(d.base, "GET", f"/v1/sessions/{sid}", token=token)
    assert status == 200, body
    return body["messages"]


async def test_a_forced_built_in_tool_runs_in_the_turn_and_is_stored_with_its_result(daemon):
    status, body, _ = await turn(daemon, "t1", "How is the board doing?", tool_choice=named("device_status"))
    assert status == 200, body
    runs = body["edge_agent"]["tool_calls"]
    assert [r["name"] for r in runs] == ["device_status"] and runs[0]["ok"], runs
    assert '"ram_mb"' in runs[0]["result"] and runs[0]["duration_s"] >= 0
    assert body["choices"][0]["finish_reason"] in ("stop", "length")
    assert "tool_calls" not in body["choices"][0]["message"]          # nothing for the client to run
    msgs = await held(daemon, "t1")
    assert [m["role"] for m in msgs] == ["user", "assistant", "tool", "assistant"]
    call = msgs[1]["tool_calls"][0]
    assert call["function"]["name"] == "device_status" and call["id"].startswith("ea-srv-")
    assert msgs[2]["tool_call_id"] == call["id"] and '"ram_mb"' in msgs[2]["content"]
    assert msgs[3]["content"] == body["choices"][0]["message"]["content"]
    _, text, _ = await api(daemon.base, "GET", "/metrics")
    assert metric(text, 'edge_agent_tool_calls_total{outcome="ok",tool="device_status"}') == 1


async def test_an_mcp_servers_tool_runs_in_the_turn(daemon):
    status, body, _ = await turn(daemon, "t2", "Look up order 42.", tool_choice=named("lookup"))
    assert status == 200, body
    runs = body["edge_agent"]["tool_calls"]
    assert runs[0]["name"] == "lookup" and runs[0]["ok"] and "shipped to Springfield" in runs[0]["result"], runs
    msgs = await held(daemon, "t2")
    assert any(m["role"] == "tool" and "shipped to Springfield" in m["content"] for m in msgs)


async def test_a_tool_that_is_not_enabled_is_a_400_and_never_runs(daemon):
    for tool in ("shell", "write_file"):          # built-ins this config leaves off
        status, body, _ = await turn(daemon, "t3", "run it", tool_choice=named(tool))
        assert status == 400 and body["error"]["code"] == "tool_not_enabled", body
        assert body["error"]["param"] == "tool_choice"
    status, body, _ = await turn(daemon, "t3", "run it", tool_choice=named("no_such_tool"))
    assert status == 400 and body["error"]["param"] == "tool_choice.function.name", body
    status, _, _ = await api(daemon.base, "GET", "/v1/sessions/t3")
    assert status == 404                                   # nothing was stored
    _, text, _ = await api(daemon.base, "GET", "/metrics")
    assert "edge_agent_tool_calls_total{" not in text      # and nothing ran


async def test_a_client_resending_the_conversation_after_a_tool_turn_is_in_sync(daemon):
    c = openai.AsyncOpenAI(base_url=f"{daemon.base}/v1", api_key="unused", max_retries=0)
    convo = [{"role": "user", "content": "Check the board."}]
    raw = await c.chat.completions.with_raw_response.create(model="edge", messages=convo,
                                                            tool_choice=named("device_status"))
    first = raw.parse()
    sid = raw.headers["X-Session-Id"]
    assert first.model_extra["edge_agent"]["tool_calls"][0]["name"] == "device_status"
    convo += [first.choices[0].message.model_dump(exclude_none=True), {"role": "user", "content": "Thanks!"}]
    second = await c.chat.completions.create(model="edge", messages=convo, extra_headers={"X-Session-Id": sid})
    assert second.model_extra["edge_agent"]["stored_messages"] == 1        # only "Thanks!": no 409
    msgs = await held(daemon, sid)
    assert [m["content"] for m in msgs if m["role"] == "user"] == ["Check the board.", "Thanks!"]
    await c.close()


async def test_a_forced_client_tool_goes_back_to_the_client_beside_the_servers_tools(daemon):
    status, body, _ = await turn(daemon, "t5", "Weather in Oslo?", tools=[WEATHER], tool_choice=named("get_weather"))
    assert status == 200, body
    choice = body["choices"][0]
    assert choice["finish_reason"] == "tool_calls" and body["edge_agent"]["tool_calls"] == []
    call = choice["message"]["tool_calls"][0]
    assert call["function"]["name"] == "get_weather" and not call["id"].startswith("ea-srv-")
    result = {"role": "tool", "tool_call_id": call["id"], "content": "12 C, light rain"}
    status, body, _ = await api(daemon.base, "POST", "/v1/chat/completions", headers={"X-Session-Id": "t5"},
                                json={"model": "edge", "messages": [result], "tools": [WEATHER], "tool_choice": "none"})
    assert status == 200 and body["edge_agent"]["stored_messages"] == 1, body
    msgs = await held(daemon, "t5")
    assert [m["role"] for m in msgs] == ["user", "assistant", "tool", "assistant"]
    assert msgs[1]["tool_calls"][0]["id"] == call["id"] and msgs[2]["content"] == "12 C, light rain"
    assert msgs[3]["content"] == body["choices"][0]["message"]["content"]


async def test_a_streamed_tool_turn_reports_what_it_ran(daemon):
    import json

    import aiohttp

    body = {"messages": [{"role": "user", "content": "status?"}], "stream": True, "tool_choice": named("device_status")}
    events = []
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{daemon.base}/v1/chat/completions", json=body, headers={"X-Session-Id": "t6"}) as resp:
            assert resp.status == 200, await resp.text()
            async for raw in resp.content:
                line = raw.decode().strip()
                if line.startswith("data:") and line != "data: [DONE]":
                    events.append(json.loads(line[5:]))
    last = [e for e in events if e.get("edge_agent")][-1]
    assert [r["name"] for r in last["edge_agent"]["tool_calls"]] == ["device_status"]
    assert [m["role"] for m in await held(daemon, "t6")] == ["user", "assistant", "tool", "assistant"]


async def test_a_tokens_tools_and_schedules_are_its_own(tmp_path):
    more = {"auth_tokens": [TOKEN_A, TOKEN_B], "token_tools": {TOKEN_B: ["device_status"]}}
    async with running_daemon(tmp_path, **settings(tmp_path, **more)) as d:
        status, body, _ = await turn(d, "s", "order?", token=TOKEN_B, tool_choice=named("lookup"))
        assert status == 400 and body["error"]["code"] == "tool_not_enabled", body
        status, body, _ = await turn(d, "s", "Look up order 42.", token=TOKEN_A, tool_choice=named("lookup"))
        assert status == 200 and body["edge_agent"]["tool_calls"][0]["ok"], body
        status, made, _ = await api(d.base, "POST", "/v1/schedules", token=TOKEN_A,
                                    json={"session_id": "s", "text": "water the plants", "in_s": 3600})
        assert status == 201 and made["session_id"] == "s", made
        _, mine, _ = await api(d.base, "GET", "/v1/schedules", token=TOKEN_A)
        status, theirs, _ = await api(d.base, "GET", "/v1/schedules", token=TOKEN_B)
        assert [s["id"] for s in mine["data"]] == [made["id"]] and status == 403   # B may not schedule
        status, _, _ = await api(d.base, "DELETE", f"/v1/schedules/{made['id']}", token=TOKEN_B)
        assert status == 403
        status, _, _ = await api(d.base, "GET", "/v1/sessions/s", token=TOKEN_B)
        assert status == 404                                   # A's "s" is not B's; B's refused turn stored nothing


async def test_a_schedule_starts_a_turn_and_schedules_survive_a_restart(tmp_path):
    cfg = settings(tmp_path)
    async with running_daemon(tmp_path, **cfg) as d:
        status, soon, _ = await api(d.base, "POST", "/v1/schedules",
                                    json={"session_id": "r", "text": "Remind me to stretch.", "in_s": 0.5})
        assert status == 201, soon
        status, later, _ = await api(d.base, "POST", "/v1/schedules",
                                     json={"session_id": "r", "text": "Weekly report", "every_s": 7200})
        assert status == 201, later
        for _ in range(1800):                                  # the model's speed decides, not a deadline
            status, msgs, _ = await api(d.base, "GET", "/v1/sessions/r")
            if status == 200 and any(m["role"] == "assistant" for m in msgs["messages"]):
                break
            await asyncio.sleep(0.5)
        first = msgs["messages"][0]
        assert first["role"] == "user" and first["content"] == "Remind me to stretch."
        assert first["name"] == "edge-agent-schedule" and msgs["messages"][-1]["role"] == "assistant"
        _, left, _ = await api(d.base, "GET", "/v1/schedules")
        assert [s["text"] for s in left["data"]] == ["Weekly report"]      # the one-off is gone
    async with running_daemon(tmp_path, **cfg) as d:                       # a restart keeps it
        _, left, _ = await api(d.base, "GET", "/v1/schedules?session_id=r")
        assert [s["id"] for s in left["data"]] == [later["id"]]
        status, _, _ = await api(d.base, "DELETE", f"/v1/schedules/{later['id']}")
        assert status == 204
        _, left, _ = await api(d.base, "GET", "/v1/schedules")
        assert left["data"] == []
        status, body, _ = await api(d.base, "POST", "/v1/schedules", json={"session_id": "r", "text": "x"})
        assert status == 400 and body["error"]["code"] == "invalid_schedule"


async def test_without_tools_the_schedule_routes_say_so(tmp_path):
    async with running_daemon(tmp_path, n_threads=1, max_reply_tokens=8, strategy="sliding") as d:
        status, body, _ = await api(d.base, "GET", "/v1/schedules")
        assert status == 404 and body["error"]["code"] == "schedules_off"


def with_extra(tmp_path, **more) -> dict:
    cfg = settings(tmp_path, **more)
    script = tmp_path / "extra_server.py"
    script.write_text(EXTRA)
    cfg["mcp_servers"] = [*cfg["mcp_servers"], {"name": "extra", "timeout_s": 900.0,
                                                "command": [sys.executable, str(script), str(tmp_path / "started")]}]
    return cfg


async def test_a_huge_result_is_shown_capped_and_stored_whole(tmp_path):
    async with running_daemon(tmp_path, **with_extra(tmp_path, tool_result_chars=1500)) as d:
        status, body, _ = await turn(d, "big", "Summarize the report.", tool_choice=named("big_report"))
        assert status == 200, body
        shown = body["edge_agent"]["tool_calls"][0]["result"]
        assert len(shown) <= 1500 and "characters left out" in shown and shown.startswith("line 00000")
        assert shown.rstrip().endswith("line 02999 of the report")                  # head + tail
        stored = [m["content"] for m in await held(d, "big") if m["role"] == "tool"]
        assert stored == ["".join(f"line {i:05d} of the report\n" for i in range(3000))]   # whole


RESPONSES_FORCED = {"type": "function", "name": "slow_job"}   # the Responses API's tool_choice form


@pytest.mark.parametrize("path, stream", [("/v1/chat/completions", False), ("/v1/responses", False),
                                          ("/v1/responses", True)])
async def test_a_client_that_disconnects_cancels_its_tool_loop(tmp_path, path, stream):
    import os
    import signal

    import aiohttp

    started = tmp_path / "started"
    async with running_daemon(tmp_path, **with_extra(tmp_path)) as d:
        if path == "/v1/responses":
            body = {"input": "Run the job.", "tool_choice": RESPONSES_FORCED, "stream": stream}
        else:
            body = {"messages": [{"role": "user", "content": "Run the job."}], "tool_choice": named("slow_job")}
        http = aiohttp.ClientSession()
        post = asyncio.create_task(http.post(f"{d.base}{path}", json=body, headers={"X-Session-Id": "gone"}))
        for _ in range(3600):                        # the model's speed decides when the call starts
            if started.exists() or post.done():
                break
            await asyncio.sleep(0.25)
        assert started.exists(), post.done() and await (await post).text()
        post.cancel()
        await http.close()                           # the client is gone in the middle of the call
        status, body, _ = await turn(d, "gone", "Never mind.", tool_choice="none")
        assert status == 200, body
        msgs = await held(d, "gone")
        assert [(m["role"], m["content"]) for m in msgs[:2]] == [("user", "Run the job."), ("user", "Never mind.")]
        assert [m["role"] for m in msgs] == ["user", "user", "assistant"]    # the loop stored nothing: cancelled
    os.kill(int(started.read_text()), signal.SIGKILL) if started.exists() and _alive(int(started.read_text())) else None


def _alive(pid: int) -> bool:
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
