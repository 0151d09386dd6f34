"""Times of an evening as the cases write them: "HH:MM" labels in 24-hour time, quarter-hour slots, and the
12-hour reading of a clock face without numerals. The one place that parses and formats them."""

from __future__ import annotations

SLOT_MINUTES = 15
"""A timeline's slot: every role's evening is told quarter hour by quarter hour."""

DAY_MINUTES = 24 * 60


def minutes_of(label: str) -> int:
    """Minutes after midnight of an "HH:MM" label."""
    hour, minute = (int(x) for x in label.split(":"))
    return hour * 60 + minute


def hhmm(minutes: int) -> str:
    """Minutes after midnight as an "HH:MM" label (past midnight wraps to 00:MM)."""
    return f"{minutes // 60 % 24:02d}:{minutes % 60:02d}"


def clock_label(minutes: int) -> str:
    """A time as read off a clock face without numerals: "9:15" (12-hour, no am/pm)."""
    hour, minute = divmod(minutes % DAY_MINUTES, 60)
    return f"{hour % 12 or 12}:{minute:02d}"


def slot_minutes(slots: int) -> int:
    """The length of `slots` quarter hours in minutes."""
    return SLOT_MINUTES * slots
