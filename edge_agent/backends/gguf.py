"""A GGUF file's header, read without llama.cpp: metadata and a few vocabulary entries.

Loading a model's vocabulary through llama.cpp (a ``vocab_only`` load) costs about 17 MiB of
RAM for SmolLM2's 49,152 tokens; the daemon needs the model's shape (for the KV cache and the
fit check), its chat template and its BOS/EOS texts long before it needs to tokenize. The
header is a flat list of typed key-value pairs (GGUF v2 and v3):

    "GGUF" | version u32 | tensor count u64 | kv count u64 | kv pairs...
    kv: key (u64 length + UTF-8) | type u32 | value
    array value: element type u32 | count u64 | elements

Scalars come back as Python values; arrays as their length (``ArrayLen``), except the token
ids asked for, whose texts come back from ``tokenizer.ggml.tokens``.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from pathlib import Path
from typing import Any, BinaryIO

from edge_agent.errors import ModelError

MAGIC = b"GGUF"
_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}
STRING, ARRAY = 8, 9
MAX_STRING = 1 << 26        # a chat template is a few KiB; a corrupt length is not read


class ArrayLen(int):
    """An array's element count, standing in for the array itself."""


def _read(f: BinaryIO, n: int) -> bytes:
    data = f.read(n)
    if len(data) != n:
        raise EOFError("the file ends inside its header")
    return data


def _string(f: BinaryIO) -> str:
    (n,) = struct.unpack("<Q", _read(f, 8))
    if n > MAX_STRING:
        raise ValueError(f"a string of {n} bytes in the header")
    return _read(f, n).decode("utf-8", errors="replace")


def _skip_string(f: BinaryIO) -> None:
    (n,) = struct.unpack("<Q", _read(f, 8))
    f.seek(n, 1)


def _value(f: BinaryIO, kind: int) -> Any:
    if kind == STRING:
        return _string(f)
    fmt = _SCALARS.get(kind)
    if fmt is None:
        raise ValueError(f"unknown value type {kind}")
    return struct.unpack(fmt, _read(f, struct.calcsize(fmt)))[0]


def _array(f: BinaryIO, wanted: dict[int, str] | None) -> ArrayLen:
    """Skip an array (keeping the strings at ``wanted``'s indices); its length."""
    kind, count = struct.unpack("<IQ", _read(f, 12))
    if wanted is ALL:
        return _whole(f, kind, count)
    if kind == STRING:
        for i in range(count):
            if wanted is not None and i in wanted:
                wanted[i] = _string(f)
            else:
                _skip_string(f)
    elif kind in _SCALARS:
        f.seek(count * struct.calcsize(_SCALARS[kind]), 1)
    else:
        raise ValueError(f"an array of type {kind}")
    return ArrayLen(count)


class _All(dict):
    """The marker that an array is read whole."""


ALL = _All()


def _whole(f: BinaryIO, kind: int, count: int) -> list:
    if kind == STRING:
        return [_string(f) for _ in range(count)]
    fmt = _SCALARS.get(kind)
    if fmt is None:
        raise ValueError(f"an array of type {kind}")
    size = struct.calcsize(fmt)
    return list(struct.unpack(f"<{count}{fmt[1]}", _read(f, count * size)))


def read_header(path: str | Path, tokens: Iterable[int] = (), arrays: Iterable[str] = ()
                ) -> tuple[dict[str, Any], dict[int, str]]:
    """(metadata, {token id: text}) of the GGUF at ``path``; ``ModelError`` if it is not one.
    The arrays named in ``arrays`` come back whole (lists) in the metadata."""
    whole = set(arrays)
    wanted: dict[int, str] = {int(t): "" for t in tokens if t is not None and int(t) >= 0}
    meta: dict[str, Any] = {}
    try:
        with open(path, "rb") as f:
            if _read(f, 4) != MAGIC:
                raise ModelError(str(path), "not a GGUF file (bad magic)")
            version, _tensors, n_kv = struct.unpack("<IQQ", _read(f, 20))
            if version < 2:
                raise ModelError(str(path), f"GGUF version {version} is too old (2 or later)")
            for _ in range(n_kv):
                key = _string(f)
                (kind,) = struct.unpack("<I", _read(f, 4))
                keep = ALL if key in whole else wanted if key == "tokenizer.ggml.tokens" else None
                meta[key] = _array(f, keep) if kind == ARRAY else _value(f, kind)
    except OSError as exc:
        raise ModelError(str(path), f"cannot read it: {exc.strerror or exc}") from exc
    except (EOFError, ValueError, struct.error) as exc:
        raise ModelError(str(path), f"a damaged GGUF header: {exc}") from exc
    return meta, wanted


def special_tokens(path: str | Path) -> tuple[dict[str, Any], str, str]:
    """(metadata, BOS text, EOS text): one pass for the ids, one for their texts."""
    meta, _ = read_header(path)
    ids = [meta.get("tokenizer.ggml.bos_token_id"), meta.get("tokenizer.ggml.eos_token_id")]
    if not any(isinstance(i, int) for i in ids):
        return meta, "", ""
    _, texts = read_header(path, [i for i in ids if isinstance(i, int)])
    bos, eos = (texts.get(i, "") if isinstance(i, int) else "" for i in ids)
    return meta, bos, eos
