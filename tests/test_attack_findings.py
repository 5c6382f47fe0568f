"""What the attack on the tools and routes found (issue 29), each kept by a test against a real
daemon on loopback: bodies that are valid JSON but not storable text or numbers are a 400
before anything is stored, and a retry of the same turn then stores it whole."""

from __future__ import annotations

import pytest

from tests.harness import api, running_daemon

CALL = '{"id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": %s}}'


def _turn(arguments: str) -> str:
    return ('{"messages": [{"role": "user", "content": "what is the weather?"},'
            ' {"role": "assistant", "content": null, "tool_calls": [' + CALL % arguments + ']},'
            ' {"role": "tool", "tool_call_id": "call_1", "content": "sunny"},'
            ' {"role": "user", "content": "thanks, and tomorrow?"}], "max_tokens": 4}')


@pytest.mark.parametrize("bad", [r'"{\"city\": \"\ud800\"}"',                 # a lone surrogate
                                 '"{}", "big": ' + "9" * 5000,                  # past the digit limit
                                 '"{}", "t": NaN', '"{}", "t": -Infinity'])
async def test_unstorable_values_are_a_400_and_nothing_is_half_stored(tmp_path, bad):
    headers = {"X-Session-Id": "half", "Content-Type": "application/json"}
    async with running_daemon(tmp_path, max_reply_tokens=4, n_threads=1) as d:
        status, body, _ = await api(d.base, "POST", "/v1/chat/completions", data=_turn(bad), headers=headers)
        assert status == 400 and body["error"]["code"] == "invalid_json", body
        status, _, _ = await api(d.base, "GET", "/v1/sessions/half")
        assert status == 404                                    # nothing of the turn was kept
        status, body, _ = await api(d.base, "POST", "/v1/chat/completions", data=_turn('"{}"'), headers=headers)
        assert status == 200 and body["edge_agent"]["stored_messages"] == 4
        status, session, _ = await api(d.base, "GET", "/v1/sessions/half")
        assert status == 200 and [m["role"] for m in session["messages"]][:4] == ["user", "assistant", "tool", "user"]


async def test_a_schedule_with_nan_or_infinity_is_a_400(tmp_path):
    async with running_daemon(tmp_path, max_reply_tokens=4, n_threads=1, tools=["schedule"]) as d:
        for value in ("NaN", "Infinity"):
            status, body, _ = await api(d.base, "POST", "/v1/schedules", headers={"Content-Type": "application/json"},
                                        data='{"session_id": "s", "text": "remind me", "in_s": %s}' % value)
            assert status == 400, body
