from __future__ import annotations

import subprocess
import sys

from edge_agent.cli import EXIT_ERROR, EXIT_OK, main


def test_info(capsys):
    assert main(["info"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "ring buffer:" in out and "tokenizer:" in out


def test_tokens(capsys, exact_counter):
    assert main(["tokens", "我叫王小明，订单号 #20250115001"]) == EXIT_OK
    assert int(capsys.readouterr().out) == exact_counter("我叫王小明，订单号 #20250115001")


def test_missing_tokenizer_is_a_clear_error(capsys, tmp_path):
    assert main(["tokens", "x", "--tokenizer", str(tmp_path / "none.json")]) == EXIT_ERROR
    assert "no such file" in capsys.readouterr().err


def test_console_script_reads_stdin():
    out = subprocess.run([sys.executable, "-m", "edge_agent.cli", "tokens", "-"], input="hello world",
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "2"
