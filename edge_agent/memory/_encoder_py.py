"""The int8 encoder's specification in numpy: packing, quantization, products, forward pass.

``edge_agent._encoder`` (native/encoder_core.c) computes the same thing in C without the
GIL; tests/test_encoder_int8.py holds both to this module: ``quantize`` and ``qgemm`` bit for
bit, ``forward`` to float rounding.

The linear layers of the BERT encoder run on int8 weights, each row quantized on its own
(``q = round(w / s)``, ``s = max|row| / 127``), against activations quantized per token to
12 bits the same way (``s = max|row| / 2047``), with exact integer sums: ``out[t, o] = xs[t] * ws[o] * sum_i xq[t, i] * w[o, i] +
bias[o]``. Everything else (LayerNorm, attention, GELU, pooling) stays float32. ``pack``
turns the model file's float tensors into the two arrays the C core reads (its layout is
described at the top of native/encoder_core.c).
"""

from __future__ import annotations

import math

import numpy as np

F32 = np.float32
ACT_MAX = 2047     # activations: 12 bits (BERT's outlier features leave 8 too coarse)
WEIGHT_MAX = 127   # weights: int8


def quantize(x: np.ndarray, top: int = ACT_MAX) -> tuple[np.ndarray, np.ndarray]:
    """Per-row symmetric values in [-top, top] (as int16) and scales of a float32 (rows, cols)
    array; an all-zero row gets scale 1. Rounds half to even (numpy's round, C's nearbyintf)."""
    x = np.ascontiguousarray(x, dtype=F32)
    amax = np.abs(x).max(axis=1)
    s = np.where(amax > 0, amax / F32(top), F32(1.0)).astype(F32)
    return np.round(x / s[:, None]).astype(np.int16), s


def quantize_weight(w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    q, s = quantize(w, WEIGHT_MAX)
    return q.astype(np.int8), s


def qgemm(w: np.ndarray, ws: np.ndarray, bias: np.ndarray, xq: np.ndarray, xs: np.ndarray) -> np.ndarray:
    """(T, O) float32: xs[t] * ws[o] * (xq @ w.T)[t, o] + bias[o]. The sums are formed in
    float64, exact for these sizes (|sum| < 2^31), then rounded to float32 as in C."""
    sums = (xq.astype(np.float64) @ w.astype(np.float64).T).astype(F32)
    return (xs[:, None] * ws[None, :]) * sums + bias[None, :]


def linear_names(layer: int) -> list[list[str]]:
    """The model file's weight names of one layer's four products (query/key/value fused)."""
    p = f"encoder.layer.{layer}."
    return [[p + "attention.self.query", p + "attention.self.key", p + "attention.self.value"],
            [p + "attention.output.dense"], [p + "intermediate.dense"], [p + "output.dense"]]


def pack(w: dict[str, np.ndarray], layers: int) -> tuple[np.ndarray, np.ndarray]:
    """(qw int8, fp float32): every linear layer's quantized weights, and the scales, biases
    and LayerNorm parameters, in the order native/encoder_core.c reads them."""
    qw, fp = [], [w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"]]
    for layer in range(layers):
        p = f"encoder.layer.{layer}."
        norms = {1: p + "attention.output.LayerNorm", 3: p + "output.LayerNorm"}
        for k, names in enumerate(linear_names(layer)):
            q, s = quantize_weight(np.concatenate([w[n + ".weight"] for n in names]))
            qw.append(q.ravel())
            fp += [s, np.concatenate([w[n + ".bias"] for n in names])]
            if k in norms:
                fp += [w[norms[k] + ".weight"], w[norms[k] + ".bias"]]
    return np.concatenate(qw), np.concatenate(fp).astype(F32)


class Packed:
    """The packed arrays cut back into per-layer views (for the numpy forward)."""

    def __init__(self, qw: np.ndarray, fp: np.ndarray, layers: int, dim: int, ffn: int) -> None:
        self.layers, self.dim, self.ffn = layers, dim, ffn
        self.emb_ln = (fp[:dim], fp[dim:2 * dim])
        self.per_layer = []
        qi, fi = 0, 2 * dim
        for _ in range(layers):
            parts = []
            for k, (rows, cols) in enumerate(((3 * dim, dim), (dim, dim), (ffn, dim), (dim, ffn))):
                w = qw[qi:qi + rows * cols].reshape(rows, cols)
                parts.append((w, fp[fi:fi + rows], fp[fi + rows:fi + 2 * rows]))
                qi, fi = qi + rows * cols, fi + 2 * rows
                if k in (1, 3):   # a LayerNorm follows the attention output and the second FFN product
                    parts.append((fp[fi:fi + dim], fp[fi + dim:fi + 2 * dim]))
                    fi += 2 * dim
            self.per_layer.append(parts)


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    x64 = x.astype(np.float64)
    mu = x64.mean(axis=1, keepdims=True)
    var = ((x64 - mu) ** 2).mean(axis=1, keepdims=True)
    inv = (1.0 / np.sqrt(var + 1e-12)).astype(F32)
    return (x64 - mu).astype(F32) * inv * w + b


def _linear(x: np.ndarray, part) -> np.ndarray:
    w, ws, bias = part
    xq, xs = quantize(x)
    return qgemm(w, ws, bias, xq, xs)


def _attention(qkv: np.ndarray, dim: int, heads: int) -> np.ndarray:
    t, hd = qkv.shape[0], dim // heads
    q, k, v = (qkv[:, i * dim:(i + 1) * dim].reshape(t, heads, hd).transpose(1, 0, 2) for i in range(3))
    att = q @ k.transpose(0, 2, 1) * F32(1.0 / math.sqrt(hd))
    att = np.exp(att - att.max(-1, keepdims=True))
    att /= att.sum(-1, keepdims=True)
    return (att @ v).transpose(1, 0, 2).reshape(t, dim)


_ERF_P = [-2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06, -5.69250639462346e-05,
          -7.34990630326855e-04, -2.95459980854025e-03, -1.60960333262415e-02]
_ERF_Q = [-1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03, -7.37332916720468e-03,
          -1.42647390514189e-02]


def erf(v: np.ndarray) -> np.ndarray:
    """erf to 4.2e-7 in float32: a rational function on [-4, 4] (Eigen's float erf), as in C."""
    x = np.clip(v, F32(-4.0), F32(4.0)).astype(F32)
    x2 = x * x
    p, q = np.full_like(x, _ERF_P[0]), np.full_like(x, _ERF_Q[0])
    for c in _ERF_P[1:]:
        p = p * x2 + F32(c)
    for c in _ERF_Q[1:]:
        q = q * x2 + F32(c)
    return x * p / q


def _gelu(x: np.ndarray) -> np.ndarray:
    return F32(0.5) * x * (F32(1.0) + erf(x * F32(1.0 / math.sqrt(2.0))))


def forward(packed: Packed, word: np.ndarray, pos: np.ndarray, type0: np.ndarray, ids, heads: int) -> np.ndarray:
    """The unit vector (float32) of one sequence of token ids."""
    ids = np.asarray(ids, dtype=np.int64)
    x = _layer_norm(word[ids] + pos[:len(ids)] + type0, *packed.emb_ln)
    for qkv_p, out_p, ln1, f1_p, f2_p, ln2 in packed.per_layer:
        x = _layer_norm(x + _linear(_attention(_linear(x, qkv_p), packed.dim, heads), out_p), *ln1)
        x = _layer_norm(x + _linear(_gelu(_linear(x, f1_p)), f2_p), *ln2)
    pooled = x.astype(np.float64).mean(axis=0)
    return (pooled / max(float(np.linalg.norm(pooled)), 1e-12)).astype(F32)
