"""export_state / restore: a session comes back exactly, with nothing summarized again."""

from __future__ import annotations

import json

import pytest

from edge_agent.errors import ConfigError
from edge_agent.memory import STRATEGIES, create_memory
from edge_agent.messages import Message
from tests.conftest import char_counter


def config(name):
    extra = {"cooldown_s": 0, "max_recent_tokens": 300} if name == "summary" else {}
    extra |= {"cooldown_s": 0} if name == "hybrid" else {}
    return dict(max_tokens=1200, reserve_tokens=200, system="你是客服助手。", counter=char_counter, **extra)


@pytest.mark.parametrize("name", list(STRATEGIES))
async def test_restore_gives_the_same_context(name):
    log: list[tuple[int, Message]] = []
    mem = create_memory(name, **config(name))
    for i in range(40):
        for msg in (Message("user", f"第{i}轮：订单 #{20250000 + i} 的地址是上海市{i}号，预算 {i} 万元", ts=30.0 * i),
                    Message("assistant", f"好的，第{i}轮已记录。", ts=30.0 * i + 1)):
            log.append((mem.next_seq, msg))
            await mem.add(msg)
        await mem.flush()
    state = json.loads(json.dumps(mem.export_state(), ensure_ascii=False))  # survives JSON
    back = create_memory(name, **config(name))
    back.restore(state, log)
    for query in (None, "订单 #20250003 的地址是哪里？"):
        assert back.context(query=query).messages == mem.context(query=query).messages
    assert back.next_seq == mem.next_seq and back.stats == mem.stats
    msg = Message("user", "新的问题", ts=9999.0)
    await mem.add(msg)
    await back.add(msg)
    assert back.context().messages == mem.context().messages


def test_restore_checks_strategy_and_freshness():
    mem = create_memory("sliding", counter=char_counter)
    state = create_memory("fixed", counter=char_counter).export_state()
    with pytest.raises(ConfigError):
        mem.restore(state, [])
