"""First turns and follow-ups a board user sends a fresh agent, in English and Chinese.

Written before the local backend's sampling and loop guard were tuned (issue 28), from the
kinds of requests people open a chat with: stating who they are or an order to remember, a
plain question, a request for a short text, and a follow-up that depends on the first turn.
``dev`` is what tuning may look at; ``test`` is only ever reported.
Each conversation is a list of user messages sent in one session, in order.
"""

from __future__ import annotations

DEV = [
    ["Hi, my name is Anna and my order number is 20250115001. Please note it.",
     "What is my order number?"],
    ["我叫王小明，订单号 #20250115001", "我的订单号是多少？"],
    ["What is the capital of France? Answer in one sentence.", "And of Italy?"],
    ["Give me three tips for keeping a sourdough starter alive.", "Which of those matters most?"],
    ["我明天要去北京出差，帮我列一个行李清单。", "再加上出差需要的证件。"],
    ["Hello!", "Can you remember things between messages?"],
    ["My flight is LH 723 on March 3rd at 9:40. Remind me later.", "When is my flight?"],
    ["你好，请介绍一下你自己。", "你能做什么？"],
    ["Write a two-line poem about the sea.", "Now make it rhyme."],
    ["The router in the lab is at 192.168.1.20 and the password is on the sticker.",
     "What was the router's address?"],
    ["请用一句话解释什么是内存泄漏。", "举个例子。"],
    ["I have a meeting with Dr. Okafor on Friday at 3pm about the budget.", "Who am I meeting on Friday?"],
]

TEST = [
    ["Hi, I'm Lukas. My membership number is M-448120.", "Can you tell me my membership number?"],
    ["我叫李娜，手机号是 13812345678，请记住。", "我的手机号是多少？"],
    ["How many legs does a spider have?", "And an ant?"],
    ["Suggest a name for a grey cat.", "Something shorter, please."],
    ["我的快递单号是 SF1234567890，什么时候能到？", "刚才那个单号再说一遍。"],
    ["Good morning.", "What day comes after Tuesday?"],
    ["Please remember that my daughter's birthday is on July 12.", "When is my daughter's birthday?"],
    ["今天天气怎么样？", "那我应该带伞吗？"],
    ["Explain in one sentence what a ring buffer is.", "Why would a small device use one?"],
    ["My car is a blue Skoda Octavia, plate B-KL 2041.", "What colour is my car?"],
    ["帮我写一句生日祝福，给我妈妈。", "再短一点。"],
    ["I need to buy eggs, milk and rice.", "What was on my shopping list?"],
]

SPLITS = {"dev": DEV, "test": TEST}

# follow-ups that ask back a value the first turn stated: (split, conversation) -> the value
# the second reply must contain (added after the first measurement, without changing a request)
RECALLS = {
    ("dev", 0): "20250115001", ("dev", 1): "20250115001", ("dev", 6): "LH 723", ("dev", 9): "192.168.1.20",
    ("dev", 11): "Okafor",
    ("test", 0): "M-448120", ("test", 1): "13812345678", ("test", 4): "SF1234567890", ("test", 6): "July 12",
    ("test", 9): "blue", ("test", 11): "eggs",
}
