"""Deploy over ssh (a real sshd on loopback) and over hdc (a stand-in), to a board root here."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from edge_agent.backends.models import default_model_path
from edge_agent.deploy.deployer import Deployer, build_sdist
from edge_agent.deploy.transport import DeployError, SSHTransport
from edge_agent.errors import ConfigError
from edge_agent.board.profiles import load_profile
from tests.servers import free_port
from tests.sshd import sshd


def here(name: str):
    """A board profile with this machine's arch: the "board" of these tests is this host
    (the preflight refuses a profile whose arch is not the board's)."""
    import dataclasses
    import os

    return dataclasses.replace(load_profile(name), arch=os.uname().machine)


@pytest.fixture(scope="module")
def sdist(tmp_path_factory):
    return build_sdist(tmp_path_factory.mktemp("dist"))


@pytest.mark.slow
async def test_ssh_deploy_health_idempotence_broken_release_and_rollback(tmp_path, sdist):
    """With the offline bundle for this host (cached): from the index, the board's pip would
    build llama-cpp-python from source, which is what the bundle is for."""
    import os

    from edge_agent.deploy.bundle import Target, build_bundle

    bundle = build_bundle(Target(os.uname().machine, sys.version_info[:2]))
    with sshd(tmp_path) as s:
        transport = SSHTransport(s["host"], port=s["port"], identity=s["identity"], known_hosts=s["known_hosts"])
        root = str(tmp_path / "board")
        port = free_port()
        common = dict(python=sys.executable, manager="process", port=port, health_timeout_s=90, bundle=bundle)
        good = Deployer(transport, here("rpi4-4g"), root, extra_config={"n_threads": 1}, **common)
        first = await good.deploy(sdist)
        assert first.changed and first.healthy and first.previous is None
        assert (tmp_path / "board" / "current" / "app" / "edge_agent").is_dir()
        assert (tmp_path / "board" / "venv" / "bin" / "python").exists()   # the board's venv, created
        again = await good.deploy(sdist)                       # the same version twice: nothing changes
        assert not again.changed and again.version == first.version
        broken = Deployer(transport, here("rpi4-4g"), root,
                          extra_config={"n_threads": 1, "no_such_key": 1}, **common)
        with pytest.raises(DeployError, match="rolled back"):
            await broken.deploy(sdist)                         # fails its health check
        status = await good.status()
        assert status["current"] == first.version and status["healthy"] and len(status["releases"]) == 2
        assert status["ring"] == "c C extension loaded"       # this host has a compiler: the C ring built
        assert "unknown config key" in await good.logs(200)
        with pytest.raises(DeployError, match="not healthy"):
            await good.rollback()                              # the only older release is the broken one
        restored = await good.deploy(sdist)                    # installed before: only switched back
        assert restored.changed and restored.healthy and restored.version == first.version
        await good.uninstall()
        assert not (tmp_path / "board" / "current").exists() and (tmp_path / "board" / "state").exists()


HDC = str(__import__("pathlib").Path(__file__).parent / "hdc" / "hdc")


async def test_hdc_transport_quirks(tmp_path, monkeypatch):
    from edge_agent.deploy.transport import HdcTransport

    monkeypatch.setenv("HDC_STANDIN_STATE", str(tmp_path / "hdc-state"))
    monkeypatch.setenv("HDC_STANDIN_DEVICES", "")
    assert await HdcTransport(hdc=HDC).targets() == []
    monkeypatch.setenv("HDC_STANDIN_DEVICES", "board-a,board-b")
    with pytest.raises(DeployError, match="2 devices"):
        await HdcTransport(hdc=HDC).run("true")                # several devices and no -t
    t = HdcTransport("board-a", hdc=HDC)
    assert await t.run("echo hi") == (0, "hi")                 # \r stripped, __RC read back
    with pytest.raises(DeployError) as info:
        await t.run("exit 3")                                  # hdc exits 0; the status comes from __RC
    assert info.value.rc == 3
    with pytest.raises(DeployError):
        await t.push(tmp_path / "missing", str(tmp_path / "x"))  # a [Fail] line, exit status 0
    monkeypatch.setenv("HDC_STANDIN_DEVICES", "only-one")
    lone = HdcTransport(hdc=HDC)
    assert (await lone.run("true"))[0] == 0 and lone.target is None
    monkeypatch.setenv("HDC_STANDIN_FLAKY", "1")               # "need connect-key" once: retried with
    assert await HdcTransport(hdc=HDC).run("echo again") == (0, "again")  # the only target


@pytest.mark.slow
async def test_hdc_deploy_to_an_openharmony_profile(tmp_path, sdist, monkeypatch):
    from edge_agent.deploy.transport import HdcTransport

    monkeypatch.setenv("HDC_STANDIN_STATE", str(tmp_path / "hdc-state"))
    monkeypatch.setenv("HDC_STANDIN_DEVICES", "dayu200")
    import tempfile

    short = tempfile.mkdtemp(prefix="oh", dir="/tmp")  # init path elements must stay within 64 bytes
    too_long = Deployer(HdcTransport("dayu200", hdc=HDC), load_profile("dayu200-rk3568"), str(tmp_path / "data"))
    with pytest.raises(ConfigError, match="64"):
        await too_long.deploy(sdist)                         # refused before anything is pushed
    assert not (tmp_path / "data").exists()
    carried = tmp_path / "carried-model.gguf"                 # a pulled model, carried to the board
    shutil.copyfile(default_model_path(), carried)
    d = Deployer(HdcTransport("dayu200", hdc=HDC), here("dayu200-rk3568"), f"{short}/data",
                 python=sys.executable, manager="process", port=free_port(), health_timeout_s=60,
                 extra_config={"n_threads": 1}, venv=False, model=carried)  # an existing environment, no venv
    result = await d.deploy(sdist)
    assert result.changed and result.healthy
    assert (await d.status())["healthy"]                      # through hdc fport
    on_board = Path(short) / "data" / "models" / carried.name
    assert on_board.stat().st_size == carried.stat().st_size and not on_board.with_suffix(".gguf.part").exists()
    config = (Path(short) / "data" / "releases" / result.version / "edge-agent.toml").read_text()
    assert f'local_model = "{on_board}"' in config
    await d.uninstall()
    __import__("shutil").rmtree(short)


def test_cli_deploy_status_and_usage(tmp_path):
    import json
    import os
    import subprocess

    env = dict(os.environ, HDC_STANDIN_DEVICES="dayu200", HDC_STANDIN_STATE=str(tmp_path / "s"))
    base = [sys.executable, "-m", "edge_agent.cli", "deploy"]
    out = subprocess.run(base + ["status", "--board", "dayu200-rk3568", "--via", "hdc", "--hdc", HDC,
                                 "--root", str(tmp_path / "r"), "--manager", "process", "--port", str(free_port())],
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    status = json.loads(out.stdout)
    assert status == {"board": "dayu200-rk3568", "current": None, "releases": [], "healthy": False, "ring": None}
    for manager in ("ohos", "systemd"):     # no service running: status answers at once, it does not
        out = subprocess.run(base + ["status", "--board", "dayu200-rk3568", "--via", "hdc", "--hdc", HDC,  # wait out
                                     "--root", str(tmp_path / "r"), "--manager", manager, "--port", str(free_port()),
                                     "--health-timeout", "86400"],              # a start's day of health checks
                             env=env, capture_output=True, text=True, timeout=300)
        assert out.returncode == 0 and json.loads(out.stdout)["healthy"] is False, out.stderr
    out = subprocess.run(base + ["--board", "rpi4-4g", "--via", "ssh"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "--host" in out.stderr
