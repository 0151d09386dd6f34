"""Questions for the four suites, each paired with a typed query whose answer the solver re-derives.

LSU asks about a role's own script, TIU about a text-rich card, MIU about a media-rich card and MMR
about each step of the reasoning chain, with the step's depth. Options are display strings made
by `Naming`, the same naming the solver uses, so a re-derived answer compares as text.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from arena.generator import pools
from arena.generator.evidence import ClueDraft
from arena.generator.facts import Amount, At, CaseFacts, Count, EntryLog, Motive, Query, QueryKind
from arena.generator.world import World
from arena.scripts.schema import Question, ReasoningStep, Suite

LETTERS = "ABCDEFGH"


@dataclass(frozen=True)
class Naming:
    """Display strings for ids, shared by question options and the solver."""

    facts: CaseFacts

    def label(self, value: str) -> str:
        f = self.facts
        for table in (f.people, f.places, f.weapons, f.motive_phrases):
            if value in table:
                return table[value]
        return value

    def slot(self, slot: int, clock: bool = False) -> str:
        text = self.facts.slots[slot]
        return clock_label(minutes_of(text)) if clock else text


def minutes_of(label: str) -> int:
    """Minutes after midnight of an "HH:MM" label."""
    hour, minute = (int(x) for x in label.split(":"))
    return hour * 60 + minute


def clock_label(minutes: int) -> str:
    """A time as read off a clock face without numerals: "9:15" (12-hour, no am/pm)."""
    hour, minute = divmod(minutes % (24 * 60), 60)
    return f"{hour % 12 or 12}:{minute:02d}"


def make_options(rng: random.Random, correct: list[str], pool: list[str],
                 size: int = 4) -> tuple[dict[str, str], list[str]]:
    """Options holding every correct text plus distractors from `pool`; (options, answer letters)."""
    distractors = [p for p in dict.fromkeys(pool) if p not in correct]
    chosen = correct + rng.sample(distractors, max(0, min(len(distractors), size - len(correct))))
    rng.shuffle(chosen)
    options = {LETTERS[i]: text for i, text in enumerate(chosen)}
    return options, [k for k, v in options.items() if v in correct]


class QuestionMaker:
    """Accumulates questions and their queries, numbering ids q1, q2, ..."""

    def __init__(self, rng: random.Random, world: World, naming: Naming) -> None:
        self.rng, self.world, self.naming = rng, world, naming
        self.items: list[tuple[Question, Query]] = []

    def add(self, suite: Suite, stem: str, correct: list[str], pool: list[str], query: Query, evidence: list[str],
            role: str | None = None, depth: int | None = None, size: int = 4) -> None:
        options, answer = make_options(self.rng, correct, pool, size)
        qid = f"q{len(self.items) + 1}"
        self.items.append((Question(id=qid, suite=suite, stem=stem, options=options, answer=answer,
                                    evidence=evidence, role=role, depth=depth), query))

    def people_among(self, must: list[str], size: int = 5) -> list[str]:
        others = [p.id for p in self.world.people if p.id not in must]
        return sorted(must + self.rng.sample(others, max(0, min(len(others), size - len(must)))))

    @property
    def rooms(self) -> list[str]:
        return [r.name for r in self.world.layout.rooms]


def lsu_questions(qm: QuestionMaker) -> None:
    w = qm.world
    for person in w.people:
        slot = qm.rng.randrange(w.discovery_slot + 1)
        place = w.place_name(w.positions[person.id][slot])
        qm.add(Suite.LSU, f"Where was {person.name} at {w.slots[slot]}?", [place], qm.rooms,
               Query(kind="where", person=person.id, slot=slot), [person.id], role=person.id)
        if qm.rng.random() < 0.5:
            labels = [r[0] for r in pools.RELATIONS]
            qm.add(Suite.LSU, f"What is {person.name} to {w.victim}?", [person.relation], labels,
                   Query(kind="relation", person=person.id), [person.id], role=person.id)


def text_card_question(qm: QuestionMaker, d: ClueDraft) -> None:
    w, n = qm.world, qm.naming
    if d.style == "autopsy":
        qm.add(Suite.TIU, "According to the coroner's report, what was the weapon?", [w.weapon.name],
               [x[1] for x in pools.WEAPONS], Query(kind="weapon"), [d.id])
    elif d.style == "log":
        log = next(f for f in d.facts if isinstance(f, EntryLog))
        among = qm.people_among([log.entries[0][0]])
        correct = sorted({n.label(p) for p, _ in log.entries if p in among})
        qm.add(Suite.TIU, f"Which of these people does the door log of the {w.place_name(log.place)} list? "
               "Choose all that apply.", correct, [n.label(p) for p in among],
               Query(kind="entered", place=log.place, among=tuple(among)), [d.id], size=len(among))
    elif d.style in ("alibi", "reach"):
        fact = next(f for f in d.facts if isinstance(f, At) and f.person == d.subject)
        qm.add(Suite.TIU, f"According to this card, where was {n.label(fact.person)} at {w.slots[fact.slot]}?",
               [n.label(fact.place)], qm.rooms, Query(kind="where", person=fact.person, slot=fact.slot), [d.id])
    elif d.style == "void":
        among = qm.people_among([d.subject or ""], 4)
        qm.add(Suite.TIU, "Whose motive does this document show was settled before the murder?",
               [n.label(d.subject or "")], [n.label(p) for p in among],
               Query(kind="voided", among=tuple(among)), [d.id])
    elif d.style == "clock_note":
        room = n.label(w.murder_place)
        slow = f"{w.clock_slow} minutes slow"
        qm.add(Suite.TIU, f"According to the service card, how does the clock in the {room} keep time?", [slow],
               [f"{w.clock_slow} minutes fast", f"{2 * w.clock_slow} minutes slow", "It keeps perfect time",
                f"{2 * w.clock_slow} minutes fast"], Query(kind="clock_offset"), [d.id])
    elif d.style == "inventory":
        qm.add(Suite.TIU, f"According to the inventory, where was the {w.weapon.name} kept?",
               [n.label(w.weapon_place)], qm.rooms, Query(kind="weapon_place"), [d.id])
    elif d.style == "motive":
        motive = next(f for f in d.facts if isinstance(f, Motive))
        qm.add(Suite.TIU, f"What does this card reveal about {n.label(motive.person)}?", [n.label(motive.kind)],
               list(qm.naming.facts.motive_phrases.values()), Query(kind="motive_kind", person=motive.person), [d.id])


def media_card_question(qm: QuestionMaker, d: ClueDraft) -> None:
    w, n = qm.world, qm.naming
    if d.style == "clock":
        qm.add(Suite.MIU, "What time does the stopped clock show?", *clock_options(qm), Query(kind="clock_shows"),
               [d.id])
    elif d.style == "floorplan":
        place = w.murder_place
        near = [n.label(p) for p in w.layout.neighbours(place)]
        pool = [r for r in qm.rooms if r != n.label(place)]
        among = sorted(near + qm.rng.sample([r for r in pool if r not in near], min(2, len(pool) - len(near))))
        ids = tuple(r.id for r in w.layout.rooms if r.name in among)
        qm.add(Suite.MIU, f"Which rooms have a doorway straight into the {n.label(place)}? Choose all that apply.",
               near, among, Query(kind="doors_of", place=place, among=ids), [d.id], size=len(among))
        for pid, mark in d.extra[:1]:
            fact = next(f for f in d.facts if isinstance(f, At) and f.person == pid)
            qm.add(Suite.MIU, f"In which room is the {mark} marker on the floor plan?", [n.label(fact.place)],
                   qm.rooms, Query(kind="where", person=pid, slot=fact.slot), [d.id])
    elif d.source == "route":
        steps = sorted((f.slot, f.place) for f in d.facts if isinstance(f, At))
        qm.add(Suite.MIU, f"On the phone trail, which room comes right after the {n.label(steps[0][1])}?",
               [n.label(steps[1][1])], qm.rooms, Query(kind="route_next", person=d.subject, place=steps[0][1]), [d.id])
    elif d.style == "objects":
        group = qm.rng.choice([f for f in d.facts if isinstance(f, Count)])
        qm.add(Suite.MIU, f"How many {group.colour} {group.shape}s are on the table?", [str(group.count)],
               [str(i) for i in range(1, 10)], Query(kind="count", shape=group.shape, colour=group.colour), [d.id])
    elif d.style == "ledger":
        labels = [f.label for f in d.facts if isinstance(f, Amount)]
        top = max((f for f in d.facts if isinstance(f, Amount)), key=lambda f: f.value)
        qm.add(Suite.MIU, f"According to the chart, who owed {w.victim} the most?", [n.label(top.label)],
               [n.label(x) for x in labels], Query(kind="max_amount", among=tuple(labels)), [d.id])


def clock_options(qm: QuestionMaker) -> tuple[list[str], list[str]]:
    """([the time on the stopped clock's face], distractors: nearby quarters and the hands swapped)."""
    w = qm.world
    shows = minutes_of(w.slots[w.murder_slot]) - w.clock_slow
    hour, minute = divmod(shows, 60)
    swapped = f"{(minute // 5) % 12 or 12}:{(hour % 12) * 5:02d}"
    near = [clock_label(shows + delta) for delta in (-30, -15, 15, 30, 60)]
    return [clock_label(shows)], near + [swapped]


STEP_QUERIES: dict[str, QueryKind] = {
    "s_clock": "clock_shows", "s_time": "murder_time", "s_weapon": "weapon", "s_source": "weapon_place",
    "s_means": "with_means", "s_doors": "doors_of", "s_motive": "with_motive", "s_final": "culprits",
}


def step_question(qm: QuestionMaker, step: ReasoningStep, clue_refs: list[str], mentioned: set[str]) -> None:
    """One MMR question per reasoning step; `mentioned` are people the step's clues place somewhere,
    kept out of "who could not have been there" options other than the step's own subject."""
    w, n = qm.world, qm.naming
    suspects = [p.id for p in w.people]
    kind: QueryKind = STEP_QUERIES.get(step.id, "voided" if step.id.startswith("s_void_") else "no_opportunity")
    evidence = [step.id] + clue_refs
    if kind == "clock_shows":
        qm.add(Suite.MMR, "What time did the stopped clock show when it was found?", *clock_options(qm),
               Query(kind=kind), evidence, depth=step.depth)
    elif kind == "murder_time":
        qm.add(Suite.MMR, f"At what time was {w.victim} killed?", [w.slots[w.murder_slot]], list(w.slots),
               Query(kind=kind), evidence, depth=step.depth)
    elif kind == "weapon":
        qm.add(Suite.MMR, f"What was {w.victim} killed with?", [w.weapon.name], [x[1] for x in pools.WEAPONS],
               Query(kind=kind), evidence, depth=step.depth)
    elif kind == "weapon_place":
        qm.add(Suite.MMR, f"Where could the {w.weapon.name} have been taken from?", [n.label(w.weapon_place)],
               qm.rooms, Query(kind=kind), evidence, depth=step.depth)
    elif kind == "doors_of":
        near = [n.label(p) for p in w.layout.neighbours(w.murder_place)]
        qm.add(Suite.MMR, f"From which rooms could someone step straight into the {n.label(w.murder_place)}? "
               "Choose all that apply.", near, qm.rooms, Query(kind=kind, place=w.murder_place,
               among=w.layout.ids), evidence, depth=step.depth, size=len(qm.rooms))
    else:
        subject = step.id.split("_", 2)[2] if step.id.startswith(("s_void_", "s_clear_")) else None
        pool = [p for p in suspects if p == subject or p not in mentioned] if kind == "no_opportunity" else suspects
        among = sample_among(qm, pool, subject, 5 if subject else len(suspects))
        stems = {"with_means": f"Who entered the {n.label(w.weapon_place)} before the murder, and so could have "
                               f"taken the {w.weapon.name}?",
                 "with_motive": f"Who had a reason to kill {w.victim} that still held that evening?",
                 "culprits": f"Who killed {w.victim}?", "voided": "Whose motive had already been settled?",
                 "no_opportunity": f"Who could not have been in the {n.label(w.murder_place)} when the murder "
                                   "happened?"}
        query = Query(kind=kind, among=tuple(among))
        correct = [n.label(p) for p in qm_answer(qm, kind, among, subject)]
        multi = " Choose all that apply." if kind in ("with_means", "with_motive", "culprits") else ""
        qm.add(Suite.MMR, stems[kind] + multi, correct, [n.label(p) for p in among], query, evidence,
               depth=step.depth, size=len(among))


def sample_among(qm: QuestionMaker, pool: list[str], subject: str | None, size: int) -> list[str]:
    others = [p for p in pool if p != subject]
    picked = qm.rng.sample(others, min(len(others), size - (1 if subject else 0)))
    return sorted(picked + ([subject] if subject else []))


def qm_answer(qm: QuestionMaker, kind: str, among: list[str], subject: str | None) -> list[str]:
    """The intended answer from the world model (the solver re-derives it independently from facts)."""
    w = qm.world
    if kind == "with_means":  # entered the weapon room no later than the murder slot
        return [p for p in among if w.weapon_place in w.positions[p][: w.murder_slot + 1]]
    if kind == "with_motive":
        return [p for p in among if w.person(p).culprit]
    if kind == "culprits":
        return [p for p in among if w.person(p).culprit]
    return [subject] if subject else []
