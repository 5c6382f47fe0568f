"""The encoder's int8 weight file (memory/encoder_file.py): made once, mapped read-only, the
same linear weights as packing at load, vectors within 2e-4 cosine of the float word table."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import numpy as np
import pytest

from edge_agent.memory import _encoder_py as spec
from edge_agent.memory import embed, encoder_file, wordpiece

from conftest import needs_encoder_wheel

pytest.importorskip("edge_agent._encoder", reason="the C encoder is not built")
pytestmark = needs_encoder_wheel
SENTENCES = ["Bedtime with three small people is a military operation.", "How many children does Ingrid have?",
             "ok", "My order number is 20250115001 and I live in Shanghai.", "Tried rooibos for a week. " * 30]


@pytest.fixture(scope="module")
def packed(tmp_path_factory):
    return encoder_file.write(embed.model_dir(), tmp_path_factory.mktemp("enc") / "minilm")


def test_the_file_holds_what_packing_at_load_gives(packed):
    w = embed.read_safetensors(embed.model_dir() / "model.safetensors")
    qw, fp = spec.pack(w, 6)
    mine = embed.read_safetensors(packed / encoder_file.PACKED)
    assert np.array_equal(mine["qw"], qw) and np.array_equal(mine["fp"], fp)
    word = np.asarray(w["embeddings.word_embeddings.weight"])
    back = mine["word_q"].astype(np.float32) * mine["word_scale"][:, None]
    assert (np.abs(back - word) <= mine["word_scale"][:, None] * 0.5 + 1e-7).all()   # half a step per row
    meta = embed.safetensors_header(packed / encoder_file.PACKED)[1]["__metadata__"]
    assert meta == {"format": encoder_file.FORMAT, "layers": "6", "heads": "12", "ffn": "1536", "dim": "384"}
    assert (packed / encoder_file.PACKED).stat().st_size < 24 << 20          # 87 MiB of float32 before
    assert json.loads((packed / "config.json").read_text())["num_attention_heads"] == 12


def test_word_rows_are_read_exactly_and_bad_ids_refused(packed):
    rows = embed.WordRows(packed / encoder_file.PACKED)
    mine = embed.read_safetensors(packed / encoder_file.PACKED)
    ids = [0, 1, 101, 7592, rows.count - 1, 101]
    want = mine["word_q"][ids].astype(np.float32) * mine["word_scale"][ids, None]
    assert np.array_equal(rows.take(ids), want) and rows.take([]).shape == (0, rows.width)
    for bad in (-1, rows.count):
        with pytest.raises(IndexError):
            rows.take([bad])


def test_vectors_from_the_file_match_the_float_table(packed):
    from_file = embed.Embedder(path=packed, impl="c")
    assert from_file._words is not None and from_file.source == packed
    in_ram = embed.Embedder.__new__(embed.Embedder)
    in_ram.impl, in_ram._words = "c", None
    in_ram._load_float(embed.model_dir())
    in_ram.tok = from_file.tok
    a, b = from_file.encode(SENTENCES), in_ram.encode(SENTENCES)
    assert ((a * b).sum(1) > 0.9998).all()
    twin = embed.Embedder(path=packed, impl="twin").encode(SENTENCES)
    assert ((a * twin).sum(1) > 0.9995).all()


def test_only_the_file_on_a_board_without_the_c_encoder_runs_the_twin(packed):
    assert embed.Embedder(path=packed, impl="numpy").impl == "twin"


def test_packed_dir_prefers_the_environment_then_the_cache(tmp_path, monkeypatch, packed):
    monkeypatch.setenv("EDGE_AGENT_ENCODER_DIR", str(packed))
    assert encoder_file.packed_dir(embed.model_dir()) == packed and embed.source_dir() == packed
    monkeypatch.setenv("EDGE_AGENT_ENCODER_DIR", str(tmp_path))
    with pytest.raises(embed.EmbedderUnavailable, match="holds no minilm-int8"):
        embed.source_dir()
    monkeypatch.delenv("EDGE_AGENT_ENCODER_DIR")
    monkeypatch.setenv("EDGE_AGENT_CACHE", str(tmp_path / "cache"))
    made = encoder_file.packed_dir(embed.model_dir())
    assert made.parent == tmp_path / "cache" / "encoder" and (made / encoder_file.PACKED).is_file()
    assert encoder_file.packed_dir(embed.model_dir()) == made                       # written once
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("EDGE_AGENT_CACHE", str(tmp_path / "file" / "below"))         # cannot be written
    assert encoder_file.packed_dir(embed.model_dir()) is None


def test_a_loaded_encoder_maps_the_file_instead_of_copying_it(packed):
    code = f"""if True:
        from pathlib import Path
        from edge_agent.memory import embed
        e = embed.Embedder(path=Path({str(packed)!r}), impl="c")
        e.encode(["warm up"])
        maps = open("/proc/self/smaps").read()
        print("minilm-int8.safetensors" in maps, "model.safetensors" in maps)
    """
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "False"]


def test_the_cache_is_packed_in_a_child_process(tmp_path, monkeypatch):
    """packed_dir writes the cache's file from a child (what packing allocates leaves with it):
    packing in this process is made to fail, and the file is made all the same."""
    monkeypatch.setenv("EDGE_AGENT_CACHE", str(tmp_path))
    monkeypatch.delenv("EDGE_AGENT_ENCODER_DIR", raising=False)

    def not_here(src, dest):
        raise AssertionError("packed in the daemon's process")

    monkeypatch.setattr(encoder_file, "write", not_here)
    got = encoder_file.packed_dir(embed.model_dir())
    assert got == tmp_path / "encoder" / encoder_file.source_key(embed.model_dir())
    assert (got / encoder_file.PACKED).is_file() and (got / "tokenizer.json").is_file()
    assert (got / wordpiece.VOCAB_FILE).is_file()


def test_a_cache_packed_before_the_vocabulary_gets_it_from_a_child(tmp_path, monkeypatch, packed):
    """A cache packed by an earlier version (no wordpiece.vocab): packed_dir adds the vocabulary
    in a child process, and the encoder then maps it rather than parsing tokenizer.json."""
    monkeypatch.setenv("EDGE_AGENT_CACHE", str(tmp_path))
    monkeypatch.delenv("EDGE_AGENT_ENCODER_DIR", raising=False)
    old = tmp_path / "encoder" / encoder_file.source_key(embed.model_dir())
    shutil.copytree(packed, old)
    (old / wordpiece.VOCAB_FILE).unlink()
    monkeypatch.setattr(wordpiece, "write_vocab", lambda *a: pytest.fail("packed in the daemon's process"))
    assert encoder_file.packed_dir(embed.model_dir()) == old
    assert (old / wordpiece.VOCAB_FILE).is_file()
    monkeypatch.undo()
    e = embed.Embedder(path=old, impl="c")
    assert isinstance(e.tok.vocab._hashes, memoryview)
    assert e.tok.encode(SENTENCES[3]) == wordpiece.WordPiece.from_file(old / "tokenizer.json").encode(SENTENCES[3])


def test_a_cache_that_cannot_be_written_packs_in_ram(tmp_path, monkeypatch):
    """The child cannot write the cache (a file stands where its directory would be): the
    child's reason is logged and the caller packs in RAM, as before."""
    (tmp_path / "encoder").write_text("not a directory")
    monkeypatch.setenv("EDGE_AGENT_CACHE", str(tmp_path))
    monkeypatch.delenv("EDGE_AGENT_ENCODER_DIR", raising=False)
    assert encoder_file.packed_dir(embed.model_dir()) is None
