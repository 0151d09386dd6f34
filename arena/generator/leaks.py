"""The leak check of a generated case, read from its typed facts (`arena/scripts/leaks.py` does the comparing).

What the images of a generated case exist to carry, and where a text would give it away:

- **the time**: the stopped clock's face reading (in its 12-hour form, as the face is read) and the murder time
  it gives once corrected (the murder's quarter hour, in every form). A text that names four quarter hours of
  the evening or more (a role script's evening, quarter hour by quarter hour, beside its day hour by hour; a door
  log) singles none of them out and may name them; any other text (a card's stamp, a chat's times, a caption, a
  statement) may not. (A role script that narrates the clock it holds is the `[vision]` check's finding.)
- **counts**: the counters of a scene (`Count`), as "3 red discs".
- **positions, routes and seats**: an `At` fact of a media clue (a plan's marker, a phone trail, a CCTV still,
  a movement board, a seating plan) that a text clue or another role's script also states. A role's own script
  saying where its holder was is the holder's claim, not evidence, and is not a leak.
- **conclusions**: a clue or card that glosses its own motive (`leaks.stated_conclusions`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.generator.facts import At, CaseFacts, Count, StoppedClock
from arena.generator.findings import Finding
from arena.generator.solver import Solver
from arena.scripts.clock import clock_label
from arena.scripts.leaks import Text, Value, case_texts, clock_forms, stated_conclusions, stated_values, time_tokens
from arena.scripts.problems import Problem
from arena.scripts.schema import ImageKind, Script

TIMELINE = "the stopped clock (the murder time, corrected)"
FACE = "the stopped clock (its face)"
TIMELINE_SLOTS = 4


def time_values(case: CaseFacts) -> list[Value]:
    """The clock's face reading and, when the facts fix it, the murder time it gives."""
    shows = [f.shows for facts in case.clues.values() for f in facts if isinstance(f, StoppedClock)]
    out = [Value(clock_label(s), "time", frozenset({clock_label(s)}), FACE) for s in shows]
    slots = Solver(case, case.all_facts()).murder_slots()
    if shows and len(slots) == 1:
        label = case.slots[slots[0]]
        out.append(Value(label, "time", clock_forms(label), TIMELINE))
    return out


def count_values(case: CaseFacts, language: str) -> list[Value]:
    if language != "en":
        return []  # Chinese counters are worded by the language layer; their MIU answers are checked as phrases
    return [Value(f"{f.count} {f.colour} {f.shape}", "count", frozenset({f" {f.count} {f.colour} {f.shape} ",
                                                                        f" {f.count} {f.colour} {f.shape}s "}),
                  f"clue {clue!r}") for clue, facts in case.clues.items() if clue in case.media_clues
            for f in facts if isinstance(f, Count)]


def timelines(case: CaseFacts, texts: list[Text]) -> dict[str, frozenset[str]]:
    """Texts that name at least `TIMELINE_SLOTS` quarter hours of the evening (a role script's evening, a door log)
    may name the murder's: among so many, none is singled out."""
    labels = {face(label) for label in case.slots}
    return {t.where: frozenset({TIMELINE, FACE}) for t in texts
            if len(labels & {face(tok) for tok in time_tokens(t.text)}) >= TIMELINE_SLOTS}


def face(token: str) -> str:
    """A time as a 12-hour face shows it ("20:30" and "8:30" alike: 8:30)."""
    hour, minute = token.split(":")
    return f"{int(hour) % 12}:{minute}"


def stated_positions(script: Script, case: CaseFacts) -> list[Finding]:
    """An image's position fact that a text clue or another role's script states too."""
    told: dict[At, str] = {}
    for clue, facts in case.clues.items():
        if clue not in case.media_clues:
            told |= {f: f"clue {clue}" for f in facts if isinstance(f, At)}
    for role, facts in case.sightings.items():
        told |= {f: f"role {role}'s script" for f in facts if isinstance(f, At)}
    found = []
    for clue, facts in case.clues.items():
        for f in facts:
            if clue in case.media_clues and isinstance(f, At) and f in told:
                found.append(Finding("leak", f"clue {clue}", f"{told[f]} states that {case.people[f.person]} was "
                                     f"in the {case.places[f.place]} at {case.slots[f.slot]}, which this image "
                                     "carries", "let only the image place them"))
    return found


def card_words(script: Script, cards: Mapping[str, Any]) -> dict[str, tuple[str, Mapping[str, Any], Any]]:
    """The generated cards as the comparer reads them: a text-rich clue's card prints its params."""
    out: dict[str, tuple[str, Mapping[str, Any], Any]] = {}
    for clue in script.clues:
        if clue.image is not None and clue.image.file in cards:
            template = "document" if clue.image.kind is ImageKind.TEXT_RICH else "media"
            out[clue.image.file] = (template, cards[clue.image.file], None)
    return out


def check_leaks(script: Script, case: CaseFacts, cards: Mapping[str, Any]) -> list[Finding]:
    """Every leak of a generated case (empty when no text gives away what an image carries)."""
    texts = case_texts(script, card_words(script, cards))
    values = time_values(case) + count_values(case, script.language)
    problems: list[Problem] = stated_values(script, texts, values, script.id, timelines(case, texts))
    problems += stated_conclusions(script, texts, script.id)
    found = [Finding("leak", p.path, p.message.removeprefix("[leak] "), p.fix) for p in problems]
    return found + stated_positions(script, case)
