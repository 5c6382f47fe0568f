"""A GGUF model's own token counter, without llama.cpp in the daemon's process.

A daemon whose model runs in a child process (``runner.py``) still counts every prompt it
lays out with the model's vocabulary. Loading that vocabulary through llama.cpp would bring
llama-cpp-python (10 MiB of modules) and the vocabulary's 17 MiB back into the daemon. The
vocabulary of a byte-level BPE model (``tokenizer.ggml.model`` "gpt2": SmolLM2, Qwen2.5,
StarCoder and their kin) is its token strings and merges, which the GGUF header carries; this
module turns them into the packed table of ``edge_agent.bpe`` once, in a child process, and
keeps the table only when it counts as llama.cpp does on ``bpe.sample``'s texts across
scripts (llama.cpp itself is the reference, loaded ``vocab_only`` in that child). A model of
another kind, or a table that differs once, is counted by llama.cpp as before.

The pre-tokenizer's regexes are llama.cpp's own for the GGUF's ``tokenizer.ggml.pre``
(llama-vocab.cpp); user-defined tokens are matched whole (llama.cpp does so even when it does
not parse control tokens, which is how prompts are counted), control tokens are plain text.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from edge_agent import bpe
from edge_agent.backends.gguf import read_header
from edge_agent.packing import exclusive, lower_priority, sweep

GPT2 = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)"
QWEN2 = (r"(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}"
         r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
# llama.cpp's regexes per tokenizer.ggml.pre, applied in turn
PRE_SPLITS = {
    **{pre: [r"\p{N}", GPT2] for pre in ("smollm", "starcoder", "refact", "command-r", "codeshell", "exaone",
                                           "minerva")},
    **{pre: [GPT2] for pre in ("gpt-2", "mpt", "olmo", "jais", "trillion")},
    **{pre: [QWEN2] for pre in ("qwen2", "stablelm2", "hunyuan")},
}
USER_DEFINED = 4          # llama.cpp's token type of a user-defined token (matched whole)
KEYS = ("tokenizer.ggml.tokens", "tokenizer.ggml.merges", "tokenizer.ggml.token_type")


def spec(path: str | os.PathLike[str]) -> dict:
    """The GGUF's vocabulary as a parsed tokenizer.json of the kind ``bpe.pack`` reads;
    ``bpe.Unpackable`` when it is not a byte-level BPE with a known pre-tokenizer."""
    meta, _ = read_header(path, arrays=KEYS)
    return spec_of(meta)


def spec_of(meta: dict) -> dict:
    """``spec`` of a GGUF's metadata (its token arrays read whole)."""
    model, pre = meta.get("tokenizer.ggml.model"), meta.get("tokenizer.ggml.pre", "default")
    if model != "gpt2":
        raise bpe.Unpackable(f"tokenizer model {model!r} is not byte-level BPE")
    if pre not in PRE_SPLITS:
        raise bpe.Unpackable(f"pre-tokenizer {pre!r} is not one this module reproduces")
    tokens, merges = meta.get("tokenizer.ggml.tokens"), meta.get("tokenizer.ggml.merges")
    if not isinstance(tokens, list) or not isinstance(merges, list):
        raise bpe.Unpackable("the GGUF carries no token list or no merges")
    kinds = meta.get("tokenizer.ggml.token_type") or [1] * len(tokens)
    steps = [{"type": "Split", "pattern": {"Regex": rx}, "behavior": "Isolated", "invert": False}
             for rx in PRE_SPLITS[pre]]
    steps.append({"type": "ByteLevel", "add_prefix_space": False, "use_regex": False})
    return {"model": {"type": "BPE", "vocab": {t: i for i, t in enumerate(tokens)}, "merges": merges},
            "pre_tokenizer": {"type": "Sequence", "pretokenizers": steps},
            "added_tokens": [{"content": t, "normalized": False} for t, k in zip(tokens, kinds)
                             if k == USER_DEFINED],
            "specials": [t for t, k in zip(tokens, kinds) if k in (3, USER_DEFINED) and len(t) > 1]}


def _llama_counter(path: Path):
    """llama.cpp's own count of a text, as a prompt is counted (no BOS, control tokens as text)."""
    from edge_agent.backends.local import _quiet_stderr
    from llama_cpp import Llama

    with _quiet_stderr():
        vocab = Llama(model_path=str(path), vocab_only=True, verbose=False)
    return lambda text: len(vocab.tokenize(text.encode("utf-8"), add_bos=False, special=False)) if text else 0


def build(src: Path, dest: Path) -> Path:
    """Pack ``src``'s vocabulary into ``dest`` (atomically) after checking it against llama.cpp."""
    parsed = spec(src)
    data = bpe.pack(parsed, False, drop_missing=True)
    reference = _llama_counter(src)
    fd, staging = tempfile.mkstemp(prefix=dest.name + ".", dir=dest.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        bad = bpe.verify(bpe.PackedCounter(staging), reference, bpe.sample(parsed["specials"]))
        if bad is not None:
            raise bpe.Unpackable(f"the packed counter differs from llama.cpp on {bad!r}")
        os.chmod(staging, 0o644)
        os.replace(staging, dest)
    finally:
        if os.path.exists(staging):
            os.unlink(staging)
    return dest


def packed_path(src: Path) -> Path | None:
    """The packed vocabulary of the GGUF ``src``: from the cache, else packed now in a child
    process; None when it cannot be (the reason is remembered beside the cache)."""
    key = "gguf-" + _key(src)
    dest, refused = bpe.cache_root() / f"{key}.bpe", bpe.cache_root() / f"{key}.unpackable"
    if dest.is_file():
        return dest
    if refused.is_file():
        return None
    done = subprocess.run([sys.executable, "-m", "edge_agent.backends.gguf_vocab", str(src), str(dest)],
                          capture_output=True, text=True)
    if done.returncode == 0 and dest.is_file():
        return dest
    reason = (done.stderr.strip().splitlines() or ["no reason given"])[-1]
    bpe.log.info("model %s: vocabulary not packed (%s); llama.cpp counts", src.name, reason)
    if done.returncode == bpe.UNPACKABLE:
        try:
            refused.parent.mkdir(parents=True, exist_ok=True)
            refused.write_text(reason + "\n")
        except OSError:
            pass
    return None


def _key(src: Path) -> str:
    """The file's identity without reading its weights: its header's hash, size and mtime."""
    st = src.stat()
    meta, _ = read_header(src)
    head = json.dumps({k: v for k, v in meta.items() if not k.startswith("tokenizer.ggml.")}, sort_keys=True,
                      default=str)
    return hashlib.sha256(f"{bpe.FORMAT} {st.st_size} {int(st.st_mtime)} {head}".encode()).hexdigest()[:16]


def counter(src: Path) -> bpe.PackedCounter | None:
    """The packed counter of the GGUF ``src``, or None where llama.cpp must count."""
    if os.environ.get("EDGE_AGENT_TOKENIZER_PACKED", "1") == "0":
        return None
    try:
        path = packed_path(src)
        return bpe.PackedCounter(path) if path is not None else None
    except (OSError, ValueError) as exc:
        bpe.log.warning("model %s: the packed vocabulary is unusable (%s); llama.cpp counts", src.name, exc)
        return None


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m edge_agent.backends.gguf_vocab MODEL_GGUF DEST", file=sys.stderr)
        return 2
    src, dest = Path(argv[0]), Path(argv[1])
    lower_priority()
    try:
        with exclusive(dest):
            if not dest.is_file():
                sweep(dest)
                build(src, dest)
    except bpe.Unpackable as exc:
        print(f"not packed: {exc}", file=sys.stderr)
        return bpe.UNPACKABLE
    except (OSError, ValueError, RuntimeError, ImportError) as exc:
        print(f"not packed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
