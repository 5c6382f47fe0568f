"""Everyday concepts, so a question can find a message that shares none of its words.

People ask "What kind of dog do I have?" about "Otis the labrador lives with us now", and
"Where do you work now?" about "I start at Greywater Analytics on Monday". Without an
embedding model (too big and too slow for a 2 GB board), recall bridges that gap with this
small lexicon: each concept lists common words of its field, in English and Chinese. A
message and a query that contain a member of the same concept share a concept term
("~pet", "~work"), which BM25 then weighs like a word, at a reduced weight (``WEIGHT``),
so a literal match still outranks a topical one.

The lists are general vocabulary (not any one conversation's); English entries are stemmed
with ``terms.stem`` when the table is built, Chinese entries are two-character words (the
index's bigrams).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from edge_agent.memory.terms import simplified

WEIGHT = 0.45   # a concept term's share of a word's BM25 weight

CONCEPTS: dict[str, str] = {
    "pet": """pet pets dog dogs puppy puppies pup doggo cat cats kitten kitty hamster rabbit bunny parrot bird
        fish goldfish turtle tortoise lizard gecko snake ferret guinea pig vet vets breed breeds leash
        collar labrador lab retriever golden poodle beagle bulldog terrier husky shiba inu corgi
        dachshund chihuahua pug greyhound collie spaniel shepherd boxer rottweiler schnauzer doberman
        pomeranian maltese samoyed akita whippet dalmatian mutt rescue adopt adopted adoption tabby
        siamese persian ragdoll maine coon
        宠物 猫 狗 狗狗 小狗 猫咪 小猫 猫粮 狗粮 遛狗 铲屎 兽医 金毛 泰迪 柯基 柴犬 哈士 拉布 布偶 英短 橘猫""",
    "food": """food foods eat eats eating ate meal meals dish dishes dinner lunch breakfast brunch snack snacks
        cook cooking cooked bake baking baked recipe taste tastes tasted flavor flavour delicious yummy
        gross restaurant cuisine spicy salty sour bitter vegan vegetarian pizza pasta sushi ramen
        noodles rice bread cheese chocolate cake cookies burger burgers fries salad soup curry tacos
        taco burrito steak chicken beef pork bacon fish salmon tuna shrimp anchovies anchovy olives
        olive mushrooms mushroom tomato tomatoes onion onions garlic cilantro coriander eggplant
        broccoli spinach kale avocado carrots potato potatoes beans tofu eggs egg cereal oatmeal
        pancakes waffles dumplings icecream dessert desserts pie peanut peanuts nuts banana bananas
        apple apples mango strawberries fruit berries peppers pickles liver oysters durian lasagna
        risotto paella falafel hummus kimchi pho
        吃饭 好吃 难吃 美食 菜品 做饭 下厨 早饭 午饭 晚饭 早餐 午餐 晚餐 零食 甜点 蛋糕 火锅 面条 米饭 饺子 包子 披萨 寿司 牛排 香菜 辣椒 海鲜 口味 过敏 花生""",
    "drink": """drink drinks drinking drank coffee espresso latte cappuccino americano mocha matcha tea chai
        juice smoothie soda cola milk beer wine whiskey cocktail cocktails lemonade kombucha cocoa boba
        bubble caffeine decaf brew brewed barista mug
        喝的 咖啡 奶茶 拿铁 绿茶 红茶 果汁 啤酒 红酒 白酒 饮料 可乐 豆浆 牛奶""",
    "music": """music song songs album albums band bands singer artist concert concerts gig playlist listen
        listening listened spotify vinyl genre guitar piano drums violin sing singing jazz blues soul
        funk rock punk metal indie pop rap hiphop hip hop techno house edm classical opera country folk
        reggae bossa nova lofi lo-fi kpop k-pop disco gospel
        音乐 歌曲 听歌 唱歌 专辑 乐队 歌手 演唱 吉他 钢琴 爵士 摇滚 民谣 古典""",
    "film": """movie movies film films cinema watched watching series episode episodes documentary
        documentaries netflix actor actress director trailer sitcom drama thriller horror comedy anime
        cartoon binge tv
        电影 看剧 追剧 电视 综艺 动漫 纪录 影院""",
    "book": """book books read reading reader novel novels author authors poem poetry library chapter kindle
        audiobook memoir fiction nonfiction mystery fantasy biography comic comics manga
        看书 读书 小说 作者 图书 书店 漫画""",
    "sport": """sport sports runner race marathon jog jogging gym workout exercise fitness yoga pilates swim
        swimming hike hiking hiked climb climbing bouldering cycling bike biking ski skiing snowboard
        surf surfing tennis soccer football basketball baseball volleyball badminton golf boxing martial
        karate judo dance dancing paddle kayak rowing skate skating triathlon coach
        运动 跑步 健身 游泳 爬山 登山 骑行 瑜伽 篮球 足球 羽毛 网球 比赛 锻炼""",
    "hobby": """hobby hobbies class classes lesson lessons course workshop club practice learn learning learned
        took picked signed paint painting draw drawing sketch knit knitting crochet sew sewing pottery
        ceramics photography garden gardening woodworking origami chess puzzle puzzles gaming
        calligraphy journaling baking collecting
        爱好 兴趣 课程 学习 画画 摄影 书法 手工 园艺 下棋""",
    "work": """work works working worked job jobs career employer employers employee company companies office
        boss manager colleague colleagues coworker coworkers position hire hired hiring interview
        promotion promoted quit resign resigned notice fired laid layoff salary raise contract startup
        firm agency client clients shift intern internship gig freelance business employ employs
        employed employment offer accepted onboarding profession professional occupation living earn earns
        earning trade role roles nurse nursing teacher teaching engineer engineering developer programmer
        designer accountant lawyer solicitor barrister paralegal doctor surgeon dentist hygienist pharmacist
        paramedic physio physiotherapist therapist midwife carer chef cook baker barista waiter waitress
        bartender florist electrician plumber carpenter builder mechanic architect analyst consultant
        librarian journalist editor writer photographer receptionist cashier clerk secretary pilot driver
        courier postman firefighter police officer soldier ranger farmer gardener vet scientist researcher
        technician lecturer tutor banker broker realtor agent marketer recruiter hr sales retail
        工作 上班 下班 公司 老板 领导 同事 职位 岗位 面试 辞职 离职 入职 跳槽 加班 工资 薪水 单位""",
    "home": """home house apartment flat rent rented lease landlord roommate roommates neighbor neighbors
        neighbour neighbourhood neighborhood move moved moving relocate relocated city town village
        suburb downtown resident settle settled
        搬家 住在 房子 租房 房东 室友 邻居 小区 城市 老家 新家""",
    "place": """city cities country countries town capital london paris berlin madrid barcelona rome milan
        lisbon porto amsterdam brussels vienna prague budapest warsaw krakow dublin edinburgh glasgow
        manchester oslo stockholm copenhagen helsinki reykjavik iceland athens istanbul zurich geneva
        munich hamburg moscow dubai cairo marrakech nairobi lagos tokyo osaka kyoto seoul busan beijing
        shanghai shenzhen guangzhou hangzhou chengdu taipei singapore bangkok hanoi saigon manila
        jakarta bali mumbai delhi bangalore sydney melbourne brisbane perth auckland wellington toronto
        vancouver montreal boston chicago austin seattle portland denver miami atlanta dallas houston
        phoenix vegas mexico havana lima bogota santiago rio banff canada usa america england scotland
        ireland france germany spain italy portugal netherlands belgium switzerland austria sweden
        norway denmark finland poland greece turkey egypt morocco kenya japan korea china taiwan
        thailand vietnam indonesia india australia zealand brazil argentina chile peru colombia
        北京 上海 广州 深圳 杭州 成都 重庆 南京 武汉 西安 苏州 天津 长沙 青岛 厦门 昆明 大连 香港 澳门 台北 东京 大阪 首尔 伦敦 巴黎 纽约 悉尼 曼谷""",
    "travel": """travel trip trips traveling travelling vacation holiday holidays flight flights fly flew airport
        hotel hostel airbnb beach island mountains abroad visa passport tour tourist sightseeing
        backpacking cruise itinerary destination
        旅行 旅游 出差 度假 机票 航班 酒店 景点 签证 护照 出国""",
    "family": """family mom mum mother dad father parents parent brother brothers sister sisters sibling siblings
        son daughter kid kids child children baby husband wife spouse partner boyfriend girlfriend
        fiance fiancee grandma grandpa grandmother grandfather aunt uncle cousin niece nephew in-laws
        wedding married marry marrying engaged engagement proposed proposal fiancé dating date dated dates
        seeing relationship romance romantic anniversary ex crush single divorced divorce split breakup
        boyfriend's girlfriend's husband's wife's
        家人 父母 爸爸 妈妈 哥哥 姐姐 弟弟 妹妹 儿子 女儿 孩子 老公 老婆 丈夫 妻子 爷爷 奶奶 外婆 婚礼""",
    "health": """health doctor doctors hospital clinic sick ill illness flu fever cough injury injured hurt pain
        surgery appointment therapy therapist medicine meds allergy allergic diagnosed recovery dentist
        checkup allergies reaction react intolerant intolerance epipen anaphylaxis hives rash asthma
        inhaler a&e emergency ambulance migraine diabetes penicillin gluten lactose
        医院 医生 生病 感冒 发烧 手术 看病 吃药 过敏 体检 复查 牙医""",
    "study": """school study studying studied student students class university college degree major masters phd
        thesis exam exams homework teacher professor course semester graduate graduated graduation
        scholarship
        学校 上学 大学 专业 考试 毕业 老师 论文 学位 研究""",
    "vehicle": """car cars drive driving drove driver license truck van suv motorcycle scooter bike bicycle train
        bus subway commute commuting commuter parking garage electric tesla journey journeys tram metro
        ferry cycle cycled walk walked door-to-door
        开车 驾照 汽车 买车 地铁 公交 停车""",
    "launch": """release releases released launch launched launching deploy deployed deployment ship shipped
        rollout go-live golive publish published version milestone
        上线 发布 部署 发版 版本 交付""",
    "money": """money pay paid payment price cost costs expensive cheap budget save saving savings spend spent
        bank loan debt mortgage invest investing investment stock stocks bill bills refund salary
        钱包 花钱 存钱 价格 预算 贷款 房贷 工资 理财 投资 退款""",
    "tech": """phone laptop computer tablet ipad iphone android app apps software code coding program
        programming website online internet wifi charger battery screen keyboard camera headphones
        console
        手机 电脑 笔记 平板 软件 网络 充电 电池 屏幕 耳机""",
    "like": """love loved loves favorite favourite fav best adore obsessed enjoy enjoyed prefer prefers
        preferred fan addicted beats
        喜欢 最爱 爱喝 爱吃 偏爱 热爱 推荐""",
    "fear": """fear fears afraid scared scary terrified terrifies frightened frighten phobia panic panicking
        nervous anxious anxiety dread nightmare creepy spooked trust trusted
        害怕 恐惧 怕的 吓人 紧张 焦虑""",
    "reason": """原因 起因 为啥 为何 因为 所以 由于 主要 为了 缘故 理由 缘由""",
    "style": """样式 款式 颜色 要求 想要 哪种 偏好 最好 风格 粉色 蓝色 红色 白色 黑色 绿色 灰色 金色 银色 紫色 黄色 米色""",
    "dislike": """hate hated hates dislike disliked cant can't stand awful terrible worst gross disgusting soap
        never avoid allergic annoying boring horrible nasty
        讨厌 不喜 难吃 受不 不爱 反感""",
}


# Kinds: a question that names a kind ("Which genre ...", "What does she drink ...") asks for a
# thing of it, and the message that answers names one ("Put on some fado", "give me Irish
# coffee"). The things of each kind are WordNet's (kinds.txt, built by scripts/wordnet_kinds.py);
# a message naming one carries the kind's thing term ("~music/thing"), a question naming the
# kind asks for it at KIND_WEIGHT, above a concept's WEIGHT: a thing of the asked kind is a
# likely answer, a word of the same field only a likely topic.
KIND_WEIGHT = 2.7
KIND_HEADS: dict[str, str] = {
    "music": "genre music song songs band album artist listen listening",
    "drink": "drink drinks beverage",
    "food": "food dish meal eat eats cuisine snack",
    "pet": "pet dog cat breed",
    "sport": "sport exercise",
    "film": "film movie",
    "health": "illness condition medication medicine disease",
    "place": "city town country island county state",
}
# "Where ...?" asks for a place, though "where" is no content word; as often for where a thing
# is ("where is the spare key?"), so it asks below KIND_WEIGHT (dev split: 1.0 and 1.8 tried,
# RESULTS 29.1; at 2.7 "the spare key is under the blue flowerpot" lost to a message naming a city)
WHERE_WEIGHT = 1.8
_WHERE = re.compile(r"\bwhere\b", re.I)
KINDS_FILE = Path(__file__).with_name("kinds.txt")


def thing(kind: str) -> str:
    return f"~{kind}/thing"


def _add(out: dict, key, tag: str) -> None:
    tags = out.setdefault(key, [])
    if tag not in tags:
        tags.append(tag)


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """(term -> its concept terms, "term next-term" -> the concept terms of a two-word thing)."""
    from edge_agent.memory.terms import terms

    out: dict[str, list[str]] = {}
    pairs: dict[str, list[str]] = {}
    for concept, words in CONCEPTS.items():
        for word in words.split():
            for term in terms(word) or [word]:
                _add(out, term, f"~{concept}")
    for line in KINDS_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        kind, members = line.split("\t")
        for member in members.split():
            found = terms(member.replace("_", " "))
            for tag in (f"~{kind}", thing(kind)):
                if len(found) == 1:
                    _add(out, found[0], tag)
                elif len(found) == 2:
                    _add(pairs, " ".join(found), tag)
    shared: dict[tuple[str, ...], tuple[str, ...]] = {}   # one tuple per distinct set of tags
    return ({term: shared.setdefault(tuple(tags), tuple(tags)) for term, tags in out.items()},
            {pair: shared.setdefault(tuple(tags), tuple(tags)) for pair, tags in pairs.items()})


def table() -> dict[str, tuple[str, ...]]:
    """Term -> the concept terms it carries ("labrador" -> ("~pet", "~pet/thing")); a single
    Chinese character (猫) is matched inside the bigrams that hold it."""
    return _tables()[0]


@lru_cache(maxsize=1)
def _kind_heads() -> dict[str, tuple[str, ...]]:
    from edge_agent.memory.terms import terms

    out: dict[str, list[str]] = {}
    for kind, words in KIND_HEADS.items():
        for word in words.split():
            for term in terms(word):
                _add(out, term, thing(kind))
    return {term: tuple(tags) for term, tags in out.items()}


def concepts(found: list[str], question: bool = False) -> list[str]:
    """The concept terms of a text's ``found`` terms (in order: two adjacent terms may name a
    thing, "irish coffe"), each once. A question's are its fields' concepts, not things."""
    lookup, pairs = _tables()
    seen: dict[str, None] = {}
    for i, term in enumerate(found):
        hits = lookup.get(term, ())
        if not hits and len(term) == 2 and term[0] >= "\u3400":
            hits = lookup.get(term[0], ()) + lookup.get(term[1], ())
        if i + 1 < len(found):
            hits += pairs.get(f"{term} {found[i + 1]}", ())
        for tag in hits:
            seen.setdefault(tag, None)
    return [tag for tag in seen if not tag.endswith("/thing")] if question else list(seen)


def kinds_asked(found: list[str]) -> list[str]:
    """The thing terms a question's ``found`` terms ask for ("genr" -> "~music/thing")."""
    heads = _kind_heads()
    return list(dict.fromkeys(tag for term in found for tag in heads.get(term, ())))


def asks_where(text: str) -> bool:
    """Whether a question asks "where" (for a place: ``thing("place")`` at WHERE_WEIGHT)."""
    return bool(_WHERE.search(text))


# Value classes: a message that holds a value of the kind a question asks for shares a
# concept term with it, though they share no word ("几位参加？" about "到场 15 人"; "回电打哪个
# 号码" about "021 6432 1234"). A message is tagged by the value it holds; a question by what it
# asks. Both sides are patterns, not the bigram table: "多少" alone asks for money as often as
# for people.
_NUM = r"(?:\d+|[一二三四五六七八九十两百]+)"
VALUE_CLASSES: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "~headcount": (re.compile(rf"{_NUM}\s?(?:人|位|名|个人)(?![民工员])|(?:人数|人员)\D{{0,4}}\d+|"
                              r"\b\d+\s(?:people|persons|guests|attendees|participants)\b", re.I),
                   re.compile(r"(?:多少|几)(?:个)?(?:人|位)|人数|how many (?:people|persons|guests|attendees)", re.I)),
    "~when": (re.compile(rf"\d{{1,2}}[:：]\d{{2}}|\d{{1,2}}/\d{{1,2}}|\d{{4}}[-/.]\d{{1,2}}[-/.]\d{{1,2}}|"
                         rf"{_NUM}月{_NUM}[日号]|[周礼拜][一二三四五六日天]|星期[一二三四五六日天]|\d{{1,2}}\s?[点時时](?![间候代刻])|"
                         # a Chinese-numeral hour with its minutes ("三点半"; "有一点", "一时半会儿" are no time)
                         rf"[一二三四五六七八九十两]{{1,3}}[点時时](?:半(?!会|晌)|\d|[一二三四五六七八九十]+分|整|钟)|"
                         rf"(?:上午|下午|晚上|早上|中午|凌晨|傍晚)[一二三四五六七八九十两]{{1,3}}[点時时]|"
                         rf"\bin\s+(?:\d{{1,3}}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)\s+"
                         rf"(?:days?|weeks?|months?)\b", re.I),
              re.compile(r"什么时候|什么时间|几点|哪天|哪一天|几号|何时|截止|到期|\bwhen\b|what time|deadline|\bdue\b",
                         re.I)),
    "~money": (re.compile(r"[¥￥$€£]\s?\d|\d[\d,.]*\s?(?:元|块钱|块(?!板)|万元|美元|欧元|英镑|dollars|bucks|quid|euros|pounds\b|yuan)|"
                          r"\b(?:USD|EUR|GBP|RMB|CNY)\s?\d", re.I),
               re.compile(r"多少钱|价格|价钱|费用|花了多少|预算|房租|租金|月薪|工资|押金|退款|报价|"
                          r"how much|\bprice\b|\bcost\b|\brent\b|\bsalary\b|\bbudget\b|\bfee\b|\bdeposit\b|\brefund\b|"
                          r"\bpaid\b|\bspen[dt]\b|\bcharged?\b", re.I)),
    "~phone": (re.compile(r"(?<!\d)(?:1[3-9]\d[- ]?\d{4}[- ]?\d{4}|[(（]?0[1-9]\d{1,2}[)）]?[- ]?[2-9]\d{2,3}[- ]?\d{4}|"
                          r"400[- ]?\d{3}[- ]?\d{4})(?!\d)"),
               re.compile(r"电话|号码|回电|回拨|联系方式|座机|手机号|热线|phone|number to call|call (?:me )?back", re.I)),
}


def value_classes(text: str, question: bool = False) -> list[str]:
    """The value-class terms of a message (the values it holds) or of a question (what it asks)."""
    side, plain = (1 if question else 0), simplified(text)
    return [tag for tag, patterns in VALUE_CLASSES.items() if patterns[side].search(plain)]
