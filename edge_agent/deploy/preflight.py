"""Preflight: what the board is and has, asked over the transport before anything is pushed.

One POSIX shell probe (it runs on toybox/busybox as well as on Debian) reports the kernel's
architecture, the Pythons on the board (the configured one first) with their version,
pointer size and whether they can make a venv, free disk where the release goes, MemTotal
and MemAvailable, the service managers present (systemd running as PID 1, begetctl, a
writable /system/etc/init) and a C compiler. ``check()`` turns these facts into findings:
each failing one names what the board lacks and what to do about it; ``PreflightError``
carries them all, so a deploy stops before it has changed anything on the board.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from typing import Literal

from edge_agent.deploy.transport import DeployError
from edge_agent.board.profiles import BoardProfile

MIN_PYTHON = (3, 9)   # Debian 11; the mcp SDK alone needs 3.10 (MCP servers are refused below it)
MIN_FREE_RAM_MB = 160          # the daemon idles at ~100 MB before a model loads
# uname -m of the kernel -> the profile's arch; armv8l is a 32-bit userland on a 64-bit core
KERNEL_ARCH = {"aarch64": "aarch64", "arm64": "aarch64", "armv7l": "armv7", "armv8l": "armv7",
               "armv7": "armv7", "x86_64": "x86_64", "amd64": "x86_64"}
PY_PROBE = ("import sys,struct,importlib.util as u;"
            "print('%d.%d.%d' % sys.version_info[:3], struct.calcsize('P') * 8,"
            " int(u.find_spec('venv') is not None and u.find_spec('ensurepip') is not None))")


@dataclass
class BoardFacts:
    arch: str = ""                                         # uname -m
    pythons: dict[str, tuple[tuple[int, ...], int, bool]] = field(default_factory=dict)
    disk_free_mb: int | None = None                        # where the install root goes
    root_writable: bool = False
    mem_total_mb: int | None = None
    mem_available_mb: int | None = None
    systemd: bool = False
    begetctl: bool = False
    system_init_writable: bool = False
    compiler: bool = False
    glibc: tuple[int, int] | None = None                   # getconf GNU_LIBC_VERSION (None: not glibc, or unknown)

    def python(self, preferred: str) -> tuple[str, tuple[int, ...], int, bool] | None:
        """The configured Python if it runs, else the newest one found."""
        if preferred in self.pythons:
            return (preferred, *self.pythons[preferred])
        if not self.pythons:
            return None
        path = max(self.pythons, key=lambda p: self.pythons[p][0])
        return (path, *self.pythons[path])


def probe_script(root: str, python: str) -> str:
    q = shlex.quote
    candidates = " ".join(q(p) for p in dict.fromkeys([python, "python3", "python3.13", "python3.12",
                                                        "python3.11", "python3.10", "python3.9", "python"]))
    return f"""echo "arch=$(uname -m)"
for p in {candidates}; do
  if command -v "$p" >/dev/null 2>&1; then
    v=$("$p" -c {q(PY_PROBE)} 2>/dev/null) && echo "python=$p $v"
  fi
done
d={q(root)}; while [ ! -d "$d" ]; do d=$(dirname "$d"); done
echo "disk=$(df -Pk "$d" 2>/dev/null | tail -n 1)"
p="$d/.edge-agent-preflight.$$"; if (: > "$p") 2>/dev/null; then rm -f "$p"; echo root_writable=1; fi
grep -E '^(MemTotal|MemAvailable):' /proc/meminfo 2>/dev/null | sed 's/^/mem=/'
if [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then echo systemd=1; fi
if command -v begetctl >/dev/null 2>&1; then echo begetctl=1; fi
p=/system/etc/init/.edge-agent-preflight.$$; if (: > "$p") 2>/dev/null; then rm -f "$p"; echo system_init_writable=1; fi
if command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1; then echo compiler=1; fi
echo "glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null)"
echo preflight=done
"""


def parse(out: str) -> BoardFacts:
    facts = BoardFacts()
    lines = [line.strip() for line in out.splitlines()]
    if "preflight=done" not in lines:
        raise DeployError("the board's shell did not finish the preflight probe", output=out)
    for line in lines:
        key, _, value = line.partition("=")
        if key == "arch":
            facts.arch = value
        elif key == "python" and len(parts := value.split()) == 4:
            path, version, bits, venv = parts
            facts.pythons[path] = (tuple(int(x) for x in version.split(".")), int(bits), venv == "1")
        elif key == "disk" and len(cols := value.split()) >= 4 and cols[3].isdigit():
            facts.disk_free_mb = int(cols[3]) // 1024
        elif key == "mem" and len(cols := value.split()) >= 2 and cols[1].isdigit():
            setattr(facts, "mem_total_mb" if cols[0] == "MemTotal:" else "mem_available_mb", int(cols[1]) // 1024)
        elif key == "glibc" and (m := re.fullmatch(r"glibc (\d+)\.(\d+).*", value)):
            facts.glibc = (int(m.group(1)), int(m.group(2)))
        elif key in ("root_writable", "systemd", "begetctl", "system_init_writable", "compiler"):
            setattr(facts, key, value == "1")
    return facts


@dataclass(frozen=True)
class Finding:
    check: str
    level: Literal["ok", "warn", "fail"]
    detail: str


def _v(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def _python_findings(board: BoardProfile, facts: BoardFacts, python: str, venv: bool) -> list[Finding]:
    found = facts.python(python)
    need = _v(MIN_PYTHON)
    if found is None:
        if board.os_family == "openharmony":
            how = ("the standard OpenHarmony image ships no Python. Put a Python >= " + need + " built for the "
                   "board's userland on /data (or use an image that has one) and pass --python PATH")
        else:
            how = f"install Python >= {need} (Debian/Ubuntu: apt install python3 python3-venv) or pass --python PATH"
        return [Finding("python", "fail", f"no Python found on the board (looked for {', '.join(dict.fromkeys([python, 'python3']))}, "
                                            f"python3.9-3.13): {how}")]
    path, version, bits, has_venv = found
    out = []
    if version < MIN_PYTHON:
        out.append(Finding("python", "fail", f"{path} is Python {_v(version)}; edge-agent needs >= {need}: "
                                             f"install a newer one and pass --python PATH"))
    else:
        out.append(Finding("python", "ok", f"{path} {_v(version)} ({bits}-bit)"))
    if path != python:
        out.append(Finding("python", "warn", f"{python} is not on the board; {path} would be used: pass --python {path}"))
    if venv and not has_venv:
        out.append(Finding("venv", "fail", f"{path} cannot create a venv (no venv/ensurepip module): "
                                           "Debian/Ubuntu: apt install python3-venv; or deploy with --no-venv"))
    return out


def _manager_findings(facts: BoardFacts, manager: str) -> list[Finding]:
    if manager == "systemd" and not facts.systemd:
        return [Finding("service manager", "fail", "systemd is not running on the board (no /run/systemd/system): "
                                                    "deploy with --manager process")]
    if manager == "ohos":
        if not facts.begetctl:
            return [Finding("service manager", "fail", "no begetctl on the board: this is not an OpenHarmony init; "
                                                        "deploy with --manager process")]
        if not facts.system_init_writable:
            return [Finding("service manager", "fail", "/system is read-only on this image, so the init .cfg cannot "
                                                        "be installed: remount it (hdc target mount) and deploy "
                                                        "again, or deploy with --manager process (started from a "
                                                        "shell; it does not come back after a reboot)")]
    return [Finding("service manager", "ok", manager)]


def check(board: BoardProfile, facts: BoardFacts, *, python: str, manager: str, venv: bool,
          need_disk_mb: int, root: str) -> list[Finding]:
    arch = KERNEL_ARCH.get(facts.arch, facts.arch)
    out: list[Finding] = []
    if arch != board.arch:
        out.append(Finding("arch", "fail", f"the board reports {facts.arch or 'nothing'} but profile {board.name} "
                                           f"is for {board.arch}: deploy with the board's own profile"))
    else:
        out.append(Finding("arch", "ok", facts.arch))
    out += _python_findings(board, facts, python, venv)
    if not facts.root_writable:
        out.append(Finding("disk", "fail", f"cannot write under {root}: choose --root on a writable partition "
                                           "(OpenHarmony: /data)"))
    elif facts.disk_free_mb is not None and facts.disk_free_mb < need_disk_mb:
        out.append(Finding("disk", "fail", f"{facts.disk_free_mb} MiB free under {root}, the release needs "
                                           f"{need_disk_mb} MiB: free some space or choose another --root"))
    else:
        out.append(Finding("disk", "ok", f"{facts.disk_free_mb} MiB free"))
    if facts.mem_available_mb is not None and facts.mem_available_mb < MIN_FREE_RAM_MB:
        out.append(Finding("ram", "fail", f"{facts.mem_available_mb} MiB available; the daemon needs "
                                          f"{MIN_FREE_RAM_MB} MiB before any model: stop other services"))
    elif facts.mem_total_mb is not None and facts.mem_total_mb < 0.8 * board.ram_mb:
        out.append(Finding("ram", "warn", f"the board has {facts.mem_total_mb} MiB, profile {board.name} says "
                                          f"{board.ram_mb} MiB: its budgets may not fit"))
    else:
        out.append(Finding("ram", "ok", f"{facts.mem_available_mb} of {facts.mem_total_mb} MiB available"))
    out += _manager_findings(facts, manager)
    return out


class PreflightError(DeployError):
    """The board lacks something the deploy needs; ``findings`` has every check."""

    def __init__(self, board: str, findings: list[Finding]) -> None:
        failed = [f for f in findings if f.level == "fail"]
        super().__init__(f"board {board} is not ready; nothing was changed on it:\n"
                         + "\n".join(f"  - {f.check}: {f.detail}" for f in failed))
        self.findings = findings


async def preflight(transport, board: BoardProfile, *, root: str, python: str, manager: str, venv: bool,
                    need_disk_mb: int) -> tuple[BoardFacts, list[Finding]]:
    """Probe the board and check it; raises PreflightError when any check fails."""
    _, out = await transport.run(probe_script(root, python), check=False)
    facts = parse(out)
    findings = check(board, facts, python=python, manager=manager, venv=venv, need_disk_mb=need_disk_mb, root=root)
    if any(f.level == "fail" for f in findings):
        raise PreflightError(board.name, findings)
    return facts, findings
