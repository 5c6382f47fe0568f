"""Words a search matches on: lower-cased words and numbers, CJK character bigrams.

``analyze`` is the plain tokenization (every word, every bigram). ``terms`` is what the
recall index and its queries use: ``analyze`` without the stopwords of either language
(function words, question words, pronouns, chit-chat) and with English words reduced to a
light stem, so "races" finds "race" and "What did she say?" matches on nothing but content.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

_WORD = re.compile(r"[a-z0-9]+(?:[._'-][a-z0-9]+)*|[\u4e00-\u9fff\u3400-\u4dbf]+")

EN_STOP = frozenset("""
a about above after again against all also am an and any are aren't as at be because been before being
below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during
each few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers
herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's me
more most mustn't my myself no nor not of off on once only or other ought our ours ourselves out over own
same shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them
themselves then there there's these they they'd they'll they're they've this those through to too under
until up very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's which
while who who's whom why why's with won't would wouldn't you you'd you'll you're you've your yours yourself
yourselves yeah yes ok okay oh wow hey hi hello thanks thank please really lol haha hmm um uh sure well
like get got go going gonna know think thing things tell told say said mean much many lot lots way will
shall may might must also even still yet ever maybe kind sort stuff something anything everything
us now honestly actually literally basically guess
""".split())

# two-character CJK sequences that carry no content: pronouns, particles, question words
ZH_STOP = frozenset("""
我们 你们 他们 她们 它们 咱们 自己 这个 那个 这些 那些 这样 那样 这里 那里 这边 那边 什么 怎么 怎样 为什么
哪里 哪儿 哪个 哪些 多少 几个 是不 不是 是的 就是 还是 但是 可是 因为 所以 如果 虽然 而且 或者 然后 已经
一下 一个 一些 一点 有点 没有 可以 能不 不能 需要 应该 现在 时候 的话 的时 我的 你的 他的 她的 您的 请问
好的 谢谢 感谢 麻烦 知道 觉得 一直 还有 一样 吗我 了吗 的吗 了我 是什 么时 是多 是哪 在哪 是谁 有没 没有
来着 记得 帮我 我想 想问 您看 你看 刚才 我说 说的 下我 我那 跟我 给我 告诉 一共 一般 其实 反正
""".split())
ZH_STOP_CHARS = frozenset("的了吗呢吧啊呀哦嗯么是什")

T2S_FILE = Path(__file__).with_name("t2s.txt")   # scripts/t2s_table.py, from OpenCC
_T2S: dict[int, int] = {}


def t2s_table() -> dict[int, int]:
    """Traditional Chinese -> Simplified, one character for one (t2s.txt), read at first use."""
    if not _T2S:
        lines = T2S_FILE.read_text(encoding="utf-8").splitlines()
        _T2S.update(zip(map(ord, lines[1]), map(ord, lines[2])))
    return _T2S


def simplified(text: str) -> str:
    """``text`` with its Traditional characters read as Simplified, the same length: one
    vocabulary for the index, the questions and the fact extractor, whichever script a user
    types ("訂單編號" finds "订单编号", "電話是多少？" asks for a value as "电话是多少？" does)."""
    return text if text.isascii() else text.translate(t2s_table())


def analyze(text: str) -> list[str]:
    """Lower-cased words and numbers, plus CJK character bigrams (a lone CJK char as itself)."""
    out: list[str] = []
    for tok in _WORD.findall(simplified(text).lower()):
        if "\u3400" <= tok[0] <= "\u9fff":
            out.extend(tok[i:i + 2] for i in range(len(tok) - 1)) if len(tok) > 1 else out.append(tok)
        else:
            out.append(tok)
    return out


@lru_cache(maxsize=4096)   # a conversation's words repeat; the stem is a pure function of the word
def stem(word: str) -> str:
    """A light English stem, the same for a word's common forms: plural, -ing, -ed, -ly and a
    final e go ("races", "raced", "racing", "race" -> "rac")."""
    w = word
    if not w.isalpha() or len(w) <= 3:
        return w
    if w.endswith(("ies", "ied")) and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "xes", "ches", "shes", "zes")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    for suffix in ("ing", "ed"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            if w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]
            break
    if w.endswith("ly") and len(w) > 5:
        w = w[:-2]
    return w[:-1] if w.endswith("e") and len(w) > 3 else w


def terms(text: str) -> list[str]:
    """Content terms of ``text`` (see the module docstring), in order, repeats kept."""
    # the last texts' terms are kept (a daemon turn's question is the message it has just
    # indexed); a long text (a tool's output) is not kept alive in the cache
    return list(_terms(text) if len(text) <= CACHED_TEXT_CHARS else _terms.__wrapped__(text))


CACHED_TEXT_CHARS = 4096

# where a sentence ends: after a CJK or ASCII stop, a semicolon or a newline
_SENTENCE = re.compile(r"(?<=[。！？!?；;\n])|(?<=[.!?])\s+")


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, stripped, verbatim (an ASCII stop ends one only before a
    space: "3.5" stays whole)."""
    return [p for p in (p.strip() for p in _SENTENCE.split(text)) if p]


@lru_cache(maxsize=16)
def _terms(text: str) -> tuple[str, ...]:
    out: list[str] = []
    for tok in _WORD.findall(simplified(text).lower()):
        if "\u3400" <= tok[0] <= "\u9fff":
            if len(tok) == 1:
                continue
            out.extend(b for b in (tok[i:i + 2] for i in range(len(tok) - 1))
                       if b not in ZH_STOP and not (b[0] in ZH_STOP_CHARS or b[1] in ZH_STOP_CHARS))
        elif tok not in EN_STOP and not (len(tok) == 1 and tok.isalpha()):
            out.append(stem(tok.split("'")[0]) if "'" in tok else stem(tok))
    return tuple(out)
