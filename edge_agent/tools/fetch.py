"""``http_fetch``: GET a URL on an allow-listed host (http or https).

An entry of ``fetch_allow_hosts`` is a host name (its scheme's default port only: 80 for
http, 443 for https) or ``host:port`` (that port only); an IPv6 address with a port is
written ``[::1]:8080``. Names compare case-insensitively and exactly (``example.com`` does not
allow ``api.example.com``). Redirects are followed by hand, at most 3, each checked against
the list. No cookie is kept between calls (one tenant's fetch never carries another's). The
body is read to its end or up to ``fetch_max_bytes``, and a body cut there says so; the
result is the status line, the content type and the body as text.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urljoin, urlsplit

import aiohttp

from edge_agent.errors import ToolError, ToolRefused
from edge_agent.tools.base import CallContext, Tool, arg, params

MAX_REDIRECTS = 3


def _entry(host: str) -> str:
    """An allow-list entry as ``host`` or ``host:port`` (IPv6 without its brackets)."""
    host = host.lower()
    if host.startswith("["):
        addr, _, rest = host[1:].partition("]")
        return f"{addr}{rest}" if rest.startswith(":") else addr
    return host


class Fetcher:
    def __init__(self, allow_hosts: list[str], max_bytes: int = 1 << 20) -> None:
        self.allow = {_entry(h) for h in allow_hosts}
        self.max_bytes = max_bytes
        self._session: aiohttp.ClientSession | None = None

    def check(self, url: str) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https"):
            raise ToolRefused("http_fetch", f"only http and https URLs, got {parts.scheme or 'none'!r}")
        if parts.username or parts.password:
            raise ToolRefused("http_fetch", "URLs with credentials are refused")
        host = (parts.hostname or "").lower()
        try:
            port = parts.port or (443 if parts.scheme == "https" else 80)
        except ValueError as exc:
            raise ToolRefused("http_fetch", f"bad port in {url!r}") from exc
        default = port == (443 if parts.scheme == "https" else 80)
        if not (host in self.allow and default) and f"{host}:{port}" not in self.allow:
            raise ToolRefused("http_fetch", f"host {host!r} is not allowed (allowed: {', '.join(sorted(self.allow)) or 'none'})")

    async def get(self, url: str) -> str:
        session = self._session
        if session is None or session.closed:
            session = self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None),
                                                            cookie_jar=aiohttp.DummyCookieJar())
        for _ in range(MAX_REDIRECTS + 1):
            self.check(url)
            try:
                async with session.get(url, allow_redirects=False) as resp:
                    if resp.status in (301, 302, 303, 307, 308) and "Location" in resp.headers:
                        url = urljoin(url, resp.headers["Location"])
                        continue
                    body = await self._body(resp)
                    cut = len(body) > self.max_bytes
                    text = _decode(body[: self.max_bytes], resp.charset)
                    return (f"HTTP {resp.status} {resp.reason}\ncontent-type: {resp.content_type}\n\n{text}"
                            + (f"\n[body cut at {self.max_bytes} bytes]" if cut else ""))
            except aiohttp.ClientError as exc:
                raise ToolError("http_fetch", f"{type(exc).__name__}: {exc}") from exc
        raise ToolError("http_fetch", f"more than {MAX_REDIRECTS} redirects")

    async def _body(self, resp: aiohttp.ClientResponse) -> bytes:
        """The body to its end, or its first max_bytes + 1 bytes (one read may return less)."""
        buf = bytearray()
        while len(buf) <= self.max_bytes:
            chunk = await resp.content.read(self.max_bytes + 1 - len(buf))
            if not chunk:
                break
            buf += chunk
        return bytes(buf)

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()


def _decode(body: bytes, charset: str | None) -> str:
    try:
        return body.decode(charset or "utf-8", errors="replace")
    except LookupError:  # a charset Python does not know
        return body.decode("utf-8", errors="replace")


def fetch_tool(fetcher: Fetcher) -> Tool:
    async def run(a: dict[str, Any], ctx: CallContext) -> str:
        return await fetcher.get(arg(a, "url", "string", "http_fetch"))

    hosts = ", ".join(sorted(fetcher.allow)) or "none"
    return Tool("http_fetch", f"GET a web page or API (hosts: {hosts}).",
                params({"url": {"type": "string"}}, ("url",)), run=run, side_effects=True)
