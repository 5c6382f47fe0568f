"""The llama-cpp-python wheel slimmed to what edge-agent loads (edge_agent/deploy/wheels.py)."""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import zipfile

import pytest

from edge_agent.deploy.bundle import llama_wheel
from edge_agent.deploy.wheels import _needed, kept_libraries, slim

HOST = os.uname().machine


@pytest.fixture
def fat_wheel(tmp_path):
    """The cached (slim) wheel with what pip's build also ships put back: versioned copies of
    each library, the top-level lib/ and include/ trees, the multimodal library."""
    src = llama_wheel(HOST)
    path = tmp_path / src.name
    shutil.copy(src, path)
    with zipfile.ZipFile(path) as z:
        libllama = z.read("llama_cpp/lib/libllama.so")
        ggml = z.read("llama_cpp/lib/libggml.so.0")
    with zipfile.ZipFile(path, "a") as z:
        z.writestr("llama_cpp/lib/libllama.so.0", libllama)
        z.writestr("llama_cpp/lib/libllama.so.0.5.0", libllama)
        z.writestr("llama_cpp/lib/libmtmd.so", ggml)
        z.writestr("lib/libllama.so", libllama)
        z.writestr("include/llama.h", "/* header */")
    return path


def test_libllama_needs_ggml_by_soname():
    with zipfile.ZipFile(llama_wheel(HOST)) as z:
        needed = _needed(z.read("llama_cpp/lib/libllama.so"))
    assert "libggml.so.0" in needed and "libggml-base.so.0" in needed
    with pytest.raises(ValueError, match="ELF"):
        _needed(b"#!/bin/sh\n")


def test_slim_keeps_what_libllama_loads_and_llama_cpps_code(fat_wheel):
    before, after = slim(fat_wheel)
    assert after < before
    with zipfile.ZipFile(fat_wheel) as z:
        names = set(z.namelist())
        libs = {n.split("/")[-1] for n in names if n.startswith("llama_cpp/lib/")}
        assert libs == {"libllama.so", "libggml.so.0", "libggml-base.so.0", "libggml-cpu.so.0"}
        assert not any(n.startswith(("lib/", "include/")) for n in names)
        assert "llama_cpp/llama.py" in names and "llama_cpp/server/app.py" in names
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        rows = [line.split(",") for line in z.read(record).decode().splitlines()]
        assert {r[0] for r in rows} == names            # every file listed, nothing else
        for name, digest, size in rows:
            if name == record:
                continue
            data = z.read(name)
            want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (f"sha256={want}", len(data)), name


def test_slim_is_idempotent(fat_wheel):
    slim(fat_wheel)
    stamp = (fat_wheel.stat().st_mtime_ns, fat_wheel.read_bytes())
    assert slim(fat_wheel)[0] == slim(fat_wheel)[1]
    assert (fat_wheel.stat().st_mtime_ns, fat_wheel.read_bytes()) == stamp


def test_kept_libraries_follow_needed_transitively():
    with zipfile.ZipFile(llama_wheel(HOST)) as z:
        libs = {n.split("/")[-1]: z.read(n) for n in z.namelist() if n.startswith("llama_cpp/lib/")}
    assert kept_libraries(libs) == set(libs)                       # the cached wheel is slim already
    assert kept_libraries({k: v for k, v in libs.items() if k != "libggml.so.0"}) == \
        {"libllama.so", "libggml-base.so.0"}                        # cpu is reached only through ggml
