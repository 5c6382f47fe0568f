"""The int8 encoder: the C pass (edge_agent._encoder) against its numpy specification
(memory/_encoder_py.py) and against the float32 encoder; what it refuses; eager passes that
change no result."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import numpy as np
import pytest

from edge_agent.memory import _encoder_py as spec
from edge_agent.memory import create_memory, embed
from edge_agent.messages import Message

from conftest import needs_encoder_wheel

native = pytest.importorskip("edge_agent._encoder", reason="the C encoder is not built")

SENTENCES = ["I ran a charity race last Saturday.", "When did Priya run the charity race?",
             "Bedtime with three small people is a military operation.", "ok",
             "Our landlord finally fixed the boiler, only took three weeks and eleven emails.",
             "Tried to give up rooibos for a week. Lasted a day. " * 20]


@pytest.fixture(scope="module")
def encoders():
    return {impl: embed.Embedder(impl=impl) for impl in ("c", "twin", "numpy")}


def _random(rng, shape, lo, hi, dtype):
    return rng.integers(lo, hi + 1, size=shape).astype(dtype)


@pytest.mark.parametrize("rows,cols", [(1, 16), (3, 384), (13, 1536), (5, 48)])
def test_quantize_is_the_specification_bit_for_bit(rows, cols):
    rng = np.random.default_rng(rows * cols)
    x = (rng.standard_normal((rows, cols)) * rng.uniform(0.01, 50)).astype(np.float32)
    x[0, :8] = [0.5, 1.5, -2.5, 0, 2047, -2047, 1023.5, 3]   # halves that round to even
    if rows > 2:
        x[1] = 0.0                                                # an all-zero row: scale 1
    q, s = np.empty((rows, cols), np.int16), np.empty(rows, np.float32)
    native.quantize(x, rows, cols, q, s)
    want_q, want_s = spec.quantize(x)
    assert np.array_equal(q, want_q) and np.array_equal(s, want_s)
    assert np.abs(q).max() <= spec.ACT_MAX


@pytest.mark.parametrize("O,I,T", [(1, 16, 1), (5, 48, 3), (7, 384, 13), (384, 1536, 6), (2, 8192, 5), (64, 32, 8)])
def test_qgemm_is_the_specification_bit_for_bit(O, I, T):
    """Every kernel (AVX2, NEON, plain C) forms the same exact sums; odd rows and 1-3 tail
    tokens take their own paths."""
    rng = np.random.default_rng(O + I + T)
    w = _random(rng, (O, I), -127, 127, np.int8)
    xq = _random(rng, (T, I), -spec.ACT_MAX, spec.ACT_MAX, np.int16)
    ws = rng.uniform(1e-4, 1e-2, O).astype(np.float32)
    bias = rng.standard_normal(O).astype(np.float32)
    xs = rng.uniform(1e-4, 1e-2, T).astype(np.float32)
    out = np.empty((T, O), np.float32)
    native.qgemm(w, ws, bias, O, I, xq, xs, T, out)
    assert np.array_equal(out, spec.qgemm(w, ws, bias, xq, xs))


def test_the_c_pass_follows_its_specification(encoders):
    c, twin = encoders["c"].encode(SENTENCES), encoders["twin"].encode(SENTENCES)
    assert c.dtype == np.float32 and np.allclose(np.linalg.norm(c, axis=1), 1.0, atol=1e-5)
    # the same integer products; only float rounding around them differs
    assert np.abs(c - twin).max() < 5e-3
    assert ((c * twin).sum(1) > 0.9995).all()


def test_int8_vectors_stay_close_to_the_float32_encoder(encoders):
    c, f32 = encoders["c"].encode(SENTENCES), encoders["numpy"].encode(SENTENCES)
    assert ((c * f32).sum(1) > 0.995).all()                  # each vector
    # aarch64 numpy's OpenBLAS can raise floating-point flags in a correct matmul ("divide by
    # zero encountered in matmul" on the emulated board): the values are what is checked
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
        gap = np.abs(c @ c.T - f32 @ f32.T).max()
    assert gap < 0.02                                        # and the similarities recall uses


def test_cosines_over_int8_rows_match_numpy_and_the_float_vectors():
    rng = np.random.default_rng(7)
    vecs = rng.standard_normal((300, 384)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    vecs[5] = 0
    rows, scales = embed.quantize_rows(vecs)
    assert rows.dtype == np.int8 and scales.dtype == np.float32 and np.abs(rows).max() == 127 and scales[5] == 1
    q = rng.standard_normal(384).astype(np.float32)
    q /= np.linalg.norm(q)
    slots = np.array([299, 0, 5, 17, 17])
    got = embed.cosines(rows, scales, q, slots)
    spec = (rows[slots].astype(np.float64) @ q.astype(np.float64)) * scales[slots]   # the C kernel's specification
    assert got.dtype == np.float32 and np.abs(got - spec).max() < 1e-5 and got[2] == 0
    assert np.abs(got - vecs[slots] @ q).max() < 2e-3                  # what int8 costs a cosine
    with pytest.raises(TypeError, match="format 'b'"):
        native.dot_i8(rows.astype(np.float32), scales, 300, 384, q, np.empty(300, np.float32))
    with pytest.raises(ValueError):
        native.dot_i8(rows, scales[:10], 300, 384, q, np.empty(300, np.float32))


@needs_encoder_wheel
def test_bad_input_is_refused_before_any_work(encoders):
    enc = encoders["c"]
    qw, fp = enc._packed
    w = embed.read_safetensors(embed.model_dir() / "model.safetensors")   # the float word table
    word, pos = w["embeddings.word_embeddings.weight"], w["embeddings.position_embeddings.weight"]
    type0 = w["embeddings.token_type_embeddings.weight"][0]
    out = np.empty(384, np.float32)

    def forward(ids, **kw):
        ids = ids if isinstance(ids, np.ndarray) else np.asarray(ids, np.int32)
        args = dict(qw=qw, fp=fp, word=word, pos=pos, type0=type0, ids=ids, out=out)
        args.update(kw)
        native.forward(*args.values(), 6, 12, 384, 1536)

    with pytest.raises(ValueError, match="vocabulary"):
        forward([101, 10 ** 6])
    with pytest.raises(ValueError, match="positions"):
        forward([101] * 513)
    with pytest.raises(TypeError, match="format 'i'"):
        forward(np.array([101, 102], np.float32))
    with pytest.raises(ValueError, match="qw holds"):
        forward([101, 102], qw=qw[:100])
    with pytest.raises(BufferError, match="not writable"):
        forward([101, 102], out=b"x" * 2000)   # read-only
    with pytest.raises(ValueError, match="multiples of 16"):
        native.forward(qw, fp, word, pos, type0, np.array([101], np.int32), out, 6, 12, 380, 1536)
    with pytest.raises(ValueError, match="I must be a multiple of 16"):
        native.qgemm(b"", b"", b"", 1, 10, b"", b"", 1, bytearray(4))
    assert native.KERNEL in ("avx2", "neon", "c")


@needs_encoder_wheel
def test_one_place_picks_the_implementation():
    code = "from edge_agent.memory import embed; print(embed.IMPLEMENTATION, embed.Embedder().impl)"
    env = {**os.environ, "EDGE_AGENT_NO_EXTENSIONS": "1"}
    forced = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert forced.stdout.split() == ["numpy-f32", "numpy"]
    assert embed.IMPLEMENTATION == "c-int8" and embed.Embedder(impl="c").impl == "c"
    with pytest.raises(ValueError, match="impl"):
        embed.Embedder(impl="gpu")


class NotEager:
    """The C encoder without ``submit``: every message is embedded by the search or the batch path."""

    def __init__(self, inner):
        self.inner = inner

    def encode(self, texts):
        return self.inner.encode(texts)


def test_passes_started_as_messages_arrive_change_no_result(encoders):
    """A question's pass starts when it is added and the search waits for it: the same
    context, token for token, as a memory that embeds everything on the search's path."""
    enc = encoders["c"]
    lines = ["My sister Ingrid has three kids under six.", "We adopted a grey cat called Pixel in March.",
             "Work moved me to the Lisbon office last autumn.", "I am training for a half marathon in May.",
             "The dentist said my wisdom tooth has to come out."]

    async def run(embedder):
        mem = create_memory("sliding", max_tokens=260, reserve_tokens=60, embedder=embedder)
        prompts = []
        for i in range(30):
            await mem.add(Message("user", lines[i % 5] + f" (day {i})", ts=1_700_000_000 + 3600 * i))
            prompts.append(mem.context(query=lines[i % 5] + f" (day {i})").messages)
            await mem.add(Message("assistant", f"Noted, thing {i}.", ts=1_700_000_000 + 3600 * i + 5))
        question = "How many children does my sister have?"
        await mem.add(Message("user", question, ts=1_700_200_000))
        prompts.append(mem.context(query=question).messages)
        await mem.flush()
        return prompts, mem.archive.dense

    eager, dense = asyncio.run(run(enc))
    plain, _ = asyncio.run(run(NotEager(enc)))
    assert dense.eager and eager == plain
    assert dense.pending == 0 and not dense._jobs
    assert "three kids" in str(eager[-1])


LEAK_SCRIPT = r"""
import json, psutil
import numpy as np
from edge_agent import _encoder
proc = psutil.Process()
rng = np.random.default_rng(0)
w = rng.integers(-127, 128, (48, 64)).astype(np.int8)
ws, bias = np.ones(48, np.float32), np.zeros(48, np.float32)
xq, xs = rng.integers(-2047, 2048, (5, 64)).astype(np.int16), np.ones(5, np.float32)
out, rows, q, cos = np.empty((5, 48), np.float32), np.ones((8, 64), np.float16), np.ones(64, np.float32), np.empty(8, np.float32)
rows8, ones8 = np.ones((8, 64), np.int8), np.ones(8, np.float32)
def cycle(n):
    for _ in range(n):
        _encoder.qgemm(w, ws, bias, 48, 64, xq, xs, 5, out)
        _encoder.dot_f16(rows, 8, 64, q, cos)
        _encoder.dot_i8(rows8, ones8, 8, 64, q, cos)
        _encoder.quantize(out, 5, 48, np.empty((5, 48), np.int16), np.empty(5, np.float32))
        # fresh arrays: a buffer left taken on an error path would keep each one alive
        for bad in (lambda: _encoder.qgemm(w.copy(), ws.copy(), bias.copy(), 48, 64, xq, xs, 9, out),  # xq short
                    lambda: _encoder.dot_f16(rows.copy(), 8, 64, q.copy(), cos.astype(np.float64)),   # out's format
                    lambda: _encoder.dot_i8(rows8.copy(), ones8[:4].copy(), 8, 64, q.copy(), cos)):   # scales short
            try:
                bad()
            except (TypeError, ValueError):
                pass
cycle(5_000)
before = proc.memory_info().rss
cycle(100_000)
print(json.dumps({"before": before, "after": proc.memory_info().rss}))
"""


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("EDGE_AGENT_SANITIZED") == "1",
                    reason="ASan's quarantine holds freed memory: RSS says nothing under it")
def test_the_bindings_do_not_leak_on_success_or_error():
    """Every buffer taken is released, on the error paths too: RSS flat over 100,000 rounds."""
    import json

    out = subprocess.run([sys.executable, "-c", LEAK_SCRIPT], capture_output=True, text=True, check=True, timeout=600)
    rss = json.loads(out.stdout)
    growth = rss["after"] - rss["before"]
    assert growth < 2 * 1024 * 1024, f"RSS grew by {growth} bytes over 100,000 rounds"
