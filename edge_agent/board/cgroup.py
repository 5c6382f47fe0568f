"""A child memory cgroup under this process's own (v1 or v2), for board-RAM emulation.

``ChildCgroup(limit_bytes)`` creates ``<own cgroup>/<name>`` with the memory limit
(v2 ``memory.max``, v1 ``memory.limit_in_bytes``), lets processes join it, reports OOM kills,
and removes it on exit. ``ChildCgroup.why_not()`` says why this machine does not allow it
(None when it does): it really creates a probe child, sets a limit and reads it back.

On v2 a child only gets a ``memory.max`` when its parent delegates the controller
(``+memory`` in ``cgroup.subtree_control``), and the kernel refuses that while the parent
itself holds processes ("no internal processes"): a process in a leaf cgroup, as under a
systemd service, cannot make its own memory-limited child. Callers then report that the
limit was not enforced, or skip, with the reason.
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path

from edge_agent.board.sysmem import own_cgroup_dir, read_flat_keyed


class CgroupUnavailable(OSError):
    pass


def _delegate_memory_v2(parent: Path) -> None:
    """Make sure ``parent`` hands the memory controller to its children (v2)."""
    try:
        enabled = (parent / "cgroup.subtree_control").read_text().split()
        if "memory" in enabled:
            return
        if "memory" not in (parent / "cgroup.controllers").read_text().split():
            raise CgroupUnavailable(f"{parent}: the memory controller is not available in this v2 hierarchy "
                                    "(bound to a v1 hierarchy, or not delegated by the parent)")
        (parent / "cgroup.subtree_control").write_text("+memory")
    except CgroupUnavailable:
        raise
    except OSError as exc:
        raise CgroupUnavailable(f"{parent}: cannot enable +memory for children ({exc.strerror}); on v2 a "
                                "cgroup that holds processes cannot delegate controllers") from exc


class ChildCgroup:
    def __init__(self, limit_bytes: int, name: str | None = None) -> None:
        own = own_cgroup_dir()
        if own is None:
            raise CgroupUnavailable("no memory cgroup for this process (neither v1 nor v2)")
        self.version, parent = own
        self.path = parent / (name or f"edge-agent-{uuid.uuid4().hex[:8]}")
        self.limit_bytes = limit_bytes

    @classmethod
    def why_not(cls) -> str | None:
        """None when a child memory cgroup with a limit can be made here; else the reason."""
        try:
            with cls(64 << 20, name=f"edge-agent-probe-{uuid.uuid4().hex[:8]}") as probe:
                if int((probe.path / probe._limit_file).read_text()) != 64 << 20:
                    return f"{probe.path}: the memory limit did not hold"
        except (CgroupUnavailable, ValueError) as exc:
            return str(exc)
        return None

    @classmethod
    def possible(cls) -> bool:
        return cls.why_not() is None

    def __enter__(self) -> ChildCgroup:
        if not os.access(self.path.parent, os.W_OK):
            raise CgroupUnavailable(f"{self.path.parent} is not writable by this user")
        if self.version == 2:
            _delegate_memory_v2(self.path.parent)
        try:
            self.path.mkdir()
        except OSError as exc:
            raise CgroupUnavailable(f"cannot create {self.path}: {exc.strerror}") from exc
        try:
            (self.path / self._limit_file).write_text(str(self.limit_bytes))
        except OSError as exc:
            self.path.rmdir()
            raise CgroupUnavailable(f"cannot set {self.path / self._limit_file}: {exc.strerror}") from exc
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
        """OOM kills inside this cgroup so far (0 on v1 kernels that do not count them)."""
        name = "memory.events" if self.version == 2 else "memory.oom_control"
        return read_flat_keyed(self.path / name).get("oom_kill", 0)
