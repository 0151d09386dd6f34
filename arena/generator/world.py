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
from typing import TYPE_CHECKING, Literal

from arena.generator import pools
from arena.generator.floorplan import Layout, build_layout
from arena.generator.plots import COLD_QUARTERS, DEFAULT_PLOT, PLOTS, Plot
from arena.generator.settings import Setting, drawable
from arena.scripts.clock import SLOT_MINUTES, hhmm, slot_minutes

if TYPE_CHECKING:
    from arena.generator.timeline import TimelinePlan

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
    plot: str | None = None  # a name of `plots.PLOTS`; None: the seed's turn (`plots.plot_for`)
    held_out: bool = False  # a held-out case: it may use the plots and settings the public set never shows


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
    plot: str = DEFAULT_PLOT
    # the false time: the quarter hour a tampered clock was set to, or that a chilled body's temperature gives
    shown_slot: int | None = None
    onset: int = 0  # poison: quarter hours from the dose to the collapse
    body_place: str | None = None  # poison: where the victim collapsed (the dose was given in `murder_place`)
    key_holds: tuple[tuple[str, int, int], ...] = ()  # locked cabinet: who held a key, from slot to slot

    @property
    def plot_spec(self) -> Plot:
        return PLOTS[self.plot]

    @property
    def scene(self) -> str:
        """Where the body was found: the murder room, or for a poison the room where the victim collapsed."""
        return self.body_place or self.murder_place

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
        """When the body was found: the quarter hour after the murder, or a poison's collapse."""
        return self.murder_slot + (self.onset or 1)

    def place_name(self, place_id: str) -> str:
        return self.layout.name(place_id)


def make_slots(rng: random.Random, count: int) -> tuple[str, ...]:
    start = rng.choice(range(19 * 60, 21 * 60 + 1, SLOT_MINUTES))
    return tuple(hhmm(start + slot_minutes(i)) for i in range(count))


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


def fitting_weapon(rng: random.Random, room: str, plot: Plot | None = None) -> Weapon | None:
    """A weapon whose container the room would hold (no bookcase in an orchestra pit: the consistency linter's
    table, `arena/scripts/lint/objects.py`), or None when no weapon fits the room. A poison plot draws a poison."""
    from arena.scripts.lint.objects import MISPLACED

    pool = pools.POISONS if plot is not None and plot.time == "onset" else pools.WEAPONS
    fits = [w for w in pool if room not in MISPLACED.get(w[2].removeprefix("the "), frozenset())]
    return Weapon(*rng.choice(fits)) if fits else None


# rooms a killer could not chill by opening a window: none to open (below stage or deck, inside a ship), or its own
# heat keeps it warm
NO_OPEN_WINDOW = frozenset(("Wine Cellar", "Orchestra Pit", "Stage Wings", "Fly Gallery", "Cabin Corridor",
                            "Boiler Room", "Laundry", "Spa", "Kitchen", "Galley", "Prop Store", "Wardrobe"))


@dataclass(frozen=True)
class CrimeShape:
    """What a plot adds to the timeline: the false time a tampered clock shows or a chilled body gives, a poison's
    onset."""

    shown_slot: int | None = None
    onset: int = 0
    at_hand: bool = False  # the weapon lay in the murder room (no store to fetch it from)


TAMPERED_QUARTERS = (2, 3)  # how far back a tampered clock is set
ONSET_QUARTERS = (1, 2, 3, 4)  # a poison's onset, as many as the report's options


def time_leg(seed_rng: random.Random, plot: Plot) -> int:
    """The size of the plot's time trick: how far a tampered clock or a cold room moves the time, or the poison's
    onset. It is drawn from the seed, not the attempt, so that the checks (a long shift fails the timeline more
    often) cannot filter it: over seeds every size comes out evenly, as every question's options offer them."""
    sizes = {"tampered": TAMPERED_QUARTERS, "chill": COLD_QUARTERS, "onset": ONSET_QUARTERS}.get(plot.time)
    return seed_rng.choice(sizes) if sizes else 0


def crime_shape(plot: Plot, murder_slot: int, leg: int) -> CrimeShape:
    at_hand = plot.access == "none"
    if plot.time in ("tampered", "chill"):
        return CrimeShape(shown_slot=murder_slot - leg, at_hand=at_hand)
    if plot.time == "onset":
        return CrimeShape(onset=leg, at_hand=at_hand)
    return CrimeShape(at_hand=at_hand)


def key_holds(rng: random.Random, plot: Plot, people: list[Person], plan: TimelinePlan,
              crime: int) -> tuple[tuple[str, int, int], ...]:
    """Who held a key of the weapon's cabinet, from slot to slot: each culprit over the quarter hour they took the
    weapon; everyone else who is not cleared by the cabinet at some time up to the crime; some of those who are,
    only after it (a key taken too late, which proves nothing)."""
    if plot.access != "keys":
        return ()
    last = len(next(iter(plan.positions.values()))) - 1
    holds = []
    for person in people:
        herring = next((h for h in plan.herrings if h.person == person.id), None)
        if person.culprit:
            fetched = next(t for t, place in enumerate(plan.positions[person.id]) if place == plan.weapon_place)
            start = max(0, fetched - rng.randint(0, 1))
        elif herring is not None and herring.refutation == "means":
            if crime + 1 > last or rng.random() < 0.4:
                continue
            start = rng.randint(crime + 1, last)
        else:
            start = rng.randint(0, crime)
        holds.append((person.id, start, min(last, start + rng.randint(0, 2))))
    return tuple(sorted(holds, key=lambda h: (h[1], h[0])))


def build_world(rng: random.Random, options: CaseOptions, seed_rng: random.Random | None = None) -> World | None:
    """One world for these options, or None when this draw cannot satisfy the constraints. `seed_rng` draws what
    must not depend on the attempt (`time_leg`); by default `rng` does."""
    from arena.generator.timeline import plan_timeline

    setting = rng.choice(drawable(options.held_out))
    victim, victim_pronoun = rng.choice(pools.VICTIM_NAMES)
    murder_slot = rng.randint(4, 6)
    layout = build_layout(rng, setting, min(8, max(5, options.roles + rng.choice((-1, 0, 1)))))
    culprit_set = set(rng.sample(range(options.roles), options.culprits))
    innocent_idx = [i for i in range(options.roles) if i not in culprit_set]
    motived, kinds = pick_herrings(rng, options, innocent_idx)
    plot = PLOTS[options.plot or DEFAULT_PLOT]
    if plot.access == "none":  # nothing to clear by the means: whoever was there could have done it
        kinds = ["alibi" if k == "means" else k for k in kinds]
    elif plot.name != DEFAULT_PLOT and "means" not in kinds and len(kinds) > 1:
        # a plot's access leg clears someone (its store's log, its cabinet's key register); never the one innocent
        # whom the time clears
        kinds[max(i for i, person in enumerate(innocent_idx) if person != motived[0])] = "means"
    people = make_people(rng, options, victim, draw_motives(rng, options.roles, culprit_set, motived), culprit_set)
    herrings = [Herring(people[i].id, kind) for i, kind in zip(innocent_idx, kinds, strict=True)]
    clock_slow = rng.choice(CLOCK_SLOW) if options.difficulty == "hard" and plot.time == "clock" else 0
    crime = crime_shape(plot, murder_slot, time_leg(seed_rng or rng, plot))
    plan = plan_timeline(rng, layout, people, herrings, murder_slot, exact_visit=clock_slow > 0, shape=crime)
    if plan is None:
        return None
    if plot.time == "chill" and layout.name(plan.murder_place) in NO_OPEN_WINDOW:
        return None  # a room with no window to open to the night, or one its own heat keeps warm
    weapon = fitting_weapon(rng, layout.name(plan.weapon_place), plot)
    if weapon is None:
        return None
    holds = key_holds(rng, plot, people, plan, murder_slot)
    ids = [p.id for p in people]
    pairs = {(min(a, b), max(a, b)): rng.randrange(len(pools.PAIR_RELATIONS))
             for i, a in enumerate(ids) for b in ids[i + 1:]}
    ring = rng.sample(ids, len(ids))  # each knows the next one's secret: a cycle, so nobody knows their own
    confidants = {a: ring[(i + 1) % len(ring)] for i, a in enumerate(ring)}
    return World(
        options=options, setting=setting, building=rng.choice(setting.buildings), victim=victim,
        victim_pronoun=victim_pronoun,
        staff=rng.choice(setting.staff), people=tuple(people), layout=layout,
        slots=make_slots(rng, murder_slot + (crime.onset or 1) + 1), murder_slot=murder_slot,
        murder_place=plan.murder_place,
        weapon=weapon, weapon_place=plan.weapon_place, positions=plan.positions,
        victim_positions=plan.victim_positions, herrings=tuple(plan.herrings),
        pair_relations=pairs,
        amount=rng.choice(pools.AMOUNTS), prize=rng.choice(pools.PRIZES), clock_slow=clock_slow,
        confidants=confidants, plot=plot.name, shown_slot=crime.shown_slot, onset=crime.onset,
        body_place=plan.body_place, key_holds=holds,
    )
