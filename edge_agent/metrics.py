"""Prometheus metrics, all named edge_agent_*: turns, tokens, compressions, fallbacks,
tool calls, watchdog transitions, RSS, available RAM, latency histograms. No token or text is ever a label."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

import psutil
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST

RECENT_TURNS = 500   # the turns the board's page plots (tokens and first token per turn)
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)


class _Live:
    """Values read at scrape time from the running daemon."""

    def __init__(self, read: Callable[[], dict[str, float]]) -> None:
        self.read = read

    def collect(self):
        v = self.read()
        for name, doc in (("compressions", "background compressions committed"),
                          ("compression_failures", "compressions that failed (nothing replaced)"),
                          ("fallbacks", "turns answered by a fallback backend"),
                          ("watchdog_transitions", "watchdog degrade and recover transitions")):
            yield CounterMetricFamily(f"edge_agent_{name}", doc, value=v.get(name, 0))
        yield GaugeMetricFamily("edge_agent_sessions_in_ram", "sessions held in RAM", value=v.get("sessions", 0))
        yield GaugeMetricFamily("edge_agent_rss_bytes", "resident memory of the daemon",
                                value=psutil.Process().memory_info().rss)
        yield GaugeMetricFamily("edge_agent_available_bytes", "MemAvailable of the host",
                                value=psutil.virtual_memory().available)


class Metrics:
    def __init__(self, live: Callable[[], dict[str, float]] = dict) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.turns = Counter("edge_agent_turns", "answered turns", ["backend"], registry=r)
        self.tool_calls = Counter("edge_agent_client_tool_calls", "tool calls returned to clients, by backend",
                                  ["backend"], registry=r)
        self.failed_turns = Counter("edge_agent_failed_turns", "turns no backend answered", registry=r)
        self.tokens = Counter("edge_agent_tokens", "tokens by kind", ["kind"], registry=r)
        self.turn_seconds = Histogram("edge_agent_turn_seconds", "turn latency", buckets=BUCKETS, registry=r)
        self.first_token_seconds = Histogram("edge_agent_first_token_seconds", "time to first token",
                                             buckets=BUCKETS, registry=r)
        self.memory_seconds = Histogram("edge_agent_memory_seconds", "memory work per turn",
                                        buckets=BUCKETS, registry=r)
        r.register(_Live(live))
        self.recent: deque[dict] = deque(maxlen=RECENT_TURNS)

    def observe_turn(self, result) -> None:
        self.turns.labels(result.backend).inc()
        self.tokens.labels("in").inc(result.usage.prompt_tokens)
        self.tokens.labels("out").inc(result.usage.completion_tokens)
        self.tokens.labels("cached").inc(result.usage.cached_tokens)
        if result.tool_calls:
            self.tool_calls.labels(result.backend).inc(len(result.tool_calls))
        self.turn_seconds.observe(result.timings["total_s"])
        if result.timings.get("first_token_s") is not None:
            self.first_token_seconds.observe(result.timings["first_token_s"])
        self.memory_seconds.observe(result.timings["memory_s"])
        self.recent.append({"ts": round(time.time(), 1), "tenant": result.session_id.split("/", 1)[0],
                            "backend": result.backend,
                            "prompt_tokens": result.usage.prompt_tokens,
                            "completion_tokens": result.usage.completion_tokens,
                            "first_token_s": result.timings.get("first_token_s"), "total_s": result.timings["total_s"]})

    def render(self) -> tuple[bytes, str]:
        return generate_latest(self.registry), CONTENT_TYPE_LATEST
