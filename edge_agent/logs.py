"""Logging for the daemon: phone, ID-card and bank-card numbers are masked in every record
(message and traceback alike) by a filter on the handlers."""

from __future__ import annotations

import logging
import os
from collections import deque

from edge_agent.errors import ConfigError
from edge_agent.pii import mask


class MaskingFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = mask(record.getMessage()), None
        if record.exc_info:
            record.exc_text = mask(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True


class RecentLines(logging.Handler):
    """The last ``size`` formatted records (masked like every other handler's), for the page."""

    def __init__(self, size: int = 200) -> None:
        super().__init__()
        self.lines: deque[str] = deque(maxlen=size)
        self.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        self.addFilter(MaskingFilter())

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


RECENT = RecentLines()


def setup(level: int | None = None) -> None:
    """Log to stderr with personal numbers masked; the level from ``level``, else
    EDGE_AGENT_LOG_LEVEL (DEBUG, INFO, WARNING, ERROR), else INFO."""
    if level is None:
        name = os.environ.get("EDGE_AGENT_LOG_LEVEL", "INFO").upper()
        level = logging.getLevelName(name)
        if not isinstance(level, int):
            raise ConfigError(f"EDGE_AGENT_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, got {name!r}",
                              key="EDGE_AGENT_LOG_LEVEL")
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    root = logging.getLogger()
    for handler in root.handlers:
        if not any(isinstance(f, MaskingFilter) for f in handler.filters):
            handler.addFilter(MaskingFilter())
    if RECENT not in root.handlers:
        root.addHandler(RECENT)
