"""Leak test: 1,000,000 push/evict cycles on the C ring in a subprocess; RSS must stay flat."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import _ringbuf_c

SCRIPT = r"""
import json, psutil
from edge_agent._ringbuf import RingBuffer
proc = psutil.Process()
r = RingBuffer(256, 16384)
payload = "会话内容 payload ".encode() * 3
def cycle(n):
    for i in range(n):
        r.push(1, payload, 7, float(i), 1 if i % 3 == 0 else 0)
        if i % 1000 == 999:
            r.pop_group(); r.tail_fit(500); r[0]; list(r)
cycle(100_000)            # warm up: arena and record array at full size
before = proc.memory_info().rss
cycle(1_000_000)
after = proc.memory_info().rss
print(json.dumps({"before": before, "after": after}))
"""


@pytest.mark.slow
@pytest.mark.skipif(_ringbuf_c is None, reason="C extension not built")
def test_million_cycles_do_not_leak():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True, timeout=300)
    rss = json.loads(out.stdout)
    growth = rss["after"] - rss["before"]
    assert growth < 2 * 1024 * 1024, f"RSS grew by {growth} bytes over 1,000,000 push/evict cycles"
