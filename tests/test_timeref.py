"""Dates on memory lines: the message's day, its relative dates resolved against that day."""

from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from edge_agent.memory import timeref
from edge_agent.memory.timeref import note, resolve, stamp

THURSDAY = datetime(2023, 5, 25, 19, 30).timestamp()   # Thursday 25 May 2023, evening


@pytest.mark.parametrize("text, expected", [
    ("I ran a charity race last Saturday", ("last Saturday", "20 May 2023")),
    ("yesterday was rough", ("yesterday", "24 May 2023")),
    ("see you tomorrow", ("tomorrow", "26 May 2023")),
    ("we adopt a second dog next month", ("next month", "June 2023")),
    ("I moved here two weeks ago", ("two weeks ago", "11 May 2023")),
    ("3 days ago I quit", ("3 days ago", "22 May 2023")),
    ("last week was rough", ("last week", "the week before 25 May 2023")),
    ("last year we went to Oslo", ("last year", "2022")),
    ("我上周三去医院复查了", ("上周三", "2023年5月17日")),
    ("明天上午九点开会", ("明天", "2023年5月26日")),
    ("下个月搬家", ("下个月", "2023年6月")),
    ("三天前下的单", ("三天前", "2023年5月22日")),
    ("去年买的", ("去年", "2022年")),
    ("we had friends over last night", ("last night", "24 May 2023")),
    ("the past weekend was lovely", ("the past weekend", "the weekend of 20 May 2023")),
    ("this past weekend we hiked", ("this past weekend", "the weekend of 20 May 2023")),
    ("the week before last I signed up for pottery", ("the week before last", "the week of 8 May 2023")),
    ("last summer we went to Rome", ("last summer", "summer 2022")),
    ("the past Saturday", ("the past Saturday", "20 May 2023")),
])
def test_relative_dates_resolve_against_the_message_day(text, expected):
    assert expected in resolve(text, THURSDAY)


@pytest.mark.parametrize("text", ["Within 14 days, with the receipt.", "I'll be there in a sec", "一时半会儿说不清",
                                  "Every day is a good day", "第一时间处理"])
def test_durations_and_idioms_are_not_dates(text):
    assert resolve(text, THURSDAY) == []


def test_note_keeps_the_words_and_appends_the_dates():
    text = "I ran a charity race last Saturday!"
    assert note(text, THURSDAY) == " (last Saturday = 20 May 2023)"
    assert note("nothing relative here", THURSDAY) == ""


@given(st.text(max_size=40))
@settings(max_examples=200, deadline=None)
def test_without_note_takes_off_exactly_what_note_appended(text):
    for line in ("I ran a charity race last Saturday and yesterday!", "我们明天下午见，后天也行", text):
        assert timeref.without_note(line + note(line, THURSDAY)) == timeref.without_note(line)
    assert timeref.without_note("我们明天见 (明天 = 2023年5月26日)") == "我们明天见"


def test_stamp_follows_the_language_of_the_line():
    assert stamp(THURSDAY, "user: I ran a race") == "25 May 2023"
    assert stamp(THURSDAY, "user: 我的收货地址改了") == "2023年5月25日"


@pytest.mark.parametrize("text", ["this past month was a blur", "this coming weekend we rest", "I fell last time"])
def test_relative_dates_left_alone_where_unsafe(text):
    """"the past month" is thirty days, not a month; "this coming weekend" said on a weekend
    could be either; "fell" is no season."""
    assert resolve(text, THURSDAY) == []


PIECES = ["yesterday", "Last Night", "TODAY", "tonight", "tomorrow", "last Saturday", "next week", "this past weekend",
          "the week before last", "last summer", "two weeks ago", "in 3 days", "a couple of days ago", "last year",
          "昨天", "上周三", "下个月", "去年", "三天前", "I", "we", "ran", "a", "race", "day", "fall", "ſunday", " ", ",", "."]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=8).map(" ".join))
def test_skipping_patterns_changes_nothing(text):
    """resolve() skips the Chinese patterns on ASCII text and the English ones on ASCII text
    without a date word: the same dates as running both."""
    both = [(timeref._EN, timeref._en), (timeref._CN, timeref._cn)]
    gated = resolve(text, THURSDAY)
    original = timeref._patterns_for
    timeref._patterns_for = lambda text: both
    try:
        assert resolve(text, THURSDAY) == gated
    finally:
        timeref._patterns_for = original
