"""A short answer to the agent's question: the question gives the value its label.

In customer service the agent asks and the customer answers with the value alone:
"请问怎么称呼您？" -> "王小明", "您的订单号是多少？" -> "3876552", "What's the booking
reference?" -> "QX7TZ2". The message by itself names nothing (a bare name, a short number), so
``extract`` keeps nothing or keeps it without its key. ``answered`` reads the answer after the
label the question asked for ("姓名：王小明", "订单号：3876552") and keeps what the patterns then
find of that kind, inside the answer only, where the value is all the answer says besides
the words said around it ("yes, it's …", "还是 …", an age): a name that starts with a surname
(or capitalised words), a reference with a digit, an address or postcode, a card's last digits,
an ID or passport number, a phone, an e-mail.
"""

from __future__ import annotations

import re
from dataclasses import replace

from edge_agent.memory.extract import COMPOUND_SURNAMES, SURNAMES, Extracted, extract
from edge_agent.memory.terms import simplified

SHORT = 40   # characters: an answer longer than this says more than the value asked for
# what a question asks for: its category and the words that ask (the match is the label)
ASKS = (
    ("name", re.compile(r"称呼|贵姓|姓名|名字|叫什么|\b(?:your|the) (?:full )?name\b|\bwho am I speaking (?:to|with)\b", re.I)),
    ("bank_card", re.compile(r"卡(?:号|片)?的?(?:后|末)[四4]位|(?<![机话单])尾号|\blast (?:four|4)(?: digits)?\b|\bcard (?:number|ending)\b", re.I)),
    ("id_card", re.compile(r"身份证|证件号|护照号?|驾照号?码?|驾驶证号?码?|\bpassport\b|\bID number\b|"
                           r"\b(?:driver'?s|driving) licen[cs]e(?: number)?\b", re.I)),
    ("ref", re.compile(r"(?:订单|运单|快递|物流|工单|退款|售后|服务|预约|会员|取件)(?:单?号|编号|码)|单号|"
                       r"(?:就诊|医保|社保)卡号|户号|航班号|车牌号?|票号|车位号?|住院号|考生号|准考证号|学号|"
                       r"\b(?:hospital|patient|student|member|customer) (?:number|no\.?|id)\b|\b(?:PAC|STAC|promo|voucher|discount|access) code\b|"
                       r"\b(?:order|booking|tracking|reference|ticket|case|confirmation|membership|account|policy|flight) "
                       r"(?:number|no\.?|id|ref|reference|code)\b|\bbooking ref(?:erence)?\b|\b(?:vehicle )?registration\b", re.I)),
    ("phone", re.compile(r"电话|手机号?|联系方式|\b(?:contact|phone|mobile|telephone) number\b", re.I)),
    ("email", re.compile(r"邮箱|\be-?mail\b", re.I)),
    ("amount", re.compile(r"押金|定金|金额|多少钱|费用|价格|\bhow much\b|\bamount\b|\bdeposit\b", re.I)),
    ("address", re.compile(r"地址|送到哪|寄到哪|住哪|住在哪|邮编|\b(?:your|the|delivery|shipping|postal) address\b|"
                           r"\bpost ?code\b|\bzip(?: code)?\b", re.I)),
)
# the labels an answer is read after: Chinese, English (a reference also after the question's own word)
FRAMES = {"name": (["姓名："], ["name: "]), "bank_card": (["卡号后四位："], ["card ending in "]),
          "id_card": (["身份证号："], ["passport number: "]), "ref": (["单号："], ["reference: "]),
          "phone": (["电话："], ["phone: "]), "email": (["邮箱："], ["email: "]),
          "address": (["地址："], ["address: ", "postcode: "]), "amount": (["金额："], ["amount: "])}
ASKING = re.compile(r"[?？]|请(?:问|提供|告诉|输入|发一下|留一下)|麻烦(?:提供|告诉|发|留)|方便(?:留|告诉|提供)|\b(?:please|could you|can you|may I)\b", re.I)
FILLER = re.compile(r"[\s，。！,.!~～]|^(?:我叫|我是|叫我|是|嗯|好的|my name is|it's|it is)|^(?:免贵)?姓[\u4e00-\u9fff]{1,2}(?=[\s，,])|"
                    r"[一二三四五六七八九十两\d]{1,3}岁|\b[A-Z](?:-[A-Z]){2,}\b|的?那[个单笔]$|"
                    r"([\u4e00-\u9fff])[\u4e00-\u9fff]{0,2}的\1|[\u4e00-\u9fff]{1,2}([\u4e00-\u9fff])的\2|"   # "雷电的雷", "远方的远"
                    r"木子李|弓长张|耳东陈|立早章|口天吴|双木林|古月胡|草头黄|三横王|文刀刘|"
                    r"(?:草字头|三点水|木字旁|单人旁|双人旁|提手旁|言字旁|金字旁|宝盖头?|竹字头|口字旁|女字旁|绞丝旁|走之底?|立刀旁|"
                    r"月字旁|日字旁|火字旁|王字旁|土字旁|山字旁|耳刀旁|反文旁|石字旁|禾木旁|米字旁|马字旁|门字框)的[\u4e00-\u9fff]", re.I)   # "姓欧阳 欧阳倩", "陶建国 七十二岁", "R-E-Y-E-S"
# what a spoken answer says before its value ("yes, it's HX4P2T", "sure, 0161 496 0735", "还是 135…")
LEAD = re.compile(r"^(?:免贵)?姓([\u4e00-\u9fff]{1,2})[，,\s]+(?=\1)|^(?:是的?|就是|还是|嗯|好的|对)[，,\s]*|"
                  r"^(?:尾号|后四位|末四位|后六位)是?[，,\s]*|"
                  r"^(?:(?:yes|yeah|yep|sure|ok(?:ay)?|right|um+|uh+|so)\b[,.!]?\s*)*(?:it's|it is|that's|that is)?\s*", re.I)


def asked_for(question: str) -> list[tuple[str, str]]:
    """(category, label) of each value ``question`` asks for, in the order it names them."""
    question = simplified(question)   # "請問您的訂單號是多少？" asks as "请问您的订单号是多少？"
    if not question or not ASKING.search(question):
        return []
    found = [(m.start(), category, m.group(0)) for category, pattern in ASKS
             for m in [pattern.search(question)] if m is not None]
    return [(category, label) for _, category, label in sorted(found)]


# a list answer: "有两个：1187 和 1192", "1187、1192", "Two: 55120 and 55121" (a count first, then items)
COUNT = re.compile(r"^(?:有|共|一共|总共)?[两二三四五2-5]\s*[个单笔张份]?\s*(?:订单|单)?[：:，,]?\s*|"
                   r"^(?:there are |I have )?(?:two|three|both)\b[:,]?\s*", re.I)
SEPARATOR = re.compile(r"\s*(?:和|、|，|,|；|;|及|以及|还有|跟|/|&|\band\b)\s*", re.I)


def answered(text: str, question: str) -> list[Extracted]:
    """The values ``text`` gives for what ``question`` asked (see the module docstring); a
    list of them ("1187 和 1192") gives each, where every item is a value and nothing else."""
    whole = _answered(text, question)
    return whole if whole or not text else _listed(text, question)


def _listed(text: str, question: str) -> list[Extracted]:
    """Each item of a list answer read as an answer of its own (all of them, or none)."""
    body = COUNT.sub("", text, count=1)
    start = len(text) - len(body)
    items, at = [], start
    for m in SEPARATOR.finditer(text, start):
        items.append((at, m.start()))
        at = m.end()
    items.append((at, len(text)))
    if len(items) < 2 or any(b <= a for a, b in items):
        return []
    out = []
    for a, b in items:
        got = _answered(text[a:b], question)
        if len(got) != 1 or got[0].category != "ref":   # one person's name is one name
            return []
            return []
        out.append(replace(got[0], start=got[0].start + a, end=got[0].end + a))
    return out


def _answered(text: str, question: str) -> list[Extracted]:
    if not text or len(text) > SHORT:
        return []
    chinese = re.search(r"[\u4e00-\u9fff]", question + text) is not None
    said = _without(text, [(f.start, f.end) for f in extract(text)])   # "孙丽 13800001111": the phone aside
    out: list[Extracted] = []
    lead = LEAD.match(text)
    skip = lead.end() if lead and lead.end() < len(text) else 0
    for category, label in asked_for(question):
        zh, en = FRAMES[category]
        if category == "amount":
            out.extend(_sum_said_last(text, label))
            continue
        own = [label + ("：" if chinese else ": ")] if category in ("ref", "id_card") else []   # the question's own word first
        for frame in own + (zh if chinese else en):
            shift = len(frame) - skip   # the frame stands where the lead was
            got = [replace(f, start=f.start - shift, end=f.end - shift) for f in extract(frame + text[skip:])
                   if f.category == category and f.start >= len(frame)]
            got = [_at_place(f) if f.category == "address" else f for f in got if _whole(f, said)]
            if got:
                out.extend(got)
                break
    return out


# a sum said last in the answer ("信用卡预授权 5000" to "押金怎么付？"): the sum asked for
SUM_LAST = re.compile(r"(?<![\d.,])(?:[¥￥$€£]\s?)?(?:\d{1,3}(?:,\d{3})+|\d{2,7})(?:\.\d{1,2})?\s?(?:元|块钱?)?(?=[\s。.!！]*$)")


def _sum_said_last(text: str, label: str) -> list[Extracted]:
    m = SUM_LAST.search(text)
    if m is None or any(f.start < m.end() and m.start() < f.end for f in extract(text) if f.category != "amount"):
        return []
    return [Extracted("amount", m.group(0), label, f"amount:{label}", m.start(), m.end())]


WHERE_NOW = re.compile(r"^.*[\s，,]在(?=[\u4e00-\u9fff\d])")   # "现在住公司宿舍 在南山区科技园": the place after 在


def _at_place(fact: Extracted) -> Extracted:
    lead = WHERE_NOW.match(fact.value)
    if lead is None:
        return fact
    return replace(fact, value=fact.value[lead.end():], start=fact.start + lead.end())


def _without(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the spans blanked (spaces), the same length."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


NEW_CLAUSE = re.compile(r"\s*[,，;；。]\s*\S")
SPACED_CLAUSE = re.compile(r"\s+(?![不没错])[\u4e00-\u9fff]{2,}")   # "B1-086 在电梯旁边": a clause after a space, in Chinese


def _whole(fact: Extracted, said: str) -> bool:
    """Whether the value is all the answer says besides other values, and of its kind (a
    surname, a digit)."""
    after = said[fact.end:]
    if NEW_CLAUSE.match(after) or fact.category != "name" and SPACED_CLAUSE.match(after):
        after = ""   # "ZK4TRP, flying to Malaga on the 8th": the value, then a clause of its own
    if len(FILLER.sub("", LEAD.sub("", said[:fact.start], count=1) + after)) > 2:
        return False
    if fact.category == "name":
        v = fact.value
        return v[:2] in COMPOUND_SURNAMES or v[0] in SURNAMES or v[:1].isupper()
    return fact.category != "ref" or any(c.isdigit() for c in fact.value)


def with_answers(text: str, question: str) -> list[Extracted]:
    """``extract(text)``, where a short answer's value takes the label ``question`` asked with
    (it replaces a fact of the same span: "3876552" is the 订单号 asked for)."""
    facts = extract(text)
    extra = answered(text, question) if question else []
    if not extra:
        return facts
    kept = [f for f in facts if not any(f.start < a.end and a.start < f.end for a in extra)]
    return sorted(kept + extra, key=lambda f: f.start)
