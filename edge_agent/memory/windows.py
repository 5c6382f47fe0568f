"""Window strategies: full history, fixed last-N rounds, token-budget sliding window."""

from __future__ import annotations

from edge_agent.errors import ConfigError
from edge_agent.memory.base import BaseMemory, check_int


class FullMemory(BaseMemory):
    """Baseline: keeps and sends everything (no budget; the O(n)-per-turn prompt)."""

    name = "full"
    bounded = False

    def __init__(self, **config) -> None:
        for key in ("facts", "recall"):
            if config.get(key):
                raise TypeError(f"the full strategy keeps everything; {key}= does not apply")
        super().__init__(**config)


class FixedWindowMemory(BaseMemory):
    """The last ``rounds`` rounds (a user message and what follows it), never over budget.

    Suggested rounds by scenario (reference articles): FAQ 3-5, e-commerce support 5-8,
    tech support 8-10, legal/finance 10-15.
    """

    name = "fixed"
    default_recall = True   # the user's own earlier words, for a question that needs them

    def __init__(self, *, rounds: int = 8, **config) -> None:
        self.rounds = check_int("rounds", rounds, 1)
        super().__init__(**config)

    def _window_floor(self) -> int:
        ring = self.ring
        return ring.group_index(-self.rounds) if ring.n_groups > self.rounds else 0

    def _trim(self) -> None:
        keep = self.rounds
        if self.ring.n_groups > keep and self.low_water is not None:
            keep = max(1, int(keep * self.low_water))  # prefix-stable: drop rounds in one chunk
        while self.ring.n_groups > keep:
            self._pop_group()
        super()._trim()


class SlidingWindowMemory(BaseMemory):
    """Fill from the newest message backwards under the token budget, whole turn groups.

    ``overlap_tokens`` is headroom kept free below ``max_tokens - reserve_tokens`` so the
    window is not cut at its hard edge every turn (reference: 320 at 4096/800; by default
    320, or a tenth of the budget when that is smaller). The last ``min_recent_rounds``
    rounds may use the headroom: they outrank it.
    """

    name = "sliding"
    default_recall = True

    def __init__(self, *, overlap_tokens: int | None = None, **config) -> None:
        super().__init__(**config)
        if overlap_tokens is None:
            overlap_tokens = min(320, self.budget // 10)
        self.overlap_tokens = check_int("overlap_tokens", overlap_tokens)
        if self.overlap_tokens >= self.budget - self._system_tokens:
            raise ConfigError(f"overlap_tokens ({overlap_tokens}) leaves no room under the budget "
                             f"({self.budget - self._system_tokens} tokens after the system prompt)",
                              key="overlap_tokens")

    def _headroom(self) -> int:
        return self.overlap_tokens
