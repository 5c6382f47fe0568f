"""`edge-agent tools [--config FILE] [--json]`: every tool, its source and whether it is enabled."""

from __future__ import annotations

import json
import subprocess
import sys

from edge_agent.cli import EXIT_CONFIG, EXIT_ERROR, EXIT_OK, main
from edge_agent.tools.settings import BUILTIN_NAMES
from tests.test_tools_mcp import SERVER


def test_tools_json_lists_builtins_and_a_real_mcp_server(tmp_path, capsys):
    (tmp_path / "server.py").write_text(SERVER)
    cfg = tmp_path / "edge-agent.toml"
    cfg.write_text(f'[edge-agent]\ntools = ["device_status", "search_history"]\n'
                   f'[[edge-agent.mcp_servers]]\nname = "orders"\n'
                   f'command = [{json.dumps(sys.executable)}, {json.dumps(str(tmp_path / "server.py"))}, "orders"]\n')
    assert main(["tools", "--config", str(cfg), "--json"]) == EXIT_OK
    listing = json.loads(capsys.readouterr().out)
    assert all(set(t) == {"name", "source", "enabled", "description"} for t in listing)
    by_name = {t["name"]: t for t in listing}
    assert [t["name"] for t in listing[: len(BUILTIN_NAMES)]] == list(BUILTIN_NAMES)
    assert by_name["device_status"] == {"name": "device_status", "source": "builtin", "enabled": True,
                                        "description": by_name["device_status"]["description"]}
    assert by_name["shell"]["enabled"] is False
    assert by_name["lookup"]["source"] == "mcp:orders" and by_name["lookup"]["enabled"] is True
    assert by_name["orders__device_status"]["source"] == "mcp:orders"        # collides with the built-in


def test_tools_config_errors_exit_3_and_dead_servers_exit_1(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[edge-agent]\ntools = ["device_status", "teleport"]\n')
    out = subprocess.run([sys.executable, "-m", "edge_agent.cli", "tools", "--config", str(bad)],
                         capture_output=True, text=True)
    assert out.returncode == EXIT_CONFIG and "teleport" in out.stderr
    dead = tmp_path / "dead.toml"
    dead.write_text('[edge-agent]\n[[edge-agent.mcp_servers]]\nname = "gone"\n'
                    f'command = [{json.dumps(str(tmp_path / "missing"))}]\ntimeout_s = 5\n')
    out = subprocess.run([sys.executable, "-m", "edge_agent.cli", "tools", "--config", str(dead)],
                         capture_output=True, text=True)
    assert out.returncode == EXIT_ERROR and "'gone' lists no tools" in out.stderr
    assert "device_status" in out.stdout and out.stdout.startswith("off")
