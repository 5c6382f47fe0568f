"""Logging for the daemon: phone, ID-card and bank-card numbers are masked in every record
(message and traceback alike) by a filter on the handlers."""

from __future__ import annotations

import logging

from edge_agent.pii import mask


class MaskingFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = mask(record.getMessage()), None
        if record.exc_info:
            record.exc_text = mask(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True


def setup(level: int = logging.INFO) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, MaskingFilter) for f in handler.filters):
            handler.addFilter(MaskingFilter())
