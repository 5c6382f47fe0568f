"""The tool config keys and the registry: names, sources, enabled flags, collisions, schemas."""

from __future__ import annotations

import json

import pytest

from edge_agent import _compat
from edge_agent.config import load
from edge_agent.errors import ConfigError, ToolNotEnabled
from edge_agent.tools import build_registry
from edge_agent.tools.base import Tool, compact_schema, params
from edge_agent.tools.registry import Registry
from edge_agent.tools.settings import BUILTIN_NAMES, READ_ONLY


def write(tmp_path, text: str):
    path = tmp_path / "c.toml"
    path.write_text(text)
    return path


def test_mcp_servers_are_refused_where_the_sdk_cannot_run(tmp_path, monkeypatch):
    monkeypatch.setattr(_compat, "PY310", False)
    cfg = load(write(tmp_path, '[[edge-agent.mcp_servers]]\nname = "orders"\ncommand = ["/bin/true"]\n'), env={})
    with pytest.raises(ConfigError, match=r"MCP servers need Python >= 3.10.*remove \[\[edge-agent.mcp_servers\]\]") as info:
        build_registry(cfg)
    assert info.value.key == "mcp_servers"
    assert build_registry(load(write(tmp_path, '[edge-agent]\ntools = ["device_status"]\n'), env={}))   # no server: fine


def test_config_file_with_tools_and_mcp_servers(tmp_path):
    cfg = load(write(tmp_path, '[edge-agent]\ntools = ["device_status", "search_history"]\n'
                               'tool_max_iterations = 3\nshell_allow = ["df -h", "ls *"]\n'
                               '[[edge-agent.mcp_servers]]\nname = "orders"\n'
                               'command = ["/usr/bin/python3", "/opt/orders/server.py"]\n'
                               'env = {ORDERS_DB = "/tmp/o.db"}\ntimeout_s = 5\n'), env={})
    assert cfg.tools == ["device_status", "search_history"] and cfg.tool_max_iterations == 3
    assert cfg.mcp_servers[0]["name"] == "orders"
    if not _compat.PY310:      # the mcp SDK needs 3.10: refused at start, saying so
        with pytest.raises(ConfigError, match=r"MCP servers need Python >= 3.10"):
            build_registry(cfg)
        return
    registry = build_registry(cfg)
    enabled = [t.name for t in registry.enabled()]
    assert enabled == ["device_status", "search_history"]
    assert [t.name for t in registry] == list(BUILTIN_NAMES)
    assert set(registry.servers) == {"orders"}          # configured, not started


@pytest.mark.parametrize("text, key, word", [
    ('tools = ["device_status", "teleport"]', "tools", "teleport"),
    ('tool_max_iterations = 0', "tool_max_iterations", "tool_max_iterations"),
    ('tool_call_timeout_s = -1', "tool_call_timeout_s", "tool_call_timeout_s"),
    ('shell_allow = ["* rm"]', "shell_allow", "* rm"),
    ('fetch_allow_hosts = ["http://example.com/"]', "fetch_allow_hosts", "example.com"),
    ('[[edge-agent.mcp_servers]]\nname = "a b"\ncommand = ["x"]', "mcp_servers.name", "a b"),
    ('[[edge-agent.mcp_servers]]\nname = "a"\ncommand = "python server.py"', "mcp_servers.command", "argv"),
    ('[[edge-agent.mcp_servers]]\nname = "a"\ncommand = ["x"]\ntimeout_s = 0', "mcp_servers.timeout_s", "timeout_s"),
    ('[[edge-agent.mcp_servers]]\nname = "a"\ncommand = ["x"]\nport = 1', "mcp_servers.port", "port"),
    ('[[edge-agent.mcp_servers]]\nname = "a"\ncommand = ["x"]\n[[edge-agent.mcp_servers]]\nname = "a"\n'
     'command = ["y"]', "mcp_servers.name", "two"),
])
def test_bad_tool_config_names_the_key(tmp_path, text, key, word):
    with pytest.raises(ConfigError) as info:
        load(write(tmp_path, "[edge-agent]\n" + text), env={})
    assert info.value.key == key and word in str(info.value)


def test_read_only_set_and_environment(tmp_path, monkeypatch):
    monkeypatch.setattr(_compat, "PY310", True)   # built, never started: no SDK runs (3.9 refuses it)
    cfg = load(env={"EDGE_AGENT_TOOLS": "read_only,remember",
                    "EDGE_AGENT_MCP_SERVERS": json.dumps([{"name": "s", "command": ["x"]}])})
    assert [t.name for t in build_registry(cfg).enabled()] == [n for n in BUILTIN_NAMES
                                                               if n in (*READ_ONLY, "remember")]
    with pytest.raises(ConfigError) as info:
        load(env={"EDGE_AGENT_MCP_SERVERS": "[not json"})
    assert info.value.key == "mcp_servers"


def tool(name: str, source: str = "builtin", **kw) -> Tool:
    async def run(a, ctx):
        return name

    return Tool(name, f"the {name} tool", params({"x": {"type": "string", "title": "X"}}), source=source, run=run, **kw)


class Listed:
    """A stand-in for an MCP connection: only what Registry.refresh reads (a real server is
    in tests/test_tools_mcp.py)."""

    def __init__(self, name: str, names: list[str], fail: str = "") -> None:
        self.name, self.names, self.fail = name, names, fail
        self.tools = None

    async def list_tools(self):
        if self.fail:
            raise RuntimeError(self.fail)
        self.tools = [tool(n, f"mcp:{self.name}") for n in self.names]
        return self.tools

    async def aclose(self):
        pass


async def test_collisions_are_namespaced_whoever_lists_first():
    registry = Registry([tool("device_status")],
                        [Listed("b", ["lookup", "device_status"]), Listed("a", ["lookup", "only_a"]),
                         Listed("bad", ["x"], fail="exited with 1")])
    errors = await registry.refresh()
    names = {t.name: t.source for t in registry}
    assert names == {"device_status": "builtin", "b__device_status": "mcp:b", "a__lookup": "mcp:a",
                     "b__lookup": "mcp:b", "only_a": "mcp:a"}
    assert errors == {"bad": "exited with 1"}
    assert registry.get("a__lookup").original_name == "lookup"
    listing = registry.listing()
    assert {"name": "only_a", "source": "mcp:a", "enabled": True, "description": "the only_a tool"} in listing
    await registry.refresh()                          # a second refresh lists only the failed one again
    assert len(registry) == 5


def test_schemas_are_compact_and_client_tools_shadow_server_ones():
    registry = Registry([tool("device_status"), tool("search_history"), tool("shell", enabled=False)])
    turn = registry.for_request([{"type": "function", "function": {"name": "search_history",
                                                                   "description": "client's own",
                                                                   "parameters": {"type": "object"}}}])
    schemas = {s["function"]["name"]: s["function"] for s in turn.schemas()}
    assert set(schemas) == {"device_status", "search_history"}           # shell is not enabled
    assert schemas["search_history"]["description"] == "client's own" and turn.is_client("search_history")
    assert "title" not in json.dumps(schemas["device_status"])
    with pytest.raises(ToolNotEnabled) as info:
        turn.require("shell")
    assert info.value.tool == "shell"
    only = registry.for_request(allowed={"device_status"})
    assert [s["function"]["name"] for s in only.schemas()] == ["device_status"]


def test_schema_limit_keeps_the_tools_the_question_is_about():
    registry = Registry([tool("device_status"), tool("read_file"), tool("http_fetch")])
    registry.get("read_file").description = "Read a text file of the workspace."
    turn = registry.for_request()
    names = [s["function"]["name"] for s in turn.schemas("please read the file notes.txt", limit=1)]
    assert names == ["read_file"]


def test_compact_schema_keeps_enums_and_properties_named_title():
    schema = {"type": "object", "title": "Args", "properties": {"title": {"type": "string", "title": "Title"},
                                                                 "mode": {"enum": ["title", "x"]}},
              "required": []}
    assert compact_schema(schema) == {"type": "object", "properties": {"title": {"type": "string"},
                                                                        "mode": {"enum": ["title", "x"]}}}


def test_token_tools_restrict_a_token_to_its_tools(tmp_path):
    from edge_agent.tools.settings import namespace_of, token_policy

    cfg = load(write(tmp_path, '[edge-agent]\nauth_tokens = ["ta", "tb"]\ntools = ["device_status", "shell"]\n'
                               '[edge-agent.token_tools]\nta = ["device_status", "mcp:orders"]\n'
                               '[[edge-agent.mcp_servers]]\nname = "orders"\ncommand = ["x"]\n'), env={})
    policy = token_policy(cfg)
    assert policy == {namespace_of("ta"): {"device_status", "mcp:orders"}}
    registry = Registry([tool("device_status"), tool("shell"), tool("lookup", "mcp:orders")])
    a = registry.for_request(allowed=policy.get(namespace_of("ta")))
    b = registry.for_request(allowed=policy.get(namespace_of("tb")))
    assert sorted(a.tools) == ["device_status", "lookup"] and sorted(b.tools) == ["device_status", "lookup", "shell"]
    for text, word in (('auth_tokens = ["ta"]\n[edge-agent.token_tools]\nzz = ["device_status"]', "auth_tokens"),
                       ('auth_tokens = ["ta"]\n[edge-agent.token_tools]\nta = ["mcp:nowhere"]', "mcp:nowhere")):
        with pytest.raises(ConfigError, match=word) as info:
            load(write(tmp_path, "[edge-agent]\n" + text), env={})
        assert info.value.key == "token_tools"
