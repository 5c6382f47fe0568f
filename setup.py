"""Build the optional C extensions from native/: the ring buffer (edge_agent._ringbuf), the
sentence encoder's int8 forward pass (edge_agent._encoder) and byte-level BPE (edge_agent._bpe).

Switches, by environment:
  EDGE_AGENT_STRICT_BUILD=1  a failed C build fails the install (CI sets it)
  EDGE_AGENT_DEBUG=1         -O0 -g with assertions on
  EDGE_AGENT_SANITIZE=1      ASan + UBSan (load with LD_PRELOAD of libasan; see Makefile)
Without STRICT, a failed build warns and edge_agent falls back to the pure-Python ring and the
numpy float32 encoder.
"""

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def _compile_args() -> list[str]:
    args = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-Wno-unused-parameter",
            "-Wno-missing-field-initializers", "-Wno-cast-function-type"]
    if _flag("EDGE_AGENT_DEBUG") or _flag("EDGE_AGENT_SANITIZE"):
        args += ["-O0", "-g", "-UNDEBUG"]
    else:
        args += ["-O2", "-DNDEBUG"]
    if _flag("EDGE_AGENT_SANITIZE"):
        args += ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=undefined"]
    return args


def _link_args() -> list[str]:
    return ["-fsanitize=address,undefined"] if _flag("EDGE_AGENT_SANITIZE") else []


class OptionalBuildExt(build_ext):
    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - reported, then re-raised when strict
            self._fallback(exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001
            self._fallback(exc)

    def _fallback(self, exc: Exception) -> None:
        if _flag("EDGE_AGENT_STRICT_BUILD"):
            raise exc
        print(f"WARNING: a C extension was not built ({exc}); edge_agent falls back to the "
              "pure-Python ring buffer or the numpy encoder", file=sys.stderr)


setup(
    ext_modules=[
        Extension(
            "edge_agent._ringbuf",
            sources=["native/ringbuf.c", "native/ringbuf_core.c"],
            include_dirs=["native"],
            depends=["native/ringbuf_core.h"],
            extra_compile_args=_compile_args(),
            extra_link_args=_link_args(),
        ),
        Extension(
            "edge_agent._encoder",
            sources=["native/encoder.c", "native/encoder_core.c"],
            include_dirs=["native"],
            depends=["native/encoder_core.h"],
            # no fused multiply-add: the products' float epilogue matches the numpy twin bit for bit
            extra_compile_args=_compile_args() + ["-ffp-contract=off"] + ([] if _flag("EDGE_AGENT_DEBUG") else ["-O3"]),
            extra_link_args=_link_args(),
            libraries=["m"],
        ),
        Extension(
            "edge_agent._bpe",
            sources=["native/bpe.c", "native/bpe_core.c"],
            include_dirs=["native"],
            depends=["native/bpe_core.h"],
            extra_compile_args=_compile_args(),
            extra_link_args=_link_args(),
        ),
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
