"""Canonical forms of times, numbers and money, so one value written two ways compares as one phrase.

`canonical(text)` lower-cases the text, writes numbers in digits ("forty-two" -> 42, "4,000" ->
4000), money as one token ("£40", "40 pounds", "forty pounds" and "£40.00" -> `£40`; dollars `$`,
euros `€`) and times as one token, then returns its words joined by single spaces and padded, so a
phrase is found as whole words with `canonical(phrase) in canonical(text)`.

Times: a 12-hour time in any style folds to `h:mm` ("10:40", "10.40pm", "10:40 p.m.", "twenty to
eleven", "ten forty", "quarter to eleven" -> `10:40`/`10:45`; "ten o'clock" -> `10:00`). A 24-hour
time (13:00-23:59, or an hour written with a leading zero: 00:30, 09:15) keeps its form: the cases'
timelines are written in 24-hour time, and an entry "21:15" or "09:15" in a timeline is not the
phrase "9:15" a clock face reads.
"""

from __future__ import annotations

import re

UNITS = {w: i for i, w in enumerate((
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"))}
TENS = {w: 10 * (i + 2) for i, w in enumerate(("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
                                                 "ninety"))}
SCALES = {"hundred": 100, "thousand": 1000}
CURRENCY = {"pound": "£", "pounds": "£", "quid": "£", "dollar": "$", "dollars": "$", "euro": "€", "euros": "€"}
NUMBER_WORD = "|".join([*UNITS, *TENS, *SCALES])
NUMBER_RUN = re.compile(rf"\b(?:{NUMBER_WORD})(?:[\s-]+(?:{NUMBER_WORD}|and))*\b")
MONEY_SIGN = re.compile(r"([£$€])\s?(\d+(?:\.\d{1,2})?)\b")
MONEY_WORD = re.compile(r"\b(\d+(?:\.\d{1,2})?)\s+(pounds?|quid|dollars?|euros?)\b")
# "10:40", "10:40 pm", "10.40pm"; a dotted time without am/pm only after a word that leads a time ("at 10.40"),
# since "3.50" alone is as likely a price
DIGIT_TIME = re.compile(r"(?<![\d£$€.:])(?:(\d{1,2}):(\d{2})(?:\s*([ap])\.?\s?m\b\.?)?"
                        r"|(\d{1,2})\.(\d{2})\s*([ap])\.?\s?m\b\.?"
                        r"|\b((?:at|by|till|until|about|around|from|before|after)\s)(\d{1,2})\.(\d{2}))(?!\d)")
PAST_TO = re.compile(r"\b(?:(a\s+)?(quarter)|(half)|(\d{1,2})(?:\s+minutes)?)\s+(past|to)\s+(\d{1,2})\b")
OCLOCK = re.compile(r"\b(\d{1,2})\s+o'?\s?clock\b")
HOUR_MINUTE = re.compile(r"(?<![\d£$€.:])\b(\d{1,2})\s+(?:(oh)\s+)?(\d{1,2})\b"
                         r"(?![-:\d]|\.\d|\s*(?:[£$€]|pounds?|dollars?))")
TOKEN = re.compile(r"[£$€]\d+(?:\.\d+)?|\d{1,2}:\d{2}|[^\W_]+")


def kind(word: str) -> str:
    if word in SCALES or word == "and":
        return word if word == "and" else "scale"
    value = UNITS.get(word, TENS.get(word, 0))
    return "ten" if word in TENS else "unit" if value < 10 else "teen"


def number_words(words: list[str]) -> list[str]:
    """A run of number words as the numbers it says: "forty two" -> 42, "nine fifteen" -> 9 15 (two
    numbers: a unit never takes a teen or a ten after it), "three hundred and twelve" -> 312."""
    out: list[str] = []
    total, current, last = 0, 0, ""
    for word in words:
        k = kind(word)
        joins = ((k == "unit" and last in ("ten", "scale", "and"))
                 or (k in ("teen", "ten") and last in ("scale", "and"))
                 or (k == "scale" and last in ("unit", "teen", "ten")) or (k == "and" and last == "scale"))
        if last and not joins:
            out += [str(total + current)] if last != "and" else [str(total + current), "and"]
            total, current = 0, 0
            if k == "and":
                last = ""
                out.append("and")
                continue
        if k == "scale":
            current = max(current, 1) * SCALES[word]
            if SCALES[word] == 1000:
                total, current = total + current, 0
        elif k != "and":
            current += UNITS.get(word, TENS.get(word, 0))
        last = k
    if last == "and":
        out += [str(total + current), "and"]
    elif last:
        out.append(str(total + current))
    return out


def numbers_in_digits(text: str) -> str:
    """Number words as digits, and thousands written without commas."""
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)  # 4,000 -> 4000
    return NUMBER_RUN.sub(lambda m: " ".join(number_words(re.split(r"[\s-]+", m.group(0)))), text)


def amount(value: str) -> str:
    number = float(value)
    return f"{number:g}" if number != int(number) else str(int(number))


def money(text: str) -> str:
    text = MONEY_SIGN.sub(lambda m: f"{m.group(1)}{amount(m.group(2))}", text)
    return MONEY_WORD.sub(lambda m: f"{CURRENCY[m.group(2)]}{amount(m.group(1))}", text)


def clock(hour: int, minute: int, meridiem: str | None = None, padded: bool = False) -> str:
    """`h:mm` for a 12-hour reading; a 24-hour time (hour 0 or 13-23, or written with a leading zero, as in
    "09:15") without am/pm keeps its form."""
    if meridiem is None and (hour == 0 or hour >= 13 or padded):
        return f"{hour:02d}:{minute:02d}"
    return f"{(hour - 1) % 12 + 1}:{minute:02d}"


def times(text: str) -> str:
    def digit_time(m: re.Match[str]) -> str:
        g = m.groups()
        lead, hour, minute, meridiem = ("", *g[0:3]) if g[0] else ("", *g[3:6]) if g[3] else (g[6], g[7], g[8], None)
        if int(hour) > 23 or int(minute) > 59:
            return m.group(0)
        return lead + clock(int(hour), int(minute), meridiem, padded=len(hour) == 2 and hour.startswith("0"))

    def past_to(m: re.Match[str]) -> str:
        minutes = 15 if m.group(2) else 30 if m.group(3) else int(m.group(4))
        hour = int(m.group(6))
        if not 1 <= hour <= 12 or not 0 < minutes < 60 or (m.group(3) and m.group(5) == "to"):
            return m.group(0)
        if m.group(5) == "to":
            return clock(hour - 1 if hour > 1 else 12, 60 - minutes)
        return clock(hour, minutes)

    def hour_minute(m: re.Match[str]) -> str:
        hour, minute = int(m.group(1)), int(m.group(3))
        if not 1 <= hour <= 12 or not (10 <= minute <= 59 or m.group(2) and minute < 10):
            return m.group(0)
        return clock(hour, minute)

    text = DIGIT_TIME.sub(digit_time, text)
    text = PAST_TO.sub(past_to, text)
    text = OCLOCK.sub(lambda m: clock(int(m.group(1)), 0) if 1 <= int(m.group(1)) <= 12 else m.group(0), text)
    return HOUR_MINUTE.sub(hour_minute, text)


def canonical(text: str) -> str:
    """Lower-case words, with numbers, money and times in canonical form, joined by single spaces and padded."""
    text = times(money(numbers_in_digits(text.lower().replace("’", "'"))))
    return " " + " ".join(TOKEN.findall(text)) + " "
