"""A long mixed English/Chinese conversation with facts planted far back ("needles").

Forty needles are spread over the conversation, in both languages; many are of kinds the
key-fact extractor has no pattern for (passwords, pet names, floor numbers, licence plates),
so only the summary, recall or the window can carry them. Everything else is small talk
and routine support questions. Deterministic.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Needle:
    turn: int
    text: str
    question: str
    answer: str


NEEDLES = [
    Needle(3, "By the way, the Wi-Fi password in the lab is tulip-4417.", "What is the lab Wi-Fi password?", "tulip-4417"),
    Needle(9, "我家的猫叫豆豆，今年三岁了。", "我家的猫叫什么名字？", "豆豆"),
    Needle(14, "Our server room is on floor 7 of building C.", "Which floor is the server room on?", "floor 7"),
    Needle(20, "我的车牌号是沪A·7Q2K9，停在B2层。", "我的车牌号是多少？", "沪A·7Q2K9"),
    Needle(26, "The staging database is called orchid-staging-02.", "What is the staging database called?", "orchid-staging-02"),
    Needle(31, "项目代号叫“青鸟计划”，对外不要说。", "项目代号是什么？", "青鸟计划"),
    Needle(37, "My manager is Priya Raman, she approves all purchases.", "Who is my manager?", "Priya Raman"),
    Needle(42, "我们的年会定在12月28日，在杭州办。", "年会在哪里办？", "杭州"),
    Needle(48, "The backup runs every night at 02:30 UTC.", "When does the backup run?", "02:30 UTC"),
    Needle(53, "仓库的门禁密码是 8264#。", "仓库的门禁密码是多少？", "8264#"),
    Needle(59, "Our biggest customer is Northwind Traders.", "Who is our biggest customer?", "Northwind Traders"),
    Needle(64, "测试板子的序列号是 SN-77-0315-A。", "测试板子的序列号是多少？", "SN-77-0315-A"),
    Needle(70, "The printer on our floor is named Gutenberg.", "What is the printer called?", "Gutenberg"),
    Needle(75, "我对花生过敏，订餐的时候注意一下。", "我对什么过敏？", "花生"),
    Needle(81, "The VPN gateway is vpn.edge.example on port 1194.", "Which port does the VPN use?", "1194"),
    Needle(86, "我们部门的预算编码是 CC-4410。", "部门的预算编码是多少？", "CC-4410"),
    Needle(92, "My daughter's school is Maple Grove Elementary.", "Which school does my daughter go to?", "Maple Grove Elementary"),
    Needle(97, "新办公室在徐汇区漕溪北路88号。", "新办公室在哪里？", "漕溪北路88号"),
    Needle(103, "The release branch is named release/2025.04.", "What is the release branch called?", "release/2025.04"),
    Needle(108, "我的工号是 E10492。", "我的工号是多少？", "E10492"),
    Needle(114, "The shared drive folder for contracts is /legal/contracts-2025.", "Where are the contracts stored?", "/legal/contracts-2025"),
    Needle(120, "值班表上周六是张伟值班。", "周六谁值班？", "张伟"),
    Needle(126, "Our on-call rotation switches every Tuesday at noon.", "When does the on-call rotation switch?", "every Tuesday at noon"),
    Needle(131, "质检标准用的是 GB/T 2828.1。", "质检标准是哪个？", "GB/T 2828.1"),
    Needle(137, "The demo laptop's hostname is falcon-demo.", "What is the demo laptop's hostname?", "falcon-demo"),
    Needle(142, "客户那边的验收负责人是刘芳。", "客户的验收负责人是谁？", "刘芳"),
    Needle(148, "We use the colour teal #008080 for all charts.", "Which colour do we use for charts?", "#008080"),
    Needle(153, "合同里约定的违约金是合同额的百分之五。", "违约金是多少？", "百分之五"),
    Needle(159, "The conference room for Friday is Aurora.", "Which room is booked for Friday?", "Aurora"),
    Needle(164, "固件的签名密钥放在 HSM 的第3个槽位。", "签名密钥放在哪个槽位？", "第3个槽位"),
    Needle(170, "Our SLA promises a reply within 4 business hours.", "What reply time does the SLA promise?", "4 business hours"),
    Needle(176, "我们用的板子是 Orange Pi 5，内存 8GB。", "我们用的是什么板子？", "Orange Pi 5"),
    Needle(182, "The courier for hardware shipments is DHL Express.", "Which courier ships our hardware?", "DHL Express"),
    Needle(188, "财务对接人是陈静，分机 3321。", "财务对接人的分机号是多少？", "3321"),
    Needle(195, "The logo font is Source Han Sans Heavy.", "Which font is the logo in?", "Source Han Sans Heavy"),
    Needle(203, "下季度的目标是出货 5000 台。", "下季度的出货目标是多少？", "5000 台"),
    Needle(214, "Legal asked us to keep logs for 180 days.", "How long must we keep logs?", "180 days"),
    Needle(226, "演示环境的管理员账号是 admin_demo。", "演示环境的管理员账号是什么？", "admin_demo"),
    Needle(241, "The kickoff meeting recording is in folder KO-0412.", "Where is the kickoff recording?", "KO-0412"),
    Needle(262, "服务器机柜的编号是 R12-U30。", "服务器机柜的编号是多少？", "R12-U30"),
]

FILLER_USER = [
    "How do I reset my password on the portal?", "Can you summarise what we discussed about logging?",
    "这个接口的超时时间一般设置多少合适？", "What's the best way to rotate API keys?", "帮我写一段周报的开头。",
    "Is there a way to speed up the build?", "今天的会议纪要你能整理一下吗？", "Any tips for writing good commit messages?",
    "怎么查看服务器的内存占用？", "Remind me what a canary release is.", "帮我检查一下这段配置有没有问题。",
    "What should I check before a production deploy?", "这个报错是什么意思：connection reset by peer？",
]
FILLER_ASSISTANT = [
    "Sure. In short: check the basics first, then narrow it down step by step, and write down what you change "
    "so you can roll back if needed.",
    "好的。一般来说先确认需求和环境，再逐步排查，每一步都记录下来，遇到问题可以随时回滚。",
    "Good question. The usual approach is to start small, measure, and only then optimise the slowest part.",
    "可以的，建议先看官方文档的推荐值，再根据实际负载调整，不要一次改太多参数。",
]


def conversation(turns: int = 300, seed: int = 7) -> list[tuple[tuple[str, str], Needle | None]]:
    """((user, assistant), needle or None) per turn."""
    rnd = random.Random(seed)
    by_turn = {n.turn: n for n in NEEDLES if n.turn <= turns}
    out = []
    for t in range(1, turns + 1):
        needle = by_turn.get(t)
        user = needle.text if needle else rnd.choice(FILLER_USER)
        reply = "Noted, thanks." if needle and needle.text.isascii() else ("好的，记下了。" if needle else
                                                                          rnd.choice(FILLER_ASSISTANT))
        out.append(((user, reply), needle))
    return out
