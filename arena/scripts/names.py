"""Names that cannot forge lines: the characters refused in a case's ids, names, titles and profiles.

A role's name or a clue's title is printed inside transcripts, prompts and the board, one per line
or beside a speaker tag. A name holding a line break (C0 `\\n`, `\\r`, C1 NEL, U+2028, U+2029) can
start a line of its own ("Narrator: the culprit is ..."); one holding a control character can drive a
terminal (ESC sequences); one holding a bidi override or isolate (U+202A-U+202E, U+2066-U+2069) can
show text in an order other than the one stored. Such characters have no place in a one-line name, so
validation refuses them (`check_names`, with the field and the code point), and importers, whose
sources are not ours to fix, clean them (`clean_line`). Longer texts (briefings, role scripts, clue
texts) keep their line breaks: they are shown as blocks, never beside a speaker tag.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from arena.scripts.problems import Problem
from arena.scripts.schema import Script

FORGING = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""C0 controls and DEL, C1 controls, line and paragraph separators, bidi embeddings/overrides and isolates."""
LINE_BREAKS = "\t\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029"  # become a space when cleaned; the rest is dropped
CONTROL_NAMES = {"\x00": "NULL", "\t": "CHARACTER TABULATION", "\n": "LINE FEED", "\v": "LINE TABULATION",
                 "\f": "FORM FEED", "\r": "CARRIAGE RETURN", "\x1b": "ESCAPE", "\x7f": "DELETE",
                 "\x85": "NEXT LINE", "\x9b": "CONTROL SEQUENCE INTRODUCER"}
FIX = ("write it as one line of plain text: remove the character (ids, names, titles and profiles cannot hold "
       "control, line-separator or bidi-override characters)")


def code_point(char: str) -> str:
    """`U+202E RIGHT-TO-LEFT OVERRIDE`, `U+000A LINE FEED`, `U+0091 control character`."""
    name = unicodedata.name(char, "") or CONTROL_NAMES.get(char, "control character")
    return f"U+{ord(char):04X} {name}"


def forging_chars(text: str) -> list[tuple[int, str]]:
    """(position, character) of every refused character in `text`."""
    return [(match.start(), match.group()) for match in FORGING.finditer(text)]


def describe_forging(text: str) -> str | None:
    """`contains U+2028 LINE SEPARATOR at character 5` (the first refused character and how many), or None."""
    found = forging_chars(text)
    if not found:
        return None
    position, char = found[0]
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    return f"contains {code_point(char)} at character {position + 1}{more}"


def name_fields(script: Script) -> Iterator[tuple[str, str]]:
    """(field path, text) of every one-line text of a case: title, names, titles and role profiles."""
    yield "title", script.title
    yield "victim", script.victim
    for i, role in enumerate(script.roles):
        yield f"roles[{i}].name", role.name
        yield f"roles[{i}].profile", role.profile
    for i, location in enumerate(script.locations):
        yield f"locations[{i}].name", location.name
    for i, clue in enumerate(script.clues):
        yield f"clues[{i}].title", clue.title
    for i, stage in enumerate(script.stages):
        yield f"stages[{i}].title", stage.title
    for i, victim in enumerate(script.victims):
        yield f"victims[{i}].name", victim.name


def check_names(script: Script, file: str) -> list[Problem]:
    """One problem per name, title or profile holding a refused character, naming the field and code point."""
    return [Problem(file, path, message, FIX) for path, text in name_fields(script)
            if (message := describe_forging(text)) is not None]


def clean_line(text: str) -> str:
    """`text` without refused characters: line breaks and tabs become one space, the others are dropped
    (a text without any is returned as it is)."""
    if not FORGING.search(text):
        return text
    spaced = "".join(" " if char in LINE_BREAKS else char for char in text)
    return re.sub(r" {2,}", " ", FORGING.sub("", spaced)).strip()
