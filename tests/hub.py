"""A stand-in model hub on loopback, for the tests of ``edge-agent models pull``.

A stand-in: the real hubs (huggingface.co, its mirrors, modelscope.cn) are out of reach
here. It reproduces what a download client observes of them:

Hugging Face
- ``HEAD|GET /{org}/{repo}/resolve/{revision}/{file}``: a 302 to the CDN with
  ``X-Linked-Etag`` (the file's SHA-256, quoted), ``X-Linked-Size``, ``ETag`` and
  ``X-Repo-Commit``; a 404 with ``X-Error-Code: EntryNotFound`` (or ``RepoNotFound``).
- ``GET /cdn/{sha256}``: the bytes, with ``Range`` (206 and ``Content-Range``), ``If-Range``
  (a different ETag: the whole file, 200) and ``ETag``; ``interrupt_after`` makes the next
  full transfer stop after that many bytes (the connection closes), as a dropped link does.
- ``GET /api/models/{org}/{repo}/tree/{revision}``: the repo's files with sizes and LFS oids.

ModelScope
- ``GET /api/v1/models/{org}/{repo}/repo/files?Revision=&Recursive=``: ``{"Code": 200,
  "Data": {"Files": [{"Name", "Path", "Size", "Sha256", "Type": "blob"}]}}``.
- ``GET /api/v1/models/{org}/{repo}/repo?Revision=&FilePath=``: the bytes, Range as above.

A file is ``(path on disk, size the hub states, SHA-256 the hub states)``: a listed file may
claim more bytes than it has (the fit tests read only its header), or a wrong digest.
Every request is recorded in ``requests`` as (method, path, Range header).
"""

from __future__ import annotations

import hashlib
import json
import threading
import urllib.parse
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


@dataclass
class HubFile:
    path: Path
    size: int
    sha256: str


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class StandInHub:
    def __init__(self) -> None:
        self.repos: dict[str, dict[str, HubFile]] = {}
        self.requests: list[tuple[str, str, str]] = []
        self.interrupt_after: int | None = None
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def add(self, repo: str, name: str, path: Path, size: int | None = None, sha256: str | None = None) -> HubFile:
        entry = HubFile(path, path.stat().st_size if size is None else size, sha256 or sha256_of(path))
        self.repos.setdefault(repo, {})[name] = entry
        return entry

    def __enter__(self) -> StandInHub:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()

    def by_sha(self, sha: str) -> HubFile | None:
        return next((f for files in self.repos.values() for f in files.values() if f.sha256 == sha), None)

    def _handler(self):
        hub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def do_HEAD(self) -> None:
                self._route(head=True)

            def do_GET(self) -> None:
                self._route(head=False)

            def _route(self, head: bool) -> None:
                url = urllib.parse.urlsplit(self.path)
                hub.requests.append((self.command, url.path, self.headers.get("Range", "")))
                parts = url.path.strip("/").split("/")
                query = dict(urllib.parse.parse_qsl(url.query))
                if len(parts) >= 5 and parts[2] == "resolve":
                    self._resolve("/".join(parts[:2]), "/".join(parts[4:]))
                elif len(parts) == 2 and parts[0] == "cdn":
                    found = hub.by_sha(parts[1])
                    self._bytes(found, head) if found else self._status(404, "EntryNotFound")
                elif parts[:2] == ["api", "models"] and len(parts) >= 6 and parts[4] == "tree":
                    self._tree("/".join(parts[2:4]))
                elif parts[:3] == ["api", "v1", "models"] and parts[-2:] == ["repo", "files"]:
                    self._ms_files("/".join(parts[3:5]))
                elif parts[:3] == ["api", "v1", "models"] and parts[-1] == "repo":
                    found = hub.repos.get("/".join(parts[3:5]), {}).get(query.get("FilePath", ""))
                    self._bytes(found, head) if found else self._status(404, "EntryNotFound")
                else:
                    self._status(404, "RepoNotFound")

            def _status(self, code: int, error: str = "", extra: dict[str, str] | None = None) -> None:
                self.send_response(code)
                if error:
                    self.send_header("X-Error-Code", error)
                for k, v in (extra or {}).items():
                    self.send_header(k, v)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def _json(self, body) -> None:
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _resolve(self, repo: str, name: str) -> None:
                if repo not in hub.repos:
                    return self._status(404, "RepoNotFound")
                f = hub.repos[repo].get(name)
                if f is None:
                    return self._status(404, "EntryNotFound")
                self._status(302, extra={"Location": f"{hub.url}/cdn/{f.sha256}", "X-Linked-Etag": f'"{f.sha256}"',
                                         "X-Linked-Size": str(f.size), "ETag": f'"{f.sha256}"',
                                         "X-Repo-Commit": "0" * 40})

            def _tree(self, repo: str) -> None:
                if repo not in hub.repos:
                    return self._status(404, "RepoNotFound")
                self._json([{"type": "file", "path": n, "size": f.size, "lfs": {"oid": f.sha256, "size": f.size}}
                            for n, f in hub.repos[repo].items()])

            def _ms_files(self, repo: str) -> None:
                if repo not in hub.repos:
                    return self._json({"Code": 10010205001, "Message": "repo not found", "Data": None})
                self._json({"Code": 200, "Data": {"Files": [
                    {"Name": n.rsplit("/", 1)[-1], "Path": n, "Size": f.size, "Sha256": f.sha256, "Type": "blob"}
                    for n, f in hub.repos[repo].items()]}})

            def _bytes(self, f: HubFile, head: bool) -> None:
                have = f.path.stat().st_size
                start, end, status = 0, have - 1, 200
                wanted = self.headers.get("Range", "")
                if_range = self.headers.get("If-Range")
                if wanted.startswith("bytes=") and (if_range is None or if_range == f'"{f.sha256}"'):
                    lo, _, hi = wanted[6:].partition("-")
                    start, end, status = int(lo), min(int(hi) if hi else have - 1, have - 1), 206
                    if start >= have:
                        return self._status(416, extra={"Content-Range": f"bytes */{have}"})
                self.send_response(status)
                self.send_header("ETag", f'"{f.sha256}"')
                self.send_header("Accept-Ranges", "bytes")
                self.send_header("Content-Length", str(end - start + 1))
                if status == 206:
                    self.send_header("Content-Range", f"bytes {start}-{end}/{have}")
                self.end_headers()
                if head:
                    return
                cut = hub.interrupt_after if status == 200 else None
                if cut is not None:
                    hub.interrupt_after = None
                with open(f.path, "rb") as src:
                    src.seek(start)
                    left = end - start + 1 if cut is None else min(cut, end - start + 1)
                    while left > 0:
                        block = src.read(min(left, 1 << 20))
                        self.wfile.write(block)
                        left -= len(block)
                if cut is not None:
                    self.close_connection = True
                    self.wfile.flush()
                    self.connection.shutdown(2)

        return Handler
