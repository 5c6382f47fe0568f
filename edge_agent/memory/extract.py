"""Deterministic key-fact extraction from Chinese and English text.

Categories: name, phone, email, id_card, bank_card, ref (order / ticket / contract numbers),
datetime (absolute and relative: 明天上午九点, 下周三前, next Friday 3pm), amount (¥, 元, $,
万), count (3台, 200 units), product (iPhone 16 Pro, RK3568), address, decision (方案A … 落地).

Each fact gets a key from its category and the label in front of it in the same clause
("交付日期改到1月20日" -> datetime:交付日期), so a newer value for the same key supersedes
the old one. Identifiers (ref, product without a label) only supersede when the sentence
says so ("改成", "不对", "actually", "changed to"); otherwise several coexist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from edge_agent.memory import extract_en as en
from edge_agent.memory.extract_en import Gate
from edge_agent.memory.terms import simplified
from edge_agent._compat import SLOTS

CJK = "\u4e00-\u9fff\u3400-\u4dbf"
CN_DIGIT = "一二三四五六七八九十两〇零"
CLAUSE_END = re.compile(r"[，。！？；!?;\n]|,(?!\d{3})|\.(?!\d)|、")

SURNAMES = set(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
    "姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤欧")
# rarer surnames, read only after a lead that ends in 叫 ("课程顾问叫宁晓雪"): after 我是 they would
# read places ("我是宁波的")
MORE_SURNAMES = set("宁包凌柳乔焦殷尚栾阎聂倪童颜牛洪符麦甘喻祝葛鲍庞齐翟左骆柯俞施苗卓伍岳闵储祁戚蓝郎冉詹邢滕裴靳褚纪耿霍柏卜盛鲁")
SURNAME_CHARS = "".join(sorted(SURNAMES))
COMPOUND_SURNAMES = ("欧阳", "司马", "诸葛", "上官", "东方", "慕容", "令狐", "皇甫", "尉迟", "公孙", "长孙", "宇文",
                     "司徒", "夏侯", "端木", "轩辕", "独孤", "南宫", "呼延", "澹台")
NOT_NAMES = {"客户", "用户", "顾客", "买家", "卖家", "老师", "学生", "新手", "会员", "本人", "来问", "想问",
             "负责", "这边", "那边", "公司", "我们", "他们", "你们", "管理员", "老客户", "新客户",
             "身份", "电话", "手机", "地址", "号码", "证件", "信息"}
NAME_STOP = set("叫说的是在，。我你他她想要来去电手订和跟与吧呀啊呢哦了在从打这那也就都还")
NAME_STOP_PAIRS = ("今天", "明天", "明早", "明晚", "今晚", "后天", "今年", "去年", "明年")
NOT_EN_NAMES = {"sorry", "here", "sir", "madam", "maam", "mam", "kuya", "ate", "boss", "thanks", "salamat", "fine", "good", "not", "just", "happy", "calling", "writing", "looking", "interested",
                "afraid", "glad", "ok", "okay", "sure", "still", "done", "back", "ready", "busy", "tired", "home", "new",
                "so", "very", "really", "back", "late", "free", "available", "confused", "upset", "fed", "trying",
                "going", "out", "in", "away", "finished", "excited", "worried", "annoyed", "frustrated", "satisfied"}
ORG_TAILS = ("部", "科", "处", "组", "办", "司", "厂", "局", "院", "所", "中心", "门店", "前台", "仓库", "团队", "英文名")

CHANGE = re.compile(r"(改成|改为|改到|换成|换为|变成|变为|更新为|更新成|调整为|调整到|调到|延期到|延到|推迟到|推到|"
                    r"提前到|不对|更正|纠正|应该是|改一下|重新|现在是|新的|"
                    r"\bchanged?\b|\bupdated?\b|\bmoved?\b|\bnow\b|\bactually\b|\bcorrection\b|\bnew\b|"
                    r"\bI meant\b|\binstead\b|\bwrong\b|\bpostponed?\b|\brescheduled?\b)", re.I)
LABEL_TAIL = re.compile(r"(改成|改为|改到|换成|换为|变成|变为|更新为|更新成|调整为|调整到|调到|延期到|延到|推迟到|推到|"
                        r"提前到|定在|定为|(?<!预)约在|(?<!预)约到|设为|设在|大概|大约|预计|计划|一共有|总共有|共有|一共|总共|共|有|应该是|应该|应为|需要|是|为|在|到|写|填|"
                        r"留|用|的|要|(?<!预)约|改|换|另外|额外|另算|:|：|=|-|\s|(?<![A-Za-z])(?:is now|changed to|moved to|updated to|is|are|was|will be|"
                        r"to|at|on|by|of|for)|'s)+$", re.I)   # "the flat is at": flat, not fl
LABEL_HEAD = re.compile(r"^(我的|我们的|你们的|你的|您的|他们的|他的|她的|咱们的|咱们|我们|你们|他们|我|您|你|请|麻烦|帮我|把|那个|这个|"
                        r"打算|准备|希望|想要|想|计划|争取|尽量|务必|必须|最好|得|现在|目前|"
                        r"另外|还有|然后|对了|哦|嗯|好的|对|不对|更正一下|更正|纠正|应该|新的|需要|要|买|订购|采购|"
                        r"(?:my|our|your|the|a|an|and|also|please|oh|ok|so|then|actually|sorry|we|i|need|want|"
                        r"order|buy|get)\b\s*)+", re.I)


@dataclass(frozen=True, **SLOTS)
class Extracted:
    category: str
    value: str
    label: str
    key: str
    start: int
    end: int
    replaces: str = ""  # key prefix of identifiers this one supersedes ("ref:订单号:")


def _p(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
         r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day(?![a-z])"  # "on Sundays" is a habit, not a date
WEEKDAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days(?![a-z])"   # a weekly day, with its hour only
WEEKDAY_ABBR = r"(?:(?-i:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)\.?)"
SHORT_DAY = r"(?:mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)"   # as texted, lower case: only with a time or "next"
ORDINAL_DAY = (r"the\s+(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)(?![a-z])"
               r"(?!\s+(?:time|floor|place|row|grade|year|round|attempt|try|century|edition|generation|gen|coffee|day)\b)")
DAYPART = "上午|下午|晚上|早上|中午|凌晨|傍晚|今晚|明早|上昼|下昼|晏昼|夜晚|早|晚"   # 下昼: Cantonese 下晝
CN_MINUTE = (rf"(?:半|一刻|三刻|多(?![少个人久])|\d{{1,2}}(?:\s?分(?!钟)|(?![\d.]|\s?[个人位岁块元号楼层天台件张份桌间]))|[{CN_DIGIT}]{{1,3}}分|整|钟|"
             rf"(?:[一二三四五]十[一二三四五六七八九]?|十[一二三四五六七八九]?|零[一二三四五六七八九])(?![{CN_DIGIT}个位人块元岁次件分]))")
# the end of a range of hours ("早上八点到十点", "下午 2 点至 4 点半")
CN_UNTIL = rf"(?:\s?[到至~～-]\s?(?:\d{{1,2}}|[{CN_DIGIT}]{{1,3}})\s?[点時时](?:{CN_MINUTE})?)?"
# "九点" alone is often not a time ("有一点", "第一时间", "快一点"): a Chinese-numeral hour needs
# a part of the day, its minutes, or a date before it; a digit hour stands alone ("9点")
# "差一刻八点", "差五分十点": the minutes before the hour
CN_SHY_OF = rf"差\s?(?:一刻|(?:\d{{1,2}}|[{CN_DIGIT}]{{1,3}})\s?分钟?)\s?(?:\d{{1,2}}|[{CN_DIGIT}]{{1,3}})\s?[点時时]钟?"
CN_TIME = (rf"(?:(?:{DAYPART})\s?)?{CN_SHY_OF}|"
           rf"(?:{DAYPART})\s?(?:\d{{1,2}}|[{CN_DIGIT}]{{1,3}})\s?[点時时](?:\s?{CN_MINUTE})?{CN_UNTIL}|"
           rf"(?<![\d.第])\d{{1,2}}[点時时](?![间候代刻])(?:{CN_MINUTE})?|"
           rf"(?:(?<![{CJK}])|(?<=[在是到于约定]))[{CN_DIGIT}]{{1,3}}[点時时](?!半会|半晌){CN_MINUTE}|[{CN_DIGIT}]{{1,3}}点钟|"   # not 一时半会儿
           rf"(?<!\d)\d{{1,2}}:\d{{2}}(?:\s?[-–—~～到至]\s?\d{{1,2}}:\d{{2}})?(?!\d)|"    # "9:00-11:00"
           rf"(?<![\d.第])(?<!第\s)\d{{1,2}}\s[点时]\s?(?:半|一刻|三刻|\d{{1,2}}(?:\s?分(?!钟)|(?![\d.]|\s?[个人位岁块元号楼层天台件张份桌间])))")   # "挪到 4 点半", "5 点 40 到"
# without a date before it: a part of the day before a colon time ("下午 3:30"; after a date,
# "1月8日 上午" and "10:00" stay two values), a spaced digit hour before what is done then
CN_TIME_ALONE = (rf"(?:{DAYPART})\s?\d{{1,2}}:\d{{2}}(?:\s?[-–—~～到至]\s?\d{{1,2}}:\d{{2}})?(?!\d)|"
                 rf"(?<![\d.第])(?<!第\s)\d{{1,2}}\s[点时](?=\s?(?:来|去|到|前|后|以前|之前|以后|之后|左右|见|开|出发|"
                 rf"集合|送|取|拿|接|上门|准时))|{CN_TIME}")                                   # "12 点来拿"
CN_TIME_AFTER_DATE = rf"(?:(?<![\d:])\d{{1,2}}(?::\d{{2}})?\s?(?i:am|pm)(?![A-Za-z])|(?<![\d.])\d{{1,2}}\s[点时](?![间候代刻])(?:\s\d{{1,2}}\s?分(?!钟)|{CN_MINUTE})?|(?:{DAYPART})\s?\d{{1,2}}:\d{{2}}(?:\s?[-–—~～到至]\s?\d{{1,2}}:\d{{2}})?(?!\d)|{CN_TIME}|[{CN_DIGIT}]{{1,3}}[点時时](?:{CN_MINUTE})?|(?:{DAYPART})(?![{CN_DIGIT}\d]))"
CN_MONTH_DAY = (r"(?:十[一二]?|[一二三四五六七八九])月(?:三十一?|二?十[一二三四五六七八九]?|[一二三四五六七八九])[日号]|"
                r"(?:十[一二]?|[一二三四五六七八九])月\d{1,2}[日号]|\d{1,2}月(?:三十一?|二?十[一二三四五六七八九]?|[一二三四五六七八九])[日号]")
# a lunar date ("腊月二十八", "正月初六") and a holiday ("国庆节前一天", "元旦当天", "五一假期")
CN_LUNAR = (r"(?:正|腊|冬|[二三四五六七八九十]|十[一二])月(?:初[一二三四五六七八九十]|二十[一二三四五六七八九]?|十[一二三四五六七八九]|"
            r"廿[一二三四五六七八九]|三十)(?![一二三四五六七八九十])")
CN_HOLIDAY = (r"(?:国庆节?|元旦|春节|除夕|中秋节?|端午节?|清明节?|元宵节?|劳动节|儿童节|七夕|圣诞节?|双十一|双十二|"
              r"(?:五一|十一)(?=假期|长假|节|前|后|当天|那天|期间|之前|以后))(?:前一天|后一天|第[一二三四五六七]天|当天|那天|之前|以后|前|后|假期|期间)?")
# what happens on a dotted month and day said after it ("入住 12.18 离店 12.21")
DOTTED_AFTER = "|".join(f"(?<={w}{sp})" for w in ("入住", "退房", "离店", "出发", "返程", "到期", "截止") for sp in ("", " "))
CN_YEAR = r"(?:(?:前年|去年|今年|明年|后年)\s?)"   # "明年 6 月底", "去年双十二": the year is part of the date
HOLIDAY = re.compile(CN_HOLIDAY)
CN_DATE = (rf"(?:(?:\d{{4}}|(?<!\d)1[01]\d)\s?年\s?|{CN_YEAR})?\d{{1,2}}\s?月\s?\d{{1,2}}\s?[日号]|(?:[〇零一二三四五六七八九]{{4}}年|\d{{4}}\s?年\s?)?{CN_MONTH_DAY}|\d{{4}}\s?年\s?\d{{1,2}}\s?月(?:底|初|中旬|上旬|下旬|末)?|\d{{4}}[-/.]\d{{1,2}}[-/.]\d{{1,2}}|"
           rf"(?<![\d/.])(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])(?=\s?\d{{1,2}}:\d{{2}}|\s?(?:上午|下午|晚上|早上|中午|凌晨|傍晚))|"
           rf"(?<![\d/.])(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])(?![\d/])(?=\s?(?:买|下单|到货|发货|签收|寄出|收到|"
           rf"付款|交货|那天|当天|之前|以前|前|以后|开始|截止|到期))|"   # "3/20 18:00" (a bare 3/4 is a fraction)
           # "12.24 入住": a dotted month and day before what happens on it (a bare 11.8 is a number)
           rf"(?<![\d/.])(?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9])(?![\d.])(?=\s?(?:入住|退房|离店|出发|返程|回来|到货|发货|"
           rf"签收|寄出|付款|交货|那天|当天|截止|到期|上午|下午|晚上|早上|中午|[(（]周|周[一二三四五六日天]))|"   # "1.2 以后": a version
           rf"(?:{DOTTED_AFTER})(?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9])(?![\d.])|"   # "离店 12.21": after what happens on it
           rf"(?:今天|今晚|明天|明早|明晚|后天|大后天|昨天|昨晚|前天|前晚|听日|后日|琴日)(?:一大?早)?|(?:下下周|下周|本周|这周|上周)"
           rf"[一二三四五六日天末]?|每个?(?:周|星期|礼拜)[一二三四五六日天](?:[、和,，]?[一二三四五六日天]){{0,3}}|(?:下下个?|下个?|上个?|这个?|本)?(?:周|星期|礼拜)[一二三四五六日天末]|{CN_YEAR}\d{{1,2}}\s?月(?![\d底初中旬上下末份])|{CN_YEAR}?(?:\d{{1,2}}\s?|十[一二]?|[一二三四五六七八九])月(?:底|初|中旬|上旬|下旬|中|末)|"
           rf"每个?月\s?(?:\d{{1,2}}|二?十[一二三四五六七八九]?|三十一?|[一二三四五六七八九])\s?[日号]|月底|月初|月中|年底|年初|(?:农历|阴历)?\s?{CN_LUNAR}|{CN_YEAR}?{CN_HOLIDAY}|"
           rf"(?:下个?月|本月|这个月)(?:\s?\d{{1,2}}\s?[日号]|(?:三十一?|二?十[一二三四五六七八九]?|[一二三四五六七八九])[日号]|底|初|中旬|上旬|下旬|末)?|"
           rf"(?<![\d月路街道巷弄里村楼栋幢号室第-])(?<![\d月路街道巷弄里村楼栋幢号室第-] )(?:3[01]|[12]\d|0?[1-9])\s?[日号]"
           rf"(?![A-Za-z0-9_码楼栋幢室线院门库机位床店厅馆仓柜口技师窗桌病诊]|[出入]口|校车|班车|公交|大巴|\s?(?:教学楼|宿舍|车厢|考场|教室|展位|摊位|会议室))(?!\s(?:[A-Z0-9楼栋幢室线院门库机位床技师窗桌病诊]|[a-z](?![a-z])))")
# a holiday ("Labor Day weekend", "Christmas Eve", "the bank holiday Monday")
EN_HOLIDAY = (r"(?:(?-i:Labou?r Day|Memorial Day|Thanksgiving|Christmas(?: Eve| Day)?|New Year'?s(?: Eve| Day)?|Easter|"
              r"Boxing Day|Halloween|Independence Day|Presidents'? Day|Canada Day|Anzac Day|Australia Day|Diwali|Eid)|"
              r"the Fourth of July|(?:the\s+)?bank holiday)(?:\s+(?:weekend|Monday|morning|evening|night))?")
EN_HOLIDAY_RE = re.compile(EN_HOLIDAY, re.I)
# a stay across two months ("from 27 Dec to 3 Jan", "Dec 27 - Jan 3"): one value
EN_MONTHS_SPAN = (rf"(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}\.?\s*(?:-|–|to|until|till|through)\s*(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}\b|"
                  rf"{MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\s*(?:-|–|to|until|till|through)\s*{MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?![\d:])")
EN_DATE = (rf"{EN_MONTHS_SPAN}|(?:(?:{WEEKDAY}|{WEEKDAY_ABBR}),?\s+)?(?:{MONTH}\.?,?\s+(?:19|20)\d{{2}}(?!\d)|(?:the\s+)?{MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?![A-Za-z\d])(?:,?\s+\d{{4}})?|"
           rf"(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?(?:\s*(?:-|–|to|and)\s*(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?)?\s+(?:of\s+)?{MONTH}"
           rf"(?:,?\s+\d{{4}})?)|(?:next|this|last|coming)\s+(?:{WEEKDAY}(?:,?\s+(?:the\s+)?(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)(?![a-z]))?|week(?:end)?|month|year)|"
           rf"\bin\s+(?:\d{{1,3}}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)\s+(?:days?|weeks?|months?)\b|"
           rf"{ORDINAL_DAY}\s*(?:-|–|to|until|till|through)\s*{ORDINAL_DAY}|"   # "on call from the 14th to the 21st"
           rf"(?:next|this|on|by|till|until|before)\s+{SHORT_DAY}\b|(?<!\bi )(?<!\bwe )(?<!\bthey )(?<!\bhe )(?<!\bshe )(?<!\byou )(?<!\bwho ){SHORT_DAY}(?=\.?\s+(?:\d{{1,2}}(?:[:.]\d{{2}})?\s*(?:am|pm)|(?:at|between|after|from)\s+\d|arvo|morning|afternoon|evening|night|noon)\b)|"   # "next fri at 2", "sat 10am"
           rf"(?:tmrw|tmr|2moro|2morrow)\b|(?:{WEEKDAY_ABBR}/)+{WEEKDAY_ABBR}(?![A-Za-z])|"   # "Mon/Wed/Fri at 12"
           rf"{WEEKDAY_ABBR}(?=\s+(?:at\s+)?\d{{1,2}}(?::\d{{2}}|\s*(?:am|pm)))|"   # "moved to Wed 2:45"
           rf"{WEEKDAY}\s*(?:-|–|to|through|thru|till|until)\s*{WEEKDAY}|"   # "out Monday through Wednesday"
           rf"{WEEKDAY},?\s+{ORDINAL_DAY}|{WEEKDAY},?\s+(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)(?![a-z])|(?:first thing\s+(?:on\s+)?)?{WEEKDAY}|(?:first thing\s+)?tomorrow|today|tonight|{ORDINAL_DAY}|"
           rf"(?:the\s+)?{WEEKDAY}\s+after\s+next|(?:mid|early|late)[- ](?:{MONTH})\b|"   # "the Thursday after next", "mid-April"
           rf"(?:the\s+)?\b(?:end|start|beginning|middle)\s+of\s+(?:{MONTH})\b|{WEEKDAY_ABBR},?\s+(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)(?![a-z])|"   # "end of March", "Wed 21st"
           rf"(?:the\s+)?weekend\s+of\s+(?:(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}|{MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?)|"   # "the weekend of 9 August"
           rf"(?:the\s+)?(?:first|second|third|fourth|last)\s+week\s+of\s+(?:{MONTH})\b|"
           rf"(?:(?<=for )|(?<=on )|(?<=over )|(?<=by )|(?<=until )|(?<=before )|(?<=after )|(?<=this )|(?<=next )){EN_HOLIDAY}|"   # not "Merry Christmas"
           rf"every\s+(?:other|second|alternate|third)\s+{WEEKDAY}|every\s+{WEEKDAY}(?:(?:,\s*|\s+(?:and|&)\s+){WEEKDAY})*(?=,?\s+(?:at|from)\s+\d)|"   # "every Tuesday and Thursday at 5:30"
           rf"{WEEKDAYS}(?:(?:,\s*|\s+(?:and|&)\s+){WEEKDAYS})*(?=,?\s+(?:at|from|before|after|by)\s+\d)|"   # "Tuesdays and Fridays before 8am"
           rf"fortnightly\s+on\s+{WEEKDAY}s?|(?:the\s+)?end of (?:the |next |this )?(?:month|week|year)|(?:end of (?:the )?day|EOD)(?:\s+{WEEKDAY})?|"
           rf"(?:(?<=on )|(?<=by )|(?<=until )|(?<=till )|(?<=before )|(?<=after )|(?<=due )|(?<=dated )|(?<=expires )|(?<=ends )|(?<=starts )|(?<=date: ))(?!24/7)(?:3[01]|[12]\d|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])(?!/?\d)(?!\s?(?:inch|in\b(?!\s+the\s+(?:morning|afternoon|evening))|\"|mm|sec|s\b))|(?:(?<=be )|(?<=is )|(?<=was ))(?!24/7)(?:(?:1[3-9]|2\d|3[01])/(?:1[0-2]|0?[1-9])|(?:1[0-2]|0?[1-9])/(?:1[3-9]|2\d|3[01]))(?!/?\d)(?!\s?(?:inch|in\b(?!\s+the\s+(?:morning|afternoon|evening))|\"|mm|sec|s\b))|"   # "by 4/15", "should be 31/12"
           rf"(?<![\d/])\d{{1,2}}/\d{{1,2}}/(?:\d{{4}}|\d{{2}})(?![\d/])")
EN_DAYPART = r"(?:\s+(?:morning|afternoon|evening|night|arvo|eod|cob)\b|\s+in\s+the\s+(?:morning|afternoon|evening))?"
_CLOCK_WORD = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})"
_SPOKEN = rf"(?:a\s+)?(?:half|quarter)\s+(?:past|to)\s+{_CLOCK_WORD}\b"   # "quarter past ten"
_HOUR = rf"(?:\d{{1,2}}(?::\d{{2}})?\s*(?:am|pm|a\.m\.|p\.m\.)?|noon|midnight|{_SPOKEN})"
_UNTIL = r"(?:and|to|till|until|-)"
EN_RANGE = (rf"(?:,?\s+(?:any\s?time\s+)?(?:between|from)\s+{_HOUR}\s*{_UNTIL}\s*{_HOUR}(?![\d:])|"
            # a bare range that ends its clause ("the engineer visit is Monday 9 to 1", "Saturday 8-12")
            rf"(?<=[a-z])\s+(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s*(?:to|till|until|-|–)\s*(?:1[0-2]|0?[1-9])(?::[0-5]\d)?"
            rf"(?:\s*(?:am|pm))?(?=\s*(?:[,.;!?]|$)))?")
# a range of hours before its day ("between 8 and 10 tomorrow morning", "from 9 till 12 on Saturday")
EN_BETWEEN = rf"\b(?:between|from)\s+{_HOUR}\s*{_UNTIL}\s*{_HOUR}"
EN_TIME = (r"(?<![\d:-])\d{1,2}(?::\d{2})?(?:\s*(?:am|pm))?\s*(?:-|–)\s*\d{1,2}(?::\d{2})?\s*(?:am|pm)(?![a-z])|"   # "2-4pm"
           r"(?<![\d:-])\d{1,2}(?::\d{2})?\s*(?:am|pm)\s+(?:till|until|to)\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)(?![a-z])|"   # "1pm till 9pm"
           r"(?<![\d:.])\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)(?![a-z])|(?<!\d)\d{1,2}:\d{2}(?!\d)|"
           rf"\b{_SPOKEN}|"
           # "at half 3" (British: half past three)
           rf"(?:(?<=\bat )|(?<=\bby )|(?<=\baround )|(?<=\buntil )|(?<=\btill )|(?<=\bafter )|(?<=\bbefore ))half\s+{_CLOCK_WORD}\b(?!\s*(?:of|an?|the|hours?|dozen|price|time|term|day)\b){EN_DAYPART}|"
           r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})\s+o['’]?clock\b|"
           # "by 6 tonight", "at 8 tomorrow morning": a bare hour with the day after it
           r"(?:\b(?:by|before|until|till|after)\s+|(?<=\bat )|(?<=\baround ))\d{1,2}(?::\d{2})?\s+(?:tonight|this\s+(?:morning|afternoon|evening)|"
           r"tomorrow(?:\s+(?:morning|afternoon|evening|night))?)\b|"
           # "checkout by 11": a bare hour that ends its clause after a check-in or a pick-up
           r"(?:(?<=checkout by )|(?<=check-out by )|(?<=check out by )|(?<=checkin after )|(?<=check-in after )|(?<=check in after )|(?<=check-in from )|(?<=pickup after )|(?<=pick-up after )|(?<=pickup by )|(?<=pick-up by ))(?:1[0-2]|[1-9])(?=\s*(?:[,.;!?]|$))|"
           r"\bnoon\b|\bmidnight\b|(?<![\d:])(?<!(?-i:[A-Z]{2}) )(?<!(?-i:[A-Z]{2}))(?:[01]\d|2[0-3])[0-5]\d(?=\s+(?:on\s|hrs\b|hours\b))")

_EN_NUMBERS = ("one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
               "sixty|seventy|eighty|ninety|hundred|thousand")
EN_WORD_AMOUNT = rf"\b(?:a|{_EN_NUMBERS})(?:[ -](?:and[ -])?(?:{_EN_NUMBERS})){{0,4}} (?:dollars|pounds|euros|bucks|quid)\b"

SPOKEN_DIGIT = "零〇幺一二三四五六七八九"   # digits as a voice input writes them
PLATE_PROVINCES = "京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼"
# car models people name without their maker ("2019 年的凯美瑞", "提的途观L")
CAR_MODELS = ("凯美瑞|卡罗拉|雷凌|汉兰达|威兰达|雅阁|思域|飞度|缤智|皓影|轩逸|天籁|奇骏|逍客|朗逸|速腾|迈腾|帕萨特|宝来|"
              "途观L?|途岳|探岳|途昂|昂科威|君越|君威|英朗|科鲁兹|昂克赛拉|阿特兹|哈弗H6|博越|星越L?|帝豪|逸动|"
              "宋PLUS|宋Pro|汉EV|秦PLUS|元PLUS|唐DM|理想L[6789]|问界M[579]|小鹏P7|蔚来ES[68]|五菱宏光|宏光MINI")
CAR_BRANDS = ("本田|丰田|日产|大众|奥迪|宝马|奔驰|比亚迪|吉利|长安|哈弗|特斯拉|别克|雪佛兰|福特|现代|起亚|马自达|"
              "蔚来|理想|小鹏|问界|极氪|五菱|红旗|传祺|荣威|名爵|领克|沃尔沃|凯迪拉克|雷克萨斯|斯柯达|标致|雪铁龙|奇瑞")
BRANDS = ("华为|荣耀|小米|红米|苹果|三星|索尼|联想|戴尔|惠普|海尔|美的|格力|大疆|OPPO|vivo|一加|魅族|"
          "戴森|海信|创维|西门子|博世|松下|飞利浦|佳能|尼康|任天堂|罗技|科沃斯|九阳|苏泊尔|方太|捷安特|美利达|喜德盛|雅迪|爱玛|台铃|小牛|绿源|鱼跃|欧姆龙|三诺|可孚|东方红|雷沃|约翰迪尔|久保田|五征|常发|"
          # what a flat's renovation is bought by ("马可波罗 CH8803", "公牛 G28")
          "顾家|芝华仕|林氏木业|全友|容声|美菱|卡萨帝|统帅|"
          "公牛|马可波罗|东鹏|诺贝尔|蒙娜丽莎|欧神诺|欧派|索菲亚|九牧|箭牌|恒洁|科勒|TOTO|施耐德|欧普|雷士|立邦|多乐士|三棵树|圣象|华帝|万和|林内|A\\.?\\s?O\\.?\\s?史密斯|史密斯|万家乐|能率|阿里斯顿|"
          "Apple|Samsung(?: Galaxy)?|Google(?: Pixel)?|Dell|Lenovo|HP|Asus|Acer|Sony|Xiaomi|Huawei|Honor|OnePlus|"
          "Nikon|Canon|Dyson|Bose|Microsoft(?: Surface)?|Nintendo|DJI|Haier|Midea|Gree(?![a-z])|LG|Philips|Bosch|Panasonic")
# a maker's line named in Chinese, between the maker and the model ("联想小新 Pro 14", "华为畅享 70")
SERIES_ZH = "小新|拯救者|扬天|昭阳|天逸|畅享|麦芒|畅玩|灵越|成就|暗影精灵|光影精灵|无畏|天选|飞行堡垒|红米"
_MODEL_TAIL = r"[A-Za-z]{0,8}(?:(?<=[A-Za-z])\d{1,2}[A-Za-z]{0,2})?(?:-[A-Za-z]{1,3}\d{0,2}(?![A-Za-z0-9]))?(?:/[A-Za-z0-9-]{2,12})?(?:\s\d{3,5}(?!\d))?"
# EU261 (EC 261, UK261) is the rule a delayed flight is paid under, not a product
MODEL = rf"(?<![A-Za-z0-9#-])(?!(?:EU|EC|UK)\s?261(?!\d))(?=[A-Za-z]*[A-Z])[A-Za-z]{{2,16}}-?\d{{1,5}}{_MODEL_TAIL}"
# "Mate 60 Pro", "XPS 13": a spaced model name counts only after a product cue in its clause
PRODUCT_CUE = _p(r"型号|产品|机器|机型|设备|手机|电脑|笔记本|平板|买的|买了|购买|入手|用的|换成|换|想要|订购|采购|"
                 r"\b(?:model|bought|buy|buying|ordered|order|purchased|using|use|upgrade to|replace(?:d)? with|"
                 r"switch(?:ed)? to|have an?|got an?|my)\b|(?:['’]s|\bis|\bwas) an?\b", re.I)
NOT_MODELS = (r"(?i:python|node|java|ruby|php|perl|go|rust|ubuntu|debian|centos|fedora|windows|android|ios|harmonyos|"
              r"macos|chrome|firefox|safari|edge|linux|kernel|version|step|error|room|page|level|gate|platform|"
              r"terminal|line|bus|route|chapter|section|grade|class|floor|table|seat|row|option|plan|wi-fi|wifi|secondary|primary|year|form|stage|ward|bed|"
              r"bluetooth|usb|hdmi|pcie|ddr|lpddr|type|postgres(?:ql)?|mysql|mariadb|redis|mongo(?:db)?|kafka|nginx|"
              r"docker|kubernetes|k8s|jdk|openjdk|vue|react|angular|django|flask|spring|swift|kotlin|dotnet)\b")
# its maker's name before it, after an article ("the boiler's a Worcester Greenstar 30i")
MAKER_BEFORE = r"(?:(?:(?<=\ba )|(?<=\ban )|(?<=\bthe )|(?<=\bmy )|(?<=\bour )|(?<=\bhis )|(?<=\bher ))(?-i:[A-Z][a-z]{2,15}) )?"
SPACED_MODEL = _p(rf"{MAKER_BEFORE}(?<![A-Za-z0-9#-])(?!{NOT_MODELS})(?=[A-Za-z]*[A-Z])[A-Za-z]{{2,16}}(?: (?-i:[Pp]lus|[Pp]ro|[Mm]ax|[Mm]ini|[Ll]ite))? \d{{1,5}}{_MODEL_TAIL}"
                  rf"(?:[ -](?:Pro|Max|Plus|Ultra|Mini|mini|SE|Lite|Air|Neo|FE))*(?![A-Za-z0-9-]|\.\d)")
MODEL_AFTER_BRAND = rf"(?:[A-Z]{{2,6}}-(?=[A-Z]{{1,6}}\d))?[A-Za-z]{{0,16}}[ -]?\d{{1,5}}(?:\.\d(?![\d.]))?{_MODEL_TAIL}"
COLOURS = (rf"[{CJK}]{{0,3}}(?:黑|白|蓝|红|绿|紫|金|银|灰|粉|青|黄|橙|棕)色[{CJK}]{{0,3}}|雅川青|钛金属|"
           # a maker's colour without 色, ending its clause ("深空黑", "烟云紫", "远峰蓝")
           rf"(?![我你他她要想的是和还就])[{CJK}]{{1,3}}(?:黑|白|蓝|紫|金|银|灰|粉|绿|红|青)(?![{CJK}])|"
           r"(?i:black|white|blue|red|green|purple|gold|silver|gr[ae]y|pink|midnight|starlight|graphite|titanium)"
           r"(?:\s(?i:titanium|black|blue))?")

# an estate's phase is part of its name, not a count ("滨江花园二期", "阳光城 3 期")
ESTATE_PHASE = r"(?:(?<![园苑城府庭湾里居墅])(?<![园苑城府庭湾里居墅]\s)|(?!\s?(?:\d+|[二三四五六七八九十]+)\s?期))"

# Gates for the patterns below (see extract_en): each names what every alternative of its
# pattern needs, so a message without it skips the pattern.
DIGIT, WIDE_OR_DIGIT = en.DIGIT, en.WIDE_OR_DIGIT
NEEDS_AT = re.compile("@")
SWIFT_WORD = re.compile(r"swift|bic", re.I)
NEEDS_HASH_OR_DIGIT = re.compile(r"#|\d")   # "#A12B" or "AB-12"
NEEDS_WIDE = re.compile(r"[^\x00-\x7f]")   # a Chinese province or brand
TRAIN_TICKET = re.compile(r"高铁|动车|火车|车次|车票|发车|检票|(?<![机门船发彩股投支钞粮邮])票")
NEEDS_COUNT = re.compile(r"[^\x00-\x7f]|\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s", re.I)   # "four bedrooms"
BARGAIN = re.compile(r"价|便宜|贵|块|元|出|收|(?<!\d)\d{3,6}(?!\d)[^\d]*(?:能不能|能否|可不可以|可以|行不行)")   # a price in the talk
NEEDS_AMOUNT = re.compile(r"[^\x00-\x7f]|\d|dollars|pounds|euros|bucks|quid")   # ¥, 元 or a digit, or "fifty bucks"
# every English date or time holds a digit, a weekday, today, tonight, tomorrow, noon, midnight,
# (end of) day, EOD, next/this/last/coming week/month/year or end of the week/month/year
NEEDS_EN_DATE = re.compile(r"\d|(?:mon|tues|wednes|thurs|fri|satur|sun|to)day|of (?:the )?day|eod|tomorrow|tonight|tmrw|tmr\b|2mor|"
                           r"(?:next|this|coming|on|by|till|until|before)\s+(?:mon|tue|wed|thu|fri|sat|sun)|arvo|"
                           r"\b(?:mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\.?\s+(?:\d|(?:at|between|after|from)\s|morning|afternoon|evening|night|noon)|"
                           r"noon|midnight|(?:next|this|last|coming)\s+(?:week|month|year)|\bin\s+[a-z0-9 ]+\s+(?:days?|weeks?|months?)\b|"
                           r"end of (?:the )?(?:month|week|year)|past|quarter|clock|week\s+of\s|after next|"
                           r"\b(?:mid|early|late)[- ][a-z]{3}|labou?r day|memorial day|thanksgiving|christmas|new year|easter|"
                           r"boxing day|halloween|independence day|presidents'? day|canada day|anzac day|australia day|diwali|"
                           r"\beid\b|fourth of july|bank holiday|\b(?:at|by|around|until|till|after|before) half\s|"
                           r"\b(?:end|start|beginning|middle) of\s", re.I)
_EN_DATE_WORDS = ("day", "eod", "tomorrow", "tonight", "noon", "midnight", "week", "month", "year", "past", "quarter", "clock",
                  "mid", "early", "late", "thanksgiving", "christmas", "easter", "halloween", "diwali", "eid", "fourth", "holiday",
                  "tmr", "2mor", "next ", "this ", "coming ", "on ", "arvo", "half", "end of", "start of", "beginning of", "mon", "tue", "wed", "thu", "fri", "sat", "sun")


def _may_hold_en_date(text: str) -> bool:
    """NEEDS_EN_DATE, decided by substring tests where they suffice: ASCII text (where lower()
    is what re.I matches) without a digit or any of its words."""
    if text.isascii():
        low = text.lower()
        if not any(w in low for w in _EN_DATE_WORDS) and DIGIT.search(text) is None:
            return False
    return NEEDS_EN_DATE.search(text) is not None


PATTERNS: list[tuple[str, re.Pattern[str], Gate]] = [*en.PATTERNS,
    ("email", _p(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"), NEEDS_AT.search),
    ("id_card", _p(r"(?<![\dA-Za-z])[1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])\d{5}[\dXx](?![\dA-Za-z])"), DIGIT.search),
    ("bank_card", _p(r"(?:(?<!医保)(?<!社保)(?<!就诊)(?<!会员)(?<!公交)(?<!校园)(?<!饭)(?<!加油)(?<!门禁)(?<!借书)卡号|银行卡|信用卡|借记卡|储蓄卡|[工农中建交招浦兴光民邮]行卡|card(?:\s+number)?)\D{0,6}?(?P<v>\d{4}(?:[ -]?\d{4}){3}(?:[ -]?\d{1,3})?)(?!\d)",
                     re.I), DIGIT.search),
    ("id_card", _p(r"(?:护照号?码?|passport(?:\s+(?:number|no\.?))?)\s*(?:是|为|:|：|is)?\s*(?P<v>[A-Z]{1,2}\d{6,9})(?!\d)",
                   re.I), DIGIT.search),
    ("bank_card", _p(r"(?<!身份证)(?<!手机)(?<!电话)(?<!司机)(?<!骑手)(?<!师傅)(?<!号码)(?<!订单)(?<!运单)(?<!单号)(?<!工单)(?<!保单)(?:卡尾号|尾号|尾数|后四位|末四位|末四码|后四码|ending in|ends in|last four(?: digits)?(?: are| is)?)"
                     r"\s*(?:是|为|:|：)?\s*(?P<v>\d{4})(?!\d)(?!\s?的?(?:手机|电话|号码|座机))", re.I), DIGIT.search),
    ("id_card", _p(r"身[份分]证(?:字号|号码?)?\s*(?:是|为|:|：)?\s*(?P<v>(?<![A-Za-z0-9])[A-Z][12]\d{8})(?![A-Za-z0-9])"), DIGIT.search),
    # a Hong Kong identity card, its check digit in brackets ("A123456(7)")
    ("id_card", _p(r"(?<![A-Za-z0-9])[A-Z]{1,2}\d{6}\s?[(（][0-9A][)）]"), DIGIT.search),
    # a mainland number read out in groups ("身份证 3301 0619 9004 1234 56"): 18 characters after its name
    ("id_card", _p(r"身[份分]证(?:号码?)?\s*(?:是|为|:|：)?\s*(?P<v>(?=(?:\d\s?){17}[\dXx])[1-9](?:\s?\d){16}\s?[\dXx])(?![\dA-Za-z])"),
     DIGIT.search),
    ("id_card", _p(r"身份证(?:号码?)?(?:的)?[，,]?\s*(?:后四位|尾号|末四位|后六位|末六位|[后末]\s?[46]\s?位)\s*(?:是|为|:|：)?\s*"
                   r"(?P<v>(?:\d{2})?\d{3}[\dXx])(?![\dA-Za-z])"), DIGIT.search),
    ("phone", _p(r"(?<![\d])(?:\+?86[- ]?)?1[3-9]\d(?:[- ]?\d{4}){2}(?!\d)|(?<!\d)1[3-9]\d[*＊]{4}\d{4}(?!\d)|"
                 r"(?:(?<![\d(（])[(（]0[1-9]\d{1,2}[)）]\s?|(?<![\d(（])(?<!\d )0[1-9]\d{1,2}[- ])[2-9]\d{2,3}[- ]?\d{4}(?!\d)"   # 021 6432 1234
                 r"(?:\s?(?:转|分机|ext\.?|x)\s?\d{1,5}(?!\d))?|"                                      # 转 8012, ext. 15
                 r"(?<!\d)0\d{2,3}-\d{7,8}(?!\d)|"
                 r"(?:\+\d{1,3}[ -]?\(?\d{1,4}\)?(?:[ -]?\d{2,4}){2,4}(?!\d)|\(\d{3}\)\s?\d{3}-\d{4}|"
                 r"(?<![\d-])\d{3}-\d{3}-\d{4}(?!\d))(?:,?\s?(?:转|分机|ext\.?|x)\s?\d{1,5}(?!\d))?|"   # "+44 20 7946 0321 ext 204"
                 r"(?<![\d-])[48]00[- ]\d{3}[- ]\d{4}(?!\d)|"
                 r"(?<![\d-])0[49]\d{2}[- ]?\d{3}[- ]?\d{3}(?![\d-])|(?<![\d-])[6-9]\d{4}[ -]\d{5}(?![\d-])|(?<![\d-])0[2-8]-\d{3,4}-\d{4}(?!\d)"), DIGIT.search),   # Taiwan
    # a Hong Kong number after its word ("我的電話係 9123 4567")
    ("phone", _p(r"(?:电话|手机|联系电话|联络电话|手提)(?:号码?)?\s*(?:是|係|系|为|:|：)?\s*(?P<v>(?<!\d)[4-9]\d{3}[ -]?\d{4})(?![\d-])"),
     DIGIT.search),
    # a mobile read out by a voice input, in characters ("幺三八一二三四五六七八")
    ("phone", _p(rf"(?<![{SPOKEN_DIGIT}十百千万])[幺一][三四五六七八九][{SPOKEN_DIGIT}]{{9}}(?![{SPOKEN_DIGIT}十百千万])|"
                 rf"(?<![{SPOKEN_DIGIT}十百千万])[幺一][三四五六七八九][{SPOKEN_DIGIT}]\s[{SPOKEN_DIGIT}]{{4}}\s[{SPOKEN_DIGIT}]{{4}}(?![{SPOKEN_DIGIT}十百千万])"),   # "一五九 八零一二 三三六七"
     NEEDS_WIDE.search),
    ("ref", _p(rf"(?P<l>订单号|订单编号|运单号|快递单号|物流单号|工单号|单号|编号|会员号|卡号|取件码|取货码|提货码)\s*(?:是|为|:|：)?\s*"
               rf"(?P<v>[{SPOKEN_DIGIT}]{{4,24}})(?![{SPOKEN_DIGIT}十百千万])"), NEEDS_WIDE.search),
    ("phone", _p(r"(?:电话|热线|客服|拨打|打)\s*(?:是|为|:|：)?\s*(?P<v>(?<!\d)(?:95\d{3,4}|96\d{3}|100\d{2}|12[0-9]\d{2,3}))(?!\d)"),
     DIGIT.search),
    ("ref", _p(r"(?P<l>订单号|订单编号|订单尾号|运单尾号|保单尾号|订单|工单号|工单|运单号|快递单号|物流单号|单号|合同号|合同编号|发票号码|发票代码|发票号|退款单号|缴费户号|户号|住院号|门诊号|就诊卡号|"
               r"电子客票号|客票号|票号|取号|排号|取药号|取药码|排队号|叫号|卡号|会员(?=\s?[A-Za-z]{0,4}\d)|会议\s?ID|会议号|优惠码|券码|(?:coupon|promo|voucher|discount)(?:\s+code)?|(?:中通|圆通|申通|韵达|顺丰|极兔|百世|京东|邮政|EMS)(?:快递|速运|物流)?|航班号|航班|机票|车次|报修单号|预约号|预约码|报名号|报名编号|准考证号|统编|統編|取件码|取货码|提货码|取餐码|取餐号|取票码|取号码|授权码|激活码|兑换码|提取码|邀请码|核销码|(?:pick-?up|collection|parcel|locker|door|gate|entry|access)\s+code|行李牌号?|行李号|公积金账号|公积金卡号|社保卡号|医保卡号|社保号|医保号|"
               r"flight(?:\s+(?:no\.?|number))?|train(?:\s+(?:no\.?|number))?|"
               r"售后单号|服务单号|会员号|客户号|编号|确认号|车位号|车位编号|车位|储物柜号|柜号|床位号|预订号|订房号|税号|微信号|微信|QQ\s?号?|闲鱼号|淘宝号|抖音号|小红书号|快手号|车架号|VIN|发动机号|纳税人识别号|统一社会信用代码|信用代码|序列号|SN|账号\s?ID|账号|帐号|用户ID|"
               r"serial(?:\s+(?:no\.?|number))?|service\s+tag|asset\s+tag|imei|upi\s+ref(?:erence)?(?:\s+(?:no\.?|number))?|utr(?:\s+(?:no\.?|number))?|plate(?:\s+number)?|\breg(?:istration)?(?:\s+(?:no\.?|number|plate))?\b|学号|工号|会员卡号|保单号|病历号|报修单|维修单|服务单|售后单|报案号|芯片号|"
               r"(?:student|member(?:ship)?|customer|account|employee|patient|policy|claim|meeting|nhs|application|visa)\s+(?:id|number|no\.?)|wechat(?:\s+id)?|(?-i:(?<=[A-Z]{2}, )ID(?= \d))|"
               r"(?:prescription\s+)?(?:rx|prescription)(?:\s+(?:no\.?|number|#))?|"
               r"order(?:\s+(?:no\.?|number|id|#))?|ticket(?:\s+(?:no\.?|number|id|#))?|case(?:\s+(?:no\.?|number|id))?|"
               r"invoice(?:\s+(?:no\.?|number))?|tracking(?:\s+(?:no\.?|number))?|reference(?:\s+(?:no\.?|number))?|\bref\b\.?(?:\s+(?:no\.?|number))?|"
               r"(?:oyster|travel|transit|library|loyalty|gift|student|membership|bus|metro)\s+card(?:\s+(?:no\.?|number))?|"
               r"(?:council\s+tax|water|gas|electricity|energy|utility|broadband)\s+(?:account|reference|ref)(?:\s+(?:no\.?|number))?|"
               r"sku|(?:item|part|product)\s+(?:code|no\.?|number|#)|account(?=\s+\d{2,5}(?:-\d{2,5}){2,}(?![\d-])|\s+(?-i:[A-Z0-9]{1,4}-(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,12})(?![\w-]))|(?:m-?pesa|transaction|payment|receipt)\s+(?:code|id|no\.?|number)|(?<=\bthe )code(?=\s+is\s+(?-i:(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{8,16})\b)|"
               r"confirmation(?:\s+(?:no\.?|number|code))?|token(?:\s+(?:no\.?|number))?|booking(?:\s+(?:no\.?|number|ref(?:erence)?|code))?|(?:record\s+)?locator|(?:rma|po)(?:\s+(?:no\.?|number|#))?)"
               r"(?:[\u4e00-\u9fff]{1,5}[，,]\s?(?=是))?"   # "授权码收到了，是 83920175"
               r"(?:(?<=订单)有[两三四五几]个(?=\s?[:：]))?"   # "订单有两个：AX3301 和 AX3302"
               r"(?:(?<=码)(?:已经|也)?(?:收到|拿到|发来|发过来)了?)?"   # "授权码已经收到了 NP4417"
               r"(?:(?<=号)的?(?:后|末)[四五六八]位)?"
               r"(?:(?<=card number) on the (?:back|front)(?= is))?"   # "card number on the back is 0617 …"   # "车架号后六位 306581"
               r"\s*(?:是|为|:|：|is|=|号|changed to|改成|改为)?\s*(?:No\.\s?)?(?P<v>#?(?=[A-Za-z0-9_/-]*\d|(?-i:[A-Z]{2,3}) \d)(?:[A-Za-z0-9][A-Za-z0-9_-]{1,}(?:/[A-Za-z0-9][A-Za-z0-9_-]*)+|"
               r"(?=(?:\d ?){8})\d{3,5}(?: \d{2,5}){1,4}(?![\dA-Za-z])|(?-i:[A-Z]{2,3}) \d{4,10}(?![\dA-Za-z])|(?-i:[A-Z]{2,3}) \d{2,5}-\d{2,6}(?![\dA-Za-z-])|(?-i:[A-Z]{2,3} \d{2,4}[A-Z]{1,3}|[A-Z]{2}\d{2} [A-Z]{3})(?![\dA-Za-z])|[A-Za-z0-9][A-Za-z0-9_-]{3,})"
               r"(?-i:(?<=[A-Z0-9]) [A-Z]{3}(?![A-Za-z]))?(?:(?<=\d) \d{4}(?![\dA-Za-z])|(?-i:(?<=[A-Z0-9]{4}) (?=[A-Z]{0,3}\d)[A-Z0-9]{4})(?![A-Za-z0-9])){0,4}(?:(?<=\d{4}) \d{1,3}(?=\s*(?:[，。！？,.!?;；]|$)|\s+(?:and|but|so|for|which|on|in|at|from)\b))?)",   # "KV19 XRT", "YT7789 0012 3456"
               re.I), DIGIT.search),
    # a postal item's S10 number printed in its groups ("EMS LX 204 881 377 CN")
    ("ref", _p(r"(?<![A-Za-z0-9])(?P<v>[A-Z]{2} \d{3} ?\d{3} ?\d{3} [A-Z]{2}|[A-Z]{2}\d{3} \d{3} \d{3}[A-Z]{2})(?![A-Za-z0-9])"),
     DIGIT.search),
    # an IMEI printed in its groups ("IMEI 35 892011 442918 7", "IMEI: 35-209900-176148-1")
    ("ref", _p(r"(?P<l>(?i:imei)(?:\s?(?:号|码|number|no\.?))?)\s*(?:是|为|:|：|(?i:is))?\s*(?P<v>(?<!\d)\d{2}[ -]\d{6}[ -]\d{6}[ -]?\d)(?![\d-])"),
     DIGIT.search),
    # "不动产权证号 苏(2021)苏州市不动产权第0215566号": the certificate's number is what 第…号 holds
    ("ref", _p(r"(?P<l>不动产权证|房产证|产权证|土地证|不动产证)号?\s*(?:是|为|:|：)?\s*[^，。,；;！？!?]{0,24}?第\s?(?P<v>\d{5,12})\s?号"),
     NEEDS_WIDE.search),
    ("ref", _p(r"(?<![\w#])(?P<v>#[A-Za-z0-9][A-Za-z0-9-]{3,})|(?<![\w-])(?P<w>[A-Z]{2,6}-\d{2,}(?:-\d+)*)(?![\w-])"), NEEDS_HASH_OR_DIGIT.search),
    # a code of three or more dashed parts with letters and digits ("AX-2024-UZ-55409306")
    ("ref", _p(r"(?<![\w-])(?P<v>(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]{1,10}(?:-[A-Z0-9]{1,10}){2,})(?![\w-])"), DIGIT.search),
    # a Chinese licence plate (沪A·T904V, 京Q Z93C0, 粤B D12345), keyed 车牌
    ("ref", _p(rf"(?P<l>车牌号?码?|牌照号?|车号)?\s*(?:是|为|:|：)?\s*(?P<v>(?<![A-Za-z0-9])[{PLATE_PROVINCES}]\s?[A-Z][·•.\s]?[A-HJ-NP-Z0-9]{{5,6}})"
               r"(?![A-Za-z0-9])"), NEEDS_WIDE.search),
    ("product", _p(rf"(?:(?<![{CJK}A-Za-z])|(?<=[的是辆台买开提卖款]))(?:{CAR_MODELS})(?![A-Za-z0-9]|[{CJK}]{{0,1}}(?:车主|店|区|路|街))"), NEEDS_WIDE.search),
    ("product", _p(rf"(?:{CAR_BRANDS})(?<!现代(?=城|化|人|社会|汉语|风|简约|文|科技|大厦|广场|家居|中心|生活|主义))(?:[{CJK}]{{1,4}}(?:\s?(?:\d\.\d[LT]|\d{{3}}[A-Z]{{0,5}}|[A-Z]{{1,3}}\d{{0,2}}))?|"
                   rf"\s?(?:[A-Z]{{1,3}}\d{{1,3}}[A-Z]{{0,2}}|\d{{3}}[A-Z]{{0,5}})(?![A-Za-z0-9]))(?:[，,\s]*\d{{4}}款)?"), NEEDS_WIDE.search),
    # a long code on its own ("您查一下04206710066772918795这个单子", "下的单 240517ABCD9921"): phones and
    # cards are taken first
    ("ref", _p(r"(?<![A-Za-z0-9.-])(?P<v>[A-Z]{0,4}\d{10,24}|(?=(?:[A-Z]*\d){6})(?=\d*[A-Z])[A-Z0-9]{10,24})(?![A-Za-z0-9.-])"),
     DIGIT.search),
    # a code read off a label ("serial number on the back says 5CG2301XQT")
    ("ref", _p(r"\b(?P<l>(?i:serial|tracking|imei|model)(?:\s+(?:no\.?|number))?)\b[^.,;!?\d]{0,24}?\b(?i:says|reads|shows)\s+"
               r"(?P<v>(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{5,20})(?![A-Za-z0-9])"), DIGIT.search),
    # a seat on a train ("05 车 12F")
    ("ref", _p(r"(?<![\dA-Za-z])(?P<v>\d{1,2}\s?车\s?\d{1,2}[A-F])(?![A-Za-z0-9])"), DIGIT.search),
    # a train ("G1357 次", "坐 D2205 次"), keyed 车次
    ("ref", _p(r"(?<![A-Za-z0-9])(?P<v>[GDCZTKY]\d{1,4})(?=\s?次(?!数))|"
               r"(?:(?<=高铁|动车|火车|车次)|(?<=高铁 |动车 |火车 |车次 )|(?<=[坐乘搭])|(?<=[坐乘搭] ))(?P<w>[GDCZTKY]\d{1,4})(?![A-Za-z0-9]|\s?路)"), DIGIT.search),
    # "高铁票我统一买，G7385，早上8点12发车": a train's code on its own in a message about train tickets
    ("train", _p(r"(?<=[，,：:\s])(?P<v>[GDCZK]\d{2,4})(?=\s?[，,。；;\s]|$)"), DIGIT.search),
    ("datetime", _p(rf"(?:(?:下个?|这个?|本|下下个?)\s?(?i:{WEEKDAY})(?:\s*(?:{CN_TIME_AFTER_DATE}))?|(?i:(?:(?:next|this|coming)\s+)?(?:{WEEKDAY})|tomorrow|today|tonight)\s*(?=[^\x00-\x7f])(?:{CN_TIME_AFTER_DATE})|(?:{CN_DATE})(?:\s?[（(]\s?(?:{CN_DATE})\s?[)）])?\s*(?:{CN_TIME_AFTER_DATE})?|(?:{CN_TIME_ALONE}))"
                    rf"(?:\s?(?:之前|以前|前|左右|之后|以后|后(?![天来面边])))?"), WIDE_OR_DIGIT.search),
    # a part of the day moved to, alone ("明天的会改到下午": the day it is on comes with it, _day_kept)
    ("datetime", _p(r"(?:(?<=改到)|(?<=改成)|(?<=改为)|(?<=挪到)|(?<=换到)|(?<=调到)|(?<=推到)|(?<=延到)|(?<=推迟到)|(?<=提前到))\s?"
                    r"(?:上午|下午|晚上|早上|中午|傍晚)(?=\s*(?:[，。！？,.!?；;吧了啊呢吗]|$))"), NEEDS_WIDE.search),
    # how long the desk takes, in working days ("5 到 7 个工作日寄到", "三个工作日内回复"): when, not how many
    ("datetime", _p(rf"(?<![\d.{CN_DIGIT}])(?:\d{{1,2}}|[{CN_DIGIT}]{{1,3}})(?:\s?(?:到|至|-|~|－)\s?(?:\d{{1,2}}|[{CN_DIGIT}]{{1,3}}))?"
                    r"\s?个\s?工作日(?:之内|以内|内)?"), WIDE_OR_DIGIT.search),
    ("datetime", _p(r"(?P<l>(?i:deadline|due(?: date)?|date|birthday|check-?in|check-?out)|截止日期|截止|日期|到期日?|生日|预计(?:在)?|预约在?|约在)\s*(?:是|为|:|：|(?i:is|on))?\s*"
                    r"(?P<v>(?<![\d/.])(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])(?![\d/]))"), DIGIT.search),
    ("datetime", _p(rf"{EN_BETWEEN}\s+(?:on\s+)?(?:(?:{EN_DATE}){EN_DAYPART}|this\s+(?:morning|afternoon|evening))|(?:\b(?:by|before|until|on)\s+)?(?:(?:{EN_DATE}){EN_DAYPART}"
                    rf"(?:(?<=\d)\s*[-–]\s*(?:3[01]|[12]\d|0?[1-9])(?![\d:]|\s*(?:am|pm)))?(?:,?\s+(?:(?:at|around|about|from|by|until|till|on\s+the)\s+)?(?:{EN_TIME})|\s+(?:at|around|about)\s+\d{{1,2}}(?![\d:%]|\.\d)|,?\s+(?:at\s+)?(?:[01]?\d|2[0-3])\.[0-5]\d(?![\d.%])|,?\s+(?:any\s?time\s+)?(?:after|before)\s+(?:{EN_TIME}|\d{{1,2}}(?![\d:])))?{EN_RANGE}|"
                    rf"(?:\b(?:after|from)\s+)?(?:{EN_TIME})(?:\s+(?:on\s+)?(?:the\s+(?={WEEKDAY}))?(?:{EN_DATE}|weekdays|weekends|{WEEKDAYS}(?:(?:,\s*|\s+(?:and|&)\s+){WEEKDAYS})*))?)", re.I), _may_hold_en_date),
    ("amount", _p(rf"(?<![A-Za-z])(?:AU|US|CA|NZ|HK|SG|NT|A|C|S|R)?[¥￥$€£₹₩₽₺₦₱฿₫]\s?\d(?:[\d,]*\d)?(?:\.\d+)?(?:[-–]\d(?:[\d,]*\d)?(?:\.\d+)?(?=\s?(?:[kKmM](?![a-z])|万|千)))?(?:\s?(?:万|千|百万|亿|[kKmM](?![a-z])|million|billion))?|"
                  rf"(?:RMB|USD|CNY|EUR|HKD|GBP|AUD|CAD|NZD|INR|JPY|CHF|SGD|MYR|KES|KSh|Ksh|NGN|ZAR|GHS|TZS|UGX|EGP|AED|SAR|THB|TWD|NTD|KRW|IDR|VND|PKR|BDT|LKR|BRL|MXN|SEK|NOK|DKK|PLN|Rs\.?|(?<![A-Za-z])(?:rs\.?|inr|RM)(?=\s?\d))\s?\d(?:[\d,]*\d)?(?:\.\d+)?(?:\s?(?:万|k|K))?|"
                  rf"(?:(?:新台|台|港|日|韩|人民)[币幣]|美金)\s?\d(?:[\d,]*\d)?(?:\.\d+)?(?:\s?万)?(?:\s?[元圆])?|"   # "新台幣 3,800"
                  rf"(?:(?<![装铺贴]了)(?<![装铺贴]了\s)|(?=\d{{1,4}}\s?块钱))(?<![\d,.])\d[\d,]*(?:\.\d+)?[kK]?\s?(?:万\s?(?:美元|美金|欧元|英镑|港币|日元|澳元|加元)|万元|千元|百万|亿元|元|块钱|块(?:\s?[1-9]\s?[毛角]|\s?[1-9](?![\d.]|\s?[个台件套份箱只位人张条次天年月号点毛角]))?(?![\d板])|万(?:\s?[1-9](?![\d.]|\s?[个台件套份箱只位人张条次天年月号点千百]))?(?![台个件套份箱只位人张条次])(?!\s?\d?\s?[千百]?\s?(?:公里|千米|km|里|米|步|字))|亿|美元|美金|欧元|欧(?![洲美式盟])|英镑|"
                  rf"日元|港币|人民币|rmb|RMB|CNY|USD|usd|EUR|AUD|SGD|HKD|GBP|CAD|NZD|INR|CHF|JPY|rupees|lakhs?(?![a-z])|lacs?(?![a-z])|crores?(?![a-z])|dollars?|bucks|yuan|euros?|grand(?!\s+(?:piano|prix|total|slam|opening)))|"
                  rf"[{CN_DIGIT}百千万]+(?:万|千)?(?:元|块钱|块(?:[一二三四五六七八九](?:毛|角)?(?=[，。！？,.!?\s吧啊呢的]|$))?(?![\d板]))|[零壹贰叁肆伍陆柒捌玖拾佰仟万亿]{{2,}}元|[{CN_DIGIT}]{{1,2}}毛(?=钱)|(?<![{CJK}])[{CN_DIGIT}]{{1,2}}毛(?=[，。！？,.!?\s]|$)|{EN_WORD_AMOUNT}"), NEEDS_AMOUNT.search),
    # a price named by its label, without a unit ("保养报价 1280", "学费 3600"), or money spent in
    # spoken numerals ("花了一千二")
    ("amount", _p(rf"(?P<l>报价|价格|售价|单价|总价|价钱|(?<![零赚挣借欠])钱(?=\s?(?:是|一共|总共|共))|(?:花|付|给|交)的钱|(?:一人|每人)?\s?(?-i:AA)制?(?=\s?\d)|自付|自费|个人支付|统筹支付|实报|(?:要求|应该|能|可以|申请)退(?=\s?\d)|底价|心理价位?|成交价|挂牌价|评估价|网签价|进价|批发价|零售价|成本价|拿货价|出厂价|本期应还|应还金额|应还|月供|(?![说讲问是和跟的也还就要我你他她您])[{CJK}]{{1,3}}费用?|押金|定金|订金|预算|金额|租金|保价|价值|估价|时薪|日薪|课时费|"
                  rf"月薪|工资|(?:缴存|缴费|缴纳)?基数|实付款?|实收|到手价?|券后价?|优惠后|尾款|首付|全款|月租|房租|日租|违约金|保证金|合计|共计|退款|余额|(?<=还)(?:信用卡|花呗|借呗|白条|房贷|车贷|贷款)|(?:总共|一共)(?=\s?\d(?:[\d,]*\d)?(?:\.\d+)?\s?(?:(?:对吧|是吧|吧|吗|啊|呢)\s?)?(?:[，。！？;；!?]|,(?!\d)|$)|\s?\d{{1,5}}\.\d{{1,2}}(?![\d.]|\s?[个台件斤公克千米升毫小分秒天kKgGmMlL%％]))|(?i:salary|base|rent|budget|deposit|price|fee|cost)(?=\s?[^\x00-\x7f])|每个?月|一个月|[一每](?:节|堂)课|[一每][个颗件台份只张套次箱斤瓶盒袋桌晚米节堂天针]|[一每]小时|每人|卖给?我|(?<=[\s，,])提(?=\s?\d{{3}})|(?<=[{CJK}])抵(?:扣|了)?(?=\s?\d)|(?:我)?(?:花了|付了|(?<![提递])交了|转了|赔了|充了|充值了?|续了|到账)|(?:多)?(?:扣|收)了我|扣了|扣款|扣费|(?<=[要得会说])扣(?=\s?\d))\s*"
                  rf"(?:(?:去年|今年|上次|这次|之前)?(?:交的|付的|花的|买的)|报的|报了|(?:金额)?应该是|最多|顶多|不超过|说是|是|为|:|：|扣|大概|大约|约|才|就要|只要|还要|要|另(?:外)?收了?|另(?:加|付)了?|收了|收|花了|交了|付了|给了|给的|已付|已交|还剩|剩|还有(?=\s?\d)|缴纳|缴了|缴|交|凑了|攒了|一年|每年|一个月|每个月|一共|总共|共|合计|[{CN_DIGIT}\d]\s?次|[一每](?:节|堂|课时|晚|小时|天|人|位|间|桌)(?:交|付|缴|出|不超过|最多|顶多|控制在)?|"
                  rf"怎么是|怎么要|竟然是|居然是|居然要|部分(?:是|为)?)?\s*"
                  rf"(?P<v>\d(?:[\d,]*\d)?(?:\.\d+)?(?:[kKwW](?![A-Za-z]))?)(?![\d.%％/:：]|,\d|\s?[年月日号点时小个台件套位人天周期%％元块万兆次分秒斤度笔片颗粒支瓶盒米寸克圈遍趟张桌条间晚场箱袋本把双层楼栋岁份辆步字页题公GgMmTt]|\s?下(?!周|个|午|礼拜|星期|次)|\s?平(?![时常日均]))|"
                  rf"(?:花了|付了|交了|转了|退了|退(?:给)?我|赔了|(?:多)?(?:扣|收)了我|额度(?:从|由)?|预算|(?:提|涨|降|调|加)到|(?:报价|要价|开价|售价|单价|总价|进价)(?:是|要|才|就)?|买的时候(?:花了|是)?|"
                  rf"(?P<k>房租|月租|租金|押金|定金|订金|金额|保价|价值|月薪|工资|年费|学费|尾款|首付|(?<![免浪消花])(?![说讲问是和跟的也还就要我你他她您])[{CJK}]{{1,3}}费用?)(?:每个?月|一个月|一年|每年|是|要|大概|大约|约)?)(?P<w>[{CN_DIGIT}]{{1,3}}[百千万](?:[{CN_DIGIT}]{{1,3}}[百千]?){{0,2}}(?:多|出头)?)"
                  rf"(?![{CN_DIGIT}百千万]|[元块天年月个次遍])"), WIDE_OR_DIGIT.search),
    # a thing added and its price, said last ("加一项甲状腺彩超 180"); a sum in thousands ("估价 4 千多")
    ("amount", _p(rf"(?:加|另加|再加|多加)(?:一项|一个|一份)?[{CJK}]{{2,8}}\s?(?P<v>\d{{2,5}}(?:\.\d{{1,2}})?)(?=\s*(?:[，。！？,.!?；;]|元|块|$))|"
                  rf"(?:估价|报价|要价|开价|预算|大概|差不多)\s?(?P<w>\d{{1,3}}(?:\.\d)?\s?千(?:多|出头)?)(?=\s*(?:[，。！？,.!?；;]|块|元|$))"), NEEDS_WIDE.search),
    # a dish, a quote or a package and its price, said last ("那份酸辣粉 18.5", "报价内外屏一起 1680", "B 套餐 1280")
    ("amount", _p(rf"(?<=[那这一])份(?P<k>[{CJK}]{{2,6}})\s?(?P<v>\d{{1,3}}(?:\.\d{{1,2}})?)(?=\s*(?:[，。！？,.!?；;]|元|块|$))|"
                  rf"(?P<l>报价|(?<![A-Za-z])[A-Z]?\s?套餐)[{CJK}]{{0,8}}?\s?(?P<w>\d{{2,5}}(?:\.\d{{1,2}})?)(?=\s*(?:[，。！？,.!?；;]|元|块|$))"),
     NEEDS_WIDE.search),
    # a service or a part and its price, said last ("小保养 680", "换了雨刮 120", "摄影跟拍 6800 全天",
    # "化妆师另外 2200"), and a salary after the probation ("月薪 18500，转正以后 21000")
    ("amount", _p(rf"(?:(?P<l>[大小]?保养|洗车|打蜡|补漆|贴膜|四轮定位|(?:摄影|婚礼|全程)?跟拍|(?:新娘)?跟妆|化妆|摄影|司仪|婚车|婚纱照|转正(?=(?:以|之)?后)|差价|(?:半年|年|季|月|次)卡|(?:总价|价格|价钱)?(?:谈好|谈到|谈成|砍到|讲好)了?|(?:储值卡|会员卡|充值卡|卡|账户)里?(?:还有|还剩|剩下?)|(?:降|涨|跌)价?到(?=\s?\d{{3,6}})|(?<=[{CJK}])(?:要|得|需要|还要)(?:交|付|缴))(?:费|价|(?:以|之)?后(?:是)?|"
                  rf"(?<=差价)(?:[我你]?(?:另|再)?(?:补|付|退))?[，,]?\s?(?:大概|大约|约|是|要)?)?|"   # "差价我补，大概 340", "差价另补 340"
                  rf"(?<=[{CJK}])(?:一起|也|都)?[换修](?:下来)?[得要]|"   # "内屏一起换得 2399"
                  rf"(?:换了?|修了?|补了?)(?:一?[个块套副对条])?(?P<k>[{CJK}]{{2,6}})|(?<=[{CJK}])(?:另外|额外|另算)(?:加了?|收了?|付了?|要)?|"
                  rf"(?:再|又|还能|还可以|能|可以)?优惠了?|全程)"   # "两个人再优惠 500", "全程 9600 一个人"
                  rf"\s?(?P<v>\d{{2,6}}(?:\.\d{{1,2}})?)(?=\s*(?:[，。！？,.!?；;]|元|块|全天|一天|半天|一个人|每人|一人|/人|不含|含|包|了\s*(?:[，。！？,.!?；;]|$)|$))"), NEEDS_WIDE.search),
    # a sum in words after 一共 that ends its clause ("物业费欠了三个月 一共一千零五十"; not "一共两千多人")
    ("amount", _p(rf"(?:一共|总共|共计|合计)(?:是|要|欠|交了|付了)?\s?(?P<v>[{CN_DIGIT}]{{1,3}}[百千万](?:[{CN_DIGIT}]{{1,3}}[百千]?){{0,2}})(?:块钱?|元)?"
                  rf"(?=\s*(?:[，。！？,.!?；;吧啊呢]|$))"), NEEDS_WIDE.search),
    # a package's price, the package named after it ("订的 6999 的套系", "B 套餐 598 的那个"); a sum
    # said on its own in spoken numerals ("26 天 一万二")
    ("amount", _p(rf"(?:(?<![\d.,A-Za-z])(?P<v>\d{{3,6}}(?:\.\d{{1,2}})?)(?=\s?的\s?(?:套系|套餐|档位?|价位))|"
                  rf"(?:(?<=套餐)|(?<=套餐 )|(?<=套系)|(?<=套系 ))(?P<x>\d{{3,6}}(?:\.\d{{1,2}})?)(?=\s?的\s?(?:那个|那款|那种|那档)))"
                  rf"(?![^，。！？,.!?]*(?:吗|？|\?))|"
                  rf"(?:(?<=[\s，,。：:])|^)(?P<w>[一二两三四五六七八九][万千][一二三四五六七八九])(?=\s*(?:[，。！？,.!?；;吧啊呢]|$))"),
     NEEDS_WIDE.search),
    # a sum confirmed after its kind was named ("房租我下个月 5 号前转给你，还是 1500 对吧")
    ("amount", _p(r"(?:房租|租金|月租|押金|钱|转给你|转你|给你转)[^。！？!?]{0,24}?(?:还是|就是|一共|总共)\s?"
                  r"(?P<v>\d{3,6}(?:\.\d{1,2})?)(?=\s?(?:对吧|是吧|没错吧|吧|吗|对不对))"), NEEDS_WIDE.search),
    # a bank's SWIFT/BIC code, letters only ("收款行 SWIFT 代码 HSBCHKHHHKH")
    ("ref", _p(r"(?P<l>SWIFT|BIC|(?i:swift|bic)(?=\s?(?:代码|码|号|(?i:code))))(?:\s?(?:代码|码|号|(?i:code)))?\s*(?:是|为|:|：|(?i:is))?\s*"
               r"(?P<v>[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![A-Za-z0-9])"), SWIFT_WORD.search),
    # an app's ID without a digit ("微信 jasonhuang_sz", "闲鱼号叫 momo_lin"): letters with _ or -
    ("ref", _p(r"(?P<l>微信号?|闲鱼号|淘宝号|抖音号|小红书号|快手号)\s*(?:是|为|叫|:|：)?\s*"
               r"(?P<v>(?=[A-Za-z0-9_-]*[\d_-])[A-Za-z][A-Za-z0-9_-]{5,19})(?![A-Za-z0-9_-])"), NEEDS_WIDE.search),
    # an item ordered by its count ("2x SKU A-1123 and 1x B-2290")
    ("ref", _p(r"(?<![\w-])\d{1,3}\s?[x×]\s+(?:(?i:sku)\s+)?(?P<v>[A-Z]{1,4}-?\d{3,8})(?![\w-])"), DIGIT.search),
    # a salary or a budget in thousands ("salary's 48k"); a parking space bought ("车位终于买了 B2-233")
    ("amount", _p(r"\b(?P<l>salary|rent|budget|deposit|pay)(?:'s| is| was| of)?\s+(?P<v>[£$€]?\d{2,3}(?:\.\d)?k)\b", re.I), DIGIT.search),
    ("ref", _p(r"(?P<l>车位)[^，。！？,.!?\d]{0,8}?(?<![A-Za-z0-9])(?P<v>[A-Z]\d{0,2}-?\d{2,4})(?![\w-])"), NEEDS_WIDE.search),
    # rand, its thousands grouped by a space ("R4 500", "R 12 000,00")
    ("amount", _p(r"(?<![A-Za-z0-9])R\s?\d{1,3}(?:[ \u00a0]\d{3})+(?:,\d{2})?(?!\d|,\d)"), DIGIT.search),
    # a quote in bare figures ("the plumber quoted 650 for the water heater")
    ("amount", _p(r"\bquoted\s+(?:me\s+|us\s+)?(?P<v>\d{1,3}(?:,\d{3})+|\d{2,6})(?=\s+(?:for|to|on|quid|bucks)\b|\s*[,.;]|\s*$)", re.I),
     DIGIT.search),
    ("amount", _p(r"\b(?:charged(?: me)?|paid|cost|billed(?: me)?|refund(?:ed)?(?: me)?(?: of)?|price(?: is| was)?|"
                  r"total(?: is| was)?|(?:rent|deposit|fee|salary|budget)(?: is| was| of)?)\s+(?P<v>\d[\d,]*\.\d{2}|\d{1,3}(?:,\d{3})+(?:\.\d{2})?)(?![\d%])|"
                  # pounds are money after a price word only ("the quote was 180 pounds"; "lost 5 pounds": no)
                  r"\b(?:charged|paid|cost|costs|billed|quoted?|price|total|refund|fee|deposit|rent)\b(?:\s+\w+){0,2}?"
                  r"\s+(?:was\s+|is\s+|of\s+)?(?P<w>\d[\d,]*(?:\.\d{2})?\s?(?:pounds|quid))\b", re.I), DIGIT.search),
    ("count", _p(rf"(?<![\dA-Za-z.#第分])(?<!第\s)(?<!\d,){ESTATE_PHASE}(?:\d{{1,3}}(?:,\d{{3}})+|\d+(?:\.\d+)?)\s?万?(?:台|个|件|套|份|箱|只|位|人|口人|罐|袋|桶|张|条|次|盒|瓶|辆|间|天(?!\s?(?:以后|之后|后))|小时|周|个月|块板|"
                 rf"片|颗|组|批|期|节|晚|桌|笔|课时|朵|束|盆|棵|株)|(?<![\d.#])(?<!coach )(?<!carriage )(?<!car )\d+\s?(?:units?|pcs|pieces|seats|licen[cs]es|boxes|people|persons|users|"
                 rf"devices|boards|copies|days|hours|weeks|months|items|digits|characters|servers|nodes|tickets|nights|rooms|guests|"
                 rf"adults|children|kids|passengers|bags|suitcases|packages|parcels|bottles|cartons|pallets|bedrooms|bathrooms|ppl|pax)\b|"
                 rf"(?<![\w-])(?<!the )(?<!these )(?<!those )(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s(?:units|pcs|pieces|seats|licen[cs]es|boxes|"
                 rf"people|persons|users|devices|copies|items|tickets|nights|rooms|guests|adults|children|kids|passengers|bags|"
                 rf"suitcases|packages|parcels|bottles|cartons|pallets|bedrooms|bathrooms)\b|"
                 rf"(?<![第几多一后前末尾{CN_DIGIT}]){ESTATE_PHASE}[二三四五六七八九十两百千]+(?:台|件|套|份|箱|袋|罐|桶|本|支|位|张|盒|瓶|辆|块板|片|组|批|晚|口|夜|间|期|桌|节课?|课时|个人|双|对|副|打|"
                 rf"个(?:师傅|阿姨|工人|大人|小孩|孩子|员工|司机))"
                 rf"(?![{CJK}]{{0,1}}[一二三四五六七八九十](?!等座))|"   # "两张二等座": a class of seat, not a number
                 rf"(?<=是|要|买|订|退|换|只|就|成)一(?:台|件|套|份|箱|位|张|盒|瓶|辆|间|期)(?![{CJK}])|"
                 rf"(?:(?<=[买要订退]了)|(?<=[买要订]))一(?:打|双|对|副)(?=[{CJK}])", re.I), NEEDS_COUNT.search),
    # a price by its period ("wants 39.99 a month", "洗牙 288 一次", "年费会员 298 一年"), a rent or a wage
    # raised to a sum ("房租从 3800 涨到 4200")
    ("amount", _p(r"(?<![\d.])(?P<v>\d[\d,]*\.\d{2})(?=\s*(?:a|per|each|/)\s*(?:month|mo|year|yr|week|night|day)\b)|"
                  r"(?<![\d.:/-])(?P<x>\d{2,6}(?:\.\d{1,2})?)(?=\s?[一每](?:次|节|晚|位|个月|月|年|小时|张|人)(?!性|[\d一二三四五六七八九十]))|"
                  r"(?:房租|租金|月租|价格|价钱|工资|月薪|年薪|费用?)[^，。！？,]{0,8}?(?:涨|降|调|提|加|变)(?:到|成)\s*"
                  r"(?P<w>\d(?:[\d,]*\d)?(?:\.\d+)?)(?![\d.%％]|\s?[倍级档度个次天年月号])", re.I), DIGIT.search),
    # a sum grouped by thousands in Chinese text, without a unit ("选的是 B 档 19,800 的"): money, unless
    # something counted follows it
    ("grouped_zh", _p(r"(?<![\d,.A-Za-z])(?<![量数丝])(?<![量数丝]\s)(?P<v>\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?)(?![\d,.]|\s?(?:[A-Za-z]|[年月日号点时小个台件套位人天周期%％兆次分秒斤度笔片颗粒支瓶盒米寸克圈遍趟下张桌条间晚场箱袋本把双层楼栋岁份辆步字公里千万]|\s?平(?![时常日均])))"),
     DIGIT.search),
    # a price that changed on the way ("说好的 299 怎么下单变 359 了")
    ("amount", _p(r"(?:下单|付款|结账|结算|到手|价格|价钱)[^，。！？,.!?\d]{0,3}(?:变成?|成了|涨到|变了)\s?(?P<v>\d{2,6}(?:\.\d{1,2})?)"
                  r"(?![\d.])(?!\s?[个件台人天号点%％])"), NEEDS_WIDE.search),
    # a counter-offer ("你说的2800能不能2600", "1500 可以吗"): a sum asked for, where a price is talked about
    ("bargain", _p(r"(?:能不能|能否|可不可以|可以|行不行)\s?(?:便宜到|便宜点到?|算|给|卖|出|收)?\s?(?P<v>\d{3,6})\s?(?:块|元)?"
                  r"(?=\s?(?:吗|吧|呢|[？?，,。！!]|$))"), NEEDS_WIDE.search),
    # a payment said, then its sum alone ("房租我已经转了，4200，麻烦查收")
    ("amount", _p(r"(?P<l>房租|租金|押金|定金|订金|物业费|学费|班费|报名费|尾款|首付|货款)[^，。！？,.!?]{0,6}(?:转了|付了|交了|打了|缴了|转过去了)"
                  r"[，,：:]\s*(?P<v>\d{2,7}(?:\.\d{1,2})?)(?=\s?(?:[，,。！？!?；;]|$))"), DIGIT.search),
    # people counted by age with 个 ("三个大人一个小孩": each its own count)
    ("count", _p(rf"(?<![第几多{CN_DIGIT}\d])(?:\d{{1,2}}|[{CN_DIGIT}]{{1,2}})\s?个(?:大人|成人|小孩|孩子|儿童|老人)"), WIDE_OR_DIGIT.search),
    # workers sent, said with 来 and no noun after the number ("保洁阿姨来两个就够了", "师傅来 3 个")
    ("count", _p(rf"(?P<l>师傅|阿姨|工人|保洁|司机|搬运工)(?:要|派|需要)?来\s?(?P<v>(?:\d{{1,2}}|[{CN_DIGIT}]{{1,2}})\s?个)(?![{CJK}]?[人月小])"),
     WIDE_OR_DIGIT.search),
    ("count", _p(rf"(?<![\d.{CN_DIGIT}])(?:\d{{1,2}}|[{CN_DIGIT}]{{1,2}})\s?大\s?(?:\d{{1,2}}|[{CN_DIGIT}]{{1,2}})\s?小(?![\d.{CN_DIGIT}])"),
     WIDE_OR_DIGIT.search),   # "4 大 1 小", "两大一小": adults and children
    ("count", _p(rf"(?P<l>[{CJK}]{{0,2}}(?:人数|件数|台数|箱数|套数|份数|个数|数量))\s*(?:是|为|:|：|共|一共|总共)?\s*"
                 rf"(?:大概|大约|约|差不多)?\s*(?P<v>\d+)(?![\d.%％/:])"), DIGIT.search),   # "参会人数：15", "箱数为 36"
    # pieces put in place ("光伏板装了 18 块", "地砖铺了 120 块"): a count, not money
    ("count", _p(r"(?:(?<=[装铺贴]了)|(?<=[装铺贴]了\s))\d{1,4}\s?块(?![钱\d])"), DIGIT.search),
    ("product", _p(rf"(?:(?:{BRANDS})(?:的(?=\s?[A-Z]))?(?:{SERIES_ZH})?\s?(?:(?-i:[A-Z][a-z]+(?:[A-Z][a-z]+)?) (?=[A-Z]{{1,3}}\d))?{MODEL_AFTER_BRAND}|{MAKER_BEFORE}{MODEL})"
                   rf"(?:[ -](?:Pro|Max|Plus|Ultra|Mini|mini|SE|Lite|Air|Neo|FE))*(?![A-Za-z0-9-])"
                   rf"(?:,?\s?(?:with\s)?(?:\d+\s?\+\s?\d+(?:\s?(?:GB|G))?|\d+\s?(?:GB|G|TB|T)\b(?:\s?(?:RAM|SSD|版|内存))?|"
                   rf"{COLOURS})){{0,3}}"), DIGIT.search),
    # a model named by its label, however short ("型号 X20 Pro", "model K3")
    ("product", _p(r"(?:型号|(?i:\bmodel))\s*(?:是|为|:|：|is)?\s*(?P<v>(?:[\u4e00-\u9fff]{1,4}(?=[A-Za-z0-9-]*\d))?(?=[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Za-z])"
                   r"[A-Za-z0-9][A-Za-z0-9-]{1,15}(?:[ -](?:Pro|Max|Plus|Ultra|Mini|mini|SE|Lite|Air|Neo|FE))*)(?![A-Za-z0-9-])"
                   r"(?!\s*(?:吗|呢|？|\?))"),
     DIGIT.search),
    # a flight ("改签到 MU5101", "flying out on BA 2490"), where its clause speaks of flying
    # a shift's hours without am/pm ("I'm on earlies, 6 till 2", "my shift got moved to Sunday 10-6"): only
    # after a word of work, as a score ("won 3-1 on Sunday") is not
    ("shift", _p(rf"(?:(?:{WEEKDAY}|{WEEKDAY_ABBR})\s+)?(?<![\d:.£$€-])(?:[01]?\d|2[0-3])(?::\d{{2}})?\s*(?:-|–|till|til|until|to)\s*"
                 rf"(?:[01]?\d|2[0-3])(?::\d{{2}})?(?![\d:%.]|\s*(?:am|pm|days?|weeks?|hours?|mins?|minutes?|people|of)\b)", re.I), DIGIT.search),
    # one's ticket in a queue ("排队叫到 A138 了，我是 A156")
    ("queue", _p(r"(?<![A-Za-z0-9])[A-Z]\d{2,4}(?![A-Za-z0-9])"), DIGIT.search),
    ("flight", _p(r"(?<![A-Za-z0-9])(?P<v>(?:[A-Z]{2}|[A-Z]\d|\d[A-Z]|Delta|United|American|Southwest|JetBlue|Alaska|Spirit|"
                  r"Frontier|Hawaiian|Lufthansa|Emirates|Qantas|Ryanair|easyJet|Aer Lingus|Air Canada|WestJet)\s?\d{1,4})(?![A-Za-z0-9])"
                  r"(?!\s+(?:days?|weeks?|hours?|mins?|minutes?|months?|years?)\b)"),
     DIGIT.search),
    # a course's code ("my coursework for CS2040", "module CS2040"): a reference, no product
    ("ref", _p(r"(?P<l>(?i:module|course|unit|class|coursework|assignment|exam|lecture|paper))(?:\s+(?i:code|for))?\s+(?P<v>[A-Z]{2,5}\s?\d{3,5}[A-Z]?)(?![A-Za-z0-9])"),
     DIGIT.search),
    # a named train ("the 07:01 Eurostar 9014"): its operator says what the number is
    ("ref", _p(r"(?<![A-Za-z0-9])(?P<v>(?P<l>Eurostar|Amtrak|Acela|TGV|ICE|Thalys|Frecciarossa|Italo|AVE|Avanti|LNER|Shinkansen)\s?\d{2,5})(?![A-Za-z0-9])"),
     DIGIT.search),
    ("spaced_product", _p(rf"{SPACED_MODEL.pattern}(?:,?\s?(?:with\s)?(?:\d+\s?(?:GB|G|TB|T)\b(?:\s?(?:RAM|SSD|版|内存))?|"
                          rf"{COLOURS})){{0,3}}"
                          # its size and what it is ("a Samsonite 68 cm spinner", "a Dell 27 inch monitor")
                          rf"(?:(?<=\d)\s?(?:cm|mm|inch|in|\")\s(?!(?:with|of|and|in|on|at|for|to|from|long|wide|tall|high|deep)\b)[a-z]{{3,12}}\b)?"), DIGIT.search),
]

FLIGHT_CUE = _p(r"机票|航班|改签|飞机|登机|起飞|值机|\b(?:fly|flying|flew|flight|flights|boarding|depart(?:s|ing)?|lands|landing)\b|"
                r"\barrived?\s+on\s*$", re.I)   # read up to the code: "my bag didn't arrive on BA 2491 from Lagos"
SHIFT_CUE = _p(r"\b(?:shifts?|earlies|lates|rota|on call|working|work|open|opening hours)\b", re.I)
SCORE = _p(r"\b(?:score[sd]?|won|lost|beat|drew|draw|result|nil|match|game|ratio|odds)\b", re.I)   # "the score at work was 2-1"
QUEUE_CUE = _p(r"我是|我的号|我拿的|我取的|我排的")   # one's own ticket; "现在排到 A152 号" is where the queue is
# a pattern that counts after its cue: its kind -> (the cue, the category it gives)
CUED = {"spaced_product": (PRODUCT_CUE, "product"), "flight": (FLIGHT_CUE, "ref"), "shift": (SHIFT_CUE, "datetime"),
        "queue": (QUEUE_CUE, "ref"), "train": (TRAIN_TICKET, "ref"), "bargain": (BARGAIN, "amount"),
        "grouped_zh": (NEEDS_WIDE, "amount")}
ANYWHERE = {"train", "bargain", "grouped_zh"}   # a cue anywhere in the message: "高铁票我统一买，G7385，早上8点12发车"

_NAME_ROLES = ("联系人|联络人|收件人|收货人|负责人|对接人|经办人|处理人|跟进人|受理人|登记人|预约人|申请人|持卡人|机主|户主|下单人|报修人|"
               "投保人|被保险人|被保人|乘机人|乘车人|乘客|入住人|订票人|预订人|订房人|寄件人|签收人|开户人|收款人|付款人|汇款人|体检人|报名人|参保人|团长|群主|使用人|领用人|责任人|驾驶[员人](?![全主次同无]责)|全名")
# a person the service is for, named only with a verb ("病人叫何桂英", "业主是钱国栋"): without one
# the word is a role ("…的业主，楼上漏水", "学员编号")
_PERSON_ROLE = "(?:病人|患者|就诊人|业主|租客|学员|老人)(?:叫|名叫|是|的?姓名是?|的?名字是|[:：])"
_NAME_ROLE = _p(_NAME_ROLES)
# a relative or a customer's role right before the name: the name must start with a surname
CALLED_FOR = re.compile(r"[人车醒过了着]|外卖|快递|师傅|出租|救护|代驾")
_KIN = ("女儿|儿子|孩子|老公|老婆|爱人|丈夫|妻子|太太|母亲|父亲|爸爸|妈妈|[堂表](?:哥|姐|弟|妹)|侄子|侄女|外甥女?|孙子|孙女|"
        "叔叔|舅舅|姑姑|姨妈|爸|妈|哥哥|姐姐|弟弟|妹妹|爷爷|奶奶|外公|外婆")
_CARER = ("老师|班主任|师傅|设计师|律师|会计|中介|医生|大夫|教练|阿姨|保姆|月嫂|室友|邻居|同学|实习生|新人|徒弟|助理|秘书|经理|主管|领导|司机|顾问|专员|管家|店长|销售|客服|"
          "理赔员|定损员|查勘员|业务员|快递员|摄影师|化妆师|导游|房东")   # "钢琴老师叫蒋文静": a surname must follow
# a workplace's HR named with 是 as well ("HR 是赵敏"): a surname must follow
CARER_LEAD = re.compile(rf"(?:{_CARER})(?:的?名字)?叫|(?:HR|人事)\s?(?:的?名字)?\s?(?:是|叫)")
_KIN_OR_ROLE = rf"{_PERSON_ROLE}|(?:新郎|新娘|伴郎|伴娘)(?:\s?(?:是|叫|[:：])\s?|\s|(?=[{SURNAME_CHARS}]))|我的?(?:{_KIN})(?![，,]?\s?(?:的?名字|叫))[，,]?|我是[^，。,；;]{{0,8}}?(?:客户|用户|会员|顾客|车主|业主|患者|学员|家长|妈妈|爸爸)"
PICKUP_SIGN = "(?:接机牌|接站牌|接人牌|牌子)上?(?:写的是|写|是)\\s?"   # "接机牌上写 欧阳娜娜": a name, with a surname
NAME_CN = _p(rf"(?P<l>{_KIN_OR_ROLE}|我叫|我是|本人是|本人|鄙人|(?:免贵|我)?姓[{CJK}][，,、\s]*(?:叫|名叫|全名[是叫]?)|"
             rf"(?:免贵|我)?姓(?P<sn>[{CJK}])[，,、\s]+(?=(?P=sn))|(?<=[，,。\s])叫|(?<=[，,。\s])[她他]叫|"   # "我姓黄，黄婷婷", "…，叫王子墨"
             rf"姓名[:：是为]?|名字[:：是叫]?|(?:中文名|真名|本名)字?[:：是叫]?|(?<![她他你它妈爸])叫我|称呼我|{PICKUP_SIGN}|"
             rf"(?:{_KIN}|小孩|宝宝|同事|朋友|新郎|新娘|男朋友|女朋友|未婚夫|未婚妻)(?:的?名字)?\s?叫|(?:{_CARER})(?:的?名字)?叫|(?:HR|人事)\s?(?:的?名字)?\s?(?:是|叫)|"
             rf"(?:{_NAME_ROLES})(?:的?姓名|的?名字)?\s*(?:是我本人|是我)?[，,、]?\s*(?:写的是|填的是|改成|改为|换成|写|填|是|为|叫|[:：])?(?:(?:房东|卖家|商家|老板|对方)[，,、\s]+|[{CJK}]{{1,4}}[部处科组室]的)?)\s*"
             rf"(?!姓名|名字|拼音|英文|房东|卖家|商家|老板|对方|[{CJK}·]{{0,3}}我|{_KIN}|写错|错了|不对|有误|打错|填错)(?P<v>[{CJK}·]{{2,4}})")
NAME_LATIN = _p(rf"(?P<l>我叫|我的名字是|名字是|名字叫|叫我|英文名(?:字)?(?:是|叫)?|姓名[:：是为]?|(?i:contact(?:\s?person)?)\s?(?:是|叫|[:：])\s?|"
                rf"我的?(?:{_KIN}|同事|朋友|室友|邻居|同学)\s?(?:的?名字)?(?:叫|是)?|"
                rf"新?(?:同事|朋友|客户|{_CARER})(?:的?名字)?叫|(?:HR|人事|前台|客服|老板|主管|对接人)\s?(?:的?名字)?叫|"
                rf"(?:{_NAME_ROLES})(?:英文名(?:字)?|的?姓名|的?名字)?\s*(?:写的是|填的是|是|为|叫|写|填|[:：])?(?:[{CJK}]{{1,5}}的)?)\s*"
                rf"(?P<v>(?:(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.?\s)?[A-Z][a-z]+(?: [A-Z][a-z]+){{0,2}}(?:\s?[{SURNAME_CHARS}](?=[，,。；;\s]|$))?)(?![A-Za-z.])")   # "Ms. Tan", "Jason 黄"
# a role said with a title ("任课老师是黄老师", "客服经理"): no surname starts it
TITLED_ROLES = ("(?:任课|代课|数学|语文|英语|体育|音乐|美术|物理|化学|生物|历史|地理|政治|科学|钢琴|舞蹈|声乐|书法|围棋|游泳|"
                "客服|销售|大堂|项目|部门|财务|人事|技术|售后|区域|门店|值班|产品|市场)(?:先生|女士|小姐|经理|总监|总|老师|主任)")
NAME_TITLE = _p(rf"(?:(?<![{CJK}])|(?<=[是找问科了]))(?!{TITLED_ROLES})(?P<v>[{CJK}]{{1,2}}(?:先生|女士|小姐|经理|总监|总|老师|主任)|[{CJK}]工(?![业厂作程人资商地具艺]))|"
    rf"(?<=[的是找问约科])(?P<d>[{CJK}](?:医生|大夫|护士|律师|教练))|"
    rf"(?<![A-Za-z])(?P<e>[A-Z][a-z]{{2,}})\s?(?=(?:老师|经理|医生|主管|总监|教练)(?![{CJK}]?[们]))")   # "Linda 老师"   # "康复科的李医生": a surname and the title   # 张工, not 苏州工业园区
# a doctor named in full before the title, whose appointment was booked ("挂了周二上午王建国主任的专家号")
DOCTOR_BOOKED = _p(rf"(?P<v>[{SURNAME_CHARS}][{CJK}]{{1,2}}?)(?P<t>主任|医生|大夫|教授)的(?:专家号|特需号|普通号|号|门诊)")
# or named in full with the department before it, ending its clause ("医生是消化科的孙建平主任")
DOCTOR_NAMED = _p(rf"(?<=科的)(?P<v>[{SURNAME_CHARS}][{CJK}]{{1,2}}?)(?P<t>主任|医生|大夫|教授)(?=\s*(?:[，。！？,.!?；;]|$))")
NAME_EN_REL = _p(r"(?:\b(?i:my|our)\s+|我们?的?\s*)(?P<l>daughter|son|wife|husband|mother|father|mom|dad|colleague|manager|friend|"
                 r"brother|sister|partner|boss|assistant|neighbou?r|accountant|lawyer|solicitor|cleaner|nanny|carer|"
                 r"tutor|dentist|physio|therapist|hairdresser|barber|cousin|uncle|aunt|nephew|niece|grandson|granddaughter|fiancée?|"
                 r"cat|dog|puppy|kitten|rabbit|parrot)(?:(?:'s name is|'s name was|,| is called| is named| is| was| named| called)\s+(?:(?:Dr|Mr|Mrs|Ms|Miss|Prof)\.?\s+)?"
                 r"(?P<v>[A-Z][a-zà-ÿ]+(?: (?:[A-Z]['’])?[A-Z][a-zà-ÿ]+){0,2})(?![a-zà-ÿ'’])|\s+(?P<w>[A-Z][a-zà-ÿ]+(?: (?:[A-Z]['’])?[A-Z][a-zà-ÿ]+)?)(?=[,.]|['’]s\s|\s+(?i:starts|"
                 r"started|is|was|will|has|had|needs|wants|said|lives|works|goes|and|can|should|would|just|also|usually|always|often|"
                 r"normally|sometimes|calls|called|booked|paid|handles|might|may|does|did|on|at)\b|\s*[\u4e00-\u9fff]|\s*$))")
# a worker named after their role ("The technician, Sam Ortiz, said ...")
# a relative named after the kin word as a title ("Auntie Rose's number", "Uncle Dev is coming")
KIN_NAMED_EN = _p(r"\b(?P<l>Auntie|Aunty|Aunt|Uncle|Nana|Nan|Grandma|Grandpa|Granny|Grandad|Cousin)\s+(?P<v>[A-Z][a-zà-ÿ]+)"
                  r"(?=['’]s\b|\s+(?:is|was|will|said|can|has|had|called|lives|needs|wants)\b)")
NAME_EN_ROLE = _p(rf"\b(?i:the|our|your|my)\s+(?:[A-Za-z]+'s\s+)?(?P<l>(?i:technician|engineer|plumber|electrician|driver|courier|"
                  rf"agent|nurse|doctor|landlord|manager|installer|fitter|inspector|surveyor|caseworker|"
                  rf"ceo|cfo|cto|director|accountant|lawyer|solicitor|consultant|coordinator|supervisor|babysitter|nanny|"
                  rf"cleaner|tutor|teacher|coach|vet|dentist|carer|housekeeper|hairdresser|photographer|trainer|instructor|"
                  rf"(?:loss )?adjuster|assessor|broker|handler|planner|advis[eo]r))"
                  rf"\s*,\s*(?P<v>{en.NAME})(?:\s+from\s+[A-Z][A-Za-z&'-]+(?:\s+[A-Z][A-Za-z&'-]+)?)?\s*,|"   # "the plumber, Dave from AquaFix,"
                  # "The photographer we booked is Marco Bellini": the role, a few words, then "is"
                  rf"(?:\b(?i:the|our|my|his|her|their|(?:mum|mom|dad|gran|grandma|grandpa|nan)['’]s)\s+|(?<=, )|^)(?:(?i:new|old|other|usual|driving|piano|swimming|personal|maths?|english|guitar|music|dance|yoga|tennis|golf|football|private)\s+){{0,2}}(?P<k>(?i:photographer|technician|engineer|plumber|electrician|driver|tutor|teacher|GP|"
                  rf"trainer|instructor|coach|vet|dentist|doctor|nurse|stylist|guide|host|landlord|agent|installer|cleaner|nanny|"
                  rf"carer|babysitter|housekeeper|hairdresser|barber|therapist|physio|starter|hire|joiner|intern|flatmate|roommate|tenant|"
                  rf"adjuster|assessor|loss adjuster|broker|caseworker|handler|advisor|adviser|rep|planner|organi[sz]er|officiant))"
                  rf"(?:\s+(?:[a-z]+|I)){{0,4}}?\s+(?:is|was|will be|(?:is|'s) (?:called|named))\s+(?P<w>(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?{en.NAME})(?![A-Za-z])|"
                  # "the babysitter's name is Kayleigh Brooks": whose name, by their role
                  rf"\b(?i:the|my|our|his|her)\s+(?:(?i:new|old)\s+)?(?P<r>[a-z]{{3,}})'s name is\s+(?P<x>{en.NAME})(?![A-Za-z])")
DOCTOR_EN = _p(r"\b(?i:with|see|saw|seeing|seen by|booked in with|appointment with)\s+"
               r"(?P<v>(?:Dr|Doctor)\.?\s+(?!(?:Martens|Pepper|Who|Seuss|Oetker)\b)[A-Z][a-z]+(?:-[A-Z][a-z]+)?)(?![A-Za-z])")
# a name typed in lower case after "my name is" ("hi my name is marcus webb and ..."): two words,
# neither a common word nor an -ing or -ly form ("my name is spelled wrong", "... showing incorrectly")
NAME_EN_LOWER = _p(r"\bmy name(?: is|'s)\s+(?P<v>[a-z]{2,}\s[a-z]{2,})(?=\s+and\b|\s*[,.!;]|\s*$)")
EN_COMMON = frozenset("""not on in the a an at is was wrong right missing correct different same listed also still
    there here down up off out now just really very so too spelled misspelled written typed printed shown
    changed gone""".split())
# the person a booking or an account is in the name of ("lead passenger Hannah Becker"): keyed by that role
NAME_EN_HOLDER = _p(rf"\b(?P<l>(?i:lead (?:passenger|guest|traveller|traveler|booker)|passenger name|guest name|account holder|"
                    rf"policy ?holder|card ?holder))(?: is|:)?\s+(?P<v>{en.NAME})(?![A-Za-z])")
NAME_EN = _p(rf"(?i:\bmy name is|\bmy name's|\bmy name on (?:it|the (?:booking|reservation|card|account|order|ticket|lease|policy)) is|\bcall me|\bname:|\bcontact(?: person)?(?: is)?:?|"
             rf"\brecipient(?: is)?:?|\bspeak(?:ing)? with|\bask for|\b(?:sur|first |last |given |family )name(?: is|:)?|"
             rf"\b(?:the|his|her|their) name(?: on (?:it|the (?:booking|reservation|card|account|order|ticket)))? is)"
             rf"\s+(?P<v>{en.NAME})|"
             rf"(?:^|(?i:\b(?:hi|hello|hey|hiya|morning|evening)\b)[,!]?\s+)(?i:it's|it is)\s+(?P<u>{en._TOKEN} {en._TOKEN})"
             rf"(?=[,.!]|\s+(?:again|here|from|calling|speaking)\b)|"
             # "Hiya, it's Siobhan, ...", "Hello, Wanjiru here.": one name after a greeting
             rf"(?i:\b(?:hi|hello|hey|hiya|g['’]day|kia ora)\b)[,!]?\s+(?:(?i:it's|it is)\s+(?P<g>{en._TOKEN})(?=[,!]|\s+(?:again|here)\b)|(?P<h>{en._TOKEN})\s+here(?=\s*[,.!]|\s*$))|"
             rf"(?<=, )(?P<p>{en._TOKEN}) po(?=\s*[.!]?\s*$)|"
             rf"(?i:\bi am|\bi'm|\bthis is)\s+(?P<w>{en._TOKEN}(?:[ -]{en._TOKEN}){{1,2}}|"   # "I'm Tired": no
             rf"{en._TOKEN}(?=[,.!]|\s+(?:from|here|calling|speaking)\b))(?![\w'])")   # "I'm Priya, ..."
ADDRESS = _p(r"(?P<l>收货地址|送货地址|收件地址|寄件地址|上门地址|安装地址|家庭住址|住址|地址|(?:事发|出险|事故|集合|见面)?地点|(?:寄到|送到|搬到|送去|寄去)(?!了|[^，。！？;；\n,]*了\s*(?:[，。！？;；\n,]|$))|寄往|"
             r"住在|家在|住址在|(?:shipping |delivery |billing )?address(?:es)?\b|"
             r"(?:ship|send|deliver|mail|post)(?: it| them)? to|(?:I |we )?(?:live|lives|living|am located|are located) at|"
             r"(?:my |our |the )?(?:home|office|place|house|flat|apartment)(?:'s| is) at)"
             r"\s*(?:(?:要|得|需要)?(?:改一下|改下|换一下|变了|变更一下|更新一下|有变|有变化)[，,]?\s*)?"
             r"(?:(?:请|麻烦)?(?:改成|改为|换成|更新为|更新成|变成|是在|是|系|为|在|写|填|:|：|is|changed to|is now))?\s*"
             r"(?!\s*(?:结果|但是|可是|然后|不过|而且|就|都|也|还|楼[上下里]))(?P<v>(?=[^，。！？;；\n,]*(?:\d(?![A-Za-z])|[省市区县路街道巷弄号楼栋室村镇]|\b(?:street|st|road|rd|ave|avenue|lane|apt|suite)\b))"
             r"[^，。！？;；\n,]{4,60})", re.I)
PLAN = _p(r"(?P<p>方案\s?[A-Za-z甲乙丙丁一二三四五六]|(?<![A-Za-z])[Pp]lan\s?[A-Z0-9](?![A-Za-z])|"
          r"(?<![A-Za-z])[Oo]ption\s?[A-Z0-9](?![A-Za-z]))")
DECIDE = _p(r"决定|确定|定了|敲定|选择|选定|采用|就用|落地|上线|执行|通过|批准|同意|拍板|"
            r"go with|going with|decided|decide|chose|choose|picked|approved|adopt|roll(?:ing)? out|launch|ship", re.I)
PRIORITY = ["email", "id_card", "bank_card", "phone", "postcode", "ref", "bare_postcode", "datetime", "amount", "count", "product"]
LABELLED = {"datetime", "amount", "count", "address"}   # keyed by label; supersede on the same label
SINGLE = {"phone", "email", "id_card", "bank_card"}     # one per label (default: the user's own)


def _clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    left = 0
    for m in CLAUSE_END.finditer(text, 0, start):
        left = m.end()
    m = CLAUSE_END.search(text, end)
    return left, (m.start() if m else len(text))


EN_FILLER = {"move", "moved", "moving", "change", "changed", "set", "push", "pushed", "make", "let", "lets",
             "is", "are", "was", "be", "will", "to", "the", "a", "an", "and", "we", "i", "our", "my", "your",
             "need", "needs", "want", "please", "at", "on", "by", "for", "of", "it", "that", "this", "now",
             "actually", "update", "updated", "new", "us", "me", "can", "you", "should", "could", "would",
             "schedule", "rescheduled", "reschedule", "postpone", "postponed", "units", "unit", "pcs", "total",
             "in", "out", "up", "off"}


def _stem(word: str) -> str:
    """A label's key word without its ending; "address", "status" and "analysis" end in no plural s."""
    if re.search(r"(?:ss|us|is)$", word):
        return word
    if word.endswith("ies") and len(word) >= 6:
        word = word[:-3] + "ys"   # "deliveries" -> "delivery" below, as "delivery" itself
    elif word.endswith("es") and not re.search(r"(?:s|x|z|ch|sh)es$", word):
        word = word[:-1]   # "prices", "dates": the e is the word's own; "boxes", "addresses": the plural's
    for suffix in ("es", "s"):   # the plural first, then the verb's ending: "meetings" -> "meeting" -> "meet"
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    for suffix, repl in (("ery", "er"), ("ed", ""), ("ing", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: len(word) - len(suffix)] + repl
    return word


QUANTITY_HEAD = re.compile(r"\d+[点号个楼次位人层块元天年月日时分栋岁斤件台份张条]")


CONTRACTION = re.compile(r"['’](?:re|s|ll|ve|d|m)\b", re.I)   # "we're on the…": no label "re"


def _clean_label(raw: str) -> str:
    label = raw.strip()
    for _ in range(3):
        label = LABEL_TAIL.sub("", label).strip()
        label = LABEL_HEAD.sub("", label).strip()
    if re.search(rf"[{CJK}]", label):
        label = re.sub(rf"[^{CJK}A-Za-z0-9]", "", label)[-12:]
        if QUANTITY_HEAD.match(label):   # "4点还有一个", "5号楼门口", "3个人": a number's unit and after, no key
            return ""
        label = re.sub(r"^[A-Za-z0-9]+(?=[^A-Za-z0-9])", "", label)  # "RK3568开发板" -> "开发板"
    else:
        words = [w.lower() for w in re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*", CONTRACTION.sub("", label))]
        words = [w for w in words if w not in EN_FILLER]
        label = words[-1] if words else ""   # as said ("surgery", "wedding"); keys and matches use _stem
    return label


def _label_after(text: str, end: int, right: int) -> str:
    after = re.match(rf"\s*(?:之前|以前|前|左右|之后|以后)?\s*(?P<de>的\s?(?=[A-Za-z{CJK}]))?([A-Za-z0-9]*[{CJK}]{{2,4}}|[A-Za-z]+(?:\s+[A-Za-z]+)?)",
                     text[end:right])
    if after is None:
        return ""
    words = after.group(2)
    if after.group("de"):   # "下周二 14:00 的面试能改到周四吗": the noun after 的, without what is done to it
        noun = MODAL_OR_MOVE.split(words, 1)[0]
        words = noun if len(noun) >= 2 else words
    return _clean_label(words)


DONE_AMOUNT = re.compile(rf"\s*(?:[{CJK}]了|[{CJK}]{{0,4}}?(?:要|得|需要|还要)(?:交|付|缴|扣|还)了?)\s*[\d{CN_DIGIT}几]")   # "这个月突然要交 412": the sum's month
THIS_MONTH = re.compile(r"这个月|本月|这月")
CN_MODAL = re.compile(r"\s*(?:能不能|能否|可不可以|可以|能|要|会|就|再|请|去|来)")


# "明天的预约能改到后天吗", "周五的安装能不能提前到周四": the event is what follows 的, the first date
# is given up and the second is the event's
DE_EVENT = re.compile(rf"的\s?([{CJK}]{{1,4}})")
MOVE_TO_ZH = r"(?:改到|改成|改为|改签到|挪到|换到|调到|推迟到|推到|延到|延期到|提前到)"
MOVED_AFTER_ZH = re.compile(rf"\s?(?:的\s?(?:[{CJK}]{{1,4}}?|[A-Za-z]+(?:\s[A-Za-z]+){{0,2}}\s?))?(?:能不能|能否|可不可以|可唔可以|可以|能|要|想|需要|得)?\s?{MOVE_TO_ZH}"
                            rf"(?=\s?(?:\d|[一二三四五六七八九十两]|下|这|本|今|明|后|大后|周|星期|礼拜|上午|下午|晚上|早上|中午|月底|月初|"
                            rf"(?i:{WEEKDAY}|tomorrow|next|this)))")   # a day, not "线上"


MODAL_OR_MOVE = re.compile(r"[能想要可改挪换调推延提需得希哪几]|什么|多少|怎么")   # where a noun after 的 ends


def _event_after_de(text: str, end: int) -> str:
    m = DE_EVENT.match(text, end)
    event = CN_EVENT.match(m.group(1)) if m else None
    if event is None:   # the event starts the words after 的 ("预约能改" -> 预约)
        return ""
    if len(event.group(0)) >= 2:
        return event.group(0)
    noun = MODAL_OR_MOVE.split(m.group(1), 1)[0]   # "会议能改" -> 会议
    return noun if len(noun) >= 2 else ONE_CHAR_EVENTS.get(noun, "")


# "明天的会改到下午": the meeting, keyed as 会议; "后天送到": the delivery
ONE_CHAR_EVENTS = {"会": "会议", "课": "课程", "送": "送货", "寄": "寄件", "到": "到达"}


# a day said before the event that moved ("明天的会改到下午"): the new hour keeps it
CN_DAY_BEFORE = re.compile(r"(?P<d>今天|明天|后天|大后天|(?:这|下|本)?(?:周|星期|礼拜)[一二三四五六日天]|\d{1,2}\s?月\s?\d{1,2}\s?[日号]|\d{1,2}\s?号)\s?的")
DAY_IN_VALUE = re.compile(r"[天日号周月年]|星期|礼拜|今|明|昨|前|后(?!\s?\d)")


def _day_kept(text: str, left: int, start: int, value: str) -> str:
    """"明天的会改到下午三点" -> 明天下午三点: an hour moved to, without a day, is on the day moved from."""
    if DAY_IN_VALUE.search(value) or not _moved_to_zh(text, left, start):
        return value
    day = CN_DAY_BEFORE.search(text, left, start)
    if day is None:
        return value
    return f"{day.group('d')}{' ' if value[0].isascii() else ''}{value}"   # "明天 10:30", "明天下午三点"


# what was moved, said before the move ("能不能把预约改到周六", "预约从周二改到周四")
MOVED_THING_ZH = re.compile(rf"(?:把|将)\s?(?P<a>[{CJK}]{{2,6}}?)\s?{MOVE_TO_ZH}\s?$|"
                            rf"(?P<b>[{CJK}]{{2,6}}?)\s?从[^，。！？,]{{1,12}}?{MOVE_TO_ZH}\s?$")


def _moved_event_zh(text: str, left: int, start: int) -> str:
    """The key of the day something was moved to; a move only asked for ("能改到后天吗") gives the
    new day no key, so the table keeps the old one under it until the desk agrees."""
    _, right = _clause_bounds(text, start, start)
    if not _moved_to_zh(text, left, start) or ASKED_ZH.search(text, left, min(len(text), right + 1)):
        return ""
    thing = MOVED_THING_ZH.search(text, left, start)
    if thing and _good_label(thing.group("a") or thing.group("b")):
        return thing.group("a") or thing.group("b")
    english = EN_EVENT_AFTER_DE.search(text, left, start)   # "明天的 standup 改到 10:30"
    if english and _stem(english.group(1).lower()) in EVENT_LABELS:
        return english.group(1).lower()
    m = DE_EVENT.search(text, left, start)
    return _event_after_de(text, m.start()) if m else ""


EN_EVENT_AFTER_DE = re.compile(rf"的\s?(?:[A-Za-z]+\s)?([A-Za-z]+)\s?(?:能不能|可以|能|要)?\s?{MOVE_TO_ZH}")


def _moved_away_zh(text: str, end: int, right: int) -> bool:
    """"原定的周三改为周五", "明天的预约改到后天了": the first day is given up; asked ("…能改到周四吗？")
    it still stands until the desk says yes."""
    return MOVED_AFTER_ZH.match(text, end) is not None and ASKED_ZH.search(text, end, min(len(text), right + 1)) is None


# a move asked for or only wished ("想改签到下午"): the old day stands until the desk agrees
ASKED_ZH = re.compile(r"吗|？|\?|能不能|可不可以|能否|行不行|可以不|可唔可以|得唔得|[呢咩]$|(?:想|希望)要?(?=\s?(?:改|挪|换|调|推|延|提前))")


def _moved_to_zh(text: str, left: int, start: int) -> bool:
    """The date is where something was moved to ("…改到周四"): a plan, with a key or without."""
    return re.search(rf"{MOVE_TO_ZH}\s?$", text[max(left, start - 5):start]) is not None


# a date or a reference said before the words that label the next date ("确认号 88213407 入住 12.18 离店 12.21")
LAST_DATE = re.compile(rf"(?:(?<![\d.:/-])\d{{1,4}}[.:/-]\d{{1,2}}(?:[.:/-]\d{{1,4}})?|\d{{5,}})\s?(?=[{CJK}]{{2,4}}\s*$)")


def _after_last_date(raw: str) -> str:
    m = LAST_DATE.search(raw)
    tail = raw[m.end():] if m else ""
    return tail if tail and "的" not in tail and not MODAL_OR_MOVE.search(tail) else raw


def _label_for(text: str, start: int, end: int, category: str) -> str:
    """The label of a value: the words before it in its clause, else the words after it
    (counts look after first: "20台开发板", "40 units delivered")."""
    left, right = _clause_bounds(text, start, end)
    if category == "count":
        return _label_after(text, end, right) or _clean_label(text[left:start])
    before = _clean_label(_after_last_date(text[left:start]) if category == "datetime" else text[left:start])
    if category == "datetime" and _stem(before) not in EVENT_LABELS and not re.search(rf"[{CJK}]", before):
        words = [w.lower() for w in re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*", text[left:start])]
        before = next((w for w in reversed(words) if _stem(w) in ERRAND_LABELS or _stem(w) in NAMED_EVENTS),
                      before)  # "flight UA 921 tomorrow", "the concert's at the Apollo on Friday"
    if category == "datetime" and re.fullmatch(r"[我你他她它您咱们]+", before):   # "他下周去北京出差": whose, not what
        before = ""
    if category == "datetime" and THIS_MONTH.fullmatch(text, start, end) and DONE_AMOUNT.match(text, end, right):
        return ""   # "电费这个月扣了 386.40": the month a sum was charged, no day to keep
    if category == "datetime":
        event = _event_after_de(text, end) or _moved_event_zh(text, left, start)
        if event:
            return event
    if before or category != "datetime":
        return before or _label_after(text, end, right)
    if DONE_AMOUNT.match(text, end, right):   # "今天走了一万二千步": what was done, no event to come
        return ""
    modal = CN_MODAL.match(text, end, right)   # "下个月中旬能安排安装吗": the event after 能
    after = _label_after(text, modal.end() if modal else end, right)  # "明天上午九点开会": only an event names it
    after = re.sub(r"(?<=[{CJK}])[吗呢吧啊呀嘛]+$".replace("{CJK}", CJK), "", after)   # "月底前能到吗": 到
    if len(after) == 1:   # "后天送到": 送到 cleaned to 送, a delivery
        return ONE_CHAR_EVENTS.get(after, "")
    return after if re.search(rf"[{CJK}]", after) is None or CN_EVENT.search(after) else ""


def _spans(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, category, value, label keyword) of every span, overlaps resolved by PRIORITY."""
    found: list[tuple[int, int, str, str, str]] = []
    gates: dict[Gate, bool] = {}
    for kind, pattern, gate in PATTERNS:
        passed = gates.get(gate)
        if passed is None:
            passed = gates[gate] = bool(gate(text))
        if not passed:
            continue
        for m in pattern.finditer(text):
            category = kind   # a cued kind reads its cue anew for every match
            group = next((g for g in ("v", "w", "x") if g in pattern.groupindex and m.group(g)), None)
            s, e = (m.start(group), m.end(group)) if group else (m.start(), m.end())
            value = text[s:e].strip()
            keyword = next((m.group(g) for g in ("l", "k") if g in pattern.groupindex and m.group(g)), "")
            if category in CUED:
                left, right = _clause_bounds(text, s, e)
                cue, category = CUED[kind]
                reach = left if category == "product" else _sentence_start(text, s) if not text[e:right].strip() else max(0, s - 24)
                # "my flight lands at 6:40pm on Sunday, BA 287": a code said last
                hit = cue.search(text) if kind in ANYWHERE else cue.search(text, reach, s)
                if hit is None and kind == "flight":   # "原定 19 号 MU5138 改到 20 号同一时间的航班"
                    hit = cue.search(text, e, _sentence_end(text, e))
                    keyword = hit.group(0) if hit else keyword
                if hit is None or category == "datetime" and SCORE.search(text, reach, right):
                    continue
                if category == "ref" and hit.start() < s - 24 and hit.group(0).isascii():
                    keyword = "flight"   # its cue too far back to be read as its key
            if category == "postcode" and not en.POSTCODE_KEY.search(text, _clause_bounds(text, s, e)[0], s):
                category = "bare_postcode"   # no fact, and no ref's or product's either ("CB2 1TN"); named, it wins
            if value and (category != "datetime" or re.search(r"\d|[一二三四五六七八九十两]|[a-zA-Z]{3}|[天周月年]|^[后琴听]日$", value)
                          or re.fullmatch(DAYPART, value) and _moved_to_zh(text, 0, s)):   # "明天的会改到下午"
                found.append((s, s + len(value), category, value, keyword.lower()))
    named_refs = {(f[0], f[1]) for f in found if f[2] == "ref" and f[4]}
    found = [f for f in found if f[2] != "phone" or (f[0], f[1]) not in named_refs]   # "loan reference is 19872245019"
    products = [(f[0], f[1]) for f in found if f[2] == "product"]
    found = [f for f in found if f[2] != "ref" or f[4] or not any(a <= f[0] and f[1] <= b and b - a > f[1] - f[0] for a, b in products)]   # "顾家的 KUKA-2089": a maker's model, not a code
    found.sort(key=lambda f: (PRIORITY.index(f[2]), f[0], -(f[1] - f[0])))
    taken: list[tuple[int, int, str, str, str]] = []
    for f in found:
        if all(f[1] <= t[0] or f[0] >= t[1] for t in taken):
            taken.append(f)
    return _joined_dates(text, sorted(taken))


SENTENCE_END = _p(r"[.!?](?=\s|$)|[。！？\n]")
CLAUSE_ENDS_HERE = re.compile(r"\s*(?:[，。！？,.!?；;]|$)")


def _sentence_start(text: str, at: int) -> int:
    return max((m.end() for m in SENTENCE_END.finditer(text, 0, at)), default=0)


def _sentence_end(text: str, at: int) -> int:
    end = SENTENCE_END.search(text, at)
    return end.start() if end else len(text)


WEEKDAY_ZH = re.compile(r"(?:周|星期|礼拜)[一二三四五六日天]")   # "周六周日都行": one value
AFTER_WORK = re.compile(r"\s?(?:下班|放学|下课|收工|吃完饭|午饭|晚饭)(?:后|以后|之后)\s?")   # "周四下班后 6 点半": one time


def _one_date(first: str, gap: str, second: str) -> bool:
    """Two dates that are one value: listed or spanned ("周一到周五"), two weekdays side by side
    ("周六周日"), a day of the month and its weekday ("12 月 13 号 周五下午 3 点半")."""
    return (re.fullmatch(r"\s?[、到至~～-]\s?", gap) is not None or not gap and WEEKDAY_ZH.fullmatch(first) is not None
            or re.fullmatch(r"\s?(?:和|跟|及|与|或者?)\s?", gap) is not None and WEEKDAY_ZH.search(first[-3:]) is not None
            and WEEKDAY_ZH.match(second) is not None   # "每周二和周五晚上 8 点"
            or AFTER_WORK.fullmatch(gap) is not None and HOUR_ZH.match(second) is not None
            or len(gap) <= 1 and not gap.strip() and first.endswith(("号", "日")) and WEEKDAY_ZH.match(second) is not None)


def _joined_dates(text: str, spans: list[tuple[int, int, str, str, str]]) -> list[tuple[int, int, str, str, str]]:
    """Dates listed with 、 or spanned with 到 are one value ("每周二、周四晚上七点到九点", "周一到周五"):
    "周二" alone is half of it."""
    out: list[tuple[int, int, str, str, str]] = []
    for f in spans:
        prev = out[-1] if out else None
        if prev and prev[2] == f[2] == "datetime" and _one_date(prev[3], text[prev[1]:f[0]], f[3]):
            out[-1] = (prev[0], f[1], "datetime", text[prev[0]:f[1]], prev[4] or f[4])
        else:
            out.append(f)
    return out


# a parent who names the child ("老师 我是孙浩然的妈妈"): the child's name, not the speaker's
CHILD_OF = _p(rf"我是(?P<v>[{CJK}]{{2,4}}?)的?(?:妈妈|爸爸|家长|奶奶|爷爷|外婆|姥姥|外公|姥爷)")


# whom an order or a prescription is for, named last ("…, it's for Margaret Kowalski")
FOR_WHOM = _p(rf"\b(?i:it's|it is|this is|that's)\s+for\s+(?P<v>{en._TOKEN} {en._TOKEN})(?=\s*[.!]?\s*$)")


def _recipients(text: str) -> list[Extracted]:
    out = []
    for m in FOR_WHOM.finditer(text) if " for " in text else ():
        value = m.group("v")
        if value.split()[0].lower() not in NOT_EN_NAMES and not EN_HOLIDAY_RE.search(value) and \
                not re.search(rf"\b(?:Day|Eve|Week|Weekend|Road|Street|Avenue|{MONTH})$", value, re.I):
            out.append(Extracted("name", value, "recipient", "name:recipient", m.start("v"), m.end("v")))
    return out


def _child_names(text: str) -> list[Extracted]:
    out = []
    for m in CHILD_OF.finditer(text) if "我是" in text else ():
        value = m.group("v")
        if (value[0] in SURNAMES or value.startswith(COMPOUND_SURNAMES)) and value not in NOT_NAMES:
            out.append(Extracted("name", value, "孩子", "name:孩子", m.start("v"), m.end("v")))
    return out


def _names(text: str) -> list[Extracted]:
    out: list[Extracted] = _listed_names(text) + _child_names(text) + _recipients(text)
    for m in NAME_CN.finditer(text) if not text.isascii() else ():   # its name is Chinese
        if any(f.start <= m.start("v") < f.end for f in out):
            continue   # the first of a list, read above
        raw = m.group("v")
        at = m.start("v")   # a pair may run past the four characters read: "诸葛晴明|天"
        cut = next((i for i, ch in enumerate(raw)
                    if i >= 2 and (ch in NAME_STOP or text[at + i:at + i + 2] in NAME_STOP_PAIRS)), len(raw))
        value = raw[:cut] if raw[0] not in NAME_STOP else ""
        lead = m.group("l")
        if len(value) > 3 and value[1:].startswith(("先生", "女士")):
            value = value[:3]
        if len(value) < 2 or value[1] in "了的吧呀啊呢哦着过" or value.endswith("族") or \
                value in NOT_NAMES or any(value.startswith(n) for n in NOT_NAMES) or \
                value.endswith(ORG_TAILS) or "英文名" in value:
            continue
        if lead.endswith("叫") and CALLED_FOR.match(value):
            continue   # "我哥哥叫人来修", "老公叫车去了": 叫 as sent for, not named
        surnamed = lead in ("我是", "本人", "鄙人", "叫", "他叫", "她叫") or re.fullmatch(_KIN_OR_ROLE, lead) or \
            CARER_LEAD.fullmatch(lead) or re.fullmatch(PICKUP_SIGN, lead)
        if lead in ("叫我", "称呼我") and value[0] not in SURNAMES and value[0] not in "小老阿" and \
                not value.startswith(COMPOUND_SURNAMES):
            continue   # "经理叫我直接找你": told to, not called
        known = value[0] in SURNAMES or lead.endswith("叫") and value[0] in MORE_SURNAMES and (
            len(lead) > 1 or len(value) == 3 and CLAUSE_ENDS_HERE.match(text, m.start("v") + 3) is not None)   # "…，叫牛桂芳，"
        if surnamed and not known and not value.startswith(COMPOUND_SURNAMES):
            continue
        if lead.startswith("我是"):
            lead = "我是"
        label = re.sub(r"的?(?:姓名|名字)$", "", re.sub(r"[写填]的是|名叫|[:：是为写填叫\s，,、]|我本人", "", lead)) or "self"
        label = re.sub(rf"^({_NAME_ROLES})[{CJK}]{{1,4}}[部处科组室]的$", r"\1", label)   # "对接人是行政部的韦晓婷": 对接人
        label = "self" if label in ("我", "本人", "鄙人") or label.startswith(("免贵姓", "我姓", "姓")) \
            else re.sub(rf"^我的?(?={_KIN})", "", label.rstrip("我"))
        label = "self" if label in ("我", "本人", "鄙人", "姓名", "名字", "我", "称呼我", "全名") else label
        if lead in ("叫", "她叫", "他叫"):   # "…，叫王子墨": whose name the clause does not say
            label = ""
        elif lead.startswith("我"):   # "收件人写的是我爸，李建国": the role said before the relative
            roles = list(_NAME_ROLE.finditer(text, max(0, m.start() - 10), m.start()))
            label = roles[-1].group(0) if roles else label
        out.append(Extracted("name", value, label, f"name:{label or value}", m.start("v"), m.start("v") + len(value)))
    for m in NAME_LATIN.finditer(text) if not text.isascii() else ():   # a Latin-script name in Chinese text
        role = _NAME_ROLE.match(m.group("l"))
        label = role.group(0) if role else _whose(m.group("l"))
        # "我叫 Kevin，Kevin Zhou": the name said again in full
        full = re.compile(rf"\s*[，,]\s*({re.escape(m.group('v'))}(?: [A-Z][a-z]+)+)(?![A-Za-z])").match(text, m.end("v"))
        start, end = (full.start(1), full.end(1)) if full else (m.start("v"), m.end("v"))
        out.append(Extracted("name", text[start:end], label, f"name:{label}", start, end))
    for m in NAME_TITLE.finditer(text) if not text.isascii() else ():
        group = next(g for g in ("v", "d", "e") if m.group(g))
        value = m.group(group)
        if group == "e" and value.lower() not in NOT_EN_NAMES and not any(f.start < m.end(group) and m.start(group) < f.end for f in out):
            out.append(Extracted("name", value, "", f"name:{value}", m.start(group), m.end(group)))
        elif group != "e" and value[0] in SURNAMES and value not in NOT_NAMES and not any(
                f.start <= m.start(group) < f.end for f in out):   # "我姓王，王先生…": named once
            out.append(Extracted("name", value, "", f"name:{value}", m.start(group), m.end(group)))
    for m in [*DOCTOR_BOOKED.finditer(text), *DOCTOR_NAMED.finditer(text)] if not text.isascii() else ():   # "挂了王建国主任的专家号"
        if m.group("v")[0] in SURNAMES and not any(f.start < m.end("v") and m.start("v") < f.end for f in out):
            out.append(Extracted("name", m.group("v"), m.group("t"), f"name:{m.group('t')}", m.start("v"), m.end("v")))
    for m in PET_NAME.finditer(text) if not text.isascii() else ():
        if not any(f.start < m.end("v") and m.start("v") < f.end for f in out):
            out.append(Extracted("name", m.group("v"), "pet", "name:pet", m.start("v"), m.end("v")))
    for m in NAME_BEFORE_PHONE.finditer(text) if not text.isascii() else ():   # "…我老公，赵磊 13912345678"
        value = m.group("v")
        if (value[0] in SURNAMES or value.startswith(COMPOUND_SURNAMES)) and value not in NOT_NAMES and \
                not any(f.start < m.end("v") and m.start("v") < f.end for f in out):
            label = "联系人" if OTHER_PERSON.search(text[:m.start("v")]) else "contact"
            out.append(Extracted("name", value, label, f"name:{label}", m.start("v"), m.end("v")))
    for m in KIN_NAMED_EN.finditer(text):
        out.append(Extracted("name", m.group("v"), m.group("l").lower(), f"name:{m.group('l').lower()}", m.start("v"),
                             m.end("v")))
    for m in DOCTOR_EN.finditer(text):   # "booked in with Dr Patel": a doctor seen, by title and surname
        if not any(f.start < m.end("v") and m.start("v") < f.end for f in out):
            out.append(Extracted("name", m.group("v"), "doctor", "name:doctor", m.start("v"), m.end("v")))
    for m in NAME_EN_REL.finditer(text):
        label, group = m.group("l").lower(), "v" if m.group("v") else "w"
        if m.group(group).split()[0].lower() in NOT_EN_NAMES:
            continue   # "my son was Happy": a word, capitalised
        out.append(Extracted("name", m.group(group), label, f"name:{label}", m.start(group), m.end(group)))
    for m in NAME_EN.finditer(text):
        group = next(g for g in ("v", "w", "u", "g", "h", "p") if m.group(g))
        value = m.group(group)
        if value.split()[0].lower() in NOT_EN_NAMES or re.fullmatch(rf"{WEEKDAY}|{MONTH}", value, re.I):
            continue
        part = PART_OF_NAME.search(m.group(0))   # "surname Okonkwo, first name Adaeze": both kept
        key = f"name:self:{part.group(0).lower()}" if part else "name:self"
        out.append(Extracted("name", value, "self", key, m.start(group), m.end(group)))
    for m in NAME_EN_HOLDER.finditer(text):
        if m.group("v").split()[0].lower() not in NOT_EN_NAMES:
            role = re.sub(r"\s+", " ", m.group("l").lower()).removesuffix(" name")
            out.append(Extracted("name", m.group("v"), role, f"name:{role}", m.start("v"), m.end("v")))
    for m in NAME_EN_ROLE.finditer(text):
        group, role = ("v", "l") if m.group("v") else ("w", "k") if m.group("w") else ("x", "r")
        if m.group(group).split()[0].lower() in NOT_EN_NAMES or re.fullmatch(WEEKDAY, m.group(group), re.I):
            continue
        out.append(Extracted("name", m.group(group), m.group(role).lower(), f"name:{m.group(role).lower()}",
                             m.start(group), m.end(group)))
    for m in NAME_EN_LOWER.finditer(text):
        if not any(w in EN_COMMON or w.endswith(("ing", "ly")) for w in m.group("v").split()):
            out.append(Extracted("name", m.group("v"), "self", "name:self", m.start("v"), m.end("v")))
    for start, end, label in en.names(text):
        if not any(f.start < end and start < f.end for f in out):
            out.append(Extracted("name", text[start:end], label, f"name:{label}", start, end))
    out = [f for f in out if not (TITLE_LEAD.match(f.value) and any(g.end == f.end and g.start > f.start for g in out))
           and not ORG_EN.search(f.value)]
    return [_in_full(text, f) for f in out]


def _whose(lead: str) -> str:
    """Whose Latin-script name a lead names: "我同事叫" a colleague's, "HR 叫" the HR's, "我叫" the user's."""
    who = re.sub(r"^我的?|^新|的?名字|英文名字?|[叫是为:：\s]", "", lead)
    return "self" if who in ("", "我", "姓名") else who


PART_OF_NAME = re.compile(r"^(?:sur|first|last|given|family)(?=\s?name)", re.I)

# a business named where a person would be ("the vet is Greenway Vets")
ORG_EN = re.compile(r"\b(?:Vets?|Ltd|Limited|Clinic|Surgery|Practice|Dental|Group|Services|Hospital|Pharmacy|Motors|Garage|"
                    r"Bank|Inc|LLC|Heating|Plumbing|Electrical|Cafe|Restaurant|Hotel|Salon|Studio|Agency|Properties)$")
TITLE_LEAD = re.compile(r"(?:Dr|Mr|Mrs|Ms|Miss|Prof)\.?\s")   # "Dr. Amara Osei" read twice: once is enough


def _in_full(text: str, f: Extracted) -> Extracted:
    """"my wife Siobhan will pick up the keys, Siobhan Doyle": a first name said again in full."""
    if not re.fullmatch(r"[A-Z][a-z]+", f.value):
        return f
    full = re.compile(rf"\b{f.value}((?: [A-Z][a-z]+(?:-[A-Z][a-z]+)?)+)(?![\w'])").search(text, f.end)
    if full is None or re.search(rf"\b(?:{WEEKDAY}|{MONTH})\b", full.group(1), re.I):
        return f
    return Extracted("name", full.group(0), f.label, f.key, full.start(), full.end(), f.replaces)


# people listed after their role ("出游人：黄志强、黄丽、黄子涵"): each a name of their own
NAME_LIST = _p(rf"(?P<l>出游人|出行人|游客|旅客|参会人|参赛人|家庭成员|{_NAME_ROLES})(?:名单|信息|姓名)?\s*(?:是|有|分别是|[:：])\s*"
               rf"(?P<v>[{CJK}·]{{2,4}}(?:\s*[、和]\s*[{CJK}·]{{2,4}})+)(?=[，。,；;！!？?\s]|$)")
LIST_SEP = re.compile(r"\s*[、和]\s*")


def _listed_names(text: str) -> list[Extracted]:
    """Every name of a list, or none: each must start with a surname and stand alone."""
    out = []
    for m in NAME_LIST.finditer(text) if not text.isascii() else ():
        items, at = [], m.start("v")
        for part in LIST_SEP.split(m.group("v")):
            at = text.index(part, at)
            items.append((part, at))
            at += len(part)
        if all(p[0] in SURNAMES or p.startswith(COMPOUND_SURNAMES) for p, _ in items) and \
                not any(p in NOT_NAMES for p, _ in items):
            out += [Extracted("name", p, m.group("l"), f"name:{p}", a, a + len(p)) for p, a in items]
    return out


# a contact as it is written: a name, then a mobile number ("赵磊 13912345678", "，孙丽：138…")
# a pet's name ("我家狗叫豆豆"): the name ends its clause, and 狗叫 that is barking is no name ("狗叫得很凶")
PET_NAME = _p(rf"(?:狗狗?|猫咪?|宠物|柯基|泰迪|金毛|柴犬|布偶|英短|橘猫|兔子|仓鼠|鹦鹉)(?:的?名字)?\s?叫\s?"
              rf"(?P<v>(?![得声了个着起唤来一不嚷])[{CJK}]{{2,3}})(?=[，。！？,.!?；;\s]|$)")
# …or after the role that introduces them, the phone said after a comma ("保险顾问钱晓丽，手机 135…")
NAME_BEFORE_PHONE = _p(rf"(?:^|(?<=[，,、：:\s])|(?<=顾问|专员|经理|师傅|律师|中介|客服|销售|管家|助理))(?P<v>[{CJK}]{{2,3}})\s*[:：]?\s*"
                       rf"(?=(?:[，,]\s*(?:手机|电话)(?:号码?)?\s*(?:是|[:：])?\s*)?(?:\+?86)?\s*1[3-9]\d[\s-]?\d{{4}}[\s-]?\d{{4}}(?!\d))")


# a rent's terms as the customer's choice ("押一付三吧", "还是押一付一"): deposit months, then
# months paid at once; terms only stated ("房东说押一付三") are no choice
RENT_TERMS = _p(rf"(?:(?<=还是)|(?<=那就)|(?<=就)|(?<=选)|(?<=我要))(?<!不要)(?<!别)(?P<v>押[一二三]付[一二三六])|"
                rf"(?<![不别没要])(?P<w>押[一二三]付[一二三六])(?=吧)")
CS_CHOICE = _p(r"(?<![不别没无])(?:我选|选择?|决定|还是|直接|就|改为|改成|换成|要|想|打算)(?P<v>换货|退货退款|退货|退款|上门维修|寄修|到店维修|维修|"
               r"自提|补发|重发|分\d{1,2}期|全款|上门安装|保价|到付)(?![\u4e00-\u9fff]{0,2}(?:吗|呢|\?|？))")


# how the customer wants to be reached: "联系我优先短信", "有事发短信吧", "我比较习惯微信"
_CHANNEL = r"(?P<v>短信|微信|电话|邮件|邮箱|QQ)"
CONTACT_PREF = _p(rf"(?:优先|习惯|最好|还是|尽量|只|只能|统一)(?:用|发|走|打|通过|回)?{_CHANNEL}|"
                  rf"(?:有事|通知我?|联系我|找我|回复我?)(?:的话)?(?:就|请|麻烦|都)?(?:用|发|走|打|通过|回)"
                  rf"{_CHANNEL.replace('(?P<v>', '(?P<w>')}")


# a chosen option named by its kind: "理赔方式其实是先垫付再报销", "报的课是雅思7分冲刺班1对1版",
# "套餐以这个为准：B套餐" (the value runs to the clause's end; a question is no choice)
CHOSEN = _p(rf"(?P<l>[{CJK}]{{0,3}}(?:方式|方案|套餐|班型|课程|的课|款式|规格|配置))(?:以这个为准|最终|最后|其实|应该|就|还|都)?"
            rf"(?:是|为|选的是|选了|选|定为|定了|改成|换成|改为|换为|[:：])\s*(?P<v>(?:[^，。！？；;,.!?\n～~]|(?<=\d)[,.](?=\d)){{2,20}})")
PRICE_IN_CHOICE = re.compile(r"\s?(?:\d{1,3}(?:,\d{3})+|\d{3,})(?:\.\d+)?\s?(?:元|块)?")   # "B 档 19,800 的": the sum is no part of its name
NOT_CHOSEN = re.compile(r"什么|哪|吗|呢|多少|怎么|如何|几|有两种|有几种|是不是|可以|不一定|一样")


def _chosen(text: str) -> list[Extracted]:
    out = []
    for m in CHOSEN.finditer(text):
        label = m.group("l").lstrip("的")
        value = PRICE_IN_CHOICE.split(m.group("v"))[0].strip().rstrip("吧呢啊呀哈嘛啦了")
        if len(value) < 2 or NOT_CHOSEN.search(value) or not _good_label(label) or re.fullmatch(r"[\d.,\s]+的?", value):
            continue
        out.append(Extracted("decision", value, label, f"decision:{label}", m.start("v"), m.start("v") + len(value)))
    return out


# a chosen option said without its kind: "想了想还是选呼吸麻醉", "中式菜单，就这么定了"
CHOSEN_BARE = _p(r"(?:(?:还是|就|我|最后|最终|那就)选(?:了|择|定)?|(?:还是|那就)(?:换|要|用)(?:成)?)(?P<v>[^，。！？；;,.!?\n～~吧了]{2,12})|"
                 r"(?:^|(?<=[，,。！!]))(?:那就|就|还是)?(?P<w>[^，。！？；;,.!?\n～~]{2,12}?)吧?[，,]\s*"
                 r"(?:就这么定了|就这么定|就它了|就这个了|另一个算了|另外一个算了|别的算了)|"
                 # "我还是办卡吧": a choice that ends its clause, said after 还是 or 那就
                 r"(?:^|(?<=[，,。！!]))(?:我|我们|那我)?(?:还是|那就)(?P<x>[^，。！？；;,.!?\n～~吧了]{2,8})吧\s*(?=[，,。！!～~]|$)")
WAVERING = re.compile(r"^[不没别算等再先你他她我]|想|考虑|问问|看看|商量|研究")


ACKNOWLEDGED = re.compile(r"(?:好的?|行|可以|嗯+|ok|OK|没问题|那好|好吧|对|是的)[呀啊哈吧]?")


def _chosen_bare(text: str) -> list[Extracted]:
    out = []
    for m in CHOSEN_BARE.finditer(text):
        group = next(g for g in "vwx" if m.group(g))
        value = m.group(group).strip()
        if group == "x" and (WAVERING.search(value) or re.search(r"[对是]$", value)):
            continue   # "还是再想想吧", "那就先等等吧": nothing chosen; "还是 1500 对吧": a sum confirmed
        if (len(value) < 2 or NOT_CHOSEN.search(value) or value[0] in "不没别这那它的" or ACKNOWLEDGED.fullmatch(value)
                or re.fullmatch(r"[\d一二三四五六七八九十两]+\s?[个位名人]+", value)):
            continue
        out.append(Extracted("decision", value, "choice", "decision:choice", m.start(group), m.start(group) + len(value)))
    return out


def _decisions_zh(text: str) -> list[Extracted]:
    out = [Extracted("decision", m.group("v"), "choice", "decision:choice", m.start("v"), m.end("v"))
           for m in CS_CHOICE.finditer(text)]
    out += [f for f in _chosen(text) if not any(g.start <= f.start < g.end for g in out)]
    out += [f for f in _chosen_bare(text) if not any(g.start < f.end and f.start < g.end for g in out)]
    for m in RENT_TERMS.finditer(text):
        group = "v" if m.group("v") else "w"
        out.append(Extracted("decision", m.group(group), "付款方式", "decision:付款方式", m.start(group), m.end(group)))
    for m in CONTACT_PREF.finditer(text):
        group = "v" if m.group("v") else "w"
        out.append(Extracted("decision", m.group(group), "联系方式", "decision:联系方式", m.start(group), m.end(group)))
    return out


def _decisions(text: str) -> list[Extracted]:
    out = [] if text.isascii() else _decisions_zh(text)   # the Chinese choices all hold Chinese words
    for start, end in en.decisions(text):
        if not any(f.start <= start < f.end for f in out):
            out.append(Extracted("decision", text[start:end], "choice", "decision:choice", start, end))
    for m in PLAN.finditer(text):
        if any(f.start <= m.start() < f.end for f in out):
            continue
        left, right = _clause_bounds(text, m.start(), m.end())
        clause = text[left:right].strip()
        if DECIDE.search(clause):
            plan = re.sub(r"\s", "", m.group("p")).lower()
            out.append(Extracted("decision", clause[:80], plan, f"decision:{plan}", left, right))
    return out


# what the value of ADDRESS must hold (its lookahead), anywhere in the message
NEEDS_ADDRESS = _p(r"[\d省市区县路街道巷弄号楼栋室村镇]|\b(?:street|st|road|rd|ave|avenue|lane|apt|suite)\b", re.I)
CN_ADDRESS = _p(rf"(?:[{CJK}]{{2,7}}省)?[{CJK}]{{2,7}}市[{CJK}]{{2,7}}?(?:区|县)(?:(?!\s?(?:搬到|搬去|搬回)|\s(?:现在|现|目前|以前|之前)?[住在])[^，。！？；;\n,、]){{2,40}}|"
                # where one moves from and to ("从朝阳区望京西园三区 312 号楼搬到通州区梨园镇云景里 8 号院")
                rf"(?:(?<=从)|(?<=搬到)|(?<=搬去)|(?<=搬回))\s?(?!了)[{CJK}]{{2,4}}(?:区|县)(?:(?![的了是到在出路街道巷])[{CJK}]){{2,12}}?\s?\d{{1,4}}\s?(?:号楼|号院|栋|幢|号)"
                rf"(?:\s?\d{{1,2}}\s?单元)?(?:\s?\d{{3,4}}(?:\s?室)?)?(?!\d)|"
                # a city and its district said after where one lives ("现在住 广州市白云区")
                rf"(?<=住)\s?(?:[{CJK}]{{2,7}}省)?[{CJK}]{{2,7}}市[{CJK}]{{2,7}}?(?:区|县)(?=\s*(?:[，。！？；;,]|$))|"
                # a meeting point at a landmark ("万达广场一楼星巴克门口", "地铁站B出口")
                rf"(?:(?<=[\s，,：:在到去])|^)(?:(?![我你他她们在是的])[{CJK}]){{2,8}}(?:广场|商场|购物中心|大厦|地铁站|火车站|高铁站|汽车站|公园|大悦城|银泰)"
                rf"(?:[{CJK}\d]{{0,3}}(?:楼|层))?[{CJK}A-Za-z]{{0,6}}?(?:[A-Za-z\d]{{1,2}}\s?号?)?(?:门口|入口|出口|大门|南门|北门|东门|西门)|"
                # a hall on a floor of a hotel or restaurant ("新世纪大酒店三楼宴会厅")
                rf"(?:(?<=[\s，,：:在到去是])|^)(?:(?![我你他她们在是的])[{CJK}]){{2,8}}(?:大酒店|酒店|饭店|宾馆|会所|酒楼|酒家)"
                rf"[{CJK}\d]{{1,3}}(?:楼|层)[{CJK}A-Za-z\d]{{0,6}}?(?:宴会厅|厅|包间|包厢|会议室)|"
                # a building and its unit where the speaker is ("但我在 5 栋 2 单元 门口")
                rf"(?:(?<=我在)|(?<=我住)|(?<=住在)|(?<=放在)|(?<=我家))\s?\d{{1,3}}\s?(?:栋|幢|号楼)\s?\d{{1,2}}\s?单元(?:\s?\d{{3,4}}(?:\s?室)?)?(?!\d)|"
                # a district, its road and number, without the city ("朝阳区建国路 88 号 SOHO 现代城")
                rf"(?:(?<=[在到址是来去成为住：:])|(?<![{CJK}]))[{CJK}]{{2,4}}(?:区|县)[{CJK}]{{1,8}}?(?:路|街|大道|大街|巷|弄)\s?\d{{1,5}}\s?(?:号|弄\s?\d{{1,3}}\s?号(?!楼)(?:\s?\d{{3,4}}(?:\s?室)?(?!\d))?|弄(?=\s?\d{{1,3}}\s?号))"
                rf"(?:\s?[A-Za-z0-9{CJK} ]{{0,12}}(?:大厦|广场|中心|小区|花园|城|苑|园|座|栋|幢|号楼|层|室))?"
                rf"(?:(?<=[厦场心区园城苑号])\s?\d{{1,2}}\s?(?:楼|层)(?!\d))?"   # "创意大厦 2 楼", "文三路 259 号 6 楼"
                rf"(?:\s?[A-Za-z0-9]{{1,3}}\s?(?:座|栋|幢|号楼)(?:\s?\d{{1,2}}\s?单元)?\s?\d{{3,5}}(?:\s?室)?(?!\d))?"   # "B 座 1506"
                rf"(?:(?<=[座栋幢楼])(?:\s?\d{{1,2}}\s?单元)?\s?\d{{3,5}}(?:\s?室)?(?!\d))?|"   # "11 栋 1503", "14栋2单元1503"
                # a district, an estate, its building, unit and flat ("朝阳区望京西园三区 312 号楼 2 单元 501")
                rf"(?:(?<=[在到址是来去成为住：:])|(?<![{CJK}]))[{CJK}]{{2,4}}(?:区|县)[{CJK}]{{2,10}}?\s?\d{{1,3}}\s?(?:号楼|栋|幢|座)"
                rf"(?:\s?\d{{1,2}}\s?单元)?\s?\d{{3,4}}(?:\s?室)?(?!\d)|"
                # a building, its unit and flat ("6 号楼 2 单元 502")
                rf"(?<!\d)\d{{1,3}}\s?(?:号楼|栋|幢|座)\s?\d{{1,2}}\s?单元\s?\d{{3,4}}(?:\s?室)?(?!\d)|"
                # an estate, its building and flat ("租的是城东新苑 6 幢 402")
                rf"(?<=[是在到住址：:，,\s了])[{CJK}]{{1,6}}(?:小区|苑|园|公寓|新村|大厦|家园|社区|城|府|湾|庭|山庄)\s?\d{{1,3}}\s?"
                rf"(?:幢|栋|号楼|座)(?:\s?\d{{1,2}}\s?单元)?\s?\d{{3,4}}(?:\s?室)?(?!\d)|"
                rf"(?<![\d.])\d{{1,3}}\s?(?:号楼|栋|幢)\s?\d{{3,4}}(?:\s?室)?(?!\d)|"   # "12 幢 803"
                rf"(?<![\d.])\d{{1,2}}\s?单元\s?\d{{3,4}}(?:\s?室)?(?![\d.])|"   # "我是 3 单元 1102 的业主"
                rf"(?<![\d.])\d{{1,3}}\s?号楼(?![\d{CJK}]{{0,2}}单元)")


# the rest of an address written English-first: its parts after commas, up to a Chinese road and number
ROAD_AFTER_COMMAS = _p(rf"[A-Za-z0-9 ]{{0,8}}?(?:\s*[,，]\s*[A-Za-z0-9{CJK} ]{{1,24}}?){{0,3}}\s*[,，]\s*[{CJK}]{{1,12}}(?:路|街|大道|巷|弄)\s?\d{{1,5}}\s?号")


FLOOR_ONLY = re.compile(r"\d{1,2}\s?楼")
PLACE_PART = re.compile(r"[省市区县路街道巷弄号栋幢室村镇]|小区|大厦|花园|公寓")


ADDRESS_RUNS_ON = re.compile(r"\s*(?:收件人|收货人|联系人|电话|手机)|\s*(?:\+?86)?1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}(?!\d)")
COURTESY_TAIL = re.compile(r"\s*(?:唔该|唔該|谢谢|謝謝|多谢|多謝|麻烦(?:你|您|了)?|拜托了?)\s*$")
PLACE_OR_DIGIT = re.compile(r"[\d省市区县路街道巷弄号楼栋室村镇]")


def _addresses(text: str) -> list[Extracted]:
    out = []
    for m in ADDRESS.finditer(text) if NEEDS_ADDRESS.search(text) else ():
        label = _clean_label(m.group("l")) or "address"
        start, value = m.start("v"), m.group("v").strip()
        if value.lower().startswith("to "):
            start, value = start + 3, value[3:].strip()
        cut = ADDRESS_RUNS_ON.search(value)   # "寄到我家 收件人写我爱人 阿依古丽 电话 139…": no address said
        if cut and re.search(rf"[{CJK}]", value):
            value = value[:cut.start()].strip()
            if not PLACE_OR_DIGIT.search(value):
                continue
        value = COURTESY_TAIL.sub("", value)   # "送去旺角弥敦道 700 号 8 楼 B 室 唔该"
        end = start + len(value)
        if not re.search(rf"[{CJK}]", value):  # "221 Baker Street, Apt 4B, London NW1 6XE"
            street = en.STREET_ADDRESS.match(text, start)   # "Flat 5, 18 King Street": a unit before it
            end = en.address_end(text, max(end, street.end() if street else end))
            value = text[start:end]
        tail = ROAD_AFTER_COMMAS.match(text, end)   # "Room 1806, Tower 2, 嘉里中心, 南京西路 1515 号"
        if tail:
            end = tail.end()
            value = text[start:end]
        if FLOOR_ONLY.match(value) and not PLACE_PART.search(value):   # "我家在6楼没电梯": a floor, no address
            continue
        out.append(Extracted("address", value, label, f"address:{label}", start, end))
    for start, end in en.street_addresses(text):
        if not any(f.start < end and start < f.end for f in out):
            out.append(Extracted("address", text[start:end], "address", "address:address", start, end))
    for m in CN_ADDRESS.finditer(text) if not text.isascii() else ():
        lead = re.match(r"(?:改成|改为|换成|改到|寄到|送到|住在|(?:安装|装|放|停)在|在|是|到|了|从|\s)+", m.group(0))
        start = m.start() + (lead.end() if lead else 0)
        if not any(f.start < m.end() and start < f.end for f in out):
            label = _address_owner(text, start)
            out.append(Extracted("address", text[start:m.end()], label, f"address:{label}", start, m.end()))
    return out


# whose place an unlabelled address is, said just before it ("我公司在 ..."): its own key, so that
# the office does not replace the home
OWNER = _p(r"(公司|单位|办公室|写字楼|学校|店|工厂|仓库|office|work)\s*(?:在|是|地址是?|:|：)?\s*$", re.I)


def _address_owner(text: str, start: int) -> str:
    m = OWNER.search(text[max(0, start - 8):start])
    return m.group(1).lower() if m else "address"


def _key(category: str, label: str, value: str, changed: bool) -> str:
    label = _stem(label) if label.isascii() and " " not in label else label   # "meetings" and "meeting": one key
    if category in LABELLED:
        return f"{category}:{label}" if label else f"{category}:{value}"
    if category == "ref":   # a reference without a label is keyed by itself: two never collide
        return f"ref:{value}" if not label else f"ref:{label}" if changed else f"ref:{label}:{value}"
    return f"{category}:{label}" if label and changed else f"{category}:{value}"


_EVENTS = ("meeting appointment deadline delivery interview flight call demo launch release due birthday "
           "anniversary wedding surgery operation exam test party trip vacation holiday reservation booking "
           "checkin check-in checkout pickup pick-up shipment payment renewal expiry expiration start kickoff "
           "review training visit installation install repair service class lesson concert game match race "
           "marathon conference event dinner lunch breakfast move graduation ceremony presentation departure "
           "arrival return refund closing opening session workshop webinar shift checkup dentist doctor hearing "
           "audit inspection handover go-live golive cutover migration maintenance outage sprint standup offsite "
           "date time deadline appointment slot reminder renewal subscription contract warranty trial check check-out "
           "ticket order purchase claim complaint return show matinee performance screening gig")
EVENT_LABELS = frozenset(_stem(w) for w in _EVENTS.split())
# the errands of a customer or an assistant user, a key even a few words before the date ("flight UA 921 tomorrow")
ERRAND_LABELS = frozenset(_stem(w) for w in ("appointment delivery flight booking reservation ticket order payment "
                                             "pickup pick-up installation repair checkin check-in check-out checkout "
                                             "refund return shipment interview meeting deadline").split())
# events that name themselves a few words before their day (not "time", "date", "check", "move": words of any clause)
NAMED_EVENTS = frozenset(_stem(w) for w in ("wedding surgery operation exam party concert conference interview "
                                            "ceremony graduation funeral gig match recital hearing").split())
CN_EVENT = re.compile(r"会|议|评审|上线|交付|发货|到货|送达|上门|安装|维修|面试|入住|退房|出发|起飞|到达|见面|签约|付款|"
                      r"还款|截止|验收|培训|演示|提交|回电|回复|取件|提货|办理|复查|复诊|手术|考试|检查|开工|完工|"
                      r"生效|到期|过期|续费|报名|预约|集合|聚餐|装修|搬家|出差|旅游|旅行|结婚|领证|体检|婚礼|答辩|开庭|发布|航班|送货|配送|"
                      r"约|活动|课|发|交|取|到|走|回")
CN_BAD_LABEL_START = set("有快会就都也还再又才刚在要能可想去来是把被让给跟和与及或这那哪一不没很太真明好哈")
CN_PRONOUNS = set("我你他她它您咱")
PERSON_LABEL = re.compile(rf"(?:{_KIN}|小孩|宝宝|同事|朋友)$")   # "我家孩子昨天…": a person is no key of a date
# a label ending in a particle, "说" or "才" is a clause, not a noun ("你们客服是24小时的吗", "天气预报说
# 2号要下雨", "回来再说", "楼下奶茶才16块")
CN_BAD_LABEL_END = set("吗呢吧啊呀哈了说才的")


KEY_WORDS = frozenset({"budget", "price", "cost", "total", "fee", "deposit", "salary", "rent", "amount", "paid", "refund",
                       "balance", "address", "order", "unit"})


def _good_label(label: str) -> bool:
    """A real key: an English event noun ("meeting", "flight"), or a Chinese noun phrase of
    2-8 characters that starts with no particle or verb and holds no pronoun."""
    if not label:
        return False
    if re.search(rf"[{CJK}]", label):
        return (2 <= len(label) <= 8 and (label[0] not in CN_BAD_LABEL_START or label in ("会议", "会诊"))
                and label[-1] not in CN_BAD_LABEL_END
                and "是" not in label and not CN_PRONOUNS.intersection(label) and not PERSON_LABEL.search(label))
    return _stem(label) in EVENT_LABELS or label in KEY_WORDS or _stem(label) in KEY_WORDS


DEMONSTRATIVE = re.compile(r"^(?:[这那该此]|你们|我们)?(?:个|些|种|笔|项)?(?=[\u4e00-\u9fff])")
# what an English product's key may be: a kind of thing ("my laptop is a Dell XPS 13"), not the
# verb or the word before it ("sold the Skoda Octavia", "say hello to the new Fiat Panda")
PRODUCT_KINDS = frozenset(("car phone laptop model tablet watch tv camera bike router printer console device product "
                           "item machine fridge washer dryer vacuum headphones earbuds speaker monitor van truck "
                           "scooter mower kettle blender oven dishwasher modem lens drone keyboard mouse").split())
# "for the first time last Saturday", "same time next week", "the third time this year": no key
TIME_COUNTED = re.compile(r"\b(?:first|second|third|fourth|fifth|last|same|every|each|one|any|some|what|this|next|"
                          r"\d+(?:st|nd|rd|th))\s+time\s*$", re.I)


def _no_english_key(text: str, start: int, category: str, label: str) -> bool:
    if category == "product":
        return _stem(label) not in {_stem(k) for k in PRODUCT_KINDS}
    return label == "time" and TIME_COUNTED.search(text, max(0, start - 24), start) is not None


def _many(label: str) -> bool:
    """An English key said in the plural ("deliveries this month", "3 launches in one week"): many
    events over a span, a tally, not one day to keep."""
    return label.isascii() and label.endswith("s") and _stem(label) != label and not label.endswith(("ss", "us", "is"))


def _relative(value: str) -> bool:
    """A date with no number in it ("next month", 明天, 月底): it needs a key to mean anything.
    A holiday names its day (元旦, 国庆节前一天)."""
    return (not re.search(rf"\d|[{CN_DIGIT}]", value) and HOLIDAY.search(value) is None and SPOKEN_CLOCK.search(value) is None
            and EN_HOLIDAY_RE.search(value) is None and CALENDAR_PART.search(value) is None)


CALENDAR_PART = re.compile(rf"\b(?:mid|early|late)[- ](?:{MONTH})\b|\bweek\s+of\s+(?:{MONTH})\b|\bafter\s+next\b", re.I)
SPOKEN_CLOCK = re.compile(r"\b(?:half|quarter)\s+(?:past|to)\b|o['’]?clock|\bhalf\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", re.I)   # "Friday at half past four" names its hour


NOUN_ENDED = re.compile(r"(?:大人|成人|小孩|孩子|儿童|老人|师傅|阿姨|工人|员工|司机|口人)$")   # the noun is in it


TIME_UNIT_END = re.compile(r"(?:天|小时|个?钟头|周|个?星期|个月|年|晚|夜|分钟)$")


def _counted(text: str, value: str, end: int) -> tuple[str, int, str]:
    """A Chinese count with the noun right after it: "7 位" + "嘉宾" -> ("7 位嘉宾", .., "嘉宾")."""
    named = NOUN_ENDED.search(value)
    if named:
        return value, end, named.group(0)
    m = re.match(rf"[{CJK}]{{1,6}}", text[end:end + 6])   # read past four: "工作日早就" ends at 日
    latin = re.match(r"\s?([a-z]{3,15})(?![A-Za-z])", text[end:end + 17])   # "3 个 designer": an English noun
    if latin and not m and re.search(r"[个张份台件位间套]$", value):
        return value + latin.group(0), end + len(latin.group(0)), latin.group(1)
    if m and re.search(rf"[{CJK}]$", value) and not TIME_UNIT_END.search(value):   # "戴 10 天伊丽莎白圈": days, no noun
        noun = re.split(r"早就|早已|早都|对吧|对吗|[的了吧呢啊吗呀和或与及都也就还是在要有再又才先]", m.group(0))[0][:3]
        if noun:
            return value + noun, end + len(noun), noun
    return value, end, ""


def _english_spans(text: str) -> list[tuple[int, int, str, str, str]]:
    """Counts and products of extract_en that the shared patterns miss, as (start, end, category, value, keyword)."""
    out = [(s, e, "count", text[s:e], label) for s, e, label in en.counts(text)]
    out += [(s, e, "product", text[s:e], "") for s, e in en.products(text)]
    return out


def _merged_spans(text: str) -> list[tuple[int, int, str, str, str]]:
    spans = _spans(text)
    for extra in _english_spans(text):
        overlapping = [f for f in spans if f[0] < extra[1] and extra[0] < f[1]]
        if all((f[2] == extra[2] or f[2] in ("datetime", "count", "amount") and extra[0] <= f[0] and f[1] <= extra[1])
               and f[1] - f[0] < extra[1] - extra[0] for f in overlapping):  # "Midnight" of a MacBook
            spans = [f for f in spans if f not in overlapping] + [extra]
    return sorted(spans)



# whose number it is, when not the user's own: a backup contact, a relative, a neighbour
OTHER_PERSON = re.compile(r"备用|紧急|联系人|弟弟|妹妹|哥哥|姐姐|老婆|老公|爱人|媳妇|丈夫|妻子|我妈|我爸|妈妈|爸爸|"
                          r"儿子|女儿|孩子|朋友|同事|邻居|家人|亲戚|对方|司机|师傅|[他她](?:的|电话|手机|号码)")
# another person's number in English ("my wife Priya's is …", "Gran's mobile is …"), keyed by who
_RELATIVE_EN = (r"wife|husband|partner|son|daughter|mum|mom|mother|dad|father|brother|sister|gran|grandma|granny|grandad|"
                r"grandpa|grandmother|grandfather|auntie|aunty|aunt|uncle|nana|nan|cousin|friend|boss|colleague|neighbou?r|landlord|"
                r"flatmate|roommate")
# "my wife's", "Dad's", and a relative by name: "Auntie Rose's number"
OTHER_PERSON_EN = re.compile(rf"\b(?:(?:my|our|his|her|their)\s+(?P<r>{_RELATIVE_EN})\b|(?P<s>{_RELATIVE_EN})['’]s\b|"
                             rf"(?P<t>{_RELATIVE_EN})\s+[A-Z][a-z]+['’]s\b)", re.I)
SENTENCE_OR_NUMBER = re.compile(r"[。！？!?\n\d]")   # where the words about a number begin


def _single_key(category: str, text: str, left: int, start: int, keyword: str) -> str:
    """Phones, e-mails, ids, cards: one per kind (the user's own by default; "home phone", "sort code").
    Another person's (备用联系人写我弟弟…，电话…; 她电话…) is keyed by who it is, over the sentence,
    so that it never supersedes the user's own."""
    digits = [m.end() for m in DIGIT.finditer(text, left, start)]
    before = text[digits[-1] if digits else left:start]  # "work phone X and my mobile Y": Y is no work phone
    if keyword in en.BANK_KINDS:
        return f"{category}:{en.BANK_KINDS[keyword]}"
    kind = re.search(r"备用|公司|办公|座机|家|工作|另一个|另外一个|第二个", before) or en.PHONE_KINDS.search(before)
    if kind is None and category == "phone":   # back to the sentence's start or the number before
        near = max(0, start - 40)
        cut = max((m.end() for m in SENTENCE_OR_NUMBER.finditer(text, near, start)), default=near)
        kind = OTHER_PERSON.search(text, cut, start)
        other = OTHER_PERSON_EN.search(text, cut, start) if kind is None else None
        if other:
            return f"{category}:{(other.group('r') or other.group('s') or other.group('t')).lower()}"
    return f"{category}:{kind.group(0).lower()}" if kind else category


def _dropped(text: str, category: str, value: str, start: int, end: int) -> bool:
    """A value taken back ("not X"), or a number of chit-chat (a hypothetical, a ratio, "it's 2am")."""
    left, right = _clause_bounds(text, start, end)
    return (en.rejected(text, start, end, left, category == "address") or _taken_back_zh(text, start, end)
            or category in ("amount", "count", "datetime") and _aside(text, category, start, end, left)
            or en.chit_chat_number(text, category, value, start, left, right) or _seat(text, category, value, start)
            or category == "datetime" and _story_hour_zh(text, value, start, left)
            or category == "datetime" and _moved_away_zh(text, end, right)
            or category == "datetime" and BUSY_AFTER.match(text, end) is not None
            or category == "datetime" and BARE_PERIOD.fullmatch(value) is not None and NOT_HAPPENED.match(text, end) is not None
            or category == "count" and VILLAGE_BEFORE.search(text, max(0, start - 6), start) is not None
            or category == "datetime" and _habit_zh(text, start, end)
            or category == "datetime" and _spelled_char(text, value, end)
            or category == "datetime" and SOONER.fullmatch(value) is not None
            or category == "bank_card" and _phone_tail(text, start)
            or category == "count" and (POLICY.match(text, end) is not None
                                        or POLICY_BEFORE.search(text, max(0, start - 8), start) is not None))


# the customer's asides: what others say or pay ("天气预报说周六有大雨", "朋友说…周三会员日",
# "My neighbour pays £25 a month"), a price that only sets off the desk's own ("外卖才15块，你们
# 这个运费就要12"), the days already waited ("已经7个工作日了") and the calls already made ("打了5次电话")
HEARSAY = re.compile(r"听说|据说|天气预报|预报说|新闻上?说|(?:朋友|同事|邻居|别人|人家|网上)(?:都)?说|"
                     r"(?i:\bI heard\b|\bapparently\b|\bthe (?:weather|forecast)\b|\b(?:friend|neighbou?r|colleague)s? "
                     r"(?:said|says|told me|pays?|paid|got)\b)")
BASELINE_BEFORE = re.compile(r"(?:才|只要|只卖|只花了?)\s?$")
DESK_AFTER = re.compile(r"[，,。；;]\s*(?:但是?|可是?|而)?(?:你们|你家|贵店|这边|你这)")
EN_BASELINE = re.compile(r"\b(?:last time|last year|it used to|used to|they used to)\b", re.I)   # "Last time it cost $90, now $160"
NOW_AFTER = re.compile(r"[,;.]\s*(?:but\s+)?now\b", re.I)
BASELINE_BEFORE_PAID = re.compile(r"(?:才|只)(?:花了|付了|交了|收了)?\s?$")
THIRD_PARTY = re.compile(r"(?:我|我的)\s?(?:朋友|同事|邻居|同学|(?i:colleague|friend|neighbou?r|classmate))|隔壁|邻居|别人|人家")
# others' money in a story of before ("the lads paid forty quid each for the tickets last year")
OTHERS_PAID = re.compile(r"(?i)\b(?:the (?:lads|guys|girls|kids|others)|my (?:mates?|friends?|pals?|neighbou?rs?|colleagues?|"
                         r"brother|sister|cousins?|parents)|they|he|she)\s+(?:\w+\s+)?(?:paid|spent)\s+"
                         r"(?:like\s+|about\s+|around\s+|only\s+|just\s+)?$")
PAST_MARKER = re.compile(r"(?i)\b(?:last (?:year|time|month|summer|winter|christmas)|years? ago|back then|when (?:we|I) (?:were|was) there)\b")
COUNT_PAST = re.compile(r"(?i)\b(?:stayed|rained|waited|spent|lasted|took|was|were|had)\b(?:\s+\w+){0,3}?\s+$")   # "we only stayed two nights last time"
ELAPSED_BEFORE = re.compile(r"(?:已经|都|等了|过了|快)\s?$")
SPAN_EN = re.compile(r"(?i)\b(?:days?|weeks?|months?|hours?|years?|nights?)$")
ELAPSED_EN = re.compile(r"(?i)\b(?:has|have|had|'s|'ve)\s+(?:had|been)\b[^,.;!?]{0,40}?\bfor\s+"
                        r"(?:about\s+|almost\s+|over\s+|nearly\s+|like\s+)?$")
SPAN_OF_TIME = re.compile(r"[\d一二三四五六七八九十两]+\s?个?(?:工作日|天|小时|分钟|星期|周|个月|年)")
DONE_ZH = re.compile(r"(?:修|做|写|跑|吃|看|喝|走|读|改|测|玩|刷|停|住|睡|坐|练)了\s?(?:一共|总共|足足)?\s?$")   # "一共修了37个bug", "吃了三碗饭"
DONE_EN = re.compile(r"(?i)\b(?:drank|ate|cooked|baked|ran|walked|read|watched|played|drove|wrote|fixed|finished|cleaned)\s+"
                     r"(?:like\s+|about\s+|around\s+|maybe\s+|almost\s+|nearly\s+|over\s+)?$")
DIGITS_OF = re.compile(r"\d\s+digits\b")
ATTEMPTS = re.compile(r"(?:打了|催了|问了|找了|跑了|来了|投诉了|反映了)\s?$")


def _aside(text: str, category: str, start: int, end: int, left: int) -> bool:
    if HEARSAY.search(text, left, start):
        return True
    if category == "amount" and BASELINE_BEFORE.search(text, max(0, start - 4), start) and DESK_AFTER.search(text, end):
        return True
    if category == "amount" and EN_BASELINE.search(text, left, start) and NOW_AFTER.search(text, end):
        return True
    if category == "amount" and BASELINE_BEFORE_PAID.search(text, max(0, start - 6), start) and THIRD_PARTY.search(text, 0, start):
        return True   # "我朋友上个月也在你们这修的，才花了两百"
    if category == "amount" and OTHERS_PAID.search(text, left, start) and PAST_MARKER.search(text, left, min(len(text), end + 60)):
        return True
    if category == "count" and COUNT_PAST.search(text, max(left, start - 30), start) and \
            PAST_MARKER.search(text, left, min(len(text), end + 40)):
        return True
    if category in ("count", "datetime") and SPAN_OF_TIME.match(text, start) and ELAPSED_BEFORE.search(text, max(0, start - 4), start):
        return True
    if category == "count" and SPAN_EN.search(text, start, end) and ELAPSED_EN.search(text, max(left, start - 50), start):
        return True   # "he has had a cough for 10 days": how long so far, nothing to keep
    if category == "count" and (DONE_ZH.search(text, max(0, start - 6), start) or DONE_EN.search(text, max(0, start - 24), start)):
        return True   # "一共修了37个bug", "we drank like 6 bottles of wine"
    if category == "count" and text[start:end].endswith("位") and re.search(r"[后末前尾]\s?$", text[max(0, start - 2):start]):
        return True   # "身份证号后 4 位是 3316": which digits, not how many
    if category == "count" and DIGITS_OF.match(text, start) and re.search(r"(?i)\b(?:last|first)\s+$", text[max(0, start - 8):start]):
        return True   # "aadhaar last 4 digits 6619": which digits, not how many
    return category == "count" and "次" in text[start:end] and ATTEMPTS.search(text, max(0, start - 4), start) is not None


SOONER = re.compile(r"[早晚]\s?一点")   # "能不能约早一点": sooner, not one o'clock


# a time a past day's story ran to ("昨天又加班到11点", "前天等到9点"): how late, no appointment
PAST_DAY_ZH = re.compile(r"昨天|昨晚|前天|前晚|上周|上个?星期|上次|那天|那晚")
RAN_TO_ZH = re.compile(r"(?:加班|睡|玩|忙|聊|等|熬夜?|喝|写|开会|排队|堵|逛|搞|弄|干|改|调|上线|(?i:OT))\s?到\s?$")
HOUR_ZH = re.compile(r"(?:凌晨|早上|上午|中午|下午|晚上|半夜)?\s?(?:\d{1,2}|[一二三四五六七八九十两]{1,3})\s?[点:：]")


def _story_hour_zh(text: str, value: str, start: int, left: int) -> bool:
    return (HOUR_ZH.match(value) is not None and RAN_TO_ZH.search(text, max(0, start - 6), start) is not None
            and PAST_DAY_ZH.search(text, left, start) is not None)


# what someone keeps doing ("烧烤摊每天晚上十一点以后还在营业", "楼上天天早上6点装修"): a complaint's
# habit, not a time to keep; "每天早上 8 点送奶" stays a schedule
ALWAYS_ZH = re.compile(r"(?:天天|经常|总是|老是)\s?$")
DAILY_ZH = re.compile(r"(?:每天|每晚|每天晚上|每天早上)\s?$")
STILL_AFTER_ZH = re.compile(r"\s?(?:还|都|也|就|才|总)")


# "杜甫的杜 明天的明": a word said for one of its characters, as a name is spelled out
SPELLED_CHAR = re.compile(rf"的([{CJK}])(?=\s|[，,。]|$)")


def _spelled_char(text: str, value: str, end: int) -> bool:
    m = SPELLED_CHAR.match(text, end)
    return m is not None and m.group(1) in value


def _habit_zh(text: str, start: int, end: int) -> bool:
    before = text[max(0, start - 4):start]
    return ALWAYS_ZH.search(before) is not None or DAILY_ZH.search(before) is not None and STILL_AFTER_ZH.match(text, end) is not None


# "收件人写王琳，尾号6625": after a parcel's or a phone's words, 尾号 is a phone's last digits, not a card's
PHONE_TAIL_ZH = re.compile(r"收件|快递|取件|外卖|骑手|手机|电话|号码")


def _phone_tail(text: str, start: int) -> bool:
    before = text[max(0, start - 16):start]
    return "尾号" in before and "卡" not in before and PHONE_TAIL_ZH.search(before) is not None


# a value the message corrects or gives up: "不是 13812345678，是 …", "原来是 8 号", "旧号 … 不用了",
# "周五没人", "从周二挪到周四": the new one is the fact, the old one is none
TAKEN_BACK_BEFORE = re.compile(r"(?:不是|原来是|原来的|之前的|以前的|旧号码?|旧的|老号码?|而不是|(?:本来|原来)(?:约的|定的|订的)是)\s*$")
TAKEN_BACK_AFTER = re.compile(r"\s*(?:不用了|不要了|作废|没人|不行|不方便|停用|注销了|别[送来寄发]|不要[送来寄发]|不[送来]|不在家)")
# a day someone is busy ("周六她有事"); "有事直接打" is when to call, not a day
# what has not come this month is a complaint, not a day ("养老金这个月没到账", "今天还没发货")
BARE_PERIOD = re.compile(r"这个?月|本月|上个?月|今天|昨天|前天|这周|本周|上周|这礼拜|上礼拜|今年|这几天|最近")
NOT_HAPPENED = re.compile(r"\s*(?:还|都|一直|也)?(?:没有?|未)\s?(?:到账|收到|到|发货|发|来|回复?|退|修|处理|联系|打|给|转|动静)")
# a village's group is part of its address ("王庄村二组", "刘楼村 8 组")
VILLAGE_BEFORE = re.compile(r"(?:村|屯|庄|社区|生产队)\s?$")
BUSY_AFTER = re.compile(r"\s*(?:[我你他她]们?)?(?:有事|没空)(?!\s?(?:直接|就|可以|请|随时|的话|再|找|打|联系|call))|"
                        r"\s*才(?:下班|放学|下课|起床|睡醒)")   # "我 4 点 50 才下班": why, the plan is said apart
# a day called off ("取消明天的预约", "周五的聚餐取消了"): what is left of it is no plan
CANCELLED_BEFORE_ZH = re.compile(r"取消(?:掉)?\s?$")
CANCELLED_AFTER_ZH = re.compile(r"的?\s?[^，。！？,.!?\s]{0,6}?(?:取消了|取消掉|不开了|不办了)")
MOVED_FROM_ZH = re.compile(r"\s*(?:挪到|改到|换到|调到|移到|推到|推迟到|提前到|延到|延期到|改成|改为)")


def _taken_back_zh(text: str, start: int, end: int) -> bool:
    if TAKEN_BACK_BEFORE.search(text, max(0, start - 6), start) or TAKEN_BACK_AFTER.match(text, end):
        return True
    if CANCELLED_BEFORE_ZH.search(text, max(0, start - 4), start) or CANCELLED_AFTER_ZH.match(text, end):
        return True
    return text[max(0, start - 1):start] == "从" and MOVED_FROM_ZH.match(text, end) is not None


# a service's promise, not an amount of anything ("24 小时客服", "7 天无理由退货", "三年质保")
POLICY = re.compile(r"\s?(?:客服|在线|营业|服务|无理由|包退|包换|退换|质保|保修|不打烊|以上|以下|以内|之内|内|便利店|药店|超市|急诊|都有人|有人)")
POLICY_BEFORE = re.compile(r"(?:客服|营业|服务|在线|开门|门店|热线)(?:时间)?(?:是|都是|也是)?\s?$")   # "你们客服是24小时的吗"


# a seat in a row ("看台 A 区 8 排 15、16 号") is no day of the month
SEAT_BEFORE = re.compile(r"排\s?(?:\d{1,3}\s?号?\s?(?:[、,，和跟]|还有)\s?)*$")


def _seat(text: str, category: str, value: str, start: int) -> bool:
    return category == "datetime" and re.fullmatch(r"\d{1,2}\s?[号日]", value) is not None and \
        SEAT_BEFORE.search(text, max(0, start - 16), start) is not None


# a relative date that still names one day to come, a deadline or a schedule ("every other Monday"), is a fact
# without a key
DEADLINE = re.compile(rf"^(?:(?:by|before|until)\s|every\s+(?:other|second|alternate|third)\s|fortnightly\s|(?:next|this|coming)\s+{WEEKDAY}|(?:下个?|这个?|本|下下个?)\s?{WEEKDAY}|in\s+[a-z ]+\s+(?:days?|weeks?|months?)$)", re.I)
RATE_BEFORE = re.compile(r"\b(?:once|twice|thrice|\d+\s+times|(?:three|four|five|six|several|many)\s+times)\s+$", re.I)
# a day and its part, in a clause about what is to come ("will pick it up on Saturday morning")
DAY_TO_COME = re.compile(rf"^(?:on\s+)?(?:{WEEKDAY}|{SHORT_DAY})(?:\s*(?:-|–|to|through|thru|till|until)\s*{WEEKDAY})?"
                         rf"(?:\s+(?:morning|afternoon|evening|night|arvo))?$", re.I)
# a day and its part of the day in Chinese names one slot ("大后天上午去领证", "明天下午")
CN_SLOT = re.compile(r"(?:上午|下午|中午|晚上|早上|凌晨|傍晚)$")
WORKS_AFTER = re.compile(r"\s+(?:works|suits|is fine|is good|is better|would work|is ok(?:ay)?|if possible)\b", re.I)   # "Friday works"
TO_COME = re.compile(r"\b(?:will|'ll|going to|gonna|can you|could you|can I|could I|can we|could we|can do|please|let's|shall|scheduled|booked|free|any\s?time|"
                     r"make it|make that|change it to|move it to|switch it to|(?<!n't )(?<!not )come|(?<!n't )(?<!not )visit|arriving|leaving|departing|checking in|"
                     r"(?<!n't )(?<!not )(?:arrive|arrives|be delivered|ship|ships)|meant to|supposed to|expected|"
                     r"appointment|appt|due|earliest|available)\b", re.I)


# an account number of a service, not of a bank ("my subscription (account no. 55-2109-77)"); read
# across the "no." that ends a clause
SERVICE_ACCOUNT = re.compile(r"\b(?:subscription|membership|customer|broadband|internet|utility|energy|gas|"
                             r"electric(?:ity)?|water|phone|mobile|loyalty|insurance|streaming|bill|plan|data|usage|"
                             r"council tax|tax|rates|tv licen[cs]e|parking|toll|library)\b", re.I)


# a Singapore unit, "#12-08" (floor 12, unit 08), after its word: part of an address, not a reference
UNIT_NO = re.compile(r"#\d{1,2}-\d{2,4}")
UNIT_BEFORE = re.compile(r"(?i)\b(?:unit|condo|apt|apartment|flat|blk|block)\b")
BLOCK_BEFORE = re.compile(r"(?i)\b(?:blk|block)\s?\d{1,4}[A-Z]?\s*,?\s*$")   # "Blk 219 #08-112": the block with it


# a number of a phone's shape after an account's word ("户号 0102 7733 4512"): the account's number
REF_LABEL_BEFORE = re.compile(r"(?P<l>户号|卡号|账号|帐号|编号|单号|客户号|会员号|工号|学号|表号|证号)\s*(?:是|为|:|：)?\s*$")


MODEL_LABEL_BEFORE = re.compile(r"(?:型号|机型|款号|(?i:model)(?:\s+(?:no\.?|number))?)\s*(?:是|为|:|：|(?i:is))?\s*$")


def _fact(text: str, start: int, end: int, category: str, value: str, keyword: str) -> Extracted | None:
    left, right = _clause_bounds(text, start, end)
    if category == "ref" and not keyword and MODEL_LABEL_BEFORE.search(text, left, start):
        category = "product"   # "型号 SF-3207": a model, whatever its shape
    label_before = REF_LABEL_BEFORE.search(text, left, start) if category == "phone" else None
    if label_before:
        category, keyword = "ref", label_before.group("l")
    if category == "bank_card" and keyword.startswith(("account", "acct")) and \
            SERVICE_ACCOUNT.search(text, max(0, min(start - 40, _sentence_start(text, start))), min(len(text), end + 40)):
        category = "ref"
    changed = bool(CHANGE.search(text[left:right]))
    if category == "ref" and UNIT_NO.fullmatch(value) and UNIT_BEFORE.search(text, max(0, start - 20), start):
        block = BLOCK_BEFORE.search(text, max(0, start - 16), start)
        start, value = (block.start(), text[block.start():end]) if block else (start, value)
        return Extracted("address", value, "unit", "address:unit", start, end, "address:unit:" * changed)
    if category == "bare_postcode":
        return None
    if category == "postcode":
        return Extracted("address", value, "postcode", "address:postcode", start, end, "address:" * changed)
    if category == "datetime" and not text.isascii():
        value = _day_kept(text, left, start, value)
    if category == "datetime" and en.SPAN.search(value) and en.MOVED.search(text, left, start):
        to = re.search(r"\s(?:to|until|till)\s+", value)   # "move it from the 3rd to the 5th of May": the new day
        if to:
            start, value = start + to.end(), value[to.end():]
    keyword = DEMONSTRATIVE.sub("", keyword) if len(DEMONSTRATIVE.sub("", keyword)) >= 2 else keyword   # "这个运费" -> 运费
    label = keyword or _label_for(text, start, end, category)
    if label.isascii() and label and not keyword and _no_english_key(text, start, category, label):
        label = ""
    if category == "datetime" and re.search(CN_DATE, label):   # "原定的周三改为周五": a date is no key of another
        label = ""
    if category == "datetime" and RATE_BEFORE.search(text, max(0, start - 16), start) and (DEADLINE.match(value) or _relative(value)):
        return None   # "twice in one day": how often, not when
    if category in LABELLED and (not _good_label(label) or category == "datetime" and _relative(value) and _many(label)):
        if category == "datetime" and _relative(value) and not DEADLINE.match(value) and not CN_SLOT.search(value) and \
                not (DAY_TO_COME.match(value) and (TO_COME.search(text, left, start) or WORKS_AFTER.match(text, end))) and \
                not _moved_to_zh(text, left, start):
            return None  # "this week", 下个月 with no real key: chit-chat, not a fact
        label = ""
    if category == "count":
        value, end, noun = _counted(text, value, end)
        label = noun or label
    if category in SINGLE:
        key = _single_key(category, text, left, start, keyword)
        if not _good_label(label) and re.search(rf"[{CJK}]", label):   # "打…就能找到我", "她电话": no key
            label = key.partition(":")[2]
    else:
        key = _key(category, label, value, changed)
    replaces = f"{key}:" if category in ("ref", "product") and changed and label else ""
    if category in ("ref", "product"):
        label = _shown_label(label)
    return Extracted(category, value, label, key, start, end, replaces)


SHOWN_BAD_START = re.compile(r"^(?:在|和|了|把|给|跟|[这那哪]个?[台部辆件个]?)")
SHOWN_BAD_END = re.compile(r"[了吗呢吧啊呀是买到在]$")


def _clause_like(label: str) -> bool:
    return (re.search(r"\d|[吗呢吧？?是]", label) is not None or SHOWN_BAD_START.match(label) is not None
            or SHOWN_BAD_END.search(label) is not None or bool(CN_PRONOUNS.intersection(label)))


def _shown_label(label: str) -> str:
    """What the table shows before a code or a model, from the words before it: the noun of
    "明早7:40的高铁" (高铁), "路由器是TP-LINK" (路由器); nothing from a clause ("锁了", "在Amazon买",
    "机票改签到2025.3.15"): the key keeps the words as they were."""
    if not re.search(rf"[{CJK}]", label) or len(label) <= 8 and not _clause_like(label):
        return label   # a noun phrase already
    label = re.split(r"[吗呢吧？?]", label)[-1]   # "闲鱼上那个相机还在吗富士": the brand after the question
    label = re.split(r"改成|换成|改为|换为", label)[-1]   # "坏的设备改成美的洗碗机": the new one
    counted = re.split(r"(?:[一两二三四五六七八九十几\d]|这|那)[台部辆件个只款]", label)[-1]
    label = counted if len(counted) >= 2 else label   # "在京东退了一台戴森吹风机": what one was
    after = re.split(r"(?<!美)的", label)[-1]   # 美的 is a maker
    label = after if len(after) >= 2 else label
    label = re.split(r"[是去]", label)[0]   # "路由器是TP-LINK", "高铁去上海出差"
    label = SHOWN_BAD_START.sub("", label)
    if len(label) < 2 or _clause_like(label) or label.startswith(("一直", "里", "尺码")):
        return ""
    return label


# full-width letters, digits and signs ("ＳＦ１４２３５５６７８９０１") read as their ASCII forms, one
# character for one, so every offset stays; the values keep the text's own characters
HALF_WIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
KEEP_WIDE = "，。！？：；（）～"   # Chinese punctuation the patterns read as it is
READ_WIDE = {c: t for c, t in HALF_WIDTH.items() if chr(c) not in KEEP_WIDE}


def extract(text: str) -> list[Extracted]:
    """All facts in ``text``, in order of appearance (values are verbatim substrings)."""
    if text.isascii():
        return _extract(text)
    plain = _read_as(text)
    if plain == text:
        return _extract(text)
    return [replace(f, value=text[f.start:f.end]) if _read_as(text[f.start:f.end]) == _read_as(f.value) else f
            for f in _extract(plain)]


def _read_as(text: str) -> str:
    """What ``extract`` reads: full-width ASCII as ASCII (KEEP_WIDE aside) and Traditional
    Chinese as Simplified (terms.simplified), one character for one, so that one set of labels
    and patterns reads "訂單編號", "電話", "下週三" and every offset stays the typed text's."""
    return simplified(text.translate(READ_WIDE))


def _extract(text: str) -> list[Extracted]:
    facts: list[Extracted] = [f for f in _addresses(text) if not _dropped(text, "address", f.value, f.start, f.end)]
    inside = [(f.start, f.end) for f in facts]
    for start, end, category, value, keyword in _merged_spans(text):
        if any(a <= start and end <= b for a, b in inside) or _dropped(text, category, value, start, end):
            continue  # a house number inside an address is not a date
        fact = _fact(text, start, end, category, value, keyword)
        if fact is not None:
            facts.append(fact)
    if CHANGE.search(text):  # "地址改一下，改成 ...": the newest address, whatever its label, is replaced
        facts = [replace(f, replaces="address:") if f.category == "address" else f for f in facts]
    facts.extend(f for f in _names(text) if not _dropped(text, "name", f.value, f.start, f.end))
    decided = [f for f in _decisions(text) if not _dropped(text, "decision", f.value, f.start, f.end)]
    # "I'll take the 3 o'clock one": the time is what was chosen, one fact
    facts = [f for f in facts if f.category != "datetime" or not any(d.start <= f.start and f.end <= d.end for d in decided)]
    facts.extend(decided)
    facts.sort(key=lambda f: f.start)
    return _listed_refs(text, _restated_days(text, _unrestated(text, facts)))


# a span from now that says again the date just given ("April 28th, so in three weeks", "on
# March 27th. In four weeks!", "12月3号，也就是下周三"): the date is the fact, the span its gloss
CN_GLOSS = re.compile(r"(?:下下?|这|本)?(?:周|星期|礼拜)[一二三四五六日天]|明天|后天|大后天")
SPAN_FROM_NOW = re.compile(r"(?i:in\s+(?:\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)"
                           r"\s+(?:days?|weeks?|months?))")
RESTATING = re.compile(r"(?i)\W*(?:so|that's|that is|which is|it's|it is|i\.e\.)?\W*$|[，,\s]*(?:也就是|就是|即)\s*$")


def _unrestated(text: str, facts: list[Extracted]) -> list[Extracted]:
    dated = [f for f in facts if f.category == "datetime" and re.search(r"\d", f.value) and not SPAN_FROM_NOW.search(f.value)]
    def gloss(f: Extracted) -> bool:
        if f.category != "datetime" or not (SPAN_FROM_NOW.fullmatch(f.value) or CN_GLOSS.fullmatch(f.value)):
            return False
        return any(0 <= f.start - d.end <= 16 and RESTATING.match(text[d.end:f.start]) for d in dated)
    return [f for f in facts if not gloss(f)]


# "改到下个礼拜二 不是礼拜一 是礼拜二下午": the day said again, in full, after the one it is not
RESTATED_ZH = re.compile(r"\s?不是[^，。！？,.!?]{1,8}?\s?(?:是|而是)\s?$")


def _restated_days(text: str, facts: list[Extracted]) -> list[Extracted]:
    """The day said again keeps the first one's key ("预约"), so that it still moves the appointment."""
    dates = [f for f in facts if f.category == "datetime"]
    again = {id(b): a for a in dates for b in dates if b.start > a.end and _same_weekday(a.value, b.value)
             and RESTATED_ZH.search(text[a.end:b.start])}
    first = {id(a) for a in again.values()}
    return [replace(f, label=again[id(f)].label, key=again[id(f)].key) if id(f) in again and not f.label else f
            for f in facts if id(f) not in first]


def _same_weekday(first: str, again: str) -> bool:
    a, b = WEEKDAY_ZH.search(first), WEEKDAY_ZH.match(again)
    return a is not None and b is not None and a.group(0)[-1] == b.group(0)[-1]


LIST_JOIN = re.compile(r"\s*(?:和|、|及|跟|以及|,|，|/|&|and)\s*", re.I)


def _code_shape(value: str) -> str:
    return re.sub(r"\d", "9", re.sub(r"[A-Za-z]", "A", value))


def _listed_refs(text: str, facts: list[Extracted]) -> list[Extracted]:
    """Two codes of one shape joined as a list ("AX3301 和 AX3302") are of one kind: where one is
    a reference, so is the other (the first had no label before it and was read as a model)."""
    out = list(facts)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if {a.category, b.category} != {"ref", "product"} or _code_shape(a.value) != _code_shape(b.value):
            continue
        if LIST_JOIN.fullmatch(text[a.end:b.start]) is None:
            continue
        ref = a if a.category == "ref" else b
        noun = re.search(r"[\u4e00-\u9fff]{0,4}?(?:单号|编号|号码|订单|运单|单|号|码)|[A-Za-z ]+", ref.label)
        label = noun.group(0).strip() if noun else "ref"
        out[i], out[i + 1] = (replace(f, category="ref", label=label, key=f"ref:{label}:{f.value}") for f in (a, b))
    return out + _second_refs(text, out)


NEXT_CODE = re.compile(rf"{LIST_JOIN.pattern}(#?[A-Za-z0-9][A-Za-z0-9-]{{2,}})(?![A-Za-z0-9-])", re.I)


def _second_refs(text: str, facts: list[Extracted]) -> list[Extracted]:
    """"订单 3356 和 3357": the second code of a list, of the first's shape, is of its kind too."""
    out = []
    for f in facts:
        m = NEXT_CODE.match(text, f.end) if f.category == "ref" else None
        if m is None or _code_shape(m.group(1)) != _code_shape(f.value) or \
                any(g.start < m.end(1) and m.start(1) < g.end for g in facts):
            continue
        out.append(replace(f, value=m.group(1), key=f"{f.key.rpartition(':')[0]}:{m.group(1)}" if f.label else "ref",
                           start=m.start(1), end=m.end(1), replaces=""))
    return out
