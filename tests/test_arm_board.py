"""make arm-board's test archive (the board's tests, packed when the release is deployed) and its core."""

from __future__ import annotations

import shutil
import subprocess
import tarfile

import pytest

from bench.arm_board import BOARD_CPU, BOARD_TESTS, PROJECT, TESTS_ARCHIVE, pack_tests, sshd_config


def test_the_archive_holds_every_board_test_as_it_is_now_and_no_bytecode(tmp_path):
    pack_tests(tmp_path)
    with tarfile.open(tmp_path / TESTS_ARCHIVE) as tar:
        names = set(tar.getnames())
        packed = {name: tar.extractfile(f"suite/{name}").read() for name in BOARD_TESTS}
    assert {"suite/pyproject.toml", "suite/tests/conftest.py", "suite/bench/evalsets"} <= names
    assert packed == {name: (PROJECT / name).read_bytes() for name in BOARD_TESTS}
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


def test_every_session_on_the_board_runs_on_the_core_asked_for():
    assert "SetEnv QEMU_CPU=cortex-a72\n" in sshd_config(BOARD_CPU)
    assert "SetEnv QEMU_CPU=cortex-a76\n" in sshd_config("cortex-a76")


def test_qemu_knows_the_board_core():
    qemu = shutil.which("qemu-aarch64") or shutil.which("qemu-aarch64-static")
    if qemu is None:
        pytest.skip("no qemu-user here (make servers installs it)")
    cores = subprocess.run([qemu, "-cpu", "help"], capture_output=True, text=True).stdout.split()   # exits 1 after the list
    assert BOARD_CPU in cores
