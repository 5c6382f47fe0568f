"""The service files a board runs edge-agent with, rendered from deploy/ templates.

systemd (os_family "linux"): Type=notify, WatchdogSec, MemoryMax from the profile's agent
budget, Restart=on-failure. OpenHarmony init (os_family "openharmony"): a JSON .cfg for
/system/etc/init whose service name is at most 32 bytes and every element of ``path`` at
most 64 bytes (the init's own limits); a longer one is an error before anything is pushed.
"""

from __future__ import annotations

import json
from pathlib import Path

from edge_agent.errors import ConfigError
from edge_agent.board.profiles import BoardProfile

TEMPLATES = Path(__file__).resolve().parents[2] / "deploy"
OH_NAME_MAX = 32
OH_PATH_ELEMENT_MAX = 64


def systemd_unit(board: BoardProfile, root: str, launcher: str, watchdog_s: int = 30) -> str:
    text = (TEMPLATES / "systemd" / "edge-agent.service").read_text()
    return (text.replace("{board}", board.name).replace("{launcher}", launcher).replace("{root}", root)
            .replace("{watchdog_s}", str(watchdog_s)).replace("{memory_max_mb}", str(board.agent_budget_mb)))


def openharmony_cfg(board: BoardProfile, path: list[str], name: str = "edge_agent") -> str:
    if len(name.encode()) > OH_NAME_MAX:
        raise ConfigError(f"OpenHarmony service name {name!r} is over {OH_NAME_MAX} bytes", key="name")
    for element in path:
        if len(element.encode()) > OH_PATH_ELEMENT_MAX:
            raise ConfigError(f"OpenHarmony init path element {element!r} is {len(element.encode())} bytes; "
                              f"the limit is {OH_PATH_ELEMENT_MAX}: deploy to a shorter root", key="root")
    text = (TEMPLATES / "openharmony" / "edge-agent.cfg").read_text()
    rendered = text.replace("{name}", name).replace("{path}", json.dumps(path))
    json.loads(rendered)  # the init parses JSON: never ship one that does not
    return rendered


def service_file(board: BoardProfile, root: str, launcher: str) -> tuple[str, str]:
    """(file name, text) of the service definition for the board's OS family."""
    if board.os_family == "openharmony":
        return "edge_agent.cfg", openharmony_cfg(board, [launcher])
    return "edge-agent.service", systemd_unit(board, root, launcher)
