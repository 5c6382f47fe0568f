"""The reference articles' 120-turn scenario, in Chinese, deterministic.

"Collect customer details -> confirm over many rounds -> add tasks": 22 key facts are
planted in turns 1-12, two of them change later (budget at turn 40, delivery date at turn
75), the middle is many rounds of confirmation and small talk that do not repeat the facts,
and new tasks are added from turn 90. Every fact has a question whose answer is its value
at the time of asking.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

SYSTEM = ("你是一名企业采购客服助手，负责登记客户资料、确认需求和跟进任务。"
          "只根据对话中客户明确说过的信息回答，不要臆造时间、金额和编号。")


@dataclass(frozen=True)
class Fact:
    name: str
    question: str
    value: str
    changed_at: int = 0          # turn of the change (0: never)
    new_value: str = ""

    def value_at(self, turn: int) -> str:
        return self.new_value if self.changed_at and turn >= self.changed_at else self.value


FACTS = [
    Fact("name", "我叫什么名字？", "王小明"),
    Fact("phone", "我的手机号是多少？", "13812345678"),
    Fact("email", "我的邮箱是什么？", "xiaoming.wang@example.com"),
    Fact("order", "订单号是多少？", "#20250115001"),
    Fact("ticket", "工单号是多少？", "TK-2025-0042"),
    Fact("address", "收货地址是哪里？", "上海市浦东新区世纪大道100号"),
    Fact("budget", "预算是多少？", "5万元", changed_at=40, new_value="8万元"),
    Fact("delivery", "交付日期是哪天？", "2025年3月15日", changed_at=75, new_value="2025年3月20日"),
    Fact("quantity", "一共要多少台开发板？", "20台"),
    Fact("model", "开发板是什么型号？", "RK3568"),
    Fact("meeting", "需求评审会是什么时候？", "明天上午九点"),
    Fact("draft", "方案初稿什么时候要？", "下周三前"),
    Fact("decision", "我们最后定了哪个方案？", "我们决定采用方案A"),
    Fact("contact", "对接人是谁？", "李娜"),
    Fact("backup_phone", "备用电话是多少？", "021-64321234"),
    Fact("contract", "合同号是多少？", "HT-2025-0318"),
    Fact("invoice", "发票金额是多少？", "¥12,800"),
    Fact("trainees", "培训多少人？", "15人"),
    Fact("acceptance", "验收时间是什么时候？", "4月1日"),
    Fact("deposit", "定金是多少？", "¥10,000"),
    Fact("warranty", "保修几年？", "3年"),
    Fact("kit", "配套的散热套件要几套？", "20套"),
]

PLANTING = [  # (turn, user message) for turns 1-12
    (1, "你好，我叫王小明，是上海一家智能硬件公司的采购负责人，手机 13812345678。"),
    (2, "我的邮箱是 xiaoming.wang@example.com，之前下过一个订单，订单号 #20250115001。"),
    (3, "售后那边给我开了一个工单，工单号 TK-2025-0042，麻烦一起跟进。"),
    (4, "收货地址是上海市浦东新区世纪大道100号，这次预算大概5万元。"),
    (5, "我们需要20台RK3568开发板，交付日期定在2025年3月15日。"),
    (6, "另外需求评审会定在明天上午九点，方案初稿请在下周三前发给我。"),
    (7, "内部讨论过了，我们决定采用方案A，按这个方案推进。"),
    (8, "这个项目的对接人：李娜，她的备用电话是 021-64321234。"),
    (9, "合同号是 HT-2025-0318，发票金额按 ¥12,800 开。"),
    (10, "还需要安排一次培训，培训人数 15人，验收时间定在4月1日。"),
    (11, "定金我们先付 ¥10,000，保修要求 3年。"),
    (12, "开发板的配套散热套件也要 20套，和开发板一起发货。"),
]

CHANGES = {
    40: "预算有调整，预算改成8万元，因为要加配件。",
    75: "交付日期改到2025年3月20日，工厂那边排期晚了几天。",
}

TASKS = {  # new tasks added late in the conversation ("add tasks")
    90: "再加一个任务：周五前把测试报告模板发我。",
    95: "还有一个任务，帮我预约一下下个月的上门安装。",
    100: "再记一个待办：确认开发板的固件版本。",
    105: "加一个任务：准备一份备件清单。",
    110: "最后一个任务：把培训课件提前一周发给对接人。",
}

CONFIRM_TOPICS = [
    "开发板的包装", "散热方案", "固件升级流程", "培训的形式", "验收标准", "物流方式", "发票抬头的格式",
    "技术支持的响应时间", "备件的储备", "安装环境的要求", "电源适配器的规格", "外壳颜色", "说明书的语言",
    "售后联系方式", "质检流程", "接口定义文档", "测试用例", "软件授权", "演示视频", "样机的借用",
]

USER_CONFIRM = [
    "关于{t}，我想再确认一下细节，你们一般是怎么安排的？",
    "{t}这块还有什么需要我们准备的吗？",
    "刚才说的{t}，能不能再详细解释一下？我们内部要汇报。",
    "{t}有没有什么常见的问题需要提前注意？",
    "好的，那{t}就按你们的标准流程走，有变化再通知我。",
]

ASSISTANT_REPLY = [
    "好的，关于{t}，我们通常会按照标准流程处理：先由项目组确认需求，再安排技术同事评估，"
    "最后在交付前给您发一份书面说明，整个过程我们会及时同步进度。",
    "明白。{t}方面您这边暂时不需要额外准备，我们会根据项目情况提前和您沟通，"
    "如果有需要配合的地方，会提前至少三个工作日通知您。",
    "没问题，{t}的细节我整理如下：一是确认范围，二是确认时间节点，三是确认责任人。"
    "后续如果有调整，我们会在群里同步并更新记录。",
    "{t}常见的问题主要是沟通不及时和文档版本不一致，建议双方指定固定的接口人，"
    "并且每次修改都留下书面记录，这样可以避免后续的误解。",
]

PLANT_REPLY = "好的，已经为您登记，我们会按照您提供的信息继续跟进，有任何变化请随时告诉我。"


def user_message(turn: int, rnd: random.Random) -> str:
    for t, text in PLANTING:
        if t == turn:
            return text
    if turn in CHANGES:
        return CHANGES[turn]
    if turn in TASKS:
        return TASKS[turn]
    topic = CONFIRM_TOPICS[rnd.randrange(len(CONFIRM_TOPICS))]
    return USER_CONFIRM[rnd.randrange(len(USER_CONFIRM))].format(t=topic)


def assistant_message(turn: int, rnd: random.Random) -> str:
    if turn <= 12 or turn in CHANGES or turn in TASKS:
        return PLANT_REPLY
    topic = CONFIRM_TOPICS[rnd.randrange(len(CONFIRM_TOPICS))]
    return ASSISTANT_REPLY[rnd.randrange(len(ASSISTANT_REPLY))].format(t=topic)


def conversation(turns: int = 120, seed: int = 20250115) -> list[tuple[str, str]]:
    """(user, assistant) for turns 1..turns, identical on every run."""
    rnd = random.Random(seed)
    return [(user_message(t, rnd), assistant_message(t, rnd)) for t in range(1, turns + 1)]
