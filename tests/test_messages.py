from __future__ import annotations

import pytest

from edge_agent.errors import InvalidMessageError

from edge_agent.messages import (FLAG_EXTRA, ROLE_CODES, Message, decode_payload, encode_payload,
                                 text_for_counting)


def test_roles_and_defaults():
    m = Message(role="user", content="你好")
    assert m.ts > 0 and m.to_dict() == {"role": "user", "content": "你好"}


@pytest.mark.parametrize("kwargs, field", [
    ({"role": "robot", "content": "x"}, "role"),
    ({"role": "user", "content": 5}, "content"),
    ({"role": "user", "content": "bad \ud800 surrogate"}, "content"),
    ({"role": "user", "content": "x", "name": "\udfff"}, "name"),
    ({"role": "tool", "content": "x"}, "tool_call_id"),
    ({"role": "user", "content": "x", "ts": "yesterday"}, "ts"),
])
def test_bad_fields_name_the_field(kwargs, field):
    with pytest.raises(ValueError, match=field) as info:
        Message(**kwargs)
    assert isinstance(info.value, InvalidMessageError) and info.value.field == field
    assert isinstance(info.value, TypeError)  # wrong types are also TypeErrors, as Python's own


def test_payload_round_trip_with_extras():
    calls = [{"id": "c1", "type": "function", "function": {"name": "lookup", "arguments": "{\"q\": 1}"}}]
    for msg in [Message("user", "订单 #1", ts=1.0), Message("assistant", "", tool_calls=calls, ts=2.0),
                Message("tool", "{\"ok\": true}", tool_call_id="c1", ts=3.0),
                Message("user", "hi", name="alice", ts=4.0)]:
        payload, flags = encode_payload(msg)
        assert bool(flags & FLAG_EXTRA) == (msg.extra is not None)
        assert decode_payload(ROLE_CODES[msg.role], payload, flags, msg.ts) == msg


def test_counting_text_includes_tool_calls():
    m = Message("assistant", "", tool_calls=[{"id": "c1", "function": {"name": "f", "arguments": "{}"}}])
    assert "\"name\":\"f\"" in text_for_counting(m)


def test_from_dict_rejects_unknown_fields():
    with pytest.raises(ValueError, match="not a message field"):
        Message.from_dict({"role": "user", "content": "x", "evil": 1})
    assert Message.from_dict({"role": "assistant", "content": None}).content == ""
