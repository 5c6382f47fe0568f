"""make arm-board's test archive: the board's tests, packed when the release is deployed."""

from __future__ import annotations

import tarfile

from bench.arm_board import BOARD_TESTS, PROJECT, TESTS_ARCHIVE, pack_tests


def test_the_archive_holds_every_board_test_as_it_is_now_and_no_bytecode(tmp_path):
    pack_tests(tmp_path)
    with tarfile.open(tmp_path / TESTS_ARCHIVE) as tar:
        names = set(tar.getnames())
        packed = {name: tar.extractfile(f"suite/{name}").read() for name in BOARD_TESTS}
    assert {"suite/pyproject.toml", "suite/tests/conftest.py", "suite/bench/evalsets"} <= names
    assert packed == {name: (PROJECT / name).read_bytes() for name in BOARD_TESTS}
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
