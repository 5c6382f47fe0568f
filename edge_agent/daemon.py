"""The daemon's lifecycle: ``asyncio.run(Daemon(config).serve())``.

Subsystems are entered in dependency order in an AsyncExitStack and torn down in reverse:
session store -> backends, tools and agent -> watchdog -> HTTP server -> scheduler. SIGTERM/SIGINT only set a
flag: the server stops accepting, in-flight turns get ``shutdown_timeout_s`` to finish,
sessions are flushed and persisted, backends and the store are closed. A second signal
forces an immediate exit. With ``NOTIFY_SOCKET`` set (systemd Type=notify) it sends READY=1,
WATCHDOG=1 every half ``WATCHDOG_USEC``, and STOPPING=1.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import signal
import socket
import time
from contextlib import AsyncExitStack
from pathlib import Path

from aiohttp import web

from edge_agent import __version__, heap, packing, ringbuf, tokens
from edge_agent.agent import Agent
from edge_agent.backends import CircuitBreaker, Router, Timeouts
from edge_agent.backends.cloud import CloudBackend
from edge_agent.config import Config
from edge_agent.errors import ConfigError
from edge_agent.metrics import Metrics
from edge_agent.api.app import make_app
from edge_agent.api.responses import RESPONSES, ResponseStore
from edge_agent.store.sqlite import SQLiteStore, check_state_dir
from edge_agent.tools import build_registry
from edge_agent.tools.runtime import ToolRuntime
from edge_agent.tools.schedules import Scheduler
from edge_agent.tools.settings import builtin_names
from edge_agent.board.watchdog import MiB, Thresholds, Watchdog, take_sample

log = logging.getLogger("edge_agent.daemon")
EXIT_FORCED = 130


def sd_notify(message: str) -> bool:
    """Send ``message`` to systemd's notify socket, if there is one."""
    path = os.environ.get("NOTIFY_SOCKET")
    if not path:
        return False
    address = "\0" + path[1:] if path.startswith("@") else path
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.connect(address)
        sock.sendall(message.encode())
    return True


def build_router(config: Config, resolver=None) -> Router:
    """The configured backends; ``resolver`` (an aiohttp resolver) replaces the system's DNS."""
    timeouts = Timeouts(first_token_s=config.first_token_s, total_s=config.total_s)
    breaker = CircuitBreaker(config.breaker_failures, config.breaker_reset_s)
    cloud = (CloudBackend(config.cloud_url, api_key=config.cloud_api_key or None, model=config.cloud_model,
                          timeouts=timeouts, breaker=breaker, resolver=resolver) if config.cloud_url else None)
    local = None
    if config.local_enabled and config.policy != "cloud_only":
        from edge_agent.backends.local import LocalBackend

        own = Timeouts(first_token_s=config.local_first_token_s or config.first_token_s,
                       total_s=config.local_total_s or config.total_s)
        options = dict(n_ctx=config.n_ctx, n_threads=config.n_threads or None, timeouts=own,
                       sampling=config.local_sampling, kv_cache=config.kv_cache)
        if config.local_runner == "process":
            from edge_agent.backends.runner import RunnerBackend

            local = RunnerBackend(config.local_model or None, keep_alive_s=config.local_keep_alive_s, **options)
        else:
            local = LocalBackend(config.local_model or None, **options)
    return Router(cloud=cloud, local=local, policy=config.policy or None)


def semantic_embedder(mode: str, threads: int = 1, path: str = ""):
    """The shared sentence encoder for recall, or None ("off"; "auto" without the model)."""
    if mode == "off":
        return None
    from edge_agent.memory.encoder_source import EmbedderUnavailable, LazyEncoder

    try:
        return LazyEncoder(threads, Path(path).expanduser() if path else None)
    except EmbedderUnavailable as e:
        if mode == "on":
            raise ConfigError(str(e), key="semantic_recall") from e
        log.warning("semantic recall off: %s", e)
        return None


def multilingual_embedder(mode: str, path: str = ""):
    """The multilingual encoder for Chinese and mixed text, or None ("off"; "auto" without it)."""
    if mode == "off":
        return None
    from edge_agent.memory.encoder_source import EmbedderUnavailable, LazyUse

    try:
        return LazyUse(Path(path).expanduser() if path else None)
    except EmbedderUnavailable as e:
        if mode == "on" or path:   # a folder named in the config must hold the file
            raise ConfigError(str(e), key="zh_encoder_dir" if path else "semantic_recall_zh") from e
        log.info("semantic recall in Chinese off: %s", e)
        return None


def memory_config(config: Config, router: Router | None = None) -> dict:
    """Keyword arguments of every session's memory."""
    memory = {"max_tokens": config.max_tokens, "reserve_tokens": config.reserve_tokens}
    embedder = semantic_embedder(config.semantic_recall, config.encoder_threads, config.encoder_dir)
    if embedder is not None:
        memory["embedder"] = embedder
    zh = multilingual_embedder(config.semantic_recall_zh, config.zh_encoder_dir)
    if zh is not None:
        memory["zh_embedder"] = zh
    if config.low_water:
        memory["low_water"] = config.low_water
    if config.strategy in ("summary", "hybrid"):
        memory |= {"summary_timeout_s": config.summary_timeout_s, "cooldown_s": config.compress_cooldown_s,
                   "summary_token_limit": config.summary_tokens}
        if config.summarizer == "llm":  # on the device's own model when there is one
            from edge_agent.summarize import LLMSummarizer

            memory["summarizer"] = LLMSummarizer(router.backends[-1])
    return memory


def pack_jobs(memory: dict) -> list[tuple[str, Path, Path]]:
    """The packing children the sessions' encoders would start at their first load (English
    first: it is the smaller); a failure to tell is logged and left to that load."""
    jobs = []
    for handle in (memory.get("embedder"), memory.get("zh_embedder")):
        try:
            job = handle.pack_job() if hasattr(handle, "pack_job") else None
        except (OSError, RuntimeError) as exc:
            log.warning("encoder files: not packed ahead (%s)", exc)
            continue
        if job is not None:
            jobs.append(job)
    return jobs


class Daemon:
    def __init__(self, config: Config, resolver=None) -> None:
        self.config = config
        self.resolver = resolver
        self._stop: asyncio.Event | None = None
        self.agent: Agent | None = None
        self.watchdog: Watchdog | None = None
        self.trimmer = heap.Trimmer()   # the watchdog's samples give the heap's free pages back after work
        self.port: int | None = None
        self.scheduler: Scheduler | None = None
        self._signals = 0

    @property
    def stop(self) -> asyncio.Event:
        """Set to shut down. Made at first use, inside the loop: before Python 3.10 an
        asyncio.Event binds to the loop current when it is made, and the CLI makes the daemon
        before asyncio.run() makes the loop that serves it."""
        if self._stop is None:
            self._stop = asyncio.Event()
        return self._stop

    def _on_signal(self) -> None:
        self._signals += 1
        if self._signals > 1:
            log.error("second signal: exiting now")
            os._exit(EXIT_FORCED)
        log.warning("signal received: shutting down (send it again to force)")
        self.stop.set()

    async def serve(self, ready: asyncio.Event | None = None) -> int:
        heap.limit_arenas(self.config.malloc_arenas)   # before the worker threads start
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, self._on_signal)
        try:
            async with AsyncExitStack() as stack:
                await self._start(stack)
                log.info("edge-agent %s listening on http://%s:%s", __version__, self.config.host, self.port)
                sd_notify("READY=1")
                if ready is not None:
                    ready.set()
                await self.stop.wait()
                sd_notify("STOPPING=1")
        finally:
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.remove_signal_handler(sig)
        return 0

    async def _start(self, stack: AsyncExitStack) -> None:
        c = self.config
        store = await self._store()
        stack.push_async_callback(store.aclose)
        self.archive = None
        if c.archive_dsn:
            from edge_agent.store.archive import MySQLArchive

            self.archive = await MySQLArchive(c.archive_dsn).open()
            stack.push_async_callback(self.archive.aclose)
        router = build_router(c, self.resolver)
        metrics = Metrics(live=self._live)
        tools = self._tools(metrics, local_first=router.policy == "local_only")
        if tools is not None:
            stack.push_async_callback(tools.aclose)      # after the agent: a turn's calls finish first
        memory = memory_config(c, router)
        self.agent = agent = Agent(router, strategy=c.strategy, system=c.system,
                                   max_reply_tokens=c.max_reply_tokens, store=store, idle_s=c.idle_s,
                                   queue_per_session=c.queue_per_session, archive=self.archive,
                                   max_sessions=c.max_sessions_in_ram, memory=memory, tools=tools)
        stack.push_async_callback(agent.aclose)
        app = make_app(c, agent, self.status, metrics, lambda: list(self.watchdog.history) if self.watchdog else [])
        self.watchdog = await stack.enter_async_context(self._watchdog(agent, app[RESPONSES]))
        runner = web.AppRunner(app, shutdown_timeout=c.shutdown_timeout_s, access_log=None)
        await runner.setup()
        stack.push_async_callback(runner.cleanup)
        site = web.TCPSite(runner, c.host, c.port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1] if c.port == 0 else c.port  # noqa: SLF001
        if getattr(router.backends[0], "tokenizer", None) is None:   # sessions count with the default tokenizer
            stack.push_async_callback(cancel, loop_task(asyncio.to_thread(tokens.prepare_default), "edge-agent-pack"))
        jobs = [job for b in router.backends if hasattr(b, "pack_job") and (job := b.pack_job())] + pack_jobs(memory)
        if jobs:   # the encoders' files, packed before the first message that needs one
            stack.push_async_callback(cancel, loop_task(packing.prepack(jobs), "edge-agent-prepack"))
        for name, coro in (("janitor", self._janitor(agent, store)), ("sd-watchdog", self._sd_watchdog())):
            task = loop_task(coro, f"edge-agent-{name}")
            stack.push_async_callback(cancel, task)
        if tools is not None and tools.schedules is not None:
            self.scheduler = Scheduler(tools.schedules, self._fire).start()
            stack.push_async_callback(self.scheduler.aclose)   # before the HTTP server and the agent close

    def _tools(self, metrics: Metrics, local_first: bool):
        """The daemon's own tools (None when the config enables none and names no MCP server)."""
        c = self.config
        if not builtin_names(c.tools) and not c.mcp_servers:
            return None
        return ToolRuntime.from_config(c, build_registry(c), metrics.registry, local_first)

    async def _fire(self, schedule) -> None:
        """A schedule's turn: its text as the user's message, in its session."""
        result = await self.agent.scheduled_turn(schedule.session_id, schedule.text)
        log.info("schedule %d answered in its session (%d reply characters)", schedule.id, len(result.reply))

    async def _store(self):
        c = self.config
        if c.redis_url:
            from edge_agent.store.redis import RedisStore

            check_state_dir(c.state_path)   # it holds the at-rest key
            return await RedisStore(c.redis_url, state_dir=c.state_path, ttl_s=c.retention_s,
                                    at_rest=c.at_rest).open()
        return await SQLiteStore(c.state_path, at_rest=c.at_rest, synchronous=c.synchronous).open()

    def _watchdog(self, agent: Agent, responses: ResponseStore) -> Watchdog:
        c = self.config

        async def degrade() -> None:
            agent.set_degraded(True)
            responses.clear()                     # stored Responses API results: the client's to resend
            await agent.evict_idle(idle_s=0)      # idle sessions leave RAM; they stay on disk
            if c.unload_model_on_pressure:
                for backend in agent.router.backends:
                    if hasattr(backend, "unload"):
                        await backend.unload()

        return Watchdog(Thresholds(low_mb=c.low_watermark_mb, high_mb=c.high_watermark_mb,
                                   recover_hold_s=c.recover_hold_s, min_dwell_s=c.min_dwell_s),
                        budget_bytes=int(c.budget_mb * MiB) or None, interval_s=c.watchdog_interval_s,
                        on_degrade=[degrade], on_recover=[lambda: agent.set_degraded(False)],
                        on_sample=[self.trimmer],
                        sampler=functools.partial(take_sample, extra=lambda: model_rss(agent.router)))

    async def _janitor(self, agent: Agent, store: SQLiteStore) -> None:
        while True:
            await asyncio.sleep(min(60.0, self.config.idle_s))
            await agent.evict_idle()
            expired = [x["id"] for x in await store.sessions() if time.time() - x["updated_at"] > self.config.retention_s]
            for sid in expired:  # archived first (fleet), then gone from the live store
                await agent.delete(sid)
            if expired:
                log.info("retention: %d sessions expired", len(expired))

    async def _sd_watchdog(self) -> None:
        usec = int(os.environ.get("WATCHDOG_USEC", "0") or 0)
        if not usec:
            return
        while True:
            sd_notify("WATCHDOG=1")
            await asyncio.sleep(usec / 2e6)

    def _live(self) -> dict[str, float]:
        agent, dog = self.agent, self.watchdog
        done, failed = agent.compression_totals()
        return {"compressions": done, "compression_failures": failed, "fallbacks": agent.router.fallbacks,
                "watchdog_transitions": dog.degrades + dog.recoveries, "sessions": len(agent.sessions)}

    def status(self) -> dict:
        agent = self.agent
        backends = []
        for b in agent.router.backends:
            entry = {"name": b.name}
            if hasattr(b, "breaker"):
                entry |= {"model": b.model, "breaker": b.breaker.state, "failures": b.breaker.failures}
            if hasattr(b, "loaded"):
                entry |= {"model": b.path.name, "loaded": b.loaded, "n_ctx": b.n_ctx,
                          "size_mb": round(b.path.stat().st_size / MiB, 1), "kv_cache": b.kv_cache,
                          "kv_cache_mb": round(b.kv_bytes() / MiB, 1), "runner": "inline"}
            if hasattr(b, "pid"):
                entry |= {"runner": "process", "pid": b.pid, "exits": b.exits, "rss_mb": round(b.rss_bytes() / MiB, 1)}
            backends.append(entry)
        return {"version": __version__, "ring": ringbuf.IMPLEMENTATION, "policy": agent.router.policy,
                "backends": backends, "fallbacks": agent.router.fallbacks, "sessions_in_ram": len(agent.sessions),
                "degraded": agent.degraded, "watchdog": self.watchdog.status(), "heap": self.trimmer.status()}


def model_rss(router: Router) -> int:
    """RSS of the local model's own process, where it has one (the watchdog counts it)."""
    return sum(b.rss_bytes() for b in router.backends if hasattr(b, "rss_bytes"))


def loop_task(coro, name: str) -> asyncio.Task:
    return asyncio.get_running_loop().create_task(coro, name=name)


async def cancel(task: asyncio.Task) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
