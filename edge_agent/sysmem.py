"""How much RAM this process may still use: MemAvailable, and the cgroup's own limit.

psutil's ``available`` is the kernel's MemAvailable and ignores cgroup limits; under
systemd's MemoryMax or a container limit the real headroom is the cgroup's limit minus its
usage (v2 ``memory.max``/``memory.current``, v1 ``memory.limit_in_bytes``/``usage_in_bytes``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import psutil

CGROUP_ROOT = Path("/sys/fs/cgroup")
UNLIMITED = 1 << 62


@dataclass(frozen=True, slots=True)
class CgroupMemory:
    path: Path
    version: int
    limit: int   # bytes; UNLIMITED when "max"
    usage: int


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


def own_cgroup(proc_cgroup: Path = Path("/proc/self/cgroup"), root: Path = CGROUP_ROOT) -> CgroupMemory | None:
    """The memory cgroup this process is in, with its limit and usage, if readable."""
    try:
        lines = proc_cgroup.read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        hierarchy, controllers, rel = (line.split(":", 2) + ["", ""])[:3]
        if hierarchy == "0" and controllers == "":           # cgroup v2
            path = root / rel.lstrip("/")
            limit, usage = _read_int(path / "memory.max"), _read_int(path / "memory.current")
            if limit is not None and usage is not None:
                return CgroupMemory(path, 2, limit, usage)
        elif "memory" in controllers.split(","):              # cgroup v1
            path = root / "memory" / rel.lstrip("/")
            limit, usage = _read_int(path / "memory.limit_in_bytes"), _read_int(path / "memory.usage_in_bytes")
            if limit is not None and usage is not None:
                return CgroupMemory(path, 1, limit, usage)
    return None


def available_bytes() -> int:
    """RAM this process can still take: the smaller of MemAvailable and cgroup headroom."""
    available = psutil.virtual_memory().available
    cg = own_cgroup()
    if cg is not None and cg.limit < UNLIMITED:
        available = min(available, max(0, cg.limit - cg.usage))
    return available
