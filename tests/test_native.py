"""The C cores' own unit tests (native/test_ringbuf_core.c, test_encoder_core.c, test_bpe_core.c), built and run natively."""

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


@pytest.mark.skipif(shutil.which("gcc") is None, reason="no C compiler")
@pytest.mark.parametrize("plain_c", [False, True], ids=["simd", "plain-c"])
def test_encoder_core_unit_test(tmp_path, plain_c):
    """The SIMD kernel's and the plain C kernel's sums against a plain loop, under ASan + UBSan."""
    exe = tmp_path / "test_encoder_core"
    subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-O1", "-g", "-ffp-contract=off",
                    "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined", f"-I{NATIVE}",
                    str(NATIVE / "encoder_core.c"), str(NATIVE / "test_encoder_core.c"), "-lm", "-o", str(exe)],
                   check=True, capture_output=True, text=True)
    env = {"PATH": "/usr/bin:/bin", "ASAN_OPTIONS": "detect_leaks=1"}
    if plain_c:
        env["EDGE_AGENT_ENCODER_PLAIN_C"] = "1"
    out = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    assert ": ok" in out.stdout and ("(c kernel)" in out.stdout) == plain_c


@pytest.mark.skipif(shutil.which("gcc") is None, reason="no C compiler")
def test_bpe_core_unit_test(tmp_path):
    """Fixed words and 20,000 random ones against a plain quadratic BPE, under ASan + UBSan."""
    exe = tmp_path / "test_bpe_core"
    subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-O1", "-g",
                    "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined", f"-I{NATIVE}",
                    str(NATIVE / "bpe_core.c"), str(NATIVE / "test_bpe_core.c"), "-o", str(exe)],
                   check=True, capture_output=True, text=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120,
                         env={"PATH": "/usr/bin:/bin", "ASAN_OPTIONS": "detect_leaks=1"})
    assert out.returncode == 0, out.stderr
    assert "bpe core: ok" in out.stdout


@pytest.mark.skipif(shutil.which("clang") is None, reason="no clang (make setup installs it)")
def test_libfuzzer_target_runs_clean_for_a_bounded_time(tmp_path):
    """`make fuzz` for 15 s: libFuzzer over random ring programs under ASan + UBSan."""
    out = subprocess.run(["make", "-s", "fuzz", "FUZZ_SECONDS=15"], cwd=NATIVE.parent, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    runs = int(next(line for line in out.stderr.splitlines() if "number_of_executed_units" in line).split()[-1])
    assert runs > 1000 and "ERROR" not in out.stderr
