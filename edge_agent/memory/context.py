"""The prompt a memory builds for one turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from edge_agent._compat import SLOTS

SECTIONS = ("system", "facts", "summary", "recall", "recent")


@dataclass(**SLOTS)
class Context:
    """``messages`` are OpenAI-style dicts ready to send; ``tokens`` their total by the
    memory's counter (overhead included); ``sections`` the tokens of each part."""

    messages: list[dict[str, Any]]
    tokens: int
    sections: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SECTIONS, 0))
    mode: str = ""
    prefix_tokens: int = 0   # tokens of the leading messages identical to the previous prompt's
    labels: list[str] = field(default_factory=list)   # each message's section (SECTIONS), when the memory says

    def text(self) -> str:
        """All contents joined: what a recall check searches."""
        return "\n".join(str(m.get("content", "")) for m in self.messages)
