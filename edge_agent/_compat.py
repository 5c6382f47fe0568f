"""What Python 3.9 and 3.10 lack and edge-agent uses, in one place.

Python 3.9 is the floor: Debian 11 and many RK3568 / Raspberry Pi images ship it, Ubuntu
22.04 (most RK3588 boards) ships 3.10. Everything version-dependent is decided here, once:

- ``SLOTS``: ``@dataclass(**SLOTS)`` gives slotted dataclasses where ``slots=`` exists (3.10+).
- ``tomllib``: the standard one from 3.11, else the ``tomli`` backport (same API).
- ``timeout`` / ``timeout_at``: ``asyncio.timeout`` from 3.11, else ``async-timeout`` (which
  aiohttp already requires on those Pythons), wrapped so that both raise the builtin
  ``TimeoutError`` on expiry and answer ``expired()`` as a method. Before 3.11
  ``asyncio.TimeoutError`` is not the builtin one: code here only ever catches the builtin.
- ``TIMEOUT_ERRORS``: what ``asyncio.wait_for`` may raise on expiry, on every Python.
- ``bisect_left``: with ``key=`` (3.10+), else the same binary search written out.
- ``BaseExceptionGroup``: the builtin from 3.11, else the ``exceptiongroup`` backport when
  installed (anyio brings it), else a class nothing is an instance of.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

PY310 = sys.version_info >= (3, 10)
PY311 = sys.version_info >= (3, 11)
SLOTS: dict[str, Any] = {"slots": True} if PY310 else {}
TIMEOUT_ERRORS = (TimeoutError, asyncio.TimeoutError)

if PY311:
    import tomllib
else:  # pragma: no cover - exercised by the 3.9 suite (make test-py39)
    import tomli as tomllib

if PY311:
    timeout = asyncio.timeout
    timeout_at = asyncio.timeout_at
else:  # pragma: no cover - exercised by the 3.9 suite
    import async_timeout

    class _Timeout:
        """``asyncio.timeout``'s behaviour over async-timeout: expiry raises the builtin
        ``TimeoutError``; an outside cancellation stays a cancellation."""

        __slots__ = ("_cm",)

        def __init__(self, cm: async_timeout.Timeout) -> None:
            self._cm = cm

        async def __aenter__(self) -> _Timeout:
            await self._cm.__aenter__()
            return self

        async def __aexit__(self, et: Any, exc: Any, tb: Any) -> bool | None:
            try:
                return await self._cm.__aexit__(et, exc, tb)
            except asyncio.TimeoutError as err:
                raise TimeoutError() from err

        def expired(self) -> bool:
            flag = self._cm.expired
            return bool(flag() if callable(flag) else flag)

        def reschedule(self, when: float | None) -> None:
            self._cm.update(when) if when is not None else self._cm.reject()

    def timeout(delay: float | None) -> _Timeout:
        return _Timeout(async_timeout.timeout(delay))

    def timeout_at(when: float | None) -> _Timeout:
        return _Timeout(async_timeout.timeout_at(when))

if PY310:
    from bisect import bisect_left
else:  # pragma: no cover - exercised by the 3.9 suite
    def bisect_left(a: Any, x: Any, lo: int = 0, hi: int | None = None, *, key: Any = None) -> int:
        """The first index in ``a[lo:hi]`` whose ``key(item)`` is not below ``x``."""
        hi = len(a) if hi is None else hi
        while lo < hi:
            mid = (lo + hi) // 2
            if (a[mid] if key is None else key(a[mid])) < x:
                lo = mid + 1
            else:
                hi = mid
        return lo

if PY311:
    BaseExceptionGroup = BaseExceptionGroup  # noqa: PLW0127 - the builtin, re-exported
else:  # pragma: no cover - exercised by the 3.9 suite
    try:
        from exceptiongroup import BaseExceptionGroup
    except ImportError:
        class BaseExceptionGroup(BaseException):  # type: ignore[no-redef]
            """Stands for the type on a Python where nothing can raise one."""


async def gather_all(*coros: Any) -> list[Any]:
    """Run ``coros`` concurrently and return their results in order, like a TaskGroup: the
    first failure cancels the others, waits for them, and is raised."""
    tasks = [asyncio.ensure_future(c) for c in coros]
    try:
        return list(await asyncio.gather(*tasks))
    except BaseException:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        raise
