"""Key-fact extraction and the pinned table."""

from __future__ import annotations

import pytest

from edge_agent.memory import create_memory
from edge_agent.memory.extract import extract
from edge_agent.memory.facts import FactTable
from edge_agent.messages import Message
from tests.conftest import char_counter

# (text, category, value) the extractor was built around
CORE = [
    ("我叫王小明，订单号 #20250115001", "name", "王小明"),
    ("我叫王小明，订单号 #20250115001", "ref", "#20250115001"),
    ("手机 13812345678", "phone", "13812345678"),
    ("明天上午九点开会", "datetime", "明天上午九点"),
    ("下周三前把方案初稿发给我", "datetime", "下周三前"),
    ("预算大概5万", "amount", "5万"),
    ("需要20台RK3568开发板", "count", "20台"),
    ("需要20台RK3568开发板", "product", "RK3568"),
    ("我们决定采用方案A，下个月落地", "decision", "我们决定采用方案A"),
    ("email john.smith@example.com", "email", "john.smith@example.com"),
    ("Budget is $12,500", "amount", "$12,500"),
    ("身份证号 110101199003074518", "id_card", "110101199003074518"),
]

# Phrasings written after the extractor, not tuned to it: the share found is asserted below.
HELD_OUT = [
    ("您好，我姓李，叫李思远，想咨询一下退款", "name", "李思远"),
    ("麻烦记一下我的联系方式：139 1234 5678", "phone", "139 1234 5678"),
    ("快递单号是SF1234567890，帮我查查", "ref", "SF1234567890"),
    ("合同金额一共是 38,000 元", "amount", "38,000 元"),
    ("我们打算下个月15号之前上线", "datetime", "下个月15号之前"),
    ("能不能后天下午三点半给我回个电话", "datetime", "后天下午三点半"),
    ("这次采购 150 套工位", "count", "150 套"),
    ("我想换成 Mate 60 Pro", "product", "Mate 60 Pro"),
    ("我的邮箱是 xiaoming.wang@corp.cn", "email", "xiaoming.wang@corp.cn"),
    ("最后决定走方案B，月底前落地", "decision", "最后决定走方案B"),
    ("Hi, this is Maria Garcia from Acme.", "name", "Maria Garcia"),
    ("The invoice number is INV-2024-0087.", "ref", "INV-2024-0087"),
    ("We can pay up to 2.5 million USD for the whole project", "amount", "2.5 million USD"),
    ("Could we meet on Thursday at 4:30 pm?", "datetime", "on Thursday at 4:30 pm"),
    ("We'll need 12 licenses for the team.", "count", "12 licenses"),
    ("Reach me at +44 20 7946 0958 after six.", "phone", "+44 20 7946 0958"),
    ("Ship it to 221B Baker Street, London", "address", "221B Baker Street"),
    ("Let's go with Plan C for the rollout.", "decision", "Let's go with Plan C for the rollout"),
    ("价格是￥2,999，可以分期吗", "amount", "￥2,999"),
    ("工单 CS-88231 还没人处理", "ref", "CS-88231"),
    ("预计 2025-03-01 交付", "datetime", "2025-03-01"),
    ("我们公司有 300 人", "count", "300 人"),
    ("the deadline is March 14th, 2025", "datetime", "March 14th, 2025"),
    ("my colleague's number is 021-64321234", "phone", "021-64321234"),
]


def found(text, category, value):
    return any(f.category == category and value in f.value for f in extract(text))


@pytest.mark.parametrize("text, category, value", CORE)
def test_core_extraction(text, category, value):
    assert found(text, category, value), [(f.category, f.value) for f in extract(text)]


def test_held_out_phrasings():
    misses = [(t, c, v) for t, c, v in HELD_OUT if not found(t, c, v)]
    share = 1 - len(misses) / len(HELD_OUT)
    assert share >= 0.8, f"found {share:.0%} of held-out facts; missed: {misses}"


def test_values_are_verbatim():
    text = "我叫王小明，订单号 #20250115001，预算 5 万，明天上午九点到"
    for f in extract(text):
        assert f.value in text


def test_newer_value_supersedes_and_old_is_kept():
    table = FactTable(char_counter)
    table.observe("交付日期定在 3月15日，预算 5 万", 2)
    table.observe("交付日期改到3月20日", 9)
    fact = next(f for f in table if f.category == "datetime")
    assert fact.value == "3月20日" and fact.turn == 9 and fact.history == [("3月15日", 2)]
    assert table.values()["amount:预算"] == "5 万"


def test_a_relative_date_is_read_against_the_day_it_was_said():
    """"明天" in the table a week later must not read as the day after: the line resolves it
    against the message's day; the same word said on another day is a new value; the value
    itself stays verbatim, and the day survives a restore."""
    from datetime import datetime
    monday, friday = datetime(2025, 9, 15, 10).timestamp(), datetime(2025, 9, 19, 10).timestamp()
    table = FactTable(char_counter)
    table.observe("到货日期：明天", 1, ts=monday)
    fact = next(iter(table))
    assert fact.value == "明天" and fact.line == "- 到货日期: 明天 (= 2025年9月16日)"
    assert table.observe("到货日期：明天", 2, ts=monday) == []         # the same day, the same date
    table.observe("到货日期：明天", 5, ts=friday)
    assert fact.line == "- 到货日期: 明天 (= 2025年9月20日) (earlier 明天, turn 1)"
    again = FactTable(char_counter)
    again.restore(table.export())
    assert next(iter(again)).line == fact.line
    table.observe("交付日期 10月5日", 6, ts=friday)
    assert "- 交付日期: 10月5日" in {f.line for f in table}             # an absolute date gets no note


async def test_a_relative_date_in_the_daemons_table_names_its_day():
    from datetime import datetime
    mem = create_memory("hybrid", max_tokens=4096, reserve_tokens=800, counter=char_counter)
    await mem.add(Message("user", "我们约后天上午来取", ts=datetime(2025, 9, 15, 10).timestamp()))
    facts = [m["content"] for m, label in zip(mem.context().messages, mem.context().labels) if label == "facts"]
    assert facts and "后天上午 (= 2025年9月17日)" in facts[0]


@pytest.mark.parametrize("text, value, label", [
    ("我刚开完会，4点还有一个上周末本来想去看看的", "4点", ""),   # "点还有一个" was the key of 上周末
    ("5号楼门口明天下午三点见", "明天下午三点", ""),                 # not "号楼门口"
    ("我们3个人下周三过来", "下周三", ""),                           # not "个人"
    ("第2次预约改到10月5日上午10点", "10月5日上午10点", "第2次预约"),   # 预约 keeps its 约
    ("预约在10月6日上午", "10月6日上午", "预约"),
])
def test_a_key_is_no_tail_of_a_number_and_keeps_its_word(text, value, label):
    dates = [(f.value, f.label) for f in extract(text) if f.category == "datetime"]
    assert dates == [(value, label)]


def test_identifiers_coexist_unless_corrected():
    table = FactTable(char_counter)
    table.observe("订单号 #20250115001", 1)
    table.observe("还有一个订单号 #20250115009", 3)
    assert {f.value for f in table if f.category == "ref"} == {"#20250115001", "#20250115009"}
    table.observe("不对，订单号应该是 #20250115002", 5)
    refs = {f.value for f in table if f.category == "ref"}
    assert "#20250115002" in refs and "#20250115009" not in refs  # the newest one was corrected
    corrected = next(f for f in table if f.value == "#20250115002")
    assert corrected.history == [("#20250115009", 3)]


async def test_facts_pinned_in_context_under_their_cap():
    mem = create_memory("sliding", max_tokens=600, reserve_tokens=100, facts=True, fact_tokens=120,
                        counter=char_counter, system="s")
    await mem.add(Message("user", "我叫王小明，订单号 #20250115001，手机 13812345678"))
    await mem.add(Message("assistant", "好的"))
    for i in range(40):
        await mem.add(Message("user", f"闲聊第{i}轮，今天天气不错，随便聊聊。"))
        await mem.add(Message("assistant", "是的，天气很好。"))
    ctx = mem.context(query="订单号是多少")
    assert 0 < ctx.sections["facts"] <= 120
    assert "#20250115001" in ctx.text() and "王小明" in ctx.text()
    assert ctx.messages[1]["role"] == "system" and ctx.messages[1]["content"].startswith("Key facts")


def test_mentioned_facts_leave_out_shown_lines_and_stated_values():
    table = FactTable(char_counter)
    table.observe("我叫王小明，手机 13812345678", 1)
    table.observe("订单号 #20250115001", 2)
    phone = table.get("phone").line
    _, lines, _ = table.mentioned("手机号是多少？")
    assert [line for line, _ in lines] == [phone]
    assert table.mentioned("手机号是多少？", exclude=frozenset([phone]))[1] == []   # the snapshot shows it
    assert table.mentioned("我的手机 13812345678 对吗？")[1] == []                  # the question states it


# Phrasings an independent evaluation found the table missing or cutting short (issue 13)
WHOLE_VALUES = [
    ("登记人：李建国，联系电话 139 0211 4567", "name", "李建国"),
    ("鄙人姓陈，全名陈思远", "name", "陈思远"),
    ("乘客姓名：赵磊", "name", "赵磊"),
    ("地址改一下，改成北京市朝阳区望京西路41号梧桐公寓5栋801室", "address", "北京市朝阳区望京西路41号梧桐公寓5栋801室"),
    ("我家在四川省成都市武侯区科华北路65号翠湖苑2栋", "address", "四川省成都市武侯区科华北路65号翠湖苑2栋"),
    ("到场 7 位嘉宾", "count", "7 位嘉宾"),
    ("买的是iPhone 15 Pro 256G 蓝色钛金属，屏幕有亮点", "product", "iPhone 15 Pro 256G 蓝色钛金属"),
    ("小米14 Ultra 16+512 黑色，下单时间是2024年1月5日", "product", "小米14 Ultra 16+512 黑色"),
    ("Ship it to 221 Baker Street, Apt 4B, London NW1 6XE.", "address", "221 Baker Street, Apt 4B, London NW1 6XE"),
    ("机票 CA1831，5月3日 08:30 起飞", "ref", "CA1831"),
    ("我选换货，不要退款了", "decision", "换货"),
    ("瑜伽课改到每周一、周三晚上八点", "datetime", "每周一、周三晚上八点"),      # a list of days is one value, with its 每
    ("今年国庆节前一天能到吗", "datetime", "今年国庆节前一天"),
    ("门店在海淀区中关村大街 27 号中关村大厦 C 座 1203", "address", "海淀区中关村大街 27 号中关村大厦 C 座 1203"),
    ("运单号：ＹＴ８８１２３４５６７７，还没到", "ref", "ＹＴ８８１２３４５６７７"),        # full width, kept as written
    ("理赔款叁仟伍佰元什么时候到", "amount", "叁仟伍佰元"),
    ("师傅 14:00—16:00 上门", "datetime", "14:00—16:00"),
    ("租约到明年 3 月底", "datetime", "明年 3 月底"),
    ("帮我把航班改签到 CZ3102", "ref", "CZ3102"),
    ("有事加我微信 chen_lu2024", "ref", "chen_lu2024"),
    ("宽带一个月 99，太贵了", "amount", "99"),
    ("月薪 12k，不含奖金", "amount", "12k"),
    ("定金凑了 5w", "amount", "5w"),
    ("明天 9 点来拿", "datetime", "明天 9 点"),
    ("他说大约十点钟到", "datetime", "十点钟"),
    ("修车花了两千多", "amount", "两千多"),
    ("预算五千出头", "amount", "五千出头"),
    ("运单尾号 8812 的包裹在哪", "ref", "8812"),                      # an order's tail, not a card's
    ("韵达快递 4312 8876 0091 23 一直没更新", "ref", "4312 8876 0091 23"),
    ("排号是 C112，还要等多久", "ref", "C112"),
    ("我们 2 大 2 小，住一间够吗", "count", "2 大 2 小"),
    ("下个月初能安排上门吗", "datetime", "下个月初"),                  # the event after 能
    ("我叫 Lily，Lily Chen，是会员", "name", "Lily Chen"),
    ("电费 63 块 2 毛", "amount", "63 块 2 毛"),
    ("一份 35，我要两份", "amount", "35"),                              # a unit price
    ("钥匙放在翠湖苑 2 幢 501 门口", "address", "翠湖苑 2 幢 501"),           # not "钥匙放在"
    ("今年 9 月要续费", "datetime", "今年 9 月"),
    ("紧急联系人是我姐姐刘芳", "name", "刘芳"),
    ("SSH 账号 ops2024 登不上", "ref", "ops2024"),
    ("明年国庆前能交房吗", "datetime", "明年国庆前"),                  # a holiday names its day
    ("营业时间周二到周日", "datetime", "周二到周日"),
    ("订的是东航的航班，MU2155，明早出发", "ref", "MU2155"),           # flying named in the clause before
    ("我是会员 GOLD2231", "ref", "GOLD2231"),
    ("会议号 123 456 7890", "ref", "123 456 7890"),
    ("发票号 No.12345678", "ref", "12345678"),
    ("明天下午 3 点 之前给答复", "datetime", "明天下午 3 点 之前"),
    ("我们搬到了福田区新洲路 8 号 3 栋 902", "address", "福田区新洲路 8 号 3 栋 902"),
    ("工资从 9000 涨到 11000", "amount", "11000"),
    ("她下个月去成都旅游", "datetime", "下个月"),                        # 她 is whose; 旅游 what
    ("会员卡号 550021，积分没到账", "ref", "550021"),
    ("我付了 420，找零不对", "amount", "420"),
]


@pytest.mark.parametrize("text, category, value", WHOLE_VALUES)
def test_whole_values_with_their_key(text, category, value):
    got = [(f.category, f.value) for f in extract(text)]
    assert (category, value) in got, got


@pytest.mark.parametrize("text", ["我会第一时间处理", "有一点问题想问", "快一点吧", "今天外面下大雨，出门都难",
                                  "I did it this week", "We went hiking last week", "I'm Tired of this",
                                  "I live at 1600 Amphitheatre Parkway"])
def test_no_facts_from_idioms_and_chit_chat(text):
    junk = [(f.category, f.value) for f in extract(text) if f.category in ("datetime", "name", "count")]
    assert junk == [], junk


def test_an_address_update_supersedes_whatever_its_label_was():
    table = FactTable(char_counter)
    table.observe("上门地址是四川省成都市武侯区科华北路911号金地名郡18栋1单元1321室", 3)
    table.observe("另外，地址改一下，改成浙江省杭州市西湖区古墩路498号锦绣华庭12栋2单元202室", 9)
    addresses = [f for f in table if f.category == "address"]
    assert len(addresses) == 1 and addresses[0].value.startswith("浙江省杭州市")
    assert addresses[0].history == [("四川省成都市武侯区科华北路911号金地名郡18栋1单元1321室", 3)]


# English phrasings with their whole value (issue 13; sentences written for these tests)
EN_WHOLE_VALUES = [
    ("You can text me on 07911 555123 after lunch", "phone", "07911 555123"),
    ("Office line: 1-888-555-0142 ext. 17", "phone", "1-888-555-0142 ext. 17"),
    ("my mobile's 0433 221 908", "phone", "0433 221 908"),
    ("write to anna dot lee at gmail dot com", "email", "anna dot lee at gmail dot com"),
    ("My driver's licence number is D1234567.", "id_card", "D1234567"),
    ("Last four of my social security number are 4321.", "id_card", "4321"),
    ("IBAN DE89 3704 0044 0532 0130 00 for the refund", "bank_card", "DE89 3704 0044 0532 0130 00"),
    ("the mastercard ending 9921 got charged", "bank_card", "9921"),
    ("The parcel tracking number is 1Z 999 AA1 0123 4567 84.", "ref", "1Z 999 AA1 0123 4567 84"),
    ("lease agreement no. RENT/2023/118 attached", "ref", "RENT/2023/118"),
    ("Surname is Van der Berg.", "name", "Van der Berg"),
    ("Ayesha Khan here, I have a question about my bill.", "name", "Ayesha Khan"),
    ("The booking's under the name Harriet Okafor.", "name", "Harriet Okafor"),
    ("Could we do Wed 3 July at 10am?", "datetime", "Wed 3 July at 10am"),
    ("Delivery on Thursday between 9 and 1 works.", "datetime", "on Thursday between 9 and 1"),
    ("The meeting is next Wednesday afternoon.", "datetime", "next Wednesday afternoon"),
    ("Please reschedule the visit from the 8th to the 11th.", "datetime", "the 11th"),
    ("I paid NZ$120 for the cable", "amount", "NZ$120"),
    ("they billed me 54.99 for nothing", "amount", "54.99"),
    ("it was two hundred and fifty dollars", "amount", "two hundred and fifty dollars"),
    ("We need five chairs for the event.", "count", "five chairs"),
    ("Table for 6 at 7pm on Friday please.", "count", "6"),
    ("I'm using a Samsung Galaxy Tab S9 128GB Graphite.", "product", "Samsung Galaxy Tab S9 128GB Graphite"),
    ("Send it to 55 Queen Street, Apt 9, Auckland 1010.", "address", "55 Queen Street, Apt 9, Auckland 1010"),
    ("My address is 1200 Market St, San Francisco, CA 94103.", "address", "1200 Market St, San Francisco, CA 94103"),
    ("Postcode is EH1 2NG.", "address", "EH1 2NG"),
    ("Hello, it's Tom Ellis from 4 Mill Lane; the gate is broken.", "address", "4 Mill Lane"),
    ("My NHS number is 485 777 3456.", "ref", "485 777 3456"),
    ("The engineer will come between 2 and 4 this afternoon.", "datetime", "between 2 and 4 this afternoon"),
    ("Pay it into account 12345678, please.", "bank_card", "12345678"),
    ("Could we get a table for six on Friday?", "count", "six"),
    ("I'm flying home on EI 154 tomorrow.", "ref", "EI 154"),
    ("We fly out on AA 71 on Friday.", "ref", "AA 71"),
    ("hello my name is tanvir ahmed and I need help", "name", "tanvir ahmed"),   # typed in lower case
    ("Someone can come from 10 till 2 on Monday.", "datetime", "from 10 till 2 on Monday"),
    ("Any time Thursday between 9 and noon is fine.", "datetime", "Thursday between 9 and noon"),
    ("The new boiler cost us 3 grand.", "amount", "3 grand"),
    ("The plumber, Joe Harris, fixed it in an hour.", "name", "Joe Harris"),
    ("A cabin for 2 nights from the 3rd of June, please.", "datetime", "the 3rd of June"),
    ("Ring reception on 01632 960 555, ext 7.", "phone", "01632 960 555, ext 7"),
    ("我朋友 Daniel Wu 帮我下的单", "name", "Daniel Wu"),
    ("Use promo code SPRING15 at checkout.", "ref", "SPRING15"),
    ("Come between 9 a.m. and 11 a.m. on Monday.", "datetime", "between 9 a.m. and 11 a.m. on Monday"),
    ("Our CEO, Maria Lopez, signed it.", "name", "Maria Lopez"),
    ("Netflix is 12.99 a month now.", "amount", "12.99"),
    ("We paid 1,250,000 for the flat.", "amount", "1,250,000"),
    ("I'd prefer a bank transfer.", "decision", "a bank transfer"),
    ("Please cancel the order, not the subscription.", "decision", "cancel the order"),
]


@pytest.mark.parametrize("text, category, value", EN_WHOLE_VALUES)
def test_english_whole_values(text, category, value):
    got = [(f.category, f.value) for f in extract(text)]
    assert (category, value) in got, got


@pytest.mark.parametrize("text", [
    "If it were $10 cheaper I'd buy two.", "If I had $1,000 I'd get a better one.", "It's 7pm already, still nothing.",
    "We usually eat out on Fridays.", "Honestly 3 out of 4 people I know had this.", "I waited 45 minutes on hold.",
    "I've had this phone for 2 years and it was fine.", "Hi Team here is my question", "Thanks, that sounds great.",
    "Back on the 4th of July we had fireworks.",
    "My landlord locked their keys in the car twice in one day.", "I check it 3 times in a day."])   # how often
def test_english_chit_chat_numbers_give_no_fact(text):
    assert [(f.category, f.value) for f in extract(text)] == []


@pytest.mark.parametrize("text, not_wanted", [
    ("座位是 12 排 7、8 号，能换吗", ("datetime", "8 号")),        # seats in a row, not days
    ("信用卡被扣了 2 笔手续费", ("amount", "2")),                   # two payments, not two yuan
    ("The new TV is an LG 5500 model.", ("ref", "LG 5500")),          # no flight without flying
    ("支持 7 天无理由退货吗", ("count", "7 天无理由")),                # a service's promise, no count
    ("是 24 小时客服吗", ("count", "24 小时客服")),
    ("There are 30 people in the line ahead of us.", ("count", "30 people")),
    ("my name is spelled wrong on the ticket", ("name", "spelled wrong")),
])
def test_look_alikes_are_not_values(text, not_wanted):
    assert not_wanted not in [(f.category, f.value) for f in extract(text)]


def test_by_the_way_is_no_street():
    assert [f.value for f in extract("Call me on 086 555 1234 by the way.") if f.category == "address"] == []


@pytest.mark.parametrize("text", ["一次 2 粒，一天 3 次", "24 小时内发货吗", "联系人写我老婆，小芳", "女儿 10 个月，能用吗"])
def test_doses_promises_and_relations_are_no_counts_or_names(text):
    assert [f for f in extract(text) if f.category in ("count", "name")] == [], extract(text)


@pytest.mark.parametrize("text, kept, dropped", [
    ("号码不是 13900001111，是 13900001112", "13900001112", "13900001111"),
    ("旧号 137 0000 2222 不用了，新号 137 0000 3333", "137 0000 3333", "137 0000 2222"),
    ("从周一挪到周三上午", "周三上午", "周一"),
    ("改到 9 号，原来是 7 号", "9 号", "7 号"),
])
def test_a_chinese_correction_keeps_the_new_value_only(text, kept, dropped):
    values = [f.value for f in extract(text)]
    assert kept in values and dropped not in values, values


def test_a_value_taken_back_is_not_kept():
    got = [(f.category, f.value) for f in extract("my number is 646-555-0177, not 646-555-0171")]
    assert got == [("phone", "646-555-0177")]
    got = [(f.category, f.value) for f in extract("the order is #77120 - no wait, #77210")]
    assert got == [("ref", "#77210")]


def test_phones_of_two_kinds_coexist_and_updates_supersede():
    table = FactTable(char_counter)
    table.observe("My work phone is (415) 555-2671 and my mobile is +1 415 555 9988.", 1)
    assert set(table.values()) == {"phone:work", "phone"}
    table.observe("new number btw, 07911 555123", 4)
    assert table.get("phone").value == "07911 555123" and table.get("phone").history == [("+1 415 555 9988", 1)]


def test_check_in_and_check_out_are_two_keys():
    table = FactTable(char_counter)
    table.observe("check-in 2025-02-03, check-out 2025-02-07", 1)
    assert {f.value for f in table if f.category == "datetime"} == {"2025-02-03", "2025-02-07"}


@pytest.mark.parametrize("text", ["We've been waiting since 9am.", "Deliveries usually come at 10am here.",
                                  "I'd go with the blue one if I were you."])
def test_habits_waits_and_advice_give_no_fact(text):
    assert [(f.category, f.value) for f in extract(text)] == []


def test_after_prefixes_a_time_not_a_date():
    got = [(f.category, f.value) for f in extract("only after 6:30pm on weekdays")]
    assert got == [("datetime", "after 6:30pm on weekdays")]
    assert ("datetime", "after 3 May 2025") not in [(f.category, f.value) for f in extract("the week after 3 May 2025")]


def test_another_persons_phone_never_supersedes_the_users_own():
    """A backup contact's or a neighbour's number is keyed by whose it is (the blind Chinese
    set's customers give both, and the last number given used to replace theirs)."""
    table = FactTable(char_counter)
    table.observe("还有，打15512170947就能找到我～", 3)
    table.observe("备用联系人写我弟弟郭志强，电话187-0350-2717", 4)
    table.observe("我邻居何芳让我顺便问一下，她电话13855513628，你们能直接联系她吗？", 90)
    table.observe("我的手机号是13812345678，我老婆的是13987654321", 95)
    values = table.values()
    assert values["phone"] == "13812345678" and table.get("phone").history == [("15512170947", 3)]
    assert values["phone:备用"] == "187-0350-2717" and values["phone:邻居"] == "13855513628"
    assert values["phone:老婆"] == "13987654321"
    table.observe("另一个号174 3757 1159也行。", 96)   # a second number of the user's: both kept
    assert table.values()["phone"] == "13812345678" and table.values()["phone:另一个"] == "174 3757 1159"
    assert not any(f.label in ("打", "她电话") for f in table)   # no key made of a verb or a pronoun


def test_another_persons_phone_in_english_never_supersedes_the_users_own():
    table = FactTable(char_counter)
    table.observe("my cell is (303) 555-0148, my wife Priya's is (303) 555-0191", 1)
    table.observe("Gran's mobile is 07931 448 217", 2)
    values = table.values()
    assert values["phone"] == "(303) 555-0148" and values["phone:wife"] == "(303) 555-0191"
    assert values["phone:gran"] == "07931 448 217"


@pytest.mark.parametrize("text, name", [("免贵姓孙，叫孙伟", "孙伟"), ("核身份的话，身份证尾号0073；另外免贵姓孙，叫孙秀英", "孙秀英"),
                                        ("我姓王，全名王小明", "王小明")])
def test_a_name_after_the_surname_is_the_users_own(text, name):
    assert [(f.key, f.value) for f in extract(text) if f.category == "name"] == [("name:self", name)]


@pytest.mark.parametrize("text, channel", [("联系我优先短信哈，千万别打电话", "短信"), ("我比较习惯微信，你们发微信我都看得到", "微信"),
                                           ("我这人不接陌生号码的，有事发短信吧。", "短信"), ("你们还是打电话吧，短信我不看", "电话")])
def test_how_the_customer_wants_to_be_reached(text, channel):
    assert [(f.key, f.value) for f in extract(text) if f.category == "decision"] == [("decision:联系方式", channel)]


@pytest.mark.parametrize("text", ["我刚发短信给你了", "我打电话问过了", "你们的短信通知收到了"])
def test_a_channel_mentioned_in_passing_is_no_preference(text):
    assert not [f for f in extract(text) if f.category == "decision"]


@pytest.mark.parametrize("text, category, value", [
    ("你查一下这个 AX-2024-UZ-55409306。", "ref", "AX-2024-UZ-55409306"),
    ("牌照沪A·T904V，你记一下", "ref", "沪A·T904V"),
    ("车牌粤B D12345", "ref", "粤B D12345"),
    ("具体是本田雅阁 260TURBO，2020款的", "product", "本田雅阁 260TURBO，2020款"),
    ("车应该是日产轩逸 1.6L，2016款的", "product", "日产轩逸 1.6L，2016款"),
    ("安装日期：十月九号。", "datetime", "十月九号"),
    ("改成十二月十四号", "datetime", "十二月十四号"),
    ("十一月二十三号之前给我答复", "datetime", "十一月二十三号之前"),
])
def test_customer_service_values_written_many_ways(text, category, value):
    """Dashed codes, licence plates, car models and dates in Chinese numerals (the blind
    Chinese customer-service set's dev split missed them)."""
    assert found(text, category, value), [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text", ["第一时间处理", "一五一十地说了", "我七上八下的", "等了一时半会儿", "型号是 SM-G991B 吗"])
def test_no_plate_code_or_date_from_idioms(text):
    assert not [f for f in extract(text) if f.category in ("datetime", "product", "ref")]


@pytest.mark.parametrize("text, key, value", [("理赔方式以这个为准：直赔修理厂", "decision:理赔方式", "直赔修理厂"),
                                             ("我同事刚提醒我，理赔方式其实是先垫付再报销", "decision:理赔方式", "先垫付再报销"),
                                             ("不对不对，报的课是雅思7分冲刺班1对1版，我记混了", "decision:报的课", "雅思7分冲刺班1对1版"),
                                             ("套餐就是B套餐吧", "decision:套餐", "B套餐")])
def test_a_chosen_option_named_by_its_kind(text, key, value):
    assert [(f.key, f.value) for f in extract(text) if f.category == "decision"] == [(key, value)]


@pytest.mark.parametrize("text", ["退费方案这边有两种：一是按剩余课时退款；二是转到同价位的其他课程。", "理赔方式是什么？",
                                  "配送方式可以改吗", "两种方案都一样"])
def test_options_offered_or_asked_about_are_no_choice(text):
    assert not [f for f in extract(text) if f.category == "decision"]


def test_a_newer_choice_of_the_same_kind_supersedes():
    table = FactTable(char_counter)
    table.observe("理赔方式就选先垫付再报销", 5)
    table.observe("理赔方式以这个为准：直赔修理厂", 60)
    fact = table.get("decision:理赔方式")
    assert fact.value == "直赔修理厂" and fact.history == [("先垫付再报销", 5)]


@pytest.mark.parametrize("text,category,value", [
    ("您好，我叫 Anna Li，上周在你们官网下的单。", "name", "Anna Li"),
    ("叫我 Kevin 就行，我是这边的运维。", "name", "Kevin"),
    ("箱数为 36，请按这个数量开单。", "count", "36"),
    ("参会人数：15，麻烦准备一下茶歇。", "count", "15"),
    ("安装时间定在 3/20 18:00，请师傅提前联系。", "datetime", "3/20 18:00"),
    ("回电请打 021 6432 1234，白天都有人。", "phone", "021 6432 1234"),
    ("座机 021-64321234 转 8012，找李工。", "phone", "021-64321234 转 8012"),
    ("公司电话 (010) 8888-6666，前台会转接。", "phone", "(010) 8888-6666"),
])
def test_chinese_value_forms(text, category, value):
    """Forms from bench/evalsets/zh_values.py's dev split (issue 30)."""
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,category", [
    ("我是 Apple 的经销商，想问下批发价。", "name"),
    ("比例大概 3/4 左右，剩下的再说。", "datetime"),
    ("USPS tracking 9400 1000 0000 0000 0000 00 hasn't updated in days", "phone"),
    ("版本号 2.3.1，升级后就报错。", "phone"),
])
def test_look_alikes_of_those_forms_are_not_taken(text, category):
    assert category not in [f.category for f in extract(text)]


@pytest.mark.parametrize("text,category,value", [
    ("航班是 CA1831，晚上 9 点 40 落地，可能会晚到酒店。", "datetime", "晚上 9 点 40"),
    ("取车时间定在后天中午 12 点。", "datetime", "后天中午 12 点"),
    ("挂的是周三下午的号，王主任的专家门诊。", "datetime", "周三下午"),
    ("最晚 11 月 20 号前要送到。", "datetime", "11 月 20 号前"),
    ("昨晚 11 点半开始报 502。", "datetime", "昨晚 11 点半"),
    ("麻烦转告一下，会议挪到 4 点半了。", "datetime", "4 点半"),
    ("孩子报的是 9:00-11:00 的编程班。", "datetime", "9:00-11:00"),
    ("东西是 10/28 买的，小票还在。", "datetime", "10/28"),
    ("收件人写的是陈思远，电话 186 2001 3344。", "name", "陈思远"),
    ("入住人姓名 Sophie Martin，法国护照。", "name", "Sophie Martin"),
    ("对接人是采购部的 Michael Tan，邮箱发你。", "name", "Michael Tan"),
    ("孩子叫周子涵，今年 6 岁。", "name", "周子涵"),
    ("您好，我姓黄，黄婷婷，上个月办的卡。", "name", "黄婷婷"),
    ("My booking reference is QX7K2M and the name on it is Daniel Okafor.", "name", "Daniel Okafor"),
    ("I'm Priya, I called yesterday about my order.", "name", "Priya"),
    ("My daughter Chloe starts on September 2nd.", "name", "Chloe"),
    ("保养报价 1280，比上次贵了 300 多。", "amount", "1280"),
    ("嗯嗯，钱我下午转过去，两千八百块。", "amount", "两千八百块"),
    ("一共花了一千二，就用了一个礼拜就坏了。", "amount", "一千二"),
    ("信用卡额度从两万提到五万可以吗？", "amount", "五万"),
    ("Total budget is around 18k USD for the pilot.", "amount", "18k USD"),
    ("分期是 12 期，每期 833 元。", "count", "12 期"),
    ("你们客服电话 95188 我打了好几次都没人接。", "phone", "95188"),
    ("售后电话 400 600 8800，周末也上班吗？", "phone", "400 600 8800"),
    ("Call me back on +44 7700 900123 after 6pm.", "datetime", "after 6pm"),
    ("We need 250 units of the ESP32-S3 module by the end of the month.", "product", "ESP32-S3"),
    ("We need 250 units of the ESP32-S3 module by the end of the month.", "datetime", "by the end of the month"),
    ("光猫型号是 HG8145V5，灯一直闪红。", "product", "HG8145V5"),
    ("The car is a 2019 Toyota Corolla, plate number KV19 XRT.", "product", "Toyota Corolla"),
    ("The car is a 2019 Toyota Corolla, plate number KV19 XRT.", "ref", "KV19 XRT"),
    ("发票抬头写公司，税号 91330106MA2H0XXXX1。", "ref", "91330106MA2H0XXXX1"),
    ("运单号是 YT7789 0012 3456，圆通的。", "ref", "YT7789 0012 3456"),
    ("Her student number is 20250417.", "ref", "20250417"),
    ("My wife Hannah will pick it up on Saturday morning.", "datetime", "on Saturday morning"),
    ("订金交了 2000，尾款 6800 到货再付。", "amount", "2000"),
    ("押金什么时候退？合同 3 月底到期。", "datetime", "3 月底"),
    ("The repair quote was 180 pounds, which is too much.", "amount", "180 pounds"),
    ("我的微信号是 wxid_abc123，加我一下", "ref", "wxid_abc123"),
    ("QQ 号 123456789，有事留言", "ref", "123456789"),
    ("车架号 LSVAU2180N2183294", "ref", "LSVAU2180N2183294"),
    ("身份证后六位 12345X", "id_card", "12345X"),
    ("报名费 380，考试时间 2025 年 3 月 22 日。", "amount", "380"),
    ("酒店确认号 88231907，入住人张伟。", "ref", "88231907"),
])
def test_value_forms_of_the_whole_message_set(text, category, value):
    """Forms from bench/evalsets/values_full.py (issue 30): spaced Chinese dates and times, names
    after a role or a relative, prices without a unit, service numbers, dashed models, plates."""
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,category", [
    ("I'm using Python 3.12 and Node 20.", "product"),
    ("我用的是华为手机，系统 HarmonyOS 4.2。", "product"),
    ("入住人姓名 Sophie Martin，法国护照。", "name"),   # a name label, as a Chinese name ("姓名")
    ("对接人是采购部的王磊", "name"),   # the department is no name; the name after it is the role's
    ("报价 3 个工作日内给您。", "amount"),
    ("成功率大概只有 3/5，太低了。", "datetime"),
    ("I went there on Saturday morning and it was closed.", "datetime"),
    ("Hi, Jordan Lee here. Order 7781-33 was a Bose speaker.", "ref"),
    ("I lost 5 pounds this month.", "amount"),
    ("第 3 个问题我没看懂。", "count"),
])
def test_look_alikes_of_the_whole_message_set(text, category):
    found = [(f.category, f.value) for f in extract(text)]
    if category == "name" and "Sophie" in text:
        assert found == [("name", "Sophie Martin")]
    elif category == "name" and "采购部" in text:
        assert found == [("name", "王磊")]
    elif category == "ref":
        assert ("ref", "7781-33") in found and ("ref", "7781-33 was") not in found
    else:
        assert category not in [c for c, _ in found], found


@pytest.mark.parametrize("text,category,value", [
    ("您好，型号 X20 Pro，今天开机就报错。", "product", "X20 Pro"),
    ("家里办的是 300 兆的套餐，每月 129。", "amount", "129"),
    ("一斤车厘子 68，怎么扣了我 240？", "amount", "240"),
    ("这台电脑是 2023 年 6 月买的。", "datetime", "2023 年 6 月"),
    ("合同下月初到期。", "datetime", "下月初"),
    ("Hi, it's Marcus Bell again, my booking ref is QX7PL2.", "name", "Marcus Bell"),
    ("Please send the invoice, PO number 77120.", "ref", "77120"),
    ("We need 40 chairs for Saturday the 12th.", "datetime", "Saturday the 12th"),
    ("你们说的 2 到 3 个工作日早就过了。", "datetime", "2 到 3 个工作日"),   # working days are a time; it stops before 早就
])
def test_value_forms_of_the_fifth_round(text, category, value):
    """Forms test5 of bench/evalsets/values_full.py found missing on its first run: a short
    model after its label, a monthly or deducted amount without a unit, a spaced year and
    month, the start of next month, "it's <full name>", a PO number, a weekday with its date."""
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,category", [
    ("每月 3 次免费上门。", "amount"),
    ("每月 20G 流量根本不够用。", "amount"),
    ("It's Friday, finally.", "name"),
    ("It's Monday Morning Madness at the shop.", "name"),
    ("型号 A 和型号 B 有什么区别？", "product"),
    ("I've read chapter 3 twice and still don't get it.", "datetime"),
])
def test_look_alikes_of_the_fifth_round(text, category):
    assert category not in [f.category for f in extract(text)], extract(text)


@pytest.mark.parametrize("text,category,value", [
    ("商品是华为 MatePad 11.5，买了不到七天。", "product", "华为 MatePad 11.5"),
    ("公积金每个月缴 1260。", "amount", "1260"),
    ("物业费一年 3,840，我想分两次交。", "amount", "3,840"),
    ("这个月话费怎么是 268.40？", "amount", "268.40"),
    ("违约金也就是 6 万 4。", "amount", "6 万 4"),
    ("师傅下午 3:30 到。", "datetime", "下午 3:30"),
    ("编程班在上午 9:00-11:00。", "datetime", "上午 9:00-11:00"),
    ("给我留一份，12 点来拿。", "datetime", "12 点"),
    ("老板，给我留 3 份红烧肉套餐。", "count", "3 份红烧肉"),   # three characters of the noun, not "红烧肉套"
    ("我女儿诸葛晴明天要去复诊。", "name", "诸葛晴"),
    ("我儿子王小明叫我来的。", "name", "王小明"),
    ("我是 VIP 客户黄一鸣，会员号 M00982217。", "name", "黄一鸣"),
    ("地点在朝阳区建国路 88 号 SOHO 现代城。", "address", "朝阳区建国路 88 号 SOHO 现代城"),
    ("我家是 6 号楼 2 单元 502，楼上漏水了。", "address", "6 号楼 2 单元 502"),
    ("My claim reference is CLM/2024/55017.", "ref", "CLM/2024/55017"),
    ("The delivery window is 2-4pm on Friday, March 7.", "datetime", "2-4pm on Friday, March 7"),
    ("复查约在 2025年1月8日 上午 10:00。", "datetime", "2025年1月8日 上午 10:00"),   # one value with its date
    ("明天下午 3:30 复诊。", "datetime", "明天下午 3:30"),
])
def test_value_forms_of_the_sixth_round(text, category, value):
    """Forms test6 of bench/evalsets/values_full.py found missing on its first run: a brand's
    model with a decimal version, an amount after the verb or period that carries it, the
    spoken "6 万 4", a part of the day before a colon time, a spaced hour before what is done
    then, a compound surname after a relative, a name after a customer's role, an address
    without its city, a building-unit-flat address, a slashed reference, a time range."""
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,category", [
    ("我女儿今天发烧了。", "name"),
    ("我是老客户了，上次买过。", "name"),
    ("他在朝阳区上班。", "address"),
    ("现代城的房子涨价了。", "product"),
    ("这是第 3 次打电话了。", "datetime"),
    ("我提 3 点意见。", "datetime"),
    ("It was about ten years ago, I think.", "datetime"),
])
def test_look_alikes_of_the_sixth_round(text, category):
    assert category not in [f.category for f in extract(text)], extract(text)


@pytest.mark.parametrize("text,category,value", [
    ("12306 上买的 G1357 次，能改签吗？", "ref", "G1357"),
    ("燃气户号 2100 3345 87，帮我查一下欠费。", "ref", "2100 3345 87"),
    ("水费户号是 31-0082-5519。", "ref", "31-0082-5519"),
    ("住院号 ZY2024-00871。", "ref", "ZY2024-00871"),
    ("发票号码 04415678，开票日期 2024 年 11 月 3 日。", "ref", "04415678"),
    ("我在 Shopee 下的单 240517ABCD9921 还没发货。", "ref", "240517ABCD9921"),
    ("Zoom meeting ID 842 7713 0095.", "ref", "842 7713 0095"),
    ("The pharmacy says my prescription Rx 4471902 is ready.", "ref", "4471902"),
    ("My subscription (account no. 55-2109-77) renewed at €14.99.", "ref", "55-2109-77"),
    ("房租每个月四千五，押一付三。", "amount", "四千五"),
    ("这单一共 128 块 5，我付了 150。", "amount", "128 块 5"),
    ("订了 6 桌年夜饭。", "count", "6 桌年夜饭"),
    ("下个月 15 号之前要付尾款。", "datetime", "下个月 15 号之前"),
    ("大后天上午去领证。", "datetime", "大后天上午"),
    ("Dr. Amelia Chen moved my appointment to next Thursday at half past two.", "datetime",
     "next Thursday at half past two"),
    ("Dr. Amelia Chen moved my appointment.", "name", "Amelia Chen"),
    ("My wife will pick up the keys on Sunday.", "datetime", "on Sunday"),
    ("PM 说 in ten days 必须上线。", "datetime", "in ten days"),
])
def test_value_forms_of_the_seventh_round(text, category, value):
    """Forms test7 of bench/evalsets/values_full.py found missing on its first run: a train
    before 次, utility and hospital numbers, spaced digit groups after a label, a long code of
    digits and capitals on its own, a service's account number (not a bank's), spoken
    numerals after a rent, the jiao after 块, a table as a count, a day next month with a
    space, a day and its part of the day, "half past two", a titled name, a weekday to come."""
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,category", [
    ("这是 3 次了。", "ref"),
    ("坐了 G1357 次数不多。", "ref"),
    ("G1357 次", "count"),
    ("订单号 2024 11 我不知道", "count"),
    ("I usually go hiking on Sunday.", "datetime"),
    ("I saw Dr. Who on Tuesday.", "name"),
    ("Mr. Smith will call.", "name"),
    ("My bank account number is 12345678.", "ref"),
    ("一时半会儿搞不定这个 memory leak。", "datetime"),
])
def test_look_alikes_of_the_seventh_round(text, category):
    assert category not in [f.category for f in extract(text)], extract(text)


def test_jiao_is_not_read_from_a_following_count():
    got = [(f.category, f.value) for f in extract("买了 20 块 3 个苹果。")]
    assert ("amount", "20 块") in got and ("count", "3 个苹果") in got


@pytest.mark.parametrize("text,category,value", [
    ("工行卡 6222 0212 3456 7890 123 被冻结了。", "bank_card", "6222 0212 3456 7890 123"),
    ("我要订包间，十二个人。", "count", "十二个人"),
    ("合约到 2026 年 8 月底。", "datetime", "2026 年 8 月底"),
    ("师傅说搬家费一共 850。", "amount", "850"),
    ("我在京东买的戴森 V12 吸尘器。", "product", "戴森 V12"),
    ("明天早上八点到十点之间送货，可以吗？", "datetime", "明天早上八点到十点"),
    ("麻烦帮我改一下收货人，改成周子豪，电话 186-2100-7788。", "name", "周子豪"),
    ("Please return it to 4 Harbour Road, Cork T12 X8Y2, using label RMA-55120.", "address",
     "4 Harbour Road, Cork T12 X8Y2"),
    ("Delivery window is between 8 and 10 tomorrow morning.", "datetime", "between 8 and 10 tomorrow morning"),
    ("Our team of 14 will need the conference room.", "count", "14"),
])
def test_value_forms_of_the_eighth_round(text, category, value):
    """Forms test8 of bench/evalsets/values_full.py found missing on its first run: a card named
    by its bank's short name, a head count in numerals with 个人, the end of a month after its
    year, a fee and 一共 before the number, a Chinese brand, a range of hours in numerals, a
    name after 改成, an Irish postcode, a range of hours before its day, a team's size."""
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,category", [
    ("我的 Apple ID 是 lily.wu@icloud.com。", "product"),
    ("I paid with Google Pay.", "product"),
    ("现在排到 A152 号，前面还有 23 桌。", "count"),
    ("It's 30 degrees in here and the AC has been broken for 3 days.", "count"),
])
def test_look_alikes_of_the_eighth_round(text, category):
    assert category not in [f.category for f in extract(text)], extract(text)


def test_a_rental_for_three_days_is_still_counted():
    assert ("count", "3 days") in [(f.category, f.value) for f in extract("I'd like to book a car for 3 days.")]


@pytest.mark.parametrize("text,category,value", [
    ("腊月二十八之前能送到吗？", "datetime", "腊月二十八之前"),
    ("国庆节前一天发货可以吗？", "datetime", "国庆节前一天"),
    ("我叫上官婉儿，预约了元旦当天的婚纱照。", "datetime", "元旦当天"),
    ("手机号 188****1234 是我本人的。", "phone", "188****1234"),
    ("我的座位是 05 车 12F，能换到靠窗吗？", "ref", "05 车 12F"),
    ("一共一百零八元，怎么扣了我两百？", "amount", "两百"),
    ("找零少了五毛钱。", "amount", "五毛"),
    ("我要两双 42 码的白色板鞋。", "count", "两双"),
    ("买了一打鸡蛋。", "count", "一打鸡蛋"),
    ("航班的行李丢了，行李牌号 MU 123456。", "ref", "MU 123456"),
    ("公积金账号 1201 0098 7712，想提取装修。", "ref", "1201 0098 7712"),
    ("我是 7 号楼的业主。", "address", "7 号楼"),
    ("信用卡还款日 23 号。", "datetime", "23 号"),
    ("Can someone come out between noon and 3pm on Wednesday?", "datetime", "between noon and 3pm on Wednesday"),
    ("Please cancel the two cots we reserved.", "count", "two cots"),
    ("Our Wi-Fi is at 12 Elm Grove, flat 4B, and it drops every evening.", "address", "12 Elm Grove, flat 4B"),
    ("My flat is at 22 Grove Road, Bristol BS6 5HT.", "address", "22 Grove Road, Bristol BS6 5HT"),
])
def test_value_forms_of_the_ninth_round(text, category, value):
    """Forms test9 of bench/evalsets/values_full.py found missing on its first run: lunar dates
    and holidays, a masked phone, a seat, spoken sums after 扣了我 and in 毛, pairs and dozens,
    letters and digits apart after a label, a provident fund account, a building alone, a day
    of the month with a space, noon in a range, a reserved count, a capitalised street word."""
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,category", [
    ("车开到 3 万 5 千公里了，该做保养了吧？", "amount"),
    ("跑了 3 万公里。", "amount"),
    ("一共 16 节课。", "amount"),
    ("他说十一个人够了。", "datetime"),
    ("这件毛衣很暖和。", "amount"),
    ("I walked 3 miles in the Park today.", "address"),
])
def test_look_alikes_of_the_ninth_round(text, category):
    assert category not in [f.category for f in extract(text)], extract(text)


@pytest.mark.parametrize("text,category,value", [
    ("见面定在下周五（1 月 9 日）下午三点。", "datetime", "下周五（1 月 9 日）下午三点"),
    ("3月8日（周六）上午十点开课。", "datetime", "3月8日（周六）上午十点"),
    ("工作日晚上 7 点后都能送。", "datetime", "晚上 7 点后"),
    ("奶奶过农历九月初九的生日。", "datetime", "农历九月初九"),
    ("快递员在徐汇区漕溪北路 595 弄 12 号楼等你。", "address", "徐汇区漕溪北路 595 弄 12 号楼"),
    ("这个月被扣了三次 45.5。", "amount", "45.5"),
    ("The deposit is 2,400 and it's still not back.", "amount", "2,400"),
    ("他英文名 Tony，中文名赵海涛。", "name", "赵海涛"),
    ("运单号 SF 1403 8822 9012 7，帮我查下。", "ref", "SF 1403 8822 9012 7"),
])
def test_value_forms_of_the_nineteenth_round(text, category, value):
    """Forms test19 of bench/evalsets/values_full.py found missing on its first run: a date with
    a bracketed date or weekday before its time, an hour with 后, a lunar date after 农历, a lane
    (弄) in a Shanghai address, a sum after 扣了 and a number of times, a rent or deposit with
    thousands, a Chinese name after 中文名, a tracking number whose last group is short."""
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,category", [
    ("周六别送，我不在。", "datetime"),
    ("我拿的是第 23 号，还要等多久？", "datetime"),
    ("找 8 号技师做个按摩。", "datetime"),
    ("去 2 号窗口办理。", "datetime"),
])
def test_look_alikes_of_the_nineteenth_round(text, category):
    """A day declined (别送), an ordinal (第 23 号), a worker's or a counter's number are no dates."""
    assert category not in [f.category for f in extract(text)], extract(text)


@pytest.mark.parametrize("text,category,value", [
    ("后天 10am 在公司楼下见。", "datetime", "后天 10am"),
    ("Friday 上午 9 点 standup。", "datetime", "Friday 上午 9 点"),
    ("截止日期是 11/30，别忘了。", "datetime", "11/30"),
    ("我们 8 号 arrive，10 号 leave。", "datetime", "8 号"),
    ("我的 son Oliver 明天考试。", "name", "Oliver"),
    ("你的 collection code 是 3-6-0912。", "ref", "3-6-0912"),
    ("车是苏 E 6K2M8 的。", "ref", "苏 E 6K2M8"),
    ("Budget 是 8k 左右。", "amount", "8k"),
    ("Send it to Apt 2, 40 Mill Lane, Leeds LS1 4AB.", "address", "Apt 2, 40 Mill Lane, Leeds LS1 4AB"),
])
def test_value_forms_of_the_twentieth_round(text, category, value):
    """Forms test20 (Chinese and English in one message) found missing on its first run: a
    Chinese day with an English time and an English day with a Chinese time as one value, a
    labelled m/d, a day before an English word, a relative in English after 我的, a pickup code
    in English, a plate with a space after its province, an English price word before 是, a
    flat before its street."""
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,category,value", [
    ("收件人：黃曉明，連絡電話 0922-111-333", "name", "黃曉明"),
    ("收件人：黃曉明，連絡電話 0922-111-333", "phone", "0922-111-333"),
    ("公司電話 04-2255-8800 分機 12", "phone", "04-2255-8800"),
    ("下個禮拜四晚上八點見", "datetime", "下個禮拜四晚上八點"),
    ("運費 NT$ 60", "amount", "NT$ 60"),
    ("會員帳號 chen_wei77", "ref", "chen_wei77"),
    ("身分證號碼 F223456789", "id_card", "F223456789"),
    ("卡號末四碼 9012", "bank_card", "9012"),
    ("聽日晚上八點到", "datetime", "聽日晚上八點"),
    ("我的号码是幺五九八七六五四三二一", "phone", "幺五九八七六五四三二一"),
    ("快递单号三七八八二零一九", "ref", "三七八八二零一九"),
    ("晚上九点二十提醒我", "datetime", "晚上九点二十"),
    ("下个月二十号交房租", "datetime", "下个月二十号"),
])
def test_value_forms_of_the_twenty_first_round(text, category, value):
    """Forms test21 (Traditional Chinese, Cantonese, voice input) found missing on its first run:
    Traditional text is read as Simplified and its values kept as typed; Taiwan's mobiles,
    landlines, NT$, identity cards and 末四碼; 下礼拜二; Cantonese 聽日; a mobile and a number
    read out in characters; minutes in characters without 分; a day of next month in characters."""
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_traditional_and_simplified_give_one_key():
    """"訂單編號" and "订单编号" label the same fact: a session that mixes both keeps one table."""
    trad, simp = extract("訂單編號 A1234567"), extract("订单编号 A1234567")
    assert [f.key for f in trad] == [f.key for f in simp] and trad[0].value == "A1234567"


@pytest.mark.parametrize("text,category", [
    ("今天走了八千多步，腿好酸", "datetime"),
    ("三点四十个人到场", "datetime"),
])
def test_look_alikes_of_the_twenty_first_round(text, category):
    """A day of what was done (跑了十公里) is no date to keep; 四十个人 are no minutes."""
    assert category not in [f.category for f in extract(text)], extract(text)


# -- chinese3's dev split (RESULTS 31): a city without 市, a flat after its estate's building, whose
# address it is, a choice said without its kind -----------------------------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("你们来长沙岳麓区麓山南路220号保利香槟国际14栋2单元1503就行", "address", "长沙岳麓区麓山南路220号保利香槟国际14栋2单元1503"),
    ("不去原来那儿了，去南京鼓楼区中山北路369号龙湖春江郦城10栋3单元2804", "address", "南京鼓楼区中山北路369号龙湖春江郦城10栋3单元2804"),
    ("就在杭州西湖区文三路12号绿城桂花园8栋2单元601，门口有个快递柜", "address", "杭州西湖区文三路12号绿城桂花园8栋2单元601"),
    ("想了想还是选呼吸麻醉", "decision", "呼吸麻醉"),
    ("中式菜单，就这么定了", "decision", "中式菜单"),
    ("那就4米2厢货吧，另一个算了", "decision", "4米2厢货"),
    ("你推荐哪个？我还是选原装屏吧", "decision", "原装屏"),
])
def test_values_of_the_third_chinese_set(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text", ["好的，就这么定了", "我选不好，你推荐一下", "还是选哪个呢", "他们最后选了3个人"])
def test_no_choice_without_a_chosen_thing(text):
    assert [f.value for f in extract(text) if f.category == "decision"] == []


def test_the_office_does_not_replace_the_home_address():
    table = FactTable(char_counter)
    table.observe("就在杭州西湖区文三路12号绿城桂花园8栋2单元601", 3)
    table.observe("我公司在成都武侯区科华北路100号写字楼，不过别来这儿", 9)
    addresses = sorted(f.value for f in table if f.category == "address")
    assert addresses == ["成都武侯区科华北路100号", "杭州西湖区文三路12号绿城桂花园8栋2单元601"]


# -- test23 (RESULTS 31) ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("新郎叫陈浩，新娘叫林晓雨", "name", "陈浩"),
    ("新郎叫陈浩，新娘叫林晓雨", "name", "林晓雨"),
    ("紧急联系人是我老公，赵磊 13912345678", "name", "赵磊"),
    ("我住杭州滨江区江南大道 1088 号，中控大厦后面那栋", "address", "杭州滨江区江南大道 1088 号"),
    ("从浦东新区张杨路 500 号搬到闵行区七莘路 3888 弄 12 号 201", "address", "闵行区七莘路 3888 弄 12 号 201"),
    ("从浦东新区张杨路 500 号搬到闵行区七莘路 3888 弄 12 号 201", "address", "浦东新区张杨路 500 号"),
    ("需要三个师傅，有钢琴要搬", "count", "三个师傅"),
    ("屏幕摔碎了，手机是 iPhone 14 Pro 256G 深空黑", "product", "iPhone 14 Pro 256G 深空黑"),
    ("订单有两个：AX3301 和 AX3302，都是陪诊的", "ref", "AX3301"),
    ("订单有两个：AX3301 和 AX3302，都是陪诊的", "ref", "AX3302"),
    ("还是换国产屏吧，便宜 300", "decision", "国产屏"),
    ("There will be 6 of us, two of them kids.", "count", "6"),
])
def test_values_of_the_twenty_third_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("The flat is 65 square metres on the 3rd floor.", "address"),
    ("好的 13800001111", "name"),
    ("明天 13800001111", "name"),
    ("型号 RK3568 和订单号 AB1234", "ref"),          # a model beside a reference stays a model
])
def test_look_alikes_of_the_twenty_third_round(text, category):
    got = [(f.category, f.value) for f in extract(text) if f.category == category]
    assert got == [] or (category == "ref" and got == [("ref", "AB1234")]), got


def test_the_contact_is_not_the_customer():
    table = FactTable(char_counter)
    table.observe("我叫王明", 1)
    table.observe("紧急联系人是我老公，赵磊 13912345678", 4)
    names = {f.key: f.value for f in table if f.category == "name"}
    assert names["name:self"] == "王明" and names["name:联系人"] == "赵磊"


def test_a_relative_named_for_a_role_takes_the_role():
    facts = [(f.category, f.value, f.label) for f in extract("收件人写的是我爸，李建国，电话 +86 139 1088 7766")]
    assert ("name", "李建国", "收件人") in facts


# -- test24 (RESULTS 32) ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("宽带装在朝阳区望京西园三区 312 号楼 2 单元 501，工程师周四下午能来吗", "address", "朝阳区望京西园三区 312 号楼 2 单元 501"),
    ("物业这边，我家厨房漏水漏到楼下了，12 幢 803", "address", "12 幢 803"),
    ("收件人写的是我爸，李建国，电话 +86 139 1088 7766", "name", "李建国"),
    ("保单尾号 8831，被保人是我太太孙丽", "name", "孙丽"),
    ("保单尾号 8831，被保人是我太太孙丽", "ref", "8831"),
    ("预订人写王芳芳，到店大概晚上九点以后", "name", "王芳芳"),
    ("就诊卡号 0029871635，病人叫何桂英，72 岁", "name", "何桂英"),
    ("业主叫钱国栋，手机尾号 0917", "name", "钱国栋"),
    ("订两间大床房，12.24 入住，住三晚", "datetime", "12.24"),
    ("我们两大一小，小孩 5 岁要加床吗", "count", "两大一小"),
    ("改签手续费收了 380，太贵了", "amount", "380"),
    ("课时费一节 180，先买二十节", "amount", "180"),
    ("课时费一节 180，先买二十节", "count", "二十节"),
    ("洗衣机是海尔 EG100MATE2S，脱水的时候响得厉害", "product", "海尔 EG100MATE2S"),
    ("报修单 WX20251205-113，能不能下周一上午来", "ref", "WX20251205-113"),
    ("You can reach my assistant, Priya Nair, on +44 20 7946 0321 ext 204.", "phone", "+44 20 7946 0321 ext 204"),
    ("我女儿王小丫今年六岁", "name", "王小丫"),                      # the name stops before 今年
])
def test_values_of_the_twenty_fourth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("我是 12 栋 3 单元 601 的业主，楼上漏水到我家了。", "name"),   # a role without a verb names no one
    ("学员编号 ST2411 0236，科目二什么时候能约？", "name"),
    ("我老公，他说明天来", "name"),
    ("版本 1.2 以后就没这个问题了", "datetime"),                  # a version, not a day
    ("报价 11.8 万能不能再少点", "datetime"),
    ("保单尾号 8831", "bank_card"),                                # a policy's number, not a card's
])
def test_look_alikes_of_the_twenty_fourth_round(text, category):
    assert [(f.category, f.value) for f in extract(text) if f.category == category] == []


# -- misses left from test23 (RESULTS 32.3): a rent's terms chosen, workers sent, a maker's colour
@pytest.mark.parametrize("text, category, value", [
    ("押一付三吧，房租每月 4200", "decision", "押一付三"),
    ("那就押一付一", "decision", "押一付一"),
    ("保洁阿姨来两个就够了，大概 90 平", "count", "两个"),
    ("师傅来 3 个，下午到", "count", "3 个"),
    ("OPPO Find X7 256G 烟云紫", "product", "OPPO Find X7 256G 烟云紫"),
    ("Oppo Reno 11 白色", "product", "Oppo Reno 11 白色"),
])
def test_values_left_from_the_twenty_third_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("房东说押一付三，押金 4500，下月初交。", "decision"),    # terms stated, not chosen
    ("不要押一付三吧", "decision"),
    ("押一付三吗？", "decision"),
    ("师傅来两个月了还没修好", "count"),
])
def test_look_alikes_left_from_the_twenty_third_round(text, category):
    assert [(f.category, f.value) for f in extract(text) if f.category == category] == []


# -- test25 (RESULTS 32.4) ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("取货码 6372，我让我老公去拿", "ref", "6372"),
    ("全家福拍摄约在元旦上午 9 点半，一共 7 口人", "count", "7 口人"),
    ("卡里充了 300，显示只到账 200", "amount", "300"),
    ("卡里充了 300，显示只到账 200", "amount", "200"),
    ("自行车是捷安特 ATX 830，变速器坏了", "product", "捷安特 ATX 830"),
    ("我们三个大人一个小孩，小孩 1 米 2", "count", "三个大人"),
    ("我们三个大人一个小孩，小孩 1 米 2", "count", "一个小孩"),
    ("出游人：黄志强、黄丽、黄子涵", "name", "黄志强"),
    ("出游人：黄志强、黄丽、黄子涵", "name", "黄丽"),
    ("出游人：黄志强、黄丽、黄子涵", "name", "黄子涵"),
    ("The photographer we booked is Marco Bellini, shoot on Sunday at 10.", "name", "Marco Bellini"),
    ("My account number is 44817236 and my bill jumped to $182.40 this month.", "ref", "44817236"),
    ("It's a Trek Marlin 7, bought in 2022, and the rear derailleur is bent.", "product", "Trek Marlin 7"),
    ("My daughter Amara Osei is in class 3B; her lunch card is 55120934.", "ref", "55120934"),
])
def test_values_of_the_twenty_fifth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("出游人：黄志强、黄丽、黄子涵要靠窗", "name"),      # a list that runs into the sentence: none of it
    ("参会人有刘洋，陈晨说明天到", "name"),
    ("Our driver today is Friday", "name"),
    ("the driver is Late again", "name"),
    ("My account number is 44817236 and my bill jumped to $182.40 this month.", "bank_card"),
])
def test_look_alikes_of_the_twenty_fifth_round(text, category):
    assert [(f.category, f.value) for f in extract(text) if f.category == category] == []


def test_people_counted_by_age_keep_apart():
    facts = {f.key: f.value for f in extract("我们三个大人一个小孩，小孩 1 米 2") if f.category == "count"}
    assert facts == {"count:大人": "三个大人", "count:小孩": "一个小孩"}


# -- test26 (RESULTS 32.5) ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("The engineer can come on Thursday 11th between 1 and 5pm.", "datetime", "on Thursday 11th between 1 and 5pm"),
    ("Please send the replacement to Flat 12, Orchard House, 41 Mill Road, Leeds LS6 2AB.", "address",
     "Flat 12, Orchard House, 41 Mill Road, Leeds LS6 2AB"),
    ("We ordered 3 bar stools and only 2 arrived.", "count", "3 bar stools"),
    ("The car is a 2018 Honda Civic, reg WK18 XPL, and it needs an MOT before 30 June.", "ref", "WK18 XPL"),
    ("I'd like to cancel my gym membership, member ID 00482-GX.", "ref", "00482-GX"),
    ("Can you refund the annual fee of Rs 4,999 to my account?", "amount", "Rs 4,999"),
    ("Policy number HH-2290-118, the leak happened on 28 November around 6am.", "datetime", "on 28 November around 6am"),
    ("退款 1299 到了没，退款单号 TK202512010388", "amount", "1299"),
    ("明早 7:40 的高铁 G7512，能不能改到晚上的", "ref", "G7512"),
    ("送货的时候打我媳妇电话 137 0000 5566，她叫周敏", "name", "周敏"),
    ("营业厅说要带户主身份证，户主是我爷爷陈福生", "name", "陈福生"),
])
def test_values_of_the_twenty_sixth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("The car is a 2018 Honda Civic, reg WK18 XPL, and it needs an MOT before 30 June.", "product:WK18"),
    ("营业厅说要带户主身份证，户主是我爷爷陈福生", "name:身份证"),
    ("你们 24 小时都有人吗", "count"),
    ("My gym only has 3 squat racks and they're always busy.", "count"),   # "only" orders nothing
    ("她叫我等一下", "name"),                                                # "told me to", not "call me"
    ("I registered on 12 May", "ref"),
])
def test_look_alikes_of_the_twenty_sixth_round(text, category):
    category, _, value = category.partition(":")
    got = [f.value for f in extract(text) if f.category == category]
    assert (value not in got) if value else got == []


# -- test27 (RESULTS 32.9) ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("总共 1548，用了 50 的券", "amount", "1548"),
    ("续费了两年，一共 1,080。", "amount", "1,080"),
    ("保费去年交的 4380，今年报价 5100 涨太多了", "amount", "4380"),
    ("开 3 张发票，每张 2000", "amount", "2000"),
    ("订 6 罐飞鹤星飞帆 3 段", "count", "6 罐飞鹤星"),
    ("新地址 Room 1806, Tower 2, 嘉里中心, 南京西路 1515 号", "address", "Room 1806, Tower 2, 嘉里中心, 南京西路 1515 号"),
    ("大家都叫我老王", "name", "老王"),
])
def test_values_of_the_twenty_seventh_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("我叫Tony，你们经理叫我直接找你", "name:直接找"),     # told to, not called
    ("孩子报的是周日上午 9:00-11:00 的编程班，一共 16 节课。", "amount"),   # 一共 before a count is no sum
    ("这栋楼一共 32 层，我住 18 楼，电梯又坏了。", "amount"),
    ("这个小区一共 1200 户，停车位才 300 个。", "amount"),
    ("全家福拍摄约在元旦上午 9 点半，一共 7 口人", "amount"),
])
def test_look_alikes_of_the_twenty_seventh_round(text, category):
    category, _, value = category.partition(":")
    got = [f.value for f in extract(text) if f.category == category]
    assert (value not in got) if value else got == []


# -- test28 (RESULTS 33.1) ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("Service tag 7HX2Q93, warranty should run until March 2027.", "ref", "7HX2Q93"),
    ("Service tag 7HX2Q93, warranty should run until March 2027.", "datetime", "until March 2027"),
    ("Can I get a technician out on the 14th, anytime after 10?", "datetime", "on the 14th, anytime after 10"),
    ("My PAN is ABCPK1234F and I need it linked to the account.", "id_card", "ABCPK1234F"),
    ("Delivery address: Blk 231 Bishan Street 23, #08-112, Singapore 570231", "address",
     "Blk 231 Bishan Street 23, #08-112, Singapore 570231"),
    ("Please change my plan to the $45 one from next billing cycle.", "decision", "the $45 one"),
    ("I'll take the 3 o'clock one then.", "decision", "the 3 o'clock one"),
    ("We have four bedrooms and two bathrooms to be cleaned, every second Thursday.", "count", "four bedrooms"),
    ("We have four bedrooms and two bathrooms to be cleaned, every second Thursday.", "count", "two bathrooms"),
    ("We have four bedrooms and two bathrooms to be cleaned, every second Thursday.", "datetime", "every second Thursday"),
    ("The cleaner last time was Rosa, could we have her again?", "name", "Rosa"),
    ("Quote was 180 AUD per visit.", "amount", "180 AUD"),
    ("Send the documents to my accountant Priya Shah, priya@shahandco.co.uk.", "name", "Priya Shah"),
    ("洗牙 288 一次，办卡的话 1888 十次", "amount", "288"),
    ("年费会员 298 一年，续费日是 3 月 9 号", "amount", "298"),
    ("我还是办卡吧", "decision", "办卡"),
    ("我们这边 3 个 designer 要开 account", "count", "3 个 designer"),
    ("UPI ref no 403912775621", "ref", "403912775621"),
])
def test_values_of_the_twenty_eighth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("one of the two rooms was dirty", "count"),          # the rooms already spoken of
    ("I go running every Monday", "datetime"),            # a habit, no schedule booked
    ("那我还是再想想吧", "decision"),                      # wavering, nothing chosen
    ("还是算了吧", "decision"),
    ("那就先等等吧", "decision"),
    ("pan 24cm please", "id_card"),
    ("I lost 5 pounds", "amount"),                        # a weight
    ("一天 3 次，一次 2 片", "amount"),                     # a dose
    ("我 35 一个人住", "amount"),
])
def test_look_alikes_of_the_twenty_eighth_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


def test_a_label_that_ends_in_s_keeps_its_word():
    """"address" and "status" are no plurals: the key and the fact table say them whole, and
    "Billing addresses:" gives the address, not "es: ..."."""
    facts = extract("Delivery address: 5 Park Road, Leeds. Order status: ORD-12345")
    assert [(f.category, f.label) for f in facts] == [("address", "address"), ("ref", "status")]
    assert [f.value for f in extract("Billing addresses: 5 Park Road")] == ["5 Park Road"]


@pytest.mark.parametrize("text, category", [
    ("你们客服是24小时的吗？", "count"),                      # a desk's hours asked about
    ("哈哈，明白上周末本来想去看看的，结果下雨没去成。", "datetime"),   # "明白" is no key, 上周末 alone no fact
])
def test_chit_chat_of_the_third_chinese_set_keeps_no_fact(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


def test_a_clause_is_no_key():
    """A label that ends in a particle, 说 or 才 is a clause ("天气预报说", "楼下奶茶才"), not a key."""
    assert [f.label for f in extract("楼下奶茶才16块")] == [""]
    assert extract("天气预报说2号要下雨") == []   # hearsay keeps no fact at all (RESULTS 36.5)
    assert [f.label for f in extract("交付日期改到1月20日")] == ["交付日期"]


# -- test29 (RESULTS 36.1) ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("定损员说修理费大概四千三，什么时候能赔下来？", "amount", "四千三"),
    ("物业费一年两千四", "amount", "两千四"),
    ("转网授权码收到了，是 83920175", "ref", "83920175"),
    ("订单号我发你了，是 AX3301", "ref", "AX3301"),
    ("The driver will be my husband, Tom Whitaker, licence number WHITA802156T99LK.", "id_card", "WHITA802156T99LK"),
    ("I want to switch to the fixed tariff, the 12 month one.", "decision", "the fixed tariff"),
    ("please cancel my membership, member id 00417725, my last day should be 31/12", "datetime", "31/12"),
    ("The rent is due 4/15.", "datetime", "4/15"),
    ("Record locator is ZPKJ4T and I'm travelling with my son Eli, he's 9.", "ref", "ZPKJ4T"),
])
def test_values_of_the_twenty_ninth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("we're open 24/7", "datetime"),
    ("the tank is 3/4 full", "datetime"),               # a fraction, however it is cued
    ("the score was 13/20", "datetime"),
    ("shutter was 1/30 sec", "datetime"),
    ("went from 1/3 to 1/2", "datetime"),
    ("订单号忘了，是不是要重新下单", "ref"),
    ("免费三个月", "amount"),
    ("business licence number 91330106MA2H0XXXX1", "id_card"),   # a company's, not a person's ID
])
def test_look_alikes_of_the_twenty_ninth_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


def test_a_fee_is_keyed_by_its_own_name():
    """"定损员说修理费大概4300": the key is 修理费, not the clause before it."""
    assert [f.label for f in extract("定损员说修理费大概4300")] == ["修理费"]
    assert [f.label for f in extract("他说运费是15")] == ["运费"]


# -- test30 (RESULTS 36.2): friends' and diary chat ----------------------------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("我妹妹叫林可欣，下个月18号结婚", "name", "林可欣"),
    ("我姐姐叫王丽", "name", "王丽"),
    ("My flight home is BA 1442 on the 22nd, lands at 6:40pm.", "datetime", "on the 22nd"),
    ("departs 1430 on Monday", "datetime", "1430 on Monday"),
    ("We've booked the cottage from the 9th to the 16th of August.", "datetime", "the 9th to the 16th of August"),
    ("move it from the 3rd to the 5th of May", "datetime", "the 5th of May"),   # the new day, not the span
    ("The concert's at the Apollo on Friday, doors at 7.", "datetime", "on Friday"),
    ("The outage started at 02:10 UTC on 2 December.", "datetime", "02:10"),
    ("I booked a table for 7:30", "datetime", "7:30"),
    ("I'm tired and the meeting is at 3pm", "datetime", "3pm"),
    ("Surgery on May 28th; the follow-up in four weeks.", "datetime", "in four weeks"),   # another event
    ("A Honda Jazz, £4,750, it has heated seats", "amount", "£4,750"),   # no comma after it
])
def test_values_of_the_thirtieth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("Stayed up till 3am finishing that book, absolutely worth it.", "datetime"),   # a story's time
    ("Finished the book you lent me at 2am. The ending!", "datetime"),
    ("I did a proper budget this weekend, with a spreadsheet and everything.", "datetime"),
    ("So far I've lasted until Wednesday, which for me is a personal best.", "datetime"),
    ("I think I've watched that film five times this year.", "datetime"),           # how often
    ("The boiler made a banging noise at six this morning and now it only shuffles a bit.", "count"),
    ("我哥哥叫人来修", "name"),                                                         # 叫 as sent for
    ("老公叫车去了", "name"),
])
def test_look_alikes_of_the_thirtieth_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


@pytest.mark.parametrize("text, restated", [
    ("Orson is getting married! April 28th, so in three weeks.", "in three weeks"),
    ("My eye surgery is on August 14th. That's in four weeks.", "in four weeks"),
    ("体检约在12月3号，也就是下周三", "下周三"),
])
def test_a_span_that_restates_the_date_just_given_is_no_second_fact(text, restated):
    values = [f.value for f in extract(text) if f.category == "datetime"]
    assert len(values) == 1 and restated not in values[0]


def test_an_english_key_is_the_word_as_said():
    """The table reads "surgery: May 28th", not "surger"; "meetings" and "meeting" are one key."""
    assert [f.label for f in extract("My surgery is on May 28th.")] == ["surgery"]
    assert [f.label for f in extract("The wedding is on June 14th.")] == ["wedding"]
    one, two = extract("The meeting is on Friday."), extract("Meetings: Monday the 3rd")
    assert one[0].key == two[0].key == "datetime:meet"


def test_a_plural_key_over_a_span_is_a_tally():
    assert [f for f in extract("You guys are 0 for 2 on deliveries this month.") if f.category == "datetime"] == []
    assert [f.label for f in extract("The delivery is this Friday.")] == ["delivery"]


@pytest.mark.parametrize("text", [
    "Okay, my battery's about to die. Same time next week-ish?",        # "time" counted, no key
    "I had the most pointless meeting today, two hours of nothing.",   # a story told the same day
    "Eli cooked me dinner tonight, it was so sweet.",
    "Basically the 6am starts were destroying me.",
    "My sister keeps sending me memes at 2am",                         # a habit
])
def test_a_day_of_chat_is_no_fact(text):
    assert [f.value for f in extract(text) if f.category == "datetime"] == []


def test_an_english_product_is_keyed_by_its_kind_only():
    """"Say hello to the new Fiat Panda" shows "product: Fiat Panda", not "hello: Fiat Panda"."""
    assert [(f.value, f.label) for f in extract("Say hello to the new Fiat Panda.")] == [("Fiat Panda", "")]
    assert [(f.value, f.label) for f in extract("My laptop is a Dell XPS 13 9340")] == [("Dell XPS 13 9340", "laptop")]
    assert [f.label for f in extract("the interview's tomorrow.")] == ["interview"]


# -- test31 (RESULTS 36.5): the customer's asides ------------------------------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("中午点的外卖才15块，你们这个运费就要12", "amount", "12"),
    ("去年双十一买的那台扫地机器人又坏了，型号是石头T7S", "product", "石头T7S"),
    ("退款498元到现在都没到账，已经7个工作日了", "amount", "498元"),
    ("师傅说明天下午两点上门", "datetime", "明天下午两点"),   # the desk's own word is no hearsay
    ("我要住3天", "count", "3天"),
])
def test_values_of_the_thirty_first_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("退款498元到现在都没到账，已经7个工作日了", "count"),            # days waited
    ("我这个月已经打了5次电话了，工单号是WO20261128055", "count"),       # calls made
    ("朋友说你们这里周三会员日打八折", "datetime"),                     # hearsay
    ("天气预报说周六有大雨，师傅还能按时上门吗？", "datetime"),
    ("My neighbour pays £25 a month for the same thing!", "amount"),
    ("The old one lasted 15 years, this one broke in 3 months.", "datetime"),
])
def test_look_alikes_of_the_thirty_first_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


def test_a_baseline_price_is_no_fact_beside_the_desks_own():
    amounts = [f.value for f in extract("楼下便利店一瓶水才2块，你们自动售货机卖5块") if f.category == "amount"]
    assert amounts == ["5块"]
    assert [f.label for f in extract("你们这个运费就要12")] == ["运费"]


# -- test32 (RESULTS 37.1): American service desks, plans among friends, Chinese group chat ----------
@pytest.mark.parametrize("text, category, value", [
    ("Is Dr. Alvarez available Friday at a quarter to nine?", "datetime", "Friday at a quarter to nine"),
    ("See you Friday at half past four.", "datetime", "Friday at half past four"),
    ("he's coming at ten o'clock", "datetime", "ten o'clock"),
    ("Can I pick it up at the Elm Street store by 6 tonight?", "datetime", "by 6 tonight"),
    ("Can you move my appointment to next Tuesday, the 9th, same time?", "datetime", "next Tuesday, the 9th"),
    ("I ordered two of the 65-inch TVs, order #US-99120-B", "count", "two"),
    ("ok so dinner at Luca's on Friday at 7:30, I booked for 6 of us", "count", "6"),
    ("班费每人交200，微信转给我就行", "amount", "200"),
    ("我是班长妈妈刘芳", "name", "刘芳"),
    ("信用卡尾号6625", "bank_card", "6625"),
])
def test_values_of_the_thirty_second_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("哈哈我们家那位昨天又加班到11点", "datetime"),         # how late a past day ran
    ("我家孩子昨天烧到38度5，今天请假一天", "datetime"),      # a child is no key of a date
    ("快递到了的话帮我放前台，收件人写王琳，尾号6625", "bank_card"),   # a phone's last digits
    ("I booked for 7pm", "count"),
    ("I'll take the 3 o'clock one then.", "datetime"),      # the decision holds the time
    ("a quarter of the cake is left", "datetime"),
])
def test_look_alikes_of_the_thirty_second_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


# -- test33 (RESULTS 37.2): work chat, a group's trip, tenant and landlord, a clinic; mixed zh/en ---
@pytest.mark.parametrize("text, category, value", [
    ("I'm on call from the 14th to the 21st, ping Priya if I don't pick up.", "datetime", "the 14th to the 21st"),
    ("高铁票我统一买，G7385，早上8点12发车", "ref", "G7385"),
    ("房租我已经转了，4200，麻烦查收", "amount", "4200"),
    ("明天的 standup 改到 10:30，Kevin 请假", "datetime", "明天 10:30"),   # one time since test69 (RESULTS 41.14)
    ("offer 上写的 base 是 35k，比我现在多了5k", "amount", "35k"),
    ("把 meeting 约在 12/18 下午 3 点吧", "datetime", "12/18 下午 3 点"),
    ("新同事叫 Emily Zhao，下周一入职", "name", "Emily Zhao"),
    ("Last time we went it cost like $90 a night, now they want $160.", "amount", "$160"),
])
def test_values_of_the_thirty_third_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("My follow-up is on the 22nd at 10:15 with Dr. Patel, right?", "address"),   # a time's minutes are no house number
    ("这个版本一共修了37个bug，测试辛苦了", "count"),                              # work done, tallied
    ("昨天上线搞到凌晨1点，今天脑子一团浆糊", "datetime"),
    ("我昨天 OT 到11点，今天 WFH", "datetime"),
    ("比我现在多了5k", "amount"),
    ("我家在G7385附近", "ref"),                                                    # no train ticket's words
])
def test_look_alikes_of_the_thirty_third_round(text, category):
    assert [f.value for f in extract(text) if f.category == category and f.value not in ("昨天", "今天")] == []


def test_a_baseline_price_in_english_is_no_fact_beside_the_new_one():
    amounts = [f.value for f in extract("Last time we went it cost like $90 a night, now they want $160.") if f.category == "amount"]
    assert amounts == ["$160"]


def test_a_chinese_event_moved_keeps_its_new_day_under_its_own_key():
    """"明天的预约改到后天了": 预约 is the key, 后天 its day, 明天 given up. Only asked for ("能改到
    后天吗"), the old day keeps the key and the new one is kept without it."""
    assert [(f.label, f.value) for f in extract("明天的预约改到后天了")] == [("预约", "后天")]
    assert [(f.label, f.value) for f in extract("明天的预约能改到后天吗")] == [("预约", "明天"), ("", "后天")]
    assert [(f.label, f.value) for f in extract("周五的安装能不能提前到周四")] == [("安装", "周五"), ("", "周四")]
    assert [(f.label, f.value) for f in extract("把预约改到周六上午")] == [("预约", "周六上午")]
    assert [(f.label, f.value) for f in extract("预约从周二改到周四")] == [("预约", "周四")]
    assert [(f.label, f.value) for f in extract("原定的周三改为周五")] == [("", "周五")]
    assert [(f.label, f.value) for f in extract("10号的航班改签到12号")] == [("航班", "12号")]
    assert [f.value for f in extract("航班 CA1831 延误了，原定 18:40 起飞。")] == ["CA1831", "18:40"]   # scheduled, not moved
    assert [(f.label, f.value) for f in extract("明天的面试记得带简历")] == [("面试", "明天")]
    assert [f.value for f in extract("下下周二上午十点的面试能改成线上吗？")] == ["下下周二上午十点"]   # no new day


@pytest.mark.parametrize("text", ["取消周五的聚餐", "我要取消明天的预约"])
def test_a_day_called_off_is_no_plan(text):
    assert [f.value for f in extract(text) if f.category == "datetime"] == []


def test_a_day_called_off_gives_way_to_the_new_one():
    assert [f.value for f in extract("周五的聚餐取消了，改到下周")] == ["下周"]


# -- test34 (RESULTS 37.5): Chinese customer service on a phone; Hong Kong and Taiwan; voice input ---
@pytest.mark.parametrize("text, category, value", [
    ("信用卡分期还款，这期应还2,386.50，最后还款日是15号", "amount", "2,386.50"),
    ("房贷每个月扣4,812，扣款卡是建行的", "amount", "4,812"),
    ("电影票买了两张，晚上七点四十那场，取票码 836104", "ref", "836104"),
    ("退款金额是三百二十九块五，什么时候到", "amount", "三百二十九块五"),
    ("預約編號 HK-DT-55012，聽日下晝三點可唔可以改到後日", "datetime", "聽日下晝三點"),
    ("我的電話係 9123 4567，叫我陳生就得", "phone", "9123 4567"),
    ("保养费上次收了我680，这次怎么报价1280", "amount", "680"),   # last time's price is a value
])
def test_values_of_the_thirty_fourth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("上次做胃镜等了两个小时，这次能不能约早一点", "datetime"),     # sooner, not one o'clock
    ("送货师傅来两个人就够了，我家在6楼没电梯", "address"),        # a floor is no address
    ("座位是7排12号和13号，能换到中间吗", "datetime"),
    ("我朋友上个月也在你们这修的，才花了两百", "amount"),            # what a friend paid
    ("沙发订单号 JJ2026112300871，原来约的是周二送货，已经改到周五了", "none"),
])
def test_look_alikes_of_the_thirty_fourth_round(text, category):
    facts = extract(text)
    if category == "none":
        assert "周二" not in [f.value for f in facts] and "周五" in [f.value for f in facts]
    else:
        assert [f.value for f in facts if f.category == category] == []
    assert "明天早上一点" in [f.value for f in extract("明天早上一点的航班")]


def test_a_cantonese_move_asked_for_keeps_both_days():
    facts = [(f.label, f.value) for f in extract("預約編號 HK-DT-55012，聽日下晝三點可唔可以改到後日")]
    assert [v for _, v in facts][1:] == ["聽日下晝三點", "後日"]
    assert [f.value for f in extract("聽日下晝三點改到後日")] == ["後日"]


def test_a_day_asked_for_is_one_line_once_the_move_is_made():
    """"能改到后天吗" keeps 后天 without a key; "改到后天上午了" gives it to 预约, and the keyless
    line goes. A keyless day of another message stays."""
    table = FactTable(char_counter)
    table.observe("明天的预约能改到后天吗", 2)
    table.observe("下午3点前记得打电话", 3)
    assert [(f.label, f.value) for f in table] == [("预约", "明天"), ("", "后天"), ("", "下午3点前")]
    table.observe("好的，那明天的预约改到后天上午了", 4)
    assert [(f.label, f.value) for f in table] == [("预约", "后天上午"), ("", "下午3点前")]


# -- test35 (RESULTS 37.7): English as people text it ------------------------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("delivery guy can come tmrw after 5, i'm home by then", "datetime", "tmrw after 5"),
    ("recharged rs 599 on my jio number 98200 11734 but plan not activated", "amount", "rs 599"),
    ("recharged rs 599 on my jio number 98200 11734 but plan not activated", "phone", "98200 11734"),
    ("branch visit booked for 11.30am monday, token no. B-047", "datetime", "11.30am monday"),
    ("branch visit booked for 11.30am monday, token no. B-047", "ref", "B-047"),
    ("g'day, need to book a GP appt for my son Oliver, he's 6, earliest thu arvo?", "datetime", "thu arvo"),
    ("hot desk for 3 ppl from 1 to 14 feb, how much?", "count", "3 ppl"),
    ("contractor coming sat 10am can or not", "datetime", "sat 10am"),
    ("landlord inspection is next fri at 2, pls tidy the kitchen", "datetime", "next fri at 2"),
    ("sam's bday dinner sat 8pm @ the thai place, booked for 7", "datetime", "sat 8pm"),
    ("new flatmate moving in on 1 march, her name's Aisha Patel", "name", "Aisha Patel"),
    ("my number changed, it's now 0412 556 903", "phone", "0412 556 903"),
    ("my condo unit is #12-08, the aircon leaking since last wk", "address", "#12-08"),
])
def test_values_of_the_thirty_fifth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("my PAN is ABCPK4821Q and aadhaar last 4 digits 6619", "count"),   # which digits, not how many
    ("we drank like 6 bottles of wine last time lol", "count"),         # what was drunk
    ("I sat at 3 tables", "datetime"),                                  # sat, the verb
    ("we met on the sun deck", "datetime"),
])
def test_look_alikes_of_the_thirty_fifth_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


# -- test36 (RESULTS 37.8): Chinese private chat between friends and family ------------------------
@pytest.mark.parametrize("text, category, value", [
    ("小李婚礼定在国庆第二天 份子钱给多少合适", "datetime", "国庆第二天"),
    ("昨晚吃饭一共花了1268 我们六个人AA 每人211", "amount", "211"),
    ("我家宽带到期了 续了一年1200", "amount", "1200"),
    ("孩子的英语网课每周二四晚上7点", "datetime", "每周二四晚上7点"),
    ("我堂妹叫周雨桐 下周来杭州面试", "name", "周雨桐"),
    ("买了三箱橙子 一箱68", "amount", "68"),
])
def test_values_of_the_thirty_sixth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_a_day_someone_is_busy_is_no_plan():
    facts = [f.value for f in extract("儿子钢琴课改到周日下午三点了 老师说周六她有事")]
    assert facts == ["周日下午三点"]


# -- test37 (RESULTS 38.1): British, Irish and Canadian desks; government counters; a home assistant
@pytest.mark.parametrize("text, category, value", [
    ("the viewing's at half 3 on Thursday if that suits", "datetime", "half 3 on Thursday"),
    ("can the engineer come on 12/03 in the morning?", "datetime", "on 12/03 in the morning"),
    ("the Eircode is D08 XY29, it's the yellow door", "address", "D08 XY29"),
    ("our postal code is M5V 2T6, unit 1807", "address", "M5V 2T6"),
    ("the parcel's meant to come between quarter past ten and quarter to twelve tomorrow", "datetime",
     "between quarter past ten and quarter to twelve tomorrow"),
    ("my wife Siobhan will pick up the keys, Siobhan Doyle", "name", "Siobhan Doyle"),
    ("my PPS number is 1234567TA", "id_card", "1234567TA"),
    ("每个月公积金缴存基数是 8600", "amount", "8600"),
    ("不动产权证号 苏(2021)苏州市不动产权第0215566号", "ref", "0215566"),
    ("明早六点四十叫我起床", "datetime", "明早六点四十"),
    ("我明天一大早过去", "datetime", "明天一大早"),
    ("女儿的钢琴老师叫蒋文静 电话 186 5123 0447", "name", "蒋文静"),
    ("下个月15号要还信用卡 4,870", "amount", "4,870"),
])
def test_values_of_the_thirty_seventh_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("the lads paid forty quid each for the tickets last year", "amount"),   # others' money, before
    ("we'll meet at half time", "datetime"),
    ("the screen is 12/03 in size", "datetime"),
    ("老师叫大家带水杯", "name"),                    # 叫 as told to, no surname
    ("parcel went to SW1A 1AA", "product"),          # a postcode's first half is no model
    ("parcel went to SW1A 1AA", "address"),          # nor a postcode fact without its name
])
def test_look_alikes_of_the_thirty_seventh_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


def test_a_postcode_named_wins_over_a_code_of_its_shape():
    assert [(f.category, f.value) for f in extract("the Eircode is D08 XY29")] == [("address", "D08 XY29")]


# -- test38 (RESULTS 38.2): second-hand deals, renovation, Malaysian and Taiwanese desks, a help desk
@pytest.mark.parametrize("text, category, value", [
    ("闲鱼上那个相机还在吗 富士XT30 你说的2800能不能2600", "amount", "2600"),
    ("同城面交吧 明天中午12点 万达广场一楼星巴克门口", "address", "万达广场一楼星巴克门口"),
    ("在人民广场地铁站2号出口等你", "address", "人民广场地铁站2号出口"),
    ("教练电话 137-2288-9104 有事直接打", "phone", "137-2288-9104"),
    ("狗粮要皇家的 小型犬成犬 8 公斤装 两袋", "count", "两袋"),
    ("骑手说送到了 但我在 5 栋 2 单元 门口没看到", "address", "5 栋 2 单元"),
    ("我的 IC number 是 880412-14-5523 leh", "id_card", "880412-14-5523"),
    ("那个 order 我昨天 already 付了 RM 238.50", "amount", "RM 238.50"),
    ("我住 Bukit Batok 那边 Blk 219 #08-112", "address", "Blk 219 #08-112"),
    ("extension is 4417 if you need to call me back", "phone", "4417"),
    ("我们3号出发", "datetime", "3号"),
])
def test_values_of_the_thirty_eighth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("我 colleague 上个月买的才 S$899", "amount"),   # a colleague's price, said to set off another
    ("我们在公园门口见", "address"),                  # a park's gate, no place named
    ("密码可以1234吗", "amount"),                     # no price talked about
    ("骑手说送到了吗", "address"),                     # delivered, not "deliver to"
    ("我的 IC number 是 880412-14-5523 leh", "datetime"),
])
def test_look_alikes_of_the_thirty_eighth_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


def test_an_extension_after_its_number_stays_part_of_it():
    assert [f.value for f in extract("Call the office on 01632 960 123, ext 42.")] == ["01632 960 123, ext 42"]


def test_an_extension_is_a_phone_of_its_own_kind():
    """It must not supersede the user's own number in the fact table."""
    keys = [f.key for f in extract("my extension is 4417") if f.category == "phone"]
    assert keys == ["phone:extension"]


def test_someone_busy_is_no_plan_but_a_number_to_call_when_busy_is_kept():
    assert [f.value for f in extract("周六我没空")] == []
    assert [f.value for f in extract("教练电话 137-2288-9104 有事直接打")] == ["137-2288-9104"]


# -- test39 (RESULTS 38.3): office paperwork, a move, a wedding; a home assistant, a vet, a rental desk
@pytest.mark.parametrize("text, category, value", [
    ("报销单提交了 一共 3 张发票 合计 2,364.80", "count", "3 张发票"),
    ("保洁阿姨每周六上午来 每次 4 小时 一小时 45", "amount", "45"),
    ("酒席 22 桌 每桌 3,688 不含酒水", "amount", "3,688"),
    ("婚庆套餐选的是 B 档 19,800 的", "amount", "19,800"),
    ("婚庆套餐选的是 B 档 19,800 的", "decision", "B 档"),
    ("一共 1,200 人参加", "count", "1,200 人参加"),
    ("婚礼定在明年 5 月 20 号 中午 11 点 58 分开席", "datetime", "明年 5 月 20 号 中午 11 点 58 分"),
    ("新来的实习生叫钟宇航 你带一下", "name", "钟宇航"),
    ("my sister's flight lands at 6:40pm on Sunday, BA 287", "ref", "BA 287"),
    ("could we do Friday the 19th around 11?", "datetime", "Friday the 19th around 11"),
    ("drop off is the 28th by 10am", "datetime", "the 28th by 10am"),
    ("he'll be out Monday through Wednesday for a family funeral", "datetime", "Monday through Wednesday"),
    ("the additional driver is my husband, Tomás Herrera", "name", "Tomás Herrera"),
    ("机票改签到 2025.3.15 的 MU5101，差价多少？", "ref", "MU5101"),   # a dotted date is no sentence's end
])
def test_values_of_the_thirty_ninth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("报销单提交了 一共 3 张发票", "amount"),   # 提交了 is no payment, 3 张 no sum
    ("一共 1,200 人参加", "amount"),
    ("粉丝 12,000 了", "amount"),                # followers, not money
    ("我今天走了 12,000 步", "amount"),
    ("套餐是 199 元一个月的那个", "decision"),   # a price is no choice's name
    ("经理叫我们加班", "name"),
    ("the flight was fine. Gate B 12, by the way", "ref"),   # its cue in another sentence
])
def test_look_alikes_of_the_thirty_ninth_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


@pytest.mark.parametrize("text, value, shown", [
    ("明早 7:40 的高铁 G7512，能不能改到晚上的", "G7512", "高铁"),
    ("路由器是 TP-LINK 的 AX3000，隔两堵墙就没信号。", "AX3000", "路由器"),
    ("机票改签到 2025.3.15 的 MU5101，差价多少？", "MU5101", ""),
    ("我的 Apple ID 是 lily.li@icloud.com，iPhone 15 Pro 锁了", "iPhone 15 Pro", ""),
    ("快递单号 SF1409876543210，显示签收了但我没收到", "SF1409876543210", "快递单号"),
    ("更正一下，坏的设备改成美的洗碗机 RX20，13套的", "RX20", "美的洗碗机"),   # 美的 is a maker, not 的
    ("我家格力空调 KFR-35GW 不制冷", "KFR-35GW", "家格力空调"),             # a noun phrase is left as said
])
def test_a_code_or_model_shows_a_noun_before_it_or_its_category(text, value, shown):
    """The table's line reads "- 高铁: G7512", not "- 明早740的高铁: G7512" or "- 锁了: iPhone 15 Pro"."""
    assert [f.label for f in extract(text) if f.value == value] == [shown]


# -- test40 (RESULTS 38.4): formal Chinese forms; English told to a personal assistant -------------
@pytest.mark.parametrize("text, category, value", [
    ("签约日期 二〇二五年三月五日", "datetime", "二〇二五年三月五日"),
    ("面试安排在十四点三十分 请提前十分钟到", "datetime", "十四点三十分"),
    ("身份证 3301 0619 9004 1234 56", "id_card", "3301 0619 9004 1234 56"),
    ("麻烦改成周末送 周六周日都行", "datetime", "周六周日"),
    ("my landlord is Mr. Kowalski, his cell is 312-555-0148", "name", "Mr. Kowalski"),
    ("the babysitter, Grace Kim, charges $22 an hour", "name", "Grace Kim"),
    ("Jake's soccer practice is every Tuesday and Thursday at 5:30", "datetime", "every Tuesday and Thursday at 5:30"),
    ("the plumber quoted 650 for the water heater, the other guy said 900", "amount", "650"),
])
def test_values_of_the_fortieth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("my landlord is Mr. Kowalski", "phone"),
    ("we go every Sunday", "datetime"),                  # a habit without its hour
    ("身份证 3301 0619 9004 1234", "id_card"),           # too short to be one
    ("my blood pressure was 128 over 82 this morning", "amount"),
])
def test_look_alikes_of_the_fortieth_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


# -- test41 (RESULTS 38.5): online-shop service as typed; English planning with the vaguer calendar
@pytest.mark.parametrize("text, category, value", [
    ("用了一张满 300 减 40 的券 实付 512", "amount", "512"),
    ("直播间说好的 299 怎么下单变 359 了", "amount", "359"),
    ("下单时间是 11 月 11 号 0 点 03 分", "datetime", "11 月 11 号 0 点 03 分"),
    ("let's do the Thursday after next for the dinner", "datetime", "the Thursday after next"),
    ("Mum lands mid-April, probably the 14th", "datetime", "mid-April"),
    ("the conference is the first week of March in Lisbon", "datetime", "the first week of March"),
    ("we're going up to the lake for Labor Day weekend", "datetime", "Labor Day weekend"),
    ("the contractor wants the final payment by end of next month, $4,750", "datetime", "by end of next month"),
    ("I'll be in Denver from the 3rd through the 8th", "datetime", "the 3rd through the 8th"),
    ("check-in is after 4pm, checkout by 11", "datetime", "by 11"),
    ("the ferry leaves at 0715 on the Saturday", "datetime", "0715 on the Saturday"),
])
def test_values_of_the_forty_first_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("Merry Christmas to you", "datetime"),                                  # a greeting, no day
    ("we only stayed two nights last time and it wasn't enough", "count"),   # a story's count
    ("it rained for like 5 days straight when we were there", "count"),
])
def test_look_alikes_of_the_forty_first_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


def test_a_number_after_a_spaced_hour_is_a_minute_only_with_its_fen():
    assert [f.value for f in extract("明天 3 点 5 个人来") if f.category == "datetime"] == ["明天 3 点"]


def test_a_titled_name_read_twice_is_one_fact():
    assert [f.value for f in extract("my physio is Dr. Amara Osei, appointments Mondays at 8")
            if f.category == "name"] == ["Amara Osei"]


# -- test42 (RESULTS 38.6): a small shop, a tenant, a parent's appointments, a child's school -------
@pytest.mark.parametrize("text, category, value", [
    ("可乐进了 20 箱 一箱 24 瓶 进价 38 一箱", "amount", "38"),
    ("女儿学校开家长会 12 月 13 号 周五下午 3 点半", "datetime", "12 月 13 号 周五下午 3 点半"),
    ("the delivery van comes Tuesdays and Fridays before 8am", "datetime", "Tuesdays and Fridays before 8am"),
    ("the landlord's agent, Marcus Webb, said Thursday at 10 for the boiler", "name", "Marcus Webb"),
])
def test_values_of_the_forty_second_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("we close on Sundays", "datetime"),              # a weekly day without its hour is a habit
    ("冰柜温度调到零下 18 度", "count"),
    ("手机电量只剩 15% 了 先说重点", "amount"),
    ("Dad takes 5mg of amlodipine every morning", "count"),
])
def test_look_alikes_of_the_forty_second_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


# -- test43 (RESULTS 39.1): rail and flight changes, a 4S shop, a claim, Chinese numerals, shifts ------
@pytest.mark.parametrize("text, category, value", [
    ("12306 上买的票 G1375 次 明天早上七点十二分的 想改签到下午", "datetime", "明天早上七点十二分"),
    ("车架号后六位 306581", "ref", "306581"),
    ("上次保养花了一千三百六 这次报价两千八 贵太多了", "amount", "两千八"),
    ("上次保养花了一千三百六 这次报价两千八 贵太多了", "amount", "一千三百六"),
    ("被保险人是我老公 叫郑建华 保单号 PDAA202433010000088912", "name", "郑建华"),
    ("明天差一刻八点我在楼下等你", "datetime", "明天差一刻八点"),
    ("I'm on earlies next week, 6 till 2, so I can't do the Tuesday quiz", "datetime", "6 till 2"),
    ("my shift got moved to Sunday 10-6", "datetime", "Sunday 10-6"),
    ("there are 3 of us in the flat now that Tom's gone", "count", "3"),
    ("the new starter is called Oluwaseun Adeyemi, he's on my team", "name", "Oluwaseun Adeyemi"),
    ("订单有两个：AX3301 和 AX3302，都是陪诊的", "ref", "AX3302"),
])
def test_values_of_the_forty_third_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("the score at work was 2-1", "datetime"),        # hours need a word of work, and no score
    ("取件码 6-4-2017 和 3-1-0988 两个包裹。", "datetime"),   # a second match reads its cue anew
    ("差一点就赶上了", "datetime"),
    ("现在排到 A152 号，前面还有 23 桌。", "ref"),      # where the queue is, not one's own ticket
    ("一共走了一万二千步", "amount"),
])
def test_look_alikes_of_the_forty_third_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


def test_a_move_only_wished_for_keeps_the_old_day_under_its_event():
    facts = [(f.value, f.label) for f in extract("周三的会议想改到周五") if f.category == "datetime"]
    assert facts == [("周三", "会议"), ("周五", "")]


# -- test44 (RESULTS 39.2): a hospital, bills, a course refund, a letting agent; American English ---
@pytest.mark.parametrize("text, category, value", [
    ("户号 0102 7733 4512 这个月水费怎么要 286", "ref", "0102 7733 4512"),   # an account's word before a phone's shape
    ("课程顾问叫宁晓雪 当时说七天无理由", "name", "宁晓雪"),
    ("合同签到后年 1 月 31 号", "datetime", "后年 1 月 31 号"),
    ("一共 68.5 用了满 50 减 10 的券", "amount", "68.5"),
    ("Mom's flight lands Sunday at 4:50pm, Delta 1183", "ref", "Delta 1183"),
    ("the babysitter's name is Kayleigh Brooks and she charges $18 an hour", "name", "Kayleigh Brooks"),
])
def test_values_of_the_forty_fourth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("一共 2.5 公斤", "amount"),
    ("我是宁波的", "name"),                 # a rarer surname only after 叫
    ("我老公叫齐了人", "name"),
    ("手机号 13812345678", "ref"),
])
def test_look_alikes_of_the_forty_fourth_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


def test_someones_name_by_their_role_is_not_the_users_own():
    assert [(f.value, f.label) for f in extract("the babysitter's name is Kayleigh Brooks") if f.category == "name"] \
        == [("Kayleigh Brooks", "babysitter")]


# -- test45 (RESULTS 39.3): one desk's long chat in Chinese; a bank, a GP surgery, a broadband desk --
@pytest.mark.parametrize("text, category, value", [
    ("移机费报的 380 加氟另算 这价格合理吗", "amount", "380"),
    ("退款金额应该是 259 不是 229", "amount", "259"),
    ("箱子里有一台相机 索尼 A7M4 买的时候一万六", "amount", "一万六"),
    ("找到了直接寄到我家 收件人写我爱人 阿依古丽 电话 139 9910 2233", "phone", "139 9910 2233"),
    ("the engineer can come on the 11th, any time between 8 and 1", "datetime", "on the 11th, any time between 8 and 1"),
])
def test_values_of_the_forty_fifth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("找到了直接寄到我家 收件人写我爱人 阿依古丽 电话 139 9910 2233", "address"),   # 我家 is no address
    ("名字是维吾尔族的 护照上写的 AYIGULI", "name"),
    ("it's for my son Reuben, he's 7 and has had a cough for 10 days", "count"),   # how long so far
])
def test_look_alikes_of_the_forty_fifth_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


@pytest.mark.parametrize("text, label", [
    ("下周二 14:00 的面试能改到周四吗？", "面试"),
    ("明早 7:15 的航班 MU5138", "航班"),
])
def test_a_date_before_de_is_keyed_by_the_noun_after_it(text, label):
    assert [f.label for f in extract(text) if f.category == "datetime"][0] == label


def test_a_british_half_hour_keeps_its_part_of_the_day():
    assert [f.value for f in extract("around half seven in the evening") if f.category == "datetime"] \
        == ["half seven in the evening"]


# -- test47 (RESULTS 39.5): Chinese and English in one message, Hong Kong and Taiwan desks ----------
@pytest.mark.parametrize("text, category, value", [
    ("shipment 的 B/L number 是 COSU6283910450 预计 12/18 到港", "datetime", "12/18"),
    ("application number 是 AA00XJ7K9P 护照号 E98765432", "ref", "AA00XJ7K9P"),
    ("我 budget 最多 8k 一个月", "amount", "8k"),
    ("my WeChat ID is chen_jiaxin_88", "ref", "chen_jiaxin_88"),
    ("HR 叫 Grace Wong 她的 email 是 grace.wong@northwind.hk", "name", "Grace Wong"),
])
def test_values_of_the_forty_seventh_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("we use Node 18 and Postgres 15 in prod", "product"),
    ("my wechat is ok", "ref"),
])
def test_look_alikes_of_the_forty_seventh_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


@pytest.mark.parametrize("text, label", [
    ("新同事叫 Emily Zhao，下周一入职", "同事"),     # a colleague's name is not the user's own
    ("我老公叫 David", "老公"),
    ("HR 叫 Grace Wong", "HR"),
    ("我叫 Kevin", "self"),
])
def test_a_latin_name_in_chinese_is_keyed_by_whose_it_is(text, label):
    assert [f.label for f in extract(text) if f.category == "name"] == [label]


# -- test48 (RESULTS 39.6): a live-stream shop, a salon, a used car, a renewal; a wedding in English --
@pytest.mark.parametrize("text, category, value", [
    ("二手车是 2019 年的凯美瑞 开了 6 万 8 公里", "product", "凯美瑞"),
    ("the best man is my brother Callum", "name", "Callum"),
    ("stag do is the weekend of 9 August in Newcastle", "datetime", "the weekend of 9 August"),
    ("the band wants a 50% deposit, so £1,100 by end of March", "datetime", "by end of March"),
    ("cake tasting moved to Wed 21st, 4pm", "datetime", "Wed 21st, 4pm"),
    ("the photographer is booked 1pm till 9pm, £1,850", "datetime", "1pm till 9pm"),
    ("张工明天来", "name", "张工"),
])
def test_values_of_the_forty_eighth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("保单寄到 苏州工业园区星湖街 328 号 收件人蒋文", "name"),   # 苏州工 is no engineer Su
    ("I need to lose 5 pounds before the fitting lol", "count"),
    ("看到一只海鸥", "product"),
])
def test_look_alikes_of_the_forty_eighth_round(text, category):
    assert [f.value for f in extract(text) if f.category == category and f.value != "蒋文"] == []


# -- test49 (RESULTS 39.7): a desk's question and the reply, in Chinese ------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("就是那个 3.2 米的布艺沙发 型号 SF-3207", "product", "SF-3207"),   # after 型号 a model, whatever its shape
    ("139 6712 3508 会员名字是我老婆的 叫钟丽", "name", "钟丽"),
    ("我上个月话费怎么扣了 198 平时只有 58", "amount", "198"),          # 平 as in 平米, not 平时
])
def test_values_of_the_forty_ninth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("武汉大学 信息学部 3 号教学楼", "datetime"),
    ("停车费显示 36 元 但是我只停了 2 小时", "count"),
    ("房子 89 平", "amount"),
])
def test_look_alikes_of_the_forty_ninth_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


# -- test50 (RESULTS 40.1): a hotel, a transfer, a courier; an accountant, a parent's week, a trip ---
@pytest.mark.parametrize("text, category, value", [
    ("酒店确认号 88213407 入住 12.18 离店 12.21", "datetime", "12.21"),   # a dotted day after what happens on it
    ("转账失败了 钱扣了没到账 金额两千五", "amount", "两千五"),
    ("东西 3 公斤左右 保价 2000", "amount", "2000"),
    ("收款人是房东 马建国 卡号尾号 6021", "name", "马建国"),
    ("my VAT number is GB 294 7711 38", "ref", "GB 294 7711 38"),
    ("Ella has swimming 5:15 Tuesdays and Thursdays", "datetime", "5:15 Tuesdays and Thursdays"),
    ("Sam's football moved to Saturday 9.30 at Riverside Park", "datetime", "Saturday 9.30"),
    ("we're on the 07:01 Eurostar 9014 to Paris", "ref", "Eurostar 9014"),
    ("hotel's at 14 Rue de Clichy, 75009 Paris", "address", "14 Rue de Clichy, 75009 Paris"),
    ("we come back on the 4th on the 18:13", "datetime", "on the 4th on the 18:13"),   # "back on" is no anecdote here
])
def test_values_of_the_fiftieth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("coach 12 seats 61 and 62", "count"),          # a carriage and its seats, not twelve seats
    ("收款人是房东，我也不认识", "name"),              # a role, no name
    ("Back in March I had the flu", "datetime"),    # an anecdote
])
def test_look_alikes_of_the_fiftieth_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


@pytest.mark.parametrize("text, labels", [
    ("酒店确认号 88213407 入住 12.18 离店 12.21", ["入住", "离店"]),   # not "入住1218离店"
    ("下周二 14:00 的面试能改到周四吗？", ["面试", ""]),             # a move asked for keys no new day
])
def test_a_date_is_labelled_by_the_words_after_the_date_before_it(text, labels):
    assert [f.label for f in extract(text) if f.category == "datetime"] == labels


def test_a_contraction_is_no_label():
    assert [f.label for f in extract("the wifi password is on the fridge, the router's a TP-Link Archer C6")] == ["router"]


# -- test51 (RESULTS 40.2): a hotline, a repair shop, a property office, tutoring; India, an IT desk --
@pytest.mark.parametrize("text, category, value", [
    ("我周四下班后 6 点半左右过来", "datetime", "周四下班后 6 点半左右"),   # one time, not a day and an hour
    ("车位号 B2-117 月租 350", "ref", "B2-117"),
    ("物业费欠了三个月 一共一千零五十", "amount", "一千零五十"),
    ("任课老师是黄老师 电话 0731-8452 6619", "name", "黄老师"),
    ("my flat is costing 85 lakh, loan sanctioned for 60 lakh", "amount", "60 lakh"),
    ("the budget is 2.5 crore", "amount", "2.5 crore"),
    ("my cousin Arjun will stand as co-applicant", "name", "Arjun"),
    ("my manager is Karen Holt, ext 4471", "phone", "4471"),
    ("I'm free after 2:30 today, or anytime Friday morning", "datetime", "Friday morning"),
])
def test_values_of_the_fifty_first_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("我要投诉 小区门口的烧烤摊每天晚上十一点以后还在营业", "datetime"),   # a habit complained of
    ("楼上天天早上6点装修", "datetime"),
    ("车票 553 元 开车前 8 天以上免费退吗", "count"),                   # a condition, not eight days
    ("快递员说 8 点前一定送到 结果 10 点都没来", "address"),
    ("一共两千多人", "amount"),
])
def test_look_alikes_of_the_fifty_first_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


def test_a_role_with_a_title_is_no_name():
    assert [f.value for f in extract("任课老师是黄老师") if f.category == "name"] == ["黄老师"]


def test_a_daily_schedule_stays():
    assert [f.value for f in extract("每天早上 8 点送奶") if f.category == "datetime"] == ["早上 8 点"]


# -- test52 (RESULTS 40.3): group buying, a health check, a car accident; Singapore, a gym -----------
@pytest.mark.parametrize("text, category, value", [
    ("我要两份 自提 团长是 孙丽娟", "name", "孙丽娟"),
    ("体检人 郑凯文 身份证 310104198807154417", "name", "郑凯文"),
    ("套餐选的是 B 套餐 1,680 元 加一项甲状腺彩超 180", "amount", "180"),   # a thing added and its price
    ("我这边车头修理厂估价 4 千多", "amount", "4 千多"),
    ("出险时间是今天早上 8:10 左右 地点 浦东新区锦绣路和芳甸路路口", "address", "浦东新区锦绣路和芳甸路路口"),
    ("各位家长，周五下午3点半开家长会，地点在三楼多功能厅", "address", "三楼多功能厅"),   # 在 is no part of it
    ("I stay at Blk 305 Tampines Ave 5, #08-112, S520305", "address", "Blk 305 Tampines Ave 5, #08-112, S520305"),
    ("my hp is 9123 4567", "phone", "9123 4567"),
    ("please stop billing my card ending 1184 after 12/31", "datetime", "12/31"),
])
def test_values_of_the_fifty_second_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_an_address_holds_its_unit_rather_than_a_reference_beside_it():
    assert [f.category for f in extract("I stay at Blk 305 Tampines Ave 5, #08-112, S520305")] == ["address"]


# -- test53 (RESULTS 40.4): a sale, cleaning, a renovation, a banquet; a student, taxes, an Irish flat --
@pytest.mark.parametrize("text, category, value", [
    ("时薪 45 带不带清洁剂", "amount", "45"),
    ("水电改造另算 按米算 一米 85", "amount", "85"),
    ("设计师叫 俞晨 他说 3 月 1 号开工", "name", "俞晨"),
    ("新郎 蔡子轩 新娘 邱梦琪", "name", "邱梦琪"),
    ("our EIN is 84-2917735 and the business started in 2023", "ref", "84-2917735"),
    ("the flat is at Apartment 6, Harbour View, Cobh, Co. Cork, P24 K2X9", "address",
     "Apartment 6, Harbour View, Cobh, Co. Cork, P24 K2X9"),
    ("my coursework for CS2040 was due 17 March at noon", "ref", "CS2040"),   # a course's code, no product
])
def test_values_of_the_fifty_third_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("伴娘有四个 伴郎也四个", "name"),
    ("新娘化妆师电话 159 8812 3307", "name"),
    ("the vet is Greenway Vets, 01223 400 512 if anything happens", "name"),   # a business, no person
    ("他一米八五", "amount"),
])
def test_look_alikes_of_the_fifty_third_round(text, category):
    assert [f.value for f in extract(text) if f.category == category] == []


@pytest.mark.parametrize("text, label", [
    ("My flat is at 22 Grove Road, Bristol BS6 5HT.", "flat"),          # not "fl": a word's own "at" stays
    ("inspection is Tues 11 Feb between 10 and 12", "inspection"),      # not "inspecti"
])
def test_a_label_keeps_the_end_of_its_word(text, label):
    assert [f.label for f in extract(text)] == [label]


# -- test54 (RESULTS 40.5): voice input, corrections, several values at once; English corrections ----
@pytest.mark.parametrize("text, category, value", [
    ("订单 3356 和 3357 都是我的", "ref", "3357"),                  # the second of a list, of the first's shape
    ("appt w/ Dr Kapoor moved to Wed 2:45", "datetime", "Wed 2:45"),
    ("nope, not Thursday, Friday works", "datetime", "Friday"),
    ("the plumber's invoice, INV 20931, was £265.80", "ref", "INV 20931"),
])
def test_values_of_the_fifty_fourth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_a_word_said_for_its_character_is_no_date():
    assert [(f.category, f.value) for f in extract("我叫杜明远 杜甫的杜 明天的明 远方的远")] == [("name", "杜明远")]


def test_a_day_said_again_in_full_keeps_the_first_ones_key():
    facts = [f for f in extract("预约改到下个礼拜二 不是礼拜一 是礼拜二下午") if f.category == "datetime"]
    assert [(f.value, f.key) for f in facts] == [("礼拜二下午", "datetime:预约")]


# -- test55 (RESULTS 40.6): a card's statement, a claim, an ID card; health insurance, a bike, hockey --
@pytest.mark.parametrize("text, category, value", [
    ("信用卡账单日是每月 5 号 还款日是 23 号", "datetime", "每月 5 号"),
    ("户籍地是 湖南省衡阳市雁峰区 现在住 广州市白云区", "address", "广州市白云区"),   # where one lives now, not both
    ("member ID W2284719033, group number 00917", "ref", "W2284719033"),        # not "ID W2284719033"
    ("member ID W2284719033, group number 00917", "ref", "00917"),
    ("can I drop it off Saturday morning and collect Monday?", "datetime", "Monday"),
    ("tournament in Red Deer Jan 17-19, hotel block at the Sheraton", "datetime", "Jan 17-19"),
])
def test_values_of_the_fifty_fifth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


# -- test56 (RESULTS 40.7): a restaurant, a trainer, school fees; a dog walker, a recruiter, a let ---
@pytest.mark.parametrize("text, category, value", [
    ("订个包间 周六晚上 6 点 12 个人 最低消费多少", "count", "12 个人"),   # 12 is the party, not the minutes
    ("私教课买了 20 节 每节 280 教练是 小麦", "amount", "280"),
    ("学校说这学期的校服费 420 书本费 386 下周五前交", "amount", "386"),     # 下周五 is no 下 of a count
    ("hi, it's Fiona, Bella's mum, can you walk her Mon/Wed/Fri at 12?", "datetime", "Mon/Wed/Fri at 12"),
    ("Hi Daniel, the role is Senior Data Engineer, £85-95k plus bonus", "amount", "£85-95k"),
    ("the garage said £340 for brake pads and discs, can do Thursday", "datetime", "Thursday"),
    ("we've booked the cottage from 27 Dec to 3 Jan, booking ref HC-88120", "datetime", "27 Dec to 3 Jan"),
])
def test_values_of_the_fifty_sixth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_minutes_stay_minutes():
    assert [f.value for f in extract("下午 3 点 20 分到") if f.category == "datetime"] == ["下午 3 点 20 分"]


# -- test57 (RESULTS 40.8): zh/en at work, a tech-support chat; English from Chinese speakers abroad --
@pytest.mark.parametrize("text, category, value", [
    ("客户那边的 contact 是 Jason Liu 邮箱 jason.liu@hkt-global.com", "name", "Jason Liu"),
    ("供应商 contact 是 Ms. Tan 手机 +65 9123 4567", "name", "Ms. Tan"),            # not "Ms"
    ("电脑资产编号 ZJ-NB-03317 使用人 沈佳怡", "name", "沈佳怡"),
    ("my new address is Room 1203, 88 Queensway, Admiralty, Hong Kong", "address",
     "Room 1203, 88 Queensway, Admiralty, Hong Kong"),
    ("my BRP number is ZU1234567", "id_card", "ZU1234567"),
])
def test_values_of_the_fifty_seventh_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text", ["系统版本是 2.4.13 升级后就登不上了", "服务器 IP 192.168.10.24 端口 8443",
                                  "内存 16G 硬盘 512G 还是卡", "报错代码 0x0000007B 蓝屏了"])
def test_a_machines_numbers_are_no_facts(text):
    assert extract(text) == []


# -- test58 (RESULTS 40.9): a desk's question and the short answer ------------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("大概晚上九点多", "datetime", "晚上九点多"),
    ("my father, Patrick O'Brien, he uses a wheelchair", "name", "Patrick O'Brien"),
    ("Thursday morning if possible, I work afternoons", "datetime", "Thursday morning"),
])
def test_values_of_the_fifty_eighth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


# -- test59 (RESULTS 40.9): an appliance desk's long chat; a parent to a school office ----------------
@pytest.mark.parametrize("text, category, value", [
    ("进水阀 68 上门费 50 一共 118 对吧", "amount", "118"),          # a sum, then a particle
    ("she has a dentist appointment on Wednesday 14th at 1.45, so I'll collect her at 1", "datetime",
     "on Wednesday 14th at 1.45"),                                   # not "at 1" of "1.45"
    ("Zara's lunch account number is 004418", "ref", "004418"),      # a school's account, no bank's
])
def test_values_of_the_fifty_ninth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_a_bank_account_stays_a_bank_account():
    assert [f.category for f in extract("my account number is 12345678")] == ["bank_card"]


# -- test60 (RESULTS 41.1): a mover, a wedding photographer, a nanny; a Kenyan let, a Belfast boiler --
@pytest.mark.parametrize("text, category, value", [
    ("体检套餐选的是 B 套餐 598 的那个", "amount", "598"),            # the package named after its price
    ("我们拍婚纱照订的 6999 的套系 已经交了定金 2000", "amount", "6999"),
    ("报价说是 1280 含两个工人", "amount", "1280"),
    ("月嫂阿姨姓邓 下个月 12 号上户 26 天 一万二", "amount", "一万二"),   # a sum in words, on its own
    ("新娘叫蒋雨桐 新郎严凯 拍摄日期 2027 年 3 月 14 日", "name", "严凯"),
    ("搬家从朝阳区望京西园三区 312 号楼搬到通州区梨园镇云景里 8 号院", "address", "朝阳区望京西园三区 312 号楼"),
    ("搬家从朝阳区望京西园三区 312 号楼搬到通州区梨园镇云景里 8 号院", "address", "通州区梨园镇云景里 8 号院"),
    ("电动车是雅迪 DE3 电池不行了", "product", "雅迪 DE3"),
    ("my cell is (303) 555-0148, my wife Priya's is (303) 555-0191", "name", "Priya"),
    ("I'm Daniel Okafor, calling about my license renewal, DL number D0412-88731-220", "id_card", "D0412-88731-220"),
    ("Hello, Wanjiru here. I booked the Diani beach cottage", "name", "Wanjiru"),
    ("Hiya, it's Siobhan, the plumber came", "name", "Siobhan"),
    ("I paid KES 45,000 via M-Pesa, the code is SGT4KX91PL", "amount", "KES 45,000"),
    ("I paid KES 45,000 via M-Pesa, the code is SGT4KX91PL", "ref", "SGT4KX91PL"),
    ("my husband Kamau will be driving, reg KDA 512X", "ref", "KDA 512X"),
    ("the boiler's a Worcester Greenstar 30i and quoted £2,850 to replace it", "product", "Worcester Greenstar 30i"),
])
def test_values_of_the_sixtieth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text", [
    "那个 399 的套餐包括上门吗？",          # a price asked about
    "跑了三千五",                           # a spoken number after a verb, no sum
    "从海淀区出发 大概 3 号到",             # a district set out from, no address
    "it's a 2 hour drive",                  # a drive that takes hours, no street
    "sent it via PayPal yesterday",
    "the error code is 0x0000007B",
    "the code is 4471",                     # a door code, no reference
    "Hi, it's Monday again",
])
def test_look_alikes_of_the_sixtieth_round(text):
    assert [(f.category, f.value) for f in extract(text) if f.category in ("amount", "address", "ref", "name")] == []


def test_a_sum_in_thousands_is_no_street():
    facts = [(f.category, f.value) for f in extract("I paid KES 45,000 via M-Pesa")]
    assert facts == [("amount", "KES 45,000")]


# -- test61 (RESULTS 41.2): a school's refund, a pet boarder; Australia, the Philippines, South Africa --
@pytest.mark.parametrize("text, category, value", [
    ("孩子报的编程课 一共 48 课时 上了 12 节 想退剩下的", "count", "48 课时"),
    ("狗狗寄养 12 月 30 号送过去 1 月 3 号接 一天 80", "amount", "80"),     # a day's price
    ("G'day, Bronwyn here, the sparky said the switchboard needs replacing", "name", "Bronwyn"),
    ("my number is 0917 555 2840, Jessa po", "name", "Jessa"),              # a Filipino sign-off
    ("the deposit was R4 500 and the monthly rent R9 200, lease starts 1 Feb", "amount", "R4 500"),
    ("the deposit was R4 500 and the monthly rent R9 200, lease starts 1 Feb", "amount", "R9 200"),
    ("I'm Thabo Mokoena, ID 8501015800087, unit 14 at Sunset Villas", "id_card", "8501015800087"),
])
def test_values_of_the_sixty_first_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, category", [
    ("司机尾号 5521 打不通", "bank_card"),          # a driver's number's tail, no card
    ("每天 10000 步", "amount"),                    # steps, no price
    ("thanks, Sir po", "name"),
    ("the order ID 55012345 is wrong", "id_card"),  # an order's id, no identity document
])
def test_look_alikes_of_the_sixty_first_round(text, category):
    assert category not in [f.category for f in extract(text)]


# -- test62 (RESULTS 41.3): an airport pickup, a trade-in, a parent; a pharmacy, a stock order --------
@pytest.mark.parametrize("text, category, value", [
    ("接机牌上写 欧阳娜娜 两个大人一个小孩", "name", "欧阳娜娜"),
    ("公积金提取 账号 1203 4488 0917 提 35000 用来还房贷", "amount", "35000"),
    ("旧冰箱抵 300 新的海尔 BCD-506WGHTDD 到手 4,299", "amount", "300"),
    ("旧冰箱抵 300 新的海尔 BCD-506WGHTDD 到手 4,299", "product", "海尔 BCD-506WGHTDD"),
    ("老师 我是孙浩然的妈妈 他周三下午请假", "name", "孙浩然"),                 # the child's name
    ("Hi, I need a refill on Rx #7734019, it's for Margaret Kowalski", "name", "Margaret Kowalski"),
    ("my OHIP number is 1234-567-890-AB", "id_card", "1234-567-890-AB"),
    ("can you ship 2x SKU A-1123 and 1x B-2290 to the Glasgow store by Fri", "ref", "A-1123"),
    ("can you ship 2x SKU A-1123 and 1x B-2290 to the Glasgow store by Fri", "ref", "B-2290"),
    ("can you ship 2x SKU A-1123 and 1x B-2290 to the Glasgow store by Fri", "datetime", "by Fri"),
])
def test_values_of_the_sixty_second_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_a_parent_is_not_named_by_the_childs_name():
    names = [(f.value, f.label) for f in extract("老师 我是孙浩然的妈妈") if f.category == "name"]
    assert names == [("孙浩然", "孩子")]


@pytest.mark.parametrize("text", ["牌子上写 欢迎光临", "我是三班的家长", "it's for New Year", "that's for Baker Street"])
def test_look_alikes_of_the_sixty_second_round(text):
    assert [f for f in extract(text) if f.category == "name"] == []


# -- test63 (RESULTS 41.4): a home purchase; one customer's long chat with an internet provider -------
@pytest.mark.parametrize("text, category, value", [
    ("二手房那套 报价 285 万 我们出到 270 万 中介说房东底价 275", "amount", "275"),
    ("hi my internet's been dropping since Sunday, account 884-219-330", "ref", "884-219-330"),
    ("my name on the account is Dev Patel but my wife Anjali usually calls", "name", "Dev Patel"),
    ("my name on the account is Dev Patel but my wife Anjali usually calls", "name", "Anjali"),
    ("can a tech come Sat morning? or Mon after 4", "datetime", "Sat morning"),
    ("actually make it Monday, Saturday I'm out", "datetime", "Monday"),
    ("ok so Mon between 4 and 6, confirmation CNF-77120?", "datetime", "Mon between 4 and 6"),
])
def test_values_of_the_sixty_third_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_a_day_that_did_not_happen_is_no_fact_and_a_bank_account_stays_one():
    assert [f for f in extract("he didn't come Monday") if f.category == "datetime"] == []
    assert ("bank_card", "12345678") in [(f.category, f.value) for f in extract("sort code 20-00-00, account 12345678")]


# -- test64 (RESULTS 41.5): a labour dispute, a medical claim; an employment claim, a hotel ----------
@pytest.mark.parametrize("text, category, value", [
    ("要求退 38.5 加上配送费 4 块", "amount", "38.5"),
    ("医保报销 发票号 44020187 金额 2,316.40 自付 583.20", "amount", "583.20"),
    ("my manager was Greg Halvorsen, he signed the warning on 9/12", "name", "Greg Halvorsen"),
    ("we'll be staying at the Holiday Inn, booking HI-5530921, arriving Friday night", "datetime", "Friday night"),
])
def test_values_of_the_sixty_fourth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_a_capitalised_word_after_a_relative_is_no_name():
    assert [f for f in extract("my son was Happy yesterday") if f.category == "name"] == []


@pytest.mark.parametrize("text, value", [
    ("明天的会改到下午", "明天下午"),              # the day moved from comes with the hour moved to
    ("明天的会改到下午三点", "明天下午三点"),
    ("12 月 5 号的课改到晚上 7 点", "12 月 5 号晚上 7 点"),
    ("明天的会改到后天下午", "后天下午"),          # a new day of its own
])
def test_a_meeting_moved_to_an_hour_keeps_its_day_and_its_key(text, value):
    got = [(f.value, f.key) for f in extract(text) if f.category == "datetime"]
    assert got == [(value, "datetime:课程" if "课" in text else "datetime:会议")]


def test_a_move_only_asked_for_keeps_the_old_day_under_the_key():
    got = {f.key: f.value for f in extract("明天的会能改到下午吗") if f.category == "datetime"}
    assert got["datetime:会议"] == "明天"


# -- test67 (RESULTS 41.6): personal chat and a diary over weeks -----------------------------------
@pytest.mark.parametrize("text, category, value", [
    ("flights booked! BA 2614 out on 3 April, back on the 10th", "datetime", "on the 10th"),   # a return, no anecdote
    ("Airbnb confirmation HMQ8X2KT4P, host is called Ines", "name", "Ines"),
    ("started the new job at Octopus on Monday, salary's 48k", "amount", "48k"),
    ("一人 AA 128 我先垫了 你们转我", "amount", "128"),
    ("小区车位终于买了 B2-233 花了 18 万", "ref", "B2-233"),
    ("国庆去成都 票买好了 G89 10 月 1 号早上 7:05 的", "ref", "G89"),
])
def test_values_of_the_sixty_seventh_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text", ["Back on my first day it cost 40", "back in 2019 I paid 500", "我买了门票 G12 区"])
def test_look_alikes_of_the_sixty_seventh_round(text):
    assert [f for f in extract(text) if f.category in ("amount", "ref")] == []


def test_references_without_a_label_never_replace_each_other():
    """"flights booked! BA 2614 …" gave the key "ref:", shared by every reference said without a
    label, so the next one replaced it."""
    table = FactTable(char_counter)
    table.observe("flights booked! BA 2614 out on 3 April, back on the 10th", 1)
    table.observe("and the hotel's HX-55120 sorry", 2)
    values = table.values()
    assert "BA 2614" in values.values() and "HX-55120" in values.values()
    assert "ref:" not in values


# -- test68 (RESULTS 41.13): Hong Kong Cantonese, Taiwan, Macau; Nigeria, Quebec, Singapore --------
@pytest.mark.parametrize("text, category, value", [
    ("送去旺角彌敦道 700 號 8 樓 B 室 唔該", "address", "旺角彌敦道 700 號 8 樓 B 室"),   # 送去, and no 唔該
    ("我叫陳家豪 身份證 A123456(7)", "id_card", "A123456(7)"),
    ("合約 113 年 12 月 5 日到期 要續約嗎", "datetime", "113 年 12 月 5 日"),            # a Republic year
    ("聯絡人林怡君 0912-345-678", "name", "林怡君"),
    ("澳門氹仔 地址係 成都街 258 號 金峰南岸 第 3 座 15 樓 F", "address", "成都街 258 號 金峰南岸 第 3 座 15 樓 F"),
    ("Bonjour, my name's Émilie Tremblay, calling about my Hydro-Québec bill", "name", "Émilie Tremblay"),
])
def test_values_of_the_sixty_eighth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text", ["my kid's in Secondary 2 at Nanyang", "我 110 年 毕业"])
def test_look_alikes_of_the_sixty_eighth_round(text):
    assert extract(text) == []


# -- test69 (RESULTS 41.14): Chinese and English in one message in daily life ----------------------
@pytest.mark.parametrize("text, category, value", [
    ("hotel booking 号 87213309 check-in 是 12/20", "datetime", "12/20"),
    ("boss 说 deadline 是 this Friday EOD", "datetime", "this Friday EOD"),
    ("我们 team 有 12 个人 要订 3 张 table", "count", "3 张 table"),
    ("contact person 是 Ms. Li 手机 186 1234 8899", "name", "Ms. Li"),
    ("下个 Monday 开始 WFH 两周", "datetime", "下个 Monday"),
])
def test_values_of_the_sixty_ninth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text, value, key", [
    ("明天 2pm 的 dentist appointment 改到 Friday 了", "Friday", "datetime:appointment"),   # 明天 2pm given up
    ("明天的 standup 改到 10:30，Kevin 请假", "明天 10:30", "datetime:standup"),
])
def test_an_english_event_moved_in_chinese_keeps_its_key_and_its_day(text, value, key):
    assert [(f.value, f.key) for f in extract(text) if f.category == "datetime"] == [(value, key)]


# -- test70 (RESULTS 42.4): a county's service desks and the elderly; India, a DMV, a UK council -------
@pytest.mark.parametrize("text, category, value", [
    ("上回买的化肥 3 吨，钱是 7800，还差 800 没给", "amount", "7800"),
    ("房租我下个月 5 号前转给你，还是 1500 对吧", "amount", "1500"),           # a sum confirmed after its kind
    ("押金一千五 退房的时候你说退我一千二", "amount", "一千二"),
    ("拖拉机是东方红 LX904，买了 6 年了", "product", "东方红 LX904"),
    ("Deliver to 14, 2nd Cross, Indiranagar, Bengaluru 560038 please", "address",
     "14, 2nd Cross, Indiranagar, Bengaluru 560038"),
    ("We're at 88 Queen St W, Unit 1203", "address", "88 Queen St W, Unit 1203"),   # a street's direction
    ("Council tax account 6100448213, I moved out", "ref", "6100448213"),            # a council's, not a bank's
])
def test_values_of_the_seventieth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text", ["我妈的养老金这个月没到账", "今天还没发货", "还是 1500 对吧", "王庄村二组", "赚钱是 1000 多吗"])
def test_look_alikes_of_the_seventieth_round(text):
    assert [f for f in extract(text) if f.category in ("datetime", "count", "decision")] == []


def test_a_day_that_has_not_come_is_still_a_day_when_it_is_a_plan():
    assert ("datetime", "这个月 15 号") in [(f.category, f.value) for f in extract("这个月 15 号交房租")]
    assert ("datetime", "今天下午三点") in [(f.category, f.value) for f in extract("今天下午三点还没到")]   # an hour: not bare


# -- test71 (RESULTS 42.6): care for a parent and a child; readings and doses; money within a family --
@pytest.mark.parametrize("text, category, value", [
    ("康复科的李医生约我周四上午 10 点去做评估", "name", "李医生"),             # a surname and the title, after 的
    ("言语治疗一节课 350，一周两节", "amount", "350"),
    ("医保卡号 1101 0819 8803 2615，门诊报销还没到", "ref", "1101 0819 8803 2615"),   # no bank's card
    ("药房的取药号是 A073，前面还有 12 个人", "ref", "A073"),
    ("轮椅在京东买的，鱼跃 H062，1299 元", "product", "鱼跃 H062"),
    ("Her physio is Dominic, sessions are Wednesdays at 2", "name", "Dominic"),
    ("Dad's NHS number is 485 777 3456 and his GP is Dr Okafor", "name", "Dr Okafor"),
    ("The dentist quoted 3,200 for Ella's braces, 40% upfront", "amount", "3,200"),
])
def test_values_of_the_seventy_first_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_a_relative_named_by_kin_keeps_the_name_and_the_number_apart_from_the_users():
    facts = {f.key: f.value for f in extract("Auntie Rose's number is 0412 889 305 if anything happens")}
    assert facts == {"name:auntie": "Rose", "phone:auntie": "0412 889 305"}
    assert {f.key for f in extract("my card number 6222 0210 0112 3456 789")} == {"bank_card"}


@pytest.mark.parametrize("text", ["他空腹血糖 7.8，医生让二甲双胍一次 0.5 克，一天两次", "孩子体重 18 公斤，退烧药吃 5 毫升就行吧",
                                  "BP was 150 over 90 this morning, she's on 5mg amlodipine", "He's 4 and a half, about 110 cm, size 5 shoes",
                                  "牙科的女医生很好"])
def test_look_alikes_of_the_seventy_first_round(text):
    assert extract(text) == []


# -- test72 (RESULTS 43): a wedding, a renovation, a car at the garage, a move, a new job --
@pytest.mark.parametrize("text, category, value", [
    ("婚宴定在国庆节第二天中午，新世纪大酒店三楼宴会厅", "address", "新世纪大酒店三楼宴会厅"),   # a hall on a hotel's floor
    ("摄影跟拍 6800 全天，化妆师另外 2200", "amount", "6800"),
    ("摄影跟拍 6800 全天，化妆师另外 2200", "amount", "2200"),
    ("服务顾问叫陈凯，说小保养 680，顺便换了雨刮 120", "amount", "680"),
    ("服务顾问叫陈凯，说小保养 680，顺便换了雨刮 120", "amount", "120"),
    ("试用期三个月，月薪 18500，转正以后 21000", "amount", "21000"),
    ("瓷砖订的是马可波罗 CH8803，一共 96 片，后天送到", "product", "马可波罗 CH8803"),
    ("瓷砖订的是马可波罗 CH8803，一共 96 片，后天送到", "datetime", "后天"),   # 送到: a delivery
    ("水电改造下周二开工，开关插座选的公牛 G28 系列", "product", "公牛 G28"),
    ("新公司 12 月 15 号入职，HR 是赵敏，邮箱 zhaomin@hengrui-tech.cn", "name", "赵敏"),
    ("The venue is Ashcombe Barn, Ashcombe Lane, Dawlish EX7 0QP, ceremony at 1:30", "address",
     "Ashcombe Lane, Dawlish EX7 0QP"),                                    # no house number: the postcode names it
    ("it's on Church Road, Burlington VT 05401", "address", "Church Road, Burlington VT 05401"),
])
def test_values_of_the_seventy_second_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_a_price_said_last_keeps_its_service_or_part_as_its_key():
    keys = {f.key: f.value for f in extract("服务顾问叫陈凯，说小保养 680，顺便换了雨刮 120")}
    assert keys["amount:小保养"] == "680" and keys["amount:雨刮"] == "120"
    assert {f.key for f in extract("月薪 18500，转正以后 21000")} == {"amount:月薪", "amount:转正"}


@pytest.mark.parametrize("text", ["换了工作 3 年", "我要 2 杯，另外 3 杯", "化妆 2 小时", "人事是东北人", "HR 是新来的",
                                  "I walked down Church Road, then home", "婚宴在酒店三楼", "明天送"])
def test_look_alikes_of_the_seventy_second_round(text):
    assert [f for f in extract(text) if f.category in ("amount", "name", "address", "datetime")] == []


# -- test73 (RESULTS 43): a trip abroad, a pet at the vet, utilities, an insurance claim --
@pytest.mark.parametrize("text, category, value", [
    ("旅行社的小何说全程 9600 一个人，两个人再优惠 500", "amount", "9600"),   # a price per person
    ("我家狗叫豆豆，芯片号 900 1180 0042 7731", "name", "豆豆"),
    ("我家狗叫豆豆，芯片号 900 1180 0042 7731", "ref", "900 1180 0042 7731"),
    ("宠物医院约了周日下午 3 点打疫苗，一针 120", "amount", "120"),
    ("保险顾问钱晓丽，手机 135 1208 7796，有事找她", "name", "钱晓丽"),
    ("Hotel is the Alfama Lodge, Rua dos Remédios 42, Lisbon, booking 5521907", "address", "Rua dos Remédios 42, Lisbon"),
    ("we stay at Hauptstraße 12, Berlin", "address", "Hauptstraße 12, Berlin"),
    ("Our cat Miso is booked in with Dr Patel on Tuesday at 5:20", "name", "Miso"),
    ("Our cat Miso is booked in with Dr Patel on Tuesday at 5:20", "name", "Dr Patel"),
    ("our dog is called Pepper", "name", "Pepper"),
    ("Claim number is CLM-2291-774, the adjuster is Sandra Cole, 0161 496 0732", "name", "Sandra Cole"),
])
def test_values_of_the_seventy_third_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_a_count_of_days_takes_no_noun_after_it():
    assert ("count", "10 天") in [(f.category, f.value) for f in extract("术后要戴 10 天伊丽莎白圈")]
    assert ("count", "3 台空调") in [(f.category, f.value) for f in extract("买了 3 台空调")]


@pytest.mark.parametrize("text", ["狗叫得很凶", "隔壁的狗叫了一晚上", "狗叫唤个不停", "walked in with Dr Martens on",
                                  "还是换国产屏吧，便宜 300", "我同事上个月办的同款套餐，每月便宜20", "联系人，电话 13912345678"])
def test_look_alikes_of_the_seventy_third_round(text):
    assert [f for f in extract(text) if f.category in ("name", "amount", "address")] == []


@pytest.mark.parametrize("text,category,value", [
    ("本人身份证，后四位 301X", "id_card", "301X"),
    ("身份证号后 4 位是 3316", "id_card", "3316"),
    ("机顶盒序列号 SN 7Z2K 0914 88A3，盒子一直重启", "ref", "7Z2K 0914 88A3"),
    ("改到 12 月 20 号晚上那班，差价我补，大概 340", "amount", "340"),
    ("课程顾问是 Linda 老师，她说退费要扣 15% 手续费", "name", "Linda"),
    ("挂号挂的是周五下午皮肤科王主任的号，就诊序号 23", "name", "王主任"),
    ("the agent I spoke to yesterday was Marcus, ticket 55120873", "name", "Marcus"),
    ("our broadband account is HB-0093-7712 and the engineer visit is Monday 9 to 1", "datetime", "Monday 9 to 1"),
    ("新卡 5 到 7 个工作日寄到单位", "datetime", "5 到 7 个工作日"),
    ("定损员说三个工作日内联系我", "datetime", "三个工作日内"),
])
def test_values_of_the_seventy_fourth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text", ["身份证号后 4 位是 3316", "新卡 5 到 7 个工作日寄到单位", "已经7个工作日了"])
def test_working_days_and_which_digits_are_no_counts(text):
    assert [f for f in extract(text) if f.category == "count"] == []


def test_an_elapsed_span_of_working_days_is_no_fact():
    assert extract("退款到现在都没到账，已经7个工作日了") == []


@pytest.mark.parametrize("text,category,value", [
    ("那份酸辣粉 18.5，配送费 3 块也一起退吧", "amount", "18.5"),
    ("车是别克 GL8，押金 5000 已经冻结了", "product", "别克 GL8"),
    ("体检套餐选的 B 套餐 1280，约在 12 月 30 号早上 7 点半空腹", "amount", "1280"),
    ("维修点报价内外屏一起 1680，保修 90 天", "amount", "1680"),
    ("体检中心在滨江区江南大道 3850 号创意大厦 2 楼", "address", "滨江区江南大道 3850 号创意大厦 2 楼"),
    ("Hi, my gym membership number is GM 440-2817 and I'd like to freeze it from 1 February", "ref", "GM 440-2817"),
    ("Hi, my gym membership number is GM 440-2817 and I'd like to freeze it from 1 February", "datetime", "1 February"),
    ("The parcel was meant to arrive Wednesday, tracking number is JD014600006214739102", "datetime", "Wednesday"),
    ("the flat is 4B, 221 Caledonian Road, London N1 9DX", "address", "4B, 221 Caledonian Road, London N1 9DX"),
])
def test_values_of_the_seventy_fifth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text", ["这份报告 2024，", "we moved it from 1 February", "it didn't arrive Wednesday"])
def test_look_alikes_of_the_seventy_fifth_round(text):
    assert [f for f in extract(text) if f.category in ("amount", "datetime")] == []


@pytest.mark.parametrize("text,category,value", [
    ("我 11 号下午从南京南站坐 G7011 过来，大概 5 点 40 到", "ref", "G7011"),
    ("我 11 号下午从南京南站坐 G7011 过来，大概 5 点 40 到", "datetime", "5 点 40"),
    ("燃气灶是方太 JZT-TH25B，点火一直打不着", "product", "方太 JZT-TH25B"),
    ("投诉编号 TS-0712-3359，处理人叫吴佳琪", "name", "吴佳琪"),
    ("contact my partner Jonah on 07700 900 418 if I don't pick up", "name", "Jonah"),
    ("serial number on the back says 5CG2301XQT", "ref", "5CG2301XQT"),
])
def test_values_of_the_seventy_sixth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text", ["坐 K1 路公交", "我 4 点半才下班", "the tracking page says DELIVERED"])
def test_look_alikes_of_the_seventy_sixth_round(text):
    assert [f for f in extract(text) if f.category in ("ref", "datetime")] == []


@pytest.mark.parametrize("text,category,value", [
    ("维修报价说换外屏要 1180，内屏一起换得 2399", "amount", "2399"),
    ("改签手续费收了 210 元，差价另补 340", "amount", "340"),
    ("健身卡办的年卡 3688，私教课还买了 24 节", "amount", "3688"),
    ("车是 4.2 米的厢货，搬运工两个人，总价谈好 1500 不含拆装", "amount", "1500"),
    ("原定 12 月 19 号 MU5138 改到 20 号同一时间的航班", "ref", "MU5138"),
    ("教练叫 Kevin，约的是每周二和周五晚上 8 点", "name", "Kevin"),
    ("教练叫 Kevin，约的是每周二和周五晚上 8 点", "datetime", "每周二和周五晚上 8 点"),
    ("定损金额 4380，保险公司的理赔员叫何建平", "name", "何建平"),
    ("搬家定的 27 号早上 7 点，从闵行区莘庄搬到松江区九亭", "address", "松江区九亭"),
    ("热水器是 A.O.史密斯 E60VN3，漏水了", "product", "A.O.史密斯 E60VN3"),
    ("my bag didn't arrive on BA 2491 from Lagos, tag number LOS 482176", "ref", "BA 2491"),
    ("my bag didn't arrive on BA 2491 from Lagos, tag number LOS 482176", "ref", "LOS 482176"),
    ("it's a navy Samsonite 68 cm spinner with 3 bottles of wine in it", "product", "Samsonite 68 cm spinner"),
])
def test_values_of_the_seventy_seventh_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_a_surname_and_a_first_name_are_both_kept():
    names = [(f.value, f.key) for f in extract("passport number 564218937, surname Okonkwo, first name Adaeze")
             if f.category == "name"]
    assert names == [("Okonkwo", "name:self:sur"), ("Adaeze", "name:self:first")]


@pytest.mark.parametrize("text", ["it will arrive on HK 24 days later", "我们谈好了再说", "the last name is wrong",
                                  "搬到楼上去了"])
def test_look_alikes_of_the_seventy_seventh_round(text):
    assert [f for f in extract(text) if f.category in ("ref", "amount", "name", "address")] == []


@pytest.mark.parametrize("text,category,value", [
    ("就诊人是我母亲，叫彭桂英，医保卡号 4403 0219 5507", "name", "彭桂英"),
    ("对接人是行政部的韦晓婷，预算每间不超过 480", "name", "韦晓婷"),
    ("对接人是行政部的韦晓婷，预算每间不超过 480", "amount", "480"),
    ("旧手机是 iPhone 12 128G，估价给了 1350", "amount", "1350"),
    ("新机订的小米 14 Ultra 白色，月底前能到吗", "datetime", "月底前"),
    ("境外汇款 2 万美元，收款行 SWIFT 代码 HSBCHKHHHKH", "amount", "2 万美元"),
    ("境外汇款 2 万美元，收款行 SWIFT 代码 HSBCHKHHHKH", "ref", "HSBCHKHHHKH"),
    ("沙发是顾家 KUKA 2088 三人位，送货说好周六下午", "product", "顾家 KUKA 2088"),
    ("送货的单号 JT3012456789012，上楼费另收了 80", "amount", "80"),
    ("预约码 7H3K9Q，取票的时候报这个就行", "ref", "7H3K9Q"),
    ("My energy bill for November came to £214.37, account number 8830 1192 45", "ref", "8830 1192 45"),
    ("my driving instructor is Gary Fenwick and my next lesson is Thursday at 7:30am", "name", "Gary Fenwick"),
    ("I've had 14 lessons so far at £38 each", "count", "14 lessons"),
])
def test_values_of_the_seventy_eighth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_a_department_is_not_the_role_it_names():
    assert [f.key for f in extract("对接人是行政部的韦晓婷") if f.category == "name"] == ["name:对接人"]


@pytest.mark.parametrize("text", ["他说已经送到 3 号门了", "坐的是 7 号校车", "Taylor Swift is GREATEST",
                                  "water meter reading today was 04418", "my bank account number 8830 1192"])
def test_look_alikes_of_the_seventy_eighth_round(text):
    assert [f for f in extract(text) if f.category in ("ref", "address", "datetime")] == []


@pytest.mark.parametrize("text,category,value", [
    ("美容套餐 158，上次办的储值卡里还有 620", "amount", "620"),
    ("护工是从家政公司请的，叫牛桂芳，一个月 6800", "name", "牛桂芳"),
    ("在冰岛租的车，取车单号 RV-88412-IS，押金冻结了 1500 欧", "amount", "1500 欧"),
    ("双十一买的戴森 V15 吸尘器，付了 4290，现在降到 3690 了", "amount", "3690"),
    ("水费户号 3302 1187 06，这个月突然要交 412", "amount", "412"),
    ("我是 3 单元 1102 的业主，姓柴，电话 0531-8812 6090", "address", "3 单元 1102"),
    ("it's a 2019 Skoda Octavia, reg LD19 KXP", "product", "Skoda Octavia"),
    ("the card they left says collection number 6611 0920", "ref", "6611 0920"),
])
def test_values_of_the_seventy_ninth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_the_month_a_sum_is_due_in_is_no_date_of_its_own():
    assert [f.category for f in extract("水费户号 3302 1187 06，这个月突然要交 412")] == ["ref", "amount"]


@pytest.mark.parametrize("text", ["温度降到 15 了", "，叫牛排外卖", "去欧洲玩了 10 天"])
def test_look_alikes_of_the_seventy_ninth_round(text):
    assert [f for f in extract(text) if f.category in ("datetime", "amount", "name")] == []


@pytest.mark.parametrize("text,category,value", [
    ("我要携号转网，号码 189 5512 0647，授权码已经收到了 NP4417", "ref", "NP4417"),
    ("门诊报销一共 2360 块，自费部分 418.5，发票 5 张", "amount", "418.5"),
    ("房價每晚新台幣 3,800，含早餐", "amount", "新台幣 3,800"),
    ("收唔到 OTP，我張卡尾數 2206", "bank_card", "2206"),
    ("I left my phone in a cab last night, the driver's badge number was 48813", "ref", "48813"),
    ("the ride was from Paddington to Camden Road at about 11:40pm", "datetime", "11:40pm"),
    ("our planner is Sofia Reyes, sofia@reyesevents.com", "name", "Sofia Reyes"),
])
def test_values_of_the_eightieth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text", ["I went to bed at 11pm", "our florist is Petal & Thorn", "我们去日本玩了 5 天"])
def test_look_alikes_of_the_eightieth_round(text):
    assert [f for f in extract(text) if f.category in ("datetime", "amount", "name")] == []


@pytest.mark.parametrize("text,category,value", [
    ("卖家的闲鱼号叫 momo_1987，订单号 3958 1102 7746 2290", "ref", "momo_1987"),
    ("洗车卡充了 1000 送 200，现在余额 860", "amount", "860"),
    ("货代的联系人叫 Jason 黄，微信 jasonhuang_sz", "name", "Jason 黄"),
    ("货代的联系人叫 Jason 黄，微信 jasonhuang_sz", "ref", "jasonhuang_sz"),
    ("冰箱是容声 BCD-529WD11HP，冷藏室不制冷了", "product", "容声 BCD-529WD11HP"),
    ("I've lost my passport, number 123987654, issued in 2019", "id_card", "123987654"),
])
def test_values_of_the_eighty_first_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text", ["加我微信 search 一下", "微信 wechat 都可以", "my passport, 2 photos and a form"])
def test_look_alikes_of_the_eighty_first_round(text):
    assert [f for f in extract(text) if f.category in ("ref", "id_card")] == []


@pytest.mark.parametrize("text,category,value", [
    ("驾驶员许嘉豪，驾照号就是身份证 440106199207153319", "name", "许嘉豪"),
    ("笔记本是联想小新 Pro 14，开机黑屏，序列号 PF4XK2LM", "product", "联想小新 Pro 14"),
    ("华为畅享 70 屏幕坏了", "product", "华为畅享 70"),
    ("the phone's a Pixel 8 Pro, IMEI 35 892011 442918 7", "ref", "35 892011 442918 7"),
    ("the tenancy ended on 31 October and the deposit is with DPS, ID 4472018", "ref", "4472018"),
    ("Anna Lee, ID 4472018", "id_card", "4472018"),            # a person's ID stays one
])
def test_values_of_the_eighty_second_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,categories", [
    ("电费这个月扣了 386.40", ("datetime",)),                  # the month a sum was charged
    ("小区是滨江花园二期", ("count",)),                         # an estate's phase
    ("阳光城 3 期 12 栋", ("count",)),
    ("驾驶员全责，对方驾驶人无责", ("name",)),
])
def test_look_alikes_of_the_eighty_second_round(text, categories):
    assert [f for f in extract(text) if f.category in categories] == []


def test_a_sum_due_next_month_keeps_its_month_and_a_plan_of_instalments_its_count():
    assert ("datetime", "下个月") in [(f.category, f.value) for f in extract("房租下个月要交 4200")]
    assert ("count", "3 期") in [(f.category, f.value) for f in extract("装修分两期，一共 3 期")]


@pytest.mark.parametrize("text,category,value", [
    ("看中了万科城 5 栋 2 单元 1801，中介小郑说总价 286 万", "address", "万科城 5 栋 2 单元 1801"),
    ("we switched energy supplier to Octopus on 1 November, account A-7F3C91D2", "ref", "A-7F3C91D2"),
    ("booking reference 8XKQ2M, lead passenger Hannah Becker", "name", "Hannah Becker"),
    ("Account holder: James O'Neill", "name", "James O'Neill"),
])
def test_values_of_the_eighty_third_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_the_lead_passenger_is_not_the_speaker():
    assert [f.key for f in extract("lead passenger Hannah Becker") if f.category == "name"] == ["name:lead passenger"]


@pytest.mark.parametrize("text,categories", [
    ("under EU261 we're owed €400 each", ("product", "ref")),   # the rule, not a product
    ("the lead passenger details are wrong", ("name",)),
    ("my account is fine", ("ref",)),
    ("我去了北京城 3 栋", ("address",)),
])
def test_look_alikes_of_the_eighty_third_round(text, categories):
    assert [f for f in extract(text) if f.category in categories] == []


@pytest.mark.parametrize("text,category,value", [
    ("挂了周二上午王建国主任的专家号，挂号费 50", "name", "王建国"),
    ("两张二等座一共 1,106 元", "count", "两张二等座"),
    ("报名截止是 1 月 5 日下午 5 点，报名号 BM20250105-337", "ref", "BM20250105-337"),
    ("my student loan reference is 19872245019, I repaid £1,200 in March", "ref", "19872245019"),
    ("the locker code is 449102 and it's locker 37 at the Tesco on Hill Road", "ref", "449102"),
])
def test_values_of_the_eighty_fourth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


def test_a_number_named_a_reference_is_no_phone_and_a_phone_named_so_stays_one():
    assert [f.category for f in extract("my student loan reference is 19872245019")] == ["ref"]
    assert [f.category for f in extract("手机号 13912345678")] == ["phone"]


@pytest.mark.parametrize("text,categories", [
    ("挂了李医生的号", ("name",)),        # a surname and the title alone stays optional elsewhere, not a full name here
    ("张三张二", ("count",)),
])
def test_look_alikes_of_the_eighty_fourth_round(text, categories):
    assert [f for f in extract(text) if f.category in categories] == []


@pytest.mark.parametrize("text,category,value", [
    ("the loss adjuster, Colin Marsh, is coming on Tuesday 17th between 9 and 1", "name", "Colin Marsh"),
    ("發票要開公司抬頭，統編 24536806", "ref", "24536806"),
])
def test_values_of_the_eighty_fifth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,categories", [
    ("the broker, however, said no", ("name",)),
    ("车开了 4 万 8 公里，该做二保了", ("amount", "count")),   # a car's mileage is a meter's reading
])
def test_look_alikes_of_the_eighty_fifth_round(text, categories):
    assert [f for f in extract(text) if f.category in categories] == []


@pytest.mark.parametrize("text,category,value", [
    ("宽带账号是 0571-88230417，装在西湖区文三路 259 号 6 楼", "address", "西湖区文三路 259 号 6 楼"),
    ("宠物医院的病历号是 PH-20241188，复诊约在周四上午 9 点半", "ref", "PH-20241188"),
    ("押金 3,000 块，退房的时候房东说要扣 600 的清洁费", "amount", "600"),
    ("可以改到 next Monday 下午 3 点取机吗？", "datetime", "next Monday 下午 3 点"),
])
def test_values_of_the_eighty_sixth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,categories", [
    ("宠物医院的病历号是 PH-20241188", ("phone",)),     # a code's letters are no phone's label
    ("驾照要扣 6 分", ("amount",)),                      # points, not money
    ("他说扣 2 次就停", ("amount",)),
    ("我家在 6 楼没电梯", ("address",)),
])
def test_look_alikes_of_the_eighty_sixth_round(text, categories):
    assert [f for f in extract(text) if f.category in categories] == []


def test_a_phone_after_ph_stays_a_phone():
    assert [(f.category, f.value) for f in extract("ph 0412 345 678")] == [("phone", "0412 345 678")]


@pytest.mark.parametrize("text,category,value", [
    ("our flight UA 857 to Shanghai was cancelled, booking code KX7Q2M", "ref", "KX7Q2M"),
    ("my booking reference is QX41PD", "ref", "QX41PD"),
    ("请送到朝阳区建国路 88 号", "address", "朝阳区建国路 88 号"),
])
def test_values_of_the_eighty_seventh_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,categories", [
    ("车子送到 4S 店保养", ("address",)),       # a digit inside a word ("4S") is no house number
    ("our flight UA 857 was cancelled, booking code KX7Q2M", ("product",)),
])
def test_look_alikes_of_the_eighty_seventh_round(text, categories):
    assert [f for f in extract(text) if f.category in categories] == []


def test_a_model_after_a_count_shows_what_was_counted():
    """The table's line reads "- 戴森吹风机: HD15", not "- 京东退了一台戴森吹风机: HD15"."""
    facts = [f for f in extract("在京东退了一台戴森吹风机 HD15，退款 2,999 还没到账") if f.value == "HD15"]
    assert [(f.category, f.label) for f in facts] == [("product", "戴森吹风机")]


@pytest.mark.parametrize("text,category,value", [
    ("光伏板装了 18 块，逆变器型号 SUN-8K-SG04", "count", "18 块"),
    ("打印机是惠普 LaserJet M1136，卡纸以后一直报错 E3", "product", "惠普 LaserJet M1136"),
    ("the pharmacy said my repeat prescription, ref 77310492, is ready", "ref", "77310492"),
    ("my council tax account is 4401 2297 8 and the bill says £1,842.60 for the year", "ref", "4401 2297 8"),
    ("寄往温哥华的包裹，单号 EMS LX 204 881 377 CN，重 3.2 公斤", "ref", "LX 204 881 377 CN"),
    ("运费 386 元，保价另外加了 20", "amount", "20"),
    ("装了 18 块钱的油", "amount", "18 块钱"),
])
def test_values_of_the_eighty_eighth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,categories", [
    ("地砖铺了 120 块", ("amount",)),           # tiles laid, not money (nor "0 块" from inside the number)
    ("另外加了 20 个人", ("amount",)),
    ("the referee gave 2 penalties", ("ref",)),
])
def test_look_alikes_of_the_eighty_eighth_round(text, categories):
    assert [f for f in extract(text) if f.category in categories] == []


@pytest.mark.parametrize("text,category,value", [
    ("the boiler's a Vaillant ecoTEC plus 832 and the service is booked", "product", "Vaillant ecoTEC plus 832"),
    ("collection from Unit 7, Orwell Park, Ipswich IP3 9BF any weekday", "address", "Unit 7, Orwell Park, Ipswich IP3 9BF"),
    ("宠物医院的会员卡号 PC0092817，余额还有 560", "amount", "560"),
    ("please call me back on 0161 496 0732 after half 5", "datetime", "after half 5"),
])
def test_values_of_the_eighty_ninth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,categories", [
    ("I'll be back after half an hour", ("datetime",)),
    ("before half the team left", ("datetime",)),
    ("还有 3 个人没到", ("amount",)),
    ("Unit 7, Orwell Park is where we met", ("address",)),   # no town and postcode after it
])
def test_look_alikes_of_the_eighty_ninth_round(text, categories):
    assert [f for f in extract(text) if f.category in categories] == []


@pytest.mark.parametrize("text,category,value", [
    ("沙发是顾家的 KUKA-2089，配送约在 1 月 12 号下午", "product", "顾家的 KUKA-2089"),
    ("门诊医生是消化科的孙建平主任", "name", "孙建平"),
    ("the plumber, Dave from AquaFix, quoted £240 to replace the stopcock", "name", "Dave"),
    ("the Oyster card number on the back is 0617 2843 9920", "ref", "0617 2843 9920"),
    ("要 33 朵红玫瑰，下午 2 点前送到", "count", "33 朵红玫瑰"),
    ("花的钱 399 已经用微信付了", "amount", "399"),
])
def test_values_of_the_ninetieth_round(text, category, value):
    assert (category, value) in [(f.category, f.value) for f in extract(text)]


@pytest.mark.parametrize("text,categories", [
    ("司机姓朱，尾号 4471 的手机", ("bank_card",)),          # a phone's last digits
    ("医生说 3 天后出结果", ("count",)),                       # when, not how many
    ("the transfer reference was RENT DEC 14B", ("datetime",)),
    ("the Oyster card number on the back is 0617 2843 9920", ("phone",)),
])
def test_look_alikes_of_the_ninetieth_round(text, categories):
    assert [f for f in extract(text) if f.category in categories] == []
