"""Cloud and local backends and the router, against a real llama.cpp server on loopback."""

from __future__ import annotations

import asyncio
import time

import pytest

from edge_agent.backends import CircuitBreaker, Router, Timeouts, Usage
from edge_agent.backends.cloud import CloudBackend
from edge_agent.backends.local import LocalBackend
from edge_agent.errors import (AllBackendsFailed, BackendProtocolError, BackendTimeout, BackendUnavailable,
                               ConfigError, ContextOverflowError, InsufficientMemoryError)
from tests.servers import free_port

ASK = [{"role": "system", "content": "You are a helpful assistant."},
       {"role": "user", "content": "Name one colour."}]


def cloud(url, **kw):
    kw.setdefault("timeouts", Timeouts(connect_s=2, first_token_s=20, total_s=40))
    kw.setdefault("backoff_s", 0.01)
    return CloudBackend(url, model="smollm2", **kw)


async def test_cloud_complete_and_stream(cloud_url):
    c = cloud(cloud_url)
    try:
        done = await c.complete(ASK, max_tokens=8, temperature=0)
        assert done.text and done.backend == "cloud" and done.usage.prompt_tokens > 0
        deltas: list[str] = []
        streamed = await c.complete(ASK, max_tokens=8, temperature=0, stream=True, on_delta=deltas.append)
        assert streamed.text == "".join(deltas) and streamed.text
        assert streamed.first_token_s is not None and streamed.first_token_s <= streamed.total_s
    finally:
        await c.aclose()


def test_usage_reads_both_cached_fields():
    assert Usage.from_openai({"prompt_tokens": 10, "prompt_tokens_details": {"cached_tokens": 6}}).cached_tokens == 6
    assert Usage.from_openai({"prompt_tokens": 10, "prompt_cache_hit_tokens": 4}).cached_tokens == 4
    assert Usage.from_openai(None) == Usage()


FAULTS = [  # (proxy mode, stream, error the cloud raises)
    ("429", False, BackendUnavailable),
    ("500", False, BackendUnavailable),
    ("503", True, BackendUnavailable),
    ("slow_first_byte", False, BackendTimeout),
    ("cut_stream", True, BackendProtocolError),
    ("malformed_json", False, BackendProtocolError),
    ("wrong_content_type", False, BackendProtocolError),
    ("wrong_content_type", True, BackendProtocolError),
    ("endless", True, BackendTimeout),
]


@pytest.mark.parametrize("mode, stream, error", FAULTS)
async def test_each_fault_is_typed_then_falls_back_to_local(proxy, local, mode, stream, error):
    proxy.mode, proxy.delay_s = mode, 1.5
    timeouts = Timeouts(connect_s=2, first_token_s=1.0 if mode == "slow_first_byte" else 20, total_s=3)
    only = cloud(proxy.url, timeouts=timeouts)
    try:
        with pytest.raises(error):
            await only.complete(ASK, max_tokens=8, stream=stream)
    finally:
        await only.aclose()
    router = Router(cloud=cloud(proxy.url, timeouts=timeouts), local=local)
    routed = await router.complete(ASK, max_tokens=8, temperature=0, stream=stream)
    assert routed.backend == "local" and routed.completion.text
    assert routed.fallback_reason and "cloud" in routed.fallback_reason
    assert router.fallbacks == 1
    await router.backends[0].aclose()


async def test_refused_connection(local):
    dead = cloud(f"http://127.0.0.1:{free_port()}/v1")  # nothing listens there
    with pytest.raises(BackendUnavailable, match="connection failed"):
        await dead.complete(ASK)
    routed = await Router(cloud=dead, local=local).complete(ASK, max_tokens=4)
    assert routed.backend == "local"
    await dead.aclose()


async def test_429_is_retried_twice_honouring_retry_after(proxy):
    proxy.mode = "429"
    c = cloud(proxy.url)
    t0 = time.monotonic()
    with pytest.raises(BackendUnavailable) as info:
        await c.complete(ASK)
    assert info.value.status == 429 and proxy.requests == 3      # one try + at most 2 retries
    assert time.monotonic() - t0 >= 2.0                            # Retry-After: 1, twice
    await c.aclose()


async def test_breaker_opens_after_three_failures_then_probes(proxy):
    proxy.mode = "500"
    c = cloud(proxy.url, max_retries=0, breaker=CircuitBreaker(threshold=3, reset_s=0.5))
    for _ in range(3):
        with pytest.raises(BackendUnavailable):
            await c.complete(ASK)
    assert c.breaker.state == "open"
    with pytest.raises(BackendUnavailable, match="breaker open"):
        await c.complete(ASK)
    assert proxy.requests == 3          # the open breaker sent nothing
    await asyncio.sleep(0.6)
    proxy.mode = "pass"
    assert (await c.complete(ASK, max_tokens=4)).text   # the probe goes through and closes it
    assert c.breaker.state == "closed"
    await c.aclose()


async def test_outside_cancellation_is_not_a_timeout(proxy):
    proxy.mode, proxy.delay_s = "slow_first_byte", 5
    c = cloud(proxy.url)
    task = asyncio.create_task(c.complete(ASK))
    await asyncio.sleep(0.3)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await c.aclose()


async def test_local_context_overflow_before_any_llama_call(local):
    long = [{"role": "user", "content": "word " * 3000}]
    with pytest.raises(ContextOverflowError) as info:
        await local.complete(long)
    assert info.value.n_ctx == 1024 and info.value.n_tokens > 1024
    assert not local.loaded  # refused before loading or calling llama.cpp


async def test_local_refuses_to_load_past_available_ram():
    backend = LocalBackend(n_ctx=1024, available=lambda: 50 << 20)
    with pytest.raises(InsufficientMemoryError) as info:
        await backend.complete(ASK)
    assert info.value.needed > info.value.available and "MiB" in str(info.value)
    await backend.aclose()


async def test_local_kv_estimate_matches_the_formula(local):
    # SmolLM2-135M: 30 layers x 3 KV heads x 64 dims x 2 (K, V) x 2 bytes = 22.5 KiB per token
    assert local.shape.kv_bytes(1) == 22.5 * 1024
    assert local.shape.kv_bytes(2048) == 45 * 2**20
    # q8_0 (the default): 34 bytes per 32 values; q4_0: 18 per 32
    assert local.shape.kv_bytes(2048, "q8_0") == 2 * 30 * 3 * 64 * 2048 * 34 // 32
    assert local.shape.kv_bytes(2048, "q4_0") == 2 * 30 * 3 * 64 * 2048 * 18 // 32
    assert local.kv_cache == "q8_0" and local.kv_bytes() == local.shape.kv_bytes(local.n_ctx, "q8_0")
    with pytest.raises(ValueError, match="kv_cache"):
        local.shape.kv_cache("q5_k")


async def test_local_kv_cache_is_made_in_the_type_asked():
    for kind, ggml_type in (("q8_0", 8), ("f16", 1)):
        backend = LocalBackend(n_ctx=512, n_threads=1, kv_cache=kind)
        done = await backend.complete(ASK, max_tokens=4, temperature=0)
        assert done.text and done.usage.prompt_tokens > 0
        params = backend._llm.context_params
        assert (params.type_k, params.type_v) == (ggml_type, ggml_type) and params.flash_attn_type == 1   # enabled
        await backend.aclose()


async def test_local_stream_cancel_and_unload(local):
    deltas: list[str] = []
    task = asyncio.create_task(local.complete(ASK, max_tokens=200, stream=True, on_delta=deltas.append))
    while not deltas:
        await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    done = await local.complete(ASK, max_tokens=4, temperature=0)  # the lock was released
    assert done.text and done.usage.prompt_tokens > 0
    again = await local.complete(ASK, max_tokens=4, temperature=0)
    assert again.usage.cached_tokens > 0  # the unchanged prompt prefix was reused
    await local.unload()
    assert not local.loaded


async def test_router_policies(local):
    assert Router(local=local).policy == "local_only"
    with pytest.raises(ConfigError):
        Router(local=local, policy="cloud_only")
    with pytest.raises(ConfigError):
        Router(policy="round_robin", local=local)
    dead = cloud(f"http://127.0.0.1:{free_port()}/v1")
    with pytest.raises(AllBackendsFailed) as info:
        await Router(cloud=dead, policy="cloud_only").complete(ASK)
    assert set(info.value.errors) == {"cloud"}
    await dead.aclose()
