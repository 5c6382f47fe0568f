"""edge-agent profile: per-board memory report, JSON and PNG."""

from __future__ import annotations

import json
import subprocess
import sys

from edge_agent.board.profiles import load_profile
from tests.test_profiles import toml_line


def profile(args, timeout=300):
    return subprocess.run([sys.executable, "-m", "edge_agent.cli", "profile", *args], capture_output=True,
                          text=True, timeout=timeout)


def test_profile_reports_json_and_png(tmp_path):
    out = profile(["--board", "dayu200-rk3568", "--turns", "60", "--sessions", "40",
                   "--json", str(tmp_path / "p.json"), "--png", str(tmp_path / "p.png")])
    assert out.returncode == 0, out.stderr
    report = json.loads((tmp_path / "p.json").read_text())
    assert report["board"] == "dayu200-rk3568" and report["budget_mb"] == 512
    assert set(report["strategies"]) == {"full", "fixed", "sliding", "summary", "hybrid"}
    for s in report["strategies"].values():
        assert s["peak_rss_mb"] > 0 and set(s["tokens"]) == {"15", "60"} and isinstance(s["fits"], bool)
        assert s["peak_rss_with_model_mb"] > s["peak_rss_mb"]   # DAYU200 runs the local model
    assert report["max_sessions"] > 40 and report["local_model"]["kv_cache_mb"] == 45.0 * 34 / 64   # q8_0
    assert "limit" in report["note"]
    assert (tmp_path / "p.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "sessions this board holds" in out.stdout


def test_a_budget_too_small_does_not_fit(tmp_path):
    tiny = load_profile("taurus-hi3516dv300").as_dict() | {"name": "tiny", "agent_budget_mb": 20}
    path = tmp_path / "tiny.toml"
    path.write_text("\n".join(toml_line(k, v) for k, v in tiny.items() if k != "local_model") + "\n")
    out = profile(["--board", str(path), "--turns", "20", "--sessions", "10", "--json", str(tmp_path / "t.json")])
    assert out.returncode == 0, out.stderr
    report = json.loads((tmp_path / "t.json").read_text())
    assert not any(s["fits"] for s in report["strategies"].values()) and "NO" in out.stdout
