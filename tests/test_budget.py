from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from edge_agent.errors import BudgetError, ConfigError
from edge_agent.memory import create_memory
from edge_agent.memory.budget import MIN_CHUNKS, allocate, chunk_budget, rag_32k


def test_reference_split():
    a = rag_32k()
    assert (a.system, a.reply, a.query, a.recent + a.history, a.chunks) == (1000, 2000, 100, 4000, 5000)
    assert a.total == 12_100
    assert chunk_budget(32_768, system=1000, reply=2000, query=100, history=4000) == 25_668
    assert chunk_budget(8_000, system=1000, reply=2000, query=100, history=4800) == MIN_CHUNKS


def test_short_window_follows_priority():
    a = allocate(8_192, system=1000, reply=2000, query=100, recent=1500, chunks=5000, history=4000)
    assert (a.system, a.reply, a.query, a.recent) == (1000, 2000, 100, 1500)
    assert a.chunks == 3592 and a.history == 0    # chunks outrank older history
    b = allocate(4_000, system=1000, reply=2000, query=100, recent=800, chunks=5000, history=4000)
    assert (b.recent, b.chunks, b.history) == (800, 100, 0)   # the last rounds outrank chunks
    c = allocate(10_000, system=500, reply=1000, query=100, recent=1000, chunks=600, history=9000)
    assert c.chunks == 600 and c.history == 6800


@given(total=st.integers(0, 40_000), parts=st.lists(st.integers(0, 10_000), min_size=6, max_size=6))
def test_never_over_total(total, parts):
    system, reply, query, recent, chunks, history = parts
    if system > total:
        with pytest.raises(BudgetError):
            allocate(total, system=system, reply=reply, query=query, recent=recent, chunks=chunks, history=history)
        return
    a = allocate(total, system=system, reply=reply, query=query, recent=recent, chunks=chunks, history=history)
    assert a.total <= total
    assert a.chunks <= chunks and a.history <= history and a.recent <= recent


def test_bad_input():
    with pytest.raises(ConfigError):
        allocate(-1, system=0, reply=0, query=0, recent=0, chunks=0, history=0)


async def test_memory_takes_its_share():
    a = allocate(8_192, system=300, reply=1000, query=50, recent=800, chunks=3000, history=2000)
    mem = create_memory("sliding", **a.memory_config(), counter=len)
    assert mem.max_tokens - mem.reserve_tokens == a.system + a.recent + a.history
