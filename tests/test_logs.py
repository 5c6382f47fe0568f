from __future__ import annotations

import io
import logging

from edge_agent.logs import MaskingFilter
from edge_agent.pii import mask


def test_mask():
    assert mask("手机 13812345678，身份证 110101199003074518") == "手机 138****5678，身份证 110***********4518"
    assert mask("no numbers here") == "no numbers here"
    once = mask("手机 13812345678，身份证 110101199003074518，卡 6222 0212 3456 7890 123")
    assert mask(once) == once            # a masked number is read as one (188****1234) and stays as it is


def test_log_records_and_tracebacks_are_masked():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(MaskingFilter())
    log = logging.getLogger("edge_agent.test-masking")
    log.addHandler(handler)
    log.propagate = False
    try:
        log.warning("user said %s", "我的手机是 13812345678")
        try:
            raise ValueError("bank card 6222 0200 1234 5678 901 rejected")
        except ValueError:
            log.exception("failed")
    finally:
        log.removeHandler(handler)
    out = stream.getvalue()
    assert "13812345678" not in out and "138****5678" in out
    assert "6222 0200 1234 5678" not in out and "ValueError" in out
