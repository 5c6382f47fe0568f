"""Tool calls through the cloud backend against a real llama.cpp server (llama_cpp.server with
SmolLM2 on loopback), and a turn with tools that falls back to the local model."""

from __future__ import annotations

import json

import openai

from edge_agent.backends import Timeouts
from edge_agent.backends.cloud import CloudBackend
from edge_agent.toolcalls import parse_spec
from tests.harness import api, metric, running_daemon
from tests.servers import free_port

WEATHER = {"type": "function", "function": {
    "name": "get_weather", "description": "Get the current weather in a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}
NAMED = {"type": "function", "function": {"name": "get_weather"}}
ASK = [{"role": "user", "content": "What is the weather in Paris?"}]
PATIENT = dict(first_token_s=600.0, total_s=900.0)   # a loaded 2-core machine must pass: no deadline in play


async def test_cloud_backend_parses_tool_calls_plain_and_streamed(cloud_url):
    cloud = CloudBackend(cloud_url, model="smollm2", timeouts=Timeouts(**PATIENT))
    spec = parse_spec([WEATHER], NAMED)
    try:
        plain = await cloud.complete(ASK, max_tokens=60, tools=spec)
        deltas: list[str] = []
        streamed = await cloud.complete(ASK, max_tokens=60, tools=spec, stream=True, on_delta=deltas.append)
    finally:
        await cloud.aclose()
    for done in (plain, streamed):
        assert done.tool_calls and done.tool_calls[0]["function"]["name"] == "get_weather"
        assert isinstance(json.loads(done.tool_calls[0]["function"]["arguments"]), dict)
        assert done.tool_calls[0]["id"]
    assert plain.finish_reason == "tool_calls" and plain.usage.prompt_tokens > 0 and not "".join(deltas)


async def test_openai_client_tool_round_trip_through_the_cloud(tmp_path, cloud_url):
    async with running_daemon(tmp_path, cloud_url=cloud_url, cloud_model="smollm2", n_threads=1,
                              max_reply_tokens=12, strategy="sliding", **PATIENT) as d:
        c = openai.AsyncOpenAI(base_url=f"{d.base}/v1", api_key="unused", max_retries=0,
                               default_headers={"X-Session-Id": "cloud-tools"})
        done = await c.chat.completions.create(model="m", messages=ASK, tools=[WEATHER], tool_choice=NAMED)
        assert done.model_extra["edge_agent"]["backend"] == "cloud"
        call = done.choices[0].message.tool_calls[0]
        convo = [*ASK, done.choices[0].message.model_dump(exclude_none=True),
                 {"role": "tool", "tool_call_id": call.id, "content": "sunny"}]
        after = await c.chat.completions.create(model="m", messages=convo)
        assert after.model_extra["edge_agent"]["backend"] == "cloud" and after.choices[0].message.content
        _, text, _ = await api(d.base, "GET", "/metrics")
        assert metric(text, 'edge_agent_client_tool_calls_total{backend="cloud"}') == 1
        _, held, _ = await api(d.base, "GET", "/v1/sessions/cloud-tools")
        assert [m["role"] for m in held["messages"]] == ["user", "assistant", "tool", "assistant"]
        await c.close()


async def test_a_turn_with_tools_that_falls_back_to_the_local_model_still_returns_calls(tmp_path):
    dead = f"http://127.0.0.1:{free_port()}/v1"   # nothing listens there
    async with running_daemon(tmp_path, cloud_url=dead, n_threads=1, max_reply_tokens=12, strategy="sliding", **PATIENT) as d:
        status, body, _ = await api(d.base, "POST", "/v1/chat/completions", headers={"X-Session-Id": "fb"},
                                    json={"messages": ASK, "tools": [WEATHER], "tool_choice": "required"})
        assert status == 200, body
        assert body["edge_agent"]["backend"] == "local" and "cloud" in body["edge_agent"]["fallback_reason"]
        assert body["choices"][0]["finish_reason"] == "tool_calls"
        assert body["choices"][0]["message"]["tool_calls"][0]["function"]["name"] == "get_weather"
