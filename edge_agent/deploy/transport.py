"""How deploy reaches a board: OpenSSH client programs, or Huawei's hdc.

Both run commands, push files and forward a local TCP port to the board, through asyncio
subprocesses. hdc's quirks are handled here: a failure prints a line starting ``[Fail]``
and may still exit 0, output has ``\\r``, ``hdc shell`` does not return the remote exit
status (the command runs as ``(cmd); echo __RC=$?`` and the status is read back), and with several devices and no
``-t`` it answers ``[Fail]ExecuteCommand need connect-key?`` (retried once with the only
target, when there is exactly one).
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import socket
from collections.abc import AsyncIterator
from pathlib import Path

from edge_agent import _compat
from edge_agent.errors import EdgeAgentError


class DeployError(EdgeAgentError):
    def __init__(self, message: str, *, rc: int | None = None, output: str = "") -> None:
        super().__init__(message if not output else f"{message}\n{output.strip()[-2000:]}")
        self.rc = rc
        self.output = output


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _exec(*argv: str, timeout: float = 600) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(*argv, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.STDOUT, stdin=asyncio.subprocess.DEVNULL)
    try:
        out, _ = await asyncio.wait_for(proc.communicate(), timeout)
    except _compat.TIMEOUT_ERRORS:
        proc.kill()
        await proc.wait()
        raise DeployError(f"{argv[0]} did not finish within {timeout:g} s") from None
    return proc.returncode, out.decode("utf-8", errors="replace")


async def _wait_port(port: int, seconds: float = 15) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            await writer.wait_closed()
            return
        except OSError:
            if asyncio.get_running_loop().time() > deadline:
                raise DeployError(f"the forwarded port {port} never opened") from None
            await asyncio.sleep(0.1)


class SSHTransport:
    name = "ssh"

    def __init__(self, host: str, *, port: int = 22, identity: str | None = None,
                 known_hosts: str | None = None) -> None:
        self.host, self.port = host, port
        opts = ["-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=accept-new", "-o", "LogLevel=ERROR"]
        if known_hosts:
            opts += ["-o", f"UserKnownHostsFile={known_hosts}"]
        if identity:
            opts += ["-i", identity, "-o", "IdentitiesOnly=yes"]
        self._opts = opts

    async def run(self, command: str, *, check: bool = True, timeout: float = 600) -> tuple[int, str]:
        rc, out = await _exec("ssh", "-p", str(self.port), *self._opts, self.host, command, timeout=timeout)
        if check and rc != 0:
            raise DeployError(f"ssh {self.host}: {command.split()[0]} failed (exit {rc})", rc=rc, output=out)
        return rc, out

    async def push(self, local: str | Path, remote: str) -> None:
        rc, out = await _exec("scp", "-q", "-P", str(self.port), *self._opts, str(local), f"{self.host}:{remote}")
        if rc != 0:
            raise DeployError(f"scp to {self.host}:{remote} failed (exit {rc})", rc=rc, output=out)

    @contextlib.asynccontextmanager
    async def forward(self, remote_port: int) -> AsyncIterator[int]:
        local = free_port()
        proc = await asyncio.create_subprocess_exec(
            "ssh", "-p", str(self.port), *self._opts, "-N", "-o", "ExitOnForwardFailure=yes",
            "-L", f"127.0.0.1:{local}:127.0.0.1:{remote_port}", self.host,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        try:
            await _wait_port(local)
            yield local
        finally:
            proc.terminate()
            await proc.wait()


class HdcTransport:
    name = "hdc"

    def __init__(self, target: str | None = None, *, hdc: str = "hdc") -> None:
        self.target, self.hdc = target, hdc

    async def targets(self) -> list[str]:
        out = await self._hdc("list", "targets", select=False)
        return [] if out.strip() == "[Empty]" else [line.split()[0] for line in out.splitlines() if line.strip()]

    async def _hdc(self, *args: str, select: bool = True, retried: bool = False, timeout: float = 600) -> str:
        argv = [self.hdc, *(["-t", self.target] if select and self.target else []), *args]
        rc, out = await _exec(*argv, timeout=timeout)
        out = out.replace("\r", "")
        failed = [line for line in out.splitlines() if line.startswith("[Fail]")]
        if failed and "need connect-key" in failed[0] and not retried:
            found = await self.targets()
            if len(found) == 1:
                self.target = found[0]
                return await self._hdc(*args, select=select, retried=True, timeout=timeout)
            raise DeployError(f"hdc sees {len(found)} devices ({', '.join(found) or 'none'}): pass --target")
        if failed or rc != 0:
            raise DeployError(f"hdc {args[0]} failed", rc=rc, output=out)
        return out

    async def run(self, command: str, *, check: bool = True, timeout: float = 600) -> tuple[int, str]:
        out = await self._hdc("shell", f"({command}); echo __RC=$?", timeout=timeout)  # a subshell: `exit` cannot skip the echo
        lines = out.rstrip("\n").splitlines()
        if not lines or not lines[-1].startswith("__RC="):
            raise DeployError("hdc shell returned no exit status", output=out)
        rc, body = int(lines[-1][5:]), "\n".join(lines[:-1])
        if check and rc != 0:
            raise DeployError(f"hdc shell: {shlex.split(command)[0]} failed (exit {rc})", rc=rc, output=body)
        return rc, body

    async def push(self, local: str | Path, remote: str) -> None:
        out = await self._hdc("file", "send", str(local), remote)
        if "FileTransfer finish" not in out:
            raise DeployError(f"hdc file send {local} -> {remote} did not finish", output=out)

    @contextlib.asynccontextmanager
    async def forward(self, remote_port: int) -> AsyncIterator[int]:
        local = free_port()
        rule = (f"tcp:{local}", f"tcp:{remote_port}")
        out = await self._hdc("fport", *rule)
        if "Forwardport result:OK" not in out:
            raise DeployError("hdc fport did not answer OK", output=out)
        try:
            await _wait_port(local)
            yield local
        finally:
            with contextlib.suppress(DeployError):
                await self._hdc("fport", "rm", *rule)
