"""Models pulled from a hub: Hugging Face (or a mirror of it) and ModelScope.

    edge-agent models pull Qwen/Qwen2.5-0.5B-Instruct-GGUF qwen2.5-0.5b-instruct-q4_k_m.gguf
    edge-agent models pull qwen2.5-0.5b --hub modelscope --profile dayu200-rk3568

What a pull does, in order:
1. Asks the hub what the file is: its size and SHA-256. Hugging Face answers a HEAD of
   ``/{repo}/resolve/{revision}/{file}`` with ``X-Linked-Size`` and ``X-Linked-Etag`` (the
   SHA-256 of an LFS file) before it redirects to its CDN; ModelScope lists a repo's files
   with ``Sha256`` and ``Size``. A file the hub publishes no SHA-256 for is refused unless
   ``--sha256`` gives one.
2. Reads the GGUF's header with Range requests (a few MiB; the tokenizer's vocabulary is in
   it) for the model's shape, and checks the fit: the file, plus its KV cache at the board
   profile's ``n_ctx``, plus the daemon's margin, against the profile's agent budget (or,
   without a profile, against the RAM available here). Too big is refused before a byte of
   the weights is fetched, naming the largest file of the same repo that would fit.
3. Downloads to ``.<file>.part`` in the models directory, resuming a partial file with a
   Range request (``If-Range`` on the hub's ETag: a changed file starts again), hashing as
   it goes, with a progress line on stderr.
4. Checks the size and the SHA-256, then renames the file into place (atomic: a file in the
   models directory is always whole).

Endpoints: ``--endpoint``, else ``HF_ENDPOINT`` (e.g. ``https://hf-mirror.com``) for Hugging
Face or ``MODELSCOPE_DOMAIN`` for ModelScope, else the hubs' own. ``HF_TOKEN`` is sent to
Hugging Face when set (gated repos). Plain stdlib HTTP: nothing more to install.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import re
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from edge_agent._compat import SLOTS
from edge_agent.errors import HubError, ModelError

HUBS = ("hf", "modelscope")
CHUNK = 1 << 20
HEADER_READS = (1 << 20, 4 << 20, 16 << 20, 64 << 20)   # Range sizes tried for the GGUF header
SHA256 = re.compile(r"^[0-9a-f]{64}$")

# Short names for the README's table: (Hugging Face repo, ModelScope repo, file).
SHORT_NAMES = {
    "qwen2.5-0.5b": ("Qwen/Qwen2.5-0.5B-Instruct-GGUF", "Qwen/Qwen2.5-0.5B-Instruct-GGUF",
                     "qwen2.5-0.5b-instruct-q4_k_m.gguf"),
    "qwen2.5-1.5b": ("Qwen/Qwen2.5-1.5B-Instruct-GGUF", "Qwen/Qwen2.5-1.5B-Instruct-GGUF",
                     "qwen2.5-1.5b-instruct-q4_k_m.gguf"),
    "qwen3-0.6b": ("Qwen/Qwen3-0.6B-GGUF", "Qwen/Qwen3-0.6B-GGUF", "Qwen3-0.6B-Q8_0.gguf"),
    "qwen3-1.7b": ("Qwen/Qwen3-1.7B-GGUF", "Qwen/Qwen3-1.7B-GGUF", "Qwen3-1.7B-Q8_0.gguf"),
    "llama3.2-1b": ("bartowski/Llama-3.2-1B-Instruct-GGUF", "bartowski/Llama-3.2-1B-Instruct-GGUF",
                    "Llama-3.2-1B-Instruct-Q4_K_M.gguf"),
    "gemma3-1b": ("unsloth/gemma-3-1b-it-GGUF", "unsloth/gemma-3-1b-it-GGUF", "gemma-3-1b-it-Q4_K_M.gguf"),
}


@dataclass(frozen=True, **SLOTS)
class RemoteFile:
    url: str            # where its bytes are (ranges allowed)
    name: str
    size: int
    sha256: str
    etag: str


def models_dir() -> Path:
    """``$EDGE_AGENT_MODELS_DIR``, else ~/.local/share/edge-agent/models."""
    return Path(os.environ.get("EDGE_AGENT_MODELS_DIR") or "~/.local/share/edge-agent/models").expanduser()


def endpoint_of(hub: str, given: str | None = None) -> str:
    if hub not in HUBS:
        raise HubError(f"unknown hub {hub!r}; choose one of {', '.join(HUBS)}")
    if given:
        return given.rstrip("/")
    if hub == "hf":
        return os.environ.get("HF_ENDPOINT", "https://huggingface.co").rstrip("/")
    domain = os.environ.get("MODELSCOPE_DOMAIN", "www.modelscope.cn")
    return (domain if "://" in domain else f"https://{domain}").rstrip("/")


def expand(repo: str, file: str | None, hub: str) -> tuple[str, str]:
    """(repo, file): a short name from SHORT_NAMES, or both given."""
    if file:
        return repo, file
    if repo in SHORT_NAMES:
        hf, ms, name = SHORT_NAMES[repo]
        return (hf if hub == "hf" else ms), name
    raise HubError(f"{repo!r} is not a short name ({', '.join(SHORT_NAMES)}); give REPO and FILE")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):   # the first answer's headers are the ones wanted
        return None


def _request(url: str, method: str = "GET", headers: dict[str, str] | None = None) -> urllib.request.Request:
    headers = dict(headers or {}, **{"User-Agent": "edge-agent"})
    token = os.environ.get("HF_TOKEN")
    if token and "Authorization" not in headers:
        headers["Authorization"] = f"Bearer {token}"
    return urllib.request.Request(url, method=method, headers=headers)


def _refusal(err: urllib.error.HTTPError, what: str) -> HubError:
    if err.code == 404:
        return HubError(f"{what}: not found on the hub (404 {err.headers.get('X-Error-Code') or ''})".rstrip())
    if err.code in (401, 403):
        return HubError(f"{what}: the hub refused ({err.code}); a gated or private repo needs HF_TOKEN")
    return HubError(f"{what}: the hub answered {err.code} {err.reason}")


def _get_json(url: str, what: str) -> Any:
    try:
        with urllib.request.urlopen(_request(url), timeout=60) as resp:
            return json.loads(resp.read())
    except urllib.error.HTTPError as err:
        raise _refusal(err, what) from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise HubError(f"{what}: {exc}") from None


def _ms_files(endpoint: str, repo: str, revision: str) -> list[dict[str, Any]]:
    query = urllib.parse.urlencode({"Revision": revision, "Recursive": "true"})
    body = _get_json(f"{endpoint}/api/v1/models/{repo}/repo/files?{query}", f"the files of {repo}")
    files = (body.get("Data") or {}).get("Files") if isinstance(body, dict) else None
    if not isinstance(files, list):
        raise HubError(f"the files of {repo}: the hub's answer has no file list")
    return [f for f in files if isinstance(f, dict) and f.get("Type", "blob") == "blob"]


def siblings(hub: str, endpoint: str, repo: str, revision: str) -> dict[str, int]:
    """{file: size} of every GGUF in the repo."""
    if hub == "hf":
        items = _get_json(f"{endpoint}/api/models/{repo}/tree/{revision}", f"the files of {repo}")
        pairs = [(i.get("path", ""), (i.get("lfs") or {}).get("size", i.get("size", 0)))
                 for i in items if isinstance(i, dict)] if isinstance(items, list) else []
    else:
        pairs = [(f.get("Path", ""), f.get("Size", 0)) for f in _ms_files(endpoint, repo, revision)]
    return {p: int(s) for p, s in pairs if str(p).endswith(".gguf") and isinstance(s, int)}


def resolve(hub: str, endpoint: str, repo: str, file: str, revision: str = "main") -> RemoteFile:
    """What the hub says the file is; HubError when it has no such file."""
    what = f"{repo}/{file}"
    if hub == "modelscope":
        for f in _ms_files(endpoint, repo, revision):
            if f.get("Path") == file:
                query = urllib.parse.urlencode({"Revision": revision, "FilePath": file})
                sha = str(f.get("Sha256") or "").lower()
                return RemoteFile(f"{endpoint}/api/v1/models/{repo}/repo?{query}", file, int(f.get("Size") or 0),
                                  sha, sha)
        raise HubError(f"{what}: not found on the hub (the repo lists no such file)")
    url = f"{endpoint}/{repo}/resolve/{urllib.parse.quote(revision)}/{urllib.parse.quote(file)}"
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        resp = opener.open(_request(url, "HEAD"), timeout=60)
    except urllib.error.HTTPError as err:
        if err.code not in (301, 302, 303, 307, 308):
            raise _refusal(err, what) from None
        resp = err                                   # a redirect: its headers describe the file
    except (urllib.error.URLError, OSError) as exc:
        raise HubError(f"{what}: {exc}") from None
    headers = resp.headers
    etag = (headers.get("X-Linked-Etag") or headers.get("ETag") or "").strip()
    sha = etag.removeprefix("W/").strip('"').lower()
    size = int(headers.get("X-Linked-Size") or headers.get("Content-Length") or 0)
    return RemoteFile(url, file, size, sha if SHA256.match(sha) else "", etag)


def _range(remote: RemoteFile, start: int, end: int | None = None, if_range: bool = False):
    headers = {"Range": f"bytes={start}-{'' if end is None else end}"}
    if if_range and remote.etag:
        headers["If-Range"] = remote.etag
    return urllib.request.urlopen(_request(remote.url, headers=headers), timeout=60)


def header_metadata(remote: RemoteFile) -> dict[str, Any]:
    """The GGUF header's metadata, read with Range requests of growing size."""
    from edge_agent.backends.gguf import read_header

    last = None
    for size in HEADER_READS:
        try:
            with _range(remote, 0, min(size, remote.size or size) - 1) as resp:
                data = resp.read()
        except urllib.error.HTTPError as err:
            raise _refusal(err, remote.name) from None
        except (urllib.error.URLError, OSError) as exc:
            raise HubError(f"{remote.name}: {exc}") from None
        with tempfile.NamedTemporaryFile(suffix=".gguf") as tmp:
            tmp.write(data)
            tmp.flush()
            try:
                return read_header(tmp.name)[0]
            except ModelError as exc:
                last = exc
                if "ends inside its header" not in str(exc) or len(data) < size:
                    break
    raise HubError(f"{remote.name}: {last.reason if isinstance(last, ModelError) else 'no GGUF header'}")


@dataclass(frozen=True, **SLOTS)
class Fit:
    needed: int           # bytes: file + KV cache at n_ctx + margin
    budget: int
    n_ctx: int
    kv: int

    @property
    def ok(self) -> bool:
        return self.needed <= self.budget


def fit(size: int, metadata: dict[str, Any], n_ctx: int, budget: int) -> Fit:
    from edge_agent.backends.local import DEFAULT_KV_CACHE, MARGIN_BYTES, _shape

    kv = _shape(metadata).kv_bytes(n_ctx, DEFAULT_KV_CACHE)
    return Fit(size + kv + MARGIN_BYTES, budget, n_ctx, kv)


def largest_fitting(files: dict[str, int], kv: int, budget: int) -> str | None:
    """The biggest GGUF of a repo that would fit (same model: the same KV cache)."""
    from edge_agent.backends.local import MARGIN_BYTES

    fitting = [(size, name) for name, size in files.items() if size + kv + MARGIN_BYTES <= budget]
    return max(fitting)[1] if fitting else None


def _resume_from(part: Path, remote: RemoteFile) -> int:
    """Bytes of ``part`` that belong to this file (0: start again)."""
    meta = part.with_name(part.name + ".json")
    try:
        same = json.loads(meta.read_text()) == {"url": remote.url, "sha256": remote.sha256, "size": remote.size}
    except (OSError, ValueError):
        same = False
    if not same or not part.exists():
        part.unlink(missing_ok=True)
        meta.write_text(json.dumps({"url": remote.url, "sha256": remote.sha256, "size": remote.size}))
        return 0
    return part.stat().st_size


def download(remote: RemoteFile, dest_dir: Path, progress: Callable[[int, int], None] | None = None) -> Path:
    """The file in ``dest_dir``, whole and checked; a partial one is resumed."""
    dest_dir.mkdir(parents=True, exist_ok=True)
    final, part = dest_dir / remote.name, dest_dir / f".{remote.name}.part"
    have = _resume_from(part, remote)
    digest = hashlib.sha256()
    if have:
        with open(part, "rb") as f:
            for block in iter(lambda: f.read(CHUNK), b""):
                digest.update(block)
    try:
        resp = _range(remote, have, if_range=True) if have else urllib.request.urlopen(_request(remote.url), timeout=60)
    except urllib.error.HTTPError as err:
        if err.code == 416 and have == remote.size:
            resp = None                              # already whole
        else:
            raise _refusal(err, remote.name) from None
    if resp is not None:
        resumed = bool(have) and resp.status == 206
        if not resumed:                              # from the start (or the hub sent it all again)
            have, digest = 0, hashlib.sha256()
        with resp, open(part, "ab" if resumed else "wb") as out:
            try:
                for block in iter(lambda: resp.read(CHUNK), b""):
                    have = _write(out, block, digest, have, remote.size, progress)
            except (http.client.IncompleteRead, OSError) as exc:   # the link dropped: keep what came
                have = _write(out, getattr(exc, "partial", b""), digest, have, remote.size, progress)
            out.flush()
            os.fsync(out.fileno())
    return _place(part, final, remote, have, digest.hexdigest())


def _write(out, block: bytes, digest, have: int, total: int, progress) -> int:
    out.write(block)
    digest.update(block)
    have += len(block)
    if progress and block:
        progress(have, total)
    return have


def _place(part: Path, final: Path, remote: RemoteFile, have: int, sha: str) -> Path:
    if remote.size and have < remote.size:
        raise HubError(f"{remote.name}: the transfer stopped at {have} of {remote.size} bytes; "
                       "run the same pull again to resume")
    if remote.sha256 and sha != remote.sha256:
        part.unlink(missing_ok=True)
        part.with_name(part.name + ".json").unlink(missing_ok=True)
        raise HubError(f"{remote.name}: SHA-256 {sha} is not the {remote.sha256} the hub publishes; "
                       "the partial file was removed")
    os.replace(part, final)
    part.with_name(part.name + ".json").unlink(missing_ok=True)
    fd = os.open(final.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    return final


class Progress:
    """A progress line on stderr: a bar on a terminal, a line every 10% elsewhere."""

    def __init__(self, stream=sys.stderr) -> None:
        self.stream, self.tty, self.shown, self.t0 = stream, stream.isatty(), -1, time.monotonic()

    def __call__(self, have: int, total: int) -> None:
        pct = int(100 * have / total) if total else 0
        if self.tty:
            bar = "#" * (pct // 4)
            rate = have / max(1e-3, time.monotonic() - self.t0) / 2**20
            self.stream.write(f"\r[{bar:<25}] {pct:3d}% {have / 2**20:8.1f} MiB {rate:6.1f} MiB/s")
            if have >= total:
                self.stream.write("\n")
        elif pct // 10 != self.shown // 10 or have >= total:
            self.stream.write(f"{pct}% ({have / 2**20:.1f} of {total / 2**20:.1f} MiB)\n")
        self.shown = pct
        self.stream.flush()
