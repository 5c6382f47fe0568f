"""The encoder's WordPiece (edge_agent/memory/wordpiece.py) gives the ``tokenizers``
library's ids, token for token, for the same tokenizer.json."""

from __future__ import annotations

import json
import random
from array import array

import pytest

from conftest import needs_encoder_wheel
from edge_agent.memory import embed
from edge_agent.memory.wordpiece import VOCAB_FILE, TokenizerFileError, Vocab, WordPiece, read_vocab, write_vocab

TEXTS = [
    "", " ", "Hello, world!", "I'm 27 years old; my order #20250115001 ships on 2025-01-15.",
    "Bedtime with three small people is a military operation.",
    "Café crème, naïve façade, Ångström, İstanbul, ǅemal, straße, ΣΊΣΥΦΟΣ",
    "我叫王小明，订单号 #20250115001，明天下午三点送货到上海市浦东新区。",
    "mixed 中文 and English: 张三 said \"ok\" (不是) — really?!",
    "emoji 🙂👍🏽 and symbols ©®™ € £ ¥ § ¶ • … ‰",
    "tabs\tnew\nlines\r\nand\x0bvertical\x0cfeed\x1c\x1f\x85nel\u2028line\u2029para\u00a0nbsp\u3000ideo",
    "zero\u200bwidth\u200djoiner\ufeffbom\x00nul\ufffdrepl\ue000private\U000e0001tag",
    "[CLS] written [SEP] in [UNK] the [MASK] text [PAD]x[cls]",
    "supercalifragilisticexpialidocious antidisestablishmentarianism " + "x" * 99 + " " + "y" * 101,
    "Ｆｕｌｌｗｉｄｔｈ ｌｅｔｔｅｒｓ １２３ and ｶﾀｶﾅ and ㈱ ﬁ ligature",
    "한국어 텍스트 and 日本語のテキスト, Русский текст, العربية, עברית, हिन्दी",
    "combining: e\u0301 a\u0308 o\u0303 and a lone \u0301 mark",
    "𠀀𪜀 rare ideographs and 〇 and 々",
    "word " * 400,
]


@pytest.fixture(scope="module", params=["tokenizer.json", "packed"])
def pair(request, tmp_path_factory):
    """The library and this module, from tokenizer.json or from its packed vocabulary."""
    from tokenizers import Tokenizer

    path = embed.source_dir() / "tokenizer.json"
    lib = Tokenizer.from_file(str(path))
    lib.enable_truncation(embed.MAX_TOKENS)
    lib.no_padding()
    if request.param == "tokenizer.json":
        return lib, WordPiece.from_file(path, max_tokens=embed.MAX_TOKENS)
    folder = tmp_path_factory.mktemp("packed")
    write_vocab(path, folder / VOCAB_FILE)
    mine = WordPiece.load(folder, max_tokens=embed.MAX_TOKENS)
    assert isinstance(mine.vocab._hashes, memoryview)     # the mapped file, not a rebuilt table
    return lib, mine


@needs_encoder_wheel
@pytest.mark.parametrize("text", TEXTS)
def test_ids_are_the_librarys(pair, text):
    lib, mine = pair
    assert mine.encode(text) == lib.encode(text).ids


@needs_encoder_wheel
def test_random_text_from_many_scripts_gives_the_librarys_ids(pair):
    lib, mine = pair
    rng = random.Random(20261204)
    ranges = [(0x20, 0x7E), (0xA0, 0x24F), (0x370, 0x3FF), (0x400, 0x4FF), (0x2000, 0x206F), (0x3000, 0x303F),
              (0x4E00, 0x9FFF), (0xAC00, 0xD7A3), (0xFF00, 0xFFEF), (0x1F300, 0x1F64F), (0x0, 0x1F),
              (0x300, 0x36F), (0xE000, 0xE0FF), (0xFFF0, 0xFFFF), (0x80, 0x9F)]
    for _ in range(2000):
        n = rng.randint(1, 60)
        text = "".join(chr(rng.randint(*rng.choice(ranges))) if rng.random() < 0.5 else rng.choice(" abcde.,") for _ in range(n))
        assert mine.encode(text) == lib.encode(text).ids, repr(text)


def test_a_tokenizer_of_another_kind_is_refused(tmp_path):
    path = tmp_path / "tokenizer.json"
    path.write_text('{"model": {"type": "BPE", "vocab": {}}, "normalizer": null}')
    with pytest.raises(TokenizerFileError, match="WordPiece"):
        WordPiece.from_file(path)
    with pytest.raises(TokenizerFileError, match=r"\[UNK\]"):
        WordPiece({"[CLS]": 0, "[SEP]": 1})


def _crc_twins() -> tuple[str, str]:
    """Two different strings with the same CRC-32 (a birthday search over short strings)."""
    import zlib

    seen: dict[int, str] = {}
    rng = random.Random(7)
    for _ in range(1 << 20):   # random 12-letter strings: a CRC tells apart any two that differ in 32 bits or fewer
        text = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(12))
        h = zlib.crc32(text.encode())
        if h in seen:
            return seen[h], text
        seen[h] = text
    raise AssertionError("no CRC-32 collision found")


def test_pieces_whose_hashes_collide_keep_their_own_ids(tmp_path):
    a, b = _crc_twins()
    vocab = {"[UNK]": 0, "[CLS]": 1, "[SEP]": 2, a: 3, b: 4, "##x": 5}
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps({"model": {"type": "WordPiece", "vocab": vocab, "unk_token": "[UNK]"},
                                "normalizer": {"type": "BertNormalizer", "clean_text": True,
                                               "handle_chinese_chars": True, "lowercase": True},
                                "pre_tokenizer": {"type": "BertPreTokenizer"}}))
    write_vocab(path, tmp_path / VOCAB_FILE)
    for table in (Vocab.build(vocab), read_vocab(tmp_path / VOCAB_FILE)[0]):
        assert [table.get(p) for p in vocab] == list(vocab.values())
        assert table.get("w") is None and "nothing" not in table and len(table) == len(vocab)
        with pytest.raises(KeyError):
            table["nothing"]
    tok = WordPiece.load(tmp_path)
    assert tok.encode(f"{a} {b}x") == [1, 3, 4, 5, 2]


def test_a_damaged_packed_vocabulary_is_refused_and_the_json_serves(tmp_path):
    source = embed.source_dir() / "tokenizer.json"
    if not source.is_file():
        pytest.skip("no tokenizer.json here")
    write_vocab(source, tmp_path / VOCAB_FILE)
    good = (tmp_path / VOCAB_FILE).read_bytes()
    (tmp_path / "tokenizer.json").write_bytes(source.read_bytes())
    for damaged in (good[:len(good) // 2], b"", b"not a vocabulary", good[:20], good[:6] + b"\xff\xff\xff\x7f" + good[10:]):
        (tmp_path / VOCAB_FILE).write_bytes(damaged)
        with pytest.raises(TokenizerFileError):
            read_vocab(tmp_path / VOCAB_FILE)
        tok = WordPiece.load(tmp_path)
        assert isinstance(tok.vocab._hashes, array)      # rebuilt from tokenizer.json
        assert tok.encode("Hello, world!") == WordPiece.from_file(source).encode("Hello, world!")


def test_a_vocabulary_that_is_not_pieces_and_ids_is_refused(tmp_path):
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps({"model": {"type": "WordPiece", "vocab": {"[UNK]": "zero"}},
                                "normalizer": {"type": "BertNormalizer", "clean_text": True,
                                               "handle_chinese_chars": True, "lowercase": True},
                                "pre_tokenizer": {"type": "BertPreTokenizer"}}))
    with pytest.raises(TokenizerFileError, match="table of pieces and ids"):
        WordPiece.from_file(path)
