"""Which backend answers: cloud first with local fallback, local only, or cloud only.

On a cloud failure, timeout or open breaker the same turn is answered by the local model;
the result says which backend served it and why it fell back. When every backend fails the
router raises ``AllBackendsFailed`` with each backend's error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from edge_agent.backends.base import Backend, Completion, OnDelta
from edge_agent.errors import AllBackendsFailed, BackendError, ConfigError
from edge_agent.toolcalls import ToolSpec
from edge_agent._compat import SLOTS

Policy = Literal["cloud_first", "local_only", "cloud_only"]
POLICIES = ("cloud_first", "local_only", "cloud_only")


@dataclass(**SLOTS)
class Routed:
    completion: Completion
    fallback_reason: str | None = None   # why the first choice did not answer, if it did not
    discarded_partial: str = ""          # text a failed stream had already delivered

    @property
    def backend(self) -> str:
        return self.completion.backend


class Router:
    def __init__(self, cloud: Backend | None = None, local: Backend | None = None,
                 policy: Policy | None = None) -> None:
        self.policy: str = policy or ("cloud_first" if cloud is not None else "local_only")
        if self.policy not in POLICIES:
            raise ConfigError(f"policy must be one of {', '.join(POLICIES)}, got {self.policy!r}", key="policy")
        first = local if self.policy == "local_only" else cloud
        if first is None:
            needed = "local" if self.policy == "local_only" else "cloud"
            raise ConfigError(f"policy {self.policy} needs a {needed} backend", key="policy")
        fallback = local if self.policy == "cloud_first" else None
        self.backends: list[Backend] = [b for b in (first, fallback) if b is not None]
        self.fallbacks = 0

    async def complete(self, messages: Sequence[dict[str, Any]], *, max_tokens: int = 512,
                       temperature: float | None = None, stream: bool = False, on_delta: OnDelta | None = None,
                       tools: ToolSpec | None = None) -> Routed:
        errors: dict[str, BackendError] = {}
        partial: list[str] = []
        for backend in self.backends:
            sent: list[str] = []

            def deliver(delta: str) -> None:
                sent.append(delta)
                if on_delta is not None:
                    on_delta(delta)

            try:
                completion = await backend.complete(messages, max_tokens=max_tokens, temperature=temperature,
                                                    stream=stream, on_delta=deliver, tools=tools)
            except BackendError as exc:
                errors[backend.name] = exc
                partial.extend(sent)
                continue
            if errors:
                self.fallbacks += 1
            reason = "; ".join(str(e) for e in errors.values()) or None
            return Routed(completion, reason, "".join(partial))
        raise AllBackendsFailed(errors)

    async def aclose(self) -> None:
        for backend in self.backends:
            await backend.aclose()
