"""The loop's bounds, concurrency, cancellation, capping, audit and metrics.

The model here is a scripted ``step``: a stand-in that replays the replies a model could give
(loops that repeat a call, calls forever), which no real small model does on demand; the
tools are real ones. tests/test_tools_model.py drives the loop with the real local model."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from edge_agent.errors import ToolNotEnabled
from edge_agent.tools.audit import ToolMetrics, digest
from edge_agent.tools.base import CallContext, Tool, params
from edge_agent.tools.files import Workspace, file_tools
from edge_agent.tools.loop import StepReply, cap, run_tool_loop
from edge_agent.tools.registry import Registry

USER = [{"role": "system", "content": "sys"}, {"role": "user", "content": "what is in notes.txt?"}]


def call(name: str, args: dict | str, cid: str | None = None) -> dict:
    return {"id": cid, "type": "function",
            "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)}}


class Script:
    """A stand-in model: returns ``replies`` in order (the last one again and again), and
    records what each step was given."""

    def __init__(self, *replies: StepReply) -> None:
        self.replies = list(replies)
        self.seen: list[tuple[list[dict], list | None, object]] = []

    async def __call__(self, messages, tools, tool_choice) -> StepReply:
        self.seen.append((messages, tools, tool_choice))
        if tool_choice == "none":
            return StepReply("final answer")
        return self.replies.pop(0) if len(self.replies) > 1 else self.replies[0]


def counting_tool(name: str, result=lambda a: "ok", delay: float = 0.0) -> Tool:
    async def run(a, ctx):
        run.calls.append(a)
        if delay:
            await asyncio.sleep(delay)
        return result(a)

    run.calls = []
    return Tool(name, f"the {name} tool", params({"n": {"type": "integer"}}), run=run)


@pytest.fixture
def workspace_tools(tmp_path):
    (tmp_path / "notes.txt").write_text("plan A: " + "x" * 5000 + " END")
    return Registry(file_tools(Workspace(tmp_path, max_read_chars=10_000)))


async def test_one_round_then_an_answer_stores_results_whole_shows_them_capped(workspace_tools):
    step = Script(StepReply("", [call("read_file", {"path": "notes.txt"}, "c1")]), StepReply("it says plan A"))
    r = await run_tool_loop(step, workspace_tools.for_request(), USER, result_chars=200)
    assert (r.stop, r.content, r.iterations) == ("answer", "it says plan A", 2)
    assert [m.role for m in r.messages] == ["assistant", "tool", "assistant"]
    assert r.messages[0].tool_calls[0]["id"] == "c1" and r.messages[1].tool_call_id == "c1"
    assert r.messages[1].content.endswith(" END") and len(r.messages[1].content) > 5000      # stored whole
    shown = step.seen[1][0][-1]
    assert shown["role"] == "tool" and len(shown["content"]) <= 200 and shown["content"].endswith(" END")
    assert "characters left out" in shown["content"]
    entry = r.tool_calls(200)[0]
    assert set(entry) == {"name", "arguments", "ok", "duration_s", "result"}
    assert (entry["name"], entry["arguments"], entry["ok"]) == ("read_file", {"path": "notes.txt"}, True)
    assert len(entry["result"]) <= 200 and step.seen[0][0] == USER            # the prompt itself untouched


def test_cap_keeps_head_and_tail():
    text = "HEAD" + "m" * 1000 + "TAIL"
    out = cap(text, 100)
    assert len(out) <= 100 and out.startswith("HEAD") and out.endswith("TAIL") and "1008" in out
    assert cap("short", 100) == "short"


async def test_iteration_cap_then_an_answer_without_tools():
    tool = counting_tool("tick")
    n = iter(range(100))

    class Endless(Script):
        async def __call__(self, messages, tools, tool_choice):
            self.seen.append((messages, tools, tool_choice))
            if tool_choice == "none":
                return StepReply("gave up")
            return StepReply("", [call("tick", {"n": next(n)})])

    step = Endless()
    r = await run_tool_loop(step, Registry([tool]).for_request(), USER, max_iterations=3)
    assert (r.stop, r.content, r.iterations, len(tool.run.calls)) == ("max_iterations", "gave up", 3, 3)
    assert [c for _, _, c in step.seen] == ["auto", "auto", "auto", "none"]
    assert step.seen[-1][1] == step.seen[0][1]                              # same schemas: the prefix holds


async def test_a_repeated_identical_call_is_not_run_and_ends_the_loop():
    tool = counting_tool("lookup")
    step = Script(StepReply("", [call("lookup", {"n": 1})]), StepReply("", [call("lookup", {"n": 1})]))
    r = await run_tool_loop(step, Registry([tool]).for_request(), USER, max_iterations=10)
    assert (r.stop, r.content, len(tool.run.calls)) == ("repeated_call", "final answer", 1)
    assert [c.outcome for c in r.calls] == ["ok", "repeated"]
    assert "already made" in r.messages[3].content                         # its call still gets a result


async def test_per_call_timeout_is_that_calls_error():
    slow, fast = counting_tool("slow", delay=3600), counting_tool("fast")
    step = Script(StepReply("", [call("slow", {}), call("fast", {})]), StepReply("done"))
    r = await run_tool_loop(step, Registry([slow, fast]).for_request(), USER, call_timeout_s=0.5)
    assert r.stop == "answer" and [(c.name, c.outcome, c.ok) for c in r.calls] == [("slow", "timeout", False),
                                                                                   ("fast", "ok", True)]
    assert r.messages[1].content.startswith("error: no result within 0.5 s")


async def test_turn_deadline_stops_calls_and_asks_for_an_answer():
    slow = counting_tool("slow", delay=3600)
    step = Script(StepReply("", [call("slow", {})]))
    r = await run_tool_loop(step, Registry([slow]).for_request(), USER, call_timeout_s=600, turn_deadline_s=2)
    assert (r.stop, r.content) == ("deadline", "final answer") and r.calls[0].outcome == "deadline"

    async def hung_model(messages, tools, tool_choice):
        if tool_choice == "none":
            return StepReply("answered anyway")
        await asyncio.sleep(3600)

    r = await run_tool_loop(hung_model, Registry([slow]).for_request(), USER, turn_deadline_s=1)
    assert (r.stop, r.content, r.iterations) == ("deadline", "answered anyway", 0)


async def test_parallel_calls_run_concurrently_up_to_the_limit_in_call_order():
    active, peak = [0], [0]

    async def run(a, ctx):
        active[0] += 1
        peak[0] = max(peak[0], active[0])
        await asyncio.sleep(0.2)
        active[0] -= 1
        return f"r{a['n']}"

    tool = Tool("work", "w", params({"n": {"type": "integer"}}), run=run)
    step = Script(StepReply("", [call("work", {"n": i}) for i in range(5)]), StepReply("done"))
    r = await run_tool_loop(step, Registry([tool]).for_request(), USER, max_parallel=2)
    assert peak[0] == 2 and [c.result for c in r.calls] == [f"r{i}" for i in range(5)]
    assert len({m.tool_call_id for m in r.messages if m.role == "tool"}) == 5          # ids made unique


async def test_cancellation_propagates_into_the_running_calls():
    started, cancelled = asyncio.Event(), []

    async def run(a, ctx):
        started.set()
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            cancelled.append(True)
            raise

    tool = Tool("wait", "w", params(), run=run)
    step = Script(StepReply("", [call("wait", {})]))
    task = asyncio.create_task(run_tool_loop(step, Registry([tool]).for_request(), USER))
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert cancelled == [True]


async def test_client_tools_go_back_to_the_client_after_the_server_ones_ran():
    tool = counting_tool("device_status")
    turn = Registry([tool]).for_request([{"type": "function", "function": {"name": "get_weather",
                                                                           "parameters": {"type": "object"}}}])
    step = Script(StepReply("", [call("device_status", {}), call("get_weather", {"city": "Paris"}, "w1")]))
    r = await run_tool_loop(step, turn, USER)
    assert r.stop == "client_tools" and [c["id"] for c in r.client_calls] == ["w1"]
    assert len(tool.run.calls) == 1 and [m.role for m in r.messages] == ["assistant", "tool"]


async def test_forced_choice_first_step_only_and_unknown_forced_tool_is_refused():
    tool = counting_tool("lookup")
    registry = Registry([tool, counting_tool("off")])
    registry.get("off").enabled = False
    forced = {"type": "function", "function": {"name": "lookup"}}
    step = Script(StepReply("", [call("lookup", {"n": 1})]), StepReply("done"))
    r = await run_tool_loop(step, registry.for_request(), USER, tool_choice=forced)
    assert [c for _, _, c in step.seen] == [forced, "none"] and r.content == "final answer"   # run it, then answer
    assert r.stop == "forced_tool" and len(tool.run.calls) == 1
    step = Script(StepReply("", [call("lookup", {"n": 2})]), StepReply("", [call("lookup", {"n": 3})]),
                  StepReply("done"))
    r = await run_tool_loop(step, registry.for_request(), USER, tool_choice="required")
    assert [c for _, _, c in step.seen] == ["required", "auto", "auto"] and r.stop == "answer"
    for name in ("off", "nonexistent"):
        never = Script(StepReply("x"))
        with pytest.raises(ToolNotEnabled):
            await run_tool_loop(never, registry.for_request(), USER,
                                tool_choice={"type": "function", "function": {"name": name}})
        assert never.seen == [] and len(tool.run.calls) == 3


async def test_unknown_tools_bad_arguments_and_tool_bugs_are_error_results():
    async def broken(a, ctx):
        raise KeyError("oops")

    registry = Registry([Tool("broken", "b", params(), run=broken), counting_tool("fine")])
    step = Script(StepReply("", [call("nope", {}), call("fine", "{not json"), call("fine", "[1]"),
                                 call("broken", {})]), StepReply("done"))
    r = await run_tool_loop(step, registry.for_request(), USER)
    assert [c.outcome for c in r.calls] == ["unknown_tool", "bad_arguments", "bad_arguments", "error"]
    assert r.content == "done" and all(m.content.startswith("error: ") for m in r.messages if m.role == "tool")


async def test_audit_line_per_call_digest_only_personal_data_masked(caplog):
    metrics = ToolMetrics()
    tool = counting_tool("lookup")
    args = {"n": 1, "password": "hunter2"}
    step = Script(StepReply("", [call("lookup", args), call("lookup", args)]), StepReply("done"))
    with caplog.at_level(logging.INFO, logger="edge_agent.tools.audit"):
        await run_tool_loop(step, Registry([tool]).for_request(), USER,
                            ctx=CallContext(session_id="user-13812345678"), metrics=metrics)
    lines = [r.getMessage() for r in caplog.records if r.name == "edge_agent.tools.audit"]
    assert len(lines) == 2 and all(f"args_sha256={digest(args)}" in line for line in lines)
    assert "outcome=ok" in lines[0] and "outcome=repeated" in lines[1]
    assert not any("hunter2" in line or "13812345678" in line for line in lines)
    assert "138****5678" in lines[0]
    value = metrics.registry.get_sample_value
    assert value("edge_agent_tool_calls_total", {"tool": "lookup", "outcome": "ok"}) == 1
    assert value("edge_agent_tool_calls_total", {"tool": "lookup", "outcome": "repeated"}) == 1
    assert value("edge_agent_tool_call_seconds_count", {"tool": "lookup"}) == 2


async def test_made_up_tool_names_do_not_become_metric_labels(caplog):
    metrics = ToolMetrics()
    step = Script(StepReply("", [call("x\nFAKE audit line", {}), call("invented_tool", {})]), StepReply("done"))
    with caplog.at_level(logging.INFO, logger="edge_agent.tools.audit"):
        await run_tool_loop(step, Registry([counting_tool("real")]).for_request(), USER, metrics=metrics)
    lines = [r.getMessage() for r in caplog.records if r.name == "edge_agent.tools.audit"]
    assert "\n" not in "".join(lines) and "tool=invented_tool" in lines[1]
    assert metrics.registry.get_sample_value("edge_agent_tool_calls_total",
                                             {"tool": "(unknown)", "outcome": "unknown_tool"}) == 2


async def test_call_ids_are_unique_across_the_rounds_of_a_turn():
    tool = counting_tool("tick")
    step = Script(StepReply("", [call("tick", {"n": 1}, "c1"), call("tick", {"n": 2}, "c1")]),
                  StepReply("", [call("tick", {"n": 3}, "c1"), call("tick", {"n": 4})]), StepReply("done"))
    r = await run_tool_loop(step, Registry([tool]).for_request(), USER)
    ids = [m.tool_call_id for m in r.messages if m.role == "tool"]
    assert len(ids) == len(set(ids)) == 4 and ids[0] == "c1"
    assert [c["id"] for m in r.messages if m.tool_calls for c in m.tool_calls] == ids


async def test_limits_from_the_config_drive_the_loop():
    from edge_agent.config import load
    from edge_agent.tools import Limits
    from edge_agent.tools import run_tool_loop as exported

    limits = Limits.from_config(load(env={}, tool_max_iterations=2, tool_result_chars=50))
    tool = counting_tool("tick", result=lambda a: "y" * 500)
    n = iter(range(100))

    async def endless(messages, tools, tool_choice):
        return StepReply("stop" if tool_choice == "none" else "", [] if tool_choice == "none"
                         else [call("tick", {"n": next(n)})])

    r = await exported(endless, Registry([tool]).for_request(), USER, **limits.kwargs())
    assert (r.stop, r.iterations) == ("max_iterations", 2) and len(r.tool_calls(limits.result_chars)[0]["result"]) <= 50


def test_tool_metrics_register_beside_the_daemons_own():
    from prometheus_client import generate_latest

    from edge_agent.metrics import Metrics

    daemon = Metrics()
    tools = ToolMetrics(daemon.registry)                  # one /metrics page for both
    tools.observe("device_status", "ok", 0.01)
    text = generate_latest(daemon.registry).decode()
    assert 'edge_agent_tool_calls_total{outcome="ok",tool="device_status"} 1.0' in text
    assert "edge_agent_turns_total" in text and "edge_agent_tool_call_seconds_bucket" in text


async def test_a_tool_result_that_is_not_valid_unicode_is_kept_as_text_not_a_failed_turn():
    async def odd(a, ctx):
        return "half an emoji \ud83d then the rest"     # an MCP server's JSON can carry a lone surrogate

    step = Script(StepReply("", [call("odd", {})]), StepReply("done"))
    r = await run_tool_loop(step, Registry([Tool("odd", "o", params(), run=odd)]).for_request(), USER)
    result = [m.content for m in r.messages if m.role == "tool"]
    assert r.content == "done" and r.calls[0].outcome == "ok"
    assert result == ["half an emoji \ufffd then the rest"] and r.calls[0].result == result[0]
