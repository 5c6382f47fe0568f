"""``remember``, ``forget``, ``search_history``: the session's own memory as tools.

``remember`` pins a fact in the session's key-fact table: a key the table already has (by
key or label, any case) gets the new value and keeps the old one with its turn (the
table's superseding rule); a new key is a ``note`` fact. ``forget`` takes a fact out of the
table (the messages it came from stay in the history). Both go through the table's
``export`` / ``restore``, so its rendering and version stay the table's own. The table is
stored with the session's next commit. ``search_history`` runs the recall archive's BM25
over the turns that left the window, each line under its day when the archive dates them.
"""

from __future__ import annotations

import time
from typing import Any

from edge_agent.errors import ToolRefused
from edge_agent.tools.base import CallContext, Tool, arg, params

MAX_KEY = 64
MAX_VALUE = 500


def _table(tool: str, ctx: CallContext):
    mem = ctx.memory
    table = getattr(mem, "facts", None)
    if table is None:
        raise ToolRefused(tool, "this session keeps no fact table (its memory strategy has facts off)")
    return mem, table


def _find(items: list[dict], key: str) -> dict | None:
    """The fact ``key`` names: by key, label, note key, or category when only one fact has it."""
    k = key.strip().lower()
    exact = [i for i in items if i["key"].lower() in (k, f"note:{k}") or i["label"].lower() == k]
    if exact:
        return exact[0]
    same = [i for i in items if i["category"].lower() == k]
    return same[0] if len(same) == 1 else None


def _label(item: dict) -> str:
    return item["label"] if item["label"] and item["label"] != "self" else item["category"]


def remember(ctx: CallContext, key: str, value: str) -> str:
    mem, table = _table("remember", ctx)
    key, value = key.strip(), value.strip()
    if not key or len(key) > MAX_KEY or not value or len(value) > MAX_VALUE:
        raise ToolRefused("remember", f"key needs 1-{MAX_KEY} characters and value 1-{MAX_VALUE}")
    turn = mem.stats.turns
    items = table.export()
    item = _find(items, key)
    if item is None:
        order = max((i["order"] for i in items), default=0) + 1
        items.append({"key": f"note:{key.lower()}", "category": "note", "label": key, "value": value,
                      "turn": turn, "order": order, "history": [], "ts": time.time()})
        said = f"remembered {key}: {value}"
    elif item["value"] == value:
        return f"already remembered: {_label(item)}: {value}"
    else:
        item["history"].append([item["value"], item["turn"]])
        said = f"{_label(item)} is now {value} (was {item['value']})"
        item["value"], item["turn"], item["ts"] = value, turn, time.time()
    table.restore(items)
    return said


def forget(ctx: CallContext, key: str) -> str:
    mem, table = _table("forget", ctx)
    items = table.export()
    item = _find(items, key)
    if item is None:
        known = ", ".join(_label(i) for i in items) or "none"
        raise ToolRefused("forget", f"no fact {key!r} (facts: {known})")
    table.restore([i for i in items if i is not item])
    return f"forgot {_label(item)} ({item['value']})"


def search_history(ctx: CallContext, query: str, k: int = 5) -> str:
    archive = getattr(ctx.memory, "archive", None)
    if archive is None:
        raise ToolRefused("search_history", "this session keeps no recall archive (its memory strategy has recall off)")
    hits = archive.search(query, k=max(1, min(k, 20)))
    if not hits:
        return "nothing in the earlier history matches"
    return "\n".join(f"{i}. {_dated(hit)}" for i, hit in enumerate(hits, 1))


def _dated(hit) -> str:
    """A hit's line, under its day when the archive dates its hits (``Hit.day`` / ``Hit.ts``;
    an archive of plain ``(line, tokens, score, id)`` tuples gives the line alone)."""
    if not hasattr(hit, "line"):
        return hit[0]
    day = getattr(hit, "day", "") or (time.strftime("%Y-%m-%d", time.localtime(hit.ts)) if hasattr(hit, "ts") else "")
    return f"[{day}] {hit.line}" if day else hit.line


def memory_tools() -> list[Tool]:
    async def run_remember(a: dict[str, Any], ctx: CallContext) -> str:
        return remember(ctx, arg(a, "key", "string", "remember"), arg(a, "value", "string", "remember"))

    async def run_forget(a: dict[str, Any], ctx: CallContext) -> str:
        return forget(ctx, arg(a, "key", "string", "forget"))

    async def run_search(a: dict[str, Any], ctx: CallContext) -> str:
        return search_history(ctx, arg(a, "query", "string", "search_history"),
                              arg(a, "k", "integer", "search_history", 5))

    s = {"type": "string"}
    return [
        Tool("remember", "Pin a fact about the user or task (a newer value replaces the old).",
             params({"key": s, "value": s}, ("key", "value")), run=run_remember, side_effects=True),
        Tool("forget", "Remove a pinned fact.", params({"key": s}, ("key",)), run=run_forget, side_effects=True),
        Tool("search_history", "Search earlier turns of this conversation that are out of view.",
             params({"query": s, "k": {"type": "integer"}}, ("query",)), run=run_search),
    ]
