"""Packing the encoders' and the tokenizer's files: one packer at a time, ahead of the first message."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from edge_agent import packing
from edge_agent.memory import encoder_file
from edge_agent.memory.encoder_source import PACKED, USE_PACKED, LazyEncoder, LazyUse
from tests.servers import free_port


def _recording_write(calls: list, started: threading.Event, release: threading.Event):
    def write(src: Path, dest: Path) -> Path:
        calls.append(dest)
        started.set()
        release.wait(60)
        dest.mkdir(parents=True, exist_ok=True)
        (dest / PACKED).write_bytes(b"packed")
        return dest
    return write


def test_a_second_packer_waits_for_the_first_and_packs_nothing(tmp_path):
    """Without the lock the second child would pack the same file beside the first (the
    multilingual table's 300 MB peak twice on a 2 GB board)."""
    dest, calls = tmp_path / "cache" / "key", []
    started, release, second_in = threading.Event(), threading.Event(), threading.Event()
    write = _recording_write(calls, started, release)
    codes = {}
    first = threading.Thread(target=lambda: codes.setdefault(1, encoder_file.main([str(tmp_path), str(dest)], write)))
    first.start()
    assert started.wait(60)

    def second_write(src, dest):
        second_in.set()
        return write(src, dest)

    second = threading.Thread(target=lambda: codes.setdefault(2, encoder_file.main([str(tmp_path), str(dest)], second_write)))
    second.start()
    second_in.wait(2)          # it would be inside by now without the lock
    release.set()
    first.join(60)
    second.join(60)
    assert codes == {1: 0, 2: 0}
    assert calls == [dest] and not second_in.is_set()
    assert (dest / PACKED).read_bytes() == b"packed"


def test_what_a_killed_packer_left_is_swept_before_packing(tmp_path):
    dest = tmp_path / "key"
    (tmp_path / "key.k1ll3d").mkdir()                       # encoder_file's staging folder
    (tmp_path / "key.k1ll3d" / PACKED).write_bytes(b"half")
    dest.mkdir()
    (dest / f"{PACKED}.x9").write_bytes(b"half")             # use_m's staging file
    done = []
    assert encoder_file.main([str(tmp_path), str(dest)], lambda s, d: done.append(d) or (d / PACKED).write_bytes(b"ok")) == 0
    assert done == [dest]
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["key"]
    assert [p.name for p in dest.iterdir()] == [PACKED]


def test_an_unwritable_cache_is_a_clear_failure_not_a_crash(tmp_path):
    (tmp_path / "file").write_text("x")
    out = subprocess.run([sys.executable, "-m", "edge_agent.memory.encoder_file", str(tmp_path), str(tmp_path / "file" / "key")],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 1 and "not packed:" in out.stderr


def test_a_packing_child_lowers_its_own_priority():
    code = "import os; from edge_agent.packing import lower_priority; base = os.nice(0); lower_priority(); print(os.nice(0) - base)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, EDGE_AGENT_PACK_NICE="7"))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() in ("7", str(19 - os.nice(0)))     # capped at 19


def test_the_handles_name_their_packing_until_it_is_done(tmp_path, monkeypatch):
    monkeypatch.setenv("EDGE_AGENT_CACHE", str(tmp_path))
    for var in ("EDGE_AGENT_ENCODER_DIR", "EDGE_AGENT_USE_DIR"):
        monkeypatch.delenv(var, raising=False)
    module, src, dest = LazyUse().pack_job()
    assert module == "edge_agent.memory.use_m" and dest.parent == tmp_path / "encoder"
    dest.mkdir(parents=True)
    (dest / USE_PACKED).write_bytes(b"x")
    assert LazyUse().pack_job() is None
    packed = tmp_path / "given"
    packed.mkdir()
    (packed / USE_PACKED).write_bytes(b"x")
    assert LazyUse(packed).pack_job() is None                 # a packed folder named in the config
    job = LazyEncoder().pack_job()
    if job is not None:                                      # None only where the C encoder is not built
        assert job[0] == "edge_agent.memory.encoder_file" and job[2] == encoder_file.cache_root() / encoder_file.source_key(job[1])


def _maps_numpy(pid: int) -> bool:
    return "_multiarray_umath" in Path(f"/proc/{pid}/maps").read_text()


def test_the_daemon_packs_its_encoders_before_any_message_without_loading_them(tmp_path):
    """A new install: the cache is empty; no message is sent; both files appear, made by
    children, and the daemon itself has not even imported numpy."""
    cache, port = tmp_path / "cache", free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("EDGE_AGENT_ENCODER_DIR", "EDGE_AGENT_USE_DIR")}
    env |= {"EDGE_AGENT_CACHE": str(cache), "EDGE_AGENT_POLICY": "cloud_only", "EDGE_AGENT_CLOUD_URL": "http://127.0.0.1:9/v1",
            "EDGE_AGENT_SEMANTIC_RECALL": "on", "EDGE_AGENT_SEMANTIC_RECALL_ZH": "on"}
    with open(tmp_path / "daemon.log", "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "edge_agent.cli", "serve", "--port", str(port), "--state-dir",
                                 str(tmp_path / "state")], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 600          # a bound for a stuck child, not a speed check
        made = []
        while time.monotonic() < deadline and proc.poll() is None:
            made = sorted(p.name for p in (cache / "encoder").glob("*/*.safetensors"))
            if made == sorted([PACKED, USE_PACKED]):
                break
            time.sleep(0.5)
        assert proc.poll() is None, (tmp_path / "daemon.log").read_text()
        assert made == sorted([PACKED, USE_PACKED]), (tmp_path / "daemon.log").read_text()
        urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=30).close()
        assert not _maps_numpy(proc.pid)
    finally:
        proc.terminate()
        proc.wait(60)
