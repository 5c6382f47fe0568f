"""edge_agent._compat behaves as Python 3.11's asyncio does, on every Python from 3.9 on."""

from __future__ import annotations

import asyncio
import dataclasses
import sys

import pytest

from edge_agent import _compat


async def test_timeout_expiry_is_the_builtin_timeout_error():
    with pytest.raises(TimeoutError) as info:
        async with _compat.timeout(0.01) as cm:
            await asyncio.sleep(10)
    assert type(info.value) is TimeoutError
    assert cm.expired()


async def test_timeout_that_does_not_expire():
    async with _compat.timeout(10) as cm:
        await asyncio.sleep(0)
    assert not cm.expired()


async def test_timeout_at_uses_the_loop_clock():
    loop = asyncio.get_running_loop()
    with pytest.raises(TimeoutError):
        async with _compat.timeout_at(loop.time() + 0.01) as cm:
            await asyncio.sleep(10)
    assert cm.expired()


async def test_reschedule_none_disarms():
    async with _compat.timeout(0.01) as cm:
        cm.reschedule(None)
        await asyncio.sleep(0.05)
    assert not cm.expired()


async def test_outside_cancellation_stays_a_cancellation():
    started = asyncio.Event()

    async def body():
        async with _compat.timeout(10):
            started.set()
            await asyncio.sleep(10)

    task = asyncio.ensure_future(body())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_inner_timeout_error_is_not_the_deadlines():
    """A TimeoutError raised by the body (a backend's own) passes through, not expired."""
    with pytest.raises(TimeoutError, match="own"):
        async with _compat.timeout(10) as cm:
            raise TimeoutError("own")
    assert not cm.expired()


async def test_gather_all_returns_in_order():
    async def val(x, delay):
        await asyncio.sleep(delay)
        return x

    assert await _compat.gather_all(val(1, 0.02), val(2, 0), val(3, 0.01)) == [1, 2, 3]
    assert await _compat.gather_all() == []


async def test_gather_all_cancels_the_rest_on_failure():
    cancelled = []

    async def slow():
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            cancelled.append(True)
            raise

    async def boom():
        await asyncio.sleep(0)
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        await _compat.gather_all(slow(), boom())
    assert cancelled == [True]


def test_slots_where_the_python_has_them():
    @dataclasses.dataclass(frozen=True, **_compat.SLOTS)
    class P:
        x: int

    assert P(1).x == 1
    assert hasattr(P, "__slots__") == (sys.version_info >= (3, 10))


def test_tomllib_parses():
    assert _compat.tomllib.loads('a = 1\n[b]\nc = "d"\n') == {"a": 1, "b": {"c": "d"}}
    with pytest.raises(_compat.tomllib.TOMLDecodeError):
        _compat.tomllib.loads("a = ")


async def test_wait_for_expiry_is_caught_by_timeout_errors():
    with pytest.raises(_compat.TIMEOUT_ERRORS):
        await asyncio.wait_for(asyncio.sleep(10), 0.01)


def test_bisect_left_with_key():
    rows = [(0, "a"), (2, "b"), (2, "c"), (5, "d")]
    key = lambda r: r[0]  # noqa: E731
    assert [_compat.bisect_left(rows, x, key=key) for x in (-1, 0, 1, 2, 3, 5, 6)] == [0, 0, 1, 1, 3, 3, 4]
    assert _compat.bisect_left(rows, 2, lo=2, key=key) == 2
    assert _compat.bisect_left([1, 3, 5], 4) == 2
