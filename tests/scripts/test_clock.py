"""Times as the cases write them and as a question says them."""

from __future__ import annotations

import re

import pytest

from arena.scripts.clock import clock_label, hhmm, minutes_of, spoken_time, spoken_time_zh


@pytest.mark.parametrize(("label", "english", "chinese"), [
    ("19:00", "exactly seven", "晚上七点整"),
    ("19:15", "fifteen minutes past seven", "晚上七点一刻"),
    ("19:30", "half past seven", "晚上七点半"),
    ("19:45", "fifteen minutes to eight", "晚上七点三刻"),
    ("23:45", "fifteen minutes to twelve", "晚上十一点三刻"),
    ("14:20", "twenty minutes past two", "下午两点20分"),
    ("08:59", "one minute to nine", "上午八点59分"),
])
def test_a_time_in_words(label: str, english: str, chinese: str) -> None:
    assert spoken_time(label) == english
    assert spoken_time_zh(label) == chinese


def test_no_time_of_an_evening_is_said_with_the_digits_of_its_label() -> None:
    for minutes in range(18 * 60, 24 * 60, 15):
        label = hhmm(minutes)
        said = spoken_time(label)
        assert not re.search(r"\d", said), said
        assert said != spoken_time(hhmm(minutes + 15))  # every quarter hour reads differently


def test_labels_round_trip() -> None:
    assert all(minutes_of(hhmm(m)) == m for m in range(0, 24 * 60, 5))
    assert clock_label(minutes_of("21:05")) == "9:05"
