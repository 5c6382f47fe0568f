"""Dates for memory lines: a message's day, and its relative dates resolved against it.

Recalled and summarized lines show the day their message was written (from ``Message.ts``),
and a relative date inside it ("last Saturday", "two weeks ago", 上周三, 明天上午九点) is
resolved against that day where it is safe: the expression names one day, week, month or
year without needing anything but the message's own date. The resolution is appended as a
note ("(last Saturday = 6 May 2023)"), so the message's words stay verbatim.

Dates are shown in the board's local time zone, as "8 May 2023" or "2023年5月8日" when the
line is Chinese.
"""

from __future__ import annotations

import re
import time
from datetime import date, timedelta
from typing import Any

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
CN_WEEKDAY = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
CN_NUM = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
EN_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9, "ten": 10, "a couple of": 2, "couple of": 2, "a few": 3, "few": 3}
_CJK = re.compile(r"[\u4e00-\u9fff]")

_EN_NUMBER = r"(?:\d{1,2}|a couple of|couple of|a few|an?|one|two|three|four|five|six|seven|eight|nine|ten)"
_EN = re.compile(
    rf"\b(?P<simple>yesterday|today|tonight|tomorrow|the day before yesterday|the day after tomorrow|last night)\b|"
    rf"\b(?P<before_last>the week before last)\b|"
    rf"\blast\s+(?P<season>spring|summer|autumn|fall)\b|"
    rf"\b(?P<rel>last|this|next|this past|the past|this coming)\s+(?P<unit>{'|'.join(WEEKDAYS)}|week(?:end)?|month|year)\b|"
    rf"\b(?P<n>{_EN_NUMBER})\s+(?P<nunit>day|week|month|year)s?\s+(?P<dir>ago|from now|later)\b|"
    rf"\bin\s+(?P<in_n>{_EN_NUMBER})\s+(?P<in_unit>day|week|month|year)s?\b",
    re.I)
_CN = re.compile(
    r"(?P<simple>大前天|前天|昨天|昨晚|今天|今晚|明天|明早|明晚|后天|大后天)|"
    r"(?P<rel>上上|下下|上|下|本|这)(?:个)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])?|"
    r"(?P<month>上个?月|下个?月|本月|这个月)|(?P<year>去年|今年|明年|前年)|"
    r"(?P<n>\d{1,2}|[一两二三四五六七八九十])(?:个)?(?P<nunit>天|周|星期|月|年)(?P<dir>前|后|以前|以后|之前|之后)")
_SIMPLE_DAYS = {"yesterday": -1, "last night": -1, "today": 0, "tonight": 0, "tomorrow": 1, "the day before yesterday": -2,
                "the day after tomorrow": 2, "大前天": -3, "前天": -2, "昨天": -1, "昨晚": -1, "今天": 0,
                "今晚": 0, "明天": 1, "明早": 1, "明晚": 1, "后天": 2, "大后天": 3}


def day_of(ts: float) -> date:
    return date(*time.localtime(ts)[:3])


def show_day(d: date, chinese: bool = False) -> str:
    return f"{d.year}年{d.month}月{d.day}日" if chinese else f"{d.day} {MONTHS[d.month - 1]} {d.year}"


_SHOWN = re.compile(r"(\d{4})年(\d{1,2})月(\d{1,2})日|(\d{1,2}) ([A-Z][a-z]+) (\d{4})")


def read_day(text: str) -> date | None:
    """The day ``show_day`` wrote as ``text``, in either language; None for anything else."""
    m = _SHOWN.fullmatch(text)
    if m is None:
        return None
    if m.group(1):
        year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    elif m.group(5) in MONTHS:
        year, month, day = int(m.group(6)), MONTHS.index(m.group(5)) + 1, int(m.group(4))
    else:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None


def show_month(year: int, month: int, chinese: bool = False) -> str:
    return f"{year}年{month}月" if chinese else f"{MONTHS[month - 1]} {year}"


def is_chinese(text: str) -> bool:
    return len(_CJK.findall(text[:200])) >= 3


def stamp(ts: float, text: str) -> str:
    """The day of a message, in the language of its text."""
    return show_day(day_of(ts), is_chinese(text))


def _add_months(year: int, month: int, n: int) -> tuple[int, int]:
    k = year * 12 + month - 1 + n
    return k // 12, k % 12 + 1


def _week_of(d: date, chinese: bool) -> str:
    monday = d - timedelta(days=d.weekday())
    return f"{show_day(monday, chinese)}{'那一周' if chinese else ''}" if chinese else f"the week of {show_day(monday)}"


def _span(anchor: date, unit: str, n: int, chinese: bool, counted: bool = False) -> str:
    """The day, week, month or year ``n`` units from ``anchor``; ``counted`` ("two weeks
    ago") names the very day, a bare "last week" the week before the anchor."""
    if unit in ("day", "天") or (counted and unit in ("week", "周", "星期")):
        return show_day(anchor + timedelta(days=n * (1 if unit in ("day", "天") else 7)), chinese)
    if unit in ("week", "周", "星期"):
        if n == 0:
            return _week_of(anchor, chinese)
        side = ("前" if n < 0 else "后") if chinese else ("before" if n < 0 else "after")
        return f"{show_day(anchor, True)}的{side}一周" if chinese else f"the week {side} {show_day(anchor)}"
    if unit in ("month", "月"):
        return show_month(*_add_months(anchor.year, anchor.month, n), chinese)
    return f"{anchor.year + n}{'年' if chinese else ''}"


# the last month of each season (northern hemisphere)
SEASONS = {"spring": 5, "summer": 8, "autumn": 11, "fall": 11}


def _en(m: re.Match[str], anchor: date) -> str | None:
    if m.group("simple"):
        return show_day(anchor + timedelta(days=_SIMPLE_DAYS[m.group("simple").lower()]))
    if m.group("before_last"):
        return _week_of(anchor - timedelta(weeks=2), False)
    if m.group("season"):   # the last such season that ended before the message
        season = m.group("season").lower()
        year = anchor.year if anchor.month > SEASONS[season] else anchor.year - 1
        return f"{season} {year}"
    if m.group("rel"):
        rel, unit = m.group("rel").lower(), m.group("unit").lower()
        if unit in WEEKDAYS:
            return show_day(_weekday(anchor, WEEKDAYS.index(unit), "last" if rel == "the past" else rel))
        step = {"last": -1, "next": 1, "this past": -1, "the past": -1}.get(rel, 0)
        if rel == "this coming" or rel in ("this past", "the past") and unit not in ("weekend", "week"):
            return None   # "the past month" is the last thirty days, not a month
        if unit == "weekend":
            saturday = anchor + timedelta(days=5 - anchor.weekday() + 7 * step)
            return f"the weekend of {show_day(saturday)}"
        return _span(anchor, unit, step, False)
    word = m.group("n") or m.group("in_n")
    n = int(word) if word.isdigit() else EN_NUM[word.lower()]
    unit = (m.group("nunit") or m.group("in_unit")).lower()
    sign = -1 if (m.group("dir") or "").lower() == "ago" else 1
    return _span(anchor, unit, sign * n, False, counted=True) if unit != "day" or n < 60 else None


def _weekday(anchor: date, target: int, rel: str) -> date:
    """``last``: the most recent such day before the anchor; ``next``: the first one after
    it; ``this``: the one in the anchor's week (Monday to Sunday)."""
    if rel in ("last", "this past"):
        return anchor - timedelta(days=(anchor.weekday() - target) % 7 or 7)
    if rel in ("next", "this coming"):
        return anchor + timedelta(days=(target - anchor.weekday()) % 7 or 7)
    return anchor - timedelta(days=anchor.weekday() - target)


def _cn(m: re.Match[str], anchor: date) -> str | None:
    if m.group("simple"):
        return show_day(anchor + timedelta(days=_SIMPLE_DAYS[m.group("simple")]), True)
    if m.group("rel"):
        week = {"上上": -2, "下下": 2, "上": -1, "下": 1}.get(m.group("rel"), 0)
        monday = anchor - timedelta(days=anchor.weekday()) + timedelta(weeks=week)
        wd = m.group("wd")
        return show_day(monday + timedelta(days=CN_WEEKDAY[wd]), True) if wd else _span(anchor, "周", week, True)
    if m.group("month"):
        step = -1 if m.group("month").startswith("上") else 1 if m.group("month").startswith("下") else 0
        return show_month(*_add_months(anchor.year, anchor.month, step), True)
    if m.group("year"):
        return f"{anchor.year + {'去年': -1, '今年': 0, '明年': 1, '前年': -2}[m.group('year')]}年"
    word = m.group("n")
    n = int(word) if word.isdigit() else CN_NUM[word]
    sign = -1 if "前" in m.group("dir") else 1
    return _span(anchor, m.group("nunit"), sign * n, True, counted=True)


# every English expression above holds one of these (weekdays, today and yesterday end in "day")
_EN_WORDS = ("day", "night", "tomorrow", "week", "month", "year", "spring", "summer", "autumn", "fall")


def _patterns_for(text: str) -> list[tuple[re.Pattern[str], Any]]:
    """The patterns that may match ``text``: ASCII text (where lower() is what re.I matches)
    holds no Chinese date, nor an English one without one of _EN_WORDS."""
    if not text.isascii():
        return [(_EN, _en), (_CN, _cn)]
    low = text.lower()
    return [(_EN, _en)] if any(w in low for w in _EN_WORDS) else []


def resolve(text: str, ts: float, limit: int = 3) -> list[tuple[str, str]]:
    """(expression, its date) for the relative dates in ``text`` written at ``ts``."""
    anchor = day_of(ts)
    out: list[tuple[str, str]] = []
    for pattern, fn in _patterns_for(text):
        for m in pattern.finditer(text):
            value = fn(m, anchor)
            if value and (m.group(0), value) not in out:
                out.append((m.group(0), value))
            if len(out) >= limit:
                return out
    return out


def note(text: str, ts: float) -> str:
    """The note appended to a line: "(last Saturday = 6 May 2023)", or ""."""
    pairs = resolve(text, ts)
    return f" ({'; '.join(f'{expr} = {value}' for expr, value in pairs)})" if pairs else ""


_NOTE = re.compile(r" \((?:[^()=;]+ = [^();]+)(?:; [^()=;]+ = [^();]+)*\)$")   # what ``note`` appends


def without_note(line: str) -> str:
    """``line`` without the note ``note`` appended to it: the note is no part of what was said."""
    return _NOTE.sub("", line)
