"""Every error edge-agent raises on purpose.

    EdgeAgentError
    ├── ConfigError(ValueError)            bad configuration; states the offending values
    │   └── BudgetError                    a fixed part (system prompt) exceeds the budget
    ├── InvalidMessageError(ValueError, TypeError)   a Message field is wrong; names the field
    ├── TokenizerError                     a tokenizer file is missing or unreadable
    └── CompressionError                   a summarizer failed; nothing was replaced

Errors carry fields; no caller parses message text. Third-party errors are mapped at the
boundary with ``raise OurError(...) from exc``.
"""

from __future__ import annotations


class EdgeAgentError(Exception):
    """Base of every error edge-agent raises on purpose."""


class ConfigError(EdgeAgentError, ValueError):
    """A configuration value is invalid."""

    def __init__(self, message: str, *, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


class BudgetError(ConfigError):
    """A pinned part of the prompt does not fit the token budget."""

    def __init__(self, what: str, needed: int, budget: int) -> None:
        super().__init__(
            f"{what} needs {needed} tokens but the budget is {budget} tokens "
            f"(max_tokens - reserve_tokens)", key=what)
        self.needed = needed
        self.budget = budget


class InvalidMessageError(EdgeAgentError, ValueError, TypeError):
    """A message field is invalid (wrong role, non-text content, lone surrogates, ...)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"Message.{field} {message}")
        self.field = field


class TokenizerError(EdgeAgentError):
    """A tokenizer could not be loaded."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"cannot load tokenizer {path!r}: {reason}")
        self.path = path
        self.reason = reason


class CompressionError(EdgeAgentError):
    """A summarizer failed or returned something unusable; history was left intact."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"compression failed: {reason}")
        self.reason = reason
