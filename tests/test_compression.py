"""Summary and hybrid memory: thresholds, cooldown, one compression at a time, messages that
arrive meanwhile, and nothing lost when the summarizer fails."""

from __future__ import annotations

import re

import asyncio
from datetime import date

import pytest

from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.memory.timeref import read_day
from edge_agent.summarize import ExtractiveSummarizer, Summarizer, by_day, shown_tokens
from tests.conftest import char_counter

SYSTEM = "你是客服助手。"


class Gate:
    """A summarizer that waits until released, then answers like the extractive one."""

    llm_calls = 0

    def __init__(self):
        self.started = asyncio.Event()
        self.release = asyncio.Event()
        self.calls = 0

    async def summarize(self, previous, messages, *, max_tokens, counter, pinned=()):
        self.calls += 1
        self.started.set()
        await self.release.wait()
        return await ExtractiveSummarizer().summarize(previous, messages, max_tokens=max_tokens, counter=counter,
                                                     pinned=pinned)


class Broken:
    llm_calls = 0

    def __init__(self, result=None, exc=RuntimeError("model unavailable")):
        self.result, self.exc, self.calls = result, exc, 0

    async def summarize(self, previous, messages, *, max_tokens, counter, pinned=()):
        self.calls += 1
        if self.exc is not None:
            raise self.exc
        return self.result


async def talk(mem, start, n, ts0=0.0, step=30.0, settle=False):
    """n rounds; ``settle`` awaits background work after each, as a reply would."""
    for i in range(start, start + n):
        if settle:
            await mem.flush()
        await mem.add(Message("user", f"第{i}轮：我的问题是关于订单 #{20250000 + i} 的物流状态。", ts=ts0 + i * step))
        await mem.add(Message("assistant", f"第{i}轮回答：订单 #{20250000 + i} 已发货，预计明天送达。",
                              ts=ts0 + i * step + 1))


def summary_mem(**kw):
    cfg = dict(max_tokens=2000, reserve_tokens=200, system=SYSTEM, counter=char_counter, max_recent_tokens=300)
    cfg.update(kw)
    return create_memory("summary", **cfg)


def test_protocol_is_runtime_checkable():
    assert isinstance(ExtractiveSummarizer(), Summarizer)


async def test_compresses_past_threshold_and_keeps_last_messages():
    mem = summary_mem()
    await talk(mem, 0, 12)
    await mem.flush()
    assert mem.stats.compressions >= 1 and mem.summary
    assert len(mem) <= 12  # the summarized groups left the ring
    ctx = mem.context()
    assert ctx.sections["summary"] > 0 and ctx.messages[-1]["content"].startswith("第11轮回答")
    # verbatim facts, each with its day: "[1970年1月1日] user: ..."
    assert all(re.match(r"\[(\d{1,2} \w+ \d{4}|\d{4}年\d{1,2}月\d{1,2}日)\] (user|assistant): ", line) for line in mem.summary), mem.summary


async def test_summary_is_capped():
    mem = summary_mem(summary_token_limit=60)
    await talk(mem, 0, 30)
    await mem.flush()
    assert sum(char_counter(line) + 1 for line in mem.summary) <= 60


async def test_cooldown_reads_message_timestamps():
    mem = summary_mem(cooldown_s=20)
    await talk(mem, 0, 10, step=1.0)     # all within 20 s: one compression at most
    await mem.flush()
    assert mem.stats.compressions == 1
    await talk(mem, 10, 10, step=1.0)
    await mem.flush()
    assert mem.stats.compressions == 1   # still inside the cooldown by the messages' ts
    await talk(mem, 40, 4, step=30.0)    # ts now far past the cooldown
    await mem.flush()
    assert mem.stats.compressions == 2


async def test_one_compression_at_a_time_and_new_messages_are_kept():
    gate = Gate()
    mem = summary_mem(summarizer=gate, cooldown_s=0)
    await talk(mem, 0, 8)
    await asyncio.wait_for(gate.started.wait(), 5)
    assert mem.compressing
    await talk(mem, 8, 10)               # add() returns while the compression is blocked
    assert gate.calls == 1               # no second compression while one runs
    gate.release.set()
    await mem.flush()
    contents = [m.content for m in mem.history()]
    for i in range(8, 18):               # everything that arrived during the compression is kept
        assert any(c.startswith(f"第{i}轮：") for c in contents)


async def test_failure_loses_nothing_and_falls_back_to_sliding_window():
    broken = Broken()
    mem = summary_mem(summarizer=broken, cooldown_s=0)
    await talk(mem, 0, 15)
    await mem.flush()
    before = mem.history()
    assert broken.calls >= 1 and mem.stats.compression_failures >= 1
    assert mem.mode == "summary:fallback-sliding" and not mem.summary
    assert len(before) == 30 and [m.content for m in before][0].startswith("第0轮")
    ctx = mem.context()
    assert ctx.tokens <= 1800 and ctx.messages[-1]["content"].startswith("第14轮回答")
    # the summarizer recovers: the next compression commits and the mode returns to normal
    mem.summarizer = ExtractiveSummarizer()
    await talk(mem, 15, 2)
    await mem.flush()
    assert mem.stats.compressions == 1 and mem.mode == "summary"


@pytest.mark.parametrize("result", [None, "not a list", [1, 2]])
async def test_garbage_from_summarizer_is_a_failure(result):
    mem = summary_mem(summarizer=Broken(result=result, exc=None), cooldown_s=0)
    await talk(mem, 0, 12)
    await mem.flush()
    assert mem.stats.compressions == 0 and mem.stats.compression_failures >= 1 and len(mem) == 24


async def test_paused_by_watchdog_degrades_to_sliding():
    mem = summary_mem(cooldown_s=0)
    mem.pause()
    await talk(mem, 0, 15)
    await mem.flush()
    assert mem.stats.compressions == 0 and mem.mode == "summary:degraded-sliding"
    assert mem.context().tokens <= 1800
    mem.pause(False)
    await talk(mem, 15, 1)
    await mem.flush()
    assert mem.stats.compressions == 1


async def test_hybrid_message_count_policy():
    mem = create_memory("hybrid", max_tokens=8000, reserve_tokens=500, system=SYSTEM, counter=char_counter,
                        cooldown_s=0)
    await talk(mem, 0, 9)                          # 18 messages: keep all
    assert len([m for m in mem.context().messages if m["role"] != "system"]) == 18
    await talk(mem, 9, 6)                          # 30 messages: slide to the last 20
    recent = [m for m in mem.context().messages if m["role"] != "system"]
    assert len(recent) == 20 and recent[0]["content"].startswith("第5轮：")
    assert mem.stats.compressions == 0
    await talk(mem, 15, 6)                         # 42 messages: compress the middle
    await mem.flush()
    assert mem.stats.compressions == 1 and len(mem) <= 22
    ctx = mem.context()
    assert ctx.sections["summary"] > 0 and ctx.messages[-1]["content"].startswith("第20轮回答")


async def test_hybrid_rounds_form():
    mem = create_memory("hybrid", form="rounds", recent_rounds=3, system=SYSTEM, counter=char_counter,
                        cooldown_s=0)
    await talk(mem, 0, 7)
    await mem.flush()
    assert mem.stats.compressions == 1
    ctx = mem.context()
    assert ctx.messages[1]["role"] == "system"     # facts/summary follow the system prompt
    convo = [m["content"] for m in ctx.messages if m["role"] != "system"]
    assert convo[0].startswith("第4轮：") and len(convo) == 6


async def test_hybrid_failure_degrades_to_sliding():
    mem = create_memory("hybrid", system=SYSTEM, counter=char_counter, cooldown_s=0, summarizer=Broken())
    await talk(mem, 0, 25)
    await mem.flush()
    assert mem.stats.compression_failures >= 1 and len(mem) == 50
    assert mem.mode == "hybrid:fallback-sliding"
    assert mem.context().messages[-1]["content"].startswith("第24轮回答")


async def test_facts_survive_compression():
    mem = summary_mem(cooldown_s=0, max_recent_tokens=200)
    await mem.add(Message("user", "我叫王小明，手机 13812345678，预算 5 万元", ts=0))
    await mem.add(Message("assistant", "好的，已记录。", ts=1))
    await talk(mem, 1, 40, settle=True)
    await mem.flush()
    assert mem.stats.compressions >= 2
    text = mem.context().text()
    for value in ("王小明", "13812345678", "5 万元"):
        assert value in text


async def test_repeated_failures_back_off():
    broken = Broken()
    mem = summary_mem(summarizer=broken, cooldown_s=20)
    await talk(mem, 0, 60, step=30.0, settle=True)   # 30 minutes of conversation
    # every turn would try (30 s > 20 s cooldown); doubling the cooldown per failure tries ~6 times
    assert 3 <= broken.calls <= 8, broken.calls
    assert len(mem.history()) == 120  # and nothing was lost


async def test_a_desks_stock_sentences_are_left_out_of_the_summary():
    """A sentence the desk says twice or more, verbatim and without a fact, promises nothing
    of this conversation: the summary keeps the customer's lines instead. A repeated line
    that holds a value stays, and a line's own day tag is no fact of it."""
    stock = "后续进度会通过短信通知您，请留意。"
    messages = [Message("assistant", f"好的，已为您记录。{stock}", ts=0.0),
                Message("user", "主要是它最近老是抓耳朵", ts=1.0),
                Message("assistant", f"了解，我帮您跟进。{stock}", ts=2.0),
                Message("user", "电话 13912345678", ts=3.0),
                Message("user", "电话 13912345678", ts=4.0)]
    lines = await ExtractiveSummarizer().summarize([], messages, max_tokens=500, counter=char_counter)
    assert not any(stock in line for line in lines)
    assert any("抓耳朵" in line for line in lines)
    assert any("13912345678" in line for line in lines)
    assert len(ExtractiveSummarizer().select([], [f"[1970年1月1日] assistant: {stock}"] * 2, 500, char_counter)) == 0


def test_the_summary_names_each_day_once():
    """The prompt shows a day on a line of its own where it changes; the lines under it do
    not repeat it. A day in the other language (a line of digits alone is stamped in English)
    is the same day; untagged lines stay as they are and end the day's run."""
    lines = ["[2025年9月14日] user: 你好，我想带球球来做绝育手术",
             "[14 September 2025] user: 17146334062",
             "[2025年9月14日] assistant: 请问怎么称呼您？",
             "[2025年9月15日] user: 周敏",
             "- a line an LLM summary wrote",
             "[2025年9月15日] user: 到时候我们四个人陪它去"]
    shown = ["[2025年9月14日]", "user: 你好，我想带球球来做绝育手术", "user: 17146334062", "assistant: 请问怎么称呼您？",
             "[2025年9月15日]", "user: 周敏", "- a line an LLM summary wrote",
             "[2025年9月15日]", "user: 到时候我们四个人陪它去"]
    assert by_day(lines) == shown
    # each line's tokens as shown, its day's line counted with the first of a run
    assert sum(shown_tokens(lines, char_counter)) == sum(char_counter(x) + 1 for x in shown)
    assert read_day("14 September 2025") == read_day("2025年9月14日") == date(2025, 9, 14)
    assert read_day("2025年2月30日") is None and read_day("14 Septober 2025") is None and read_day("今天") is None


async def test_a_line_left_out_takes_no_day_and_a_line_kept_keeps_its_own():
    """Under a cap too small for the whole summary, a day is shown for the lines picked:
    a short line of the second day is never shown under the first day's line."""
    mem = summary_mem()
    lines = ["[2025年9月14日] user: 你好，我想带球球来做绝育手术，麻烦帮我约一下时间",
             "[2025年9月15日] user: 先说好，别用有香味的清洁剂，我有哮喘，这个一定要记住",
             "[2025年9月15日] user: 周敏"]
    mem._set_summary([(line, char_counter(line) + 1) for line in lines])
    full = mem._fit_summary(10_000, 30_000)
    assert full[0].count("[2025年9月15日]") == 1
    for cap in range(full[1], 0, -1):
        text, tokens = mem._fit_summary(cap, 30_000)
        assert tokens <= cap
        day = None
        for row in text.splitlines()[1:]:
            if row.startswith("["):
                day = row
            else:
                assert any(line == f"{day} {row}" for line in lines), (cap, text)


async def test_a_summary_of_one_day_costs_its_day_once():
    mem = summary_mem(cooldown_s=0)
    await talk(mem, 0, 12)
    await mem.flush()
    assert len(mem.summary) >= 2 and all(line.startswith("[1970年1月1日] ") for line in mem.summary)
    block = next(m["content"] for m in mem.context().messages if m["content"].startswith("Summary of"))
    assert block.count("1970年1月1日") == 1
    body = [line.split("] ", 1)[1] for line in mem.summary]
    assert block.splitlines()[2:] == body   # every line, verbatim, after the header and the day
    # the summary as stored (and exported) keeps each line's day
    assert mem.export_state()["summary"] == mem.summary


def test_a_lines_date_note_is_no_fact_of_it():
    """"今天先这样 (今天 = ...)" said on two days is one stock sentence without a value: the
    note a relative date gets is no fact of the line, and no difference between the two."""
    lines = ["[1970年1月1日] assistant: 今天先这样 (今天 = 1970年1月1日)",
             "[1970年1月2日] assistant: 今天先这样 (今天 = 1970年1月2日)",
             "[1970年1月2日] user: 先说好，别用有香味的清洁剂，我有哮喘"]
    assert ExtractiveSummarizer().select([], lines, 500, char_counter) == lines[2:]


def test_a_summarized_line_stays_until_a_value_needs_its_room():
    """A recursive summary is made again at every compression: a line it holds is not traded
    for fresh chat that holds no value, only for a line with one."""
    kept = "[1970年1月1日] user: 先说好，别用有香味的清洁剂，我有哮喘"
    chat = [f"[1970年1月2日] user: {s}" for s in ("我看看日历再说", "等下，我看看日历", "我再看看日历吧")]
    room = char_counter(kept) + 1
    assert ExtractiveSummarizer().select([kept], chat, room, char_counter) == [kept]
    phone = "[1970年1月2日] user: 电话改成13912345678"
    assert ExtractiveSummarizer().select([kept], [*chat, phone], char_counter(phone) + 1, char_counter) == [phone]
