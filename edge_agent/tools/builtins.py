"""The built-in tools, made from the daemon's config; each is off unless ``tools`` names it.

| tool | what it does | side effects |
|---|---|---|
| device_status | RAM, swap, CPU load, temperatures, disk, uptime, watchdog mode | none |
| list_files / read_file | the workspace directory (``workspace_dir``) | none |
| write_file | writes a file in the workspace | yes |
| shell | a command from ``shell_allow`` (argv, no shell) | yes |
| http_fetch | GET on ``fetch_allow_hosts`` | yes (network) |
| remember / forget | the session's key-fact table | yes (the session) |
| search_history | BM25 over the session's turns out of view | none |
| schedule / cancel_schedule | a later or recurring turn in this session (``<state_dir>/schedules.db``) | yes |
| list_schedules | this session's schedules | none |

``tools = ["read_only"]`` enables device_status, list_files, read_file, search_history and
list_schedules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from edge_agent.tools.base import Tool
from edge_agent.tools.device import device_status_tool
from edge_agent.tools.fetch import Fetcher, fetch_tool
from edge_agent.tools.files import Workspace, file_tools
from edge_agent.tools.memtools import memory_tools
from edge_agent.tools.schedules import ScheduleStore, schedule_tools
from edge_agent.tools.settings import BUILTIN_NAMES, builtin_names, shell_rules
from edge_agent.tools.shell import Shell, shell_tool
from edge_agent._compat import SLOTS


@dataclass(**SLOTS)
class Resources:
    """What the built-in tools hold open, closed with the registry."""

    fetcher: Fetcher
    schedules: ScheduleStore

    def all(self) -> list[Any]:
        return [self.fetcher, self.schedules]


def _sealer(config: Any) -> Any:
    """The sessions' at-rest protection, for the schedules' text (None where the config has
    none), made when the first schedule is written or read."""
    from edge_agent.store.crypto import LazySealer

    at_rest = getattr(config, "at_rest", None)
    return LazySealer(at_rest, config.state_path) if at_rest in ("encrypt", "mask") else None


def builtin_tools(config: Any) -> tuple[list[Tool], Resources]:
    """Every built-in tool (enabled as ``config.tools`` says), in BUILTIN_NAMES order, and the
    resources to close with them (the fetcher's HTTP session, the schedule store: opened on
    first use)."""
    enabled = set(builtin_names(config.tools))
    workspace = config.workspace_path
    fetcher = Fetcher(config.fetch_allow_hosts, config.fetch_max_bytes)
    schedules = ScheduleStore(config.state_path / "schedules.db", _sealer(config))
    tools = [device_status_tool(workspace), *file_tools(Workspace(workspace)),
             shell_tool(Shell(shell_rules(config.shell_allow), workspace, timeout_s=config.tool_call_timeout_s,
                              output_bytes=4 * config.tool_result_chars, protect=(config.state_path,))),
             fetch_tool(fetcher), *memory_tools(), *schedule_tools(schedules)]
    by_name = {t.name: t for t in tools}
    assert set(by_name) == set(BUILTIN_NAMES), "BUILTIN_NAMES and the tools made here must agree"
    ordered = [by_name[n] for n in BUILTIN_NAMES]
    for tool in ordered:
        tool.enabled = tool.name in enabled
    return ordered, Resources(fetcher, schedules)
