"""A child memory cgroup under this process's own (v1 or v2), for board-RAM emulation.

``ChildCgroup(limit_bytes)`` creates ``<own cgroup>/<name>`` with the memory limit
(v2 ``memory.max``, v1 ``memory.limit_in_bytes``), lets processes join it, reports OOM kills,
and removes it on exit. ``ChildCgroup.possible()`` says whether this machine allows it
(the own cgroup must be writable); where it does not, callers report that the limit was
not enforced instead.
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path

from edge_agent.sysmem import own_cgroup


class CgroupUnavailable(OSError):
    pass


class ChildCgroup:
    def __init__(self, limit_bytes: int, name: str | None = None) -> None:
        own = own_cgroup()
        if own is None:
            raise CgroupUnavailable("no readable memory cgroup for this process")
        self.version = own.version
        self.path = own.path / (name or f"edge-agent-{uuid.uuid4().hex[:8]}")
        self.limit_bytes = limit_bytes

    @classmethod
    def possible(cls) -> bool:
        own = own_cgroup()
        return own is not None and os.access(own.path, os.W_OK)

    def __enter__(self) -> ChildCgroup:
        try:
            self.path.mkdir()
            (self.path / self._limit_file).write_text(str(self.limit_bytes))
        except OSError as exc:
            raise CgroupUnavailable(f"cannot create {self.path}: {exc}") from exc
        return self

    def __exit__(self, *exc) -> None:
        for _ in range(50):  # the members must have exited (or been moved) before rmdir
            try:
                self.path.rmdir()
                return
            except OSError:
                time.sleep(0.1)

    @property
    def _limit_file(self) -> str:
        return "memory.max" if self.version == 2 else "memory.limit_in_bytes"

    @property
    def procs_file(self) -> Path:
        return self.path / "cgroup.procs"

    def add(self, pid: int) -> None:
        self.procs_file.write_text(str(pid))

    def usage(self) -> int:
        name = "memory.current" if self.version == 2 else "memory.usage_in_bytes"
        return int((self.path / name).read_text())

    def oom_kills(self) -> int:
        """OOM kills inside this cgroup so far (v1 kernels without the counter: failcnt of OOM)."""
        name = "memory.events" if self.version == 2 else "memory.oom_control"
        try:
            for line in (self.path / name).read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill":
                    return int(value)
        except OSError:
            pass
        return 0
