"""Tool specs, calls and the local model's rendering (edge_agent/toolcalls.py)."""

from __future__ import annotations

import json

import pytest

from edge_agent.toolcalls import ToolSpecError, call_schema, normalize_calls, parse_call, parse_spec, render

WEATHER = {"type": "function", "function": {
    "name": "get_weather", "description": "Current weather in a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"},
                                                    "unit": {"enum": ["c", "f"]}}, "required": ["city"]}}}
TIME = {"type": "function", "function": {"name": "get_time", "parameters": {"type": "object", "properties": {}}}}


def test_choices_and_what_they_offer():
    assert parse_spec(None) is None and parse_spec([]) is None
    auto = parse_spec([WEATHER, TIME])
    assert auto.choice == "auto" and auto.names == ["get_weather", "get_time"] and not auto.forced
    assert parse_spec([WEATHER, TIME], "none").offered == []
    named = parse_spec([WEATHER, TIME], {"type": "function", "function": {"name": "get_time"}}, False)
    assert named.forced and [t["function"]["name"] for t in named.offered] == ["get_time"] and not named.parallel
    assert named.openai_choice() == {"type": "function", "function": {"name": "get_time"}}
    flat = parse_spec([{"type": "function", "name": "get_time", "parameters": {"type": "object"}}], "required")
    assert flat.names == ["get_time"] and flat.forced


@pytest.mark.parametrize("tools, choice, parallel, field", [
    ("get_weather", None, None, "tools"),
    ([{"type": "retrieval"}], None, None, "tools[0]"),
    ([{"type": "function", "function": {"name": "bad name!"}}], None, None, "tools[0].function.name"),
    ([{"type": "function", "function": {"name": "f", "parameters": {"type": "array"}}}], None, None,
     "tools[0].function.parameters"),
    ([WEATHER, WEATHER], None, None, "tools"),
    ([WEATHER], "sometimes", None, "tool_choice"),
    ([WEATHER], {"type": "function", "function": {"name": "get_time"}}, None, "tool_choice.function.name"),
    ([WEATHER], None, "yes", "parallel_tool_calls"),
    (None, {"type": "function", "function": {"name": "get_time"}}, None, "tool_choice"),
])
def test_malformed_specs_name_the_field(tools, choice, parallel, field):
    with pytest.raises(ToolSpecError) as err:
        parse_spec(tools, choice, parallel)
    assert err.value.field == field


def test_calls_are_normalized_and_checked():
    calls = normalize_calls([{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"},
                              "extra": 1}], "m.tool_calls")
    assert calls == [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]
    with pytest.raises(ToolSpecError) as err:
        normalize_calls([{"type": "function", "function": {"name": "f"}}], "m.tool_calls")
    assert err.value.field == "m.tool_calls[0]"
    assert normalize_calls([{"function": {"name": "f", "arguments": "{}"}}], "x", new_ids=True)[0]["id"]


def test_compact_rendering_offers_only_the_chosen_tools():
    text = render(parse_spec([WEATHER, TIME], {"type": "function", "function": {"name": "get_weather"}}))
    assert 'get_weather(city: string, unit?: "c"|"f") - Current weather in a city' in text
    assert "get_time" not in text


def test_call_schema_and_parsing():
    spec = parse_spec([WEATHER, TIME], "required")
    schema = call_schema(spec)
    assert [o["properties"]["name"]["const"] for o in schema["oneOf"]] == ["get_weather", "get_time"]
    assert schema["oneOf"][0]["properties"]["arguments"]["required"] == ["city", "unit"]
    call = parse_call('<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>', spec)
    assert call["function"]["name"] == "get_weather" and json.loads(call["function"]["arguments"]) == {"city": "Paris"}
    assert parse_call("The weather is sunny.", spec) is None
    assert parse_call('{"name": "launch_rockets", "arguments": {}}', spec) is None
    assert parse_call('{"name": "get_weather", "arguments": "not json"}', spec) is None
