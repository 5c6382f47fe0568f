"""What a conversation costs on a cloud API that bills cached prompt prefixes at a discount.

A ``Price`` gives USD per million tokens for cache-hit input, cache-miss input, cache writes
(Anthropic bills writing a prefix into its cache above the normal input price; the others
do not, so it defaults to the miss price) and output, plus how the vendor caches: only
prompts of at least ``min_cached_tokens``, in whole ``cache_unit_tokens`` blocks. The three
reference models are built in (list prices; check your vendor's current page) and a TOML
table can replace or add entries::

    [deepseek-chat]            # USD per 1M tokens
    cache_hit = 0.028
    cache_miss = 0.28
    output = 0.42
    cache_unit_tokens = 64
    min_cached_tokens = 64
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from pathlib import Path

from edge_agent.backends.base import Usage
from edge_agent.errors import ConfigError
from edge_agent._compat import SLOTS
from edge_agent._compat import tomllib


@dataclass(frozen=True, **SLOTS)
class Price:
    name: str
    cache_hit: float          # USD per 1M input tokens read from the vendor's prompt cache
    cache_miss: float         # USD per 1M input tokens not in the cache
    output: float             # USD per 1M output tokens
    cache_write: float | None = None   # USD per 1M input tokens written to the cache (None: cache_miss)
    cache_unit_tokens: int = 1         # the cache holds whole blocks of this many tokens
    min_cached_tokens: int = 0         # shorter prompts are never cached

    def cached(self, prefix_tokens: int, prompt_tokens: int) -> int:
        """Tokens of a prompt the vendor would bill as cache hits, given the prefix it shares
        with the previous prompt of the conversation."""
        if prompt_tokens < self.min_cached_tokens:
            return 0
        return min(prefix_tokens, prompt_tokens) // self.cache_unit_tokens * self.cache_unit_tokens

    def cost(self, usage: Usage) -> float:
        """USD for one call; ``usage.cached_tokens`` are the cache hits."""
        hit = min(usage.cached_tokens, usage.prompt_tokens)
        miss = usage.prompt_tokens - hit
        write = self.cache_miss if self.cache_write is None else self.cache_write
        return (hit * self.cache_hit + miss * write + usage.completion_tokens * self.output) / 1e6


PRICES: dict[str, Price] = {p.name: p for p in (
    # DeepSeek-V3.2 (deepseek-chat): disk cache in 64-token units, automatic
    Price("deepseek-chat", cache_hit=0.028, cache_miss=0.28, output=0.42, cache_unit_tokens=64,
          min_cached_tokens=64),
    # GPT-4o: automatic caching of prompts >= 1024 tokens, in 128-token increments, half price
    Price("gpt-4o", cache_hit=1.25, cache_miss=2.50, output=10.00, cache_unit_tokens=128, min_cached_tokens=1024),
    # Claude Opus 4.1: explicit cache breakpoints (>= 1024 tokens); reads 0.1x, 5-minute writes 1.25x
    Price("claude-opus-4.1", cache_hit=1.50, cache_miss=15.00, output=75.00, cache_write=18.75,
          min_cached_tokens=1024),
)}


def load_prices(path: str | Path | None = None) -> dict[str, Price]:
    """The built-in table, with the entries of the TOML file at ``path`` added or replaced."""
    table = dict(PRICES)
    if path is None:
        return table
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read the price table {path}: {exc}", key="price_table") from exc
    known = {f.name for f in fields(Price)} - {"name"}
    for name, entry in data.items():
        if not isinstance(entry, dict):
            raise ConfigError(f"price table: [{name}] must be a table", key=name)
        unknown = sorted(set(entry) - known)
        missing = sorted({"cache_hit", "cache_miss", "output"} - set(entry))
        if unknown or missing:
            raise ConfigError(f"price table [{name}]: unknown {unknown}, missing {missing}", key=name)
        for key, value in entry.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise ConfigError(f"price table [{name}].{key} must be a number >= 0, got {value!r}", key=key)
        table[name] = Price(name, **entry)
    return table


def conversation_cost(price: Price, calls: Iterable[tuple[int, int, int]]) -> float:
    """USD for calls given as (prompt tokens, prefix shared with the previous prompt,
    completion tokens), the vendor's caching applied to each prefix."""
    return sum(price.cost(Usage(prompt, completion, price.cached(prefix, prompt))) for prompt, prefix, completion in calls)
