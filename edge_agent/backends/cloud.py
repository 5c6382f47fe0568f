"""Any OpenAI-compatible chat API over aiohttp: ``POST {base_url}/chat/completions``.

Deadlines (``Timeouts``): connect, first token (response headers, or the first streamed
delta), total. Up to ``max_retries`` retries with jittered exponential backoff for 429
(honouring Retry-After), 5xx and connection errors, only before any text was delivered.
A circuit breaker opens after 3 consecutive failed requests for 30 s, then lets one probe
through. Every failure leaves as a typed ``BackendError``; a cancellation from outside
stays a cancellation (``asyncio.timeout`` only converts its own expiry).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections.abc import Sequence
from typing import Any

import aiohttp
import aiohttp.abc

from edge_agent.backends.base import Completion, OnDelta, Timeouts, Usage
from edge_agent.backends.breaker import CircuitBreaker
from edge_agent.errors import (BackendError, BackendProtocolError, BackendTimeout, BackendUnavailable,
                               ContextOverflowError)
from edge_agent.toolcalls import ToolSpec, ToolSpecError, normalize_calls
from edge_agent import _compat

RETRY_STATUS = {429, 500, 502, 503, 504}


class _Retry(Exception):
    """An attempt failed in a way worth another try."""

    def __init__(self, error: BackendError, after_s: float | None = None) -> None:
        self.error = error
        self.after_s = after_s


class CloudBackend:
    name = "cloud"

    def __init__(self, base_url: str, *, api_key: str | None = None, model: str = "deepseek-chat",
                 timeouts: Timeouts = Timeouts(), max_retries: int = 2, backoff_s: float = 0.5,
                 breaker: CircuitBreaker | None = None,
                 resolver: aiohttp.abc.AbstractResolver | None = None) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise ValueError(f"cloud base_url must start with http:// or https://, got {base_url!r}")
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key if api_key is not None else os.environ.get("EDGE_AGENT_CLOUD_API_KEY")
        self.model = model
        self.timeouts = timeouts
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        self.breaker = breaker or CircuitBreaker()
        self.resolver = resolver          # None: the system's (getaddrinfo in a thread)
        self._session: aiohttp.ClientSession | None = None

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    def _http(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            timeout = aiohttp.ClientTimeout(total=None, connect=self.timeouts.connect_s,
                                            sock_connect=self.timeouts.connect_s)
            headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
            connector = aiohttp.TCPConnector(resolver=self.resolver) if self.resolver is not None else None
            self._session = aiohttp.ClientSession(timeout=timeout, headers=headers, connector=connector)
        return self._session

    async def complete(self, messages: Sequence[dict[str, Any]], *, max_tokens: int = 512,
                       temperature: float | None = None, stream: bool = False,
                       on_delta: OnDelta | None = None, tools: ToolSpec | None = None) -> Completion:
        if not self.breaker.allow():
            raise BackendUnavailable(self.name, f"circuit breaker open after {self.breaker.failures} failures")
        body = {"model": self.model, "messages": list(messages), "max_tokens": max_tokens,
                "temperature": 0.2 if temperature is None else temperature, "stream": stream}
        if stream:
            body["stream_options"] = {"include_usage": True}
        if tools is not None:  # passed through as the client gave them (normalized)
            body |= {"tools": list(tools.tools), "tool_choice": tools.openai_choice()}
            if not tools.parallel:
                body["parallel_tool_calls"] = False
        try:
            result = await self._with_retries(body, on_delta)
        except ContextOverflowError:
            self.breaker.success()  # the server works; the prompt was too long
            raise
        except BackendError:
            self.breaker.failure()
            raise
        self.breaker.success()
        return result

    async def _with_retries(self, body: dict, on_delta: OnDelta | None) -> Completion:
        start = time.perf_counter()
        try:
            async with _compat.timeout(self.timeouts.total_s):
                for attempt in range(self.max_retries + 1):
                    delivered: list[str] = []
                    try:
                        return await self._attempt(body, on_delta, delivered, start)
                    except _Retry as retry:
                        if attempt == self.max_retries or delivered:
                            raise retry.error from None
                        await asyncio.sleep(self._delay(attempt, retry.after_s))
        except TimeoutError as exc:
            raise BackendTimeout(self.name, "complete answer", self.timeouts.total_s) from exc
        raise AssertionError("unreachable: the loop returns or raises")

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return retry_after
        return self.backoff_s * (2**attempt) * random.uniform(0.5, 1.5)

    async def _attempt(self, body: dict, on_delta: OnDelta | None, delivered: list[str],
                       start: float) -> Completion:
        url = f"{self.base_url}/chat/completions"
        try:
            async with _compat.timeout(self.timeouts.first_token_s) as first:
                async with self._http().post(url, json=body) as resp:
                    await self._check_status(resp)
                    if body["stream"]:
                        return await self._read_stream(resp, on_delta, delivered, start, first)
                    first.reschedule(None)
                    return self._parse(await self._json(resp), start)
        except aiohttp.ServerTimeoutError as exc:  # aiohttp's connect timeout (also a TimeoutError)
            raise BackendTimeout(self.name, "connection", self.timeouts.connect_s) from exc
        except TimeoutError as exc:
            raise BackendTimeout(self.name, "first token", self.timeouts.first_token_s) from exc
        except aiohttp.ClientConnectorDNSError as exc:
            raise _Retry(BackendUnavailable(self.name, f"cannot resolve the host: {exc}")) from exc
        except aiohttp.ClientConnectionError as exc:
            raise _Retry(BackendUnavailable(self.name, f"connection failed: {exc}")) from exc
        except aiohttp.ClientPayloadError as exc:
            raise BackendProtocolError(self.name, f"response cut: {exc}") from exc

    async def _check_status(self, resp: aiohttp.ClientResponse) -> None:
        if resp.status == 200:
            return
        text = (await resp.text(errors="replace"))[:500]
        if resp.status in RETRY_STATUS:
            raise _Retry(BackendUnavailable(self.name, f"HTTP {resp.status}: {text}", status=resp.status),
                         _retry_after(resp.headers.get("Retry-After")))
        if resp.status == 400 and "context" in text.lower() and "length" in text.lower():
            raise ContextOverflowError(self.name, -1, -1)
        raise BackendUnavailable(self.name, f"HTTP {resp.status}: {text}", status=resp.status)

    async def _json(self, resp: aiohttp.ClientResponse) -> dict:
        if resp.content_type != "application/json":
            raise BackendProtocolError(self.name, f"expected application/json, got {resp.content_type!r}")
        try:
            data = json.loads(await resp.read())
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise BackendProtocolError(self.name, f"malformed JSON: {exc}") from exc
        if not isinstance(data, dict):
            raise BackendProtocolError(self.name, "the response is not a JSON object")
        return data

    def _parse(self, data: dict, start: float) -> Completion:
        try:
            choice = data["choices"][0]
            message = choice["message"]
            text = message.get("content") or ""
        except (KeyError, IndexError, TypeError, AttributeError) as exc:
            raise BackendProtocolError(self.name, f"no choices[0].message in the response: {exc}") from exc
        if not isinstance(text, str):
            raise BackendProtocolError(self.name, "choices[0].message.content is not a string")
        calls = self._calls(message.get("tool_calls"), "choices[0].message.tool_calls")
        elapsed = time.perf_counter() - start
        return Completion(text=text, backend=self.name, model=str(data.get("model", self.model)),
                          finish_reason=choice.get("finish_reason"), usage=Usage.from_openai(data.get("usage")),
                          first_token_s=elapsed, total_s=elapsed, tool_calls=calls)

    def _calls(self, raw: object, where: str) -> list[dict[str, Any]] | None:
        if not raw:
            return None
        try:
            return normalize_calls(raw, where, new_ids=True)
        except ToolSpecError as exc:
            raise BackendProtocolError(self.name, str(exc)) from exc

    async def _read_stream(self, resp: aiohttp.ClientResponse, on_delta: OnDelta | None, delivered: list[str],
                           start: float, first: asyncio.Timeout) -> Completion:
        if resp.content_type != "text/event-stream":
            raise BackendProtocolError(self.name, f"expected text/event-stream, got {resp.content_type!r}")
        usage, finish, model, first_s = Usage(), None, self.model, None
        calls: dict[int, dict[str, Any]] = {}
        async for raw in resp.content:
            event = self._event(raw)
            if event is None:
                continue
            if event == "[DONE]":
                tool_calls = self._calls([calls[i] for i in sorted(calls)], "the streamed tool calls")
                return Completion("".join(delivered), self.name, model, finish, usage, first_s,
                                  time.perf_counter() - start, tool_calls)
            usage = Usage.from_openai(event.get("usage")) if event.get("usage") else usage
            model = str(event.get("model", model))
            for choice in event.get("choices") or []:
                delta = (choice.get("delta") or {}).get("content")
                finish = choice.get("finish_reason") or finish
                if (choice.get("delta") or {}).get("tool_calls"):
                    _merge_call_deltas(calls, choice["delta"]["tool_calls"])
                    if first_s is None:
                        first_s = time.perf_counter() - start
                        first.reschedule(None)
                if delta:
                    if first_s is None:
                        first_s = time.perf_counter() - start
                        first.reschedule(None)
                    delivered.append(delta)
                    if on_delta is not None:
                        on_delta(delta)
        raise BackendProtocolError(self.name, "the event stream ended without [DONE] (cut in the middle)")

    def _event(self, raw: bytes) -> dict | str | None:
        line = raw.decode("utf-8", errors="replace").strip()
        if not line.startswith("data:"):
            return None  # blank separators, comments and event: lines
        payload = line[5:].strip()
        if payload == "[DONE]":
            return payload
        try:
            event = json.loads(payload)
        except json.JSONDecodeError as exc:
            raise BackendProtocolError(self.name, f"malformed event: {payload[:80]!r}") from exc
        if not isinstance(event, dict):
            raise BackendProtocolError(self.name, "an event is not a JSON object")
        if "error" in event:
            raise BackendUnavailable(self.name, f"error event: {str(event['error'])[:200]}")
        return event


def _merge_call_deltas(calls: dict[int, dict[str, Any]], deltas: object) -> None:
    """Fold streamed tool-call deltas (index, id, type, name, arguments in fragments) into ``calls``."""
    for d in deltas if isinstance(deltas, list) else []:
        if not isinstance(d, dict):
            continue
        index = d.get("index", len(calls))
        call = calls.setdefault(index if isinstance(index, int) else len(calls),
                                {"id": "", "type": "function", "function": {"name": "", "arguments": ""}})
        if d.get("id"):
            call["id"] = d["id"]
        fn = d.get("function") if isinstance(d.get("function"), dict) else {}
        if isinstance(fn.get("name"), str) and not call["function"]["name"]:
            call["function"]["name"] = fn["name"]  # sent whole, once (some servers repeat it in every delta)
        if isinstance(fn.get("arguments"), str):
            call["function"]["arguments"] += fn["arguments"]


def _retry_after(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None  # an HTTP date: fall back to our own backoff
