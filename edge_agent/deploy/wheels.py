"""The llama-cpp-python wheel without what edge-agent never loads (stdlib only).

A wheel cannot hold symlinks, so llama-cpp-python's build ships every shared library three
times (``libllama.so``, ``.so.0``, ``.so.0.5.0``), once more under ``site-packages/lib/``,
plus the C headers and CMake files: 60 MiB installed on x86-64 for about 7 MiB that runs.
ctypes loads ``llama_cpp/lib/libllama.so`` by that name; the libraries it needs are found by
their SONAME (``libggml.so.0``, ...) next to it ($ORIGIN). ``slim`` rewrites the wheel with
just those files (and llama_cpp's Python code), fixing its RECORD:

    python -m edge_agent.deploy.wheels slim llama_cpp_python-0.3.36-py3-none-linux_x86_64.whl

The multimodal library (libmtmd, for the llava chat handlers) is left out: edge-agent never
imports ``llama_cpp.mtmd_cpp``.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import struct
import sys
import tempfile
import zipfile
from pathlib import Path

LIB_DIR = "llama_cpp/lib/"
ENTRY = "libllama.so"


def _needed(elf: bytes) -> list[str]:
    """DT_NEEDED names of a 64- or 32-bit little-endian ELF shared object."""
    if elf[:4] != b"\x7fELF" or elf[5] != 1:
        raise ValueError("not a little-endian ELF file")
    wide = elf[4] == 2
    hdr = "<QQQIHHHHHH" if wide else "<IIIIHHHHHH"
    _, _, shoff, _, _, _, _, shentsize, shnum, _ = struct.unpack_from(hdr, elf, 24)
    sections = []
    for i in range(shnum):
        off = shoff + i * shentsize
        if wide:
            _, kind, _, _, offset, size, link, _, _, _ = struct.unpack_from("<IIQQQQIIQQ", elf, off)
        else:
            _, kind, _, _, offset, size, link, _, _, _ = struct.unpack_from("<IIIIIIIIII", elf, off)
        sections.append((kind, offset, size, link))
    out = []
    for kind, offset, size, link in sections:
        if kind != 6:          # SHT_DYNAMIC
            continue
        strtab = sections[link][1]
        step, fmt = (16, "<qQ") if wide else (8, "<iI")
        for pos in range(offset, offset + size, step):
            tag, val = struct.unpack_from(fmt, elf, pos)
            if tag == 0:
                break
            if tag == 1:       # DT_NEEDED
                end = elf.index(b"\0", strtab + val)
                out.append(elf[strtab + val:end].decode())
    return out


def kept_libraries(libs: dict[str, bytes]) -> set[str]:
    """``libllama.so`` and, transitively, every library of the wheel it needs by SONAME."""
    keep, todo = set(), [ENTRY]
    while todo:
        name = todo.pop()
        if name in keep or name not in libs:
            continue
        keep.add(name)
        todo.extend(_needed(libs[name]))
    return keep


def glibc_needed(wheel: str | os.PathLike[str]) -> tuple[int, int] | None:
    """The newest GLIBC_x.y symbol version the wheel's libraries ask for (None: none): a
    board whose glibc is older cannot load them."""
    found = []
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if name.startswith(LIB_DIR) and ".so" in name:
                found += [(int(a), int(b)) for a, b in re.findall(rb"GLIBC_(\d+)\.(\d+)", z.read(name))]
    return max(found) if found else None


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def slim(wheel: str | os.PathLike[str]) -> tuple[int, int]:
    """Rewrite ``wheel`` in place without the files edge-agent never loads; (before, after) bytes."""
    wheel = Path(wheel)
    with zipfile.ZipFile(wheel) as z:
        members = {i.filename: z.read(i) for i in z.infolist() if not i.is_dir()}
    libs = {n[len(LIB_DIR):]: data for n, data in members.items() if n.startswith(LIB_DIR) and "/" not in n[len(LIB_DIR):]}
    if ENTRY not in libs:
        raise ValueError(f"{wheel.name}: no {LIB_DIR}{ENTRY}")
    keep_libs = kept_libraries(libs)
    record = next(n for n in members if re.fullmatch(r"[^/]+\.dist-info/RECORD", n))
    kept = {n: d for n, d in members.items()
            if n != record and (n.startswith("llama_cpp/") and (not n.startswith(LIB_DIR) or n[len(LIB_DIR):] in keep_libs)
                                or n.split("/", 1)[0].endswith(".dist-info"))}
    before = wheel.stat().st_size
    if len(kept) + 1 == len(members):   # slim already: leave the file as it is
        return before, before
    lines = [_record_line(n, d) for n, d in kept.items()] + [f"{record},,"]
    fd, tmp = tempfile.mkstemp(dir=wheel.parent, suffix=".whl")
    os.close(fd)
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in kept.items():
            z.writestr(name, data)
        z.writestr(record, "\n".join(lines) + "\n")
    os.replace(tmp, wheel)
    return before, wheel.stat().st_size


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] != "slim":
        print(__doc__.strip().splitlines()[0], "\nusage: python -m edge_agent.deploy.wheels slim WHEEL", file=sys.stderr)
        return 2
    before, after = slim(argv[1])
    print(f"{Path(argv[1]).name}: {before >> 10} KiB -> {after >> 10} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
