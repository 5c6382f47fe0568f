"""The local model in a child process of its own (``local_runner = "process"``).

In the daemon's own process llama.cpp and llama-cpp-python hold about 80 MiB besides the
model's file pages and KV cache (its package's modules, the vocabulary, the loading thread's
allocations, the compute buffers) for as long as the daemon runs, and a crash in it (an
abort in ggml, the kernel's OOM killer) takes every session's memory with it. ``RunnerBackend``
keeps the same ``LocalBackend`` in a child process (``python -m edge_agent.backends.runner``)
and talks to it over its stdin and stdout, one JSON object per line:

    daemon -> runner  {"id": 1, "op": "complete", "messages": [...], "max_tokens": 256, ...}
                      {"id": 2, "op": "cancel", "target": 1}        {"id": 3, "op": "load"}
    runner -> daemon  {"id": 1, "delta": "..."}   {"id": 1, "done": {...}}
                      {"id": 1, "error": {"type": "ContextOverflowError", "message": "..."}}

What stays in the daemon is the model's header (shape, template) and its vocabulary as a
packed table mapped read-only (``gguf_vocab.py``), for counting prompts. The runner exits
when its stdin closes (the daemon is gone) and asks the kernel to kill it before the daemon
when memory runs out (``oom_score_adj``). ``unload`` (the watchdog under pressure, or
``keep_alive_s`` without a request) ends the process: every byte it held returns to the
board, which a model closed in the daemon's own heap does not do. A runner that died is
reported as ``BackendUnavailable`` (the router falls back to the cloud where there is one)
and started again at the next request.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import json
import logging
import os
import sys
from collections.abc import Sequence
from typing import Any

from edge_agent import _compat, errors
from edge_agent.backends.base import Completion, OnDelta, Usage
from edge_agent.backends.local import LocalBackend, LocalTokenizer
from edge_agent.errors import BackendUnavailable
from edge_agent.toolcalls import ToolSpec

log = logging.getLogger("edge_agent.runner")

LINE_LIMIT = 64 << 20       # a request's messages may be long; a line is one message
STOP_GRACE_S = 5.0          # after SIGTERM, before SIGKILL
CANCEL_GRACE_S = 10.0       # a cancelled generation stops between tokens; a runner that does not is killed
OOM_SCORE_ADJ = 500         # the kernel's OOM killer takes the runner before the daemon


class PackedTokenizer(LocalTokenizer):
    """The model's vocabulary for counting, from the packed table when it reproduces llama.cpp
    (else llama.cpp's ``vocab_only`` load, as ``LocalTokenizer``)."""

    def __init__(self, path) -> None:
        super().__init__(path)
        self._packed: Any = None
        self._tried = False

    def packed(self) -> Any:
        with self._lock:
            if not self._tried:
                from edge_agent.backends import gguf_vocab

                self._packed, self._tried = gguf_vocab.counter(self.path), True
            return self._packed

    def __call__(self, text: str) -> int:
        if not text:
            return 0
        counter = self.packed()
        return counter(text) if counter is not None else super().__call__(text)


def _error(exc: BaseException) -> dict[str, Any]:
    attrs = {k: v for k, v in vars(exc).items() if isinstance(v, (str, int, float, bool, type(None)))}
    return {"type": type(exc).__name__, "message": str(exc), "attrs": attrs}


def _raise(report: dict[str, Any]) -> None:
    """The runner's error as the daemon's exception of the same type (edge_agent.errors)."""
    cls = getattr(errors, str(report.get("type")), None)
    message = str(report.get("message") or "the model process failed")
    if not (isinstance(cls, type) and issubclass(cls, errors.EdgeAgentError)):
        raise BackendUnavailable("local", f"the model process failed: {report.get('type')}: {message}")
    exc = cls.__new__(cls)
    Exception.__init__(exc, message)
    for key, value in (report.get("attrs") or {}).items():
        with contextlib.suppress(AttributeError):
            setattr(exc, key, value)
    raise exc


def _completion(data: dict[str, Any]) -> Completion:
    usage = Usage(**data.pop("usage"))
    return Completion(**data, usage=usage)


class RunnerBackend(LocalBackend):
    """``LocalBackend``'s interface, the model in a child process (see the module's text)."""

    def __init__(self, model_path=None, *, keep_alive_s: float = 0.0, **kwargs: Any) -> None:
        super().__init__(model_path, **kwargs)
        self.tokenizer = PackedTokenizer(self.path)
        self.keep_alive_s = keep_alive_s
        self._options = {"model_path": str(self.path), "n_ctx": self.n_ctx, "n_threads": self.n_threads,
                         "n_batch": self.n_batch, "timeouts": dataclasses.asdict(self.timeouts),
                         "margin_bytes": self.margin_bytes, "sampling": kwargs.get("sampling"),
                         "kv_cache": self.kv_cache}
        self._proc: asyncio.subprocess.Process | None = None
        self._ending: asyncio.subprocess.Process | None = None    # being stopped on purpose
        self._reader: asyncio.Task | None = None
        self._waiting: dict[int, asyncio.Queue] = {}
        self._ids = itertools.count(1)
        self._model_loaded = False
        self._idle: asyncio.TimerHandle | None = None
        self.exits = 0               # runners that ended without being asked to

    # -- the process ---------------------------------------------------------------------------
    @property
    def loaded(self) -> bool:
        return self._proc is not None and self._proc.returncode is None and self._model_loaded

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None and self._proc.returncode is None else None

    def rss_bytes(self) -> int:
        """The model's process's RSS (0 while there is none)."""
        pid = self.pid
        if pid is None:
            return 0
        import psutil

        try:
            return psutil.Process(pid).memory_info().rss
        except psutil.Error:
            return 0

    def pack_job(self) -> tuple[str, Any, Any] | None:
        """The vocabulary's packing as a ``packing.prepack`` job, when it is not packed yet."""
        from edge_agent import bpe
        from edge_agent.backends import gguf_vocab

        if os.environ.get("EDGE_AGENT_TOKENIZER_PACKED", "1") == "0":
            return None
        key = "gguf-" + gguf_vocab._key(self.path)   # noqa: SLF001
        dest = bpe.cache_root() / f"{key}.bpe"
        if dest.is_file() or (bpe.cache_root() / f"{key}.unpackable").is_file():
            return None
        return "edge_agent.backends.gguf_vocab", self.path, dest

    async def _start(self) -> None:
        if self._proc is not None and self._proc.returncode is None:
            return
        self._proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "edge_agent.backends.runner", stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, limit=LINE_LIMIT)
        self._model_loaded = False
        self._send({"op": "options", "options": self._options})
        self._reader = asyncio.get_running_loop().create_task(self._read(self._proc), name="edge-agent-runner-read")

    async def _read(self, proc: asyncio.subprocess.Process) -> None:
        """Deliver the runner's lines to their requests; when it ends, fail what still waits."""
        assert proc.stdout is not None
        try:
            while line := await proc.stdout.readline():
                try:
                    reply = json.loads(line)
                except ValueError:
                    log.warning("the model process wrote a line that is not JSON: %r", line[:120])
                    continue
                queue = self._waiting.get(reply.get("id"))
                if queue is not None:
                    queue.put_nowait(reply)
        finally:
            status = await proc.wait()
            if proc is self._proc and proc is not self._ending:
                self._proc, self._model_loaded = None, False
                self.exits += 1
                log.warning("the model process %d exited with status %s", proc.pid, status)
            gone = {"type": "BackendUnavailable", "message": f"local: the model process exited (status {status})"}
            for queue in self._waiting.values():
                queue.put_nowait({"error": gone})

    def _send(self, request: dict[str, Any]) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        self._proc.stdin.write(json.dumps(request).encode() + b"\n")   # ASCII: any str crosses intact

    async def _call(self, request: dict[str, Any], on_delta: OnDelta | None = None) -> dict[str, Any]:
        """Send one request and wait for its answer, passing its deltas on."""
        await self._start()
        rid = next(self._ids)
        queue: asyncio.Queue = asyncio.Queue()
        self._waiting[rid] = queue
        try:
            self._send({**request, "id": rid})
            while True:
                reply = await queue.get()
                if "delta" in reply:
                    if on_delta is not None:
                        on_delta(reply["delta"])
                elif "error" in reply:
                    _raise(reply["error"])
                else:
                    return reply.get("done") or {}
        except asyncio.CancelledError:
            await asyncio.shield(self._cancel(rid, queue))
            raise
        finally:
            self._waiting.pop(rid, None)

    async def _cancel(self, rid: int, queue: asyncio.Queue) -> None:
        """Stop request ``rid`` in the runner and wait until it has (or end the runner)."""
        proc = self._proc
        if proc is None or proc.returncode is not None:
            return
        with contextlib.suppress(ConnectionError, RuntimeError):
            self._send({"op": "cancel", "target": rid, "id": 0})
        try:
            async with _compat.timeout(CANCEL_GRACE_S):
                while True:
                    reply = await queue.get()
                    if "delta" not in reply:
                        return
        except TimeoutError:
            log.warning("the model process did not stop a cancelled request within %g s: ending it", CANCEL_GRACE_S)
            await self._stop()

    async def _stop(self) -> None:
        proc, self._ending, self._model_loaded = self._proc, self._proc, False
        if proc is None:
            return
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), STOP_GRACE_S)
            except asyncio.TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
                await proc.wait()
        if self._reader is not None:
            await self._reader
            self._reader = None
        self._proc = self._ending = None

    # -- LocalBackend's interface ---------------------------------------------------------------
    async def load(self) -> None:
        await self._call({"op": "load"})
        self._model_loaded = True

    async def unload(self) -> None:
        """End the runner: the weights, the KV cache and everything llama.cpp held go back."""
        async with self._lock:
            self._disarm()
            await self._stop()

    async def aclose(self) -> None:
        await self.unload()
        self._pool.shutdown(wait=True)

    async def complete(self, messages: Sequence[dict[str, Any]], *, max_tokens: int = 512,
                       temperature: float | None = None, stream: bool = False,
                       on_delta: OnDelta | None = None, tools: ToolSpec | None = None) -> Completion:
        spec = None if tools is None else {"tools": list(tools.tools), "choice": tools.choice,
                                           "parallel": tools.parallel}
        request = {"op": "complete", "messages": list(messages), "max_tokens": max_tokens,
                   "temperature": temperature, "stream": stream, "tools": spec}
        async with self._lock:
            self._disarm()
            try:
                done = await self._call(request, on_delta)
            finally:
                self._arm()
        self._model_loaded = True
        return _completion(done)

    def _disarm(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None

    def _arm(self) -> None:
        """End the runner after ``keep_alive_s`` without a request (0: keep it)."""
        if self.keep_alive_s > 0 and self._proc is not None:
            loop = asyncio.get_running_loop()
            self._idle = loop.call_later(self.keep_alive_s, lambda: loop.create_task(self._expire()))

    async def _expire(self) -> None:
        if self._lock.locked():
            return
        log.info("the local model was idle for %g s: its process ends", self.keep_alive_s)
        await self.unload()


# -- the runner's side ---------------------------------------------------------------------------

class _Runner:
    def __init__(self, out) -> None:
        self.backend: LocalBackend | None = None
        self.tasks: dict[int, asyncio.Task] = {}
        self.out = out

    def write(self, reply: dict[str, Any]) -> None:
        self.out.write(json.dumps(reply).encode() + b"\n")
        self.out.flush()

    def options(self, options: dict[str, Any]) -> None:
        from edge_agent.backends.base import Timeouts

        options = dict(options)
        timeouts = Timeouts(**options.pop("timeouts"))
        self.backend = LocalBackend(options.pop("model_path"), timeouts=timeouts, **options)

    async def run(self, request: dict[str, Any]) -> None:
        rid = request["id"]
        try:
            assert self.backend is not None, "no options before the first request"
            if request["op"] == "load":
                await self.backend.load()
                self.write({"id": rid, "done": {}})
                return
            spec = request.get("tools")
            tools = None if spec is None else ToolSpec(tuple(spec["tools"]), spec["choice"], spec["parallel"])
            done = await self.backend.complete(
                request["messages"], max_tokens=request["max_tokens"], temperature=request["temperature"],
                stream=request["stream"], tools=tools, on_delta=lambda d: self.write({"id": rid, "delta": d}))
            self.write({"id": rid, "done": dataclasses.asdict(done)})
        except asyncio.CancelledError:
            self.write({"id": rid, "error": {"type": "CancelledError", "message": "cancelled"}})
        except Exception as exc:  # every failure goes back to the daemon, typed
            self.write({"id": rid, "error": _error(exc)})
        finally:
            self.tasks.pop(rid, None)

    def handle(self, request: dict[str, Any]) -> None:
        op = request.get("op")
        if op == "options":
            self.options(request["options"])
        elif op == "cancel":
            task = self.tasks.get(request.get("target"))
            if task is not None:
                task.cancel()
        else:
            self.tasks[request["id"]] = asyncio.get_running_loop().create_task(self.run(request))


async def _serve() -> None:
    # the protocol keeps the real stdout; whatever a library prints goes to stderr
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    runner = _Runner(out)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=LINE_LIMIT)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    try:
        while line := await reader.readline():
            runner.handle(json.loads(line))
    finally:
        for task in list(runner.tasks.values()):
            task.cancel()
        if runner.backend is not None:
            await runner.backend.aclose()


def main() -> int:
    with contextlib.suppress(OSError):
        with open("/proc/self/oom_score_adj", "w") as f:
            f.write(str(OOM_SCORE_ADJ))
    asyncio.run(_serve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
