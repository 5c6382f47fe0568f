from __future__ import annotations

import json
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


def test_models_lists_the_default(capsys):
    assert main(["models"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "SmolLM2-135M-Instruct.Q4_1.gguf (default)" in out and "(smollm, context 8192, chat template)" in out


def test_models_json_reads_each_files_header(tmp_path, capsys):
    (tmp_path / "broken.gguf").write_bytes(b"not a gguf at all")
    assert main(["models", "--dir", str(tmp_path), "--json"]) == EXIT_OK
    found = {m["file"]: m for m in json.loads(capsys.readouterr().out)}
    default = found["SmolLM2-135M-Instruct.Q4_1.gguf (default)"]
    assert default["family"] == "smollm" and default["architecture"] == "llama" and default["chat_template"]
    assert default["sampling"]["repeat_penalty"] == 1.1 and default["context_length"] == 8192
    assert "error" in found["broken.gguf"]                    # named, not a crash


# a loaded host may take longer than the default 30 s to a first token; these tests check answers
PATIENT = ["--first-token-s", "300", "--total-s", "600"]


def test_ask_json_on_the_local_model():
    import json

    out = subprocess.run([sys.executable, "-m", "edge_agent.cli", "ask", "Say hi.", "--json", "--threads", "1",
                          "--max-reply-tokens", "8", "--strategy", "sliding", *PATIENT],
                         capture_output=True, text=True, timeout=900, check=True)
    data = json.loads(out.stdout)
    assert set(data) == {"reply", "backend", "usage", "timings"} and data["backend"] == "local"


def test_ask_with_unreachable_cloud_only_is_a_backend_error():
    from tests.servers import free_port

    out = subprocess.run([sys.executable, "-m", "edge_agent.cli", "ask", "hi", "--policy", "cloud_only",
                          "--cloud-url", f"http://127.0.0.1:{free_port()}/v1"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 4 and "no backend could answer" in out.stderr


def test_chat_reads_turns_until_eof():
    out = subprocess.run([sys.executable, "-m", "edge_agent.cli", "chat", "--threads", "1",
                          "--max-reply-tokens", "6", "--strategy", "hybrid", *PATIENT],
                         input="Hello.\nName a colour.\n", capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("[local |") == 2 and "memory hybrid" in out.stdout


def test_doctor_and_sessions(tmp_path, capsys):
    import asyncio

    from edge_agent.memory import create_memory
    from edge_agent.messages import Message
    from edge_agent.store.sqlite import SQLiteStore

    async def seed():
        store = await SQLiteStore(tmp_path).open()
        mem = create_memory("sliding", counter=len)
        await mem.add(Message("user", "我叫王小明"))
        await store.append("local/one", [(0, mem.history()[0])], mem.export_state())
        await store.aclose()

    asyncio.run(seed())
    assert main(["doctor", "--state-dir", str(tmp_path)]) == EXIT_OK
    assert "ring buffer" in capsys.readouterr().out
    assert main(["sessions", "list", "--state-dir", str(tmp_path)]) == EXIT_OK
    assert "local/one\t1 messages" in capsys.readouterr().out
    assert main(["sessions", "show", "local/one", "--state-dir", str(tmp_path)]) == EXIT_OK
    assert "我叫王小明" in capsys.readouterr().out
    assert main(["sessions", "show", "local/none", "--state-dir", str(tmp_path)]) == EXIT_ERROR
    assert main(["sessions", "purge", "local/one", "--state-dir", str(tmp_path)]) == EXIT_OK
    assert "purged 1" in capsys.readouterr().out


def test_doctor_reports_both_encoders_as_the_daemon_finds_them(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("EDGE_AGENT_USE_DIR", raising=False)
    assert main(["doctor", "--state-dir", str(tmp_path)]) == EXIT_OK
    out = capsys.readouterr().out
    assert "encoder (English)" in out and "encoder (Chinese)" in out
    monkeypatch.setenv("EDGE_AGENT_ZH_ENCODER_DIR", str(tmp_path / "nowhere"))   # named, without the file
    assert main(["doctor", "--state-dir", str(tmp_path)]) == EXIT_ERROR
    assert "the daemon will not start: zh_encoder_dir" in capsys.readouterr().out
    monkeypatch.setenv("EDGE_AGENT_SEMANTIC_RECALL_ZH", "off")
    assert main(["doctor", "--state-dir", str(tmp_path)]) == EXIT_OK
    assert "off (config)" in capsys.readouterr().out


def test_sd_notify_reaches_the_socket(tmp_path, monkeypatch):
    import socket

    from edge_agent.daemon import sd_notify

    path = tmp_path / "notify.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(path))
        monkeypatch.setenv("NOTIFY_SOCKET", str(path))
        assert sd_notify("READY=1")
        assert sock.recv(64) == b"READY=1"
    monkeypatch.delenv("NOTIFY_SOCKET")
    assert not sd_notify("READY=1")


def test_a_deploy_without_multilingual_says_what_chinese_recall_gets():
    import dataclasses

    from edge_agent.board.profiles import load_profile
    from edge_agent.cli import _multilingual_hint

    board = load_profile("dayu200-rk3568")
    hint = _multilingual_hint(board, multilingual=False)
    assert hint and "--multilingual" in hint and "中文" in hint
    assert _multilingual_hint(board, multilingual=True) is None
    assert _multilingual_hint(dataclasses.replace(board, semantic_recall="off"), multilingual=False) is None
