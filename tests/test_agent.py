"""Agent.turn and the LLM summarizer with real backends."""

from __future__ import annotations

import pytest

from edge_agent.agent import Agent
from edge_agent.backends import Router, Timeouts
from edge_agent.backends.cloud import CloudBackend
from edge_agent.errors import AllBackendsFailed
from edge_agent.memory import create_memory
from edge_agent.memory.extract import extract
from edge_agent.messages import Message
from edge_agent.summarize import LLMSummarizer
from tests.servers import free_port


async def test_turn_stores_both_messages_and_reports(local):
    agent = Agent(Router(local=local), strategy="sliding", system="You are brief.", max_reply_tokens=16)
    deltas: list[str] = []
    result = await agent.turn("s1", "Say hello.", stream=True, on_delta=deltas.append)
    assert result.reply == "".join(deltas) and result.backend == "local" and result.fallback_reason is None
    assert result.usage.prompt_tokens > 0 and result.timings["first_token_s"] is not None
    assert result.timings["memory_s"] < result.timings["total_s"]
    history = agent.memory("s1").history()
    assert [m.role for m in history] == ["user", "assistant"] and history[1].content == result.reply
    # the memory counts with the local model's own vocabulary, under its n_ctx
    mem = agent.memory("s1")
    assert mem.counter is local.tokenizer and mem.max_tokens <= local.n_ctx
    second = await agent.turn("s1", "Again.")
    assert second.context_tokens > result.context_tokens
    await agent.aclose()


async def test_cloud_failure_falls_back_and_says_why(cloud_url, local):
    dead = CloudBackend(f"http://127.0.0.1:{free_port()}/v1", timeouts=Timeouts(connect_s=1), backoff_s=0.01)
    agent = Agent(Router(cloud=dead, local=local), strategy="summary", max_reply_tokens=8)
    result = await agent.turn("s", "Name a fruit.")
    assert result.backend == "local" and "connection failed" in result.fallback_reason
    await agent.aclose()


async def test_when_every_backend_fails_the_message_is_still_stored():
    dead = CloudBackend(f"http://127.0.0.1:{free_port()}/v1", backoff_s=0.01)
    agent = Agent(Router(cloud=dead, policy="cloud_only"), strategy="sliding")
    with pytest.raises(AllBackendsFailed):
        await agent.turn("s", "我叫王小明，订单号 #20250115001")
    assert [m.content for m in agent.memory("s").history()] == ["我叫王小明，订单号 #20250115001"]
    await agent.aclose()


TURNS = [
    ("我叫王小明，手机 13812345678，订单号 #20250115001。", "好的，已记录。"),
    ("预算 5 万元，交付日期 2025年3月15日。", "明白。"),
    ("我们决定采用方案A，下周三前给初稿。", "好的。"),
    ("再确认一下安装环境的要求。", "需要220V电源和通风。"),
]


async def test_llm_summary_never_drops_a_key_fact(local):
    """Whatever the 135M model writes, a committed summary keeps every key-fact value of the
    turns it replaced (or the extractive summary replaced a rejected one)."""
    summarizer = LLMSummarizer(local)
    mem = create_memory("summary", max_tokens=1024, reserve_tokens=128, facts=False, recall=False,
                        max_recent_tokens=60, keep_last=2, cooldown_s=0, summarizer=summarizer,
                        summary_token_limit=200, counter=local.tokenizer)  # room for every fact line
    ts = 0.0
    for user, reply in TURNS:
        ts += 30
        await mem.add(Message("user", user, ts=ts))
        await mem.add(Message("assistant", reply, ts=ts + 1))
        await mem.flush()
    assert mem.stats.compressions >= 1 and summarizer.llm_calls >= 1
    replaced = [u for u, _ in TURNS if not any(m.content == u for m in mem.history())]
    summary = "\n".join(mem.summary)
    for text in replaced:
        for fact in extract(text):
            assert fact.value in summary, (fact.value, summary, summarizer.rejections)
    assert sum(local.tokenizer(line) + 1 for line in mem.summary) <= 200


async def test_llm_summarizer_backend_failure_keeps_history():
    dead = CloudBackend(f"http://127.0.0.1:{free_port()}/v1", max_retries=0)
    mem = create_memory("summary", max_tokens=1024, reserve_tokens=128, max_recent_tokens=40, cooldown_s=0,
                        summarizer=LLMSummarizer(dead), counter=len)
    for i, (user, reply) in enumerate(TURNS):
        await mem.add(Message("user", user, ts=30.0 * i))
        await mem.add(Message("assistant", reply, ts=30.0 * i + 1))
        await mem.flush()
    assert mem.stats.compressions == 0 and mem.stats.compression_failures >= 1
    assert [m.content for m in mem.history()][::2] == [u for u, _ in TURNS]
    assert mem.mode == "summary:fallback-sliding"
    await dead.aclose()


async def test_local_fallback_with_a_smaller_context_still_answers(local):
    """cloud_first budgets in the cloud tokenizer's tokens (4096); the local fallback has 1024
    and counts Chinese at about twice as many tokens. The turn must still be answered."""
    from tests.test_compression import talk

    dead = CloudBackend(f"http://127.0.0.1:{free_port()}/v1", max_retries=0)
    agent = Agent(Router(cloud=dead, local=local), strategy="sliding", max_reply_tokens=8)
    await talk(agent.memory("s"), 0, 60)  # a long Chinese history, well over 1024 local tokens
    result = await agent.turn("s", "订单 #20250000059 现在到哪里了？")
    assert result.backend == "local" and "shorter context" in result.fallback_reason
    assert result.usage.prompt_tokens < local.n_ctx
    await agent.aclose()


@pytest.mark.parametrize("mode", ["500", "malformed_json", "cut_stream"])
async def test_every_fault_ends_in_an_answer_with_the_turn_stored(proxy, local, mode):
    proxy.mode = mode
    cloud = CloudBackend(proxy.url, model="m", backoff_s=0.01, timeouts=Timeouts(total_s=10))
    agent = Agent(Router(cloud=cloud, local=local), strategy="summary", max_reply_tokens=8)
    result = await agent.turn("s", "Name a fruit.", stream=True)
    assert result.backend == "local" and result.fallback_reason
    assert [m.role for m in agent.memory("s").history()] == ["user", "assistant"]
    await agent.aclose()


async def test_sessions_persist_across_agents(tmp_path, local):
    from edge_agent.store.sqlite import SQLiteStore

    store = await SQLiteStore(tmp_path).open()
    first = Agent(Router(local=local), strategy="summary", store=store, max_reply_tokens=6)
    await first.turn("t/s", "我叫王小明，手机 13812345678。")
    await first.turn("t/s", "Name a colour.")
    before = (await first.open("t/s")).context(query="手机").messages
    await first.drop("t/s")
    assert "t/s" not in first.sessions
    second = Agent(Router(local=local), strategy="summary", store=store, max_reply_tokens=6)
    assert (await second.open("t/s")).context(query="手机").messages == before
    state, log = await store.load("t/s")
    assert [m.role for _, m in log] == ["user", "assistant"] * 2
    await store.aclose()


async def test_store_failure_is_raised_and_nothing_half_kept(tmp_path, local):
    from edge_agent.store.sqlite import SQLiteStore, StoreError

    store = await SQLiteStore(tmp_path).open()
    agent = Agent(Router(local=local), strategy="sliding", store=store, max_reply_tokens=4)
    await agent.turn("s", "hello")
    await store.aclose()                      # the disk goes away under the agent
    with pytest.raises(StoreError):
        await agent.turn("s", "again")
    assert "s" not in agent.sessions          # RAM never holds what the disk does not


async def test_busy_session_and_idle_eviction(local):
    import asyncio

    from edge_agent.agent import SessionBusy

    agent = Agent(Router(local=local), strategy="sliding", max_reply_tokens=64, queue_per_session=1)
    slow = asyncio.create_task(agent.turn("s", "Tell me a long story."))
    await asyncio.sleep(0.05)
    with pytest.raises(SessionBusy):
        await agent.turn("s", "me too")
    await slow
    assert (await agent.turn("other", "hi")).reply is not None
    assert await agent.evict_idle(idle_s=0) == 2 and not agent.sessions
