"""Tool round trips of third-party clients against the daemon (real SmolLM2): LangChain's
ChatOpenAI with bind_tools, and the OpenAI Agents SDK with a function tool through Chat
Completions and through Responses. The libraries live in their own venv (``make
test-clients``); where they are not installed these tests are skipped."""

from __future__ import annotations

import pytest

from tests.harness import api, running_daemon

PATIENT = dict(first_token_s=600.0, total_s=900.0)   # a loaded 2-core machine must pass


@pytest.fixture
async def daemon(tmp_path):
    async with running_daemon(tmp_path, n_threads=1, max_reply_tokens=12, strategy="sliding", **PATIENT) as d:
        yield d


async def sessions(d) -> list[dict]:
    return [(await api(d.base, "GET", f"/v1/sessions/{s['id']}"))[1]
            for s in (await api(d.base, "GET", "/v1/sessions"))[1]["data"]]


async def test_langchain_bind_tools_round_trip(daemon):
    pytest.importorskip("langchain_openai")
    from langchain_core.messages import HumanMessage, ToolMessage
    from langchain_core.tools import tool
    from langchain_openai import ChatOpenAI

    @tool
    def get_weather(city: str) -> str:
        """Get the current weather in a city."""
        return f"sunny in {city}"

    llm = ChatOpenAI(base_url=f"{daemon.base}/v1", api_key="unused", model="edge", max_retries=0, timeout=900)
    messages = [HumanMessage("What is the weather in Paris?")]
    ai = await llm.bind_tools([get_weather], tool_choice="get_weather").ainvoke(messages)
    assert ai.tool_calls and ai.tool_calls[0]["name"] == "get_weather"
    result = get_weather.invoke(ai.tool_calls[0]["args"])
    messages += [ai, ToolMessage(content=result, tool_call_id=ai.tool_calls[0]["id"])]
    final = await llm.ainvoke(messages)     # the whole conversation again, no session id
    assert isinstance(final.content, str)
    [held] = await sessions(daemon)         # one session, each message once
    assert [m["role"] for m in held["messages"]] == ["user", "assistant", "tool", "assistant"]
    assert held["messages"][2]["content"] == result
    await llm.root_async_client.close()


@pytest.mark.parametrize("api_kind", ["chat_completions", "responses"])
async def test_openai_agents_sdk_function_tool_round_trip(daemon, api_kind):
    pytest.importorskip("agents")
    from agents import (Agent, ModelSettings, OpenAIChatCompletionsModel, OpenAIResponsesModel, Runner,
                        function_tool, set_tracing_disabled)
    from openai import AsyncOpenAI

    set_tracing_disabled(True)
    calls: list[str] = []

    @function_tool
    def get_weather(city: str) -> str:
        """Get the current weather in a city."""
        calls.append(city)
        return f"sunny in {city}"

    client = AsyncOpenAI(base_url=f"{daemon.base}/v1", api_key="unused", max_retries=0, timeout=900)
    model = (OpenAIChatCompletionsModel if api_kind == "chat_completions" else OpenAIResponsesModel)(
        model="edge", openai_client=client)
    agent = Agent(name="weather", instructions="Answer with the weather.", tools=[get_weather], model=model,
                  model_settings=ModelSettings(tool_choice="get_weather"))   # reset to auto after the call
    result = await Runner.run(agent, "What is the weather in Paris?", max_turns=4)
    assert calls and isinstance(result.final_output, str)
    [held] = await sessions(daemon)
    roles = [m["role"] for m in held["messages"]]
    assert roles[:3] == ["user", "assistant", "tool"] and roles.count("user") == 1
    assert held["system"] == "Answer with the weather."
    await client.close()
