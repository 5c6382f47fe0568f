"""A circuit breaker: open after N consecutive failures, let one probe through after a pause."""

from __future__ import annotations

import time
from collections.abc import Callable


class CircuitBreaker:
    """closed -> (``threshold`` consecutive failures) -> open for ``reset_s`` -> half-open:
    one probe; its success closes the breaker, its failure opens it again."""

    def __init__(self, threshold: int = 3, reset_s: float = 30.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.threshold = threshold
        self.reset_s = reset_s
        self.clock = clock
        self.failures = 0
        self.opened_at: float | None = None
        self.probing = False
        self.transitions = 0

    @property
    def state(self) -> str:
        if self.opened_at is None:
            return "closed"
        if self.probing or self.clock() - self.opened_at >= self.reset_s:
            return "half-open"
        return "open"

    def allow(self) -> bool:
        """Whether a request may go out now (in half-open: only the one probe)."""
        state = self.state
        if state == "closed":
            return True
        if state == "half-open" and not self.probing:
            self.probing = True
            return True
        return False

    def success(self) -> None:
        if self.opened_at is not None:
            self.transitions += 1
        self.failures, self.opened_at, self.probing = 0, None, False

    def failure(self) -> None:
        self.failures += 1
        if self.probing or (self.opened_at is None and self.failures >= self.threshold):
            self.transitions += 1
            self.opened_at = self.clock()
        self.probing = False
