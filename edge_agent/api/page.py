"""The board's own web page, served by the daemon at ``/``.

Three files inside the package (``static/``): index.html, app.css and app.js, plain and
unbundled, read once at the first request and kept (about 40 KB; nothing at all is read by a
daemon nobody opens the page of). Every response carries a Content-Security-Policy that
allows scripts, styles and connections only from the daemon itself (no inline script, no
outside origin, no framing), ``nosniff`` and no referrer. The page talks to the public API
only; with ``auth_tokens`` it asks for a token and keeps it in the tab's sessionStorage.
"""

from __future__ import annotations

from importlib import resources

from aiohttp import web

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "X-Frame-Options": "DENY", "Cache-Control": "no-cache"}
FILES = {"/": ("index.html", "text/html"), "/ui/app.js": ("app.js", "text/javascript"),
         "/ui/app.css": ("app.css", "text/css")}
_cache: dict[str, bytes] = {}


def asset(name: str) -> bytes:
    """A file of ``static/`` (read once)."""
    if name not in _cache:
        _cache[name] = resources.files("edge_agent.api").joinpath("static", name).read_bytes()
    return _cache[name]


def weight() -> int:
    """Bytes of the whole page (every file it loads)."""
    return sum(len(asset(name)) for name, _ in FILES.values())


async def serve(request: web.Request) -> web.Response:
    name, content_type = FILES[request.path]
    return web.Response(body=asset(name), headers=dict(HEADERS, **{"Content-Type": f"{content_type}; charset=utf-8"}))


def add_routes(app: web.Application) -> None:
    for path in FILES:
        app.router.add_get(path, serve)
