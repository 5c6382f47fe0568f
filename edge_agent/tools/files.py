"""``list_files``, ``read_file``, ``write_file``: one workspace directory and no way out of it.

With auth tokens each token's namespace has its own ``<workspace>/<namespace>`` directory.

A path is relative, with no ``..``, no empty or ``.`` part and no NUL. It is opened one part
at a time from the workspace's own file descriptor with ``O_NOFOLLOW`` (``openat``), so a
symlink anywhere on the way is refused even if it appears between a check and the open, and
a file is read or written only when ``fstat`` says it is a regular file (no device, FIFO or
socket). Writes go to a temporary file in the same directory, then ``rename`` over the name.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
import re
import secrets
import stat
from pathlib import Path
from typing import Any

from edge_agent.errors import ToolRefused
from edge_agent.tools.base import CallContext, Tool, arg, params

NAMESPACE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def tenant_dir(root: Path, namespace: str) -> Path:
    """The workspace of a token's namespace: ``<root>/<namespace>``; the root itself without
    auth (namespace "local", the one tenant there is), as the README names it."""
    if not namespace or namespace == "local":
        return root
    if not NAMESPACE.match(namespace):
        raise ToolRefused("workspace", f"bad namespace {namespace!r}")
    return root / namespace


def parts(tool: str, path: str) -> list[str]:
    """The path's parts, or ToolRefused when it could leave the workspace."""
    if not isinstance(path, str) or "\x00" in path:
        raise ToolRefused(tool, "path must be text without NUL")
    if path.startswith(("/", "\\", "~")):
        raise ToolRefused(tool, f"{path!r}: absolute paths are refused; paths are relative to the workspace")
    out = [p for p in path.replace("\\", "/").split("/") if p not in ("", ".")]
    if any(p == ".." for p in out):
        raise ToolRefused(tool, f"{path!r}: '..' is refused; paths stay inside the workspace")
    return out


def _chars(f, skip: int, n: int, block: int = 1 << 16) -> str:
    """Up to ``n`` characters of a UTF-8 file after its first ``skip``, decoded a block at a
    time: RAM stays near one block whatever ``skip`` is (it read all before the offset)."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    out: list[str] = []
    have = 0
    while have < n:
        data = f.read(block)
        text = decoder.decode(data, final=not data)
        if skip:
            dropped = min(skip, len(text))
            text, skip = text[dropped:], skip - dropped
        out.append(text[: n - have])
        have += len(out[-1])
        if not data:
            break
    return "".join(out)


class Workspace:
    def __init__(self, root: Path, max_read_chars: int = 200_000, max_write_bytes: int = 1 << 20) -> None:
        self.root = root
        self.max_read_chars = max_read_chars
        self.max_write_bytes = max_write_bytes

    def at(self, namespace: str) -> Workspace:
        """The workspace of one auth token's namespace (``<root>/<namespace>``; the root itself
        without one), so one tenant's files are never another's."""
        return Workspace(tenant_dir(self.root, namespace), self.max_read_chars, self.max_write_bytes)

    @contextlib.contextmanager
    def _dir(self, tool: str, names: list[str], create: bool = False):
        """A file descriptor of the directory ``names`` inside the workspace (no symlinks)."""
        self.root.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.root, DIR_FLAGS)
        try:
            for name in names:
                try:
                    nxt = os.open(name, DIR_FLAGS, dir_fd=fd)
                except FileNotFoundError:
                    if not create:
                        raise ToolRefused(tool, f"no directory {name!r} in the workspace") from None
                    os.mkdir(name, 0o755, dir_fd=fd)
                    nxt = os.open(name, DIR_FLAGS, dir_fd=fd)
                except OSError as exc:  # ELOOP / ENOTDIR: a symlink or a file on the way
                    raise ToolRefused(tool, f"{name!r} is not a directory of the workspace (symlinks are refused)"
                                      ) from exc
                os.close(fd)
                fd = nxt
            yield fd
        finally:
            os.close(fd)

    def list(self, path: str = "") -> str:
        names = parts("list_files", path)
        with self._dir("list_files", names) as fd:
            lines = []
            for name in sorted(os.listdir(fd)):
                st = os.stat(name, dir_fd=fd, follow_symlinks=False)
                kind = ("dir" if stat.S_ISDIR(st.st_mode) else "file" if stat.S_ISREG(st.st_mode)
                        else "link" if stat.S_ISLNK(st.st_mode) else "other")
                lines.append(f"{kind}\t{st.st_size if kind == 'file' else '-'}\t{name}")
        return "\n".join(lines) if lines else "(empty)"

    def read(self, path: str, offset: int = 0) -> str:
        names = parts("read_file", path)
        if not names:
            raise ToolRefused("read_file", "path names no file")
        with self._dir("read_file", names[:-1]) as dfd:
            fd = self._open_regular("read_file", names[-1], dfd, os.O_RDONLY)
            with os.fdopen(fd, "rb") as f:
                text = _chars(f, offset, self.max_read_chars + 1)
        chunk, more = text[: self.max_read_chars], len(text) > self.max_read_chars
        return chunk + (f"\n[... more from offset {offset + self.max_read_chars}]" if more else "")

    def _open_regular(self, tool: str, name: str, dfd: int, flags: int) -> int:
        try:  # not even opened unless it is a regular file (opening a device can act)
            if not stat.S_ISREG(os.stat(name, dir_fd=dfd, follow_symlinks=False).st_mode):
                raise ToolRefused(tool, f"{name!r} is not a regular file (symlinks and devices are refused)")
            fd = os.open(name, flags | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK, dir_fd=dfd)
        except FileNotFoundError:
            raise ToolRefused(tool, f"no file {name!r} in the workspace") from None
        except OSError as exc:  # ELOOP: the name is a symlink
            raise ToolRefused(tool, f"{name!r} cannot be opened (symlinks are refused): {exc.strerror}") from exc
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise ToolRefused(tool, f"{name!r} is not a regular file")
        return fd

    def write(self, path: str, content: str) -> str:
        names = parts("write_file", path)
        data = content.encode("utf-8")
        if not names:
            raise ToolRefused("write_file", "path names no file")
        if len(data) > self.max_write_bytes:
            raise ToolRefused("write_file", f"content is {len(data)} bytes; at most {self.max_write_bytes}")
        with self._dir("write_file", names[:-1], create=True) as dfd:
            name = names[-1]
            try:  # an existing name must be a regular file
                st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
            except FileNotFoundError:
                st = None
            if st is not None and not stat.S_ISREG(st.st_mode):
                raise ToolRefused("write_file", f"{name!r} is not a regular file (symlinks and devices are refused)")
            tmp = f".{name}.tmp-{os.getpid()}-{secrets.token_hex(6)}"   # parallel writes to one name
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644, dir_fd=dfd)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                    f.flush()
                    os.fsync(f.fileno())
                os.rename(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp, dir_fd=dfd)
                raise
        return f"wrote {len(data)} bytes to {'/'.join(names)}"


def file_tools(ws: Workspace) -> list[Tool]:
    async def list_files(a: dict[str, Any], ctx: CallContext) -> str:
        return await asyncio.to_thread(ws.at(ctx.namespace).list, arg(a, "path", "string", "list_files", ""))

    async def read_file(a: dict[str, Any], ctx: CallContext) -> str:
        offset = arg(a, "offset", "integer", "read_file", 0)
        if offset < 0:
            raise ToolRefused("read_file", "offset must be >= 0")
        return await asyncio.to_thread(ws.at(ctx.namespace).read, arg(a, "path", "string", "read_file"), offset)

    async def write_file(a: dict[str, Any], ctx: CallContext) -> str:
        return await asyncio.to_thread(ws.at(ctx.namespace).write, arg(a, "path", "string", "write_file"),
                                       arg(a, "content", "string", "write_file"))

    path = {"type": "string", "description": "relative to the workspace"}
    return [
        Tool("list_files", "List a directory of the workspace (kind, size, name).",
             params({"path": path}), run=list_files),
        Tool("read_file", "Read a text file of the workspace.",
             params({"path": path, "offset": {"type": "integer", "description": "character offset"}}, ("path",)),
             run=read_file),
        Tool("write_file", "Write a text file in the workspace (replaces it).",
             params({"path": path, "content": {"type": "string"}}, ("path", "content")), run=write_file,
             side_effects=True),
    ]
