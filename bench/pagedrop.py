"""What dropping the encoders' mapped pages after work costs the next pass (edge_agent/heap.py).

    python -m bench.pagedrop [--json bench/out/pagedrop.json] [--messages 100]

The daemon's trimmer, after work, drops the resident pages of the read-only files it maps
(the encoders' int8 weights, the packed vocabularies): they leave its RSS and stay in the page
cache. The next pass maps them again. Here, in one process with both encoders loaded (the
English MiniLM in C and the multilingual USE), each message of the eval sets (english_chat and
chinese_cs, seed 0) is encoded alone, as a daemon does, twice: with the pages mapped from the
pass before, and right after ``heap.drop_mapped()`` (every pass pays the faults; the daemon
pays them at most once per watchdog sample, i.e. once per turn or less). Reported: time per
message (p50, p90), the minor page faults per pass, and the RSS the drop gave back.
"""

from __future__ import annotations

import argparse
import resource
import time

from bench.common import percentile, table, write_json

MiB = 1 << 20


def rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize()


def passes(encode, texts: list[str], drop) -> dict:
    """Each text encoded alone; ``drop()`` before each (untimed); times and minor faults."""
    times, faults = [], []
    for text in texts:
        drop()
        f0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        t0 = time.perf_counter()
        encode([text])
        times.append(1000 * (time.perf_counter() - t0))
        faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - f0)
    return {"ms_p50": round(percentile(times, 50), 2), "ms_p90": round(percentile(times, 90), 2),
            "ms_mean": round(sum(times) / len(times), 2), "faults_mean": round(sum(faults) / len(faults), 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", default=None, help="default: bench/out/pagedrop.json")
    ap.add_argument("--messages", type=int, default=100)
    a = ap.parse_args()
    from bench.evalsets import chinese_cs, english_chat
    from edge_agent import heap
    from edge_agent.memory.encoder_source import LazyEncoder, LazyUse

    encoders = {"MiniLM (English)": (LazyEncoder(), english_chat), "USE (multilingual)": (LazyUse(), chinese_cs)}
    out, rows = {"messages": a.messages}, []
    for name, (enc, evalset) in encoders.items():
        texts = [t.content for t in evalset.generate(0).turns][:a.messages]
        enc.encode(texts[:2])                                  # loaded, and its pages mapped
        before = rss()
        heap.drop_mapped()
        released = (before - rss()) / MiB
        mapped = passes(enc.encode, texts, lambda: None)
        dropped = passes(enc.encode, texts, heap.drop_mapped)
        mapped_again = passes(enc.encode, texts, lambda: None)   # the order's own drift
        out[name] = {"released_mib": round(released, 1), "mapped": mapped, "dropped": dropped,
                     "mapped_again": mapped_again}
        for label, r in (("pages mapped", mapped), ("after a drop", dropped), ("pages mapped, again", mapped_again)):
            rows.append([name, label, f"{r['ms_p50']:.2f}", f"{r['ms_p90']:.2f}", f"{r['ms_mean']:.2f}",
                         f"{r['faults_mean']:.0f}", f"{released:.1f}" if label == "after a drop" else ""])
    print(table(["encoder", "pass", "ms p50", "ms p90", "ms mean", "minor faults", "RSS dropped MiB"], rows))
    write_json("pagedrop", out, a.json)


if __name__ == "__main__":
    main()
