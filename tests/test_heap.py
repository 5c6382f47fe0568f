"""edge_agent/heap.py: the arena cap and trim reach glibc; the config key is checked."""

from __future__ import annotations

import mmap
import subprocess
import sys

import pytest

from edge_agent import heap
from edge_agent.config import Config
from edge_agent.errors import ConfigError

GLIBC = heap._libc() is not None


@pytest.mark.skipif(not GLIBC, reason="not glibc")
def test_threads_share_two_arenas_once_capped():
    """Eight threads allocating at once: with the cap, malloc_info lists at most two arenas."""
    code = """if True:
        import ctypes, sys, threading, tempfile, os
        from edge_agent import heap
        if sys.argv[1] == "cap":
            assert heap.limit_arenas(2)
        libc = ctypes.CDLL(None)
        libc.malloc.restype = ctypes.c_void_p
        libc.malloc.argtypes = [ctypes.c_size_t]
        barrier = threading.Barrier(8)
        def work():
            barrier.wait()
            for _ in range(2000):
                libc.malloc(64)
        threads = [threading.Thread(target=work) for _ in range(8)]
        [t.start() for t in threads]; [t.join() for t in threads]
        f = tempfile.TemporaryFile()
        libc.fdopen.restype = ctypes.c_void_p
        fp = libc.fdopen(os.dup(f.fileno()), b"w")
        libc.malloc_info(0, ctypes.c_void_p(fp)); libc.fflush(ctypes.c_void_p(fp))
        f.seek(0)
        print(f.read().decode().count("<heap nr="))
    """
    counts = {}
    for mode in ("cap", "free"):
        out = subprocess.run([sys.executable, "-c", code, mode], capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        counts[mode] = int(out.stdout.split()[-1])
    assert counts["cap"] <= 2 < counts["free"]
    heap.trim()                      # safe to call any time


def test_the_config_key():
    assert Config().malloc_arenas == 2
    Config(malloc_arenas=0).validate()
    for bad in (-1, True, 1.5):
        with pytest.raises(ConfigError, match="malloc_arenas"):
            Config(malloc_arenas=bad).validate()
    assert heap.limit_arenas(0) is False     # 0: glibc's default, nothing set


def test_trim_gives_back_the_arenas_that_free_lists_hold():
    """A million small tuples freed in no particular order: the interpreter's tuple free list
    keeps the last 2,000, spread over every object arena, which pins them all (malloc_trim
    alone gave back nothing: 103 MiB stayed). trim's full collection clears the free lists."""
    code = """if True:
        import random
        from edge_agent import heap
        def rss():
            return int(open("/proc/self/statm").read().split()[1])
        base = rss()
        junk = [(i, i) for i in range(1_000_000)]
        random.Random(1).shuffle(junk)
        junk.clear()
        before = rss()
        heap.trim()
        print(before - base, rss() - base)
    """
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    grown, left = map(int, out.stdout.split())
    assert left < grown / 4


@pytest.mark.skipif(not GLIBC, reason="not glibc")
def test_the_trimmer_gives_back_what_work_freed_and_only_after_work():
    """50 MiB of blocks freed below a block still held (a free stretch glibc keeps in its heap,
    as a turn's temporaries, since only the heap's top is given back at free): the trimmer,
    seeing RSS grown since its start, gives the stretch's pages back; at the next look, with
    nothing new, it does not trim again."""
    code = """if True:
        import ctypes
        from edge_agent import heap
        libc = ctypes.CDLL(None)
        libc.malloc.restype = ctypes.c_void_p
        libc.malloc.argtypes = [ctypes.c_size_t]
        libc.free.argtypes = [ctypes.c_void_p]
        libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
        libc.mallopt(-3, 1 << 26)     # M_MMAP_THRESHOLD: these blocks from the heap, as past glibc's raise
        t = heap.Trimmer()
        blocks = [libc.malloc(1 << 16) for _ in range(800)]
        for p in blocks:
            ctypes.memset(p, 1, 1 << 16)
        pin = libc.malloc(1 << 16)
        while pin < max(blocks):      # a block above them all, so that freeing them leaves the top
            pin = libc.malloc(1 << 16)
        for p in blocks:
            libc.free(p)
        before = heap.own_rss()
        first = t()
        after = heap.own_rss()
        print(first, t(), t.trims, before - after, t.released)
    """
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    first, second, trims, fell, released = out.stdout.split()
    assert (first, second, trims) == ("True", "False", "1")
    assert int(fell) > 40 * (1 << 20) and int(released) > 40 * (1 << 20)


def test_the_trimmer_waits_for_growth():
    sizes = iter([100 << 20, 100 << 20, 100 << 20 | 4096, 90 << 20, 91 << 20, 92 << 20, 80 << 20])
    t = heap.Trimmer(min_growth=2 << 20, rss=lambda: next(sizes))
    assert t.base == 100 << 20
    assert not t()                    # no growth
    assert not t()                    # a page: not work enough
    assert not t() and t.base == 90 << 20   # RSS fell: it counts from there
    assert not t()                    # 1 MiB up
    assert t()                        # 2 MiB up: trims (the mappings everywhere, the heap on glibc)
    assert (t.base, t.trims, t.released) == (80 << 20, 1, 12 << 20)
    with pytest.raises(ValueError, match="min_growth"):
        heap.Trimmer(min_growth=-1)


@pytest.mark.skipif(not hasattr(mmap, "MADV_DONTNEED") or heap.own_rss() is None, reason="no madvise or /proc")
def test_the_trimmer_drops_the_pages_of_mapped_files_which_read_the_same_after(tmp_path):
    """A read-only file of 24 MiB mapped and read through, as the encoders' weights at a pass:
    its pages stay in RSS until the trimmer drops them; afterwards the mapping reads the same
    bytes (they come back from the page cache). Another process, so that RSS is its own."""
    path = tmp_path / "weights.bin"
    path.write_bytes(bytes(range(256)) * (24 << 12))
    code = """if True:
        import hashlib, mmap, sys
        import numpy as np
        from edge_agent import heap
        f = open(sys.argv[1], "rb")
        plain = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        arr = np.memmap(sys.argv[1], dtype=np.uint8, mode="r")
        heap.droppable(plain); heap.droppable(arr)
        closed = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        heap.droppable(closed); closed.close()         # closed: skipped, not an error
        t = heap.Trimmer()
        digest = hashlib.sha256(plain[:]).hexdigest()
        int(arr.astype(np.uint32).sum())                # both mappings read through
        grown = heap.own_rss()
        assert t()
        dropped = heap.own_rss()
        again = hashlib.sha256(plain[:]).hexdigest() == digest and bytes(arr[:256]) == bytes(range(256))
        print(grown - dropped, again, len(heap._MAPPED))
    """
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    fell, again, kept = out.stdout.split()
    assert int(fell) > 40 * (1 << 20)             # both mappings' 24 MiB, less what else moved
    assert again == "True" and kept == "2"


def test_only_file_mappings_are_droppable():
    with pytest.raises(TypeError, match="not a file mapping"):
        heap.droppable(bytearray(10))
    assert heap.drop(bytearray(10)) is False
