"""The world model of a generated case: people, rooms and doors, a timeline, the crime and its truth.

`build_world` draws everything from one `random.Random`, so a seed fixes the world. The timeline
is a walk per person through the floor plan (one doorway at most per time slot). The culprits walk
from the room where the weapon is kept to the murder room; each red herring has a motive and is
later refuted by exactly one kind of clue (an alibi at the murder time, a sighting too far away
to reach the murder room in time, no access to the weapon, or a motive that no longer held).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from arena.generator import pools
from arena.generator.floorplan import Layout, build_layout
from arena.generator.settings import SETTINGS, Setting

Difficulty = Literal["easy", "medium", "hard"]
Refutation = Literal["alibi", "reach", "means", "void"]

HERRINGS: dict[str, tuple[int, int]] = {"easy": (1, 2), "medium": (2, 3), "hard": (3, 5)}
# how an innocent without a motive is cleared (never by the absence of a motive)
CALM_REFUTATIONS: dict[str, tuple[Refutation, ...]] = {
    "easy": ("alibi",), "medium": ("alibi", "means"), "hard": ("alibi", "means", "reach"),
}
REFUTATIONS: dict[str, tuple[Refutation, ...]] = {
    "easy": ("alibi", "void"),
    "medium": ("alibi", "means", "void", "alibi"),
    "hard": ("reach", "means", "alibi", "void", "reach"),
}


# how slow a hard case's stopped clock runs, in minutes: drawn evenly, and the clock question offers all four, so no
# option is right more often than another across the set
CLOCK_SLOW = (10, 15, 20, 25)
DEFAULT_WORDS = {"en": 4000, "zh": 6000}  # role script length by language: words, or CJK characters for zh


@dataclass(frozen=True)
class CaseOptions:
    roles: int = 6
    difficulty: Difficulty = "medium"
    culprits: int = 1
    words: int = 4000  # minimum words per role script (CJK characters for a Chinese case)
    language: str = "en"  # the case language: "en" or "zh" (Simplified Chinese)


@dataclass(frozen=True)
class Person:
    id: str
    name: str
    occupation: str
    background: str
    relation: str  # short label of the relation to the victim
    relation_text: str
    motive: str | None  # motive kind (see pools.MOTIVES), None for people with no reason to kill
    secret: str
    culprit: bool
    pronoun: str = "they"  # "she" or "he" (pools.PRONOUNS)

    @property
    def first(self) -> str:
        return self.name.split()[0]


@dataclass(frozen=True)
class Herring:
    """An innocent with a motive, and the one kind of clue that will clear them."""

    person: str
    refutation: Refutation
    reach_slot: int | None = None  # for "reach": when they were seen too far away
    reach_place: str | None = None


@dataclass(frozen=True)
class Weapon:
    id: str
    name: str
    container: str
    method: str


@dataclass(frozen=True)
class World:
    options: CaseOptions
    setting: Setting
    building: str
    victim: str
    victim_pronoun: str
    staff: str  # the non-player who finds the body
    people: tuple[Person, ...]
    layout: Layout
    slots: tuple[str, ...]
    murder_slot: int
    murder_place: str
    weapon: Weapon
    weapon_place: str
    positions: Mapping[str, tuple[str, ...]]  # person id -> place id per slot
    victim_positions: tuple[str, ...]
    herrings: tuple[Herring, ...]
    pair_relations: Mapping[tuple[str, str], int]  # (a, b) with a < b -> index into pools.PAIR_RELATIONS
    amount: str
    prize: str
    clock_slow: int  # minutes the murder room's stopped clock runs slow (hard cases, one of CLOCK_SLOW), else 0
    confidants: Mapping[str, str] = field(default_factory=dict)  # person id -> whose secret they know

    def confided(self, person_id: str) -> Person | None:
        """The person whose secret `person_id` knows (each person's secret is known to exactly one other)."""
        other = self.confidants.get(person_id)
        return self.person(other) if other is not None else None

    def person(self, person_id: str) -> Person:
        return next(p for p in self.people if p.id == person_id)

    @property
    def culprits(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.people if p.culprit)

    @property
    def suspicious(self) -> tuple[Herring, ...]:
        """The red herrings proper: innocents with a motive (each cleared by one clue)."""
        return tuple(h for h in self.herrings if self.person(h.person).motive is not None)

    def pro(self, person_id: str | None, form: int = 0) -> str:
        """A pronoun of a person (or of the victim for None): 0 subject, 1 object, 2 possessive, 3 reflexive."""
        from arena.generator.pools import PRONOUNS

        key = self.victim_pronoun if person_id is None else self.person(person_id).pronoun
        return PRONOUNS[key][form]

    def herring(self, person_id: str) -> Herring | None:
        return next((h for h in self.herrings if h.person == person_id), None)

    @property
    def discovery_slot(self) -> int:
        return self.murder_slot + 1

    def place_name(self, place_id: str) -> str:
        return self.layout.name(place_id)


def make_slots(rng: random.Random, count: int) -> tuple[str, ...]:
    start = rng.choice(range(19 * 60, 21 * 60 + 1, 15))
    return tuple(f"{(start + 15 * i) // 60:02d}:{(start + 15 * i) % 60:02d}" for i in range(count))


def fitting_relation(rng: random.Random, motive: str | None, used: set[str],
                     jobs_used: set[str]) -> tuple[str, str, tuple[str, ...]]:
    """A relation to the victim that makes `motive` plausible, not used by anyone else yet, whose
    occupations are not all taken."""
    allowed = pools.MOTIVE_RELATIONS.get(motive or "", ())
    free = [r for r in pools.RELATIONS if r[0] not in used and (not r[2] or set(r[2]) - jobs_used)]
    return rng.choice([r for r in free if not allowed or r[0] in allowed] or free)


def fitting_occupation(rng: random.Random, jobs: tuple[str, ...], used: set[str]) -> tuple[str, str]:
    names = [j for j in (jobs or pools.FREE_OCCUPATIONS) if j not in used] or list(pools.FREE_OCCUPATIONS)
    job = rng.choice([j for j in names if j not in used] or names)
    return next(o for o in pools.OCCUPATIONS if o[0] == job)


def make_people(rng: random.Random, options: CaseOptions, victim: str, motives: list[str | None],
                culprits: set[int]) -> list[Person]:
    """People whose relation fits their motive and whose occupation fits their relation."""
    firsts = rng.sample(pools.FIRST_NAMES, options.roles)
    surnames = rng.sample(pools.SURNAMES, options.roles)
    secrets = rng.sample(pools.SECRETS, options.roles)
    used_rel: set[str] = set()
    used_job: set[str] = set()
    people = []
    order = sorted(range(options.roles), key=lambda i: motives[i] is None)  # constrained people choose first
    chosen: dict[int, tuple[tuple[str, str, tuple[str, ...]], tuple[str, str]]] = {}
    for i in order:
        relation = fitting_relation(rng, motives[i], used_rel, used_job)
        job = fitting_occupation(rng, relation[2], used_job)
        used_rel.add(relation[0])
        used_job.add(job[0])
        chosen[i] = (relation, job)
    for i in range(options.roles):
        (label, text, _), job = chosen[i]
        people.append(Person(
            id=firsts[i][0].lower(), name=f"{firsts[i][0]} {surnames[i]}", occupation=job[0], background=job[1],
            relation=label, relation_text=text, motive=motives[i], secret=secrets[i], culprit=i in culprits,
            pronoun=firsts[i][1]))
    return people


def pick_herrings(rng: random.Random, options: CaseOptions, innocents: list[int]) -> tuple[list[int], list[Refutation]]:
    """(innocents with a motive, the way each innocent is cleared, in `innocents` order).

    Every innocent is cleared by a clue; those with a motive are the red herrings proper."""
    low, high = HERRINGS[options.difficulty]
    count = max(1, min(len(innocents), rng.randint(low, high)))
    motived = rng.sample(innocents, count)
    kinds: list[Refutation] = []
    for i in innocents:
        pool = REFUTATIONS if i in motived else CALM_REFUTATIONS
        kinds.append(rng.choice(pool[options.difficulty]))
    kinds[innocents.index(motived[0])] = "alibi"  # cleared by the clock's time (see timeline.herring_walk)
    if options.difficulty == "hard" and len(innocents) > 1:
        kinds[innocents.index(next(i for i in innocents if i != motived[0]))] = "means"  # the weapon chain
    return motived, kinds


def draw_motives(rng: random.Random, roles: int, culprits: set[int], motived: list[int]) -> list[str | None]:
    kinds = list(pools.MOTIVES)
    rng.shuffle(kinds)
    shared = kinds.pop()  # several culprits share one motive
    return [shared if i in culprits else (kinds.pop() if i in motived else None) for i in range(roles)]


def fitting_weapon(rng: random.Random, room: str) -> Weapon | None:
    """A weapon whose container the room would hold (no bookcase in an orchestra pit: the consistency linter's
    table, `arena/scripts/lint/objects.py`), or None when no weapon fits the room."""
    from arena.scripts.lint.objects import MISPLACED

    fits = [w for w in pools.WEAPONS if room not in MISPLACED.get(w[2].removeprefix("the "), frozenset())]
    return Weapon(*rng.choice(fits)) if fits else None


def build_world(rng: random.Random, options: CaseOptions) -> World | None:
    """One world for these options, or None when this draw cannot satisfy the constraints."""
    from arena.generator.timeline import plan_timeline

    setting = rng.choice(SETTINGS)
    victim, victim_pronoun = rng.choice(pools.VICTIM_NAMES)
    murder_slot = rng.randint(4, 6)
    layout = build_layout(rng, setting, min(8, max(5, options.roles + rng.choice((-1, 0, 1)))))
    culprit_set = set(rng.sample(range(options.roles), options.culprits))
    innocent_idx = [i for i in range(options.roles) if i not in culprit_set]
    motived, kinds = pick_herrings(rng, options, innocent_idx)
    people = make_people(rng, options, victim, draw_motives(rng, options.roles, culprit_set, motived), culprit_set)
    herrings = [Herring(people[i].id, kind) for i, kind in zip(innocent_idx, kinds, strict=True)]
    clock_slow = rng.choice(CLOCK_SLOW) if options.difficulty == "hard" else 0
    plan = plan_timeline(rng, layout, people, herrings, murder_slot, exact_visit=clock_slow > 0)
    if plan is None:
        return None
    weapon = fitting_weapon(rng, layout.name(plan.weapon_place))
    if weapon is None:
        return None
    ids = [p.id for p in people]
    pairs = {(min(a, b), max(a, b)): rng.randrange(len(pools.PAIR_RELATIONS))
             for i, a in enumerate(ids) for b in ids[i + 1:]}
    ring = rng.sample(ids, len(ids))  # each knows the next one's secret: a cycle, so nobody knows their own
    confidants = {a: ring[(i + 1) % len(ring)] for i, a in enumerate(ring)}
    return World(
        options=options, setting=setting, building=rng.choice(setting.buildings), victim=victim,
        victim_pronoun=victim_pronoun,
        staff=rng.choice(setting.staff), people=tuple(people), layout=layout,
        slots=make_slots(rng, murder_slot + 2), murder_slot=murder_slot, murder_place=plan.murder_place,
        weapon=weapon, weapon_place=plan.weapon_place, positions=plan.positions,
        victim_positions=plan.victim_positions, herrings=tuple(plan.herrings),
        pair_relations=pairs,
        amount=rng.choice(pools.AMOUNTS), prize=rng.choice(pools.PRIZES), clock_slow=clock_slow,
        confidants=confidants,
    )
