"""Read an authored role script back against its plan, by rules: what it omits, contradicts or adds.

- **Omits**: a plan line's words (`Term`s) are not all there. An evening line's words must stand between the
  sentence that writes its time and the sentence that writes another quarter hour of the evening; any other line's words
  must stand together in one paragraph.
- **Contradicts / adds**: the consistency linter's reader (`arena.scripts.lint.places`) extracts every placing the
  text states ("At 21:00 you went through to the Library", "Celeste Abernathy was in the Gallery at 20:15"). A
  placing of a case person that is not the role's own position or one of its sightings contradicts the plan
  (the plan places that person elsewhere then) or adds a fact the solver would read; a placing at a time outside
  the evening's quarter hours, or any clock time the plan does not state, adds one too.

A reply that still holds a code block or JSON (the plan sent back) is no script. How much of the text repeats the
plan's own sentences word for word is measured (`copied_share`, stored with the case), not judged.

The rules read what they can read and no more: a relation, a motive or a secret reworded past its plan's words
is the judge's to accept (`prompts.judge_request`), never the rules'.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from arena.generator.authoring.plan import TIME, PlanLine, RolePlan, Term, slot_of, times_in
from arena.generator.facts import CaseFacts
from arena.generator.findings import Finding
from arena.scripts.lint.places import case_placings
from arena.scripts.lint.texts import Source, case_names, point_times, quote
from arena.scripts.schema import Script

CHECK = "authoring"


def spans(text: str, pattern: re.Pattern[str]) -> list[int]:
    return [m.start() for m in pattern.finditer(text)]


def sentence_start(text: str, at: int) -> int:
    return max(text.rfind(". ", 0, at) + 1, text.rfind("\n", 0, at) + 1, 0)


def windows(text: str, line: PlanLine, evening: Iterable[str]) -> list[tuple[int, int]]:
    """Where an evening line's words may stand: from the sentence that writes its time to the sentence that writes a
    quarter hour the line does not itself state."""
    assert line.time is not None
    others = [m.start() for m in TIME.finditer(text) if f"{int(m.group(1)):02d}:{m.group(2)}" in evening
              and f"{int(m.group(1)):02d}:{m.group(2)}" not in line.times]
    out = []
    for m in TIME.finditer(text):
        if f"{int(m.group(1)):02d}:{m.group(2)}" == line.time:
            end = min((o for o in others if o > m.start()), default=len(text))
            out.append((sentence_start(text, m.start()), max(sentence_start(text, end) if end < len(text) else end,
                                                             m.end())))
    return out


def paragraph_windows(text: str) -> list[tuple[int, int]]:
    bounds = [0, *[m.end() for m in re.finditer(r"\n[ \t]*\n", text)], len(text) + 2]
    return [(a, b) for a, b in zip(bounds, bounds[1:], strict=False)]


def missing(text: str, terms: tuple[Term, ...], window: tuple[int, int]) -> list[str]:
    part = text[window[0]:window[1]]
    return [t.label.lstrip("~") for t in terms if not t.pattern().search(part)]


def candidates(text: str, line: PlanLine, slots: Sequence[str]) -> list[tuple[tuple[int, int], list[str]]]:
    """Every window of the text that may state the line, with the words of the line it lacks."""
    options = windows(text, line, slots) if line.time else paragraph_windows(text)
    return [(w, missing(text, line.terms, w)) for w in options]


def placement(text: str, line: PlanLine, slots: Sequence[str]) -> tuple[tuple[int, int] | None, list[str]]:
    """The first window of the text that states the line (and no lack), else the nearest one and what it lacks."""
    options = candidates(text, line, slots)
    if not options:
        return None, [line.time or ""]
    return min(options, key=lambda o: len(o[1]))


def omissions(text: str, plan: RolePlan, slots: Sequence[str]) -> list[tuple[PlanLine, list[str]]]:
    """(line, the words it lacks) for every plan line the text does not state."""
    out = []
    for line in plan.lines:
        if line.terms and (lacks := placement(text, line, slots)[1]):
            out.append((line, lacks))
    return out


def stated_placings(script: Script, role: str, text: str) -> list[tuple[str, str, str, str]]:
    """(person key, place name, time, sentence) of every placing the text states."""
    names = case_names(script, {})
    source = Source("role", role, text)
    return [(p.who, p.key, p.time, p.sentence.text) for p in case_placings(script, [source], names)]


def place_ids(facts: CaseFacts) -> dict[str, str]:
    return {name.lower(): pid for pid, name in facts.places.items()}


def read_back(script: Script, facts: CaseFacts, plan: RolePlan, text: str) -> list[Finding]:
    """Every finding of the rules on an authored role text (the authored part, without the kept tail)."""
    where = f"role {plan.role}"
    if "```" in text or re.search(r'\{\s*"', text):
        return [Finding(CHECK, where, "the reply holds a code block or JSON, not a script",
                        "answer with the script only, as Markdown prose")]
    problems = [Finding(CHECK, where, f"omits {', '.join(lacks)} of plan line {line.number} ({quote(line.says, 60)})",
                        "state that line's facts with those words" + (f", after {line.time}" if line.time else ""))
                for line, lacks in omissions(text, plan, facts.slots)]
    rooms = place_ids(facts)
    placed = {(p, s) for p, _, s in plan.placings}
    for who, place, time, sentence in stated_placings(script, plan.role, text):
        if who not in facts.people:
            continue  # the victim, staff: no role's position
        slot, room = slot_of(facts, time), rooms.get(place.lower(), place)
        name = facts.people[who]
        if slot is None:
            problems.append(Finding(CHECK, where, f"adds {name} in the {place} at {time}, outside the evening's "
                                    f"quarter hours: {quote(sentence, 60)}", "place people only at the plan's times"))
        elif (who, room, slot) not in plan.placings:
            verb = "contradicts the plan with" if (who, slot) in placed else "adds"
            problems.append(Finding(CHECK, where, f"{verb} {name} in the {place} at {time}: {quote(sentence, 60)}",
                                    "say only where the plan places people"))
    allowed = plan.times
    for _, time in point_times(text, quotes=True):
        if time not in allowed:
            problems.append(Finding(CHECK, where, f"adds the time {time}, which the plan does not state",
                                    f"write only the plan's times ({', '.join(sorted(allowed))})"))
    return list(dict.fromkeys(problems))


def copied_share(plan: RolePlan, text: str) -> float:
    """The share of the plan's own sentences (not the two plain lines) that the text repeats word for word: how much
    of the authored script is the generator's prose."""
    sentences = [s for line in plan.lines if line.section != "plainly" for s in re.split(r"(?<=[.!?])\s+", line.says)
                 if len(s.split()) >= 4]
    flat = " ".join(text.split())
    return sum(" ".join(s.split()) in flat for s in sentences) / len(sentences) if sentences else 0.0


__all__ = ["CHECK", "copied_share", "read_back", "times_in"]
