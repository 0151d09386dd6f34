"""Splitting multiple-choice options out of question stems, and reading answer keys.

Imported datasets embed the options in the stem: `问题？a. X b. Y c. Z`, `A、X B、Y`, `（a）X（b）Y`,
`(A) X (B) Y`, `A: X`, Chinese full-width punctuation, all on one line or one option per line.
`split_options` finds the longest run of markers `a, b, c...` (one letter case, one marker style)
that starts at `a`, preferring the run nearest the end of the stem, so a stray `c.` inside a
sentence (`维生素c.`) or a leading question number (`4.601活动室`) is never taken for an option.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arena.errors import ArenaError


class OptionsError(ArenaError):
    """A stem or answer key that cannot be read; the message says why (it goes into the import report)."""


# A marker: `(a)` / `（a）` / `[a]`, or `a` followed by `.` `．` `、` `:` `：` `)` `）`.
MARKER = re.compile(
    r"(?P<open>[(（\[【])\s*(?P<l1>[A-Za-z])\s*[)）\]】]"
    r"|(?P<l2>[A-Za-z])\s*(?P<delim>[.．、:：)）])"
)
STYLE_OF_DELIM = {".": "dot", "．": "dot", "、": "comma", ":": "colon", "：": "colon", ")": "paren", "）": "paren"}
NUMBERING = re.compile(r"^\s*(\d+)\s*[.．、]\s*")
TRAILING_SEPARATORS = " \t\r\n;；,，。"


@dataclass(frozen=True)
class Marker:
    start: int
    end: int
    index: int  # 0 for a/A, 1 for b/B...
    upper: bool
    style: str


@dataclass(frozen=True)
class SplitStem:
    stem: str
    options: dict[str, str]  # upper-case letter -> option text, in order


def find_markers(text: str) -> list[Marker]:
    markers = []
    for match in MARKER.finditer(text):
        letter = match.group("l1") or match.group("l2")
        start = match.start()
        before = text[start - 1] if start > 0 else " "
        if before.isascii() and before.isalnum():
            continue  # inside a word or number: `Vitamin C.`, `5a.`
        style = "bracket" if match.group("open") else STYLE_OF_DELIM[match.group("delim")]
        markers.append(Marker(start, match.end(), ord(letter.lower()) - ord("a"), letter.isupper(), style))
    return markers


def chain_from(first: Marker, markers: list[Marker], same_style: bool) -> list[Marker]:
    chain = [first]
    for marker in markers:
        last = chain[-1]
        if marker.start < last.end or marker.upper != last.upper or marker.index != last.index + 1:
            continue
        if same_style and marker.style != last.style:
            continue
        chain.append(marker)
    return chain


def best_chain(markers: list[Marker]) -> list[Marker]:
    """The longest a, b, c... run; ties go to the run that starts last (options close the stem)."""
    best: list[Marker] = []
    for same_style in (True, False):
        for first in (m for m in markers if m.index == 0):
            chain = chain_from(first, markers, same_style)
            if len(chain) > len(best) or (len(chain) == len(best) and best and chain[0].start > best[0].start):
                best = chain
        if len(best) >= 2:
            return best
    return best


def clean(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip(TRAILING_SEPARATORS)


def split_options(text: str) -> SplitStem:
    """The question and its options (keys upper-cased); raise OptionsError when there are fewer than two."""
    chain = best_chain(find_markers(text))
    if len(chain) < 2:
        raise OptionsError("no option list found (expected markers such as 'a.', 'A、', '(A)' for two or more options)")
    stem = clean(text[: chain[0].start])
    if not stem:
        raise OptionsError("the question text before the options is empty")
    options: dict[str, str] = {}
    for marker, following in zip(chain, [*chain[1:], None], strict=True):
        body = clean(text[marker.end: following.start if following else len(text)])
        letter = chr(ord("A") + marker.index)
        if not body:
            raise OptionsError(f"option {letter} is empty")
        options[letter] = body
    return SplitStem(stem, options)


def strip_numbering(text: str, expected: int | None = None) -> str:
    """Drop a leading list number (`12.`, `3、`): the expected one always, another only before a non-digit.

    `4.601活动室...` at position 4 loses `4.` and keeps `601`; `1.5米高...` at position 7 is kept whole.
    """
    match = NUMBERING.match(text)
    if not match:
        return text.strip()
    rest = text[match.end():]
    if expected is not None and int(match.group(1)) == expected:
        return rest.strip()
    if rest[:1].isdigit():
        return text.strip()
    return rest.strip()


def parse_answer(raw: object, options: dict[str, str]) -> list[str]:
    """Answer letters from a key such as `b`, `B`, `AC`, `a,c`, `(b)`; every letter must be an option."""
    text = str(raw if raw is not None else "").strip()
    letters = re.sub(r"[\s,，、;；/()（）.．]", "", text)
    if not letters or not letters.isascii() or not letters.isalpha():
        raise OptionsError(f"answer key {text!r} is not a list of option letters")
    answer = sorted({c.upper() for c in letters})
    missing = [c for c in answer if c not in options]
    if missing:
        raise OptionsError(f"answer {''.join(missing)} is not among the options {''.join(options)}")
    return answer
