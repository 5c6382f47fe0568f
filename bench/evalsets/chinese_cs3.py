"""chinese_cs3: a third set of long Chinese customer-service chats, questions that share no words with the answer.

What it is: one customer and one agent of eight services the other two sets do not have (宠物医院,
家政保洁, 驾校报名, 租房中介, 手机维修, 婚宴预订, 搬家公司, 医院陪诊); 120 user messages, each
answered by one agent reply (240 turns) over two or three days. In the first 16 user messages
the customer gives 11-13 facts. Half of the time the agent asks and the customer answers with
the value alone ("请问怎么称呼您？" -> "周敏"), as customer service goes. Besides values (name,
phone, a booking reference, an address, a date and time, a head count, a sum of money) there are
facts that are not values: a pet's or a relative's name said in passing, something the customer
must avoid (an allergy, a time not to call), a choice between the agent's options, the reason for
the visit, a colour or model preferred. 2-3 of them change later (user messages 30-110).

The questions (one per fact, asked after the whole chat) are phrased as a customer asks again
days later, without the answer's words and mostly without the statement's: "回头你们打哪个号找
我？" for a phone given as "尾号...的那个手机", "到时候去几个人来着？" for "我们一家四口".

How it was written: on 2026-12-05, by one of the engineers who work on the memory code (the
project had no writer who had not read it), after reading the two other Chinese sets' docstrings
only, with the rule that no phrasing is chosen by what the extractor or recall does; the set was
run for the first time after it was written, and figures on it are reported on both splits
(dev seeds 0-99, test 1000-1099; nothing is tuned on test). Distractors: other people's numbers
(a courier, a neighbour), prices of other things, queue numbers, clock times in chit-chat, a
second address (the customer's office), agent replies that mask values (138****1234).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bench.evalsets.common import Conversation, Question, Turn, epoch, rng_for

KIND = "chinese_cs3"
CN = "零一二三四五六七八九"
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈"
GIVEN = ["敏", "静", "磊", "洋", "艳", "勇", "军", "杰", "娟", "涛", "明", "超", "秀兰", "霞", "平", "刚", "桂英",
         "建华", "晓东", "雪梅", "志强", "海燕", "文博", "思琪", "子涵", "一鸣", "浩然", "欣怡", "佳豪", "梦瑶"]
PETS = ["豆豆", "糯米", "可乐", "旺财", "团子", "布丁", "球球", "年糕", "芝麻", "大黄"]
CITIES = [("杭州", "西湖区", "文三路"), ("成都", "武侯区", "科华北路"), ("南京", "鼓楼区", "中山北路"),
          ("武汉", "洪山区", "珞喻路"), ("西安", "雁塔区", "小寨东路"), ("广州", "天河区", "天河北路"),
          ("苏州", "工业园区", "星湖街"), ("长沙", "岳麓区", "麓山南路")]
ESTATES = ["绿城桂花园", "万科金色家园", "保利香槟国际", "融创玖樟台", "碧桂园凤凰城", "龙湖春江郦城", "中海寰宇天下"]

DOMAINS = [
    {"name": "宠物医院", "agent": "宠爱宠物医院前台", "ref": "病历号", "refp": "CW", "what": "带{pet}来做绝育手术",
     "options": ("普通麻醉", "呼吸麻醉"), "reasons": ["它最近老是抓耳朵", "它这两天不怎么吃东西", "该打疫苗了"],
     "colour": ("伊丽莎白圈要", ["粉色", "天蓝色", "薄荷绿"]), "count": ("到时候我们", "个人陪它去")},
    {"name": "家政保洁", "agent": "洁家家政客服", "ref": "服务单号", "refp": "JJ", "what": "新房开荒保洁",
     "options": ("按小时算", "按面积算"), "reasons": ["刚装修完灰特别大", "下个月要搬进去住", "房东要来验房"],
     "colour": ("抹布和拖把头要", ["一次性的", "自带消毒的", "新的"]), "count": ("你们来", "个阿姨就够了")},
    {"name": "驾校报名", "agent": "顺通驾校招生老师", "ref": "学员编号", "refp": "ST", "what": "报C2自动挡",
     "options": ("周末班", "平日班"), "reasons": ["单位要求会开车", "孩子上学要接送", "想自驾游"],
     "colour": ("教练车想要", ["白色那款", "新能源的", "带倒车影像的"]), "count": ("我和同事一共", "个人一起报")},
    {"name": "租房中介", "agent": "安居租房顾问", "ref": "看房预约号", "refp": "AJ", "what": "找个两室一厅",
     "options": ("押一付三", "押一付一"), "reasons": ["换工作了离得远", "孩子要上学", "原来房东要卖房"],
     "colour": ("朝向最好", ["朝南的", "南北通透的", "东南向的"]), "count": ("要住", "个人")},
    {"name": "手机维修", "agent": "快修手机售后", "ref": "维修单号", "refp": "KX", "what": "换屏幕",
     "options": ("原装屏", "国产屏"), "reasons": ["摔了一下屏幕全花了", "进水以后开不了机", "电池鼓包了"],
     "colour": ("后盖要换成", ["黑色的", "远峰蓝", "星光色"]), "count": ("一共有", "台手机要修")},
    {"name": "婚宴预订", "agent": "喜悦酒店宴会部", "ref": "宴会合同号", "refp": "XY", "what": "订婚宴",
     "options": ("中式菜单", "西式自助"), "reasons": ["两家老人都在本地", "离新房近", "朋友推荐的"],
     "colour": ("桌布想要", ["香槟色", "酒红色", "纯白的"]), "count": ("大概摆", "桌")},
    {"name": "搬家公司", "agent": "蚂蚁搬家调度", "ref": "搬家订单号", "refp": "MY", "what": "从老房子搬到新家",
     "options": ("小面包车", "4米2厢货"), "reasons": ["买了新房", "租约到期了", "公司给换了宿舍"],
     "colour": ("纸箱要", ["加厚的", "带提手的", "大号的"]), "count": ("需要", "个师傅")},
    {"name": "医院陪诊", "agent": "安心陪诊服务", "ref": "陪诊订单号", "refp": "AX", "what": "陪我妈去做胃镜",
     "options": ("全程陪诊", "半程陪诊"), "reasons": ["我在外地赶不回去", "老人不会用手机挂号", "医院太大怕走丢"],
     "colour": ("轮椅要", ["带靠背的", "能折叠的", "电动的"]), "count": ("到时候家里去", "个人")},
]

# -- how a fact is said; {v} is the value (as the answer is written), other fields per fact ------------------
SAY = {
    "name": ["我姓{s}，{v}", "我叫{v}，登记这个名字就行", "{v}，叫我小{s}就行", "你们记一下，联系人{v}"],
    "phone": ["电话 {spaced}", "手机号是{v}，白天都能打通", "打我这个：{dashed}", "有事打{v}找我"],
    "ref": ["刚才下单那个号是{v}", "系统给我发了个{refname}，{v}", "我这儿显示{v}，是这个吧", "{refname}{v}你们查一下"],
    "address": ["地方在{v}", "就在{v}，门口有个快递柜", "{v}，到了打电话", "你们来{v}就行"],
    "when": ["定在{v}吧", "{v}可以的，我请好假了", "那就{v}，别迟到哈", "我看了下日程，{v}有空"],
    "count": ["{lead}{cn}{tail}", "{lead}{v}{tail}，应该不会变"],
    "money": ["定金刚转过去了，{v}元", "我先付了{v}块钱订金", "订金{v}，付款截图我存着", "转了{v}，你们查收下"],
    "pet": ["对了，{rel}叫{v}，到时候喊这个名字它才理", "{rel}{v}平时挺乖的，就是怕生", "我们家{rel}{v}，今年三岁了"],
    "avoid": ["先说好，{v}", "有个事提醒你们：{v}", "{v}，这个很重要，千万记住"],
    "choice": ["那就{v}吧，另一个算了", "想了想还是选{v}", "{v}，就这么定了"],
    "reason": ["主要是{v}", "是这样的，{v}", "{v}，所以才找你们"],
    "colour": ["{lead}{v}", "能不能{lead}{v}？", "{lead}{v}，别的都不要"],
}
ASK = {  # the agent's question when the customer answers with the value alone
    "name": "请问怎么称呼您？", "phone": "方便留个手机号吗？", "address": "请问上门地址是？",
    "ref": "麻烦报一下您的{refname}？", "money": "请问定金付了多少？",
}
QUESTIONS = {  # the customer asks again later, without the answer's words
    "name": ["你们那边登记的联系人是谁来着？", "我当时留的是谁的名字？"],
    "phone": ["回头你们打哪个号找我？", "我给你们留的联系方式是哪个来着？"],
    "ref": ["我那一单的编号是多少？帮我翻一下", "查进度要报的那串号码是啥？"],
    "address": ["到时候去哪儿找我，地方你们记着吧？", "我给的位置是哪里来着？"],
    "when": ["约的到底是哪天几点？", "最后定的是什么时候？"],
    "count": ["到时候一共多少来着？", "我说的数量是多少？"],
    "money": ["我之前预先交了多少钱？", "已经转给你们的那笔是多少？"],
    "pet": ["我家那个小家伙叫啥你们还记得吗？", "我提过的那只小东西名字是啥？"],
    "avoid": ["有什么需要特别注意的，我跟你们交代过吧？", "我之前提醒过你们什么忌讳？"],
    "choice": ["两个方案里我最后要的是哪个？", "我选定的是哪一种？"],
    "reason": ["我当初为啥找你们来着？", "这事的起因我跟你说过的吧？"],
    "colour": ["我对样式有啥要求来着？", "那个我想要哪种的？"],
}
UPDATE = {
    "phone": ["号码换了，以后打{v}", "之前那个手机不用了，新的是{v}"],
    "when": ["时间得改一下，改到{v}", "不好意思，那天去不了了，换成{v}行吗"],
    "address": ["地方变了，改成{v}", "不去原来那儿了，去{v}"],
    "count": ["人数有变化，{lead}{v}{tail}", "又多了几个，现在{lead}{v}{tail}"],
}
AVOID = ["我对海鲜过敏，一点都不能碰", "中午十二点到两点别打电话，孩子在睡觉", "千万别按门铃，家里老人心脏不好",
         "我不吃香菜，闻到就难受", "别用有香味的清洁剂，我有哮喘", "周末不要联系我，周末我在外地"]
FILLER = [
    "你们一般几点下班？", "刚才快递员打电话说包裹放驿站了，尾号{rnd4}，不是找你们的哈", "今天外面好冷啊",
    "我邻居上次也找的你们，他说还不错", "我先去接个孩子，回来再说", "你们那边能开发票吗？", "好的好的，谢谢",
    "排队排到{rnd2}号了，等我一下", "楼下奶茶才{rnd2}块一杯，真便宜", "我刚开完会，{rnd_clock}还有一个",
    "你们有没有优惠活动？", "哈哈，明白", "等下，我看看日历", "行，你们专业的你们说了算", "这个要多久啊？",
    "我同事电话是{rnd_phone}，不过不用联系他", "我公司在{office}，不过别来这儿", "你们是连锁的吗？",
    "OK，收到", "上次另一家收了我{rnd3}，太坑了", "能不能便宜点？", "我妈老是问我进度，哈哈", "嗯嗯",
    "刚充了{rnd3}的话费", "天气预报说{rnd_day}号要下雨", "我看网上评价你们挺好的", "有没有什么需要我准备的？",
    "你们客服是24小时的吗？", "我再确认一下流程哈", "没问题", "好，那我等通知", "这个月事情真多",
]
DETAILS = ["我们的服务时间是早上八点到晚上九点，节假日正常营业。", "具体费用以现场确认为准，不会乱收费的。",
           "如果有任何不满意，可以在七天内联系我们处理。", "我们的工作人员都经过培训，持证上岗。",
           "后续进度会通过短信通知您，请留意。", "如需修改预约，请至少提前一天告知我们。",
           "我们这边会有专人跟进，请您放心。", "近期咨询量比较大，回复可能稍慢，请见谅。",
           "付款支持微信、支付宝和银行卡。", "有问题随时在这里留言就可以。"]
MORE = ["说实话我之前也问过别家，但是感觉你们回复比较快。", "最近工作太忙了，很多事情都顾不上。",
        "家里人都挺支持的，就是担心价格。", "我不太懂这些流程，你们多提醒我就行。",
        "上周末本来想去看看的，结果下雨没去成。", "我朋友说你们那边服务挺细致的。"]
REPLIES = ["好的，已为您记录。", "明白了，我这边帮您备注一下。", "收到，有任何变化我们第一时间通知您。",
           "好的，您放心。", "没问题的，稍后给您回复。", "了解，我帮您跟进。", "好的呢，还有其他需要吗？",
           "嗯嗯，这个我们会注意的。", "感谢您的耐心，我们尽快处理。", "好的，我这边已经同步给同事了。"]


def cn_count(n: int) -> str:
    return {2: "两"}.get(n, CN[n]) if n < 10 else "十" + (CN[n - 10] if n > 10 else "")


def gen_phone(rng) -> str:
    return rng.choice(["13", "15", "18", "17", "19"]) + str(rng.randint(0, 9)) + "".join(str(rng.randint(0, 9)) for _ in range(8))


def gen_when(rng, start: datetime) -> tuple[str, datetime]:
    d = start + timedelta(days=rng.randint(5, 30))
    hour = rng.choice([9, 10, 14, 15, 16])
    half = rng.random() < 0.4
    part = "上午" if hour < 12 else "下午"
    clock = f"{hour if hour <= 12 else hour - 12}点" + ("半" if half else "")
    return rng.choice([f"{d.month}月{d.day}号{part}{clock}", f"{d.month}月{d.day}日{part}{clock}"]), d


def gen_address(rng, city) -> str:
    c, district, road = city
    return f"{c}{district}{road}{rng.randint(10, 399)}号{rng.choice(ESTATES)}{rng.randint(1, 18)}栋{rng.randint(1, 3)}单元{rng.randint(2, 28)}0{rng.randint(1, 4)}"


def values(rng, dom: dict, start: datetime) -> dict:
    s, given = rng.choice(SURNAMES), rng.choice(GIVEN)
    city = rng.choice(CITIES)
    n = rng.randint(2, 6)
    when, day = gen_when(rng, start)
    lead, tail = dom["count"]
    rel = rng.choice(["家的猫", "家的狗", "的小狗", "的猫"]) if dom["name"] == "宠物医院" else rng.choice(["家的狗", "的猫"])
    return {
        "name": {"v": s + given, "s": s},
        "phone": {"v": gen_phone(rng)},
        "ref": {"v": f"{dom['refp']}{start:%y%m}{rng.randint(1000, 9999)}", "refname": dom["ref"]},
        "address": {"v": gen_address(rng, city)},
        "when": {"v": when, "day": day},
        "count": {"v": str(n), "cn": cn_count(n), "lead": lead, "tail": tail, "n": n},
        "money": {"v": str(rng.choice([200, 300, 500, 800, 1000, 1500, 2000, 3000]) + rng.choice([0, 0, 50, 88]))},
        "pet": {"v": rng.choice(PETS), "rel": "我" + rel},
        "avoid": {"v": rng.choice(AVOID)},
        "choice": {"v": rng.choice(dom["options"])},
        "reason": {"v": rng.choice(dom["reasons"])},
        "colour": {"v": rng.choice(dom["colour"][1]), "lead": dom["colour"][0]},
    }


def answer_words(kind: str, val: dict) -> list[str]:
    """What must be in a good context: the value as said (a count with its measure word)."""
    if kind == "count":
        return [(val["cn"] if val.get("said_cn") else val["v"]) + val["tail"][0]]
    return [val["v"]]


def render(rng, kind: str, val: dict, short: bool) -> str:
    if short:
        return val["v"]
    form = rng.choice(SAY[kind])
    if kind == "count":
        val["said_cn"] = "{cn}" in form
    phone = val["v"]
    return form.format(spaced=f"{phone[:3]} {phone[3:7]} {phone[7:]}", dashed=f"{phone[:3]}-{phone[3:7]}-{phone[7:]}", **val)


def fill(rng, office: str) -> str:
    return rng.choice(FILLER).format(rnd4=rng.randint(1000, 9999), rnd2=rng.randint(10, 60), rnd3=rng.randint(100, 999),
                                     rnd_clock=f"{rng.randint(2, 5)}点", rnd_phone=gen_phone(rng), office=office,
                                     rnd_day=rng.randint(1, 28))


def generate(seed: int) -> Conversation:
    rng = rng_for(KIND, seed)
    dom = DOMAINS[seed % len(DOMAINS)]
    start = datetime(2025, 1, 6) + timedelta(days=rng.randint(0, 300), hours=rng.randint(9, 17))
    vals = values(rng, dom, start)
    kinds = ["name", "phone", "ref", "address", "when", "count", "money", "avoid", "choice", "reason", "colour"]
    if dom["name"] in ("宠物医院",) or rng.random() < 0.3:
        kinds.append("pet")
    rng.shuffle(kinds)
    office = gen_address(rng, rng.choice(CITIES)).split("号")[0] + "号写字楼"
    turns: list[Turn] = []
    ts = epoch(start)
    stated: dict[str, int] = {}

    def add(role: str, text: str) -> int:
        nonlocal ts
        ts += rng.randint(20, 240)
        turns.append(Turn(role, text, ts))
        return len(turns) - 1

    # the first 16 user messages: the opening, then the facts (one per message), fillers between
    slots = sorted(rng.sample(range(1, 16), len(kinds)))
    pending = dict(zip(slots, kinds))
    for u in range(120):
        if u == 0:
            add("user", f"你好，我想{dom['what'].format(pet=vals['pet']['v'])}")
            add("assistant", f"您好，这里是{dom['agent']}，很高兴为您服务。")
            continue
        if u in (40, 80):   # a new day
            ts += rng.randint(14, 40) * 3600
        kind = pending.get(u)
        if kind is not None:
            short = kind in ASK and rng.random() < 0.5
            if short:   # the agent asks first, the customer answers with the value alone
                turns[-1] = Turn("assistant", ASK[kind].format(refname=dom["ref"]), turns[-1].ts)
            stated[kind] = add("user", render(rng, kind, vals[kind], short))
        elif 30 <= u <= 110 and rng.random() < 0.05 and any(k in UPDATE and k not in vals.get("_done", ()) for k in kinds):
            kind = rng.choice([k for k in kinds if k in UPDATE and k not in vals.get("_done", ())])
            vals.setdefault("_done", set()).add(kind)
            new = dict(vals[kind])
            if kind == "phone":
                new["v"] = gen_phone(rng)
            elif kind == "when":
                new["v"], new["day"] = gen_when(rng, start)
            elif kind == "address":
                new["v"] = gen_address(rng, rng.choice(CITIES))
            else:
                new["n"] = vals[kind]["n"] + rng.randint(1, 3)
                new["v"], new["cn"], new["said_cn"] = str(new["n"]), cn_count(new["n"]), False
            vals[kind] = new
            stated[kind] = add("user", rng.choice(UPDATE[kind]).format(**new))
        else:
            text = fill(rng, office)
            add("user", text + rng.choice(MORE) if rng.random() < 0.5 else text)
        add("assistant", rng.choice(REPLIES) + "".join(rng.sample(DETAILS, rng.randint(1, 3))))
    questions = [Question(rng.choice(QUESTIONS[k]), answer_words(k, vals[k]), [stated[k]],
                          "update" if k in vals.get("_done", ()) else "fact") for k in kinds]
    system = f"你是{dom['agent']}，耐心、简洁地回答客户的问题。"
    return Conversation(f"{KIND}-{seed}", "zh", turns, questions, system=system, meta={"domain": dom["name"]})
