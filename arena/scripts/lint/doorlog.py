"""A door log that cannot be: one door opened by more than two people at the same minute.

Two people may well come through a door together; three or more logged at one door in one minute reads as a
made-up log. The log is judged as it is printed, what a player sees: a clue or card (generated cases' cards
included) whose words call it a log of a door or of entries ("Door log", "entry log", 门禁, 进出记录) and whose
lines read "20:30 ... NAME ...", one line an opening; the door of a line is its words without the time and the
name, so "21:00 door opened Felix Rasmussen" and "21:00 door opened Greta Nakamura" are the same door. A line
that gives a window ("20:30-20:45 NAME", 20:30至20:45) logs a quarter hour, not a minute: several people may pass
one door in it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from arena.scripts.lint.texts import (
    TIME,
    CaseNames,
    Sentence,
    Source,
    clock,
    problem,
    quote,
)
from arena.scripts.problems import Problem
from arena.scripts.schema import Script

MAX_AT_ONCE = 2
# a log line's words that name no door
GENERIC = frozenset(("door", "opened", "open", "opens", "entered", "entry", "in", "out", "the"))
LOG_WORDS = re.compile(r"\b(?:door|entry|entries|access)\s+(?:log|record)s?\b|门禁|进出记录|出入记录", re.I)
LOG_LINE = re.compile(rf"^[ \t]*(?P<time>{TIME.pattern})(?P<window>\s*(?:[-–—~至到]\s*)\d{{1,2}}[:.]\d{{2}})?"
                      r"[ \t，,]*(?P<rest>.+)$", re.I | re.M)


def logged_entries(source: Source, names: CaseNames) -> dict[tuple[str, str], list[tuple[str, int]]]:
    """(door, time) -> [(person, line offset)] for each log line of the text that names one person."""
    out: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for m in LOG_LINE.finditer(source.text):
        if m.group("window"):
            continue  # a quarter hour's entries, not one minute's
        rest = m.group("rest")
        people = {names.person_key(p.group(0)) for p in names.person_re.finditer(rest)}
        if len(people) != 1:
            continue
        door = " ".join(re.sub(names.person_re.pattern, " ", rest).lower().split()).strip(" -:|·")
        time = clock(int(m.group(2)), int(m.group(3)), m.group(4))
        out.setdefault((door, time), []).append((people.pop(), m.start()))
    return out


def crowded(script: Script, source: Source, door: str, time: str, who: list[str], offset: int,
            file: str) -> Problem:
    line = source.text[offset:].split("\n", 1)[0]
    people = ", ".join(dict.fromkeys(next((r.name for r in script.roles if r.id == w), w) for w in who))
    named = [w for w in door.split() if w not in GENERIC]
    shown = f" ({door})" if named else ""
    return problem(file, script, Sentence(source, offset, line), 0,
                   f"{len(set(who))} people open one door{shown} at {time}: {people}; first line {quote(line)}",
                   f"log at most {MAX_AT_ONCE} entries at one door in one minute: spread the times, or drop entries")


def text_problems(script: Script, sources: Iterable[Source], names: CaseNames, file: str) -> list[Problem]:
    problems = []
    for source in sources:
        if source.kind not in ("clue", "card") or not LOG_WORDS.search(source.text):
            continue
        for (door, time), rows in logged_entries(source, names).items():
            who = [w for w, _ in rows]
            if len(set(who)) > MAX_AT_ONCE:
                problems.append(crowded(script, source, door, time, who, rows[0][1], file))
    return problems


def door_log_problems(script: Script, sources: Iterable[Source], names: CaseNames, file: str) -> list[Problem]:
    return text_problems(script, sources, names, file)
