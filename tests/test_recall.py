"""Recall of evicted turns (BM25 over words and CJK bigrams)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from edge_agent.memory import create_memory
from edge_agent.memory.recall import RecallArchive, analyze
from edge_agent.messages import Message
from tests.conftest import char_counter


def test_analyze_words_and_bigrams():
    assert analyze("订单号 #2025 Order-7") == ["订单", "单号", "2025", "order-7"]
    assert analyze("我") == ["我"]


def test_bm25_ranks_the_relevant_group_first():
    a = RecallArchive()
    a.add([Message("user", "我的收货地址是上海市浦东新区"), Message("assistant", "已记录地址")], 30)
    a.add([Message("user", "今天天气怎么样"), Message("assistant", "晴天")], 10)
    a.add([Message("user", "The router keeps rebooting every night")], 12)
    hits = a.search("收货地址是哪里？")
    assert hits and "浦东新区" in hits[0][0]
    assert a.search("router reboot")[0][0].startswith("user: The router")
    assert a.search("完全无关的查询 zzz") == []


def test_archive_is_bounded():
    a = RecallArchive(max_bytes=2000)
    for i in range(100):
        a.add([Message("user", f"消息 {i} " + "内容" * 20)], 20)
    assert a.nbytes <= 2000 and len(a) < 100
    assert a.search("消息 99")  # the newest survive


@pytest.mark.parametrize("name", ["fixed", "sliding", "summary", "hybrid"])
async def test_evicted_turn_comes_back_for_its_query(name):
    mem = create_memory(name, max_tokens=500, reserve_tokens=100, recall=True, facts=False,
                        counter=char_counter, system="s", **({"rounds": 3} if name == "fixed" else {}))
    await mem.add(Message("user", "我的收货地址是上海市浦东新区世纪大道100号", ts=0))
    await mem.add(Message("assistant", "好的，地址已记录。", ts=1))
    for i in range(30):
        await mem.add(Message("user", f"第{i}个问题：产品保修多久？", ts=30.0 * i + 30))
        await mem.add(Message("assistant", "保修一年。", ts=30.0 * i + 31))
        await mem.flush()
    assert mem.context().sections["recall"] == 0           # no query: nothing recalled
    if name in ("fixed", "sliding"):
        assert "世纪大道" not in mem.context().text()      # (summary/hybrid keep it in the summary)
    ctx = mem.context(query="我的收货地址是哪里？")
    assert ctx.text().count("世纪大道100号") == 1 and ctx.tokens <= 400  # present, and not twice
    if name in ("fixed", "sliding"):
        assert 0 < ctx.sections["recall"] <= 400
        recall = next(m["content"] for m in ctx.messages if m["content"].startswith("Earlier turns"))
        assert "世纪大道100号" in recall
    else:
        assert ctx.sections["recall"] == 0  # the summary already carries it: recall adds nothing new


PROMPTS = """
import asyncio, hashlib
from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.scenario import SYSTEM, conversation

async def main():
    digest = hashlib.sha256()
    for name in ("summary", "hybrid"):
        mem = create_memory(name, system=SYSTEM, cooldown_s=0)
        for t, (user, reply) in enumerate(conversation(120)):
            await mem.add(Message("user", user, ts=30.0 * t))
            digest.update(mem.context(query=user).text().encode())
            await mem.add(Message("assistant", reply, ts=30.0 * t + 1))
            await mem.flush()
    print(digest.hexdigest())

asyncio.run(main())
"""


def test_prompts_do_not_depend_on_the_hash_seed():
    """The same conversation gives the same prompts in every process (recall ranked its terms
    in set order, so ties broke by Python's per-process string hash)."""
    outs = {subprocess.run([sys.executable, "-c", PROMPTS], env={**os.environ, "PYTHONHASHSEED": seed},
                           capture_output=True, text=True, check=True).stdout for seed in ("1", "3", "6")}
    assert len(outs) == 1, outs
