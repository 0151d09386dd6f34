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
from dataclasses import dataclass
from typing import Literal

from arena.generator import pools
from arena.generator.floorplan import Layout, build_layout
from arena.generator.settings import SETTINGS, Setting

Difficulty = Literal["easy", "medium", "hard"]
Refutation = Literal["alibi", "reach", "means", "void"]

HERRINGS: dict[str, tuple[int, int]] = {"easy": (1, 2), "medium": (2, 3), "hard": (3, 5)}
REFUTATIONS: dict[str, tuple[Refutation, ...]] = {
    "easy": ("alibi", "void"),
    "medium": ("alibi", "means", "void", "alibi"),
    "hard": ("reach", "means", "alibi", "void", "reach"),
}


@dataclass(frozen=True)
class CaseOptions:
    roles: int = 6
    difficulty: Difficulty = "medium"
    culprits: int = 1


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
    clock_slow: int  # minutes the murder room's stopped clock runs slow (hard cases), else 0

    def person(self, person_id: str) -> Person:
        return next(p for p in self.people if p.id == person_id)

    @property
    def culprits(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.people if p.culprit)

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


def make_people(rng: random.Random, options: CaseOptions, victim: str) -> list[Person]:
    firsts = rng.sample(pools.FIRST_NAMES, options.roles)
    surnames = rng.sample(pools.SURNAMES, options.roles)
    jobs = rng.sample(pools.OCCUPATIONS, options.roles)
    relations = rng.sample(pools.RELATIONS, options.roles)
    secrets = rng.sample(pools.SECRETS, options.roles)
    culprits = set(rng.sample(range(options.roles), options.culprits))
    people = []
    for i in range(options.roles):
        people.append(Person(
            id=firsts[i].lower(), name=f"{firsts[i]} {surnames[i]}", occupation=jobs[i][0], background=jobs[i][1],
            relation=relations[i][0], relation_text=relations[i][1].format(victim=victim), motive=None,
            secret=secrets[i], culprit=i in culprits))
    return people


def pick_herrings(rng: random.Random, options: CaseOptions, innocents: list[str]) -> list[Herring]:
    low, high = HERRINGS[options.difficulty]
    count = max(1, min(len(innocents), rng.randint(low, high)))
    chosen = rng.sample(innocents, count)
    kinds: list[Refutation] = ["alibi"]  # the first is cleared by the clock's time (see timeline.herring_walk)
    if options.difficulty == "hard":
        kinds.append("means")  # hard cases always need the weapon chain
    kinds += [rng.choice(REFUTATIONS[options.difficulty]) for _ in range(count - len(kinds))]
    kinds = kinds[:count]
    return [Herring(person, kind) for person, kind in zip(chosen, kinds, strict=True)]


def assign_motives(rng: random.Random, people: list[Person], herrings: list[Herring]) -> list[Person]:
    kinds = list(pools.MOTIVES)
    rng.shuffle(kinds)
    shared = kinds.pop()  # several culprits share one motive
    motived = {h.person for h in herrings}
    out = []
    for person in people:
        motive = shared if person.culprit else (kinds.pop() if person.id in motived else None)
        out.append(Person(**{**person.__dict__, "motive": motive}))
    return out


def build_world(rng: random.Random, options: CaseOptions) -> World | None:
    """One world for these options, or None when this draw cannot satisfy the constraints."""
    from arena.generator.timeline import plan_timeline

    setting = rng.choice(SETTINGS)
    victim = rng.choice(pools.VICTIM_NAMES)
    murder_slot = rng.randint(4, 6)
    layout = build_layout(rng, setting, min(8, max(5, options.roles + rng.choice((-1, 0, 1)))))
    people = make_people(rng, options, victim)
    innocents = [p.id for p in people if not p.culprit]
    herrings = pick_herrings(rng, options, innocents)
    people = assign_motives(rng, people, herrings)
    weapon = Weapon(*rng.choice(pools.WEAPONS))
    clock_slow = 15 if options.difficulty == "hard" else 0
    plan = plan_timeline(rng, layout, people, herrings, murder_slot, exact_visit=clock_slow > 0)
    if plan is None:
        return None
    ids = [p.id for p in people]
    pairs = {(min(a, b), max(a, b)): rng.randrange(len(pools.PAIR_RELATIONS))
             for i, a in enumerate(ids) for b in ids[i + 1:]}
    return World(
        options=options, setting=setting, building=rng.choice(setting.buildings), victim=victim,
        staff=rng.choice(setting.staff), people=tuple(people), layout=layout,
        slots=make_slots(rng, murder_slot + 2), murder_slot=murder_slot, murder_place=plan.murder_place,
        weapon=weapon, weapon_place=plan.weapon_place, positions=plan.positions,
        victim_positions=plan.victim_positions, herrings=tuple(plan.herrings),
        pair_relations=pairs,
        amount=rng.choice(pools.AMOUNTS), prize=rng.choice(pools.PRIZES), clock_slow=clock_slow,
    )
