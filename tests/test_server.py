"""The daemon's HTTP API, served for real on a free loopback port."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import signal
import subprocess
import sys
import time
import urllib.request

import openai
import pytest

from edge_agent.config import load
from edge_agent.daemon import Daemon
from tests.harness import api
from tests.servers import free_port

TOKEN, OTHER = "secret-token-a", "secret-token-b"


@pytest.fixture
async def daemon(tmp_path):
    config = load(env={}, port=free_port(), state_dir=str(tmp_path), auth_tokens=[TOKEN, OTHER], n_threads=1,
                  max_reply_tokens=12, queue_per_session=1, strategy="summary")
    d = Daemon(config)
    ready = asyncio.Event()
    task = asyncio.create_task(d.serve(ready))
    await asyncio.wait_for(ready.wait(), 30)
    d.base = f"http://127.0.0.1:{config.port}"
    yield d
    d.stop.set()
    assert await asyncio.wait_for(task, 30) == 0


def client(d, token=TOKEN, session="s1"):
    return openai.AsyncOpenAI(base_url=f"{d.base}/v1", api_key=token, default_headers={"X-Session-Id": session},
                              max_retries=0)


async def call(d, method, path, token=TOKEN, **kw):
    return await api(d.base, method, path, token, **kw)


async def test_openai_client_plain_and_streaming(daemon):
    c = client(daemon)
    done = await c.chat.completions.create(model="edge", messages=[{"role": "user", "content": "我叫王小明。"}])
    assert done.choices[0].message.content is not None
    extra = done.model_extra["edge_agent"]
    assert extra["backend"] == "local" and extra["sections"]["system"] > 0 and "first_token_s" in extra["timings"]
    parts = []
    stream = await c.chat.completions.create(model="edge", stream=True,
                                             messages=[{"role": "user", "content": "Say hi."}])
    async for chunk in stream:
        if chunk.choices and chunk.choices[0].delta.content:
            parts.append(chunk.choices[0].delta.content)
    assert "".join(parts)
    status, body, _ = await call(daemon, "GET", "/v1/sessions/s1")
    assert status == 200 and [m["role"] for m in body["messages"]] == ["user", "assistant"] * 2
    assert body["messages"][2]["content"] == "Say hi." and body["messages"][3]["content"] == "".join(parts)
    assert any(f["value"] == "王小明" for f in body["facts"])
    await c.close()


async def test_auth_and_namespaces(daemon, caplog):
    caplog.set_level(logging.DEBUG)
    status, body, headers = await call(daemon, "GET", "/v1/sessions", token=None)
    assert status == 401 and body["error"]["type"] == "authentication_error"
    assert (await call(daemon, "GET", "/v1/models", token="wrong"))[0] == 401
    c = client(daemon)
    await c.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}])
    await c.close()
    assert (await call(daemon, "GET", "/v1/sessions/s1"))[0] == 200
    assert (await call(daemon, "GET", "/v1/sessions/s1", token=OTHER))[0] == 404   # not 403: no existence leak
    assert (await call(daemon, "GET", "/v1/sessions", token=OTHER))[1]["data"] == []
    _, metrics, _ = await call(daemon, "GET", "/metrics", token=None)
    assert "edge_agent_turns_total" in metrics and TOKEN not in metrics and OTHER not in metrics
    assert TOKEN not in caplog.text and OTHER not in caplog.text


@pytest.mark.parametrize("body, status, code", [
    (b"{not json", 400, "invalid_json"),
    (b"[1, 2]", 400, "invalid_json"),
    (b'{"messages": "hi"}', 400, "invalid_messages"),
    (b'{"messages": [{"role": "robot", "content": "x"}]}', 400, "invalid_message"),
    (b'{"messages": [{"role": "user", "content": 5}]}', 400, "invalid_message"),
    (b'{"messages": [{"role": "assistant", "content": "x"}]}', 400, "invalid_messages"),
    (b'{"messages": [{"role": "user", "content": "x"}], "max_tokens": -3}', 400, "invalid_max_tokens"),
    (b'{"messages": [{"role": "user", "content": "x"}], "stream": "yes"}', 400, "invalid_stream"),
    (b'{"messages": [{"role": "user", "content": "\\ud800"}]}', 400, "invalid_message"),
    (b"\xff\xfe", 400, "invalid_json"),
])
async def test_bad_input_is_a_json_error_and_stores_nothing(daemon, body, status, code):
    got, err, _ = await call(daemon, "POST", "/v1/chat/completions", data=body,
                             headers={"X-Session-Id": "bad", "Content-Type": "application/json"})
    assert got == status and err["error"]["code"] == code
    assert (await call(daemon, "GET", "/v1/sessions/bad"))[0] == 404   # nothing half-stored


async def test_size_limits_and_session_ids(daemon):
    big = json.dumps({"messages": [{"role": "user", "content": "x" * (1 << 20)}]}).encode()
    got, err, _ = await call(daemon, "POST", "/v1/chat/completions", data=io.BytesIO(big))
    assert got == 413 and err["error"]["code"] == "body_too_large"
    long = json.dumps({"messages": [{"role": "user", "content": "字" * 200_001}]}).encode()
    assert (await call(daemon, "POST", "/v1/chat/completions", data=io.BytesIO(long)))[0] == 413
    for sid in ("../etc/passwd", "a" * 129, "with space"):
        got, err, _ = await call(daemon, "POST", "/v1/chat/completions", headers={"X-Session-Id": sid},
                                 data=b'{"messages": [{"role": "user", "content": "x"}]}')
        assert got == 400 and err["error"]["code"] == "invalid_session_id"


async def test_session_routes(daemon):
    c = client(daemon, session="route")
    await c.chat.completions.create(model="m", messages=[{"role": "user", "content": "订单号 #20250115001"}])
    await c.close()
    status, ctx, _ = await call(daemon, "GET", "/v1/sessions/route/context?query=订单号")
    assert status == 200 and ctx["messages"][0]["role"] == "system" and ctx["tokens"] > 0
    listed = {s["id"]: s for s in (await call(daemon, "GET", "/v1/sessions"))[1]["data"]}
    assert listed["route"]["in_ram"] is True and listed["route"]["messages"] == 2 and listed["route"]["updated_at"] > 0
    status, body, _ = await call(daemon, "GET", "/v1/status")
    assert status == 200 and body["ring"] in ("c", "py") and body["watchdog"]["mode"] == "normal"
    assert set(body["heap"]) == {"trims", "released_mb"} and body["heap"]["trims"] >= 0
    local = next(b for b in body["backends"] if b["name"] == "local")   # no cloud here: the local model
    assert local["kv_cache"] == "q8_0" and local["kv_cache_mb"] == round(30 * 3 * 64 * 2 * 2048 * 34 / 32 / 2**20, 1)
    assert (await call(daemon, "DELETE", "/v1/sessions/route"))[0] == 204
    assert (await call(daemon, "DELETE", "/v1/sessions/route"))[0] == 404
    assert (await call(daemon, "GET", "/healthz", token=None))[1] == {"status": "ok"}


async def test_a_full_session_queue_is_429(daemon):
    body = json.dumps({"messages": [{"role": "user", "content": "Tell a long story."}], "max_tokens": 12})
    results = await asyncio.gather(*[call(daemon, "POST", "/v1/chat/completions", data=body,
                                          headers={"X-Session-Id": "busy"}) for _ in range(3)])
    statuses = sorted(r[0] for r in results)
    assert statuses[0] == 200 and 429 in statuses
    busy = next(r for r in results if r[0] == 429)
    assert busy[2]["Retry-After"] and busy[1]["error"]["code"] == "session_busy"


def test_process_restart_keeps_sessions_and_sigterm_exits_cleanly(tmp_path):
    port = free_port()
    cmd = [sys.executable, "-m", "edge_agent.cli", "serve", "--port", str(port), "--state-dir", str(tmp_path)]
    env = dict(os.environ, EDGE_AGENT_N_THREADS="1", EDGE_AGENT_MAX_REPLY_TOKENS="8")
    base = f"http://127.0.0.1:{port}"

    def start():
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(150):
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=1)
                return proc
            except OSError:
                time.sleep(0.2)
        proc.kill()
        raise RuntimeError("daemon did not start")

    proc = start()
    req = urllib.request.Request(f"{base}/v1/chat/completions", method="POST", headers={"X-Session-Id": "keep"},
                                 data=json.dumps({"messages": [{"role": "user", "content": "记住：我的车牌是沪A·7Q2K9"}]}).encode())
    assert json.load(urllib.request.urlopen(req, timeout=60))["choices"][0]["message"]["role"] == "assistant"
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(30) == 0
    proc = start()
    with urllib.request.urlopen(f"{base}/v1/sessions/keep", timeout=10) as resp:
        assert json.load(resp)["messages"][0]["content"] == "记住：我的车牌是沪A·7Q2K9"
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(30) == 0


def test_non_loopback_without_token_is_refused_at_start(tmp_path):
    out = subprocess.run([sys.executable, "-m", "edge_agent.cli", "serve", "--host", "0.0.0.0", "--state-dir",
                          str(tmp_path)], capture_output=True, text=True, timeout=60,
                         env={k: v for k, v in os.environ.items() if k != "EDGE_AGENT_AUTH_TOKENS"})
    assert out.returncode == 3 and "auth_tokens" in out.stderr


async def test_a_system_message_sets_the_system_prompt_not_the_history(daemon):
    body = {"messages": [{"role": "system", "content": "extra instruction"},
                         {"role": "user", "content": "first question"}], "max_tokens": 12}
    status, _, _ = await call(daemon, "POST", "/v1/chat/completions", json=body, headers={"X-Session-Id": "prior"})
    assert status == 200
    _, session, _ = await call(daemon, "GET", "/v1/sessions/prior")
    assert session["system"] == "extra instruction"
    assert [m["role"] for m in session["messages"]] == ["user", "assistant"]
    _, ctx, _ = await call(daemon, "GET", "/v1/sessions/prior/context")
    assert ctx["messages"][0] == {"role": "system", "content": "extra instruction"}
