"""A client tool call the model repeats, with the same arguments, right after reading its
result is answered without tools (issue 28; the server-side loop already stops such calls).

The model is a scripted stand-in backend: it gives the tool call whenever tools are offered
and a text answer when none are, which is what SmolLM2 did with the official openai client
(the same call again instead of an answer)."""

from __future__ import annotations

import json

from edge_agent.agent import Agent, repeats_last_call
from edge_agent.backends import Router
from edge_agent.backends.base import Completion, Usage
from edge_agent.messages import Message
from edge_agent.toolcalls import make_call, parse_spec

WEATHER = {"type": "function", "function": {"name": "get_weather", "parameters": {
    "type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}


class Repeater:
    """Asks for get_weather(Paris) while tools are offered; answers in text without them."""
    name = "local"

    def __init__(self) -> None:
        self.calls = []

    async def complete(self, messages, *, max_tokens=512, temperature=None, stream=False, on_delta=None, tools=None):
        self.calls.append(tools)
        if tools is not None:
            return Completion("", self.name, "scripted", "tool_calls", Usage(10, 5),
                              tool_calls=[make_call("get_weather", {"city": "Paris"})])
        return Completion("It is sunny in Paris.", self.name, "scripted", "stop", Usage(10, 5))

    async def aclose(self) -> None:
        pass


def _conversation(arguments: str) -> list[Message]:
    call = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": arguments}}
    return [Message("user", "Weather in Paris?"), Message("assistant", "", tool_calls=[call]),
            Message("tool", "sunny, 24 C", tool_call_id="call_1")]


async def test_the_same_call_after_its_result_is_answered_without_tools():
    model = Repeater()
    agent = Agent(Router(local=model), strategy="sliding", system="s")
    spec = parse_spec([WEATHER], "auto")
    result = await agent.respond("s1", _conversation('{"city": "Paris"}'), tools=spec)
    assert result.reply == "It is sunny in Paris." and result.finish_reason == "stop" and not result.tool_calls
    assert model.calls[-1] is None                              # asked again without tools
    # a different argument is a new call: handed to the client as it was
    result = await agent.respond("s2", _conversation('{"city": "Lyon"}'), tools=spec)
    assert result.finish_reason == "tool_calls" and json.loads(result.tool_calls[0]["function"]["arguments"]) == {
        "city": "Paris"}


async def test_a_forced_tool_choice_is_kept():
    model = Repeater()
    agent = Agent(Router(local=model), strategy="sliding", system="s")
    spec = parse_spec([WEATHER], "required")
    result = await agent.respond("s1", _conversation('{"city": "Paris"}'), tools=spec)
    assert result.finish_reason == "tool_calls"


def test_what_counts_as_a_repeat():
    msgs = [m.to_dict() for m in _conversation('{"city":"Paris"}')]
    same = [make_call("get_weather", {"city": "Paris"})]
    assert repeats_last_call(msgs, same)
    assert not repeats_last_call(msgs[:2], same)                          # no result yet
    assert not repeats_last_call(msgs + [{"role": "user", "content": "and Lyon?"}], same)
    assert not repeats_last_call(msgs, [make_call("get_weather", {"city": "Lyon"})])
    assert not repeats_last_call(msgs, None)
