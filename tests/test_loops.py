"""The loop guard (edge_agent/loops.py) on loops the local model produced, and on text that
only looks repetitive; what a looped reply costs the next prompt."""

from __future__ import annotations

import pytest

from edge_agent.loops import MIN_RUN, LoopGuard, collapse, periodic_tail
from edge_agent.memory import create_memory
from edge_agent.messages import Message

# tails of replies SmolLM2-135M gave on bench/evalsets/replies.py before the guard existed
LOOPS = [
    "1. " * 40,
    "The router in the lab is at 192.168.1.2" + ".1" * 60,
    "我可以在你的父母的家族中安装一个行李清单，这可能是一个非常有用的方式。" + "你可以在你的家族中安装一个行李清单，这可能是一个非常有用的方式。" * 3,
    "我叫李娜，手机号是 13812345678,请记住。\n\n" * 6,
    "那住" + "猴" * 80,
    "你要赶走鸟" + "骚来" * 40,
]
# repetitive-looking but ordinary text
ORDINARY = [
    "1. Feed it daily.\n2. Keep it warm.\n3. Discard half before feeding.\n4. Use filtered water.",
    "| a | b | c | d |\n| --- | --- | --- | --- |\n| 1 | 2 | 3 | 4 |",
    "哈哈哈哈哈哈，好的！",
    "Order 20250115001 confirmed. Order 20250115002 confirmed. Order 20250115003 confirmed.",
    "no no no, not that one",
    "The capital of France is Paris. The capital of Italy is Rome. The capital of Spain is Madrid.",
    "0" * 20 + " is twenty zeros.",
]


@pytest.mark.parametrize("text", LOOPS)
def test_loops_the_model_produced_are_caught_while_they_stream(text):
    guard = LoopGuard()
    stopped_at = next((i for i in range(0, len(text), 3) if guard.feed(text[i:i + 3])), None)
    assert stopped_at is not None and guard.looped
    assert periodic_tail(text) is not None


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_is_not_a_loop(text):
    guard = LoopGuard()
    assert not any(guard.feed(text[i:i + 2]) for i in range(0, len(text), 2))
    assert periodic_tail(text) is None and collapse(text) == text


@pytest.mark.parametrize("text", LOOPS)
def test_collapse_keeps_the_first_occurrence_only(text):
    shown = collapse(text)
    assert text.startswith(shown) and len(shown) < len(text) - MIN_RUN // 2
    assert periodic_tail(shown) is None
    assert collapse(shown) == shown


def test_a_guard_stops_early_not_at_the_end():
    guard = LoopGuard()
    fed = 0
    for _ in range(1000):
        fed += 3
        if guard.feed("ab "):
            break
    assert guard.looped and fed <= 2 * MIN_RUN + 3 * 8


async def test_the_next_prompt_shows_a_looped_reply_once_and_the_store_keeps_it():
    looped = "Sure! " + "I'm glad to help you with that. " * 12
    mem = create_memory("sliding", max_tokens=2000, system="s")
    for m in [Message("user", "hi"), Message("assistant", looped), Message("user", "and now?")]:
        await mem.add(m)
    ctx = mem.context()
    shown = [m["content"] for m in ctx.messages if m["role"] == "assistant"][0]
    assert shown.count("I'm glad to help you with that.") == 1 and shown == collapse(looped)
    assert "omitted" not in shown        # no marker for the model to copy
    assert [m.content for m in mem.history() if m.role == "assistant"] == [looped]   # stored as sent
    assert ctx.tokens <= mem.max_tokens


def test_counting_up_is_a_loop_and_a_short_numbered_list_is_not():
    counting = "1. 1. 1. " + " ".join(f"{i}." for i in range(2, 60))
    assert periodic_tail(counting) is not None
    assert counting.startswith(collapse(counting)) and len(collapse(counting)) < 10
    steps = "Steps: 1. unplug it. 2. wait ten seconds. 3. plug it in. 4. press the reset key for 5 seconds."
    assert periodic_tail(steps) is None
