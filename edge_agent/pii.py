"""Personal data: masking phone, ID-card and bank-card numbers (for logs, and for storage
when the store is configured to mask instead of encrypt)."""

from __future__ import annotations

import re

from edge_agent.memory.extract import extract

SENSITIVE = {"phone", "id_card", "bank_card"}


def _mask(value: str) -> str:
    if "*" in value or "＊" in value:   # masked already ("188****1234" is read as a phone): masking twice changes nothing
        return value
    digits = [i for i, ch in enumerate(value) if ch.isdigit()]
    keep = set(digits[:3] + digits[-4:]) if len(digits) > 8 else set(digits[-2:])
    return "".join(ch if (i in keep or not ch.isdigit()) else "*" for i, ch in enumerate(value))


HEX_RUN = re.compile(r"((?<![0-9A-Za-z])[0-9a-f]{32,}(?![0-9A-Za-z]))")   # a digest: never a number to mask


def mask(text: str) -> str:
    """``text`` with phone, ID-card and bank-card numbers masked (138****5678); digests (32+
    lower-case hex characters, as the audit log's args_sha256) are left whole."""
    if HEX_RUN.search(text):
        return "".join(part if i % 2 else _mask_text(part) for i, part in enumerate(HEX_RUN.split(text)))
    return _mask_text(text)


def _mask_text(text: str) -> str:
    spans = sorted(((f.start, f.end) for f in extract(text) if f.category in SENSITIVE), reverse=True)
    for start, end in spans:
        text = text[:start] + _mask(text[start:end]) + text[end:]
    return re.sub(r"(?<!\d)1[3-9]\d{9}(?!\d)", lambda m: _mask(m.group()), text)
