"""The cloud cost model: each vendor's caching rule, the arithmetic, the price table file."""

from __future__ import annotations

import pytest

from edge_agent.backends.base import Usage
from edge_agent.cost import PRICES, Price, conversation_cost, load_prices
from edge_agent.errors import ConfigError


def test_caching_rules_per_vendor():
    deepseek, gpt, opus = PRICES["deepseek-chat"], PRICES["gpt-4o"], PRICES["claude-opus-4.1"]
    assert deepseek.cached(prefix_tokens=200, prompt_tokens=300) == 192          # whole 64-token blocks
    assert deepseek.cached(prefix_tokens=63, prompt_tokens=300) == 0
    assert gpt.cached(prefix_tokens=900, prompt_tokens=1000) == 0                # under 1,024: never cached
    assert gpt.cached(prefix_tokens=1500, prompt_tokens=1600) == 1408            # 128-token increments
    assert opus.cached(prefix_tokens=1500, prompt_tokens=1600) == 1500
    assert deepseek.cached(prefix_tokens=5000, prompt_tokens=300) == 256         # never more than the prompt


def test_cost_arithmetic():
    p = Price("x", cache_hit=1.0, cache_miss=10.0, output=100.0)
    assert p.cost(Usage(prompt_tokens=1_000_000, completion_tokens=0, cached_tokens=250_000)) == pytest.approx(7.75)
    assert p.cost(Usage(0, 10_000, 0)) == pytest.approx(1.0)
    writes = Price("y", cache_hit=1.0, cache_miss=10.0, output=0.0, cache_write=12.5)
    assert writes.cost(Usage(1_000_000, 0, 0)) == pytest.approx(12.5)           # misses are written at 1.25x
    calls = [(1000, 0, 10), (1100, 1000, 10)]                                   # the second reuses the first
    assert conversation_cost(p, calls) == pytest.approx((1000 * 10 + 1000 * 1 + 100 * 10 + 20 * 100) / 1e6)


def test_price_table_file(tmp_path):
    f = tmp_path / "prices.toml"
    f.write_text('[my-model]\ncache_hit = 0.1\ncache_miss = 1\noutput = 2\ncache_unit_tokens = 16\n')
    table = load_prices(f)
    assert table["my-model"].cache_unit_tokens == 16 and "deepseek-chat" in table
    f.write_text('[bad]\ncache_hit = 0.1\noutput = 2\ncolour = 1\n')
    with pytest.raises(ConfigError, match=r"unknown \['colour'\], missing \['cache_miss'\]"):
        load_prices(f)
    f.write_text('[bad]\ncache_hit = -1\ncache_miss = 1\noutput = 2\n')
    with pytest.raises(ConfigError, match="cache_hit must be a number >= 0"):
        load_prices(f)
    with pytest.raises(ConfigError, match="cannot read the price table"):
        load_prices(tmp_path / "missing.toml")
