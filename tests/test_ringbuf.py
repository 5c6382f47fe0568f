"""The ring buffer: one suite over the Python specification and the C module, plus a
hypothesis differential test that drives both with the same operations."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from edge_agent import _ringbuf_py
from edge_agent._ringbuf_py import GROUP_START, ORPHAN
from tests.conftest import STRICT, _ringbuf_c

U, A = 1, 2  # role codes used below (user, assistant)


def fill(ring, groups):
    """Push groups of (role, payload, tokens); the first of each group opens it."""
    evicted = []
    for g, group in enumerate(groups):
        for i, (role, payload, tokens) in enumerate(group):
            evicted += ring.push(role, payload, tokens, float(g), GROUP_START if i == 0 else 0)
    return evicted


def test_strict_build_uses_c():
    from edge_agent import ringbuf

    if STRICT:
        assert ringbuf.IMPLEMENTATION == "c", ringbuf.REASON
    assert ringbuf.IMPLEMENTATION in ("c", "py")


def test_no_extensions_env_forces_python():
    import subprocess
    import sys

    env = dict(os.environ, EDGE_AGENT_NO_EXTENSIONS="1")
    out = subprocess.run([sys.executable, "-c", "from edge_agent import ringbuf; print(ringbuf.IMPLEMENTATION)"],
                         env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "py"


def test_push_and_read(Ring):
    r = Ring(8, 1024)
    assert r.push(U, "你好".encode(), 3, 1.5, GROUP_START) == []
    r.push(A, b"hi", 2, 2.0)
    assert len(r) == 2 and r.total_tokens == 5 and r.total_bytes == 8
    assert r[0] == (0, U, GROUP_START, 3, 1.5, "你好".encode())
    assert r[-1] == (1, A, 0, 2, 2.0, b"hi")
    assert list(r) == [r[0], r[1]]
    assert r.next_seq == 2 and r.n_groups == 1


def test_evicts_whole_groups_and_returns_them(Ring):
    r = Ring(5, 1 << 16)
    fill(r, [[(U, b"q1", 1), (A, b"a1", 1)], [(U, b"q2", 1), (A, b"a2", 1)]])
    evicted = fill(r, [[(U, b"q3", 1), (A, b"a3", 1)]])
    assert [e[5] for e in evicted] == [b"q1", b"a1"]  # the whole oldest group, not one record
    assert [x[5] for x in r] == [b"q2", b"a2", b"q3", b"a3"]
    assert r.group_index(0) == 0 and r.group_index(1) == 2 and r.group_index(-1) == 2


def test_byte_bound_evicts(Ring):
    r = Ring(100, 64)
    for i in range(10):
        r.push(U, bytes([i]) * 20, 1, 0.0, GROUP_START)
        assert r.total_bytes <= 64 and r.capacity_bytes <= 64
    assert [x[5][0] for x in r] == [7, 8, 9]


def test_single_group_overflow_marks_orphan(Ring):
    r = Ring(3, 1 << 10)
    r.push(U, b"q", 1, 0.0, GROUP_START)
    r.push(A, b"a1", 1, 0.0)
    r.push(A, b"a2", 1, 0.0)
    evicted = r.push(A, b"a3", 1, 0.0)  # its own group is the only one: evicted whole
    assert [e[5] for e in evicted] == [b"q", b"a1", b"a2"]
    assert len(r) == 1 and r[0][2] & ORPHAN and r.n_groups == 1


def test_tail_fit_cuts_on_group_boundaries(Ring):
    r = Ring(100, 1 << 16)
    fill(r, [[(U, b"a", 10), (A, b"b", 10)], [(U, b"c", 5), (A, b"d", 5)], [(U, b"e", 3)]])
    assert r.tail_fit(1000) == 0
    assert r.tail_fit(13) == 2      # 5 + 5 + 3 = 13 fits from index 2
    assert r.tail_fit(12) == 4      # group 1 (10 tokens) + group 2 do not fit: only the last group
    assert r.tail_fit(2) == 5       # nothing fits
    assert r.tokens_from(2) == 13 and r.tokens_from(5) == 0


def test_errors_are_identical(Ring):
    with pytest.raises(ValueError):
        Ring(0, 10)
    with pytest.raises(ValueError):
        Ring(10, -1)
    with pytest.raises(TypeError):
        Ring("10", 10)
    r = Ring(4, 16)
    with pytest.raises(IndexError):
        r.pop_group()
    with pytest.raises(IndexError):
        r[0]
    with pytest.raises(TypeError):
        r.push(U, "text", 1, 0.0)
    with pytest.raises(ValueError):
        r.push(U, b"x" * 17, 1, 0.0)
    with pytest.raises(ValueError):
        r.push(300, b"x", 1, 0.0)
    with pytest.raises(ValueError):
        r.push(U, b"x", -1, 0.0)
    with pytest.raises(TypeError):
        r.push(U, b"x", 1, "now")
    with pytest.raises(ValueError):
        r.tail_fit(-1)
    with pytest.raises(IndexError):
        r.group_index(0)


def test_iteration_during_mutation_raises(Ring):
    r = Ring(8, 1024)
    fill(r, [[(U, b"a", 1)], [(U, b"b", 1)]])
    it = iter(r)
    next(it)
    r.push(U, b"c", 1, 0.0, GROUP_START)
    with pytest.raises(RuntimeError):
        next(it)


def test_compact_shrinks_arena(Ring):
    r = Ring(1000, 1 << 20)
    for i in range(200):
        r.push(U, b"x" * 100, 1, 0.0, GROUP_START)
    big = r.capacity_bytes
    while len(r) > 2:
        r.pop_group()
    r.compact()
    assert r.capacity_bytes < big and r.capacity_bytes >= r.total_bytes
    assert [x[5] for x in r] == [b"x" * 100] * 2


@pytest.mark.skipif(_ringbuf_c is None, reason="C extension not built")
def test_c_record_overhead_is_small():
    """Bytes held per stored message in the C ring: payload + at most 64 bytes."""
    import sys

    n, payload = 4096, b"y" * 60
    r = _ringbuf_c.RingBuffer(n, n * len(payload))
    for i in range(n):
        r.push(U, payload, 1, 0.0, GROUP_START if i % 2 == 0 else 0)
    per_message = sys.getsizeof(r) / n
    assert per_message <= len(payload) + 64, per_message


# -- differential: both implementations, the same operations, identical observations ------
payloads = st.binary(max_size=48)


@settings(max_examples=300, stateful_step_count=80, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
class Differential(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.rings = None

    @rule(max_records=st.integers(1, 16), max_bytes=st.integers(1, 256))
    @precondition(lambda self: self.rings is None)
    def create(self, max_records, max_bytes):
        self.rings = (_ringbuf_py.RingBuffer(max_records, max_bytes), _ringbuf_c.RingBuffer(max_records, max_bytes))

    @rule(role=st.integers(0, 3), payload=payloads, tokens=st.integers(0, 400),
          ts=st.floats(allow_nan=False, allow_infinity=False), flags=st.integers(0, 255))
    @precondition(lambda self: self.rings is not None)
    def push(self, role, payload, tokens, ts, flags):
        out = []
        for r in self.rings:
            try:
                out.append(("ok", r.push(role, payload, tokens, ts, flags)))
            except Exception as exc:  # compare the exception type
                out.append(("err", type(exc)))
        assert out[0] == out[1]

    @rule()
    @precondition(lambda self: self.rings is not None)
    def pop_group(self):
        out = []
        for r in self.rings:
            try:
                out.append(r.pop_group())
            except IndexError:
                out.append(IndexError)
        assert out[0] == out[1]

    @rule()
    @precondition(lambda self: self.rings is not None)
    def compact(self):
        for r in self.rings:
            r.compact()

    @rule()
    @precondition(lambda self: self.rings is not None)
    def clear(self):
        a, b = (r.clear() for r in self.rings)
        assert a == b

    @rule(budget=st.integers(0, 3000))
    @precondition(lambda self: self.rings is not None)
    def tail_fit(self, budget):
        a, b = (r.tail_fit(budget) for r in self.rings)
        assert a == b
        r = self.rings[0]
        assert a == len(r) or r.tokens_from(a) <= budget
        if a < len(r):
            assert a == 0 or r.tokens_from(max(i for i in range(a) if i in self._starts(r))) > budget

    @staticmethod
    def _starts(r):
        return {r.group_index(g) for g in range(r.n_groups)}

    @invariant()
    def same_state(self):
        if self.rings is None:
            return
        a, b = self.rings
        assert list(a) == list(b)
        assert (len(a), a.total_tokens, a.total_bytes, a.n_groups, a.capacity_bytes, a.next_seq) == \
               (len(b), b.total_tokens, b.total_bytes, b.n_groups, b.capacity_bytes, b.next_seq)
        assert [a.group_index(g) for g in range(a.n_groups)] == [b.group_index(g) for g in range(b.n_groups)]
        assert len(a) <= a.max_records and a.total_bytes <= a.max_bytes
        assert a.total_tokens == sum(x[3] for x in a)
        if len(a):
            assert a.group_index(0) == 0


@pytest.mark.skipif(_ringbuf_c is None, reason="C extension not built")
def test_differential():
    Differential.TestCase().runTest()
