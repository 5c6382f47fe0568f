"""Conversation sync: recognise the messages a session already holds in a resent conversation.

Nearly every client resends the whole conversation on every request; some send only the new
message; some resend a window of the newest messages. Each session keeps a ``SyncLog``: one
16-byte digest per stored message (role, name, tool_call_id, content, tool calls with their
arguments re-serialized canonically), computed once when the message is stored or when the
session comes back from the store. A request's messages (its leading system messages taken
out: they set the session's system prompt) are digested once and matched by content and
order, never by position:

1. The request starts with everything the session holds: the rest is the new tail.
2. Otherwise the longest run of the session's newest messages that the request starts with
   (a client sending only its new message matches none; a client resending a window of the
   newest messages matches that window): the rest is the new tail. Only the session's last
   ``len(request)`` digests are looked at (Knuth-Morris-Pratt), so the cost is linear in
   what the client sends, whatever the session holds.
3. The request starts like the session (its first message is the session's first) but
   differs later, or stops short of what the session holds, while sending more than one
   message: the history diverged (an earlier message edited, a reply regenerated). Nothing
   is stored; ``Diverged`` names the first request message that differs. The daemon answers
   a 409 for a session the client named, and gives an unnamed conversation a session of its
   own (see api/turns.py).

An empty tail is fine when the session's newest message still waits for its answer (the
client retries after a failure): the turn answers it without storing it again.

Messages the daemon made itself (the calls it ran on the device and their results, the turns
a schedule started: ``toolcalls.is_internal``) are stored but never part of the log: no
client sends them back. An assistant message that mixed the daemon's calls with the
client's is logged as the client saw it, with the client's calls only.

The log also knows the tool calls the session issued and which have their results, so a
tool result for an unknown call, a second result for one call, or a new message while calls
wait for their results is refused (``ToolResultError``) before anything is stored.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from edge_agent.errors import EdgeAgentError
from edge_agent.messages import Message
from edge_agent.toolcalls import canonical_arguments, client_calls, is_internal
from edge_agent._compat import SLOTS


class Diverged(EdgeAgentError):
    """The resent history differs from the session's at ``index`` (of the request's messages)."""

    def __init__(self, index: int, held: int) -> None:
        super().__init__(f"messages[{index}] differs from what the session holds (it holds {held} messages; "
                         "send only the new messages, or continue in a new session)")
        self.index = index
        self.held = held


class ToolResultError(EdgeAgentError, ValueError):
    """A tool message (or the message after one) breaks the call/result pairing; ``field`` names it."""

    def __init__(self, field: str, message: str, code: str = "invalid_tool_result") -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.code = code     # "invalid_tool_result", or "invalid_messages" when nothing is left to answer


def digest(msg: Message, mask: Callable[[str], str] | None = None) -> bytes:
    """The identity of a message for sync (its timestamp is not part of it)."""
    content = mask(msg.content) if mask is not None and msg.content else msg.content
    h = hashlib.blake2b(digest_size=16)
    calls = [(c.get("id"), (c.get("function") or {}).get("name"),
              canonical_arguments((c.get("function") or {}).get("arguments") or ""))
             for c in msg.tool_calls or []]
    for part in (msg.role, msg.name or "", msg.tool_call_id or "", content,
                 json.dumps(calls, ensure_ascii=False) if calls else ""):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.digest()


@dataclass(**SLOTS)
class Match:
    start: int                  # index of the first new message in the request
    held: int                   # messages the session held


@dataclass(**SLOTS)
class SyncLog:
    """Digests of a session's stored messages (system prompt excluded), oldest first."""

    mask: Callable[[str], str] | None = None
    digests: list[bytes] = field(default_factory=list)
    pending: dict[str, str] = field(default_factory=dict)   # call id -> tool name, waiting for a result
    issued: set[str] = field(default_factory=set)            # every call id the session issued
    last_role: str | None = None
    last_user: str = ""

    def append(self, msg: Message) -> None:
        if is_internal(msg):
            return
        seen = client_calls(msg.tool_calls)
        if msg.tool_calls and seen != msg.tool_calls:
            msg = dataclasses.replace(msg, tool_calls=seen)
        self.digests.append(digest(msg, self.mask))
        self._follow(msg, self.pending, self.issued)
        self.last_role = msg.role
        if msg.role == "user":
            self.last_user = msg.content

    @staticmethod
    def _follow(msg: Message, pending: dict[str, str], issued: set[str]) -> None:
        if msg.role == "tool":
            pending.pop(msg.tool_call_id or "", None)
        elif msg.tool_calls:
            pending.clear()
            for call in msg.tool_calls:
                pending[call["id"]] = (call.get("function") or {}).get("name", "")
                issued.add(call["id"])
        elif msg.role == "user":
            pending.clear()

    def match(self, incoming: Sequence[bytes]) -> Match:
        """Where the new messages start in ``incoming``; raises Diverged (see the module)."""
        held, k = self.digests, len(incoming)
        n = len(held)
        p = 0
        while p < min(n, k) and held[p] == incoming[p]:
            p += 1
        if p == n:
            return Match(n, n)
        overlap = _suffix_prefix(held[max(0, n - k):], incoming)
        if p >= 1 and k > 1 and overlap < 2:
            raise Diverged(p, n)
        return Match(overlap, n)

    def check_tail(self, tail: Sequence[Message], offset: int) -> None:
        """Refuse a tail that breaks the call/result pairing (``offset``: its index in the request)."""
        pending, issued = dict(self.pending), set(self.issued)
        for i, msg in enumerate(tail, offset):
            if msg.role == "tool":
                if msg.tool_call_id not in pending:
                    why = "was already answered" if msg.tool_call_id in issued else "was never issued in this session"
                    raise ToolResultError(f"messages[{i}].tool_call_id", f"tool call {msg.tool_call_id!r} {why}")
            elif pending:
                raise ToolResultError(f"messages[{i}]", f"tool calls {', '.join(sorted(pending))} have no result "
                                                        "yet: send a tool message for each first")
            if msg.tool_calls and any(c["id"] in issued for c in msg.tool_calls):
                raise ToolResultError(f"messages[{i}].tool_calls", "reuses a tool call id this session issued")
            self._follow(msg, pending, issued)
        if pending:
            raise ToolResultError("messages", f"tool calls {', '.join(sorted(pending))} have no result yet")
        last = tail[-1].role if tail else self.last_role
        if last not in ("user", "tool"):
            where = f"messages[{offset + len(tail) - 1}]" if tail else "messages"
            raise ToolResultError(where, "nothing to answer: the conversation must end with the user's message or "
                                         "tool results", "invalid_messages")


def _suffix_prefix(text: Sequence[bytes], pattern: Sequence[bytes]) -> int:
    """Length of the longest prefix of ``pattern`` that ``text`` ends with (KMP, linear)."""
    if not text or not pattern:
        return 0
    fail = [0] * len(pattern)
    j = 0
    for i in range(1, len(pattern)):
        while j and pattern[i] != pattern[j]:
            j = fail[j - 1]
        if pattern[i] == pattern[j]:
            j += 1
        fail[i] = j
    j = 0
    for item in text:
        while j and (j == len(pattern) or item != pattern[j]):
            j = fail[j - 1]
        if item == pattern[j]:
            j += 1
    return j
