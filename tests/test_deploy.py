"""Deploy over ssh (a real sshd on loopback) and over hdc (a stand-in), to a board root here."""

from __future__ import annotations

import sys

import pytest

from edge_agent.deploy.deployer import Deployer, build_sdist
from edge_agent.deploy.transport import DeployError, SSHTransport
from edge_agent.profiles import load_profile
from tests.servers import free_port
from tests.sshd import sshd


@pytest.fixture(scope="module")
def sdist(tmp_path_factory):
    return build_sdist(tmp_path_factory.mktemp("dist"))


@pytest.mark.slow
async def test_ssh_deploy_health_idempotence_broken_release_and_rollback(tmp_path, sdist):
    with sshd(tmp_path) as s:
        transport = SSHTransport(s["host"], port=s["port"], identity=s["identity"], known_hosts=s["known_hosts"])
        root = str(tmp_path / "board")
        port = free_port()
        common = dict(python=sys.executable, manager="process", port=port, health_timeout_s=60)
        good = Deployer(transport, load_profile("rpi4-4g"), root, extra_config={"n_threads": 1}, **common)
        first = await good.deploy(sdist)
        assert first.changed and first.healthy and first.previous is None
        assert (tmp_path / "board" / "current" / "app" / "edge_agent").is_dir()
        again = await good.deploy(sdist)                       # the same version twice: nothing changes
        assert not again.changed and again.version == first.version
        broken = Deployer(transport, load_profile("rpi4-4g"), root,
                          extra_config={"n_threads": 1, "no_such_key": 1}, **common)
        with pytest.raises(DeployError, match="rolled back"):
            await broken.deploy(sdist)                         # fails its health check
        status = await good.status()
        assert status["current"] == first.version and status["healthy"] and len(status["releases"]) == 2
        assert "unknown config key" in await good.logs(200)
        await good.uninstall()
        assert not (tmp_path / "board" / "current").exists() and (tmp_path / "board" / "state").exists()
