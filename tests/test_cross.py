"""The C ring core, the encoder core and the BPE core on 64-bit and 32-bit ARM: cross-compiled and run under qemu-user."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ("aarch64-linux-gnu-gcc", "arm-linux-gnueabihf-gcc", "qemu-aarch64", "qemu-arm")


@pytest.mark.skipif(not all(shutil.which(t) for t in TOOLS), reason="cross compilers / qemu-user not installed")
def test_cross_check_on_arm():
    out = subprocess.run(["make", "-s", "cross-check"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "all checks passed (64-bit)" in out.stdout and "all checks passed (32-bit)" in out.stdout
    assert "encoder core (neon kernel): ok" in out.stdout      # aarch64's NEON sums
    assert "encoder core (c kernel): ok" in out.stdout         # armhf's plain C ones
    assert out.stdout.count("bpe core: ok") == 2                # both ARMs
