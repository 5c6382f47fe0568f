"""Messages, roles and their compact encoding as ring-buffer records.

A turn group is a user message and everything after it until the next user message
(assistant replies, tool calls and tool results). Memories evict and keep whole groups, so
no tool result is ever separated from its call and no reply from its question.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from edge_agent.errors import InvalidMessageError
from edge_agent._compat import SLOTS

Role = Literal["system", "user", "assistant", "tool"]
ROLES: tuple[str, ...] = ("system", "user", "assistant", "tool")
ROLE_CODES = {name: code for code, name in enumerate(ROLES)}

# Record flags (bit 0 and 1 belong to the ring: GROUP_START, ORPHAN).
FLAG_EXTRA = 0x04   # payload is JSON with the fields beyond role/content
FLAG_CAPPED = 0x08  # content is over the per-message cap; the context shows head + tail


def _check_text(name: str, value: object, *, optional: bool) -> None:
    if value is None and optional:
        return
    if not isinstance(value, str):
        raise InvalidMessageError(name, f"must be a str, not {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidMessageError(name, f"is not valid Unicode text (lone surrogate at index {exc.start})") from None


@dataclass(frozen=True, **SLOTS)
class Message:
    """One chat message. ``ts`` is seconds since the epoch (default: now)."""

    role: Role
    content: str
    name: str | None = None
    tool_call_id: str | None = None
    tool_calls: list[dict[str, Any]] | None = None
    ts: float = field(default_factory=time.time)

    def __post_init__(self) -> None:
        if not isinstance(self.role, str) or self.role not in ROLE_CODES:
            raise InvalidMessageError("role", f"must be one of {', '.join(ROLES)}; got {self.role!r}")
        _check_text("content", self.content, optional=False)
        _check_text("name", self.name, optional=True)
        _check_text("tool_call_id", self.tool_call_id, optional=True)
        if self.tool_calls is not None and not (isinstance(self.tool_calls, list)
                                                and all(isinstance(c, dict) for c in self.tool_calls)):
            raise InvalidMessageError("tool_calls", "must be a list of dicts or None")
        if self.role == "tool" and not self.tool_call_id:
            raise InvalidMessageError("tool_call_id", "is required for role 'tool'")
        if isinstance(self.ts, bool) or not isinstance(self.ts, (int, float)) or self.ts != self.ts:
            raise InvalidMessageError("ts", f"must be a number of seconds, not {self.ts!r}")

    def to_dict(self) -> dict[str, Any]:
        """The OpenAI-style dict for this message."""
        out: dict[str, Any] = {"role": self.role, "content": self.content}
        if self.name is not None:
            out["name"] = self.name
        if self.tool_call_id is not None:
            out["tool_call_id"] = self.tool_call_id
        if self.tool_calls is not None:
            out["tool_calls"] = self.tool_calls
        return out

    @property
    def extra(self) -> dict[str, Any] | None:
        """Fields beyond role and content, or None."""
        d = self.to_dict()
        del d["role"], d["content"]
        return d or None

    @classmethod
    def from_dict(cls, data: dict[str, Any], ts: float | None = None) -> Message:
        if not isinstance(data, dict):
            raise InvalidMessageError("*", f"a message must be a dict, not {type(data).__name__}")
        unknown = set(data) - {"role", "content", "name", "tool_call_id", "tool_calls"}
        if unknown:
            raise InvalidMessageError(sorted(unknown)[0], f"is not a message field ({', '.join(sorted(unknown))})")
        if "role" not in data:
            raise InvalidMessageError("role", "is missing")
        content = data.get("content")
        kw = {k: data[k] for k in ("name", "tool_call_id", "tool_calls") if k in data}
        return cls(role=data["role"], content="" if content is None else content,
                   ts=time.time() if ts is None else ts, **kw)


def encode_payload(msg: Message) -> tuple[bytes, int]:
    """Ring payload and flags for a message: plain UTF-8 content, or JSON with extras."""
    extra = msg.extra
    if extra is None:
        return msg.content.encode("utf-8"), 0
    extra["content"] = msg.content
    return json.dumps(extra, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), FLAG_EXTRA


def decode_payload(role_code: int, payload: bytes, flags: int, ts: float) -> Message:
    """The message a ring record holds (inverse of encode_payload)."""
    role = ROLES[role_code]
    if flags & FLAG_EXTRA:
        fields = json.loads(payload)
        return Message(role=role, ts=ts, **fields)  # type: ignore[arg-type]
    return Message(role=role, content=payload.decode("utf-8"), ts=ts)  # type: ignore[arg-type]


def payload_dict(role_code: int, payload: bytes, flags: int) -> dict[str, Any]:
    """The OpenAI-style dict of a ring record, without re-validating (checked on add)."""
    if flags & FLAG_EXTRA:
        d = json.loads(payload)
        d["role"] = ROLES[role_code]
        return d
    return {"role": ROLES[role_code], "content": payload.decode("utf-8")}


def text_for_counting(msg: Message) -> str:
    """What a token counter sees of a message: content plus name and tool calls."""
    if msg.tool_calls is None and msg.name is None:
        return msg.content
    parts = [msg.content]
    if msg.name:
        parts.append(msg.name)
    if msg.tool_calls is not None:
        parts.append(json.dumps(msg.tool_calls, ensure_ascii=False, separators=(",", ":")))
    return "\n".join(parts)
