"""Real servers for the backend tests, on 127.0.0.1 only.

``llama_server`` starts ``python -m llama_cpp.server`` with the SmolLM2 GGUF: a real
OpenAI-compatible server. ``FaultProxy`` is an aiohttp server in front of it that passes
requests through or injects one fault at a time (429 with Retry-After, 500, 503, a late
first byte, an event stream cut in the middle, malformed JSON, a wrong content type, an
endless stream).
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager

import aiohttp
from aiohttp import web

from edge_agent.backends.models import default_model_path
from edge_agent.deploy.transport import free_port  # noqa: F401  (re-exported for the tests)


@contextmanager
def llama_server(n_ctx: int = 2048):
    port = free_port()
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(default_model_path()), "--host", "127.0.0.1",
           "--port", str(port), "--n_ctx", str(n_ctx), "--n_threads", "1", "--verbose", "False"]
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log)
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"llama_cpp.server exited: {log.read().decode()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{base}/models", timeout=2) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("llama_cpp.server did not start within 90 s") from None
                time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


class FaultProxy:
    """Forwards /v1/chat/completions to ``upstream`` unless ``mode`` names a fault."""

    def __init__(self, upstream: str) -> None:
        self.upstream = upstream
        self.mode = "pass"
        self.requests = 0
        self.delay_s = 2.0
        self._runner: web.AppRunner | None = None
        self.url = ""

    async def start(self) -> FaultProxy:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self.handle)
        self._runner = web.AppRunner(app, shutdown_timeout=0.5)
        await self._runner.setup()
        port = free_port()
        await web.TCPSite(self._runner, "127.0.0.1", port).start()
        self.url = f"http://127.0.0.1:{port}/v1"
        return self

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        self.requests += 1
        body = await request.json()
        mode = self.mode
        if mode == "429":
            return web.json_response({"error": "rate limited"}, status=429, headers={"Retry-After": "1"})
        if mode in ("500", "503"):
            return web.json_response({"error": "server error"}, status=int(mode))
        if mode == "malformed_json":
            return web.Response(body=b'{"choices": [ {"message": ', content_type="application/json")
        if mode == "wrong_content_type":
            return web.Response(text="<html>maintenance</html>", content_type="text/html")
        if mode == "slow_first_byte":
            await asyncio.sleep(self.delay_s)
        if mode == "endless":
            return await self._endless(request)
        return await self._forward(request, body, cut=(mode == "cut_stream"))

    async def _forward(self, request: web.Request, body: dict, cut: bool) -> web.StreamResponse:
        async with aiohttp.ClientSession() as session:
            async with session.post(f"{self.upstream}/chat/completions", json=body) as up:
                if not body.get("stream"):
                    return web.Response(body=await up.read(), status=up.status, content_type=up.content_type)
                resp = web.StreamResponse(status=up.status, headers={"Content-Type": "text/event-stream"})
                await resp.prepare(request)
                events = 0
                async for line in up.content:
                    if cut and (events >= 3 or line.startswith(b"data: [DONE]")):
                        request.transport.close()  # the connection drops mid-stream: no [DONE]
                        return resp
                    await resp.write(line)
                    events += line.startswith(b"data:")
                await resp.write_eof()
                return resp

    async def _endless(self, request: web.Request) -> web.StreamResponse:
        resp = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await resp.prepare(request)
        chunk = {"choices": [{"delta": {"content": "and so on "}, "finish_reason": None}]}
        while True:
            await resp.write(f"data: {json.dumps(chunk)}\n\n".encode())
            await asyncio.sleep(0.05)
