"""Preflight over the transport, and the OpenHarmony path against the hdc stand-in's images.

The hdc tests run against tests/hdc/hdc, a STAND-IN that reproduces hdc's observable
behaviour (no hdc exists in any registry this project can use); its `stock` image is the
standard OpenHarmony image (no Python, read-only /system), its `dev` image has both.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from edge_agent.deploy.deployer import Deployer, build_sdist
from edge_agent.deploy.preflight import BoardFacts, PreflightError, check, parse, probe_script
from edge_agent.deploy.transport import DeployError, HdcTransport
from edge_agent.board.profiles import load_profile
from tests.servers import free_port

HDC = str(Path(__file__).parent / "hdc" / "hdc")
STANDIN_CAN_UNSHARE = subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode == 0
needs_unshare = pytest.mark.skipif(not STANDIN_CAN_UNSHARE, reason="the stand-in's board images need "
                                   "`unshare -m` (a mount namespace for the read-only /system)")


@pytest.fixture
def standin(tmp_path, monkeypatch):
    def use(image: str | None) -> HdcTransport:
        monkeypatch.setenv("HDC_STANDIN_STATE", str(tmp_path / f"hdc-{image}"))
        monkeypatch.setenv("HDC_STANDIN_DEVICES", "board")
        if image:
            monkeypatch.setenv("HDC_STANDIN_IMAGE", image)
        else:
            monkeypatch.delenv("HDC_STANDIN_IMAGE", raising=False)
        return HdcTransport("board", hdc=HDC)
    return use


def host_ohos_board(name: str = "dayu210-rk3588"):
    """An OpenHarmony profile with this host's arch (the stand-in's device is this machine)."""
    return dataclasses.replace(load_profile(name), arch=os.uname().machine)


async def test_probe_reads_this_machine_through_the_transport(standin, tmp_path):
    t = standin(None)
    _, out = await t.run(probe_script(str(tmp_path / "not" / "yet"), sys.executable))
    facts = parse(out)
    assert facts.arch == os.uname().machine and facts.root_writable and facts.disk_free_mb > 0
    version, bits, venv = facts.pythons[sys.executable]
    assert version[:2] == sys.version_info[:2] and bits == 64 and venv
    assert facts.mem_total_mb > facts.mem_available_mb > 0


def test_an_unfinished_probe_is_a_deploy_error_not_a_traceback():
    with pytest.raises(DeployError, match="did not finish"):
        parse("arch=aarch64\nsh: syntax error\n")


def facts(**kw) -> BoardFacts:
    base = dict(arch="aarch64", pythons={"python3": ((3, 11, 2), 64, True)}, disk_free_mb=5000, root_writable=True,
                mem_total_mb=3900, mem_available_mb=3000, systemd=True)
    return BoardFacts(**{**base, **kw})


def failures(board: str, f: BoardFacts, manager: str = "systemd", venv: bool = True) -> dict[str, str]:
    found = check(load_profile(board), f, python="python3", manager=manager, venv=venv, need_disk_mb=500,
                  root="/opt/edge-agent")
    return {x.check: x.detail for x in found if x.level == "fail"}


def test_each_missing_thing_is_named_with_what_to_do():
    assert failures("rpi4-4g", facts()) == {}
    assert "profile rpi4-4g is for aarch64" in failures("rpi4-4g", facts(arch="armv7l"))["arch"]
    assert failures("rpi4-4g", facts(pythons={"python3": ((3, 9, 2), 64, True)})) == {}   # Debian 11's
    old = failures("rpi4-4g", facts(pythons={"python3": ((3, 8, 10), 64, True)}))["python"]
    assert "Python 3.8.10" in old and ">= 3.9" in old
    assert "apt install python3-venv" in failures("rpi4-4g", facts(pythons={"python3": ((3, 11, 2), 64, False)}))["venv"]
    assert failures("rpi4-4g", facts(pythons={"python3": ((3, 11, 2), 64, False)}), venv=False) == {}
    assert "200 MiB free" in failures("rpi4-4g", facts(disk_free_mb=200))["disk"]
    assert "stop other services" in failures("rpi4-4g", facts(mem_available_mb=90))["ram"]
    assert "--manager process" in failures("rpi4-4g", facts(systemd=False))["service manager"]
    no_python = failures("dayu210-rk3588", facts(pythons={}, systemd=False), manager="ohos")
    assert "standard OpenHarmony image ships no Python" in no_python["python"]
    assert "no begetctl" in no_python["service manager"]
    assert "hdc target mount" in failures("dayu210-rk3588", facts(begetctl=True), manager="ohos")["service manager"]


@needs_unshare
def test_cli_check_on_a_stock_openharmony_image_says_what_it_lacks(tmp_path):
    env = dict(os.environ, HDC_STANDIN_DEVICES="dayu", HDC_STANDIN_STATE=str(tmp_path / "s"), HDC_STANDIN_IMAGE="stock")
    short = Path(tempfile.mkdtemp(prefix="oh", dir="/tmp"))   # init path elements stay within 64 bytes
    root = short / "data"
    argv = [sys.executable, "-m", "edge_agent.cli", "deploy", "--board", "dayu210-rk3588", "--via", "hdc",
            "--hdc", HDC, "--root", str(root)]
    out = subprocess.run([*argv[:4], "check", *argv[4:]], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 6 and "Traceback" not in out.stderr, out.stderr
    assert "no Python found on the board" in out.stderr and "ships no Python" in out.stderr
    assert "/system is read-only" in out.stderr and "hdc target mount" in out.stderr
    out = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)   # a real install attempt
    assert out.returncode == 6 and "nothing was changed" in out.stderr and "Traceback" not in out.stderr
    assert not root.exists()                                 # nothing was pushed
    subprocess.run([HDC, "-t", "dayu", "target", "mount"], env=env, check=True, capture_output=True)
    out = subprocess.run([*argv[:4], "check", *argv[4:]], env=env, capture_output=True, text=True, timeout=120)
    assert "ships no Python" in out.stderr and "read-only" not in out.stderr   # remounted: only Python lacks
    short.rmdir()


@needs_unshare
async def test_stock_image_system_is_really_read_only(standin):
    t = standin("stock")
    rc, out = await t.run("touch /system/etc/init/x.cfg", check=False)
    assert rc != 0 and "Read-only file system" in out
    assert (await t.run("command -v python3 || echo none"))[1] == "none"


@pytest.fixture(scope="module")
def sdist(tmp_path_factory):
    return build_sdist(tmp_path_factory.mktemp("dist"))


@needs_unshare
@pytest.mark.slow
async def test_ohos_service_manager_on_the_dev_image(standin, sdist):
    """The init .cfg lands in /system/etc/init, begetctl starts it, health through fport,
    status says which ring runs, uninstall removes the .cfg and stops the service."""
    t = standin("dev")
    short = tempfile.mkdtemp(prefix="oh", dir="/tmp")        # init path elements stay within 64 bytes
    try:
        d = Deployer(t, host_ohos_board(), f"{short}/data", python=sys.executable, manager="ohos",
                     port=free_port(), health_timeout_s=90, extra_config={"n_threads": 1}, venv=False)
        result = await d.deploy(sdist)
        assert result.changed and result.healthy
        cfg = json.loads(Path(os.environ["HDC_STANDIN_STATE"], "system", "etc", "init", "edge_agent.cfg").read_text())
        assert cfg["services"][0]["path"] == [f"{short}/data/current/run.sh"]
        status = await d.status()
        assert status["healthy"] and status["ring"].split()[0] in ("c", "py")   # pip may reuse a built wheel
        assert "listening on http" in await d.logs(50)          # the launcher keeps its own log under init
        await d.uninstall()
        d.health_timeout_s = 5   # nothing is starting: a stopped service needs no 90 s to say so
        assert not Path(os.environ["HDC_STANDIN_STATE"], "system", "etc", "init", "edge_agent.cfg").exists()
        assert not await d.healthy()
    finally:
        __import__("shutil").rmtree(short, ignore_errors=True)


async def test_preflight_refuses_before_pushing(standin, tmp_path, sdist):
    t = standin(None)
    d = Deployer(t, load_profile("rpi4-4g" if os.uname().machine != "aarch64" else "dev-host"),
                 str(tmp_path / "board"), python=sys.executable, manager="process")
    with pytest.raises(PreflightError, match="arch") as info:
        await d.deploy(sdist)
    assert {f.check for f in info.value.findings if f.level == "fail"} == {"arch"}
    assert not (tmp_path / "board").exists()


def test_cli_set_values_are_json_or_strings():
    from edge_agent.cli import _settings
    from edge_agent.errors import ConfigError

    assert _settings(["n_threads=2", "policy=local_only", "first_token_s=600.5"]) == {
        "n_threads": 2, "policy": "local_only", "first_token_s": 600.5}
    with pytest.raises(ConfigError, match="KEY=VALUE"):
        _settings(["n_threads"])
