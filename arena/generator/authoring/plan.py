"""The fact plan an author writes a role script from, read off a checked case (its script and facts.yaml).

A role script splits into the part an author rewrites (who the role is, the victim, the others, the motive and
secret, the evening quarter hour by quarter hour) and a *tail* kept word for word: what the role holds, what a
culprit must hide and the goals, which are instructions to the player rather than story. The rewritten part
becomes numbered `PlanLine`s, one per paragraph, each with the case's words it must keep (`Term`s: clock times,
rooms, people, weapons, places of the role's past). A line of the evening carries its quarter hour: its words
must be told after that time is written and before the next one (`readback.py`). Two lines are added to state
plainly what the case's questions ask and the template only implies: what the role is to the victim, and the
motive (or that there was none).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arena.generator.facts import At, CaseFacts, Detail, Motive, NoMotive, Relation
from arena.scripts.clock import minutes_of
from arena.scripts.schema import Script

TIME = re.compile(r"(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])")
WORD = re.compile(r"[A-Za-z]+")


@dataclass(frozen=True)
class Term:
    """Words a line must keep: any one of `forms` (compared case-insensitively, as whole words)."""

    label: str
    forms: tuple[str, ...]

    def pattern(self) -> re.Pattern[str]:
        alternatives = "|".join(re.escape(f) for f in sorted(self.forms, key=len, reverse=True))
        end = r"\w*" if self.stem else r"(?![\w-])"
        return re.compile(rf"(?<![\w-])(?:{alternatives}){end}", re.I)

    @property
    def stem(self) -> bool:
        return self.label.startswith("~")


@dataclass(frozen=True)
class PlanLine:
    """One paragraph of the plan: what it says (the generator's wording, to be rewritten), the words it keeps,
    its quarter hour (evening lines) and where it stood in the original script (word offsets)."""

    number: int
    section: str
    says: str
    terms: tuple[Term, ...]
    time: str | None = None
    times: tuple[str, ...] = ()  # every clock time the line states (its own first)
    words: tuple[int, int] = (-1, -1)  # first and last word of the paragraph in the original script


@dataclass(frozen=True)
class RolePlan:
    role: str
    name: str
    victim: str
    lines: tuple[PlanLine, ...]
    tail: str  # kept word for word after the authored part
    tail_start: int  # the tail's first word in the original script
    placings: frozenset[tuple[str, str, int]]  # (person, place id, slot) the script may state: its own, its sightings

    @property
    def times(self) -> frozenset[str]:
        return frozenset(t for line in self.lines for t in line.times)


def first_name(name: str) -> str:
    return name.split()[0] if " " in name else name


def vocabulary(script: Script, facts: CaseFacts, role: str) -> list[Term]:
    """The case words a plan line keeps when its text names them: rooms, people (full or first name), the
    victim, weapons, and the places of the role's own past."""
    terms = [Term(name, (name,)) for name in facts.places.values()]
    terms += [Term(name, (name, first_name(name))) for name in [*facts.people.values(), script.victim]]
    terms += [Term(name, (name,)) for name in facts.weapons.values()]
    terms += [Term(f.value, (f.value,)) for f in facts.roles.get(role, ()) if isinstance(f, Detail)
              and f.topic != "secret_of"]
    return terms


def named(text: str, terms: list[Term]) -> tuple[Term, ...]:
    """The terms `text` names, each once, a longer name before the shorter one it contains."""
    found: dict[str, Term] = {}
    taken: list[tuple[int, int]] = []
    for term in sorted(terms, key=lambda t: -max(map(len, t.forms))):  # "Music Room" before "Music"
        for m in term.pattern().finditer(text):
            if not any(a <= m.start() < b for a, b in taken):
                taken.append((m.start(), m.end()))
                found.setdefault(term.label, term)
    return tuple(found.values())


def stems(phrase: str, victim: str) -> Term:
    """A motive's meaning as word stems: the two longest words of its phrase, cut to six letters."""
    words = sorted({w.lower() for w in WORD.findall(phrase) if w.lower() != "victim" and w not in victim},
                   key=lambda w: (-len(w), w))[:2]
    return Term("~" + "/".join(words), tuple(w[:6] for w in words))


def stated_plainly(facts: CaseFacts, role: str, name: str, victim: str) -> list[tuple[str, tuple[Term, ...]]]:
    """The role's relation to the victim and its motive, as lines that name them."""
    vic = Term(victim, (victim, first_name(victim)))
    out: list[tuple[str, tuple[Term, ...]]] = []
    for fact in facts.roles.get(role, ()):
        if isinstance(fact, Relation):
            head = fact.relation.split()[-1]
            out.append((f"To {victim} you are: {fact.relation}.", (vic, Term(head, (head,)))))
        elif isinstance(fact, Motive):
            phrase = facts.motive_phrases.get(fact.kind, fact.kind)
            out.append((f"Your motive: {name} {phrase.replace('the victim', victim)}.", (vic, stems(phrase, victim))))
        elif isinstance(fact, NoMotive):
            out.append((f"You had no reason to want {victim} dead.", (vic,)))
    return out


def evening_start(paragraphs: list[str]) -> int:
    """The index of the evening's heading (the script's second-level heading)."""
    return next((i for i, p in enumerate(paragraphs) if p.startswith("## ")), len(paragraphs))


def tail_start(paragraphs: list[str], evening: int, last_slot: str) -> int:
    """The first paragraph after the one that tells the last quarter hour (the discovery)."""
    told = [i for i in range(evening, len(paragraphs)) if last_slot in times_in(paragraphs[i])]
    return (told[0] + 1) if told else len(paragraphs)


def times_in(text: str) -> list[str]:
    """The clock times a text writes, as HH:MM."""
    return [f"{int(h):02d}:{m}" for h, m in TIME.findall(text)]


def role_plan(script: Script, facts: CaseFacts, role_id: str) -> RolePlan:
    """The plan of one role's script (English generated cases)."""
    role = next(r for r in script.roles if r.id == role_id)
    paragraphs = [p for p in (role.script or "").strip().split("\n\n") if p.strip()]
    evening = evening_start(paragraphs)
    tail = tail_start(paragraphs, evening, facts.slots[-1])
    vocab = vocabulary(script, facts, role_id)
    offsets, count = [], 0
    for p in paragraphs:
        n = len(p.split())
        offsets.append((count, count + n - 1))
        count += n
    lines: list[PlanLine] = []
    for says, terms in stated_plainly(facts, role_id, role.name, script.victim):
        lines.append(PlanLine(len(lines) + 1, "plainly", says, terms))
    for i, text in enumerate(paragraphs[:tail]):
        if text.startswith("#"):
            continue
        times = tuple(dict.fromkeys(times_in(text)))
        section = "evening" if i > evening else "before"
        time = times[0] if section == "evening" and times else None
        terms = named(text, vocab) + tuple(Term(t, (t,)) for t in times)
        lines.append(PlanLine(len(lines) + 1, section, text, terms, time, times, offsets[i]))
    own = {(f.person, f.place, f.slot) for f in facts.roles.get(role_id, ()) if isinstance(f, At)}
    seen = {(f.person, f.place, f.slot) for f in facts.sightings.get(role_id, ()) if isinstance(f, At)}
    return RolePlan(role_id, role.name, script.victim, tuple(lines), "\n\n".join(paragraphs[tail:]),
                    offsets[tail][0] if tail < len(paragraphs) else count, frozenset(own | seen))


def slot_of(facts: CaseFacts, time: str) -> int | None:
    """The quarter hour a clock time falls in, None outside the evening's slots."""
    minute = minutes_of(time)
    starts = [minutes_of(s) for s in facts.slots]
    for i, start in enumerate(starts):
        if start <= minute < start + 15:
            return i
    return None
