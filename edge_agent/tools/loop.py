"""The loop inside one turn: model -> tool calls -> results -> model, bounded.

``step(messages, tools, tool_choice)`` is the model: any coroutine that sends OpenAI-style
``messages`` with the function schemas ``tools`` and ``tool_choice`` and returns a
``StepReply`` (the assistant's content and its OpenAI ``tool_calls``). The loop runs the
server-side calls and feeds their results back until the model answers without calls, or a
bound is hit:

- ``max_iterations`` rounds with calls;
- ``turn_deadline_s`` for every round together (model steps and calls);
- an identical call (same tool, same arguments) made a second time in the turn: not run;
- ``call_timeout_s`` bounds each call (and the deadline what is left of it).

When a bound is hit, one more step asks for an answer with ``tool_choice="none"`` (the same
schemas are sent, so the prompt's prefix, and a KV or prefix cache, still hold; calls in that
reply are ignored); that step is bounded by the backend's own timeouts, not the deadline. A
forced ``tool_choice`` applies to the first step only: after ``required`` the model goes on
with ``auto``; a named server tool runs once and the next step is the answer (stop
``forced_tool``: "run this tool, then answer"; a small model would otherwise call it again).
A named tool that this turn does not offer raises ToolNotEnabled before anything runs.

Calls of one round run concurrently, at most ``max_parallel`` at a time, and their results
come back in the calls' order. A call to a client tool is not run: the loop stops and returns
it (``client_calls``) for the client to run; the server calls of that round are run first.
A cancelled turn (a client that disconnected) cancels the running calls and propagates
``CancelledError``; nothing is swallowed. The model sees a result over ``result_chars`` as head +
tail with a marker; ``LoopResult.messages`` (what the caller stores as the turn's group,
after the user message) keeps every result whole.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Optional, Union

from edge_agent.errors import ToolError, ToolRefused
from edge_agent.messages import Message
from edge_agent.tools.audit import ToolMetrics, audit
from edge_agent.tools.base import CallContext, Tool
from edge_agent.tools.registry import TurnTools
from edge_agent._compat import SLOTS
from edge_agent import _compat

StopReason = Literal["answer", "max_iterations", "deadline", "repeated_call", "client_tools", "forced_tool"]
ToolChoice = Union[str, dict[str, Any], None]


@dataclass(**SLOTS)
class StepReply:
    content: str
    tool_calls: list[dict[str, Any]] = field(default_factory=list)   # OpenAI shape: id, type, function
    raw: Any = None                                                   # the backend's own result (usage, ...)


Step = Callable[[list[dict[str, Any]], Optional[list[dict[str, Any]]], ToolChoice], Awaitable[StepReply]]


def valid_text(text: str) -> str:
    """``text`` with each lone surrogate (a JSON ``"\\ud83d"`` from an MCP server) as U+FFFD: a
    tool's odd output is its result, never a turn that fails on the message it makes."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")   # a pair joins
    return text


@dataclass(**SLOTS)
class ToolCall:
    """One call the daemon ran (or refused) in this turn."""

    id: str
    name: str
    arguments: Any
    source: str
    ok: bool
    outcome: str
    duration_s: float
    result: str        # whole

    def as_dict(self, result_chars: int) -> dict[str, Any]:
        """The ``edge_agent.tool_calls`` entry: name, arguments, ok, duration_s, result (capped)."""
        return {"name": self.name, "arguments": self.arguments, "ok": self.ok,
                "duration_s": round(self.duration_s, 4), "result": cap(self.result, result_chars)}


@dataclass(**SLOTS)
class LoopResult:
    content: str
    calls: list[ToolCall]
    messages: list[Message]                 # this turn's assistant / tool messages, results whole
    stop: StopReason
    iterations: int                         # model steps that offered tools
    client_calls: list[dict[str, Any]] = field(default_factory=list)
    replies: list[StepReply] = field(default_factory=list)

    def tool_calls(self, result_chars: int) -> list[dict[str, Any]]:
        return [c.as_dict(result_chars) for c in self.calls]


def cap(text: str, limit: int) -> str:
    """``text``, or its head and tail around a marker saying how much was left out."""
    if len(text) <= limit:
        return text
    marker = f"\n[... {len(text) - limit} of {len(text)} characters left out ...]\n"
    keep = max(0, limit - len(marker))
    head = keep * 2 // 3
    return text[:head] + marker + text[len(text) - (keep - head):] if keep - head else text[:head] + marker


def _signature(name: str, arguments: Any) -> str:
    return name + "\x00" + json.dumps(arguments, sort_keys=True, separators=(",", ":"), default=str)


def forced_name(tool_choice: ToolChoice) -> str | None:
    """The tool a ``{"type": "function", "function": {"name": ...}}`` choice names, else None."""
    if isinstance(tool_choice, dict):
        name = (tool_choice.get("function") or {}).get("name")
        return name if isinstance(name, str) else ""
    return None


class _Turn:
    """The state of one loop run."""

    def __init__(self, tools: TurnTools, ctx: CallContext, call_timeout_s: float, deadline: float,
                 max_parallel: int, result_chars: int, metrics: ToolMetrics | None, id_prefix: str = "") -> None:
        self.tools = tools
        self.id_prefix = id_prefix
        self.ctx = ctx
        self.call_timeout_s = call_timeout_s
        self.deadline = deadline
        self.gate = asyncio.Semaphore(max_parallel)
        self.result_chars = result_chars
        self.metrics = metrics
        self.seen: set[str] = set()
        self.calls: list[ToolCall] = []
        self.shown: list[dict[str, Any]] = []    # what the model sees (capped results)
        self.stored: list[Message] = []          # what the session stores (whole results)
        self.ids: set[str] = set()               # call ids of the whole turn: never two alike

    def add(self, msg: Message, shown: str | None = None) -> None:
        self.stored.append(msg)
        d = msg.to_dict()
        if shown is not None:
            d["content"] = shown
        self.shown.append(d)

    def normalize(self, calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Calls with an id each (unique in the turn; a server call's starts with ``id_prefix``)
        and arguments as a JSON string."""
        out = []
        for call in calls:
            fn = call.get("function") or {}
            cid = call.get("id")
            n = len(self.ids)
            server = not self.tools.is_client(str(fn.get("name", "")))
            if server and self.id_prefix and isinstance(cid, str) and cid and not cid.startswith(self.id_prefix):
                cid = self.id_prefix + cid
            while not isinstance(cid, str) or not cid or cid in self.ids:
                n += 1
                cid = f"{self.id_prefix if server else ''}call_{n}"
            self.ids.add(cid)
            args = fn.get("arguments", "{}")
            out.append({"id": cid, "type": "function",
                        "function": {"name": str(fn.get("name", "")),
                                     "arguments": args if isinstance(args, str) else json.dumps(args)}})
        return out

    async def run_round(self, calls: list[dict[str, Any]]) -> bool:
        """Run the server calls of one round; True when one of them was a repeat."""
        repeated = False
        jobs: list[tuple[dict, Any]] = []
        for call in calls:
            if self.tools.is_client(call["function"]["name"]):
                continue
            job = self._plan(call)
            repeated |= isinstance(job, ToolCall) and job.outcome == "repeated"
            jobs.append((call, job))
        ran = iter(await _compat.gather_all(*(self._run(job, call) for call, job in jobs if isinstance(job, tuple))))
        for call, job in jobs:
            if isinstance(job, tuple):
                rec = next(ran)
            else:  # refused without running: audited here, in the calls' order
                rec = job
                audit(rec.name, rec.source, self.ctx.session_id, rec.arguments, 0.0, rec.outcome, self.metrics)
            self.calls.append(rec)
            self.add(Message("tool", rec.result if rec.ok else f"error: {rec.result}", name=rec.name,
                             tool_call_id=call["id"]),
                     shown=cap(rec.result if rec.ok else f"error: {rec.result}", self.result_chars))
        return repeated

    def _plan(self, call: dict[str, Any]) -> tuple[Tool, Any] | ToolCall:
        """The tool and parsed arguments to run, or the refusal that replaces running it."""
        name, raw = call["function"]["name"], call["function"]["arguments"]
        tool = self.tools.get(name)
        try:
            arguments = json.loads(raw) if raw.strip() else {}
        except (ValueError, RecursionError):
            return self._refuse(call, name, raw, "bad_arguments", "arguments are not valid JSON")
        if tool is None or tool.run is None:
            return self._refuse(call, name, arguments, "unknown_tool",
                                f"no tool named {name!r} (tools: {', '.join(sorted(self.tools.tools))})")
        if not isinstance(arguments, dict):
            return self._refuse(call, name, arguments, "bad_arguments", "arguments must be a JSON object")
        sig = _signature(name, arguments)
        if sig in self.seen:
            return self._refuse(call, name, arguments, "repeated",
                                "this exact call was already made in this turn (its result is above); "
                                "not run again - answer with what you have", source=tool.source)
        self.seen.add(sig)
        return tool, arguments

    def _refuse(self, call: dict, name: str, arguments: Any, outcome: str, why: str, source: str = "-") -> ToolCall:
        return ToolCall(call["id"], name, arguments, source, False, outcome, 0.0, why)

    async def _run(self, job: tuple[Tool, dict[str, Any]], call: dict[str, Any]) -> ToolCall:
        tool, arguments = job
        async with self.gate:
            start = time.perf_counter()
            left = self.deadline - asyncio.get_running_loop().time()
            limit = min(self.call_timeout_s, max(0.0, left))
            outcome = "ok"
            try:
                async with _compat.timeout(limit) as cm:
                    text = await tool.run(arguments, self.ctx)
                if not isinstance(text, str):
                    text = json.dumps(text, ensure_ascii=False, default=str)
            except TimeoutError as exc:
                if not cm.expired():
                    outcome, text = "error", f"{type(exc).__name__}: {exc}"
                elif limit < self.call_timeout_s:
                    outcome, text = "deadline", f"the turn's deadline passed after {limit:.3g} s"
                else:
                    outcome, text = "timeout", f"no result within {self.call_timeout_s:g} s"
            except ToolRefused as exc:
                outcome, text = "refused", exc.reason
            except ToolError as exc:
                outcome, text = "error", exc.reason
            except Exception as exc:  # a tool's own bug is that call's error, never the turn's
                outcome, text = "error", f"{type(exc).__name__}: {exc}"
            duration = time.perf_counter() - start
        audit(tool.name, tool.source, self.ctx.session_id, arguments, duration, outcome, self.metrics)
        return ToolCall(call["id"], tool.name, arguments, tool.source, outcome == "ok", outcome, duration,
                        valid_text(text))


async def run_tool_loop(step: Step, tools: TurnTools, messages: list[dict[str, Any]], *,
                        max_iterations: int = 8, call_timeout_s: float = 30.0, turn_deadline_s: float = 120.0,
                        max_parallel: int = 4, result_chars: int = 8000, tool_choice: ToolChoice = "auto",
                        ctx: CallContext | None = None, metrics: ToolMetrics | None = None,
                        schema_limit: int | None = None, query: str | None = None,
                        id_prefix: str = "") -> LoopResult:
    """Run one turn's loop over ``messages`` (the prompt, ending with the user's message).

    Returns the final content, the calls run, the messages to store (after the user's
    message, as one turn group) and why it stopped. ``schema_limit`` offers only that many
    schemas (the ones ``query`` is most about) to a small model."""
    if max_iterations < 1:
        raise ValueError("max_iterations must be >= 1")
    forced = forced_name(tool_choice)
    if forced is not None:
        tools.require(forced)  # ToolNotEnabled before anything runs (a 400 upstream)
    choice = tool_choice
    schemas = tools.schemas(query, schema_limit, keep=forced) or None
    loop = asyncio.get_running_loop()
    turn = _Turn(tools, ctx or CallContext(), call_timeout_s, loop.time() + turn_deadline_s, max_parallel,
                 result_chars, metrics, id_prefix)
    replies: list[StepReply] = []
    stop: StopReason = "max_iterations"
    iterations = 0
    for _ in range(max_iterations):
        if schemas is None:
            choice = "none"
        try:
            async with _compat.timeout_at(turn.deadline) as cm:
                reply = await step(messages + turn.shown, schemas, choice)
        except TimeoutError:
            if not cm.expired():
                raise  # the step's own timeout (a backend's): not the loop's to handle
            stop = "deadline"
            break
        iterations += 1
        replies.append(reply)
        calls = turn.normalize(reply.tool_calls) if schemas is not None else []
        if not calls:
            turn.add(Message("assistant", reply.content))
            return LoopResult(reply.content, turn.calls, turn.stored, "answer", iterations, [], replies)
        turn.add(Message("assistant", reply.content, tool_calls=calls))
        repeated = await turn.run_round(calls)
        client = [c for c in calls if tools.is_client(c["function"]["name"])]
        if client:
            return LoopResult(reply.content, turn.calls, turn.stored, "client_tools", iterations, client, replies)
        choice = "auto"
        if forced:
            stop = "forced_tool"   # the named tool ran: now the answer (a small model would call it again)
            break
        if repeated:
            stop = "repeated_call"
            break
        if any(c.outcome == "deadline" for c in turn.calls) or loop.time() >= turn.deadline:
            stop = "deadline"
            break
    final = await step(messages + turn.shown, schemas, "none")
    replies.append(final)
    turn.add(Message("assistant", final.content))
    return LoopResult(final.content, turn.calls, turn.stored, stop, iterations, [], replies)
