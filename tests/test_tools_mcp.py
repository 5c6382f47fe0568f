"""MCP stdio servers: real server processes written here with the mcp SDK (MCPServer, the
SDK's FastMCP), started on demand, kept alive, restarted when they die or hang."""

from __future__ import annotations

import asyncio
import sys
import textwrap

import pytest

from edge_agent.errors import ToolError, ToolTimeout
from edge_agent.tools.base import Tool
from edge_agent.tools.mcp_client import MCPServer
from edge_agent.tools.registry import Registry
from edge_agent.tools.settings import MCPServerConfig

pytest.importorskip("mcp")

SERVER = textwrap.dedent('''
    import os, sys, time
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    mcp = MCPServer(sys.argv[1])

    @mcp.tool()
    def lookup(order_id: str) -> str:
        """Look up an order by its id."""
        return f"order {order_id}: shipped to " + os.environ.get("ORDERS_CITY", "nowhere") + f" (pid {os.getpid()})"

    @mcp.tool()
    def device_status() -> str:
        """A name the built-ins have too."""
        return "mcp status"

    @mcp.tool()
    def die() -> str:
        """Exit the server in the middle of the call."""
        os._exit(3)

    @mcp.tool()
    def hang() -> str:
        """Never answer (the whole process stops)."""
        os.kill(os.getpid(), 19)   # SIGSTOP: no thread of it runs again

    @mcp.tool()
    def fail() -> str:
        """Report an error (the SDK passes a ToolError's text on; other exceptions it hides)."""
        raise ToolError("the orders database is locked")

    mcp.run()
''')

MUTE = textwrap.dedent('''
    import sys, time
    sys.stdin.readline()
    time.sleep(600)            # reads the handshake, never answers
''')


@pytest.fixture(scope="module")
def scripts(tmp_path_factory):
    d = tmp_path_factory.mktemp("mcp")
    (d / "server.py").write_text(SERVER)
    (d / "mute.py").write_text(MUTE)
    return d


def server(scripts, name="orders", script="server.py", timeout_s=20.0, **kw) -> MCPServer:
    return MCPServer(MCPServerConfig(name, (sys.executable, str(scripts / script), name), timeout_s=timeout_s, **kw))


async def test_lists_lazily_calls_and_keeps_the_process(scripts):
    s = server(scripts, env={"ORDERS_CITY": "Shenzhen"})
    try:
        assert s.starts == 0                                            # nothing started before it is needed
        tools = await s.list_tools()
        assert {t.name for t in tools} == {"lookup", "device_status", "die", "hang", "fail"}
        lookup = next(t for t in tools if t.name == "lookup")
        assert lookup.source == "mcp:orders" and lookup.parameters["required"] == ["order_id"]
        first = await s.call("lookup", {"order_id": "A1"})
        assert first.startswith("order A1: shipped to Shenzhen")
        second = await s.call("lookup", {"order_id": "A2"})
        assert s.starts == 1 and first.split("pid")[1] == second.split("pid")[1]   # the same process
        with pytest.raises(ToolError, match="database is locked"):
            await s.call("fail", {})
        assert (await s.call("lookup", {"order_id": "A3"})).startswith("order A3")
    finally:
        await s.aclose()


async def test_a_server_that_dies_mid_call_is_that_calls_error_and_restarts(scripts):
    s = server(scripts)
    try:
        before = await s.call("lookup", {"order_id": "A1"})
        with pytest.raises(ToolError) as info:
            await s.call("die", {})
        assert "mcp:orders/die" in str(info.value)
        after = await s.call("lookup", {"order_id": "A2"})             # started again
        assert s.starts == 2 and before.split("pid")[1] != after.split("pid")[1]
    finally:
        await s.aclose()


async def test_a_hung_server_times_out_then_is_replaced(scripts):
    # the timeout must outlast a server's start on a loaded host (a Python process importing
    # the mcp SDK): only the hang may reach it
    s = server(scripts, timeout_s=20.0)
    try:
        await s.list_tools()
        with pytest.raises(ToolTimeout):
            await s.call("hang", {})                                    # the process is stopped (SIGSTOP)
        assert (await s.call("lookup", {"order_id": "B7"})).startswith("order B7")   # a ping failed: restarted
        assert s.starts == 2
    finally:
        await s.aclose()


async def test_servers_that_cannot_start_are_errors_not_crashes(scripts, tmp_path):
    missing = MCPServer(MCPServerConfig("gone", (str(tmp_path / "no-such-server"),), timeout_s=5))
    mute = server(scripts, "mute", "mute.py", timeout_s=2.0)
    crash = MCPServer(MCPServerConfig("crash", (sys.executable, "-c", "import sys; sys.exit(4)"), timeout_s=10))
    registry = Registry([], [missing, mute, crash])
    try:
        errors = await registry.refresh()
        assert set(errors) == {"gone", "mute", "crash"} and len(registry) == 0
        assert "did not start within 2 s" in errors["mute"]
        with pytest.raises(ToolError):
            await missing.call("x", {})
    finally:
        await registry.aclose()


async def test_registry_namespaces_an_mcp_tool_that_collides_with_a_builtin(scripts):
    async def run(a, ctx):
        return "builtin status"

    registry = Registry([Tool("device_status", "builtin", {"type": "object"}, run=run)], [server(scripts)])
    try:
        await registry.refresh()
        turn = registry.for_request()
        assert turn.get("device_status").source == "builtin"
        assert await turn.get("orders__device_status").run({}, None) == "mcp status"
        assert await turn.get("lookup").run({"order_id": "C3"}, None) != ""
    finally:
        await registry.aclose()


async def test_cancelling_a_call_propagates_and_the_server_lives_on(scripts):
    s = server(scripts)
    try:
        await s.list_tools()
        task = asyncio.create_task(s.call("hang", {}))
        await asyncio.sleep(0.5)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        # the stopped process no longer answers pings: the next call gets a new one
        assert (await s.call("lookup", {"order_id": "D4"})).startswith("order D4")
    finally:
        await s.aclose()


DOTTED = textwrap.dedent('''
    import sys
    from mcp.server.mcpserver import MCPServer

    mcp = MCPServer(sys.argv[1])

    @mcp.tool(name="weather.get")
    def weather(city: str) -> str:
        """A name MCP allows and OpenAI does not."""
        return f"sunny in {city}"

    @mcp.tool()
    def forecast(city: str) -> str:
        """An ordinary name on the same server."""
        return f"rain tomorrow in {city}"

    mcp.run()
''')


async def test_a_tool_name_openai_refuses_is_offered_under_a_valid_one(tmp_path):
    """Issue 29, finding 8: `weather.get` made the first request a 500 and hid every later
    tool of that server and of the servers after it."""
    dotted, later = tmp_path / "dotted.py", tmp_path / "orders.py"
    dotted.write_text(DOTTED)
    later.write_text(SERVER)
    servers = [MCPServer(MCPServerConfig("weather", [sys.executable, str(dotted), "weather"], timeout_s=60.0)),
               MCPServer(MCPServerConfig("orders", [sys.executable, str(later), "orders"], timeout_s=60.0))]
    registry = Registry([], servers)
    try:
        assert await registry.refresh() == {}
        turn = registry.for_request()
        assert await turn.get("weather_get").run({"city": "Xi'an"}, None) == "sunny in Xi'an"
        assert turn.get("forecast") is not None and turn.get("lookup") is not None
    finally:
        await registry.aclose()
