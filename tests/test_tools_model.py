"""The loop driven by the real local model (SmolLM2-135M through LocalBackend).

LocalBackend on this branch has no tool-call support yet (the agent-API work adds
``complete(..., tools=...)``), so ``step`` is a small adapter here: a forced call is generated
by the backend's own llama.cpp model under a JSON-schema grammar (llama-cpp-python's
``response_format``), so the 135M model emits a valid call with valid JSON arguments; text
answers go through ``LocalBackend.complete``. Calls and results are given to the model as
plain messages (SmolLM2's chat template knows no tool role).
"""

from __future__ import annotations

import asyncio
import json

from edge_agent.tools.base import CallContext
from edge_agent.tools.builtins import builtin_tools
from edge_agent.tools.loop import StepReply, run_tool_loop
from edge_agent.tools.registry import Registry


def plain(messages: list[dict], tools: list[dict] | None) -> list[dict]:
    out = []
    for m in messages:
        if m.get("tool_calls"):
            text = "\n".join(json.dumps({"name": c["function"]["name"], "arguments": c["function"]["arguments"]})
                             for c in m["tool_calls"])
            out.append({"role": "assistant", "content": text})
        elif m["role"] == "tool":
            out.append({"role": "user", "content": f"Result of {m.get('name', 'the tool')}: {m['content']}"})
        else:
            out.append({"role": m["role"], "content": m["content"]})
    if tools:
        listing = "\n".join(f"- {t['function']['name']}: {t['function']['description']}" for t in tools)
        out[0] = {"role": "system", "content": out[0]["content"] + "\nTools you can call:\n" + listing}
    return out


def local_step(local):
    n = [0]

    async def step(messages, tools, tool_choice):
        prompt = plain(messages, tools)
        if not isinstance(tool_choice, dict):
            c = await local.complete(prompt, max_tokens=40, temperature=0.0)
            return StepReply(c.text, [], c)
        name = tool_choice["function"]["name"]
        fn = next(t["function"] for t in tools if t["function"]["name"] == name)
        schema = {"type": "object", "properties": {"name": {"enum": [name]}, "arguments": fn["parameters"]},
                  "required": ["name", "arguments"]}

        def generate():
            return local._llm.create_chat_completion(messages=prompt, max_tokens=120, temperature=0.0,
                                                     response_format={"type": "json_object", "schema": schema})

        async with local._lock:
            await local.load()
            out = await asyncio.get_running_loop().run_in_executor(local._pool, generate)
        obj = json.loads(out["choices"][0]["message"]["content"])
        n[0] += 1
        return StepReply("", [{"id": f"call_{n[0]}", "type": "function",
                               "function": {"name": obj["name"], "arguments": json.dumps(obj["arguments"])}}], out)

    return step


class Cfg:
    tools = ["device_status", "read_file", "list_files"]
    tool_call_timeout_s, tool_result_chars = 30.0, 2000
    fetch_allow_hosts, fetch_max_bytes, shell_allow = [], 1000, []

    def __init__(self, workspace):
        self.workspace_path = self.state_path = workspace


async def test_the_local_model_calls_a_tool_and_answers_with_its_result(local, tmp_path):
    (tmp_path / "notes.txt").write_text("The meeting moved to Thursday 10:00.")
    tools, _ = builtin_tools(Cfg(tmp_path))
    registry = Registry(tools)
    messages = [{"role": "system", "content": "You are a helpful assistant on a small board."},
                {"role": "user", "content": "How much RAM does the board have free?"}]
    r = await run_tool_loop(local_step(local), registry.for_request(), messages, max_iterations=2,
                            tool_choice={"type": "function", "function": {"name": "device_status"}},
                            ctx=CallContext(watchdog_mode=lambda: "normal"))
    assert r.stop == "forced_tool" and r.iterations == 1     # the named tool ran, then the answer
    assert [(c.name, c.ok) for c in r.calls] == [("device_status", True)]
    status = json.loads(r.calls[0].result)
    assert status["ram_mb"]["available"] > 0 and status["watchdog_mode"] == "normal"
    assert [m.role for m in r.messages] == ["assistant", "tool", "assistant"] and r.content.strip()

    messages[-1] = {"role": "user", "content": "What does the file notes.txt say?"}
    r = await run_tool_loop(local_step(local), registry.for_request(), messages, max_iterations=1,
                            tool_choice={"type": "function", "function": {"name": "read_file"}})
    call = r.calls[0]
    assert call.name == "read_file" and isinstance(call.arguments.get("path"), str)   # valid JSON arguments
    assert call.outcome in ("ok", "refused")           # run against the workspace, whatever path it chose
    assert r.stop == "forced_tool" and isinstance(r.content, str)
