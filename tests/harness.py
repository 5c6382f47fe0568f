"""A daemon in the test's own event loop, an HTTP helper, a DNS stand-in and tmpfs mounts.

``NoDNS`` stands in for the system resolver so that no test ever sends a DNS query off this
machine: loopback names resolve, every other name fails the way getaddrinfo fails for an
unknown host (EAI_NONAME), which aiohttp turns into ``ClientConnectorDNSError``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
from pathlib import Path

import aiohttp
import aiohttp.abc
import pytest

from edge_agent.config import load
from edge_agent.daemon import Daemon
from tests.servers import free_port


class NoDNS(aiohttp.abc.AbstractResolver):
    """Resolves 127.0.0.1 and localhost; any other name is unknown (nothing leaves the host)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def resolve(self, host: str, port: int = 0, family: int = socket.AF_INET):
        self.asked.append(host)
        if host not in ("127.0.0.1", "localhost"):
            raise OSError(socket.EAI_NONAME, f"Name or service not known: {host}")
        return [{"hostname": host, "host": "127.0.0.1", "port": port, "family": socket.AF_INET,
                 "proto": 0, "flags": socket.AI_NUMERICHOST}]

    async def close(self) -> None:
        return None


@contextlib.asynccontextmanager
async def running_daemon(tmp_path: Path, resolver=None, **overrides):
    """A Daemon serving on a free loopback port; stopped (exit code 0 asserted) at the end."""
    overrides.setdefault("state_dir", str(tmp_path))
    config = load(env={}, port=free_port(), **overrides)
    d = Daemon(config, resolver=resolver)
    ready = asyncio.Event()
    task = asyncio.create_task(d.serve(ready))
    waiter = asyncio.create_task(ready.wait())
    await asyncio.wait([task, waiter], timeout=60, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        waiter.cancel()
        task.result()  # raises the start-up error
    d.base = f"http://127.0.0.1:{config.port}"
    try:
        yield d
    finally:
        d.stop.set()
        assert await asyncio.wait_for(task, 30) == 0


async def api(base: str, method: str, path: str, token: str | None = None, **kw):
    """(status, JSON body or text, headers) of one request."""
    headers = kw.pop("headers", {})
    if token:
        headers["Authorization"] = f"Bearer {token}"
    async with aiohttp.ClientSession() as http:
        async with http.request(method, f"{base}{path}", headers=headers, **kw) as resp:
            text = await resp.text()
            body = json.loads(text) if text and resp.content_type == "application/json" else text
            return resp.status, body, dict(resp.headers)


async def stream_turn(base: str, session: str, text: str, token: str | None = None) -> tuple[str, list[dict]]:
    """POST a streamed turn; the text the client saw and every event it got."""
    headers = {"X-Session-Id": session, **({"Authorization": f"Bearer {token}"} if token else {})}
    body = {"messages": [{"role": "user", "content": text}], "stream": True}
    events: list[dict] = []
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{base}/v1/chat/completions", json=body, headers=headers) as resp:
            assert resp.status == 200, await resp.text()
            async for raw in resp.content:
                line = raw.decode().strip()
                if line.startswith("data:") and line != "data: [DONE]":
                    events.append(json.loads(line[5:]))
    seen = "".join(c["delta"].get("content") or "" for e in events for c in e.get("choices", []))
    return seen, events


def metric(text: str, name: str) -> float:
    """The value of one sample in a Prometheus text exposition (0 when absent)."""
    for line in text.splitlines():
        key, _, value = line.rpartition(" ")
        if key == name:
            return float(value)
    return 0.0


@contextlib.contextmanager
def tmpfs(path: Path, size: str = "4m", read_only: bool = False):
    """A small tmpfs at ``path`` (needs root, as on CI; skipped where mounting is refused)."""
    path.mkdir(parents=True, exist_ok=True)
    opts = f"size={size}" + (",ro" if read_only else "")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", opts, "tmpfs", str(path)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


def fill(path: Path) -> Path:
    """Fill the file system holding ``path`` until it has no byte left; return the filler."""
    filler = path / "filler"
    with open(filler, "wb", buffering=0) as f:
        for chunk in (b"\0" * 65536, b"\0" * 512, b"\0"):
            with contextlib.suppress(OSError):
                while f.write(chunk):
                    pass
    return filler
