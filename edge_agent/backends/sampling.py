"""How the local model samples: settings per model family, from the GGUF, overridable.

Small models loop at a low temperature without a repetition penalty (SmolLM2-135M at
llama-cpp-python's defaults repeated one sentence until max_tokens in a third of the first
turns of bench/evalsets/replies.py). Where the settings come from, later wins:

1. ``DEFAULT``: what suits a small instruct model;
2. the family's row in ``FAMILIES`` (the model authors' published recommendations), found
   from the GGUF's ``general.basename`` / ``general.name`` / ``general.architecture``;
3. the GGUF's own ``general.sampling.*`` keys, where its converter wrote them;
4. the config's ``local_sampling`` table (``temperature``, ``top_p``, ``top_k``, ``min_p``,
   ``repeat_penalty``, ``presence_penalty``, ``frequency_penalty``).

llama-cpp-python 0.3's chat API exposes no DRY sampler; the repetition penalty over the
last 64 tokens plus the loop guard (edge_agent/loops.py) stand in for it.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any, Mapping

from edge_agent._compat import SLOTS


@dataclass(frozen=True, **SLOTS)
class Sampling:
    temperature: float = 0.2
    top_p: float = 0.9
    top_k: int = 40
    min_p: float = 0.05
    repeat_penalty: float = 1.1
    presence_penalty: float = 0.0
    frequency_penalty: float = 0.0

    def kwargs(self, temperature: float | None = None) -> dict[str, Any]:
        """The keyword arguments of ``Llama.create_chat_completion``; ``temperature`` (a
        caller's explicit choice, e.g. 0 for a forced call) replaces the family's."""
        out = dataclasses.asdict(self)
        if temperature is not None:
            out["temperature"] = temperature
        return out

    def replace(self, **changes: Any) -> Sampling:
        return dataclasses.replace(self, **changes)


DEFAULT = Sampling()
FIELDS = tuple(f.name for f in dataclasses.fields(Sampling))

# family -> its published recommendations (model cards / generation_config.json); a repetition
# penalty where the authors name one, else a mild one for the small sizes boards run
FAMILIES: dict[str, Sampling] = {
    "smollm": Sampling(temperature=0.2, top_p=0.9, top_k=40, min_p=0.05, repeat_penalty=1.1),   # bench.replies dev
    "qwen3": Sampling(temperature=0.7, top_p=0.8, top_k=20, min_p=0.0, repeat_penalty=1.05, presence_penalty=0.5),
    "qwen": Sampling(temperature=0.7, top_p=0.8, top_k=20, min_p=0.0, repeat_penalty=1.05),
    "gemma": Sampling(temperature=1.0, top_p=0.95, top_k=64, min_p=0.0, repeat_penalty=1.0),
    "llama": Sampling(temperature=0.6, top_p=0.9, top_k=40, min_p=0.05, repeat_penalty=1.1),
    "phi": Sampling(temperature=0.7, top_p=0.95, top_k=40, min_p=0.05, repeat_penalty=1.05),
}
# general.sampling.* as llama.cpp's converter writes them -> our fields
GGUF_KEYS = {"general.sampling.temp": "temperature", "general.sampling.top_p": "top_p",
             "general.sampling.top_k": "top_k", "general.sampling.min_p": "min_p",
             "general.sampling.penalty_repeat": "repeat_penalty"}
LIMITS = {"temperature": (0.0, 2.0), "top_p": (0.0, 1.0), "top_k": (0, 1000), "min_p": (0.0, 1.0),
          "repeat_penalty": (0.5, 2.0), "presence_penalty": (-2.0, 2.0), "frequency_penalty": (-2.0, 2.0)}


def family(metadata: Mapping[str, Any]) -> str | None:
    """The family a GGUF belongs to, by its names (most specific first), or None."""
    names = " ".join(str(metadata.get(k, "")) for k in ("general.basename", "general.name")).lower()
    for name in FAMILIES:                       # dict order: "qwen3" is tried before "qwen"
        if name in names.replace(" ", ""):
            return name
    arch = str(metadata.get("general.architecture", "")).lower()
    return next((name for name in FAMILIES if arch.startswith(name)), None)


def check(overrides: Mapping[str, Any], where: str = "local_sampling") -> dict[str, float]:
    """``overrides`` validated: known keys, finite numbers in range; ValueError says which."""
    out: dict[str, float] = {}
    for key, value in overrides.items():
        if key not in LIMITS:
            raise ValueError(f"{where}: unknown setting {key!r} (known: {', '.join(FIELDS)})")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ValueError(f"{where}.{key}: a finite number is needed, not {value!r}")
        lo, hi = LIMITS[key]
        if not lo <= value <= hi:
            raise ValueError(f"{where}.{key}: {value} is outside {lo}..{hi}")
        out[key] = int(value) if key == "top_k" else float(value)
    return out


def for_model(metadata: Mapping[str, Any], overrides: Mapping[str, Any] | None = None) -> Sampling:
    """The settings a model samples with (see the module's docstring for the order)."""
    chosen = FAMILIES.get(family(metadata) or "", DEFAULT)
    from_file = {field: metadata[key] for key, field in GGUF_KEYS.items()
                 if isinstance(metadata.get(key), (int, float))}
    try:
        chosen = chosen.replace(**check(from_file, "the GGUF's general.sampling"))
    except ValueError:
        pass                                    # a converter's odd value: the family's row holds
    return chosen.replace(**check(overrides or {}))
