"""The tool keys of the daemon's config, checked (no tool is started here).

    [edge-agent]
    tools = ["device_status", "read_file", "search_history"]   # built-ins; "read_only" = the read-only set
    tool_max_iterations = 8          # model -> tools rounds in one turn, then an answer without tools
    tool_call_timeout_s = 30.0       # one call
    tool_turn_deadline_s = 120.0     # every round of one turn together
    tool_result_chars = 8000         # characters of a result the model sees (head + tail); stored whole
    tool_max_parallel = 4            # calls of one round run concurrently up to this
    tool_schema_limit = 0            # schemas offered per model step, the request's most relevant first
                                     # (0: automatic: 4 when the local model answers first, else every tool)
    workspace_dir = ""               # list_files / read_file / write_file; "" = <state_dir>/workspace
    shell_allow = ["uptime", "df -h", "ls -la <path>"]   # argv the shell tool may run; slots <path>,
                                     # <int>, <word> admit one checked argument; a final "*": any more
    fetch_allow_hosts = ["example.com", "127.0.0.1:8080"]   # http_fetch: host (ports 80/443), host:port, [v6]:port
    fetch_max_bytes = 1048576

    [edge-agent.token_tools]         # with auth_tokens: a token listed here may use only these
    "token-of-tenant-a" = ["device_status", "mcp:orders"]    # tool names, or every tool of a server

    [[edge-agent.mcp_servers]]
    name = "orders"                  # [A-Za-z0-9_-]; tools that collide are named orders__TOOL
    command = ["/usr/bin/python3", "/opt/orders/server.py"]
    env = {ORDERS_DB = "/var/lib/orders.db"}     # optional, over a minimal inherited environment
    cwd = "/opt/orders"              # optional
    timeout_s = 30.0                 # optional: start, listing, and each call (at most tool_call_timeout_s)
"""

from __future__ import annotations

import hashlib
import re
import shlex
from dataclasses import dataclass, field
from typing import Any

from edge_agent.errors import ConfigError
from edge_agent._compat import SLOTS

BUILTIN_NAMES = ("device_status", "list_files", "read_file", "write_file", "shell", "http_fetch",
                 "remember", "forget", "search_history", "schedule", "list_schedules", "cancel_schedule")
# Tools that change nothing and reach nothing outside the board: `tools = ["read_only"]` enables them.
READ_ONLY = ("device_status", "list_files", "read_file", "search_history", "list_schedules")
SERVER_NAME = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
SERVER_KEYS = {"name", "command", "env", "cwd", "timeout_s"}


@dataclass(frozen=True, **SLOTS)
class MCPServerConfig:
    name: str
    command: tuple[str, ...]
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    timeout_s: float = 30.0


def builtin_names(tools: list[str]) -> list[str]:
    """The built-in tools ``tools`` enables (``read_only`` expanded), in a stable order; a
    name that is no built-in tool is a ConfigError naming it."""
    unknown = [t for t in tools if t not in BUILTIN_NAMES and t != "read_only"]
    if unknown:
        raise ConfigError(f"tools: no built-in tool named {', '.join(map(repr, unknown))} "
                          f"(known: {', '.join(BUILTIN_NAMES)}, or 'read_only')", key="tools")
    wanted = set(tools) | (set(READ_ONLY) if "read_only" in tools else set())
    return [n for n in BUILTIN_NAMES if n in wanted]


def mcp_servers(items: list[dict[str, Any]]) -> list[MCPServerConfig]:
    """``[[edge-agent.mcp_servers]]`` tables, checked: every error names its key."""
    servers: list[MCPServerConfig] = []
    for i, item in enumerate(items):
        where = f"mcp_servers[{i}]"
        if not isinstance(item, dict):
            raise ConfigError(f"{where} must be a table, got {item!r}", key="mcp_servers")
        unknown = sorted(set(item) - SERVER_KEYS)
        if unknown:
            raise ConfigError(f"{where}: unknown key(s) {', '.join(unknown)}", key=f"mcp_servers.{unknown[0]}")
        name = item.get("name")
        if not isinstance(name, str) or not SERVER_NAME.match(name):
            raise ConfigError(f"{where}.name must be 1-32 characters of A-Z a-z 0-9 _ -, got {name!r}",
                              key="mcp_servers.name")
        where = f"mcp_servers {name!r}"
        command = item.get("command")
        if not (isinstance(command, list) and command and all(isinstance(c, str) and c for c in command)):
            raise ConfigError(f"{where}: command must be a non-empty list of strings (an argv), got {command!r}",
                              key="mcp_servers.command")
        env = item.get("env", {})
        if not (isinstance(env, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in env.items())):
            raise ConfigError(f"{where}: env must be a table of strings, got {env!r}", key="mcp_servers.env")
        cwd = item.get("cwd")
        if cwd is not None and not isinstance(cwd, str):
            raise ConfigError(f"{where}: cwd must be a string, got {cwd!r}", key="mcp_servers.cwd")
        timeout = item.get("timeout_s", 30.0)
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0:
            raise ConfigError(f"{where}: timeout_s must be a number of seconds > 0, got {timeout!r}",
                              key="mcp_servers.timeout_s")
        if any(s.name == name for s in servers):
            raise ConfigError(f"two mcp_servers are named {name!r}", key="mcp_servers.name")
        servers.append(MCPServerConfig(name, tuple(command), dict(env), cwd, float(timeout)))
    return servers


# Typed slots in a shell rule: each admits one argument of its kind, checked before anything
# runs ("ls -la <path>", "ping -c <int> <word>"). No slot admits a word starting with "-" (it
# would be an option) or one with a character a path or a name does not need.
SLOTS_ADMIT = {
    "<path>": "a relative path inside the workspace (no '/' or '~' first, no '..', no '-' first)",
    "<int>": "a whole number of at most 9 digits",
    "<word>": "a plain word: letters, digits and . _ : @ + - (not first), at most 128",
}
_SLOT_RE = {"<int>": re.compile(r"[0-9]{1,9}"), "<word>": re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}")}


def slot_refusal(slot: str, value: str) -> str | None:
    """Why ``value`` may not fill ``slot`` (None: it may). ``<path>`` is checked here as text;
    the shell tool also resolves it against the workspace (symlinks included)."""
    if slot == "<path>":
        bad = (not value or "\x00" in value or value.startswith(("/", "\\", "~", "-"))
               or ".." in value.replace("\\", "/").split("/"))
        return None if not bad else f"{value!r} is not {SLOTS_ADMIT[slot]}"
    return None if _SLOT_RE[slot].fullmatch(value) else f"{value!r} is not {SLOTS_ADMIT[slot]}"


@dataclass(frozen=True, **SLOTS)
class ShellRule:
    argv: tuple[str, ...]   # literal words and typed slots (SLOTS_ADMIT)
    more: bool          # the entry ended in "*": any further arguments are allowed

    def allows(self, argv: list[str]) -> bool:
        return self.refusal(argv) is None

    def refusal(self, argv: list[str]) -> str | None:
        """None if this rule admits ``argv``; else why not ("" when it is another command)."""
        n = len(self.argv)
        if len(argv) < n or (not self.more and len(argv) != n):
            return ""
        for want, got in zip(self.argv, argv):
            if want in SLOTS_ADMIT:
                why = slot_refusal(want, got)
                if why is not None:
                    return why
            elif want != got:
                return ""
        return None

    def __str__(self) -> str:
        return " ".join(self.argv) + (" *" if self.more else "")


def shell_rules(entries: list[str]) -> list[ShellRule]:
    rules = []
    for entry in entries:
        try:
            argv = shlex.split(entry)
        except ValueError as exc:
            raise ConfigError(f"shell_allow entry {entry!r}: {exc}", key="shell_allow") from exc
        more = bool(argv) and argv[-1] == "*"
        argv = argv[:-1] if more else argv
        if not argv or "*" in argv:
            raise ConfigError(f"shell_allow entry {entry!r} must name a program; '*' only as the last word",
                              key="shell_allow")
        if argv[0] in SLOTS_ADMIT:
            raise ConfigError(f"shell_allow entry {entry!r}: the program is a name, not {argv[0]}", key="shell_allow")
        odd = [w for w in argv if w.startswith("<") and w.endswith(">") and w not in SLOTS_ADMIT]
        if odd:
            raise ConfigError(f"shell_allow entry {entry!r}: unknown slot {odd[0]} (slots: {', '.join(SLOTS_ADMIT)})",
                              key="shell_allow")
        rules.append(ShellRule(tuple(argv), more))
    return rules


def namespace_of(token: str) -> str:
    """The namespace the HTTP API gives a bearer token (edge_agent.api.http.tenant_of)."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


def token_policy(config: Any) -> dict[str, set[str]]:
    """Namespace -> the tool names and ``mcp:SERVER`` sources its token may use. A namespace
    absent here may use every enabled tool."""
    return {namespace_of(token): set(names) for token, names in config.token_tools.items()}


def _check_token_tools(config: Any, servers: list[MCPServerConfig]) -> None:
    sources = {f"mcp:{s.name}" for s in servers}
    for token, names in config.token_tools.items():
        if token not in config.auth_tokens:
            raise ConfigError("token_tools names a token that is not in auth_tokens", key="token_tools")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ConfigError("token_tools: each token needs a list of tool names", key="token_tools")
        bad = [n for n in names if n not in BUILTIN_NAMES and n not in sources]
        if bad:
            raise ConfigError(f"token_tools: no built-in tool or configured MCP server (mcp:NAME) named "
                              f"{', '.join(map(repr, bad))}", key="token_tools")


def check(config: Any) -> None:
    """Every tool key of a Config; raises ConfigError naming the key."""
    builtin_names(config.tools)
    _check_token_tools(config, mcp_servers(config.mcp_servers))
    shell_rules(config.shell_allow)
    for key in ("tool_max_iterations", "tool_max_parallel", "tool_result_chars", "fetch_max_bytes"):
        if getattr(config, key) < 1:
            raise ConfigError(f"{key} must be >= 1, got {getattr(config, key)}", key=key)
    if config.tool_schema_limit < 0:
        raise ConfigError(f"tool_schema_limit must be >= 0 (0: every tool), got {config.tool_schema_limit}",
                          key="tool_schema_limit")
    for key in ("tool_call_timeout_s", "tool_turn_deadline_s"):
        if getattr(config, key) <= 0:
            raise ConfigError(f"{key} must be > 0 seconds, got {getattr(config, key)}", key=key)
    for host in config.fetch_allow_hosts:
        if not host or "/" in host or "@" in host:
            raise ConfigError(f"fetch_allow_hosts entry {host!r} must be a host or host:port", key="fetch_allow_hosts")
