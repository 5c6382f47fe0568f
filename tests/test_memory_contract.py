"""One contract suite over every strategy in STRATEGIES (the public memory API, ARCHITECTURE.md)."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from edge_agent.errors import BudgetError, ConfigError
from edge_agent.memory import SECTIONS, STRATEGIES, Context, create_memory
from edge_agent.messages import Message, text_for_counting
from tests.conftest import char_counter

BOUNDED = [n for n in STRATEGIES if n != "full"]
SYSTEM = "你是纪要助手，负责登记需求，不要臆造用户没说过的时间。"


def recount(ctx: Context, counter, overhead=4) -> int:
    return sum(counter(text_for_counting(Message.from_dict(m))) + overhead for m in ctx.messages)


def check_invariants(mem, ctx: Context, counter, last_user: str | None) -> None:
    assert ctx.tokens == sum(ctx.sections.values()) == recount(ctx, counter)
    assert set(ctx.sections) == set(SECTIONS)
    if mem.bounded:
        assert ctx.tokens <= mem.max_tokens - mem.reserve_tokens
    assert ctx.messages[0] == {"role": "system", "content": SYSTEM}
    convo = [m for m in ctx.messages[1:] if m["role"] != "system"]
    calls = set()
    seen_user = False
    for m in convo:
        if m["role"] == "user":
            seen_user = True
        else:
            assert seen_user, "an assistant reply or tool result without its user message"
        if m["role"] == "assistant":
            calls |= {c["id"] for c in m.get("tool_calls") or []}
        if m["role"] == "tool":
            assert m["tool_call_id"] in calls, "a tool result without its call"
    if last_user is not None:
        assert any(m["role"] == "user" and m["content"][:20] == last_user[:20] for m in convo), \
            "the newest user message is missing"


TEXTS = ["好的", "我叫王小明，订单号 #20250115001，手机 13812345678", "Please check order #A-99812 by Friday.",
         "明天上午九点开会，下周三前把方案初稿发给我", "预算 5 万，需要 20 台 RK3568 开发板",
         "这个产品的保修期是多久？我想了解一下细节和售后政策。" * 3, "x" * 3000, "长" * 2500]

turn = st.tuples(st.sampled_from(TEXTS), st.integers(0, 3), st.sampled_from(TEXTS))


@pytest.mark.parametrize("name", list(STRATEGIES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(turns=st.lists(turn, min_size=1, max_size=45), max_tokens=st.integers(400, 3000),
       reserve=st.integers(0, 300), query=st.sampled_from([None, "订单号是多少？", "meeting time?"]),
       low_water=st.sampled_from([None, 0.6]))
def test_invariants_hold_for_any_conversation(name, turns, max_tokens, reserve, query, low_water):
    asyncio.run(_run(name, turns, max_tokens, reserve, query, low_water))


async def _run(name, turns, max_tokens, reserve, query, low_water):
    extra = {"cooldown_s": 0} if name in ("summary", "hybrid") else {}
    if name == "summary":
        extra["max_recent_tokens"] = max(100, max_tokens // 3)
    if name == "sliding":
        extra["overlap_tokens"] = (max_tokens - reserve) // 4
    mem = create_memory(name, max_tokens=max_tokens, reserve_tokens=reserve, system=SYSTEM,
                        counter=char_counter, low_water=low_water, **extra)
    ts = 0.0
    for i, (user, n_tools, reply) in enumerate(turns):
        ts += 30
        await mem.add(Message("user", user, ts=ts))
        for t in range(n_tools):
            call = {"id": f"c{i}-{t}", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}
            await mem.add(Message("assistant", "", tool_calls=[call], ts=ts + 1))
            await mem.add(Message("tool", reply, tool_call_id=call["id"], ts=ts + 2))
        await mem.add(Message("assistant", reply, ts=ts + 3))
        await mem.flush()
        check_invariants(mem, mem.context(query=query), char_counter, user)


@pytest.mark.parametrize("name", list(STRATEGIES))
async def test_public_api_shape(name, exact_counter):
    mem = create_memory(name, system=SYSTEM)
    await mem.add(Message(role="user", content="我叫王小明，订单号 #20250115001"))
    await mem.flush()
    ctx = mem.context(query="订单号是多少？")
    assert ctx.messages[0] == {"role": "system", "content": SYSTEM}
    assert ctx.messages[-1] == {"role": "user", "content": "我叫王小明，订单号 #20250115001"}
    assert not any(m["content"] == "订单号是多少？" for m in ctx.messages)  # the query is not added
    assert ctx.tokens == recount(ctx, exact_counter)


@pytest.mark.parametrize("name", BOUNDED)
def test_system_prompt_over_budget_is_a_config_error(name):
    with pytest.raises(BudgetError) as info:
        create_memory(name, max_tokens=100, reserve_tokens=50, system="很长的系统提示。" * 100, counter=char_counter)
    assert info.value.budget == 50 and info.value.needed > 50
    assert "50" in str(info.value) and str(info.value.needed) in str(info.value)


@pytest.mark.parametrize("bad", [{"max_tokens": 0}, {"reserve_tokens": 5000}, {"max_tokens": "4096"},
                                 {"nonsense_option": 1}, {"counter": "exact"}])
def test_bad_config(bad):
    with pytest.raises(ConfigError):
        create_memory("sliding", **bad)


def test_unknown_strategy():
    with pytest.raises(ConfigError, match="full, fixed, sliding, summary, hybrid"):
        create_memory("lru")


@pytest.mark.parametrize("name", list(STRATEGIES))
async def test_leading_system_message_is_pinned(name):
    mem = create_memory(name, counter=char_counter, max_tokens=200, reserve_tokens=20)
    await mem.add(Message("system", SYSTEM))
    for i in range(60):
        await mem.add(Message("user", f"问题 {i} " + "内容" * 20, ts=i * 30.0))
        await mem.add(Message("assistant", f"回答 {i} " + "内容" * 20, ts=i * 30.0 + 1))
        await mem.flush()
    assert mem.context().messages[0] == {"role": "system", "content": SYSTEM}


@pytest.mark.parametrize("name", BOUNDED)
async def test_oversized_message_is_capped_not_lost(name):
    mem = create_memory(name, max_tokens=1000, reserve_tokens=100, system=SYSTEM, counter=char_counter)
    await mem.add(Message("user", "第一个问题"))
    await mem.add(Message("assistant", "第一个回答"))
    huge = "HEAD " + "日志行 " * 5000 + " TAIL"
    await mem.add(Message("user", huge))
    ctx = mem.context()
    shown = ctx.messages[-1]["content"]
    assert shown.startswith("HEAD") and shown.endswith("TAIL") and "characters omitted" in shown
    assert ctx.tokens <= 900
    assert any(m["content"] == "第一个回答" for m in ctx.messages), "one huge message flushed the window"
    assert mem.history()[-1].content == huge  # stored whole
    assert mem.stats.capped_messages == 1


async def test_fixed_keeps_last_n_rounds():
    mem = create_memory("fixed", rounds=3, counter=char_counter, system=SYSTEM)
    for i in range(10):
        await mem.add(Message("user", f"q{i}"))
        await mem.add(Message("assistant", f"a{i}"))
    contents = [m["content"] for m in mem.context().messages[1:]]
    assert contents == ["q7", "a7", "q8", "a8", "q9", "a9"]


async def test_sliding_fills_newest_first_under_budget_minus_overlap():
    mem = create_memory("sliding", max_tokens=300, reserve_tokens=50, overlap_tokens=40, counter=char_counter,
                        system="s")
    for i in range(30):
        await mem.add(Message("user", f"question {i:02d} " * 3))
        await mem.add(Message("assistant", f"answer {i:02d} " * 3))
    ctx = mem.context()
    assert ctx.tokens <= 300 - 50 - 40
    assert ctx.messages[-1]["content"].startswith("answer 29")
    # adding the next group would exceed the budget: the window is as full as it can be
    assert ctx.tokens + 2 * (char_counter("question 00 " * 3) + 4) > 300 - 50 - 40
    with pytest.raises(ConfigError):
        create_memory("sliding", max_tokens=300, reserve_tokens=50, overlap_tokens=260, counter=char_counter)


async def test_add_rejects_non_messages():
    mem = create_memory("sliding", counter=char_counter)
    with pytest.raises(TypeError):
        await mem.add({"role": "user", "content": "hi"})
    with pytest.raises(TypeError):
        mem.context(query=42)


PLANTED = {"name:self": "王小明", "phone": "13812345678", "amount:预算": "5万元", "email": "wxm@example.com"}


@pytest.mark.parametrize("low_water", [None, 0.6])
@pytest.mark.parametrize("name", BOUNDED)
async def test_facts_never_lost(name, low_water):
    """With the fact table on, planted facts stay in the table and pinned in the prompt,
    however far the conversation moves on, and a newer value supersedes the old one."""
    mem = create_memory(name, max_tokens=800, reserve_tokens=100, system=SYSTEM, facts=True, low_water=low_water,
                        counter=char_counter, **({"cooldown_s": 0} if name in ("summary", "hybrid") else {}))
    await mem.add(Message("user", "我叫王小明，手机 13812345678，邮箱 wxm@example.com，预算 3万元", ts=0))
    await mem.add(Message("assistant", "好的，已记录。", ts=1))
    await mem.add(Message("user", "预算改成5万元", ts=2))
    for i in range(80):
        await mem.add(Message("user", f"第{i}轮：请再解释一下流程的细节。", ts=30.0 * i + 30))
        await mem.add(Message("assistant", "流程是先确认需求，再安排实施，最后验收。", ts=30.0 * i + 31))
        await mem.flush()
    assert {k: mem.facts.values().get(k) for k in PLANTED} == PLANTED
    assert mem.facts.get("amount:预算").history == [("3万元", 1)]
    text = mem.context().text()
    assert all(v in text for v in PLANTED.values())


@pytest.mark.parametrize("name", BOUNDED)
async def test_budget_override_for_one_call(name):
    mem = create_memory(name, system=SYSTEM, counter=char_counter, **({"cooldown_s": 0} if name in
                                                                       ("summary", "hybrid") else {}))
    for i in range(40):
        await mem.add(Message("user", f"第{i}轮问题：" + "细节" * 30, ts=30.0 * i))
        await mem.add(Message("assistant", "回答" * 30, ts=30.0 * i + 1))
        await mem.flush()
    small = mem.context(query="问题", budget=300)
    check_invariants(mem, small, char_counter, "第39轮问题：" + "细节" * 30)
    assert small.tokens <= 300 < mem.context(query="问题").tokens
    with pytest.raises(TypeError):
        mem.context(budget=-1)
