"""Shared data model and small helpers for the independent memory evaluation sets.

A `Conversation` is a list of `Turn`s plus `Question`s whose answers are hidden in far-back turns.
Generators are deterministic functions of an integer seed; seeds 0-99 are the "dev" split (tune on
these), seeds 1000-1099 the "test" split (never tune on these).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

DEV_SEEDS = range(0, 100)
TEST_SEEDS = range(1000, 1100)
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]


@dataclass
class Turn:
    role: str          # "user" or "assistant"
    content: str
    ts: int            # epoch seconds


@dataclass
class Question:
    text: str
    answer: list[str]              # every word/phrase must appear in a good context
    evidence: list[int]            # indices into Conversation.turns
    kind: str                      # fact | temporal | update | preference | multi-hop
    asked_at: int | None = None    # asked after turn index k; None = after the whole conversation


@dataclass
class Conversation:
    id: str
    lang: str
    turns: list[Turn]
    questions: list[Question]
    system: str = ""
    meta: dict = field(default_factory=dict)


def seeds(split: str) -> range:
    return {"dev": DEV_SEEDS, "test": TEST_SEEDS}[split]


def rng_for(kind: str, seed: int) -> random.Random:
    return random.Random(f"{kind}-{seed}")


def epoch(d: datetime) -> int:
    return int(d.replace(tzinfo=timezone.utc).timestamp()) if d.tzinfo is None else int(d.timestamp())


def session_dates(rng: random.Random, n: int, start: datetime, gap: tuple[int, int]) -> list[datetime]:
    """`n` evening session start times, `gap` days apart (inclusive range)."""
    out, d = [], start
    for _ in range(n):
        out.append(d.replace(hour=rng.randint(18, 21), minute=rng.randint(0, 59), second=0))
        d = d + timedelta(days=rng.randint(*gap))
    return out


def day_words(d: datetime) -> list[str]:
    return [str(d.day), MONTHS[d.month - 1], str(d.year)]


def month_words(d: datetime) -> list[str]:
    return [MONTHS[d.month - 1], str(d.year)]


def previous_weekday(d: datetime, weekday: int) -> datetime:
    """The most recent `weekday` (0=Monday) strictly before `d` ("last Saturday")."""
    back = (d.weekday() - weekday) % 7 or 7
    return d - timedelta(days=back)


def add_months(d: datetime, k: int) -> datetime:
    m = d.month - 1 + k
    return d.replace(year=d.year + m // 12, month=m % 12 + 1, day=1)
