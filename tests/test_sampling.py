"""The local model's sampling settings (backends/sampling.py) and the loop guard on the real
SmolLM2-135M: a reply caught in a loop is cut, finished as "length", stored as sent, and
shown once in the next prompt."""

from __future__ import annotations

import pytest

from edge_agent.agent import Agent
from edge_agent.backends import Router, Timeouts
from edge_agent.backends.local import LocalBackend
from edge_agent.backends.sampling import DEFAULT, FAMILIES, family, for_model
from edge_agent.config import load
from edge_agent.errors import ConfigError
from edge_agent.loops import collapse, periodic_tail

SYSTEM = "You are a helpful assistant running on an edge device. Answer briefly, in the language the user writes in."
# greedy SmolLM2-135M without a repetition penalty loops on these (seen in bench/replies.py)
LOOPING = ["帮我写一句生日祝福，给我妈妈。", "今天天气怎么样？", "你好，请介绍一下你自己。"]


def test_the_family_comes_from_the_gguf_names():
    assert family({"general.basename": "smollm2", "general.architecture": "llama"}) == "smollm"
    assert family({"general.name": "Qwen3 0.6B Instruct", "general.architecture": "qwen3"}) == "qwen3"
    assert family({"general.name": "Qwen2.5 1.5B Instruct"}) == "qwen"
    assert family({"general.architecture": "gemma3"}) == "gemma"
    assert family({"general.architecture": "mamba"}) is None
    assert for_model({"general.architecture": "mamba"}) == DEFAULT


def test_the_gguf_then_the_config_override_the_family():
    meta = {"general.basename": "qwen3", "general.sampling.temp": 0.6, "general.sampling.top_k": 30}
    chosen = for_model(meta, {"top_k": 10, "repeat_penalty": 1.2})
    assert (chosen.temperature, chosen.top_k, chosen.repeat_penalty) == (0.6, 10, 1.2)
    assert chosen.top_p == FAMILIES["qwen3"].top_p
    odd = {"general.basename": "qwen3", "general.sampling.temp": float("nan")}   # a converter's odd value
    assert for_model(odd).temperature == FAMILIES["qwen3"].temperature


@pytest.mark.parametrize("bad,said", [({"temprature": 0.5}, "unknown setting 'temprature'"),
                                      ({"top_p": 1.5}, "outside 0.0..1.0"),
                                      ({"temperature": "hot"}, "a finite number"),
                                      ({"min_p": float("inf")}, "a finite number"),
                                      ({"top_k": True}, "a finite number")])
def test_bad_settings_are_a_config_error_naming_the_key(tmp_path, bad, said):
    with pytest.raises(ConfigError, match=said) as err:
        load(env={}, state_dir=str(tmp_path), local_sampling=bad)
    assert err.value.key == "local_sampling"


def test_the_environment_sets_them_as_json(tmp_path):
    config = load(env={"EDGE_AGENT_LOCAL_SAMPLING": '{"temperature": 0.1}'}, state_dir=str(tmp_path))
    assert config.local_sampling == {"temperature": 0.1}


def test_the_default_model_samples_with_its_family_settings(local):
    assert family(local.tokenizer.metadata) == "smollm"
    assert local.sampling == FAMILIES["smollm"]
    assert local._settings(None, tools=False)["repeat_penalty"] == FAMILIES["smollm"].repeat_penalty
    # no repetition penalty where the reply may be JSON, and an explicit temperature wins
    assert local._settings(0.0, tools=True) == {**FAMILIES["smollm"].kwargs(0.0), "repeat_penalty": 1.0,
                                                     "presence_penalty": 0.0, "frequency_penalty": 0.0}


@pytest.fixture
async def greedy():
    backend = LocalBackend(n_ctx=1024, n_threads=1, timeouts=Timeouts(first_token_s=300, total_s=600),
                           sampling={"temperature": 0.0, "repeat_penalty": 1.0})
    yield backend
    await backend.aclose()


async def test_a_real_loop_is_cut_finished_as_length_and_shown_once_next_time(greedy):
    agent = Agent(Router(local=greedy), strategy="sliding", system=SYSTEM, max_reply_tokens=400)
    looped = []
    for i, text in enumerate(LOOPING):
        result = await agent.turn(f"loop-{i}", text)
        if result.looped:
            looped.append((f"loop-{i}", result))
        else:
            assert periodic_tail(result.reply) is None
    assert looped, "greedy SmolLM2 without a penalty looped on none of the prompts that looped in the bench"
    for session, result in looped:
        assert result.finish_reason == "length" and result.usage.completion_tokens < 400
        history = agent.memory(session).history()
        assert history[-1].content == result.reply                       # stored as it was sent
        shown = [m["content"] for m in agent.memory(session).context().messages if m["role"] == "assistant"]
        assert shown == [collapse(result.reply)] and len(shown[0]) < len(result.reply)
