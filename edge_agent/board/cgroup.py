"""A child memory cgroup under this process's own (v1 or v2), for board-RAM emulation.

``ChildCgroup(limit_bytes)`` creates ``<own cgroup>/<name>`` with the memory limit
(v2 ``memory.max``, v1 ``memory.limit_in_bytes``), lets processes join it, reports OOM kills,
and removes it on exit. ``ChildCgroup.why_not()`` says why this machine does not allow it
(None when it does): it really creates a probe child, sets a limit and reads it back.

On v2 a child only gets a ``memory.max`` when its parent delegates the controller
(``+memory`` in ``cgroup.subtree_control``), and the kernel refuses that while the parent
itself holds processes ("no internal processes"): a process in a leaf cgroup, as under a
systemd service or in a container, cannot make its own memory-limited child. The child is
then made one level up, or higher: the nearest writable ancestor that delegates memory (or
can be made to: the hierarchy's root always can), so a test or a profile run gets its own
delegated subtree wherever the user may write one. Where none can, callers report that the
limit was not enforced, or skip, with the reason of every level tried.
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


def _mount_of(path: Path) -> Path:
    """The v2 hierarchy's mount above ``path`` (the last ancestor with cgroup.controllers)."""
    top = path
    for level in path.parents:
        if not (level / "cgroup.controllers").is_file():
            break
        top = level
    return top


class ChildCgroup:
    def __init__(self, limit_bytes: int, name: str | None = None, own: tuple[int, Path] | None = None,
                 top: Path | None = None) -> None:
        own = own or own_cgroup_dir()
        if own is None:
            raise CgroupUnavailable("no memory cgroup for this process (neither v1 nor v2)")
        self.version, parent = own
        self.name = name or f"edge-agent-{uuid.uuid4().hex[:8]}"
        self.path = parent / self.name
        self.limit_bytes = limit_bytes
        self._top = top   # v2: the highest level to try (the hierarchy's mount; found when None)

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
        if self.version == 2:
            self.path = self._delegating_parent(self.path.parent) / self.name
        elif not os.access(self.path.parent, os.W_OK):
            raise CgroupUnavailable(f"{self.path.parent} is not writable by this user")
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

    def _delegating_parent(self, own: Path) -> Path:
        """The nearest of ``own`` and its ancestors (up to the hierarchy's mount) that is
        writable and hands memory to its children; every level's refusal when none does."""
        top = self._top or _mount_of(own)
        reasons = []
        for level in (own, *own.parents):
            if not os.access(level, os.W_OK):
                reasons.append(f"{level} is not writable by this user")
            else:
                try:
                    _delegate_memory_v2(level)
                    return level
                except CgroupUnavailable as exc:
                    reasons.append(str(exc))
            if level == top:
                break
        raise CgroupUnavailable("; ".join(reasons))

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
