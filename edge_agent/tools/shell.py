"""``shell``: run a command from the allow-list, as an argv, never through a shell.

The model gives ``command`` (the program) and ``args`` (a list); the whole argv must match a
``shell_allow`` entry exactly, or start with an entry that ends in ``*``. A rule's typed slots
admit one argument each, checked before anything runs: ``<path>`` a relative path that stays
inside the workspace (resolved, symlinks followed), ``<int>`` a number, ``<word>`` a plain
name; none admits a word starting with ``-``. ``"ls -la <path>"`` is the confining form of
``"ls *"``. Arguments reach the
program as they are: ``$(...)``, ``;``, ``|``, globs and quotes mean nothing (no shell ever
sees them). A ``*`` rule hands the program every further argument, so those arguments may not
name a place outside the workspace (an absolute path, ``~``, a ``..`` segment), and where the
kernel has Landlock the program cannot reach one anyway (below).

Every call runs through the launcher (tools/_jail.py): in the workspace (its token's own, with
auth tokens), a minimal environment, no standard input, in its own session. Where the kernel
has Landlock (Linux >= 5.13) the program may read and execute only the system directories
(``/usr``, ``/etc``, ``/proc``, ... none that holds the daemon's state) and read and write only
its workspace: the state directory, the at-rest key and other tokens' files are refused by the
kernel whatever the program is (``find -exec``, an interpreter). ``SANDBOX`` says what this
kernel gives. At the timeout, or when the daemon dies, the launcher kills every process the
call started, however it detached; nothing outlives the call. Output (stdout and stderr
together) is read up to a cap; past it the program is killed and the output marked.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from pathlib import Path
from typing import Any

from edge_agent.errors import ToolRefused, ToolTimeout
from edge_agent.tools.base import CallContext, Tool, arg, params
from edge_agent.tools import _jail
from edge_agent.tools.files import tenant_dir
from edge_agent.tools.settings import SLOTS_ADMIT, ShellRule
from edge_agent import _compat

ENV_KEEP = ("PATH", "LANG", "LC_ALL", "TZ")
JAIL = Path(_jail.__file__)
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/proc", "/sys",
               "/system", "/vendor")                     # the last two: OpenHarmony's
DEVICES = ("/dev/null", "/dev/zero", "/dev/random", "/dev/urandom")
GRACE_S = 2.0        # the launcher's time to kill what the call started, after the timeout
# a place outside the workspace inside an argument: an absolute path or ~ at a word's start,
# or a ".." segment
OUTSIDE = re.compile(r"(?:^|[\s=:,'\"(])[/~]|(?:^|[/\\\s=:,'\"(])\.\.(?:$|[/\\\s'\")])")
SANDBOX = f"landlock v{_jail.landlock_abi()}" if _jail.landlock_abi() else "none (no Landlock in this kernel)"


class Shell:
    def __init__(self, rules: list[ShellRule], cwd: Path, timeout_s: float = 60.0, output_bytes: int = 64_000,
                 protect: tuple[Path, ...] = ()) -> None:
        self.rules = rules
        self.cwd = cwd
        self.timeout_s = timeout_s
        self.output_bytes = output_bytes
        # no system directory is granted that holds the state directory or the workspaces
        kept = [Path(p).resolve() for p in (*protect, cwd)]
        self.read_only = [d for d in SYSTEM_DIRS if os.path.isdir(d)
                          and not any(k == Path(d).resolve() or Path(d).resolve() in k.parents for k in kept)]

    def allowed(self, argv: list[str]) -> bool:
        return any(rule.allows(argv) for rule in self.rules)

    def check(self, argv: list[str], cwd: Path | None = None) -> None:
        """ToolRefused unless a rule admits ``argv``: its typed slots filled as they say (a
        ``<path>`` also resolved inside ``cwd``, symlinks followed), and the free arguments of
        a ``*`` rule inside the workspace too."""
        refusals = [(r, r.refusal(argv)) for r in self.rules]
        rules = [r for r, why in refusals if why is None]
        if not rules:
            reason = next((why for _, why in refusals if why), None)
            if reason:
                raise ToolRefused("shell", f"{argv!r}: {reason}")
            allowed = ", ".join(map(str, self.rules)) or "nothing"
            raise ToolRefused("shell", f"{argv!r} is not allowed (allowed: {allowed})")
        if cwd is not None and not any(self._paths_inside(r, argv, cwd) for r in rules):
            raise ToolRefused("shell", f"{argv!r}: a <path> leads outside the workspace (a symlink)")
        if all(r.more for r in rules):
            free = argv[min(len(r.argv) for r in rules):]
            outside = [a for a in free if OUTSIDE.search(a)]
            if outside:
                raise ToolRefused("shell", f"{outside[0]!r}: arguments may not name a place outside the "
                                           "workspace (an absolute path, ~ or '..')")

    @staticmethod
    def _paths_inside(rule: ShellRule, argv: list[str], cwd: Path) -> bool:
        root = cwd.resolve()
        for want, got in zip(rule.argv, argv):
            if want == "<path>":
                real = Path(os.path.realpath(cwd / got))
                if real != root and root not in real.parents:
                    return False
        return True

    async def run(self, argv: list[str], namespace: str = "") -> str:
        cwd = tenant_dir(self.cwd, namespace)
        cwd.mkdir(parents=True, exist_ok=True)
        self.check(argv, cwd)
        tmp = cwd / ".tmp"                 # the one writable place: temp files and HOME go there too
        tmp.mkdir(exist_ok=True)
        env = {k: os.environ[k] for k in ENV_KEEP if k in os.environ} | {"TMPDIR": str(tmp), "HOME": str(cwd)}
        grants = [arg for d in self.read_only for arg in ("--ro", d)] + ["--rw", str(cwd)] + \
                 [arg for d in DEVICES for arg in ("--rw", d)]
        try:
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-I", "-S", str(JAIL), *grants, "--", *argv, stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, cwd=cwd, env=env,
                start_new_session=True)
        except OSError as exc:
            raise ToolRefused("shell", f"cannot start the launcher: {exc.strerror}") from exc
        try:
            async with _compat.timeout(self.timeout_s) as deadline:
                out, cut = await self._read(proc)
                code = await proc.wait()
        except TimeoutError as exc:
            if deadline.expired():
                raise ToolTimeout("shell", self.timeout_s) from exc
            raise
        finally:
            await _end(proc)
        text = out.decode("utf-8", errors="replace")
        if code == 127 and text.startswith("cannot run "):
            raise ToolRefused("shell", text.strip())
        return f"exit {code}\n{text}" + (f"\n[output cut at {self.output_bytes} bytes]" if cut else "")

    async def _read(self, proc: asyncio.subprocess.Process) -> tuple[bytes, bool]:
        buf = bytearray()
        while chunk := await proc.stdout.read(65536):
            buf += chunk
            if len(buf) > self.output_bytes:
                proc.terminate()            # the launcher kills the program and all it started
                while await proc.stdout.read(65536):
                    pass                    # to the end of the pipe: asyncio's wait() needs it closed
                return bytes(buf[: self.output_bytes]), True
        return bytes(buf), False


def _kill_group(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)


async def _end(proc: asyncio.subprocess.Process) -> None:
    """The launcher asked to kill everything the call started (SIGTERM), given GRACE_S, then
    its group killed; waited for even when the caller is being cancelled (no zombie)."""
    if proc.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            proc.terminate()
        with contextlib.suppress(TimeoutError, asyncio.TimeoutError):
            await asyncio.shield(asyncio.wait_for(asyncio.shield(proc.wait()), GRACE_S))
        _kill_group(proc)
        await asyncio.shield(proc.wait())


def shell_tool(shell: Shell) -> Tool:
    async def run(a: dict[str, Any], ctx: CallContext) -> str:
        command = arg(a, "command", "string", "shell")
        args = arg(a, "args", "array", "shell", [])
        if not all(isinstance(x, str) for x in args):
            raise ToolRefused("shell", "args must be a list of strings")
        return await shell.run([command, *args], ctx.namespace)

    allowed = "; ".join(" ".join(r.argv) + (" ..." if r.more else "") for r in shell.rules)
    slots = "; ".join(f"{k} is {v}" for k, v in SLOTS_ADMIT.items() if any(k in r.argv for r in shell.rules))
    return Tool("shell", f"Run an allowed command (no shell syntax). Allowed: {allowed or 'none'}."
                         + (f" In these, {slots}." if slots else ""),
                params({"command": {"type": "string"}, "args": {"type": "array", "items": {"type": "string"}}},
                       ("command",)), run=run, side_effects=True)
