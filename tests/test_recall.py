"""Recall of evicted turns (BM25 over words and CJK bigrams)."""

from __future__ import annotations

import os
import subprocess
import sys

from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from edge_agent.memory import create_memory, lexicon, question
from edge_agent.memory.terms import simplified
from edge_agent.memory.recall import Question, RecallArchive, _Docs, analyze, terms
from edge_agent.messages import Message
from tests.conftest import char_counter


def test_analyze_words_and_bigrams():
    assert analyze("订单号 #2025 Order-7") == ["订单", "单号", "2025", "order-7"]
    assert analyze("我") == ["我"]


def add_all(archive, messages):
    for seq, msg in enumerate(messages):
        archive.add(msg, 10, seq)


def test_terms_drop_stopwords_and_stem():
    assert terms("When did she go to the races?") == ["rac"]
    assert terms("I ran a charity race last Saturday") == ["ran", "charity", "rac", "last", "saturday"]
    assert "的吗" not in terms("你的订单号是多少呢") and "订单" in terms("你的订单号是多少呢")


def test_bm25_ranks_the_relevant_message_first():
    a = RecallArchive()
    add_all(a, [Message("user", "我的收货地址是上海市浦东新区"), Message("assistant", "已记录地址"),
                Message("user", "今天天气怎么样"), Message("assistant", "晴天"),
                Message("user", "The router keeps rebooting every night")])
    hits = a.search("收货地址是哪里？")
    assert hits and "浦东新区" in hits[0].line
    assert a.search("router reboots")[0].line.startswith("user: The router")
    assert a.search("完全无关的查询 zzz") == []


def test_a_reply_next_to_a_hit_comes_with_it():
    """The answer to a relevant question shares its score (same turn group), a message of
    another group does not."""
    a = RecallArchive()
    add_all(a, [Message("user", "What is the return policy for opened headphones?"),
                Message("assistant", "Within 14 days, with the receipt."),
                Message("user", "Thanks."), Message("assistant", "Anything else?")])
    lines = [h.line for h in a.search("return policy headphones")]
    assert lines[:2] == ["user: What is the return policy for opened headphones?",
                         "assistant: Within 14 days, with the receipt."]
    assert not any("Anything else" in line for line in lines)


def test_a_message_the_prompt_already_says_is_left_out_a_mostly_said_one_is_not():
    """Novelty: a hit is skipped only when the rest of the prompt (facts, summary) already holds
    nearly all its terms; a summary fragment that shares most words still leaves the verbatim
    message its place ("when" and "where" are often in the words the fragment lacks)."""
    a = RecallArchive()
    add_all(a, [Message("user", "Moving to Ashby, keys on July 9th"),
                Message("user", "Moving flat in Ashby"), Message("user", "unrelated chatter about tea")])
    hits = a.search("moving Ashby")
    words = terms("moving to ashby, keys on july, flat")
    covered = frozenset(words) | frozenset(lexicon.concepts(words))   # as a shown block's terms
    kept = {h.line for h in a.pick(hits, 500, covered=covered)[0]}
    assert "user: Moving flat in Ashby" not in kept                 # every term already shown
    assert "user: Moving to Ashby, keys on July 9th" in kept       # "9th" is new: 1 of 5 terms
    assert len(a.pick(hits, 500, covered=covered | {"9th"})[0]) == 0


def test_search_before_leaves_out_newer_messages():
    a = RecallArchive()
    add_all(a, [Message("user", f"the blue kettle, note {i}") for i in range(5)])
    assert {h.seq for h in a.search("blue kettle", before=3)} == {0, 1, 2}


def test_recalled_lines_are_dated_and_relative_dates_resolved():
    from datetime import datetime
    a = RecallArchive()
    ts = datetime(2023, 5, 25, 20, 0).timestamp()
    add_all(a, [Message("user", "I ran a charity race last Saturday!", ts=ts),
                Message("user", "我上周三去医院复查了。", ts=ts + 86400)])
    text = a.render(a.search("charity race") + a.search("医院复查"))
    assert "[25 May 2023]" in text and "(last Saturday = 20 May 2023)" in text
    assert "[2023年5月26日]" in text and "上周三 = 2023年5月17日" in text
    assert text.index("charity") < text.index("医院")     # oldest first


def test_archive_is_bounded():
    a = RecallArchive(max_bytes=2000)
    for i in range(100):
        a.add(Message("user", f"消息 {i} " + "内容" * 20), 20, i)
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
        recall = next(m["content"] for m in ctx.messages if m["content"].startswith("Earlier in this conversation"))
        assert "世纪大道100号" in recall
    else:  # the summary already carries it: recall does not repeat it
        assert not any("世纪大道" in m["content"] for m in ctx.messages if m["content"].startswith("Earlier in"))


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


def test_concepts_bridge_words_the_question_does_not_share():
    """"What kind of dog" finds "Otis the labrador" (memory/lexicon.py), a literal match still
    ranks first."""
    a = RecallArchive()
    add_all(a, [Message("user", "So Otis the labrador lives with us now."),
                Message("user", "The printer jammed again."),
                Message("user", "My dog hates the rain.")])
    lines = [h.line for h in a.search("What kind of dog did I adopt?")]
    assert lines[0] == "user: My dog hates the rain." and "user: So Otis the labrador lives with us now." in lines
    assert not any("printer" in line for line in lines)


@pytest.mark.parametrize("question_text, answer", [
    ("我当初为啥找你们来着？", "user: 主要是想自驾游"),                 # a reason
    ("我对样式有啥要求来着？", "user: 教练车想要带倒车影像的"),          # what the customer wants
    ("装修风格我有啥讲究？", "user: 窗帘最好米色，别的都不要"),
])
def test_chinese_concepts_bridge_a_question_to_its_answer(question_text, answer):
    a = RecallArchive()
    add_all(a, [Message("user", "你们一般几点下班？"), Message("user", answer.split(": ", 1)[1]),
                Message("user", "今天外面好冷啊"), Message("user", "排队排到23号了，等我一下")])
    assert [h.line for h in a.search(question_text)][:1] == [answer]


def test_a_question_for_a_kind_finds_the_message_that_names_a_thing_of_it(monkeypatch):
    """"Which genre ..." finds "Put on some fado" and "What does she drink ..." finds "give me
    Irish coffee" (a two-word thing): WordNet's things of a kind (memory/kinds.txt) carry the
    kind's thing term, which a question naming the kind asks for."""
    texts = ["Put on some fado while cleaning and suddenly the flat was spotless.",
             "I'm a simple person: give me Irish coffee and leave me alone for ten minutes.",
             *[f"I was listening to the radio in the car on day {i}, mostly the news." for i in range(6)],
             *[f"What a day {i}, I could drink a whole lake after that walk." for i in range(6)],
             "The printer jammed again."]

    def top(question):
        a = RecallArchive()
        add_all(a, [Message("user", t) for t in texts])
        return [h.line for h in a.search(question)][:3]

    assert any("fado" in line for line in top("Which genre has she been listening to?"))
    assert any("Irish coffee" in line for line in top("What does she drink to cheer up?"))
    monkeypatch.setattr(lexicon, "KIND_WEIGHT", 0.0)
    assert not any("fado" in line for line in top("Which genre has she been listening to?"))


def test_kinds_hold_things_by_their_usual_sense():
    """A word is a thing of a kind when that is its most frequent sense and it is not used more
    often as another part of speech: "cold" is no illness, "port" no wine, a drink no food."""
    look = lexicon.table()
    assert lexicon.thing("music") in look["fado"] and lexicon.thing("food") in look["moussaka"]
    assert lexicon.thing("health") not in look.get("cold", ())
    assert not any(tag.endswith("/thing") for tag in look.get("port", ()))
    assert lexicon.thing("food") not in look.get("ale", ()) and lexicon.thing("drink") in look["ale"]
    assert lexicon.concepts(terms("Which genre do you like?"), question=True) == ["~music"]
    assert lexicon.kinds_asked(terms("Which genre do you like?")) == [lexicon.thing("music")]


def test_where_asks_for_a_place(monkeypatch):
    """"Where did Bram get married?" finds the later "a tiny chapel on Anglesey" (WordNet's
    places), not only the announcement."""
    texts = ["Bram is getting married! November 14th, so in six weeks.",
             *[f"Bram came round on day {i} and we talked about nothing much." for i in range(6)],
             "Honestly perfect. It was at a tiny chapel, on Anglesey, the rain held off.",
             *[f"Work was long on day {i}, then I started dinner at seven." for i in range(6)]]

    def top(question):
        a = RecallArchive()
        add_all(a, [Message("user", t) for t in texts])
        return [h.line for h in a.search(question)][:3]

    assert any("Anglesey" in line for line in top("Where did Bram get married?"))
    monkeypatch.setattr(lexicon, "WHERE_WEIGHT", 0.0)
    assert not any("Anglesey" in line for line in top("Where did Bram get married?"))


def test_places_are_named_places_not_abbreviations():
    look = lexicon.table()
    assert lexicon.thing("place") in look[terms("Valencia")[0]] and lexicon.thing("place") in look["anglesey"]
    assert not any(lexicon.thing("place") in look.get(t, ()) for t in ("oh", "wa", "ny"))
    assert lexicon.asks_where("Where is she moving to?") and not lexicon.asks_where("What is she moving?")
    assert lexicon.kinds_asked(terms("Which city is she moving to?")) == [lexicon.thing("place")]


def test_a_question_about_the_present_prefers_the_newer_message():
    a = RecallArchive()
    add_all(a, [Message("user", "I work as a copy editor at Calder & Finch."),
                *[Message("user", f"small talk {i}") for i in range(20)],
                Message("user", "Big news, I work at Norrow Health from Monday.")])
    assert "Norrow" in a.search("Where do I work now?")[0].line
    assert "Calder" in a.search("Where did I work as a copy editor?")[0].line


async def filled(low_water=None, **kw):
    """A memory whose window is full of small talk after a few planted facts."""
    mem = create_memory("sliding", max_tokens=1300, reserve_tokens=300, counter=char_counter, system="s",
                        recall=True, facts=False, low_water=low_water, **kw)
    planted = ["My sister Farah moved to Austin in spring.", "The spare key is under the blue flowerpot.",
               "Our wifi password is tulip-4417.", "I booked the dentist for the end of the month."]
    for i, text in enumerate(planted):
        await mem.add(Message("user", text, ts=60.0 * i))
        await mem.add(Message("assistant", "Noted.", ts=60.0 * i + 1))
    for i in range(40):
        await mem.add(Message("user", f"Random chatter number {i} about nothing much at all.", ts=1000.0 + 60 * i))
        await mem.add(Message("assistant", "Ha, sure.", ts=1001.0 + 60 * i))
    return mem


@pytest.mark.parametrize("low_water", [None, 0.7])
async def test_recall_has_its_slice_and_more_for_a_question_about_the_past(low_water):
    mem = await filled(low_water)
    plain = mem.context(query="where is the spare key kept")
    past = mem.context(query="Where did I say the spare key was, and when did Farah move?")
    for ctx in (plain, past):
        assert ctx.tokens <= 1000 and "blue flowerpot" in ctx.text()
    assert plain.sections["recall"] > 0 and past.sections["recall"] > plain.sections["recall"]
    assert "Austin" in past.text() and past.sections["recent"] <= plain.sections["recent"]  # from older history
    assert any(m["content"].startswith("Random chatter number 39") for m in past.messages)  # the newest turn stays


async def test_an_ordinary_turn_keeps_the_prefix_after_a_question_about_the_past():
    """A past question may shorten the window for its own prompt; the anchor stays, so the
    next ordinary prompt shares its head with the one before the question."""
    mem = await filled(0.7)
    before = mem.context(query="random chatter")
    mem.context(query="When did I book the dentist?")
    after = mem.context(query="random chatter")
    assert after.messages[:-2] == before.messages[:-2]


def test_a_question_about_what_the_conversation_holds_may_take_the_larger_recall_share():
    from edge_agent.memory.recall import asks_about_past

    for q in ("When did I move?", "What is Ola's favourite food?", "which city does she live in now?",
              "我之前说的地址是？", "How long is your commute?"):
        assert asks_about_past(q), q
    for q in ("What a day!", "Thanks, that helps.", "I think so?", "", None):
        assert not asks_about_past(q), q


def test_an_answer_to_the_agents_question_comes_with_it():
    """A customer answers what the agent asked without the question's words ("您看选哪个？"
    -> "还是原厂机油～"): a reply that ends on a question lends its score to the answer that
    opens the next turn group; a reply that asks nothing does not."""
    a = RecallArchive()
    add_all(a, [Message("user", "我想做个保养"), Message("assistant", "机油有两种方案：原厂机油和全合成机油，您看选哪个方案？"),
                Message("user", "还是原厂机油吧～"), Message("assistant", "好的。"),
                Message("user", "保养方案的价格是多少"), Message("assistant", "保养方案一共六百元。"),
                Message("user", "行吧，就这样")])
    lines = [h.line for h in a.search("我选的是哪个方案来着？")]
    assert "user: 还是原厂机油吧～" in lines
    assert not any("就这样" in line for line in lines)   # after a reply that asks nothing


def _reference_scores(a: RecallArchive, texts: dict[int, str], query: str) -> dict[int, float]:
    """BM25 + neighbour bonus computed the plain way, doc by doc, from each live doc's text
    (``texts``: doc id -> the message's text), for comparison."""
    import math
    from collections import Counter as Bag

    from edge_agent.memory import lexicon

    docs = list(a._docs)
    n, avgdl = len(docs), max(1.0, sum(d.length for d in docs) / len(docs))
    bags = {}
    for d in docs:
        bag = Bag(terms(texts[d.id]))
        bag.update(lexicon.concepts(terms(texts[d.id])) + lexicon.value_classes(texts[d.id]))
        bags[d.id] = bag
    words = list(dict.fromkeys(terms(query)))
    concepts = lexicon.concepts(words, question=True) + lexicon.value_classes(query, question=True)
    weighted = ([(t, 1.0) for t in words] + [(t, lexicon.WEIGHT) for t in concepts]
                + [(t, lexicon.KIND_WEIGHT) for t in lexicon.kinds_asked(words)])

    def entries(term):   # (doc id, tf), oldest first
        return [(d.id, bags[d.id][term]) for d in docs if term in bags[d.id]]

    found = sorted([(t, w) for t, w in weighted if entries(t)], key=lambda tw: len(entries(tw[0])))
    own = dict.fromkeys((d.id for d in docs), 0.0)
    for term, weight in found[: a.max_query_terms]:
        df = len(entries(term))
        idf = weight * math.log(1.0 + (n - df + 0.5) / (df + 0.5))
        for doc_id, tf in entries(term)[-a.max_postings:]:
            dl = docs[doc_id - docs[0].id].length
            own[doc_id] += idf * tf * (a.k1 + 1) / (tf + a.k1 * (1 - a.b + a.b * dl / avgdl))
    total = dict(own)
    for i, doc in enumerate(docs):
        for j in (i - 1, i + 1):
            if 0 <= j < n and docs[j].group == doc.group and doc.length >= 4:
                total[doc.id] += own[docs[j].id] * a.neighbour_weight
        if i > 0 and docs[i - 1].group != doc.group and docs[i - 1].asks:   # asked, then answered
            total[doc.id] += own[docs[i - 1].id] * a.neighbour_weight
    return {k: v for k, v in total.items() if v}


@pytest.mark.parametrize("sorted_from", [16384, 30])   # the index's sorted copy: off, on
def test_scores_match_a_plain_bm25_with_capped_postings_and_dropped_docs(monkeypatch, sorted_from):
    from edge_agent.memory import postings

    monkeypatch.setattr(postings, "SORTED_FROM", sorted_from)
    a = RecallArchive(max_bytes=6000, max_postings=5)
    words = ["router", "reboot", "订单", "地址", "weather", "dog", "labrador", "night", "coffee"]
    texts = {}
    for seq in range(300):
        role = "user" if seq % 3 == 0 else "assistant"
        text = " ".join(words[(seq * k) % len(words)] for k in (1, 2, 5)) + f" 第{seq}次 {seq}" + "？" * (seq % 6 == 2)
        text += " ok" * (seq % 7 == 3) + ("" if seq % 11 else " dog dog dog")
        text = "？！" if seq % 13 == 5 else text     # a message without a term
        texts[a._next_id] = text
        a.add(Message(role, text, ts=1.7e9 + 60 * seq), 10, seq)
    assert a._docs[0].id > 0 and a._terms._dropped > 0  # docs were dropped, and their terms cut
    for query in ("router reboot at night?", "我的订单地址", "What about my dog?", "coffee 第7次", "ok 地址 dog"):
        docs, scores = a._score(Question.of(query))
        assert dict(zip(docs.tolist(), scores.tolist())) == pytest.approx(_reference_scores(a, texts, query))


async def test_recall_block_summed_from_line_counts_is_its_exact_count(exact_counter):
    """The exact tokenizer lets the block be counted from its lines' kept counts; the sum
    must be what counting the rendered block gives, turn after turn."""
    from edge_agent.messages import text_for_counting

    mem = create_memory("hybrid", max_tokens=900, reserve_tokens=100, counter=exact_counter, system="s",
                        low_water=0.7, cooldown_s=0)
    topics = ["router reboots at night", "收货地址是上海市浦东新区", "the dog Otis, a labrador", "预算 5 万"]
    recalled = 0
    for i in range(80):
        await mem.add(Message("user", f"{i}: {topics[i % 4]} ({i} 次)\n  and more  ", ts=1.7e9 + 3600.0 * i))
        ctx = mem.context(query=f"what about {topics[(i + 1) % 4]}?")
        await mem.add(Message("assistant", f"noted {i}。{topics[i % 4]}!", ts=1.7e9 + 3600.0 * i + 5))
        await mem.flush()
        assert ctx.tokens == sum(exact_counter(text_for_counting(Message.from_dict(m))) + 4 for m in ctx.messages)
        recalled += ctx.sections["recall"] > 0
    assert recalled > 10 and any(d.nl_tokens >= 0 for d in mem.archive._docs)


@pytest.mark.parametrize("query, past", [
    ("When did I move?", True), ("Remind me, what is my puppy's name?", True),
    ("In which month is Silas's trip?", True), ("Why is Ewan learning German?", True),
    ("预算是多少？", True), ("对接人是谁？", True), ("第二个联系号码是？", True), ("交付日期是哪天？", True),
    ("我之前说的地址是？", True),
    ("Can you help me with the invoice?", False), ("Sounds good.", False),
    ("你们一般是怎么安排的？", False), ("外壳颜色这块还有什么需要我们准备的吗？", False),
    ("能不能再详细解释一下？", False), ("有没有什么常见的问题需要提前注意？", False),
])
def test_which_questions_ask_what_the_conversation_holds(query, past):
    from edge_agent.memory.recall import asks_about_past

    assert asks_about_past(query) is past


def test_recall_takes_half_its_slice_for_a_question_that_asks_no_value():
    mem = create_memory("sliding", max_tokens=1300, reserve_tokens=100, counter=char_counter)
    base = mem._recall_reserve(1200)
    assert mem._recall_cap("你们一般是怎么安排的？", 1200) == base // 2
    assert mem._recall_cap("好的，就按这个流程走", 1200) == base // 3
    assert mem._recall_cap("预算是多少？", 1200) == (1200 * 3) // 5


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.just("pop"), st.integers(0, 10**6)), max_size=400))
def test_doc_list_behaves_as_a_deque(ops):
    """The archive's doc list (O(1) indexing) against a deque, through appends, pops and the
    cuts of its dead prefix."""
    docs, ref = _Docs(), deque()
    for op in ops:
        if op == "pop":
            if ref:
                assert docs.popleft() is ref.popleft()
            else:
                with pytest.raises(IndexError):
                    docs.popleft()
        else:
            item = object()
            docs.append(item)
            ref.append(item)
        assert len(docs) == len(ref) and list(docs) == list(ref)
        if ref:
            assert docs[0] is ref[0] and docs[len(ref) - 1] is ref[-1]
        for bad in (-1, len(ref)):
            with pytest.raises(IndexError):
                docs[bad]


def test_a_value_question_finds_the_message_holding_such_a_value():
    """Questions that share no word with the answer's message reach it through the value it
    holds (lexicon.VALUE_CLASSES): a head count, a date-time, a phone number."""
    from edge_agent.memory.lexicon import value_classes
    from edge_agent.memory.recall import RecallArchive

    archive = RecallArchive()
    said = ["这次到场 15 人，记得备茶歇。", "材料截止 2025/01/10 17:00 提交。", "回电请打 021 6432 1234。",
            "发票抬头写公司全称。", "我们更喜欢走线上流程。"]
    for i, text in enumerate(said):
        archive.add(Message("user", text, ts=1_700_000_000 + i), tokens=20, seq=i)
    for question, wanted in (("一共几位参加？", said[0]), ("什么时候交？", said[1]), ("回拨打哪个？", said[2])):
        hits = archive.search(question)
        assert hits and said.index(wanted) == hits[0].seq, (question, [h.line for h in hits])
    assert value_classes("多少钱？", question=True) == ["~money"] and value_classes("订单号 #20250115001") == []


def test_idioms_with_an_hour_character_hold_no_time_and_in_ten_days_does():
    """"一时半会儿" (for a while) and "有一点" (a little) are no time: a when-question must not
    rank them first; "in ten days" and "下午三时" are times."""
    from edge_agent.memory.lexicon import value_classes
    from edge_agent.memory.recall import RecallArchive

    for idiom in ("一时半会儿搞不定这个 memory leak", "有一点累", "一时间不知道说什么"):
        assert value_classes(idiom) == [], idiom
    for timed in ("PM 说 in ten days 必须上线", "会议下午三时开始", "三点半见", "9点到"):
        assert value_classes(timed) == ["~when"], timed
    archive = RecallArchive()
    said = ["一时半会儿搞不定这个 memory leak", "PM 说 in ten days 必须上线", "周末准备干嘛"]
    for i, text in enumerate(said):
        archive.add(Message("user", text, ts=1_700_000_000 + i), tokens=20, seq=i)
    hits = archive.search("deadline 是哪天？")
    assert hits and hits[0].seq == 1, [h.line for h in hits]


def test_a_question_sharing_no_term_widens_to_its_characters():
    """"团里人齐了没？" shares no bigram with "我们这次团建一共七个人" (团建, 一共, 个人, ...): the
    index finds nothing, so recall reads the question's content characters one by one (团, 人)
    rather than return nothing; chit-chat with none of them stays out."""
    a = RecallArchive()
    add_all(a, [Message("user", "我们这次团建一共七个人"), Message("user", "周末天气不错"),
                Message("user", "发票抬头写公司全称")])
    assert a._query_postings(Question.of("团里人齐了没？")) == []
    assert [h.line for h in a.search("团里人齐了没？")] == ["user: 我们这次团建一共七个人"]
    assert a.search("是不是呢？") == [] and a.search("hello there?") == []


def test_a_question_is_planned_once_with_everything_recall_and_the_layout_read():
    from edge_agent.memory import question
    from edge_agent.memory.postings import term_id

    q = Question.of("What did Ola say about my new job now?", rewrite=lambda t: t.replace("Ola", "you"))
    assert q.kind == question.PAST and q.searched == "What did you say about my new job now?"
    assert q.current and q.person == ""                      # "you" and "my": no one speaker
    assert (term_id("job"), 1.0) in q.terms and "job" in q.words and q.chars == ()
    zh = Question.of("回拨哪个号码？")
    assert zh.kind == question.PAST and (term_id("~phone"), lexicon.WEIGHT) in zh.terms
    assert set(zh.chars) == {"回", "拨", "号", "码"}           # 哪 and 个 carry nothing
    assert [Question.of(t).kind for t in ("你们一般是怎么安排的？", "好的，就按这个流程走", None)] == \
        [question.ASKS, question.STATES, question.NONE]
    assert Question.of(None).terms == () and Question.of("my plan").person == "user"


def test_the_best_hits_rare_words_bring_the_other_half_of_a_two_step_answer(monkeypatch):
    """"Where did I eat after you suggested it?" finds the visit, and the visit's rare words
    ("cacio e pepe") the suggestion that names the place; a word many messages hold ("right")
    brings nothing."""
    chatter = [Message("user", f"You were right about the weather, day {i}") for i in range(6)]
    chatter += [Message("assistant", f"The bus was late again on route {i}") for i in range(200)]
    a = RecallArchive()
    add_all(a, [Message("assistant", "If you're ever by the market, go to Osteria Lupo. The cacio e pepe there "
                                     "changed my life."), *chatter,
                Message("user", "Finally went to that place you suggested. You were right about the cacio e pepe.")])
    lines = [h.line for h in a.search("Where did I eat after you suggested that place?")]
    assert lines[0].startswith("user: Finally went to that place")
    assert any("Osteria Lupo" in line for line in lines)
    assert not any("weather" in line for line in lines)
    monkeypatch.setattr("edge_agent.memory.recall.HOP_WEIGHT", 0.0)   # without the second hop
    assert not any("Osteria Lupo" in h.line for h in a.search("Where did I eat after you suggested that place?"))


def test_a_question_for_money_finds_a_message_with_a_price():
    """The money value class: "What did the rent go up to?" finds "£2,800 a month from next
    month", "押金退了吗？" finds "昨天转回来 2000 元了", though they share no word."""
    a = RecallArchive()
    add_all(a, [Message("user", "Got the letter: £2,800 a month from next month."),
                Message("user", "The garden looks lovely this week."),
                Message("user", "昨天转回来 2000 元了"), Message("user", "今天天气不错")])
    rent = [h.line for h in a.search("What did the rent go up to?")]
    deposit = [h.line for h in a.search("押金退了吗？")]
    for lines in (rent, deposit):    # both hold money; neither question finds the chatter
        assert any(line.startswith("user: Got the letter: £2,800") for line in lines)
        assert any(line.startswith("user: 昨天转回来 2000 元了") for line in lines)
        assert not any("garden" in line or "天气" in line for line in lines)
    assert lexicon.value_classes("How much is it?", question=True) == ["~money"]
    assert "~money" not in lexicon.value_classes("We need 2,800 bricks by Friday.")


def test_traditional_and_simplified_find_each_other():
    """A message typed in Traditional Chinese is found by a question in Simplified and the other
    way round (one vocabulary: terms.simplified), and a Traditional question for a value asks
    for one as its Simplified twin does."""
    texts = ["我的訂單編號是 TW20251204，收件人是林美玲。",
             *[f"第 {i} 件事：包装要结实一点。" for i in range(8)],
             "备用电话写 0933 222 111，白天打这个。"]
    a = RecallArchive()
    add_all(a, [Message("user", t) for t in texts])
    assert any("TW20251204" in h.line for h in a.search("订单编号是多少？")[:2])
    assert any("0933" in h.line for h in a.search("備用電話是多少？")[:2])
    assert question.kind_of("你們的電話是幾號？") == question.kind_of("你们的电话是几号？") == question.PAST
    assert question.kind_of("你們一般是怎麼安排的？") == question.ASKS     # a how-question, as 怎么 is
    assert terms("訂單編號") == terms("订单编号") and simplified("週三 ok") == "周三 ok"


def test_a_hit_that_says_what_a_chosen_hit_said_is_left_out():
    """Novelty against the hits chosen before: a service desk's stock reply, recalled once,
    is not recalled again; a hit that shares only the question's words still comes."""
    a = RecallArchive()
    reply = "Your parcel is with the courier at the depot, we will text you tracking updates soon, thanks for waiting"
    add_all(a, [Message("assistant", reply + "."), Message("assistant", reply + "!"),
                Message("user", "The parcel should go to my office at Dock Road")])
    hits = a.search("parcel")
    asked = np.unique(np.array([h for h, _ in Question.of("parcel").terms], dtype=np.uint32))
    kept = [h.line for h in a.pick(hits, 500, asked=asked)[0]]
    assert sum("courier" in line for line in kept) == 1
    assert any("Dock Road" in line for line in kept)


def test_stock_talk_is_not_recalled():
    """A message whose every sentence its speaker says in another message too, verbatim, is
    stock talk: it matched a question's common words and filled recall (bench/RESULTS.md 35).
    A message with one sentence of its own is recalled; so is a user's value said twice, and
    a sentence the other speaker said too."""
    a = RecallArchive()
    add_all(a, [Message("assistant", "好的，已为您记录。后续进度会通过短信通知您，请留意。"),
                Message("user", "我的手机号是13912345678。"),
                Message("assistant", "后续进度会通过短信通知您，请留意。好的，已为您记录。"),
                Message("user", "我的手机号是13912345678。"),
                Message("assistant", "好的，已为您记录。进度也可以打客服电话查询。"),
                Message("user", "楼下的快递进度好慢。"),
                Message("assistant", "楼下的快递进度好慢。")])
    lines = [h.line for h in a.search("进度通知记录手机号快递")]
    assert lines.count("user: 我的手机号是13912345678。") == 2
    assert "assistant: 好的，已为您记录。进度也可以打客服电话查询。" in lines
    assert "user: 楼下的快递进度好慢。" in lines and "assistant: 楼下的快递进度好慢。" in lines
    assert not any("短信通知" in line for line in lines)


def test_a_stock_sentence_whose_other_copy_left_the_archive_is_no_longer_stock():
    """The sentence index drops with the messages: once a sentence's other copy left the
    bounded archive, the copy that stays is the only one and is recalled."""
    filler = "这是一段填充内容，没有别的意思。" * 6
    a = RecallArchive(max_bytes=1000)
    add_all(a, [Message("assistant", "我们的门店周一闭店。"), Message("user", filler),
                Message("assistant", "我们的门店周一闭店。")])
    assert not [h for h in a.search("门店闭店") if "门店" in h.line]
    add_all(a, [Message("user", filler + str(i)) for i in range(3)])
    assert len(a) < 6
    assert [h.line for h in a.search("门店闭店") if "门店" in h.line] == ["assistant: 我们的门店周一闭店。"]


def test_sentences_split_where_a_sentence_ends():
    from edge_agent.memory.terms import sentences
    assert sentences("好的，已为您记录。后续进度会通过短信通知您！ 还有吗？") == [
        "好的，已为您记录。", "后续进度会通过短信通知您！", "还有吗？"]
    assert sentences("It costs 3.50 today. See you!\nBye") == ["It costs 3.50 today.", "See you!", "Bye"]
    assert sentences("  ") == []
