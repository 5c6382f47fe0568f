"""Board profiles: one TOML per board in board_profiles/ (keys in board_profiles/README.md).

A profile states what the board is (RAM, cores, architecture, OS family) and how
edge-agent should run on it (agent memory budget, watchdog watermarks and hold times,
memory strategy and token budgets, local model, sessions in RAM, tool rounds per turn). ``apply`` turns it into
daemon config values; values given explicitly (config file, environment, flags) win.
"""

from __future__ import annotations

import os
from dataclasses import MISSING, asdict, dataclass, fields
from pathlib import Path
from typing import Any

from edge_agent.errors import ConfigError
from edge_agent._compat import SLOTS
from edge_agent._compat import tomllib

PROFILES_DIR = Path(__file__).resolve().parents[2] / "board_profiles"
ARCHES = ("aarch64", "armv7", "x86_64")
OS_FAMILIES = ("openharmony", "linux")
STRATEGY_NAMES = ("full", "fixed", "sliding", "summary", "hybrid")


@dataclass(frozen=True, **SLOTS)
class BoardProfile:
    name: str
    description: str
    ram_mb: int
    cores: int
    arch: str
    os_family: str
    agent_budget_mb: int
    low_watermark_mb: int
    high_watermark_mb: int
    recover_hold_s: float
    min_dwell_s: float
    strategy: str
    max_tokens: int
    reserve_tokens: int
    local_enabled: bool
    n_ctx: int
    n_threads: int
    max_sessions_in_ram: int
    tool_max_iterations: int
    local_model: str = ""
    semantic_recall: str = "auto"

    def validate(self) -> BoardProfile:
        def need(cond: bool, key: str, why: str) -> None:
            if not cond:
                raise ConfigError(f"profile {self.name}: {key} {why}", key=key)

        need(self.arch in ARCHES, "arch", f"must be one of {', '.join(ARCHES)}")
        need(self.os_family in OS_FAMILIES, "os_family", f"must be one of {', '.join(OS_FAMILIES)}")
        need(self.strategy in STRATEGY_NAMES, "strategy", f"must be one of {', '.join(STRATEGY_NAMES)}")
        need(0 < self.agent_budget_mb < self.ram_mb, "agent_budget_mb", "must be below ram_mb")
        need(0 < self.low_watermark_mb < self.high_watermark_mb < self.ram_mb, "high_watermark_mb",
             "needs 0 < low_watermark_mb < high_watermark_mb < ram_mb")
        need(0 < self.n_threads <= self.cores, "n_threads", "must be 1..cores")
        need(0 < self.reserve_tokens < self.max_tokens, "reserve_tokens", "must be below max_tokens")
        need(self.n_ctx >= 256, "n_ctx", "must be at least 256")
        need(self.max_sessions_in_ram >= 1, "max_sessions_in_ram", "must be at least 1")
        need(1 <= self.tool_max_iterations <= 50, "tool_max_iterations", "must be 1..50")
        need(self.semantic_recall in ("auto", "on", "off"), "semantic_recall", "must be auto, on or off")
        return self

    def config_values(self) -> dict[str, Any]:
        """The daemon config keys this profile sets."""
        return {"budget_mb": float(self.agent_budget_mb), "low_watermark_mb": float(self.low_watermark_mb),
                "high_watermark_mb": float(self.high_watermark_mb), "recover_hold_s": self.recover_hold_s,
                "min_dwell_s": self.min_dwell_s, "strategy": self.strategy, "max_tokens": self.max_tokens,
                "reserve_tokens": self.reserve_tokens, "local_enabled": self.local_enabled, "n_ctx": self.n_ctx,
                "n_threads": self.n_threads, "max_sessions_in_ram": self.max_sessions_in_ram,
                "tool_max_iterations": self.tool_max_iterations, "local_model": self.local_model,
                "semantic_recall": self.semantic_recall}

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def profiles_dir() -> Path:
    return Path(os.environ.get("EDGE_AGENT_PROFILES_DIR") or PROFILES_DIR)


def names() -> list[str]:
    return sorted(p.stem for p in profiles_dir().glob("*.toml"))


def load_profile(name_or_path: str) -> BoardProfile:
    """A profile by name (board_profiles/NAME.toml) or by path; unknown keys are errors."""
    path = Path(name_or_path)
    if not path.suffix:
        path = profiles_dir() / f"{name_or_path}.toml"
    if not path.is_file():
        raise ConfigError(f"no board profile {name_or_path!r}; known: {', '.join(names())}", key="profile")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}", key="profile") from exc
    known = {f.name: f for f in fields(BoardProfile)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ConfigError(f"{path.name}: unknown key(s) {', '.join(unknown)}", key=unknown[0])
    missing = sorted(k for k, f in known.items() if k not in data and f.default is MISSING)
    if missing:
        raise ConfigError(f"{path.name}: missing key(s) {', '.join(missing)}", key=missing[0])
    kinds = {"int": int, "float": (int, float), "str": str, "bool": bool}
    for key, value in data.items():
        kind = kinds[known[key].type]
        if isinstance(value, bool) != (known[key].type == "bool") or not isinstance(value, kind):
            raise ConfigError(f"{path.name}: {key} must be {known[key].type}, got {value!r}", key=key)
    return BoardProfile(**data).validate()
