"""MCP stdio servers on the official ``mcp`` SDK (``pip install edge-agent[mcp]``).

A server is started on demand (its first listing or call), kept alive, and restarted when
it is found dead. Its connection lives in one named task that enters the SDK's ``Client``
and waits for a stop signal, so the SDK's task groups are entered and left in the same task;
calls from any turn go through that client. Before a call to a server that has been quiet
for ``PROBE_AFTER_S``, or whose last call failed or timed out, a ping (bounded) checks it;
a server that does not answer is stopped (its process tree killed by the SDK) and started
again. A call that fails, times out or loses its server is a ``ToolError`` of that one call;
a call is never sent twice.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import time
from typing import Any

from edge_agent.errors import ToolError, ToolTimeout
from edge_agent.tools.base import CallContext, Tool
from edge_agent.tools.settings import MCPServerConfig
from edge_agent import _compat

log = logging.getLogger(__name__)
PROBE_AFTER_S = 1.0
PING_S = 2.0


def _sdk():
    try:
        from mcp import Client
        from mcp.client.stdio import StdioServerParameters
    except ImportError as exc:
        raise ToolError("mcp", "MCP servers need the mcp package: pip install 'edge-agent[mcp]'") from exc
    return Client, StdioServerParameters


class MCPServer:
    """One configured stdio server and its live connection (absent until needed)."""

    def __init__(self, config: MCPServerConfig, call_timeout_s: float = 30.0) -> None:
        self.config = config
        self.name = config.name
        self.source = f"mcp:{config.name}"
        self.timeout_s = min(config.timeout_s, call_timeout_s)
        self.tools: list[Tool] | None = None
        self.starts = 0
        self._client: Any = None
        self._stop: asyncio.Event | None = None
        self._task: asyncio.Task | None = None
        self._closing: set[asyncio.Task] = set()
        self._lock: asyncio.Lock | None = None   # made in the loop (3.9 binds a Lock when made)
        self._last_ok = 0.0
        self._suspect = False

    # -- connection --------------------------------------------------------------------------
    async def _connected(self) -> Any:
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            if self._client is not None and (self._suspect or time.monotonic() - self._last_ok > PROBE_AFTER_S):
                if not await self._alive():
                    log.warning("MCP server %s does not answer; restarting it", self.name)
                    self._drop()
            if self._client is None:
                await self._start()
            return self._client

    async def _alive(self) -> bool:
        try:
            async with _compat.timeout(min(PING_S, self.timeout_s)):
                await self._client.send_ping()
        except asyncio.CancelledError:
            raise
        except Exception:
            return False
        self._mark_ok()
        return True

    async def _start(self) -> None:
        Client, Params = _sdk()
        # through the shell tool's launcher, without its sandbox: when the daemon dies (even by
        # SIGKILL) or stops the server, nothing the server started is left running
        from edge_agent.tools.shell import JAIL

        params = Params(command=sys.executable, args=["-I", "-S", str(JAIL), "--no-sandbox", "--",
                                                      *self.config.command],
                        env=self.config.env or None, cwd=self.config.cwd)
        ready: asyncio.Future = asyncio.get_running_loop().create_future()
        stop = asyncio.Event()
        self.starts += 1
        task = asyncio.create_task(self._hold(Client(params, cache=None), ready, stop),
                                   name=f"edge-agent-mcp-{self.name}-{self.starts}")
        task.add_done_callback(_retrieve)
        try:
            async with _compat.timeout(self.config.timeout_s):
                client = await asyncio.shield(ready)
        except BaseException as exc:  # timed out, failed or cancelled: no half-started server stays
            ready.cancel()
            task.cancel()  # a server stuck in its handshake leaves only by cancellation
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)
            if isinstance(exc, TimeoutError):
                raise ToolError(self.source, f"did not start within {self.config.timeout_s:g} s") from exc
            raise
        self._client, self._stop, self._task = client, stop, task
        self._mark_ok()

    async def _hold(self, client: Any, ready: asyncio.Future, stop: asyncio.Event) -> None:
        """The connection's own task: enter the client, hand it out, leave it when told to."""
        try:
            async with client:
                if ready.done():  # the starter gave up (timeout or cancellation)
                    return
                ready.set_result(client)
                await stop.wait()
        except asyncio.CancelledError:
            if not ready.done():
                ready.cancel()
            raise
        except Exception as exc:  # reported to the starter, or logged once it is running
            if not ready.done():
                ready.set_exception(ToolError(self.source, f"could not start: {_describe(exc)}"))
            else:
                log.warning("MCP server %s connection ended: %s", self.name, _describe(exc))

    def _drop(self) -> None:
        """Stop the current connection in the background (the SDK kills the process tree)."""
        if self._stop is not None:
            self._stop.set()
        if self._task is not None:
            self._closing.add(self._task)
            self._task.add_done_callback(self._closing.discard)
        self._client = self._stop = self._task = None
        self._suspect = False

    def _mark_ok(self) -> None:
        self._last_ok = time.monotonic()
        self._suspect = False

    # -- tools -------------------------------------------------------------------------------
    async def list_tools(self) -> list[Tool]:
        """The server's tools (listed once; started if needed)."""
        if self.tools is None:
            client = await self._connected()
            try:
                async with _compat.timeout(self.timeout_s):
                    listed = await client.list_tools()
            except TimeoutError as exc:
                self._suspect = True
                raise ToolTimeout(self.source, self.timeout_s) from exc
            except Exception as exc:
                self._suspect = True
                raise ToolError(self.source, f"tools/list failed: {_describe(exc)}") from exc
            self._mark_ok()
            self.tools = [self._tool(t) for t in listed.tools]
        return self.tools

    def _tool(self, t: Any) -> Tool:
        name = t.name

        async def run(arguments: dict[str, Any], ctx: CallContext) -> str:
            return await self.call(name, arguments)

        return Tool(name, (t.description or "").strip(), dict(t.input_schema or {"type": "object"}),
                    source=self.source, run=run, original_name=name, side_effects=True)

    async def call(self, name: str, arguments: dict[str, Any]) -> str:
        client = await self._connected()
        try:
            async with _compat.timeout(self.timeout_s):
                result = await client.call_tool(name, arguments)
        except asyncio.CancelledError:
            self._suspect = True  # abandoned mid-call: check the server before the next one
            raise
        except TimeoutError as exc:
            self._suspect = True
            raise ToolTimeout(f"{self.source}/{name}", self.timeout_s) from exc
        except Exception as exc:  # a closed connection, a protocol error: this call's error
            self._suspect = True
            raise ToolError(f"{self.source}/{name}", _describe(exc)) from exc
        self._mark_ok()
        text = _text(result)
        if result.is_error:
            raise ToolError(f"{self.source}/{name}", text or "the tool reported an error")
        return text

    async def aclose(self) -> None:
        self._drop()
        if self._closing:
            await asyncio.wait(list(self._closing))


def _retrieve(task: asyncio.Task) -> None:
    """A connection task's end is reported by ``_hold`` itself; its exception is consumed."""
    if not task.cancelled():
        task.exception()


def _text(result: Any) -> str:
    parts = []
    for block in result.content or []:
        kind = getattr(block, "type", "")
        if kind == "text":
            parts.append(block.text)
        else:
            parts.append(f"[{kind} content: {getattr(block, 'mime_type', '') or 'not text'}]")
    if not parts and result.structured_content is not None:
        parts.append(json.dumps(result.structured_content, ensure_ascii=False))
    return "\n".join(parts)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, _compat.BaseExceptionGroup):
        return "; ".join(_describe(e) for e in exc.exceptions)
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__

