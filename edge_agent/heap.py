"""The C heap under the daemon: glibc's malloc arenas and giving free pages back.

glibc gives each new thread that allocates an arena of its own, up to 8 per core;
the daemon's threads (llama.cpp's worker, the encoder's, SQLite's, asyncio's executor) each
keep their arena's freed pages. ``limit_arenas(2)`` (the ``malloc_arenas`` config key; 0
leaves glibc's default) holds them to two: a cloud daemon after its first two turns went from
149 to 139 MiB RSS (bench/RESULTS.md section 17). ``trim()``
returns the free pages of every arena to the kernel (after a large structure was freed,
such as a vocabulary), Python's object arenas included once a full collection has cleared
the free lists that pinned them. Elsewhere than glibc (musl on some board images) both do
nothing but that collection.
"""

from __future__ import annotations

import ctypes
import gc
import logging

log = logging.getLogger("edge_agent.heap")
M_ARENA_MAX = -8     # mallopt's parameter number (glibc malloc.h)


def _libc():
    try:
        libc = ctypes.CDLL(None)
        return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


def limit_arenas(n: int) -> bool:
    """At most ``n`` malloc arenas from now on (call before the threads start); True if set."""
    libc = _libc()
    if n <= 0 or libc is None:
        return False
    libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    ok = bool(libc.mallopt(M_ARENA_MAX, n))
    if not ok:
        log.warning("mallopt(M_ARENA_MAX, %d) refused", n)
    return ok


def trim() -> None:
    """Give the heap's free pages back to the kernel: a full collection first, whose clearing
    of the interpreter's free lists lets pymalloc give back the arenas that a few cached
    tuples or floats held (after packing the multilingual encoder, 18 of 22 MiB), then
    glibc's malloc_trim."""
    gc.collect()
    libc = _libc()
    if libc is not None:
        libc.malloc_trim.argtypes = [ctypes.c_size_t]
        libc.malloc_trim(0)
