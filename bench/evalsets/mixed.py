"""Chinese/English code-switching conversations between a user and an assistant, 80-200 turns.

Two personas: a developer (servers, deadlines, CI, teammates, tech preferences) and a traveller
(flights, hotels, budget, companions, diet). Sessions are dated days to weeks apart and relative
dates ("昨天", "上周五", "两周前", "next Monday") are anchored to the session date. Question types:
fact, temporal, update (the later value is the answer), preference, multi-hop (two evidence turns).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from .common import Conversation, Question, Turn, day_words, epoch, previous_weekday, rng_for, session_dates

PEOPLE = ["Kevin", "Alice 王", "小林", "David", "Emma 陈", "老周", "Sophie", "阿杰", "Ryan", "Mia 李"]
PROJECTS = ["Falcon", "Nebula", "Sprout", "Atlas", "Quokka", "Mercury", "Pinecone", "Hermes"]
OFFICES = ["Berlin", "Singapore", "深圳", "Toronto", "杭州", "London", "Austin"]
CITIES = ["Tokyo", "大阪", "Bangkok", "Seoul", "Lisbon", "清迈", "Istanbul", "Vancouver", "Bali", "Reykjavik"]
HOTELS = ["Park Hyatt", "Ace Hotel", "Hoshinoya", "Mandarin Oriental", "The Hoxton", "Aman", "W Hotel", "Citizen M"]
AIRLINES = ["CA", "MU", "CZ", "NH", "SQ", "CX", "TG"]

REL_PAST = [("昨天", 1), ("前天", 2), ("两周前", 14), ("三天前", 3), ("yesterday", 1), ("a week ago", 7), ("上周五", "fri"),
            ("last Saturday", "sat")]
REL_FUT = [("明天", 1), ("后天", 2), ("下周一", "mon+"), ("next Friday", "fri+"), ("in ten days", 10), ("十天后", 10)]

FILL_DEV = [["这个 bug 我 debug 了一下午", "要不要先加点 logging 看看？", "好主意，我先加 log"],
            ["今天 meeting 太多了，根本没时间写 code", "可以试试 block 一段 focus time"],
            ["CI 又 red 了", "是 flaky test 还是真的 fail？", "flaky 的，retry 一下就过了"],
            ["你觉得 microservices 适合我们吗", "团队小的话 monolith 先跑着也挺好"],
            ["code review 被挑了十几个 comment", "正常，改完就好", "主要是 naming 的问题"],
            ["咖啡喝多了，有点 jittery", "喝点水，休息一下眼睛"],
            ["老板说要 one of these days 重构整个 auth 模块", "那可得好好 plan 一下"],
            ["I'll be there in a sec，先 push 一下 branch", "好，不急"],
            ["Docker image 太大了，build 好慢", "可以试试 multi-stage build"],
            ["这周 on-call 好累", "辛苦了，希望别半夜被 page"],
            ["写 unit test 写到怀疑人生", "可以先覆盖核心逻辑"],
            ["merge conflict 一大堆", "rebase 一下再解决会清楚点"],
            ["新来的 intern 挺聪明的", "带新人也挺有成就感的"],
            ["last week was rough，连着加班", "注意身体，别 burn out"],
            ["一时半会儿搞不定这个 memory leak", "先 profile 一下 heap"]]
FILL_TRAVEL = [["好想赶紧 vacation 啊", "快了快了"],
               ["要不要买 travel insurance？", "建议买，尤其是长途"],
               ["行李箱轮子坏了一个", "可以趁打折换一个"],
               ["我 packing 总是带太多衣服", "列个 checklist 会好很多"],
               ["机场 lounge 值得去吗", "如果 layover 很长的话挺值的"],
               ["jet lag 怎么倒比较快", "到了当地按当地时间作息，多晒太阳"],
               ["当地 SIM 卡还是 roaming 划算？", "一般买当地 eSIM 更便宜"],
               ["我 phone 的相册快满了", "出发前 backup 一下吧"],
               ["最近汇率怎么样", "比上个月好一点点"],
               ["有没有推荐的 podcast 路上听", "可以听点 history 类的"],
               ["one of these days 我要来一次 solo trip", "很适合放空自己"],
               ["我第一时间就把 itinerary 发给我妈了", "报平安是好习惯"]]
FILL_COMMON = [["今天天气 so nice", "适合出去走走"], ["晚饭吃了 hotpot，好撑", "哈哈 hotpot 永远的神"],
               ["周末准备干嘛", "大概在家 chill 吧"], ["好困，想 nap 一下", "去吧，半小时刚好"],
               ["thanks, 你真的帮了大忙", "不客气～"], ["ok 我先去忙了", "好的，回头聊"]]


def _date_of(sdate: datetime, rel) -> datetime:
    if isinstance(rel, int):
        return sdate - timedelta(days=rel)
    wd = {"mon": 0, "fri": 4, "sat": 5}[rel.rstrip("+")]
    if rel.endswith("+"):
        ahead = (wd - sdate.weekday()) % 7 or 7
        return sdate + timedelta(days=ahead + (7 if rel == "mon+" and ahead < 3 else 0))
    return previous_weekday(sdate, wd)


class Item:
    def __init__(self, lines, lo, hi, rel=None):
        self.lines, self.lo, self.hi, self.rel = lines, lo, hi, rel   # lines: [(role, text)]
        self.start = self.when = None


def _dev(rng, n):
    e = max(2, (2 * n) // 3)
    A, out = [], []   # items, (question, answer or callable, kind, [(item, line)])
    proj, lead, office = rng.choice(PROJECTS), rng.choice(PEOPLE), rng.choice(OFFICES)
    ip1 = f"10.{rng.randint(0, 9)}.{rng.randint(0, 255)}.{rng.randint(2, 250)}"
    ip2 = f"10.{rng.randint(10, 30)}.{rng.randint(0, 255)}.{rng.randint(2, 250)}"
    db, ci1, ci2 = rng.choice(["Postgres", "MySQL", "SQLite", "MongoDB"]), "Jenkins", rng.choice(["GitHub Actions", "GitLab CI", "Buildkite"])
    py1, py2 = "3.10", rng.choice(["3.11", "3.12"])

    def item(lines, lo, hi, rel=None):
        it = Item(lines, lo, hi, rel)
        A.append(it)
        return it
    ack = lambda: rng.choice(["OK，记下了", "好的 noted", "收到 👍", "明白了", "got it"])
    it = item([("user", rng.choice([f"我们的 project 叫 {proj}，是个内部 dashboard", f"最近在做的 project 代号 {proj}",
                                    f"{proj} 是我现在 main 的 project", f"I'm working on {proj} 这个项目，做 data pipeline",
                                    f"我被分到 {proj} 组了"])), ("assistant", ack())], 0, e)
    out.append((rng.choice(["我在做的 project 叫什么？", "What's the name of my project?", "我现在 main 的项目代号是？",
                            "Which project am I on?", "我被分到哪个 project 了？"]), [proj], "fact", [(it, 0)]))
    it_lead = item([("user", rng.choice([f"我们 backend lead 是 {lead}", f"{lead} 是 backend 的 tech lead，人很 nice",
                                         f"backend 那边 {lead} 说了算", f"我的 lead 是 {lead}，管 backend",
                                         f"{lead} leads the backend team"])), ("assistant", ack())], 0, e // 2 + 1)
    out.append((rng.choice(["Who is the backend lead?", "backend 的 tech lead 是谁？", "我们组 backend 谁负责？",
                            "谁管 backend team？", "我的 lead 叫什么？"]), [lead.split()[0]], "fact", [(it_lead, 0)]))
    it_off = item([("user", rng.choice([f"{lead} 下个月要 relocate 到 {office} office 了", f"{lead} 现在在 {office} 办公",
                                        f"听说 {lead} transfer 去 {office} 了", f"{lead} moved to the {office} office",
                                        f"{lead} 以后 based in {office}"])), ("assistant", ack())], e // 2 + 1, n)
    out.append((rng.choice(["我们 backend lead 在哪个 office？", "Which office is the backend lead based in?",
                            "backend 负责人 relocate 去哪了？", "管 backend 的人现在在哪个城市？", "Where does my lead work from now?"]),
                [office], "multi-hop", [(it_lead, 0), (it_off, 0)]))
    it1 = item([("user", rng.choice([f"staging server 是 {ip1}，ssh 用 port 2222", f"staging 的 IP: {ip1}",
                                     f"记一下 staging 在 {ip1}", f"Staging box is at {ip1}", f"我们 staging 机器 {ip1}，别搞错"])),
                ("assistant", ack())], 0, e // 2 + 1)
    it2 = item([("user", rng.choice([f"staging 迁移了，new IP 是 {ip2}", f"staging 换机器了，现在是 {ip2}",
                                     f"更新一下：staging now at {ip2}", f"旧的 staging 下线了，新的在 {ip2}",
                                     f"刚才说错了，staging 应该是 {ip2}"])), ("assistant", ack())], e // 2 + 1, e + 1)
    out.append((rng.choice(["staging 现在的 IP 是多少？", "What's the current staging IP?", "staging server 地址是？",
                            "我要 ssh 到 staging，IP 多少？", "Where is staging now?"]), [ip2], "update", [(it2, 0)]))
    it = item([("user", rng.choice([f"我们 CI 用的是 {ci1}", f"{ci1} 又慢又难用，但 CI 还是跑在上面",
                                    f"CI pipeline 在 {ci1} 上", f"Our CI is still {ci1}", f"每次 {ci1} 挂了我都想哭"])),
               ("assistant", ack())], 0, e // 2 + 1)
    it_ci = item([("user", rng.choice([f"我们终于 switch 到 {ci2} 了，不用 {ci1} 了", f"CI 迁到 {ci2} 了",
                                       f"Migrated CI to {ci2} this week", f"{ci1} 下线了，现在全用 {ci2}",
                                       f"好消息：CI 换成 {ci2}"])), ("assistant", ack())], e // 2 + 1, e + 1)
    out.append((rng.choice(["我们 CI 现在用什么？", "Which CI system do we use now?", "CI 跑在哪个平台？",
                            "What's our CI these days?", "CI 迁移后用的是？"]), [ci2], "update", [(it_ci, 0)]))
    it = item([("user", rng.choice([f"我 prefer {db}，别的 database 用不惯", f"database 我只信 {db}",
                                    f"I always pick {db} for new services", f"{db} 是我的首选 DB", f"要我选的话肯定 {db}"])),
               ("assistant", ack())], 0, e)
    out.append((rng.choice(["我喜欢用哪个 database？", "Which database do I prefer?", "我的首选 DB 是？",
                            "新 service 我一般选什么 DB？", "What DB should you suggest for me?"]), [db], "preference", [(it, 0)]))
    it = item([("user", rng.choice(["我 hate ORM，宁愿直接写 raw SQL", "code style 我坚持用 tabs，不用 spaces",
                                    "我讨厌 YAML，config 能用 TOML 就用 TOML"])), ("assistant", ack())], 0, e)
    kw = "SQL" if "SQL" in it.lines[0][1] else ("tabs" if "tabs" in it.lines[0][1] else "TOML")
    out.append((rng.choice(["我有什么 coding 偏好？", "What's my pet peeve in code?", "我 code style 上坚持什么？",
                            "Any strong preference I have about code?", "我写代码有什么讲究？"]), [kw], "preference", [(it, 0)]))
    it = item([("user", rng.choice([f"Python 版本 pin 在 {py1}", f"我们 runtime 是 Python {py1}", f"项目还在用 Python {py1}",
                                    f"We're stuck on Python {py1}", f"Dockerfile 里写的 python:{py1}"])), ("assistant", ack())], 0, e // 2 + 1)
    it_py = item([("user", rng.choice([f"升级到 Python {py2} 了", f"Python bump 到 {py2} 了，一切正常", f"终于 upgrade 到 {py2}",
                                       f"We moved to Python {py2}", f"base image 换成 python:{py2}"])), ("assistant", ack())], e // 2 + 1, e + 1)
    out.append((rng.choice(["现在项目用哪个 Python 版本？", "Which Python version are we on now?", "Python 升级到几了？",
                            "runtime 的 Python 版本是？", "What Python does the project use now?"]), [py2], "update", [(it_py, 0)]))
    events = rng.sample([("prod 挂了两个小时", "prod 挂了", "the prod outage"), ("we shipped v2.3", "v2.3 发布", "the v2.3 release"),
                         ("migrated 到 Kubernetes", "迁移到 Kubernetes", "the Kubernetes migration"),
                         ("做了一次 tech talk 讲 Rust", "tech talk", "my tech talk"), ("入职满三年", "入职三周年", "my work anniversary"),
                         ("数据库被误删了一张表", "误删表", "the dropped table incident")], 3)
    for stmt, zh, en in events:
        r = rng.choice(REL_PAST)
        it = item([("user", rng.choice([f"{r[0]} {stmt}", f"跟你说，{r[0]} {stmt}", f"{stmt}，就在 {r[0]}",
                                        f"btw {r[0]} {stmt}", f"对了 {r[0]} {stmt}"])), ("assistant", ack())], 0, e, r[1])
        out.append((rng.choice([f"{zh} 是哪天？", f"When was {en}?", f"{zh} 发生在什么时候？", f"What date was {en}?",
                                f"还记得 {zh} 是几号吗？"]), it, "temporal", [(it, 0)]))
    r = rng.choice(REL_FUT)
    it = item([("user", rng.choice([f"release deadline 定在 {r[0]}", f"{r[0]} 要 demo 给客户", f"code freeze 是 {r[0]}",
                                    f"PM 说 {r[0]} 必须上线", f"launch date: {r[0]}"])), ("assistant", ack())], 0, e, ("fut", r[1]))
    out.append((rng.choice(["deadline 是哪天？", "When is the deadline?", "上线日期是几号？", "What date do we need to ship by?",
                            "我们要在哪天之前交付？"]), it, "temporal", [(it, 0)]))
    return A, out, FILL_DEV, "You are a helpful assistant for a software developer who mixes Chinese and English."


def _travel(rng, n):
    e = max(2, (2 * n) // 3)
    A, out = [], []
    city, hotel1, hotel2 = rng.choice(CITIES), *rng.sample(HOTELS, 2)
    flight = f"{rng.choice(AIRLINES)}{rng.randint(100, 999)}"
    buddy = rng.choice(PEOPLE)
    diet = rng.choice(["vegetarian", "vegan", "gluten-free", "halal"])
    allergy = rng.choice(["peanuts", "shellfish", "芒果", "海鲜"])
    b1, b2 = rng.choice([6000, 8000, 10000]), rng.choice([12000, 15000, 20000])
    seat = rng.choice(["window seat", "aisle seat", "靠窗", "靠过道"])

    def item(lines, lo, hi, rel=None):
        it = Item(lines, lo, hi, rel)
        A.append(it)
        return it
    ack = lambda: rng.choice(["好的，记下了", "OK noted", "收到～", "明白", "got it 👍"])
    it = item([("user", rng.choice([f"我 book 了 {flight} 飞 {city}", f"机票订好了，{flight}，目的地 {city}",
                                    f"Flight {flight} to {city} confirmed", f"这次去 {city}，坐 {flight}", f"{city} 的机票 {flight} 买了"])),
               ("assistant", ack())], 0, e // 2 + 1)
    out.append((rng.choice(["我这次飞去哪？", "Where am I flying to?", "旅行的目的地是哪个城市？", "Which city is my trip to?",
                            "我要去的城市是？"]), [city], "fact", [(it, 0)]))
    out.append((rng.choice(["我的 flight number 是多少？", "What's my flight number?", "航班号是？", "Which flight did I book?",
                            "我坐哪个航班？"]), [flight], "fact", [(it, 0)]))
    it = item([("user", rng.choice([f"hotel 订的是 {hotel1}", f"住 {hotel1}，离车站近", f"I booked {hotel1} for five nights",
                                    f"{hotel1} 已经 confirm 了", f"酒店选了 {hotel1}"])), ("assistant", ack())], 0, e // 2 + 1)
    it_h = item([("user", rng.choice([f"hotel 换成了 {hotel2}", f"{hotel1} 取消了，改住 {hotel2}", f"Switched to {hotel2}，便宜一点",
                                      f"刚才说错了，酒店应该是 {hotel2}", f"最后决定住 {hotel2}"])), ("assistant", ack())], e // 2 + 1, e + 1)
    out.append((rng.choice(["我现在住哪个 hotel？", "Which hotel am I staying at now?", "酒店最后订的是哪家？",
                            "What's my hotel after the change?", "我住的酒店是？"]), [hotel2], "update", [(it_h, 0)]))
    it_b = item([("user", rng.choice([f"跟我 cousin {buddy} 一起去", f"travel buddy 是 {buddy}", f"{buddy} 也一起去",
                                      f"I'm going with {buddy}", f"这次和 {buddy} 结伴"])), ("assistant", ack())], 0, e // 2 + 1)
    it_d = item([("user", rng.choice([f"{buddy} 是 {diet}，餐厅要注意", f"提醒一下 {buddy} 只吃 {diet} 的",
                                      f"{buddy} went {diet} this year", f"{buddy} 现在 {diet}，别订烤肉店",
                                      f"订餐厅记得 {buddy} 是 {diet}"])), ("assistant", ack())], e // 2 + 1, n)
    out.append((rng.choice(["我的 travel buddy 吃什么 diet？", "What diet does my travel companion follow?",
                            "和我同行的人饮食上有什么要求？", "Any dietary needs for the person travelling with me?",
                            "一起去的那位吃什么？"]), [diet], "multi-hop", [(it_b, 0), (it_d, 0)]))
    out.append((rng.choice(["我跟谁一起去旅行？", "Who am I travelling with?", "travel buddy 是谁？", "Who's coming on the trip?",
                            "和我结伴的是谁？"]), [buddy.split()[0]], "fact", [(it_b, 0)]))
    it = item([("user", rng.choice([f"我对 {allergy} 过敏", f"I'm allergic to {allergy}", f"{allergy} 我一口都不能碰",
                                    f"提醒你，我 allergic to {allergy}", f"吃的方面：no {allergy}"])), ("assistant", ack())], 0, e)
    out.append((rng.choice(["我对什么过敏？", "What am I allergic to?", "吃饭要避开什么？", "Which food can't I eat?",
                            "我的过敏原是？"]), [allergy], "preference", [(it, 0)]))
    it = item([("user", rng.choice([f"座位我要 {seat}", f"I always take the {seat}" if "seat" in seat else f"选座永远 {seat}",
                                    f"帮我记住：{seat}", f"{seat}，不然睡不着", f"my seat preference: {seat}"])), ("assistant", ack())], 0, e)
    out.append((rng.choice(["我喜欢什么座位？", "What seat do I prefer?", "选座的时候我要哪种？", "Seat preference?",
                            "帮我选座应该选哪？"]), [seat.split()[0]], "preference", [(it, 0)]))
    it = item([("user", rng.choice([f"budget 大概 {b1} 块", f"预算 {b1} 人民币左右", f"total budget 是 {b1}",
                                    f"我打算花 {b1} 以内", f"预算卡在 {b1}"])), ("assistant", ack())], 0, e // 2 + 1)
    it_bu = item([("user", rng.choice([f"budget 加到 {b2} 了", f"预算提高到 {b2}", f"new budget: {b2}",
                                       f"我跟老板请了奖金，预算现在是 {b2}", f"预算改成 {b2}"])), ("assistant", ack())], e // 2 + 1, e + 1)
    out.append((rng.choice(["我现在的 budget 是多少？", "What's my budget now?", "预算最后定的多少？", "How much can I spend on the trip?",
                            "旅行预算是？"]), [str(b2)], "update", [(it_bu, 0)]))
    events = rng.sample([("签证 appointment 办完了", "签证面签", "the visa appointment"), ("买了新的 suitcase", "买行李箱", "buying the suitcase"),
                         ("打了 travel vaccine", "打疫苗", "the vaccination"), ("换了 5000 日元现金", "换外币", "the currency exchange"),
                         ("护照 renew 好了", "护照更新", "the passport renewal")], 3)
    for stmt, zh, en in events:
        r = rng.choice(REL_PAST)
        it = item([("user", rng.choice([f"{r[0]} {stmt}", f"跟你说，{r[0]} {stmt}", f"{stmt}，就在 {r[0]}",
                                        f"btw {r[0]} {stmt}", f"对了 {r[0]} {stmt}"])), ("assistant", ack())], 0, e, r[1])
        out.append((rng.choice([f"{zh} 是哪天？", f"When was {en}?", f"{zh} 是什么时候？", f"What date was {en}?",
                                f"还记得 {zh} 是几号吗？"]), it, "temporal", [(it, 0)]))
    r = rng.choice(REL_FUT)
    it = item([("user", rng.choice([f"出发日期是 {r[0]}", f"{r[0]} 就出发了", f"We leave {r[0]}", f"{r[0]} 的早班机",
                                    f"trip starts {r[0]}"])), ("assistant", ack())], 0, e, ("fut", r[1]))
    out.append((rng.choice(["我哪天出发？", "When do I leave?", "出发是几号？", "What's the departure date?", "旅行哪天开始？"]),
                it, "temporal", [(it, 0)]))
    return A, out, FILL_TRAVEL, "You are a helpful travel assistant; the user mixes Chinese and English."


def generate(seed: int) -> Conversation:
    rng = rng_for("mixed", seed)
    persona = rng.choice(["dev", "travel"])
    n = rng.randint(5, 9)
    dates = session_dates(rng, n, datetime(2024, rng.randint(1, 8), rng.randint(1, 28)), (2, 14))
    items, pending, fill, system = (_dev if persona == "dev" else _travel)(rng, n)
    target_total = rng.randint(80, 185)
    per = max(10, target_total // n)
    by_sess = [[] for _ in range(n)]
    for it in items:
        by_sess[rng.randrange(min(it.lo, n - 1), min(max(it.hi, it.lo + 1), n))].append(it)
    turns, ends = [], []
    for s, sdate in enumerate(dates):
        blocks = list(by_sess[s])
        pool = []
        while sum(len(b.lines) if isinstance(b, Item) else len(b) for b in blocks) < per - 2:
            if not pool:   # no repeated small talk inside a session until the pool is used up
                pool = rng.sample(fill + FILL_COMMON, len(fill + FILL_COMMON))
            blocks.append(pool.pop())
        rng.shuffle(blocks)
        t = epoch(sdate)
        seq = [("user", rng.choice(["hi", "在吗", "hey", "又是我 😂", "早上好"])), ("assistant", rng.choice(["在的，what's up?", "Hi！怎么了？", "我在～"]))]
        for b in blocks:
            if isinstance(b, Item):
                b.start = len(turns) + len(seq)
                if b.rel is not None:
                    fut = isinstance(b.rel, tuple)
                    r = b.rel[1] if fut else b.rel
                    if fut:
                        b.when = sdate + timedelta(days=r) if isinstance(r, int) else _date_of(sdate, r)
                    else:
                        b.when = _date_of(sdate, r)
                seq.extend(b.lines)
            else:
                seq.extend(("user" if j % 2 == 0 else "assistant", x) for j, x in enumerate(b))
        for role, text in seq:
            turns.append(Turn(role, text, t))
            t += rng.randint(15, 150)
        ends.append(len(turns) - 1)
    questions = []
    for text, ans, kind, refs in pending:
        answer = day_words(ans.when) if isinstance(ans, Item) else ans
        ev = sorted(it.start + line for it, line in refs)
        later = [x for x in ends[:-1] if x > ev[-1] + 20]
        asked = rng.choice(later) if later and rng.random() < 0.2 else None
        questions.append(Question(text, list(answer), ev, kind, asked))
    return Conversation(f"mixed-{seed}", "mixed", turns, questions, system, {"persona": persona, "sessions": n})
