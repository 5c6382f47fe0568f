"""The flat term index under recall (edge_agent/memory/postings.py) against a plain one."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from edge_agent.memory import postings
from edge_agent.memory.postings import TermIndex, count_in, distinct, term_id, term_ids


@pytest.mark.parametrize("sorted_from", [16384, 40, 1])
def test_find_and_tf_match_a_plain_index_through_adds_and_drops(monkeypatch, sorted_from):
    monkeypatch.setattr(postings, "SORTED_FROM", sorted_from)
    rng = random.Random(sorted_from)
    vocab = [f"w{i}" for i in range(60)] + ["订单", "地址", "😀"]
    index, docs = TermIndex(), []          # docs: (start, {term: tf}) of the live ones, oldest first
    for step in range(1500):
        bag = {t: rng.randint(1, 70000) for t in rng.sample(vocab, rng.randint(0, 8))}
        docs.append((index.add(bag), bag))
        if len(docs) > 120 and rng.random() < 0.6:
            docs.pop(0)
            index.drop_before(docs[0][0])
        if step % 37 == 0:
            query = rng.sample(vocab, 5) + ["absent"]
            found = index.find(term_id(t) for t in query)
            for t in query:
                want = [start + list(bag).index(t) for start, bag in docs if t in bag]
                got = found.get(term_id(t), np.zeros(0, dtype=np.int64))
                assert got.tolist() == want, (step, t)
                assert index.tf(got).tolist() == [min(bag[t], postings.TF_MAX) for _, bag in docs if t in bag]
    assert index.start == docs[0][0] and len(index) == index.end - docs[0][0]


def test_count_in_and_term_ids():
    covered = term_ids(["a", "b", "订单", "a"])
    assert len(covered) == 3 and list(covered) == sorted(covered)
    ids = np.array([term_id("a"), term_id("c"), term_id("订单")], dtype=np.uint32)
    assert count_in(ids, covered) == 2
    assert count_in(ids, term_ids([])) == 0 and count_in(ids[:0], covered) == 0


def test_distinct_is_numpys_unique_without_numpy_ma():
    rng = np.random.default_rng(5)
    for n in (0, 1, 2, 7, 300):
        a = rng.integers(0, 20, n).astype(np.uint32)
        assert np.array_equal(distinct(a), np.unique(a)) and distinct(a).dtype == np.uint32
    code = ("import sys; from edge_agent.memory.postings import term_ids; term_ids(['a', 'b', 'a']); "
            "print('numpy.ma' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False"]     # np.unique would import it (1.25 MiB of RSS)
