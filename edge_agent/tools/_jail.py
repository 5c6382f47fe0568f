"""The shell tool's launcher: run one program confined, and let nothing it starts outlive it.

Run as its own small process (``python -I -S _jail.py [--rw DIR] [--ro PATH]... -- ARGV``;
``--no-sandbox`` instead of the paths: only the process-tree part, as for MCP servers),
standard library only, so that nothing of the daemon (threads, locks, open files) is in the
child between fork and exec:

- it becomes a child subreaper (PR_SET_CHILD_SUBREAPER) and asks for SIGTERM when the daemon
  dies (PR_SET_PDEATHSIG), then forks the program;
- the program, before exec, sets no_new_privs and, where the kernel has Landlock (Linux >=
  5.13), restricts itself to reading and executing the ``--ro`` paths and to reading and
  writing the ``--rw`` directory; everything else on the filesystem (the daemon's state
  directory, its key, other tokens' workspaces) is refused by the kernel, whatever the
  arguments say. A granted ``/proc`` is narrowed to PROC_FILES and the program's own
  /proc/PID: another process's /proc/PID/environ (the daemon's keys) stays unreadable;
- when the program exits, or this launcher gets SIGTERM (the call's timeout, the daemon's
  death), every process left below it - reparented here, however it detached (setsid, a
  double fork, ``&``) - is killed with SIGKILL and reaped, then the launcher exits with the
  program's status (128 + signal when killed).

The first line on stderr when Landlock cannot be applied is not written: the daemon probes
the kernel itself (``landlock_abi``) and reports the sandbox in ``edge-agent info``.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG, PR_SET_NO_NEW_PRIVS, PR_SET_CHILD_SUBREAPER = 1, 38, 36
SYS_CREATE, SYS_ADD_RULE, SYS_RESTRICT = 444, 445, 446   # the same on x86_64, aarch64 and arm
RULE_PATH_BENEATH = 1
EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
FILE_ONLY = EXECUTE | WRITE_FILE | READ_FILE | (1 << 14) | (1 << 15)   # rights a rule on a file may hold
# what of /proc a program may read when "/proc" is granted: the system-wide files that
# uptime, free, df, top and the like read, and its own /proc/PID; never another process's
# directory (Landlock's ptrace scoping does not cover reading /proc/PID/environ)
PROC_FILES = ("uptime", "loadavg", "meminfo", "stat", "cpuinfo", "version", "filesystems", "swaps",
              "partitions", "diskstats", "vmstat", "pressure", "sys", "net", "mounts")


def _libc():
    return ctypes.CDLL(None, use_errno=True)


def landlock_abi() -> int:
    """The kernel's Landlock ABI version, 0 without Landlock."""
    libc = _libc()
    libc.syscall.restype = ctypes.c_long
    version = libc.syscall(ctypes.c_long(SYS_CREATE), None, ctypes.c_size_t(0), ctypes.c_uint32(1))
    return max(0, int(version))


def _handled(abi: int) -> int:
    bits = 13 + (abi >= 2) + (abi >= 3)          # v1: 13 rights; v2 REFER; v3 TRUNCATE
    return ((1 << bits) - 1) | ((1 << 15) if abi >= 5 else 0)   # v5 IOCTL_DEV


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def confine(read_only: list[str], read_write: list[str]) -> int:
    """Landlock this process to the paths given; returns the ABI used (0: none to use)."""
    libc = _libc()
    libc.syscall.restype = ctypes.c_long
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return 0
    abi = landlock_abi()
    if abi < 1:
        return 0
    handled = _handled(abi)
    attr = ctypes.c_uint64(handled)
    ruleset = libc.syscall(ctypes.c_long(SYS_CREATE), ctypes.byref(attr), ctypes.c_size_t(8), ctypes.c_uint32(0))
    if ruleset < 0:
        return 0
    for paths, rights in ((read_only, EXECUTE | READ_FILE | READ_DIR), (read_write, handled)):
        for path in paths:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue
            allowed = rights if os.path.isdir(path) else rights & FILE_ONLY
            rule = _PathBeneath(allowed & handled, fd)
            libc.syscall(ctypes.c_long(SYS_ADD_RULE), ctypes.c_int(ruleset), ctypes.c_int(RULE_PATH_BENEATH),
                         ctypes.byref(rule), ctypes.c_uint32(0))
            os.close(fd)
    done = libc.syscall(ctypes.c_long(SYS_RESTRICT), ctypes.c_int(ruleset), ctypes.c_uint32(0))
    os.close(ruleset)
    if done != 0:
        raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
    return abi


def _descendants() -> list[int]:
    """Processes whose parent is this launcher (orphans below it are reparented here)."""
    me, found = os.getpid(), []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as f:
                    stat = f.read()
            except OSError:
                continue
            if int(stat[stat.rindex(b")") + 2:].split()[1]) == me:
                found.append(int(name))
    return found


def _kill_all() -> None:
    """SIGKILL everything below, reap it, until nothing is left."""
    while True:
        left = _descendants()
        if not left:
            return
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for pid in left:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass


def _which(name: str) -> str:
    if "/" in name:
        return name
    for folder in os.environ.get("PATH", os.defpath).split(os.pathsep):
        path = os.path.join(folder, name)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.realpath(path)
    raise FileNotFoundError(2, "not found on PATH")


def _expand_proc(paths: list[str]) -> list[str]:
    """``paths`` with "/proc" replaced by PROC_FILES and this process's own /proc/PID."""
    if "/proc" not in paths:
        return paths
    own = [f"/proc/{name}" for name in PROC_FILES] + [f"/proc/{os.getpid()}"]
    return [p for p in paths if p != "/proc"] + own


def _exec(argv: list[str], read_only: list[str], read_write: list[str], sandbox: bool = True) -> None:
    """In the forked child: confine, then become the program (never returns)."""
    try:
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGPIPE):
            signal.signal(sig, signal.SIG_DFL)
        program = _which(argv[0])           # found before confining: PATH may name refused places
        if sandbox:
            confine(_expand_proc(read_only), read_write)
        os.execv(program, argv)
    except OSError as exc:
        os.write(2, f"cannot run {argv[0]!r}: {exc.strerror}\n".encode())
    os._exit(127)


def main(args: list[str]) -> int:
    split = args.index("--")
    opts, argv = args[:split], args[split + 1:]
    read_only = [opts[i + 1] for i in range(len(opts) - 1) if opts[i] == "--ro"]
    read_write = [opts[i + 1] for i in range(len(opts) - 1) if opts[i] == "--rw"]
    libc = _libc()
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() == 1:          # the daemon died before the line above
        return 137
    signal.signal(signal.SIGTERM, _stop)
    pid = os.fork()
    if pid == 0:
        _exec(argv, read_only, read_write, sandbox="--no-sandbox" not in opts)
    status = None
    try:
        _, status = os.waitpid(pid, 0)
    except _Stopped:
        pass
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    _kill_all()
    if status is None:
        return 137
    code = os.waitstatus_to_exitcode(status)
    return code if code >= 0 else 128 - code


class _Stopped(Exception):
    pass


def _stop(*_) -> None:
    raise _Stopped


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
