"""Every tool call, accounted for: one audit log line and the Prometheus metrics.

The audit line (logger ``edge_agent.tools.audit``) names the tool, its source, the session,
a SHA-256 digest of the canonical JSON of the arguments (never the arguments: they may hold
secrets), the duration and the outcome; phone, ID-card and bank-card numbers in the session
id are masked (every other field is a name, a digest or a number). Metrics: ``edge_agent_tool_calls_total{tool,outcome}`` and
``edge_agent_tool_call_seconds{tool}``; tool names are configured or listed by a configured
server, so the label set stays bounded.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import time
from collections import deque
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram

from edge_agent.pii import mask
from edge_agent.tools.base import NAME_RE

log = logging.getLogger("edge_agent.tools.audit")
OUTCOMES = ("ok", "error", "refused", "timeout", "deadline", "unknown_tool", "bad_arguments", "repeated")
RECENT = 500   # audit entries kept in RAM (each a few names, a digest and numbers)
BUCKETS = (0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120)


def digest(arguments: Any) -> str:
    """SHA-256 of the arguments' canonical JSON (sorted keys, no spaces), hex."""
    text = json.dumps(arguments, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ToolMetrics:
    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        r = registry if registry is not None else CollectorRegistry()
        self.registry = r
        self.calls = Counter("edge_agent_tool_calls", "tool calls the daemon ran, by tool and outcome",
                             ["tool", "outcome"], registry=r)
        self.seconds = Histogram("edge_agent_tool_call_seconds", "duration of one tool call", ["tool"],
                                 buckets=BUCKETS, registry=r)
        self.recent: deque[dict[str, Any]] = deque(maxlen=RECENT)   # the audit lines, for GET /v1/audit

    def observe(self, tool: str, outcome: str, duration_s: float) -> None:
        self.calls.labels(tool, outcome).inc()
        self.seconds.labels(tool).observe(duration_s)


@functools.lru_cache(maxsize=1024)
def _masked(session_id: str) -> str:
    """The session id with personal numbers masked (the only free text of the line; cached:
    masking runs the fact extractor, about 1 ms, and one session makes many calls)."""
    return mask(session_id)


def audit(tool: str, source: str, session_id: str, arguments: Any, duration_s: float, outcome: str,
          metrics: ToolMetrics | None = None) -> None:
    """One call's audit line and metrics. A name the model made up (outcome ``unknown_tool``)
    is counted under the label ``(unknown)`` and logged only as far as it is a valid name."""
    if outcome == "unknown_tool":
        tool = tool if NAME_RE.match(tool) else "(invalid name)"
    sha = digest(arguments)
    if metrics is not None:
        metrics.observe("(unknown)" if outcome == "unknown_tool" else tool, outcome, duration_s)
        metrics.recent.append({"ts": round(time.time(), 3), "tool": tool, "source": source, "session": session_id,
                               "args_sha256": sha, "duration_s": round(duration_s, 3), "outcome": outcome})
    log.info(f"tool call tool={tool} source={source} session={_masked(session_id) or '-'} "
             f"args_sha256={sha} duration_s={duration_s:.3f} outcome={outcome}")
