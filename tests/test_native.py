"""The C core's own unit test (native/test_ringbuf_core.c), built and run natively."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

NATIVE = Path(__file__).resolve().parents[1] / "native"


@pytest.mark.skipif(shutil.which("gcc") is None, reason="no C compiler")
def test_c_core_unit_test(tmp_path):
    exe = tmp_path / "test_ringbuf_core"
    subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-O1", "-g", f"-I{NATIVE}",
                    str(NATIVE / "ringbuf_core.c"), str(NATIVE / "test_ringbuf_core.c"), "-o", str(exe)],
                   check=True, capture_output=True, text=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "all checks passed" in out.stdout
