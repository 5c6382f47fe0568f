from __future__ import annotations

import pytest

from edge_agent.config import Config, load
from edge_agent.daemon import memory_config
from edge_agent.errors import ConfigError


def test_defaults_file_env_and_overrides(tmp_path):
    cfg = tmp_path / "edge-agent.toml"
    cfg.write_text('[edge-agent]\nport = 9000\nstrategy = "hybrid"\nbudget_mb = 512\n')
    c = load(cfg, env={"EDGE_AGENT_PORT": "9100", "EDGE_AGENT_AUTH_TOKENS": "a,b"}, host="127.0.0.1")
    assert (c.port, c.strategy, c.budget_mb, c.auth_tokens) == (9100, "hybrid", 512.0, ["a", "b"])
    assert load(env={}) == Config()


@pytest.mark.parametrize("text, key", [("nonsense = 1", "nonsense"), ('port = "eighty"', "port"),
                                        ('local_enabled = "maybe"', "local_enabled"), ("port = 70000", "port"),
                                        ('at_rest = "plain"', "at_rest"), ("low_water = 1.5", "low_water"),
                                        ('low_water = "high"', "low_water"), ("encoder_threads = 0", "encoder_threads"),
                                        ("encoder_threads = true", "encoder_threads")])
def test_bad_keys_name_themselves(tmp_path, text, key):
    cfg = tmp_path / "c.toml"
    cfg.write_text(text)
    with pytest.raises(ConfigError) as info:
        load(cfg, env={})
    assert info.value.key == key


def test_non_loopback_needs_a_token():
    with pytest.raises(ConfigError, match="auth_tokens"):
        load(env={}, host="0.0.0.0")
    assert load(env={"EDGE_AGENT_AUTH_TOKENS": "t"}, host="0.0.0.0").host == "0.0.0.0"


def test_unreadable_file(tmp_path):
    with pytest.raises(ConfigError, match="cannot read config"):
        load(tmp_path / "missing.toml", env={})


def test_low_water_reaches_every_session_memory():
    assert "low_water" not in memory_config(Config(low_water=0.0), router=None)
    assert memory_config(Config(low_water=0.7), router=None)["low_water"] == 0.7
