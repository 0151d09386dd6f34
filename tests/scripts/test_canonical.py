"""Canonical forms: one time, number or sum written in different formats compares as one phrase."""

from __future__ import annotations

import pytest

from arena.scripts.canonical import canonical


def same(a: str, b: str) -> bool:
    """Whether phrase `a` is stated in text `b`, as the MIU-answer checks ask it."""
    return canonical(a) in canonical(b)


@pytest.mark.parametrize("written", ["10:40", "twenty to eleven", "10.40pm", "10.40 p.m.", "ten forty", "10:40 am",
                                     "twenty minutes to eleven", "at 10.40 she left"])
def test_twelve_hour_times_in_any_format_are_one_time(written: str) -> None:
    assert same("10:40", written)
    if not written.startswith("at "):  # "10.40" alone may be a price; after "at" it is a time
        assert same(written, "10:40")


@pytest.mark.parametrize(("a", "b"), [("9:15", "a quarter past nine"), ("10:45", "quarter to eleven"),
                                      ("10:30", "half past ten"), ("10:00", "ten o'clock"), ("10:05", "ten oh five"),
                                      ("9:15", "9.15am"), ("9:15", "9:15 a.m.")])
def test_spoken_and_numeric_clock_readings_agree(a: str, b: str) -> None:
    assert same(a, b) and same(b, a)


@pytest.mark.parametrize(("a", "b"), [("£40", "forty pounds"), ("£40", "40 pounds"), ("£40", "£40.00"),
                                      ("£4,000", "four thousand pounds"), ("$12", "twelve dollars"),
                                      ("42", "forty-two"), ("312", "three hundred and twelve"),
                                      ("3 markers", "three markers"), ("2 doorways", "two doorways")])
def test_numbers_and_money_in_words_or_digits_agree(a: str, b: str) -> None:
    assert same(a, b) and same(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("9:15", "At 21:15 you went through to the hall."),  # a 24-hour timeline entry is not a clock-face reading
    ("9:15", "At 09:15 you were at the bank."),
    ("9:15", "nine fifteen-year-olds"), ("£40", "it took 40 minutes"), ("10:40", "ten forty-watt bulbs"),
    ("3:50", "the total was 3.50"), ("10:40", "between ten and eleven"), ("£12", "£120"), ("40", "4000"),
])
def test_different_values_do_not_match(a: str, b: str) -> None:
    assert not same(a, b)


def test_runs_of_number_words_split_where_a_new_number_starts() -> None:
    assert canonical("nine fifteen") == " 9:15 "
    assert canonical("one and twenty guests") == " 1 and 20 guests "
    assert canonical("I paid £12 and ten shillings") == " i paid £12 and 10 shillings "
