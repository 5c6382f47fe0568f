"""Personal data: masking phone, ID-card and bank-card numbers (for logs, and for storage
when the store is configured to mask instead of encrypt)."""

from __future__ import annotations

import re

from edge_agent.memory.extract import extract

SENSITIVE = {"phone", "id_card", "bank_card"}


def _mask(value: str) -> str:
    digits = [i for i, ch in enumerate(value) if ch.isdigit()]
    keep = set(digits[:3] + digits[-4:]) if len(digits) > 8 else set(digits[-2:])
    return "".join(ch if (i in keep or not ch.isdigit()) else "*" for i, ch in enumerate(value))


def mask(text: str) -> str:
    """``text`` with phone, ID-card and bank-card numbers masked (138****5678)."""
    spans = sorted(((f.start, f.end) for f in extract(text) if f.category in SENSITIVE), reverse=True)
    for start, end in spans:
        text = text[:start] + _mask(text[start:end]) + text[end:]
    return re.sub(r"(?<!\d)1[3-9]\d{9}(?!\d)", lambda m: _mask(m.group()), text)
