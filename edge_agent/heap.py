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

``Trimmer`` is the daemon's after-work trim. A turn's passes through the multilingual encoder
and recall's scoring allocate a few MiB of temporaries and free them; glibc keeps the freed
pages in its heap (past the first large frees it raises its mmap threshold, so later
temporaries come from the heap too), and a local-only daemon after an English and a Chinese
turn held 4 MiB of them (bench/RESULTS.md section 47). Fixing the mmap threshold instead gave
them back but made each turn's memory work twice as slow (every temporary its own mapping
and page faults); a ``malloc_trim(0)`` once the work is done costs a few milliseconds, off the
turn's path. The watchdog calls the trimmer at each sample with the process's RSS: it trims
when RSS has grown by ``min_growth`` since the last trim (work happened), not every second.

The same look drops the resident pages of the read-only files the daemon maps (``droppable``:
the encoders' int8 weights, the packed vocabularies). A pass of the English encoder reads every
page of its 10.6 MiB of weights, and those pages stayed mapped into the daemon until it
exited: 16 MiB of its RSS after the first English and Chinese turns were such pages. Dropped
with ``madvise(MADV_DONTNEED)`` they leave the daemon's RSS but stay in the page cache, where
the next pass maps them again with minor faults (a fraction of a millisecond per MiB, no
read: bench/pagedrop.py), and where the kernel, under pressure, takes them before the pages
of any process. Nothing is lost: the files are read-only, so dropping is always safe, even
while a pass reads them.
"""

from __future__ import annotations

import ctypes
import gc
import logging
import mmap
import os
import weakref

log = logging.getLogger("edge_agent.heap")
M_ARENA_MAX = -8     # mallopt's parameter number (glibc malloc.h)
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


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


_MAPPED: "weakref.WeakSet[mmap.mmap]" = weakref.WeakSet()


def droppable(mapping) -> None:
    """Let the trimmer drop the resident pages of ``mapping``, a read-only file mapping (an
    ``mmap.mmap`` or an ``np.memmap``); forgotten when it is collected."""
    handle = getattr(mapping, "_mmap", mapping)     # np.memmap keeps its mmap.mmap there
    if not isinstance(handle, mmap.mmap):
        raise TypeError(f"droppable: not a file mapping: {type(mapping).__name__}")
    _MAPPED.add(handle)


def drop(mapping) -> bool:
    """Drop the resident pages of one read-only file mapping (an ``mmap.mmap`` or an
    ``np.memmap``): they stay in the page cache. False where that cannot be done (no madvise
    here, or the mapping is closed)."""
    handle = getattr(mapping, "_mmap", mapping)
    if not hasattr(mmap, "MADV_DONTNEED") or not isinstance(handle, mmap.mmap):
        return False
    try:
        handle.madvise(mmap.MADV_DONTNEED)
        return True
    except (ValueError, OSError):                   # closed meanwhile: nothing of it is resident
        return False


def drop_mapped() -> int:
    """``drop`` every ``droppable`` mapping; returns how many were advised."""
    advised = 0
    for handle in list(_MAPPED):
        if drop(handle):
            advised += 1
        else:
            _MAPPED.discard(handle)
    return advised


def own_rss() -> int | None:
    """This process's resident bytes (Linux), None elsewhere."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * PAGE
    except (OSError, ValueError, IndexError):
        return None


class Trimmer:
    """``malloc_trim(0)`` after work: called with samples of RSS (the watchdog's), it trims
    when RSS has grown by ``min_growth`` bytes since the last trim, and remembers RSS after.
    Each trim also drops the pages of the ``droppable`` mappings."""

    def __init__(self, min_growth: int = 1 << 20, rss=own_rss) -> None:
        if isinstance(min_growth, bool) or not isinstance(min_growth, int) or min_growth < 0:
            raise ValueError(f"min_growth must be an int >= 0, got {min_growth!r}")
        self.min_growth, self._rss = min_growth, rss
        self._libc = _libc()
        self.base = rss()
        self.trims = 0
        self.released = 0     # bytes of RSS the trims gave back, in all

    def __call__(self) -> bool:
        """One look; True if it trimmed."""
        now = self._rss()
        if now is None or self.base is None:
            return False
        if now - self.base < self.min_growth:
            self.base = min(self.base, now)   # RSS fell (a session left): grow from there
            return False
        drop_mapped()
        if self._libc is not None:            # elsewhere than glibc: the mappings only
            self._libc.malloc_trim.argtypes = [ctypes.c_size_t]
            self._libc.malloc_trim(0)
        after = self._rss() or now
        self.trims += 1
        self.released += max(0, now - after)
        self.base = after
        return True

    def status(self) -> dict:
        return {"trims": self.trims, "released_mb": round(self.released / (1 << 20), 1)}
