"""``device_status``: RAM, swap, CPU load, temperatures, disk, uptime and the watchdog's mode."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import psutil

from edge_agent.board.sysmem import UNLIMITED, own_cgroup
from edge_agent.tools.base import CallContext, Tool, params

THERMAL = Path("/sys/class/thermal")
MiB = 1 << 20


def temperatures(root: Path = THERMAL) -> dict[str, float]:
    """Degrees Celsius by thermal zone type (``cpu-thermal``, ``gpu-thermal``, ...), as the
    kernel reports them in millidegrees; zones that cannot be read are left out."""
    out: dict[str, float] = {}
    for zone in sorted(root.glob("thermal_zone*")):
        try:
            kind = (zone / "type").read_text().strip() or zone.name
            out[kind if kind not in out else f"{kind}/{zone.name}"] = int((zone / "temp").read_text()) / 1000
        except (OSError, ValueError):
            continue
    return out


def status(disk_path: Path, watchdog_mode: str | None = None, thermal: Path = THERMAL) -> dict[str, Any]:
    vm, swap = psutil.virtual_memory(), psutil.swap_memory()
    load1, load5, load15 = os.getloadavg()
    out: dict[str, Any] = {
        "ram_mb": {"total": round(vm.total / MiB), "available": round(vm.available / MiB)},
        "swap_mb": {"total": round(swap.total / MiB), "used": round(swap.used / MiB)},
        "cpu": {"cores": os.cpu_count(), "load_1m": round(load1, 2), "load_5m": round(load5, 2),
                "load_15m": round(load15, 2)},
        "temperature_c": temperatures(thermal),
        "uptime_s": round(time.time() - psutil.boot_time()),
    }
    cg = own_cgroup()
    if cg is not None and cg.limit < UNLIMITED:
        out["cgroup_mb"] = {"limit": round(cg.limit / MiB), "usage": round(cg.usage / MiB)}
    path = next((p for p in (disk_path, *disk_path.parents) if p.exists()), Path("/"))
    du = psutil.disk_usage(str(path))
    out["disk_mb"] = {"path": str(path), "total": round(du.total / MiB), "free": round(du.free / MiB)}
    if watchdog_mode is not None:
        out["watchdog_mode"] = watchdog_mode
    return out


def device_status_tool(disk_path: Path) -> Tool:
    async def run(arguments: dict[str, Any], ctx: CallContext) -> str:
        mode = ctx.watchdog_mode() if ctx.watchdog_mode is not None else None
        return json.dumps(status(disk_path, mode), separators=(",", ":"))

    return Tool("device_status", "The board's RAM, swap, CPU load, temperatures, disk, uptime and memory mode.",
                params(), run=run)
