"""How much RAM this process may still use: MemAvailable, and the cgroup's own limit.

psutil's ``available`` is the kernel's MemAvailable and ignores cgroup limits; under
systemd's MemoryMax or a container limit the real headroom is the cgroup's limit minus its
usage.

cgroup v2 (Debian 12, Raspberry Pi OS, Ubuntu 22.04): ``/proc/self/cgroup`` has one line
``0::/PATH``; the files are under ``/sys/fs/cgroup/PATH`` (``/sys/fs/cgroup/unified`` on a
systemd "hybrid" host). The limit is the tighter of ``memory.max`` and ``memory.high`` (the
kernel throttles and reclaims hard from ``memory.high`` on), and it is hierarchical: a
service with no limit of its own inside a slice with ``MemoryMax`` is bound by the slice.
So every level from the process's cgroup up to the root is read, and the level with the
least headroom (limit - ``memory.current``) is the one reported. ``memory.events``
(``low``, ``high``, ``max``, ``oom``, ``oom_kill``) and ``memory.pressure`` (the PSI of that
cgroup alone) come from the same level. The root cgroup has no ``memory.max``.

cgroup v1 (this project's CI host): ``memory.limit_in_bytes`` and ``memory.usage_in_bytes``
of the process's memory cgroup; ``oom_kill`` from ``memory.oom_control`` where the kernel
counts it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from edge_agent._compat import SLOTS

CGROUP_ROOT = Path("/sys/fs/cgroup")
UNLIMITED = 1 << 62


@dataclass(frozen=True, **SLOTS)
class CgroupMemory:
    path: Path                     # the level whose limit binds (v2), or the process's cgroup (v1)
    version: int
    limit: int                     # bytes; UNLIMITED when "max"
    usage: int
    events: Mapping[str, int] = field(default_factory=dict)   # v2 memory.events; v1 memory.oom_control
    pressure: Path | None = None   # v2 memory.pressure of ``path``, when the kernel has PSI

    @property
    def oom_kills(self) -> int:
        return self.events.get("oom_kill", 0)


def _read_int(path: Path) -> int | None:
    try:
        text = path.read_text().strip()
    except OSError:
        return None
    if text == "max":
        return UNLIMITED
    try:
        value = int(text)
    except ValueError:
        return None
    return UNLIMITED if value >= UNLIMITED else value


def read_flat_keyed(path: Path) -> dict[str, int]:
    """A cgroup "flat keyed" file (``key value`` per line) as a dict; {} when unreadable."""
    try:
        lines = path.read_text().splitlines()
    except OSError:
        return {}
    out: dict[str, int] = {}
    for line in lines:
        key, _, value = line.partition(" ")
        try:
            out[key] = int(value)
        except ValueError:
            continue
    return out


def _v2_level(path: Path) -> CgroupMemory | None:
    usage = _read_int(path / "memory.current")
    limits = [v for v in (_read_int(path / "memory.max"), _read_int(path / "memory.high")) if v is not None]
    if usage is None or not limits:
        return None
    pressure = path / "memory.pressure"
    return CgroupMemory(path, 2, min(limits), usage, read_flat_keyed(path / "memory.events"),
                        pressure if pressure.is_file() else None)


def _v2(rel: str, root: Path) -> CgroupMemory | None:
    """The binding level of the v2 hierarchy from ``rel`` up (see the module docstring)."""
    for mount in (root, root / "unified"):
        if not (mount / "cgroup.controllers").is_file():
            continue
        own = mount / rel.strip("/")
        levels = [lvl for p in (own, *own.parents) if p.is_relative_to(mount) and (lvl := _v2_level(p))]
        if not levels:
            continue
        limited = [lvl for lvl in levels if lvl.limit < UNLIMITED]
        return min(limited, key=lambda lvl: lvl.limit - lvl.usage) if limited else levels[0]
    return None


def _v1(rel: str, root: Path) -> CgroupMemory | None:
    path = root / "memory" / rel.lstrip("/")
    limit, usage = _read_int(path / "memory.limit_in_bytes"), _read_int(path / "memory.usage_in_bytes")
    if limit is None or usage is None:
        return None
    return CgroupMemory(path, 1, limit, usage, read_flat_keyed(path / "memory.oom_control"))


def _entries(proc_cgroup: Path) -> tuple[str | None, str | None]:
    """(v1 memory controller's path, v2 path) from /proc/<pid>/cgroup; None where absent."""
    try:
        lines = proc_cgroup.read_text().splitlines()
    except OSError:
        return None, None
    v1 = v2 = None
    for line in lines:
        hierarchy, controllers, rel = (line.split(":", 2) + ["", ""])[:3]
        if hierarchy == "0" and controllers == "":
            v2 = rel
        elif "memory" in controllers.split(","):
            v1 = rel
    return v1, v2


def own_cgroup_dir(proc_cgroup: Path = Path("/proc/self/cgroup"), root: Path = CGROUP_ROOT) -> tuple[int, Path] | None:
    """(version, directory) of this process's own memory cgroup (not the binding level)."""
    v1, v2 = _entries(proc_cgroup)
    if v1 is not None and (root / "memory" / v1.lstrip("/")).is_dir():
        return 1, root / "memory" / v1.lstrip("/")
    for mount in (root, root / "unified"):
        if v2 is not None and (mount / "cgroup.controllers").is_file():
            return 2, mount / v2.strip("/")
    return None


def own_cgroup(proc_cgroup: Path = Path("/proc/self/cgroup"), root: Path = CGROUP_ROOT) -> CgroupMemory | None:
    """The memory cgroup that limits this process, with its limit and usage, if readable.

    A v1 memory controller wins over a v2 line on a hybrid host (the controller is bound to
    one hierarchy only, and v1's is the one that holds it there)."""
    v1, v2 = _entries(proc_cgroup)
    if v1 is not None and (found := _v1(v1, root)) is not None:
        return found
    return _v2(v2, root) if v2 is not None else None


def available_bytes() -> int:
    """RAM this process can still take: the smaller of MemAvailable and cgroup headroom."""
    available = psutil.virtual_memory().available
    cg = own_cgroup()
    if cg is not None and cg.limit < UNLIMITED:
        available = min(available, max(0, cg.limit - cg.usage))
    return available
