"""Generalisation benchmark of the conversation memory on independently written evaluation sets.

    python -m bench.generalize [--split dev|test|both] [--n-en 4] [--n-zh 6] [--n-mixed 3] [--n-long 4]
                               [--sets english_long,...] [--json FILE]
    (--sets chinese_trad,chinese2_trad: the Chinese sets converted to Traditional script)
    python -m bench.generalize --facts [--json FILE]
    python -m bench.generalize --ablation [--split ...]     # what summary, recall and facts each earn
    python -m bench.generalize --settle ...   # flush() after every message, as in the daemon (see below)

The evaluation data (bench/evalsets/) was written without looking at the memory's extractor or
retrieval code. Seeds 0-99 are "dev" (tune on these), seeds 1000-1099 are "test" (never tune on).

Memories compared on every conversation:
- "full (ceiling)": create_memory("full") without a budget, i.e. everything is in context;
- "naive baseline": implemented here, newest messages filling half the history budget + BM25 (words
  and CJK character bigrams) over the older single messages filling the other half, oldest-first;
- "daemon default": the daemon's memory_config() at the set's budget;
- every strategy in STRATEGIES with its library defaults at the set's budget
  (english/mixed/english_long: max_tokens=2848, reserve_tokens=800; chinese: max_tokens=4096, reserve_tokens=800).

english_long (bench/evalsets/english_long.py) is the long set: 20-30 sessions, ~15-21k tokens per
conversation, >= 45 questions each (fact, temporal, multi-hop, update, preference, paraphrase).

Per question: evidence share = fraction of its evidence turns whose content is a substring of the
joined context contents; answer hit = every answer word occurs (case-insensitive) in the joined
contents (ASCII words as whole tokens, see answer_in()). Also context tokens (ctx.tokens) and memory ms per turn = (time in add() for every message
+ time in context() calls) / turns; flush() time is reported separately. For the Chinese set
"recall@120" is its answer share, and "<=1500" whether its mean context is at most 1500 tokens.

--settle calls flush() after every message. Without it a summary or hybrid memory's background
compression, started by add() and one at a time, finishes only at the flush() before a question,
so a long chat is compressed once; the daemon's loop lets each compression finish while a reply
is written, so --settle is how a session in the daemon goes (RESULTS 34.2).

--facts measures the pinned key-fact table (mem.facts) on bench/evalsets/facts_labelled.py (splits dev,
test) and facts_labelled_en2.py (200 English dev-only messages, split "dev2"); the matching rule is in
facts_score().
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import math
import re
import time
from collections import Counter, defaultdict
from pathlib import Path

from bench.common import table, write_json
from bench.evalsets import chinese_cs, chinese_cs2, chinese_cs3, diary_long, english_chat, english_long, friends_long, mixed
from bench.evalsets.common import seeds

T2S = Path(__file__).resolve().parents[1] / "edge_agent" / "memory" / "t2s.txt"


def traditional(generate):
    """A Chinese set as typed in Traditional script: every text of a conversation, its questions
    and their answers converted character for character by the inverse of t2s.txt (for a
    Simplified character with several Traditional forms, the first in the table's order). It
    checks that everything the memory reads (facts, recall, question kinds, vectors) reads
    Traditional as it reads Simplified; it does not test OpenCC's choices of form."""
    lines = T2S.read_text(encoding="utf-8").splitlines()
    s2t: dict[int, int] = {}
    for t, s in zip(lines[1], lines[2]):
        s2t.setdefault(ord(s), ord(t))

    def gen(seed):
        conv, tr = generate(seed), (lambda x: x.translate(s2t))
        return dataclasses.replace(
            conv, system=tr(conv.system), turns=[dataclasses.replace(t, content=tr(t.content)) for t in conv.turns],
            questions=[dataclasses.replace(q, text=tr(q.text), answer=[tr(a) for a in q.answer]) for q in conv.questions])
    return gen


SETS = {"english": (english_chat.generate, 2848, 800), "chinese": (chinese_cs.generate, 4096, 800),
        "mixed": (mixed.generate, 2848, 800), "english_long": (english_long.generate, 2848, 800),
        "friends_long": (friends_long.generate, 2848, 800), "chinese2": (chinese_cs2.generate, 4096, 800),
        "diary_long": (diary_long.generate, 2848, 800), "chinese3": (chinese_cs3.generate, 4096, 800),
        # run only when named (--sets): the Chinese sets in Traditional script
        "chinese_trad": (traditional(chinese_cs.generate), 4096, 800),
        "chinese2_trad": (traditional(chinese_cs2.generate), 4096, 800)}


# ------------------------------------------------------------------------------ naive baseline
_WORD = re.compile(r"[a-z0-9]+(?:[._@-][a-z0-9]+)*")
_CJK = re.compile(r"[\u3400-\u9fff]+")


def bm25_tokens(text: str) -> list[str]:
    """Lower-cased words/numbers plus CJK character bigrams (a lone CJK character stays a unigram)."""
    text = text.lower()
    toks = _WORD.findall(text)
    for run in _CJK.findall(text):
        toks.extend([run] if len(run) == 1 else [run[i:i + 2] for i in range(len(run) - 1)])
    return toks


@dataclasses.dataclass
class _Ctx:
    messages: list
    tokens: int
    sections: dict


class NaiveMemory:
    """Recency half + BM25 half over older single messages; same message cost as counter(content)+4."""

    def __init__(self, counter, max_tokens: int, reserve_tokens: int, system: str = "", k1=1.2, b=0.75):
        self.counter, self.system, self.k1, self.b = counter, system, k1, b
        self.sys_tokens = counter(system) + 4 if system else 0
        self.budget = max_tokens - reserve_tokens - self.sys_tokens
        self.msgs, self.cost, self.tf, self.len = [], [], [], []
        self.df = Counter()

    async def add(self, m):
        toks = bm25_tokens(m.content)
        self.msgs.append({"role": m.role, "content": m.content})
        self.cost.append(self.counter(m.content) + 4)
        tf = Counter(toks)
        self.tf.append(tf)
        self.len.append(len(toks))
        self.df.update(tf.keys())

    async def flush(self):
        return None

    def context(self, query: str = "") -> _Ctx:
        half, n = self.budget // 2, len(self.msgs)
        recent, used, i = [], 0, n - 1
        while i >= 0 and used + self.cost[i] <= half:
            used += self.cost[i]
            recent.append(i)
            i -= 1
        older = range(0, i + 1)
        picked, used_old = [], 0
        q = set(bm25_tokens(query))
        if q and len(older):
            avg = sum(self.len[j] for j in older) / len(older) or 1.0
            idf = {t: math.log(1 + (n - self.df[t] + 0.5) / (self.df[t] + 0.5)) for t in q}
            scored = []
            for j in older:
                tf, s = self.tf[j], 0.0
                for t in q:
                    f = tf.get(t)
                    if f:
                        s += idf[t] * f * (self.k1 + 1) / (f + self.k1 * (1 - self.b + self.b * self.len[j] / avg))
                if s > 0:
                    scored.append((-s, -j))
            for _, nj in sorted(scored):
                j = -nj
                if used_old + self.cost[j] <= self.budget - used:
                    picked.append(j)
                    used_old += self.cost[j]
                if used_old >= half:
                    break
        order = sorted(picked) + sorted(recent)
        msgs = ([{"role": "system", "content": self.system}] if self.system else []) + [self.msgs[j] for j in order]
        return _Ctx(msgs, self.sys_tokens + used + used_old, {"system": self.sys_tokens, "recent": used, "bm25": used_old})


# ------------------------------------------------------------------------------ memories
def ablation_factories(max_tokens: int, reserve: int):
    """The daemon's default memory, and the same without one of its blocks (what each earns)."""
    from edge_agent.config import Config
    from edge_agent.daemon import memory_config
    from edge_agent.memory import create_memory

    cfg = dataclasses.replace(Config(), max_tokens=max_tokens, reserve_tokens=reserve)
    kw = memory_config(cfg, None)
    variants = {"daemon default": {}, "without summary": {"summary_token_limit": 1},
                "without recall": {"recall": False}, "without facts": {"facts": False}}
    return {name: (lambda extra: lambda system: create_memory(cfg.strategy, system=system, **{**kw, **extra}))(extra)
            for name, extra in variants.items()}


def print_ablation(split: str, res: dict) -> None:
    """Answer and evidence points each block earns per 100 of its tokens (default minus the
    memory without it, over the block's mean tokens in the default)."""
    rows = []
    for set_name in SETS:
        base = res.get(f"{set_name}/daemon default")
        if not base:
            continue
        for block, section in (("summary", "summary"), ("recall", "recall"), ("facts", "facts")):
            other = res[f"{set_name}/without {block}"]
            tokens = base["sections"][section]
            gain_a, gain_e = base["answer"] - other["answer"], base["evidence"] - other["evidence"]
            rows.append([set_name, block, tokens, gain_e, gain_a,
                         100 * gain_e / tokens if tokens else float("nan"),
                         100 * gain_a / tokens if tokens else float("nan")])
    print(f"\n== what each block earns ({split}) ==")
    print(table(["set", "block", "mean tokens", "evidence gained", "answers gained", "evidence /100 tok",
                 "answers /100 tok"], rows))


def memory_factories(max_tokens: int, reserve: int):
    from edge_agent.config import Config
    from edge_agent.daemon import memory_config
    from edge_agent.memory import STRATEGIES, create_memory
    from edge_agent.tokens import default_counter

    counter = default_counter()
    cfg = dataclasses.replace(Config(), max_tokens=max_tokens, reserve_tokens=reserve)
    try:
        kw = memory_config(cfg, None)
    except TypeError:
        kw = memory_config(cfg)
    out = {"full (ceiling)": lambda system: create_memory("full", system=system),
           "naive baseline": lambda system: NaiveMemory(counter, max_tokens, reserve, system),
           "daemon default": lambda system: create_memory(cfg.strategy, system=system, **kw)}
    for s in STRATEGIES:
        out[s] = (lambda s: lambda system: create_memory(s, max_tokens=max_tokens, reserve_tokens=reserve, system=system))(s)
    return out


def score(ctx, q, turns) -> tuple[float, bool]:
    joined = "\n".join(m["content"] for m in ctx.messages)
    ev = sum(turns[i].content in joined for i in q.evidence) / len(q.evidence) if q.evidence else 1.0
    low = joined.lower()
    return ev, all(answer_in(a, low) for a in q.answer)


def answer_in(word: str, low: str) -> bool:
    """Case-insensitive presence; ASCII words/numbers must be whole tokens ("3" does not match "2023"
    or "13"), anything containing CJK or other characters is a plain substring."""
    w = word.lower()
    if re.fullmatch(r"[a-z0-9][a-z0-9 .&'-]*", w):
        return re.search(r"(?<![a-z0-9])" + re.escape(w) + r"(?![a-z0-9])", low) is not None
    return w in low


async def run_conversation(conv, factory, settle: bool = False) -> dict:
    """Every message added in order, the questions asked where they fall. Without ``settle`` a
    background compression started by ``add`` finishes only at the ``flush()`` before a
    question (one at a time: a 240-message chat is compressed once); with it every message
    is followed by ``flush()``, as in the daemon, whose loop lets a compression finish while
    the reply is written (the same chat is compressed eight times)."""
    from edge_agent.messages import Message

    mem = factory(conv.system)
    asked = defaultdict(list)
    for q in conv.questions:
        asked[len(conv.turns) - 1 if q.asked_at is None else q.asked_at].append(q)
    t_mem = t_flush = 0.0
    res = []
    for i, t in enumerate(conv.turns):
        t0 = time.perf_counter()
        await mem.add(Message(role=t.role, content=t.content, ts=t.ts))
        t_mem += time.perf_counter() - t0
        if settle:
            t0 = time.perf_counter()
            await mem.flush()
            t_flush += time.perf_counter() - t0
        for q in asked.get(i, ()):
            t0 = time.perf_counter()
            await mem.flush()
            t1 = time.perf_counter()
            ctx = mem.context(query=q.text)
            t_mem += time.perf_counter() - t1
            t_flush += t1 - t0
            ev, hit = score(ctx, q, conv.turns)
            res.append({"kind": q.kind, "evidence": ev, "answer": hit, "tokens": ctx.tokens,
                        "sections": dict(ctx.sections)})
    n = len(conv.turns)
    return {"id": conv.id, "questions": res, "ms_per_turn": 1000 * t_mem / n, "flush_ms_per_turn": 1000 * t_flush / n}


def mean(xs):
    xs = list(xs)
    return sum(xs) / len(xs) if xs else float("nan")


async def run_split(split: str, counts: dict, factories=None, settle: bool = False) -> dict:
    out = {}
    for set_name, (gen, max_tokens, reserve) in SETS.items():
        convs = [gen(s) for s in list(seeds(split))[:counts.get(set_name, 0)]]
        if not convs:
            continue
        for mem_name, factory in (factories or memory_factories)(max_tokens, reserve).items():
            per_conv, err = [], None
            for c in convs:
                try:
                    per_conv.append(await run_conversation(c, factory, settle))
                except Exception as e:  # a crashing memory is reported, not fatal
                    err = f"{type(e).__name__}: {e}"
                    break
            qs = [q for r in per_conv for q in r["questions"]]
            row = {"conversations": len(per_conv), "questions": len(qs), "error": err,
                   "evidence": mean(q["evidence"] for q in qs), "answer": mean(q["answer"] for q in qs),
                   "tokens": mean(q["tokens"] for q in qs),
                   "sections": {k: mean(q["sections"][k] for q in qs) for k in (qs[0]["sections"] if qs else {})},
                   "ms_per_turn": mean(r["ms_per_turn"] for r in per_conv),
                   "flush_ms_per_turn": mean(r["flush_ms_per_turn"] for r in per_conv),
                   "by_kind": {k: {"n": len(v), "evidence": mean(x["evidence"] for x in v),
                                   "answer": mean(x["answer"] for x in v), "tokens": mean(x["tokens"] for x in v),
                                   "recall_tokens": mean(x["sections"].get("recall", 0) for x in v)}
                               for k, v in _group(qs).items()},
                   "budget": [max_tokens, reserve]}
            if set_name.startswith("chinese"):
                row["recall@120"] = row["answer"]
                row["tokens<=1500"] = bool(row["tokens"] <= 1500)
            out[f"{set_name}/{mem_name}"] = row
            print(f"  {split} {set_name:8s} {mem_name:15s} ans={row['answer']:.2f} ev={row['evidence']:.2f} "
                  f"tok={row['tokens']:.0f} {err or ''}", flush=True)
    return out


def _group(qs):
    g = defaultdict(list)
    for q in qs:
        g[q["kind"]].append(q)
    return g


def print_table(split: str, res: dict):
    rows = []
    for key, r in res.items():
        s, m = key.split("/", 1)
        rows.append([s, m, r["questions"], r["evidence"], r["answer"], r["tokens"], r["ms_per_turn"], r["flush_ms_per_turn"],
                     r.get("recall@120", "-") if s.startswith("chinese") else "-",
                     ("yes" if r["tokens<=1500"] else "no") if s.startswith("chinese") else "-", r["error"] or ""])
    print(f"\n== split: {split} ==")
    print(table(["set", "memory", "questions", "evidence", "answer", "ctx tokens", "ms/turn", "flush ms/turn",
                 "recall@120", "<=1500", "error"], rows))
    kinds = [[*key.split("/", 1), kind, k["n"], k["evidence"], k["answer"], k["tokens"], k["recall_tokens"]]
             for key, r in res.items() if key.endswith("/daemon default") for kind, k in sorted(r["by_kind"].items())]
    if kinds:
        print(f"\n== by question kind ({split}, daemon default) ==")
        print(table(["set", "memory", "kind", "questions", "evidence", "answer", "ctx tokens", "recall tokens"], kinds))


# ------------------------------------------------------------------------------ fact table
_EDGE = " \t\n,，。.;；:：!！?？、\"'“”‘’()（）[]【】"


def _norm(s: str) -> str:
    return str(s).strip(_EDGE).casefold()


def fact_matches(cat: str, val: str, exp_cat: str, exp_val: str, slack: int = 3) -> bool:
    """A predicted fact is correct for an expected one when the categories are equal and, after
    stripping surrounding whitespace/punctuation and case-folding, the predicted value equals the
    expected value or contains it with at most `slack` (3) extra characters. A predicted value that
    is only PART of the expected one (a model without its storage, an address without its number)
    does not count."""
    if cat != exp_cat:
        return False
    p, e = _norm(val), _norm(exp_val)
    return p == e or (e in p and len(p) - len(e) <= slack)


async def facts_score() -> dict:
    from edge_agent.memory import create_memory
    from edge_agent.messages import Message

    from bench.evalsets.facts_labelled import LABELLED, lang_of, split_of
    from bench.evalsets.facts_labelled_en2 import entries_dev2

    # the old dev/test splits unchanged; the 200 English dev-only messages reported as split "dev2"
    items = [(msg, expected, split_of(i)) for i, (msg, expected) in enumerate(LABELLED)] + entries_dev2()
    stats = defaultdict(lambda: Counter())
    fps, fns = [], []
    for i, (msg, expected, split) in enumerate(items):
        mem = create_memory("summary", max_tokens=4096, reserve_tokens=800)
        await mem.add(Message(role="user", content=msg, ts=1_700_000_000 + i))
        await mem.flush()
        facts = mem.facts() if callable(mem.facts) else mem.facts
        preds = [(str(f.category), str(f.value), str(getattr(f, "label", ""))) for f in facts]
        key = (lang_of(msg), split)
        st = stats[key]
        st["messages"] += 1
        st["predicted"] += len(preds)
        st["expected"] += len(expected)
        for c, v, lab in preds:
            if any(fact_matches(c, v, ec, ev) for ec, ev in expected):
                st["correct"] += 1
            else:
                fps.append({"message": msg, "category": c, "value": v, "label": lab, "no_fact_message": not expected,
                            "split": key[1]})
        for ec, ev in expected:
            if any(fact_matches(c, v, ec, ev) for c, v, _ in preds):
                st["matched"] += 1
            else:
                fns.append({"message": msg, "category": ec, "value": ev, "split": key[1],
                            "predicted": [f"{c}={v}" for c, v, _ in preds]})
    rows, out = [], {}
    for (lang, split), st in sorted(stats.items()):
        p = st["correct"] / st["predicted"] if st["predicted"] else float("nan")
        r = st["matched"] / st["expected"] if st["expected"] else float("nan")
        out[f"{lang}/{split}"] = {**st, "precision": p, "recall": r}
        rows.append([lang, split, st["messages"], st["predicted"], st["correct"], p, st["expected"], st["matched"], r])
    print(table(["lang", "split", "messages", "predicted", "correct", "precision", "expected", "matched", "recall"], rows))
    fps.sort(key=lambda f: (not f["no_fact_message"], f["category"]))
    print("\nworst false positives (facts from no-fact messages first):")
    for f in fps[:20]:
        print(f"  [{f['split']}] {f['category']}={f['value']!r} ({f['label']}) <- {f['message']}")
    print("\nsome missed facts:")
    for f in fns[:15]:
        print(f"  [{f['split']}] {f['category']}={f['value']!r} <- {f['message']}   got: {f['predicted']}")
    return {"scores": out, "false_positives": fps, "missed": fns}


def _only(factories, names: list[str], ap):
    """``factories`` restricted to ``names`` (an unknown name is an error that lists the known)."""
    known = list(factories(*SETS["english"][1:]))
    unknown = [n for n in names if n not in known]
    if unknown:
        ap.error(f"unknown memor(ies) {unknown}; known: {known}")
    return lambda max_tokens, reserve: {k: v for k, v in factories(max_tokens, reserve).items() if k in names}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=["dev", "test", "both"], default="both")
    ap.add_argument("--n-en", type=int, default=4)
    ap.add_argument("--n-zh", type=int, default=6)
    ap.add_argument("--n-mixed", type=int, default=3)
    ap.add_argument("--n-long", type=int, default=4, help="conversations of the english_long set")
    ap.add_argument("--sets", default=None, help="comma-separated subset of the sets (default: all), e.g. english_long")
    ap.add_argument("--facts", action="store_true", help="measure the key-fact table on facts_labelled instead")
    ap.add_argument("--ablation", action="store_true",
                    help="the daemon default with and without its summary, recall and facts: what each earns")
    ap.add_argument("--memories", default=None,
                    help="comma-separated subset of the memories (default: all), e.g. 'daemon default'")
    ap.add_argument("--settle", action="store_true",
                    help="flush() after every message, as the daemon lets each compression finish between turns")
    ap.add_argument("--json", default=None, help="output path (default bench/out/generalize[_facts].json)")
    a = ap.parse_args(argv)
    if a.facts:
        res = asyncio.run(facts_score())
        print("wrote", write_json("generalize_facts", res, a.json))
        return
    counts = {"english": a.n_en, "chinese": a.n_zh, "mixed": a.n_mixed, "english_long": a.n_long,
              "friends_long": a.n_long, "chinese2": a.n_zh, "diary_long": a.n_long, "chinese3": a.n_zh,
              "chinese_trad": a.n_zh if a.sets else 0, "chinese2_trad": a.n_zh if a.sets else 0}
    if a.sets:
        chosen = [x.strip() for x in a.sets.split(",") if x.strip()]
        unknown = [x for x in chosen if x not in SETS]
        if unknown:
            ap.error(f"unknown set(s) {unknown}; known: {sorted(SETS)}")
        counts = {k: (v if k in chosen else 0) for k, v in counts.items()}
    splits = ["dev", "test"] if a.split == "both" else [a.split]
    factories = ablation_factories if a.ablation else memory_factories
    if a.memories:
        factories = _only(factories, [x.strip() for x in a.memories.split(",") if x.strip()], ap)
    results = {}
    for sp in splits:
        results[sp] = asyncio.run(run_split(sp, counts, factories, a.settle))
    for sp in splits:
        print_table(sp, results[sp])
        if a.ablation:
            print_ablation(sp, results[sp])
    print("wrote", write_json("generalize", {"counts": counts, "settle": a.settle, "results": results}, a.json))


if __name__ == "__main__":
    main()
