"""Dates on memory lines: the message's day, its relative dates resolved against that day."""

from __future__ import annotations

from datetime import datetime

import pytest

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


def test_stamp_follows_the_language_of_the_line():
    assert stamp(THURSDAY, "user: I ran a race") == "25 May 2023"
    assert stamp(THURSDAY, "user: 我的收货地址改了") == "2023年5月25日"
