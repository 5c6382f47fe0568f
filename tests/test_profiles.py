"""Every board profile loads and validates; profiles feed the daemon config."""

from __future__ import annotations

import pytest

from edge_agent.config import load
from edge_agent.errors import ConfigError
from edge_agent.board.profiles import load_profile, names

BOARDS = ["dayu200-rk3568", "dayu210-rk3588", "taurus-hi3516dv300", "orangepi5-rk3588s-8g", "rpi4-4g", "rpi5-8g",
          "dev-host"]


def test_the_boards_are_there():
    assert set(BOARDS) <= set(names())


@pytest.mark.parametrize("name", BOARDS)
def test_each_profile_loads_and_validates(name):
    p = load_profile(name)
    assert p.name == name and p.agent_budget_mb < p.ram_mb and p.n_threads <= p.cores
    if name in ("dayu200-rk3568", "taurus-hi3516dv300"):
        assert p.arch == "armv7" and p.os_family == "openharmony"   # 32-bit userland


def toml_line(key, value) -> str:
    if isinstance(value, bool):
        return f"{key} = {'true' if value else 'false'}"
    return f'{key} = "{value}"' if isinstance(value, str) else f"{key} = {value}"


@pytest.mark.parametrize("drop, extra, key", [(None, "bogus = 1", "bogus"),        # unknown key
                                               ("agent_budget_mb", None, "agent_budget_mb"),  # missing key
                                               ("ram_mb", 'ram_mb = "2GB"', "ram_mb")])  # wrong type
def test_bad_profiles(tmp_path, drop, extra, key):
    good = load_profile("rpi4-4g").as_dict()
    lines = [toml_line(k, v) for k, v in good.items() if k not in (drop, "local_model")]
    path = tmp_path / "broken.toml"
    path.write_text("\n".join(lines + ([extra] if extra else [])) + "\n")
    with pytest.raises(ConfigError) as info:
        load_profile(str(path))
    assert info.value.key == key


def test_profile_feeds_config_and_explicit_values_win(tmp_path):
    c = load(env={}, profile="dayu200-rk3568")
    assert (c.budget_mb, c.strategy, c.n_threads, c.max_sessions_in_ram) == (512.0, "hybrid", 3, 200)
    c = load(env={"EDGE_AGENT_STRATEGY": "sliding"}, profile="dayu200-rk3568", n_ctx=1024)
    assert c.strategy == "sliding" and c.n_ctx == 1024
    with pytest.raises(ConfigError, match="no board profile"):
        load(env={}, profile="nokia-3310")


async def test_agent_keeps_at_most_max_sessions(local):
    from edge_agent.agent import Agent
    from edge_agent.backends import Router

    agent = Agent(Router(local=local), strategy="sliding", max_sessions=3, max_reply_tokens=2)
    for i in range(6):
        await agent.turn(f"s{i}", "hi")
    assert len(agent.sessions) <= 3 and "s5" in agent.sessions


def test_small_boards_get_few_tool_rounds():
    small, big = load_profile("taurus-hi3516dv300"), load_profile("dayu210-rk3588")
    assert small.tool_max_iterations < load_profile("rpi4-4g").tool_max_iterations < big.tool_max_iterations
    assert load(env={}, profile="dayu200-rk3568").tool_max_iterations == load_profile("dayu200-rk3568").tool_max_iterations
