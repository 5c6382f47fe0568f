"""The extractor's gates: a pattern is skipped when its gate says the message cannot hold a
match, so every gate must pass wherever its pattern matches (a gate that is too strict loses
facts silently), and extraction with the gates must equal extraction with every pattern run."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.evalsets import facts_labelled
from edge_agent.memory import extract as ex
from edge_agent.memory import extract_en as en

# pieces that the patterns look for, mixed with words they must not be fooled by
FRAGMENTS = [
    "Monday", "satURDAY", "today", "Tomorrow", "tonight", "noon", "midnight", "3pm", "9 a.m.", "12:30", "1430 hrs",
    "next week", "this Month", "coming year", "end of the month", "end of day", "EOD", "May 5", "the 3rd", "5/12",
    "on 5/12", "12/05/2024", "by", "on", "after", "from", "first thing", "$40", "fifty bucks", "a hundred dollars",
    "¥300", "300元", "三百元", "3台", "三台", "订单号", "#A123", "AB-12", "AX-2024-UZ-55", "john@x.com",
    "john at example dot com", "phone", "555-123-4567", "13812345678", "iPhone 15 Pro", "Mate 60", "RK3568",
    "沪A·T904V", "本田雅阁", "北京市朝阳区望京西路41号", "12 Baker Street", "PO Box 7", "street", "Apt 4B", "地址",
    "address is", "我叫王小明", "张先生", "我选换货", "有事发短信吧", "理赔方式是先垫付", "my name is", "passport",
    "IBAN GB29 NWBK 6016 1331 9268 19", "ending in 4242", "SW1A 1AA", "order number", "ABC 123", "table for 4",
    "a", " ", ",", ".", "and", "at", "the", "of", "day", "days", "yesterday", "holiday", "week", "x", "Z9", "ſunday",
    "K", "３", "٣", "\n", "高铁", "，G7385，", "可以", "1500", "吗", "我是", "A156", "shift", "10-6", "score", "flight", "BA 287", "at half seven", "end of March", "Wed 21st", "1pm till 9pm",
    "Eurostar 9014", "Saturday 9.30", "5:15 Tuesdays and Thursdays", "离店 12.21", "14 Rue de Clichy", "保价 2000", "金额两千五",
    "一共一千零五十", "85 lakh", "ext 4471", "车位号 B2-117", "周四下班后 6 点半",
    "估价 4 千多", "加一项甲状腺彩超 180", "Blk 305 Tampines Ave 5", "S520305", "my hp is", "after 12/31", "地点在",
    "时薪 45", "一米 85", "EIN is 84-2917735", "module CS2040", "Co. Cork", "新郎 蔡子轩",
    "Wed 2:45", "Friday works", "invoice, INV 20931", "明天的明", "不是礼拜一 是礼拜二下午",
    "每月 5 号", "现在住 广州市白云区", "member ID W2284719033", "can I", "Jan 17-19",
    "6 点 12 个人", "每节 280", "386 下周五", "Mon/Wed/Fri at 12", "£85-95k", "can do", "27 Dec to 3 Jan", "Dec 27 - Jan 3",
    "contact 是 Ms. Tan", "使用人 沈佳怡", "Room 1203, 88 Queensway", "BRP number",
    "九点多", "一五九 八零一二 三三六七", "if possible", "O'Brien",
    "一共 118 对吧", "at 1.45", "lunch account number is 004418",
    "598 的那个", "的套系", "报价说是 1280", " 一万二", "新郎严凯", "从朝阳区望京西园三区 312 号楼", "搬到通州区梨园镇云景里 8 号院",
    "雅迪 DE3", "Priya's is", "DL number D0412-88731-220", "Hello, Wanjiru here", "Hiya, it's Siobhan,", "KES 45,000",
    "via M-Pesa", "the code is SGT4KX91PL", "reg KDA 512X", "a Worcester Greenstar 30i", "2 hour drive",
    "48 课时", "一天 80", "司机尾号 5521", "G'day, Bronwyn here,", ", Jessa po", "R4 500", "rent R9 200,", ", ID 8501015800087",
    "接机牌上写 欧阳娜娜", "提 35000", "旧冰箱抵 300", "海尔 BCD-506WGHTDD", "我是孙浩然的妈妈", "it's for Margaret Kowalski",
    "OHIP number 1234-567-890-AB", "2x SKU A-1123", "1x B-2290", "by Fri",
    "底价 275", "account 884-219-330", "my name on the account is Dev Patel", "wife Anjali usually", "come Sat morning",
    "Mon after 4", "make it Monday", "Mon between 4 and 6",
    "要求退 38.5", "自付 583.20", "manager was Greg Halvorsen,", "arriving Friday night",
    "明天的会改到下午", "的课改到晚上 7 点", "改到下午了", "Gran's mobile is 07931 448 217",
    "B1-086 在电梯旁边", "草字头的蔡", "信用卡预授权 5000", "RX7 448 1920",
    "back on the 10th", "host is called Ines", "salary's 48k", "一人 AA 128", "车位终于买了 B2-233", "票买好了 G89",
    "送去旺角彌敦道 700 號", "A123456(7)", "113 年 12 月 5 日", "聯絡人林怡君", "地址係 成都街 258 號", "my name's Émilie Tremblay", "Secondary 2",
    "check-in 是 12/20", "this Friday EOD", "3 张 table", "contact person 是 Ms. Li", "下个 Monday", "的 dentist appointment 改到 Friday",
    "钱是 7800", "转给你，还是 1500 对吧", "退我一千二", "东方红 LX904", "养老金这个月没到账", "王庄村二组", "14, 2nd Cross",
    "88 Queen St W, Unit 1203", "Council tax account 6100448213",
    "康复科的李医生", "一节课 350", "医保卡号 1101 0819 8803 2615", "取药号是 A073", "鱼跃 H062", "Her physio is Dominic",
    "his GP is Dr Okafor", "quoted 3,200 for", "Auntie Rose's number is",
    "小保养 680", "化妆师另外 2200", "转正以后 21000", "换了雨刮 120", "新世纪大酒店三楼宴会厅", "后天送到",
    "Ashcombe Lane, Dawlish EX7 0QP", "Church Road, Burlington VT 05401", "HR 是赵敏", "公牛 G28",
    "全程 9600 一个人", "再优惠 500", "我家狗叫豆豆", "芯片号 900 1180", "一针 120", "顾问钱晓丽，手机 135 1208 7796",
    "Rua dos Remédios 42, Lisbon", "Hauptstraße 12", "with Dr Patel", "Our cat Miso is", "the adjuster is Sandra Cole",
    "身份证，后四位 301X", "后 4 位是", "SN 7Z2K 0914 88A3", "差价我补，大概 340", "Linda 老师", "皮肤科王主任", "三个工作日内",
    "5 到 7 个工作日", "the agent I spoke to was Marcus", "Monday 9 to 1", "Saturday 8-12",
    "那份酸辣粉 18.5", "别克 GL8", "B 套餐 1280", "报价内外屏一起 1680", "创意大厦 2 楼", "GM 440-2817", "freeze it from 1 February",
    "meant to arrive Wednesday", "4B, 221 Caledonian Road",
    "坐 G7011 过来", "大概 5 点 40 到", "方太 JZT-TH25B", "处理人叫吴佳琪", "my partner Jonah on", "serial number on the back says 5CG2301XQT",
    "4 点 50 才下班", "坐 K1 路", "内屏一起换得 2399", "每周二和周五", "MU5138 的航班", "arrive on BA 2491", "surname Okonkwo", "搬到松江区九亭", "68 cm spinner", "叫彭桂英", "行政部的", "每间不超过", "估价给了", "2 万美元", "SWIFT 代码 HSBCHKHHHKH", "送到 3 号门了", "7 号校车", "另收了 80", "月底前能到吗", "at £38 each", "储值卡里还有 620", "叫牛桂芳，", "1500 欧", "降到 3690 了", "这个月突然要交 412", "3 单元 1102", "collection number 6611 0920", "授权码已经收到了 NP4417", "自费部分 418.5", "新台幣 3,800", "卡尾數 2206", "badge number was 48813", "the ride was at about 11:40pm", "our planner is Sofia Reyes", "闲鱼号叫 momo_1987", "余额 860", "叫 Jason 黄，", "微信 jasonhuang_sz", "容声 BCD-529WD11HP", "passport, number 123987654",
    "IMEI 35 892011 442918 7", "滨江花园二期", "DPS, ID 4472018", "联想小新 Pro 14", "驾驶员许嘉豪",
    "看中了万科城 5 栋 2 单元 1801", "account A-7F3C91D2", "lead passenger Hannah Becker", "under EU261",
    "王建国主任的专家号", "两张二等座", "报名号 BM20250105-337", "loan reference is 19872245019", "the locker code is 449102",
    "the loss adjuster, Colin Marsh,", "統編 24536806",
    "装在西湖区文三路 259 号 6 楼", "病历号是 PH-20241188", "要扣 600 的清洁费", "next Monday 下午 3 点",
    "退了一台戴森吹风机 HD15", "booking code KX7Q2M", "送到 4S 店保养",
    "光伏板装了 18 块", "惠普 LaserJet M1136", "ref 77310492", "account is 4401 2297 8 and", "EMS LX 204 881 377 CN", "保价另外加了 20",
    "a Vaillant ecoTEC plus 832", "Unit 7, Orwell Park, Ipswich IP3 9BF", "余额还有 560", "after half 5",
    "顾家的 KUKA-2089", "消化科的孙建平主任", "the plumber, Dave from AquaFix,", "card number on the back is 0617 2843 9920",
    "33 朵红玫瑰", "花的钱 399", "尾号 4471 的手机", "3 天后出结果", "RENT DEC 14B",
]
texts = st.one_of(
    st.lists(st.sampled_from(FRAGMENTS), max_size=8).map(" ".join),
    st.lists(st.sampled_from(FRAGMENTS), max_size=8).map("".join),
    st.text(alphabet=st.sampled_from(list("0123456789 aAtTdDyY@#$¥元台号月日:-/.,年周天明今" + "ſK٣３")), max_size=30),
)

# the extractor's skips outside PATTERNS: (pattern, the condition under which it is skipped)
OTHER_GATES = [
    (ex.NAME_CN, str.isascii), (ex.NAME_TITLE, str.isascii), (ex.CS_CHOICE, str.isascii), (ex.CHOSEN, str.isascii),
    (ex.CONTACT_PREF, str.isascii), (ex.CN_ADDRESS, str.isascii),
    (ex.ADDRESS, lambda t: not ex.NEEDS_ADDRESS.search(t)), (en.STREET_ADDRESS, lambda t: not en.DIGIT.search(t)),
]


def _labelled_texts() -> list[str]:
    return [text for text, _ in facts_labelled.LABELLED]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts)
def test_a_gate_passes_wherever_its_pattern_matches(text):
    for category, pattern, gate in ex.PATTERNS:
        if pattern.search(text):
            assert gate(text), (category, pattern.pattern[:60], text)
    for pattern, skipped in OTHER_GATES:
        if pattern.search(text):
            assert not skipped(text), (pattern.pattern[:60], text)


@pytest.mark.parametrize("text", _labelled_texts() + FRAGMENTS)
def test_gates_hold_on_the_labelled_messages(text):
    for category, pattern, gate in ex.PATTERNS:
        if pattern.search(text):
            assert gate(text), (category, text)


def test_extraction_is_the_same_with_every_pattern_run(monkeypatch):
    texts_ = _labelled_texts() + [" ".join(FRAGMENTS[i:i + 5]) for i in range(0, len(FRAGMENTS), 3)]
    gated = [ex.extract(t) for t in texts_]
    monkeypatch.setattr(ex, "PATTERNS", [(c, p, lambda _t: True) for c, p, _ in ex.PATTERNS])
    monkeypatch.setattr(ex, "NEEDS_ADDRESS", re.compile(""))
    monkeypatch.setattr(en, "DIGIT", re.compile(""))
    assert [ex.extract(t) for t in texts_] == gated
    assert sum(map(len, gated)) > 100   # the corpus holds facts of every kind


def test_gates_skip_plain_english_chat():
    """What the gates are for: a message of chit-chat runs none of the identifier patterns."""
    text = "Honestly I loved the film, we should go again with the others soon"
    skipped = [c for c, _, gate in ex.PATTERNS if not gate(text)]
    assert len(skipped) >= len(ex.PATTERNS) - 2
