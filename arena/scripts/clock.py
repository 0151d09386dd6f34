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


_EN_NUMBERS = ("twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
               "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
               "twenty-one", "twenty-two", "twenty-three", "twenty-four", "twenty-five", "twenty-six",
               "twenty-seven", "twenty-eight", "twenty-nine")
_ZH_HOURS = ("十二", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十", "十一")
_ZH_PERIODS = ((18, "晚上"), (12, "下午"), (0, "上午"))


def spoken_time(label: str) -> str:
    """An "HH:MM" label in words, as a person says it: "half past seven", "fifteen minutes to eight",
    "exactly nine". A question worded so does not copy the "19:30" of the sentence that states the fact, so a
    reader must convert the time rather than match the string."""
    hour, minute = divmod(minutes_of(label) % DAY_MINUTES, 60)
    if minute == 0:
        return f"exactly {_EN_NUMBERS[hour % 12]}"
    if minute == 30:
        return f"half past {_EN_NUMBERS[hour % 12]}"
    if minute < 30:
        return f"{_EN_NUMBERS[minute]} minute{'s' * (minute > 1)} past {_EN_NUMBERS[hour % 12]}"
    return f"{_EN_NUMBERS[60 - minute]} minute{'s' * (minute < 59)} to {_EN_NUMBERS[(hour + 1) % 12]}"


def spoken_time_zh(label: str) -> str:
    """The same in Chinese: "晚上七点半", "晚上七点一刻", "晚上七点三刻", "晚上九点整"."""
    hour, minute = divmod(minutes_of(label) % DAY_MINUTES, 60)
    period = next(word for start, word in _ZH_PERIODS if hour >= start)
    head = f"{period}{_ZH_HOURS[hour % 12]}点"
    return head + ({0: "整", 15: "一刻", 30: "半", 45: "三刻"}.get(minute) or f"{minute}分")
