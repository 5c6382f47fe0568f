"""Every error edge-agent raises on purpose.

    EdgeAgentError
    ├── ConfigError(ValueError)            bad configuration; states the offending values
    │   └── BudgetError                    a fixed part (system prompt) exceeds the budget
    ├── InvalidMessageError(ValueError, TypeError)   a Message field is wrong; names the field
    ├── TokenizerError                     a tokenizer file is missing or unreadable
    ├── CompressionError                   a summarizer failed; nothing was replaced
    ├── ModelError                         a local model file is missing, unreadable or too big
    │   └── InsufficientMemoryError        loading it would not fit in available RAM
    ├── ToolError                          a tool call failed; becomes that call's error result
    │   ├── ToolNotEnabled                 the tool does not exist or is not enabled (a 400 upstream)
    │   ├── ToolRefused                    the arguments break the tool's rules (path escape, not allowed)
    │   └── ToolTimeout(TimeoutError)      the call ran out of its time
    └── BackendError                       an LLM backend could not answer
        ├── BackendUnavailable             refused, unreachable, 429/5xx after retries, breaker open
        ├── BackendTimeout(TimeoutError)   connect / first token / total deadline passed
        ├── BackendProtocolError           the server answered something that is not the protocol
        ├── ContextOverflowError           the prompt is longer than the model's context
        └── AllBackendsFailed              the router tried every backend; .errors has each

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


class ModelError(EdgeAgentError):
    """A local model cannot be used."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"model {path!r}: {reason}")
        self.path = path
        self.reason = reason


class InsufficientMemoryError(ModelError):
    """Loading the model would need more RAM than is available."""

    def __init__(self, path: str, needed: int, available: int) -> None:
        super().__init__(path, f"needs about {needed / 2**20:.0f} MiB (weights + KV cache + margin) but only "
                               f"{available / 2**20:.0f} MiB is available; lower n_ctx or free memory")
        self.needed = needed
        self.available = available


class BackendError(EdgeAgentError):
    """An LLM backend could not answer. ``backend`` names it."""

    def __init__(self, backend: str, message: str) -> None:
        super().__init__(f"{backend}: {message}")
        self.backend = backend


class BackendUnavailable(BackendError):
    def __init__(self, backend: str, message: str, *, status: int | None = None) -> None:
        super().__init__(backend, message)
        self.status = status


class BackendTimeout(BackendError, TimeoutError):
    def __init__(self, backend: str, phase: str, seconds: float) -> None:
        super().__init__(backend, f"no {phase} within {seconds:g} s")
        self.phase = phase
        self.seconds = seconds


class BackendProtocolError(BackendError):
    pass


class ContextOverflowError(BackendError):
    def __init__(self, backend: str, n_tokens: int, n_ctx: int) -> None:
        super().__init__(backend, f"prompt of {n_tokens} tokens does not fit the context of {n_ctx} tokens")
        self.n_tokens = n_tokens
        self.n_ctx = n_ctx


class AllBackendsFailed(BackendError):
    def __init__(self, errors: dict[str, BackendError]) -> None:
        detail = "; ".join(f"{e}" for e in errors.values()) or "no backend configured"
        super().__init__("router", f"every backend failed: {detail}")
        self.errors = errors


class ToolError(EdgeAgentError):
    """A tool call failed. ``tool`` names it; the loop turns this into the call's error result."""

    def __init__(self, tool: str, message: str) -> None:
        super().__init__(f"{tool}: {message}")
        self.tool = tool
        self.reason = message


class ToolNotEnabled(ToolError):
    """The tool does not exist, or this configuration (or token) does not enable it."""

    def __init__(self, tool: str, enabled: list[str] | None = None) -> None:
        known = f" (enabled: {', '.join(enabled)})" if enabled else " (no tool is enabled)"
        super().__init__(tool, f"not an enabled tool{known if enabled is not None else ''}")
        self.enabled = enabled


class ToolRefused(ToolError):
    """The call's arguments break the tool's rules; nothing was done."""


class ToolTimeout(ToolError, TimeoutError):
    def __init__(self, tool: str, seconds: float) -> None:
        super().__init__(tool, f"no result within {seconds:g} s")
        self.seconds = seconds


class HubError(EdgeAgentError):
    """A model hub could not give the file asked for (not found, refused, or changed under us)."""
