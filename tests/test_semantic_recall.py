"""Semantic recall: the numpy MiniLM encoder against sentence-transformers, and what its
vectors change in recall (a paraphrase BM25 cannot find; Chinese left to BM25; bounds; the
background embedding; restore; a failing encoder)."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import numpy as np
import pytest

from edge_agent.config import Config
from edge_agent.daemon import memory_config
from edge_agent.errors import ConfigError
from edge_agent.memory import create_memory
from edge_agent.memory.dense import DIM, ROWS_FROM, DenseIndex, encodable
from edge_agent.memory.embed import MAX_TOKENS, LazyEncoder, shared
from edge_agent.messages import Message

from conftest import needs_encoder_wheel


def assert_close(actual, expected, atol: float) -> None:
    """Elementwise |actual - expected| <= atol (numpy.testing is not on every board's numpy)."""
    diff = np.max(np.abs(np.asarray(actual, dtype=np.float64) - np.asarray(expected, dtype=np.float64)))
    assert diff <= atol, f"max difference {diff:.3g} > {atol:g}"


# Recorded once from sentence-transformers 6.2.0 (torch 2.13.0, transformers 5.24.0) loading
# the same wheel's model with normalize_embeddings=True: the first 8 dimensions and cosines.
SENTENCES = ["I ran a charity race last Saturday.", "When did Priya run the charity race?",
             "Bedtime with three small people is a military operation.", "数据库被误删了一张表", "ok",
             "Tried to give up rooibos for a week. Lasted a day. " * 20]
FIRST8 = [[0.028803, 0.053107, 0.034087, 0.01169, 0.003566, 0.023409, -0.115762, -0.00734],
          [0.029207, 0.069606, -0.049287, 0.004861, -0.010815, 0.081226, -0.013663, 0.021391],
          [0.057974, 0.010064, 0.00759, -0.036053, -0.041282, 0.048936, 0.026466, -0.058779],
          [0.057731, 0.067103, 0.050028, 0.042503, 0.005777, 0.039236, 0.174734, 0.004491],
          [-0.046124, -0.059069, -0.021885, 0.016941, 0.045277, -0.017278, 0.026445, 0.06383],
          [-0.016829, 0.001938, -0.032123, 0.053273, -0.031301, -0.060555, -0.013171, 0.042815]]
COSINES = [[1.0, 0.597213, 0.060559, -0.010466, 0.06235, 0.148399],
           [0.597213, 1.0, 0.001198, 0.012323, 0.032238, 0.049872],
           [0.060559, 0.001198, 1.0, 0.069532, 0.067997, 0.051386],
           [-0.010466, 0.012323, 0.069532, 1.0, 0.044702, 0.078048],
           [0.06235, 0.032238, 0.067997, 0.044702, 1.0, 0.149637],
           [0.148399, 0.049872, 0.051386, 0.078048, 0.149637, 1.0]]

FILLER = ["The weather has been awful all week, rain every single day.",
          "I watched a documentary about volcanoes last night.",
          "My brother keeps sending me memes at 3am.",
          "Made pasta again, I am running out of ideas for dinner.",
          "The train was late again this morning, typical Monday."]
PLANTED = "The surgeon said the knee operation went fine, six weeks on crutches."
QUESTION = "How long will my recovery from surgery take?"   # no word (or lexicon concept) of PLANTED


@pytest.fixture(scope="module")
def encoder():
    return shared()


@pytest.fixture(scope="module")
def f32_encoder():
    from edge_agent.memory.embed import Embedder

    return Embedder(impl="numpy")


@needs_encoder_wheel
def test_the_numpy_encoder_matches_sentence_transformers(f32_encoder):
    encoder = f32_encoder
    vecs = encoder.encode(SENTENCES)
    assert vecs.shape == (6, 384) and vecs.dtype == np.float32
    assert_close(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    assert_close(vecs[:, :8], FIRST8, atol=2e-5)
    # aarch64 numpy's OpenBLAS can raise floating-point flags in a correct matmul ("divide by
    # zero encountered in matmul", numpy issues 28687 and 29820; seen on the emulated board):
    # the flags are ignored here, the values are still checked
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
        cosines = vecs @ vecs.T
    assert np.isfinite(cosines).all()
    assert_close(cosines, COSINES, atol=2e-5)


@pytest.mark.parametrize("which", ["numpy", "shared"])
def test_long_text_is_cut_at_the_models_limit_and_batches_do_not_change_vectors(encoder, f32_encoder, which):
    encoder = f32_encoder if which == "numpy" else encoder
    assert len(encoder.tok.encode(SENTENCES[5])) == MAX_TOKENS
    alone = np.stack([encoder.encode([s])[0] for s in SENTENCES])
    assert_close(alone, encoder.encode(SENTENCES), atol=1e-5)
    assert encoder.encode([]).shape == (0, 384)


async def _conversation(mem, rounds: int = 12) -> None:
    await mem.add(Message("user", PLANTED, ts=1_700_000_000))
    await mem.add(Message("assistant", "Glad to hear it.", ts=1_700_000_001))
    for i in range(rounds):
        await mem.add(Message("user", FILLER[i % len(FILLER)] + f" ({i})", ts=1_700_000_100 + i))
        await mem.add(Message("assistant", f"Noted, number {i}.", ts=1_700_000_100 + i))
    await mem.flush()


def _memory(encoder=None, **kw):
    return create_memory("sliding", max_tokens=300, reserve_tokens=100, embedder=encoder, **kw)


def test_semantic_recall_finds_what_bm25_cannot(encoder):
    async def run():
        plain, dense = _memory(), _memory(encoder)
        await _conversation(plain)
        await _conversation(dense)
        return plain.context(query=QUESTION).text(), dense.context(query=QUESTION).text()

    plain, dense = asyncio.run(run())
    assert PLANTED not in plain           # the window moved on; no shared word
    assert PLANTED in dense


def test_chinese_is_left_to_bm25(encoder):
    assert not encodable("数据库被误删了一张表") and encodable("Kevin 以后 based in Shenzhen office")

    async def run():
        mem = _memory(encoder)
        await mem.add(Message("user", "我的收货地址是上海市浦东新区世纪大道100号"))
        await mem.add(Message("assistant", "好的，已登记"))
        await mem.flush()
        return mem

    mem = asyncio.run(run())
    assert mem.archive.dense.encoded == 0      # neither message went to the English encoder
    assert not mem.archive.dense.scores("我的地址是？", 0, len(mem.archive)).any()
    assert not mem.archive.dense.scores("What is my address?", 0, len(mem.archive)).any()
    assert mem.archive.dense.nbytes < 8 << 10   # no vector stored, so no rows (3 MiB) either


def test_flush_embeds_in_the_background_and_rows_are_bounded(encoder):
    async def run():
        mem = _memory(encoder)
        await _conversation(mem)
        return mem

    mem = asyncio.run(run())
    dense = mem.archive.dense
    assert dense.pending == 0 and dense.encoded == 26
    small = DenseIndex(encoder, max_rows=4)
    for i in range(10):
        small.add(i, FILLER[i % 5])
    assert small.pending == 4                   # only the newest four can ever have a row
    scores = small.scores("rain all week", 0, 10)   # embeds what is pending first
    # int8 rows, their scales and doc ids: 4
    assert small.nbytes == 4 * (DIM + 4 + 8) and not scores[:6].any() and scores[6:].any()
    assert dense.nbytes == 32 * (DIM + 4 + 8)   # 26 vectors: 8, 16, 24, then 32 rows, not the 4,096 of the ring


def test_rows_grow_with_the_session_and_keep_their_vectors(encoder):
    """Growing by a quarter from 8 rows up to max_rows keeps every stored vector where it was
    and wastes at most a fifth plus 8 rows; past max_rows the ring reuses rows as before."""
    grown, fixed = DenseIndex(encoder, max_rows=256), DenseIndex(encoder, max_rows=256)
    fixed._room(255)                                   # the whole ring up front
    vec = np.eye(DIM, dtype=np.float32)
    for i in range(300):
        for d in (grown, fixed):
            d.add(i, "hello world")
            d.put([i], [vec[i % DIM]])
        if i < 256:
            assert i + 1 <= len(grown._ids) <= (i + 1) * 5 // 4 + ROWS_FROM
    assert len(grown._ids) == 256
    assert np.array_equal(grown._rows, fixed._rows) and np.array_equal(grown._ids, fixed._ids)
    assert sorted(grown._ids.tolist()) == list(range(300 - 256, 300))   # the newest 256


def test_a_message_without_a_vector_takes_no_row(encoder):
    dense = DenseIndex(encoder)
    for i in range(30):    # Chinese (not read) and English in turn
        dense.add(i, "数据库被误删了一张表" if i % 3 else FILLER[i % 5])
    dense.scores("rain all week", 0, 30)
    assert dense.encoded == 10 and len(dense._ids) == 16 and sorted(dense._ids[:10]) == list(range(0, 30, 3))


def test_a_restored_session_finds_the_paraphrase_without_a_flush(encoder):
    async def run():
        mem = _memory(encoder)
        await _conversation(mem)
        log = [(i, m) for i, m in enumerate([Message("user", PLANTED, ts=1_700_000_000),
                                             Message("assistant", "Glad to hear it.", ts=1_700_000_001)]
                                            + [Message(r, FILLER[i % 5] + f" ({i})" if r == "user" else f"Noted, number {i}.",
                                                       ts=1_700_000_100 + i)
                                               for i in range(12) for r in ("user", "assistant")])]
        fresh = _memory(encoder)
        fresh.restore(mem.export_state(), log)
        return fresh

    fresh = asyncio.run(run())
    assert PLANTED in fresh.context(query=QUESTION).text()


class Broken:
    def encode(self, texts):
        raise RuntimeError("encoder crashed")


def test_a_failing_encoder_leaves_recall_to_bm25(caplog):
    async def run():
        mem = _memory(Broken())
        await _conversation(mem)
        return mem

    mem = asyncio.run(run())
    ctx = mem.context(query="rain every single day")
    assert FILLER[0] in ctx.text()
    assert "encoder crashed" in caplog.text or "failed" in caplog.text


_BLAS_THREADS = """
import json
import sys
from threadpoolctl import threadpool_info
from edge_agent.memory.embed import Embedder
before = [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]
Embedder(threads=None if sys.argv[1] == "none" else int(sys.argv[1]))
after = [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]
print(json.dumps([before, after]))
"""


@pytest.mark.parametrize("threads", ["1", "none"])
def test_loading_the_encoder_pins_blas_threads(threads):
    """OpenBLAS threads spin while they wait for each other, so beside a busy llama.cpp a
    2-thread pass takes many times longer: the encoder pins BLAS to one thread by default."""
    import json
    import os
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _BLAS_THREADS, threads], capture_output=True, text=True,
                         env={**os.environ, "OPENBLAS_NUM_THREADS": "2"}, check=True).stdout
    before, after = json.loads(out)
    assert before and all(n == 2 for n in before)
    assert after == ([1] * len(before) if threads == "1" else before)


def test_bad_encoder_threads_are_refused():
    from edge_agent.memory.embed import limit_blas_threads

    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(ValueError, match="threads"):
            limit_blas_threads(bad)


def test_config_semantic_recall():
    with pytest.raises(ConfigError, match="semantic_recall"):
        Config(semantic_recall="yes").validate()
    assert "embedder" not in memory_config(Config(semantic_recall="off"))
    lazy = memory_config(Config(semantic_recall="on"))["embedder"]
    assert isinstance(lazy, LazyEncoder)
    assert np.array_equal(lazy.encode(["plan A is cheaper"]), shared().encode(["plan A is cheaper"]))


def test_the_daemon_loads_the_encoder_at_the_first_message_not_at_start():
    """A fresh process: the memory config holds a proxy; the weights load when a message that
    the encoder reads arrives (a Chinese one does not load them), and the vectors then match."""
    code = """if True:
        import asyncio
        from edge_agent.config import Config
        from edge_agent.daemon import memory_config
        from edge_agent.memory import create_memory, embed
        from edge_agent.messages import Message
        cfg = memory_config(Config(semantic_recall="on"))
        mem = create_memory("hybrid", counter=len, **cfg)
        async def run(text):
            await mem.add(Message("user", text))
            await mem.flush()
        asyncio.run(run("数据库被误删了一张表"))
        print(embed._shared is None)
        asyncio.run(run("Bedtime with three small people is a military operation"))
        print(embed._shared is None, cfg["embedder"].loaded)
    """
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "False", "True"]
    with pytest.raises(ConfigError, match="embedder"):
        create_memory("hybrid", embedder="minilm")


def test_cancelling_the_background_embedding_loses_nothing(encoder):
    async def run():
        mem = _memory(encoder)
        for i in range(40):
            await mem.add(Message("user", FILLER[i % 5] + f" ({i})"))
            await mem.add(Message("assistant", f"Noted, number {i}."))
        mem.cancel_embedding()           # what a session leaving RAM does
        await mem.flush()
        pending = mem.archive.dense.pending
        await mem.add(Message("assistant", "One more."))   # a reply restarts it
        await mem.flush()
        return pending, mem.archive.dense

    pending, dense = asyncio.run(run())
    assert pending > 0 and dense.pending == 0
