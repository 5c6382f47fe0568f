"""The agent API end to end (real daemon, real SmolLM2, the official openai client): clients
that resend the conversation, sessions without an id, tool calls with OpenAI semantics."""

from __future__ import annotations

import json

import openai
import pytest

from tests.harness import api, metric, running_daemon

WEATHER = {"type": "function", "function": {
    "name": "get_weather", "description": "Get the current weather in a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}
NAMED = {"type": "function", "function": {"name": "get_weather"}}


@pytest.fixture
async def daemon(tmp_path):
    async with running_daemon(tmp_path, n_threads=1, max_reply_tokens=12, strategy="sliding",
                              first_token_s=600.0, total_s=900.0) as d:   # no deadline in play under load
        yield d


def client(d, **headers):
    return openai.AsyncOpenAI(base_url=f"{d.base}/v1", api_key="unused", default_headers=headers or None,
                              max_retries=0)


async def session(d, sid):
    status, body, _ = await api(d.base, "GET", f"/v1/sessions/{sid}")
    assert status == 200, body
    return body


async def test_a_client_resending_the_conversation_stores_each_message_once(daemon):
    c = client(daemon)
    convo = [{"role": "system", "content": "You are terse."}]
    sids = []
    for question in ("My name is Ada.", "I live in Paris.", "What is my name?"):
        convo.append({"role": "user", "content": question})
        raw = await c.chat.completions.with_raw_response.create(model="edge", messages=convo)
        reply = raw.parse()
        sids.append(raw.headers["X-Session-Id"])
        assert reply.model_extra["edge_agent"]["session_id"] == sids[-1]
        assert reply.model_extra["edge_agent"]["stored_messages"] == 1   # only the new question
        convo.append(reply.choices[0].message.model_dump(exclude_none=True))
    assert len(set(sids)) == 1 and sids[0].startswith("c-")   # one session, found by its content
    held = await session(daemon, sids[0])
    assert held["system"] == "You are terse."
    assert [m["content"] for m in held["messages"] if m["role"] == "user"] == [
        "My name is Ada.", "I live in Paris.", "What is my name?"]
    assert [m["role"] for m in held["messages"]] == ["user", "assistant"] * 3
    await c.close()


async def test_two_clients_without_a_session_id_never_share_one(daemon):
    a, b = client(daemon), client(daemon)
    first = [{"role": "user", "content": "hello"}]
    ra = await a.chat.completions.with_raw_response.create(model="m", messages=first)
    rb = await b.chat.completions.with_raw_response.create(model="m", messages=first)
    assert ra.headers["X-Session-Id"] != rb.headers["X-Session-Id"]
    # each one's resend lands in its own session, even with the same first words
    for raw in (ra, rb):
        convo = [*first, raw.parse().choices[0].message.model_dump(exclude_none=True),
                 {"role": "user", "content": "and again"}]
        again = await a.chat.completions.with_raw_response.create(model="m", messages=convo)
        assert again.headers["X-Session-Id"] == raw.headers["X-Session-Id"]
    for raw in (ra, rb):
        assert len((await session(daemon, raw.headers["X-Session-Id"]))["messages"]) == 4
    await a.close()
    await b.close()


async def test_a_named_session_takes_only_new_messages_and_refuses_a_divergent_history(daemon):
    c = client(daemon, **{"X-Session-Id": "named"})
    await c.chat.completions.create(model="m", messages=[{"role": "user", "content": "one"}])
    await c.chat.completions.create(model="m", messages=[{"role": "user", "content": "two"}])  # only the new one
    held = await session(daemon, "named")
    assert [m["content"] for m in held["messages"] if m["role"] == "user"] == ["one", "two"]
    edited = [{"role": "user", "content": "one"}, {"role": "assistant", "content": "an edited reply"},
              {"role": "user", "content": "three"}]
    status, body, _ = await api(daemon.base, "POST", "/v1/chat/completions", json={"messages": edited},
                                headers={"X-Session-Id": "named"})
    assert status == 409 and body["error"]["code"] == "conversation_diverged"
    assert body["error"]["param"] == "messages[1]"
    assert len((await session(daemon, "named"))["messages"]) == 4   # nothing stored
    await c.close()


async def test_a_tool_round_trip_plain_and_streamed(daemon):
    c = client(daemon, **{"X-Session-Id": "tools"})
    convo = [{"role": "user", "content": "What is the weather in Paris?"}]
    done = await c.chat.completions.create(model="m", messages=convo, tools=[WEATHER], tool_choice=NAMED)
    choice = done.choices[0]
    assert choice.finish_reason == "tool_calls" and choice.message.content is None
    call = choice.message.tool_calls[0]
    assert call.type == "function" and call.function.name == "get_weather"
    assert isinstance(json.loads(call.function.arguments), dict)
    convo += [choice.message.model_dump(exclude_none=True),
              {"role": "tool", "tool_call_id": call.id, "content": '{"temperature_c": 18, "sky": "clear"}'}]
    after = await c.chat.completions.create(model="m", messages=convo, tools=[WEATHER], tool_choice="none")
    assert after.choices[0].finish_reason in ("stop", "length") and after.choices[0].message.content
    convo.append(after.choices[0].message.model_dump(exclude_none=True))

    convo.append({"role": "user", "content": "And in Rome?"})
    stream = await c.chat.completions.create(model="m", messages=convo, tools=[WEATHER], tool_choice=NAMED,
                                             stream=True)
    calls: dict[int, dict] = {}
    finish, fragments = None, 0
    async for chunk in stream:
        for ch in chunk.choices:
            finish = ch.finish_reason or finish
            for d in ch.delta.tool_calls or []:
                got = calls.setdefault(d.index, {"id": None, "name": "", "arguments": ""})
                got["id"] = d.id or got["id"]
                got["name"] += (d.function.name or "") if d.function else ""
                got["arguments"] += (d.function.arguments or "") if d.function else ""
                fragments += 1
    assert finish == "tool_calls" and calls[0]["name"] == "get_weather" and fragments >= 2
    assert isinstance(json.loads(calls[0]["arguments"]), dict)
    convo += [{"role": "assistant", "tool_calls": [{"id": calls[0]["id"], "type": "function", "function": {
        "name": "get_weather", "arguments": calls[0]["arguments"]}}]},
              {"role": "tool", "tool_call_id": calls[0]["id"], "content": "rain"}]
    await c.chat.completions.create(model="m", messages=convo)
    held = (await session(daemon, "tools"))["messages"]
    assert [m["role"] for m in held] == ["user", "assistant", "tool", "assistant"] * 2   # each message once
    assert held[1]["tool_calls"][0]["id"] == call.id and held[2]["tool_call_id"] == call.id
    _, text, _ = await api(daemon.base, "GET", "/metrics")
    assert metric(text, 'edge_agent_client_tool_calls_total{backend="local"}') == 2
    await c.close()


@pytest.mark.parametrize("messages, extra, param", [
    ([{"role": "user", "content": "hi"}, {"role": "tool", "tool_call_id": "call_nope", "content": "x"}], {},
     "messages[1].tool_call_id"),
    ([{"role": "tool", "tool_call_id": "call_nope", "content": "x"}], {}, "messages[0].tool_call_id"),
    ([{"role": "user", "content": "hi"}], {"tools": [{"type": "function", "function": {"name": "f", "parameters": {
        "type": "array"}}}]}, "tools[0].function.parameters"),
    ([{"role": "user", "content": "hi"}], {"tools": [WEATHER], "tool_choice": {
        "type": "function", "function": {"name": "other"}}}, "tool_choice.function.name"),
    ([{"role": "user", "content": "hi"}, {"role": "assistant", "tool_calls": [{"id": "c1"}]}], {},
     "messages[1].tool_calls[0]"),
])
async def test_bad_tool_input_is_a_400_naming_the_field_and_stores_nothing(daemon, messages, extra, param):
    status, body, _ = await api(daemon.base, "POST", "/v1/chat/completions", json={"messages": messages, **extra},
                                headers={"X-Session-Id": "bad-tools"})
    assert status == 400 and body["error"]["param"] == param, body
    assert (await api(daemon.base, "GET", "/v1/sessions/bad-tools"))[0] == 404


async def test_finish_reason_length_when_cut_plain_and_streamed(daemon):
    c = client(daemon, **{"X-Session-Id": "cut"})
    ask = [{"role": "user", "content": "Write a long story about a dragon."}]
    done = await c.chat.completions.create(model="m", messages=ask, max_tokens=3)
    assert done.choices[0].finish_reason == "length"
    ask = [{"role": "user", "content": "Write another long story."}]
    finish = None
    async for chunk in await c.chat.completions.create(model="m", messages=ask, max_tokens=3, stream=True):
        finish = (chunk.choices[0].finish_reason if chunk.choices else None) or finish
    assert finish == "length"
    await c.close()


FLAT = {"type": "function", "name": "get_weather", "description": "Get the current weather in a city",
        "parameters": WEATHER["function"]["parameters"]}


async def test_responses_api_tool_round_trip_on_the_session(daemon):
    c = client(daemon)
    first = await c.responses.create(model="m", input="What is the weather in Paris?", instructions="Be brief.",
                                     tools=[FLAT], tool_choice={"type": "function", "name": "get_weather"})
    assert first.status == "completed" and [o.type for o in first.output] == ["function_call"]
    call = first.output[0]
    assert call.name == "get_weather" and isinstance(json.loads(call.arguments), dict)
    second = await c.responses.create(model="m", previous_response_id=first.id, input=[
        {"type": "function_call_output", "call_id": call.call_id, "output": "sunny, 20 C"}])
    assert second.output_text and second.status in ("completed", "incomplete")
    events = [e.type async for e in await c.responses.create(
        model="m", previous_response_id=second.id, input="And in Rome?", tools=[FLAT],
        tool_choice={"type": "function", "name": "get_weather"}, stream=True)]
    assert events[0] == "response.created" and events[-1] == "response.completed"
    assert "response.function_call_arguments.delta" in events
    assert (await c.responses.retrieve(first.id)).id == first.id
    sid = first.model_extra["edge_agent"]["session_id"]
    held = await session(daemon, sid)
    assert held["system"] == "Be brief."
    assert [m["role"] for m in held["messages"]] == ["user", "assistant", "tool", "assistant", "user", "assistant"]
    status, body, _ = await api(daemon.base, "POST", "/v1/responses", json={
        "previous_response_id": first.id, "input": [{"type": "function_call_output", "call_id": "call_x",
                                                      "output": "x"}]})
    assert status == 400 and body["error"]["param"] == "input[0].tool_call_id"
    assert (await api(daemon.base, "GET", "/v1/responses/resp_nope"))[0] == 404
    await c.close()


async def test_responses_resent_items_are_stored_once_and_store_false_keeps_nothing(daemon):
    c = client(daemon, **{"X-Session-Id": "items"})
    items = [{"role": "user", "content": "Name a fruit."}]
    first = await c.responses.create(model="m", input=items)
    items += [{"role": "assistant", "content": first.output_text}, {"role": "user", "content": "Another one."}]
    await c.responses.create(model="m", input=items)
    assert [m["role"] for m in (await session(daemon, "items"))["messages"]] == ["user", "assistant"] * 2
    plain = client(daemon)
    gone = await plain.responses.create(model="m", input="Say hi.", store=False)
    assert (await api(daemon.base, "GET", f"/v1/responses/{gone.id}"))[0] == 404
    assert not [s for s in (await api(daemon.base, "GET", "/v1/sessions"))[1]["data"] if s["id"].startswith("tmp-")]
    await c.close()
    await plain.close()
