"""Conversation sync (edge_agent/sync.py): what a resent conversation adds, by content and order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from edge_agent.messages import Message
from edge_agent.sync import Diverged, SyncLog, ToolResultError, _suffix_prefix, digest
from edge_agent.toolcalls import make_call


def conversation(n: int) -> list[Message]:
    return [Message("user" if i % 2 == 0 else "assistant", f"message {i}") for i in range(n)]


def held(msgs: list[Message]) -> SyncLog:
    log = SyncLog()
    for m in msgs:
        log.append(m)
    return log


def start(log: SyncLog, msgs: list[Message]) -> int:
    return log.match([digest(m) for m in msgs]).start


def test_a_full_resend_adds_only_the_new_tail():
    convo = conversation(6)
    new = Message("user", "message 6")
    assert start(held(convo), [*convo, new]) == 6
    assert start(held([]), [*convo, new]) == 0


def test_only_the_new_message_and_a_repeated_text_are_both_new():
    convo = conversation(4)
    assert start(held(convo), [Message("user", "something else")]) == 0
    assert start(held(convo), [Message("user", "message 0")]) == 0   # the same words again: a new message


def test_a_window_of_the_newest_messages_is_recognised():
    convo = conversation(10)
    new = Message("user", "message 10")
    assert start(held(convo), [*convo[6:], new]) == 4


def test_an_unanswered_message_resent_is_answered_not_stored_again():
    log = held(conversation(3))           # ends with the user's message: its answer failed
    assert start(log, conversation(3)) == 3
    assert start(log, conversation(3)[2:]) == 1   # a client sending only that message again


def test_an_edited_earlier_message_diverges_at_that_message():
    convo = conversation(6)
    edited = [*convo[:3], Message("assistant", "regenerated"), Message("user", "next")]
    with pytest.raises(Diverged) as err:
        start(held(convo), edited)
    assert err.value.index == 3 and err.value.held == 6
    with pytest.raises(Diverged) as err:   # a reply regenerated: the client stops before what we hold
        start(held(convo), convo[:5])
    assert err.value.index == 5


def test_timestamps_do_not_matter_and_reencoded_arguments_match():
    call = make_call("get_weather", '{"city":"Paris","unit":"c"}', "call_1")
    ours = Message("assistant", "", tool_calls=[call], ts=1.0)
    reencoded = make_call("get_weather", '{"unit": "c", "city": "Paris"}', "call_1")
    assert digest(ours) == digest(Message("assistant", "", tool_calls=[reencoded], ts=99.0))
    assert digest(ours) != digest(Message("assistant", "", tool_calls=[make_call("get_weather", "{}", "call_1")]))


def test_masked_store_matches_the_numbers_it_masked():
    from edge_agent.pii import mask

    log = SyncLog(mask=mask)
    log.append(Message("user", mask("my phone is 13812345678")))   # what a masked store gives back
    assert log.match([digest(Message("user", "my phone is 13812345678"), mask)]).start == 1


def calls_log() -> SyncLog:
    return held([Message("user", "weather?"),
                 Message("assistant", "", tool_calls=[make_call("get_weather", "{}", "call_a"),
                                                      make_call("get_time", "{}", "call_b")])])


def test_tool_results_must_answer_pending_calls():
    log = calls_log()
    ok = [Message("tool", "sunny", tool_call_id="call_a"), Message("tool", "noon", tool_call_id="call_b")]
    log.check_tail(ok, 2)
    with pytest.raises(ToolResultError) as err:
        log.check_tail([Message("tool", "x", tool_call_id="call_zzz")], 2)
    assert err.value.field == "messages[2].tool_call_id" and "never issued" in str(err.value)
    with pytest.raises(ToolResultError) as err:
        log.check_tail(ok[:1], 2)
    assert "call_b" in str(err.value)
    with pytest.raises(ToolResultError) as err:
        log.check_tail([Message("user", "never mind")], 2)
    assert err.value.field == "messages[2]"
    with pytest.raises(ToolResultError) as err:
        log.check_tail([*ok, Message("tool", "again", tool_call_id="call_a")], 2)
    assert "already answered" in str(err.value)


def test_a_result_without_a_call_and_a_tail_ending_with_the_assistant_are_refused():
    with pytest.raises(ToolResultError) as err:
        held([]).check_tail([Message("user", "hi"), Message("tool", "r", tool_call_id="c")], 0)
    assert err.value.field == "messages[1].tool_call_id"
    with pytest.raises(ToolResultError) as err:
        held([]).check_tail([Message("user", "hi"), Message("assistant", "hello")], 0)
    assert err.value.code == "invalid_messages"


@given(st.lists(st.integers(0, 3), max_size=30), st.lists(st.integers(0, 3), max_size=30))
def test_suffix_prefix_is_the_longest_overlap(text, pattern):
    want = max((n for n in range(min(len(text), len(pattern)) + 1) if text[len(text) - n:] == pattern[:n]),
               default=0)
    assert _suffix_prefix(text, pattern) == want


@pytest.mark.parametrize("at_rest", ["encrypt", "mask"])
async def test_a_session_back_from_the_store_recognises_what_it_holds(tmp_path, at_rest):
    from edge_agent.agent import Agent
    from edge_agent.backends import Router
    from edge_agent.backends.cloud import CloudBackend
    from edge_agent.store.sqlite import SQLiteStore

    store = await SQLiteStore(tmp_path, at_rest=at_rest).open()
    convo = [Message("user", "my phone is 13812345678"), Message("assistant", "noted")]
    try:
        first = Agent(Router(cloud=CloudBackend("http://127.0.0.1:9/v1")), strategy="sliding", store=store)
        for msg in convo:
            await first.add("t/s", msg)
        again = Agent(Router(cloud=CloudBackend("http://127.0.0.1:9/v1")), strategy="sliding", store=store)
        assert await again.holds_start_of("t/s", [*convo, Message("user", "next")])   # as the client resends it
        assert not await again.holds_start_of("t/s", [convo[0], Message("assistant", "edited")])
        assert again.sync_log("t/s").match([digest(m, again.sync_log("t/s").mask) for m in convo]).start == 2
    finally:
        await store.aclose()
