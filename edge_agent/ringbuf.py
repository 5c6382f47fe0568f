"""The one place that picks the ring buffer implementation.

The C module ``edge_agent._ringbuf`` is used when it was built; ``EDGE_AGENT_NO_EXTENSIONS=1``
forces the pure-Python specification (``edge_agent._ringbuf_py``). ``IMPLEMENTATION`` says
which one is in use ("c" or "py"), and the choice is logged once at import.
"""

from __future__ import annotations

import logging
import os

from edge_agent._ringbuf_py import GROUP_START, ORPHAN, Record

log = logging.getLogger("edge_agent.ringbuf")

RingBuffer: type
if os.environ.get("EDGE_AGENT_NO_EXTENSIONS", "") not in ("", "0"):
    from edge_agent._ringbuf_py import RingBuffer

    IMPLEMENTATION = "py"
    REASON = "EDGE_AGENT_NO_EXTENSIONS is set"
else:
    try:
        from edge_agent._ringbuf import RingBuffer  # type: ignore[no-redef]

        IMPLEMENTATION = "c"
        REASON = "C extension loaded"
    except ImportError as exc:  # not built on this machine: the specification serves
        from edge_agent._ringbuf_py import RingBuffer  # type: ignore[assignment]

        IMPLEMENTATION = "py"
        REASON = f"C extension unavailable: {exc}"

log.info("ring buffer implementation: %s (%s)", IMPLEMENTATION, REASON)

__all__ = ["GROUP_START", "IMPLEMENTATION", "ORPHAN", "REASON", "Record", "RingBuffer"]
