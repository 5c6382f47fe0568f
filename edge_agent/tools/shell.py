"""``shell``: run a command from the allow-list, as an argv, never through a shell.

The model gives ``command`` (the program) and ``args`` (a list); the whole argv must match a
``shell_allow`` entry exactly, or start with an entry that ends in ``*``. Arguments reach the
program as they are: ``$(...)``, ``;``, ``|``, globs and quotes mean nothing (no shell ever
sees them). The program runs in the workspace (its token's own, with auth tokens) with a minimal environment, no standard input,
in its own process group; at the timeout the whole group is killed. Output (stdout and
stderr together) is read up to a cap; past it the program is killed and the output marked.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from pathlib import Path
from typing import Any

from edge_agent.errors import ToolRefused, ToolTimeout
from edge_agent.tools.base import CallContext, Tool, arg, params
from edge_agent.tools.files import tenant_dir
from edge_agent.tools.settings import ShellRule
from edge_agent import _compat

ENV_KEEP = ("PATH", "LANG", "LC_ALL", "TZ")


class Shell:
    def __init__(self, rules: list[ShellRule], cwd: Path, timeout_s: float = 60.0, output_bytes: int = 64_000) -> None:
        self.rules = rules
        self.cwd = cwd
        self.timeout_s = timeout_s
        self.output_bytes = output_bytes

    def allowed(self, argv: list[str]) -> bool:
        return any(rule.allows(argv) for rule in self.rules)

    async def run(self, argv: list[str], namespace: str = "") -> str:
        if not self.allowed(argv):
            allowed = ", ".join(" ".join(r.argv) + (" *" if r.more else "") for r in self.rules) or "nothing"
            raise ToolRefused("shell", f"{argv!r} is not allowed (allowed: {allowed})")
        cwd = tenant_dir(self.cwd, namespace)
        cwd.mkdir(parents=True, exist_ok=True)
        env = {k: os.environ[k] for k in ENV_KEEP if k in os.environ}
        try:
            proc = await asyncio.create_subprocess_exec(
                *argv, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT, cwd=cwd, env=env, start_new_session=True)
        except OSError as exc:
            raise ToolRefused("shell", f"cannot run {argv[0]!r}: {exc.strerror}") from exc
        try:
            async with _compat.timeout(self.timeout_s) as deadline:
                out, cut = await self._read(proc)
                code = await proc.wait()
        except TimeoutError as exc:
            if deadline.expired():
                raise ToolTimeout("shell", self.timeout_s) from exc
            raise
        finally:
            _kill_group(proc)
            await _reap(proc)
        text = out.decode("utf-8", errors="replace")
        return f"exit {code}\n{text}" + (f"\n[output cut at {self.output_bytes} bytes]" if cut else "")

    async def _read(self, proc: asyncio.subprocess.Process) -> tuple[bytes, bool]:
        buf = bytearray()
        while chunk := await proc.stdout.read(65536):
            buf += chunk
            if len(buf) > self.output_bytes:
                _kill_group(proc)
                return bytes(buf[: self.output_bytes]), True
        return bytes(buf), False


def _kill_group(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)


async def _reap(proc: asyncio.subprocess.Process) -> None:
    """Wait for the killed process even when the caller is being cancelled (no zombie)."""
    if proc.returncode is None:
        await asyncio.shield(proc.wait())


def shell_tool(shell: Shell) -> Tool:
    async def run(a: dict[str, Any], ctx: CallContext) -> str:
        command = arg(a, "command", "string", "shell")
        args = arg(a, "args", "array", "shell", [])
        if not all(isinstance(x, str) for x in args):
            raise ToolRefused("shell", "args must be a list of strings")
        return await shell.run([command, *args], ctx.namespace)

    allowed = "; ".join(" ".join(r.argv) + (" ..." if r.more else "") for r in shell.rules)
    return Tool("shell", f"Run an allowed command (no shell syntax). Allowed: {allowed or 'none'}.",
                params({"command": {"type": "string"}, "args": {"type": "array", "items": {"type": "string"}}},
                       ("command",)), run=run, side_effects=True)
