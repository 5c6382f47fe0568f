from __future__ import annotations

import json

import pytest

from edge_agent.deploy.render import openharmony_cfg, service_file, systemd_unit
from edge_agent.errors import ConfigError
from edge_agent.board.profiles import load_profile


def test_systemd_unit_from_the_profile():
    unit = systemd_unit(load_profile("rpi4-4g"), "/opt/edge-agent", "/opt/edge-agent/current/run.sh")
    for line in ("Type=notify", "WatchdogSec=30", "MemoryMax=1024M", "Restart=on-failure",
                 "ExecStart=/opt/edge-agent/current/run.sh"):
        assert line in unit.splitlines()


def test_openharmony_cfg_limits():
    board = load_profile("dayu200-rk3568")
    cfg = json.loads(openharmony_cfg(board, ["/data/edge-agent/current/run.sh"]))
    service = cfg["services"][0]
    assert service["name"] == "edge_agent" and service["once"] == 0 and service["critical"] == [0, 5, 300]
    with pytest.raises(ConfigError, match="64"):
        openharmony_cfg(board, ["/data/" + "x" * 70 + "/run.sh"])
    with pytest.raises(ConfigError, match="32"):
        openharmony_cfg(board, ["/data/run.sh"], name="edge_agent_service_with_a_long_name")
    assert service_file(board, "/data/edge-agent", "/data/edge-agent/current/run.sh")[0] == "edge_agent.cfg"
    assert service_file(load_profile("rpi5-8g"), "/opt/e", "/opt/e/run.sh")[0] == "edge-agent.service"
