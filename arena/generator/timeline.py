"""The evening's timeline: a walk per person through the floor plan, under the crime's constraints.

Each walk moves through at most one doorway per time slot, passes through required rooms at
required slots (waypoints) and keeps out of forbidden rooms at forbidden slots. The constraints
make the truth hold: culprits fetch the weapon and reach the murder room at the murder slot;
nobody else is there then; red herrings who must have had access to the weapon visit its room at
a time that leaves them able to reach the murder room, so only their planned clue can clear them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from arena.generator.floorplan import Layout
from arena.generator.world import CrimeShape, Herring, Person

WALK_TRIES = 25


@dataclass(frozen=True)
class TimelinePlan:
    murder_place: str
    weapon_place: str
    positions: dict[str, tuple[str, ...]]
    victim_positions: tuple[str, ...]
    herrings: tuple[Herring, ...]
    body_place: str | None = None  # a poison's: where the victim collapsed


def walk(rng: random.Random, layout: Layout, slots: int, waypoints: dict[int, str],
         avoid: dict[int, set[str]]) -> tuple[str, ...] | None:
    """A random walk meeting every waypoint and avoiding forbidden rooms, or None if stuck."""

    def feasible(place: str, t: int) -> bool:
        if place in avoid.get(t, ()):
            return False
        return all(layout.dist(place, wp) <= wt - t for wt, wp in waypoints.items() if wt >= t)

    starts = [p for p in layout.ids if feasible(p, 0)]
    if not starts:
        return None
    path = [rng.choice(starts)]
    for t in range(1, slots):
        here = path[-1]
        options = [p for p in (here, *layout.neighbours(here)) if feasible(p, t)]
        if not options:
            return None
        path.append(rng.choice(options))
    return tuple(path)


def walk_retrying(rng: random.Random, layout: Layout, slots: int, waypoints: dict[int, str],
                  avoid: dict[int, set[str]]) -> tuple[str, ...] | None:
    for _ in range(WALK_TRIES):
        path = walk(rng, layout, slots, waypoints, avoid)
        if path is not None:
            return path
    return None


def choose_rooms(rng: random.Random, layout: Layout, murder_slot: int, far: bool,
                 at_hand: bool = False) -> tuple[str, str] | None:
    """(murder room, weapon room): the weapon room is reachable in time; with `far`, the murder
    room has some room at least two doorways away (for sightings that clear by distance). With `at_hand`
    the weapon lay in the murder room itself."""
    rooms = [r for r in layout.ids if not far or layout.eccentricity(r) >= 2]
    if not rooms:
        return None
    murder = rng.choice(rooms)
    if at_hand:
        return murder, murder
    sources = [r for r in layout.ids if 1 <= layout.dist(r, murder) <= murder_slot - 1]
    return (murder, rng.choice(sources)) if sources else None


def herring_walk(rng: random.Random, layout: Layout, herring: Herring, slots: int, murder: tuple[int, str],
                 weapon_place: str, exact_visit: bool,
                 visit: int | None = None) -> tuple[tuple[str, ...], Herring] | None:
    """A red herring's walk; an alibi herring also visits the murder room earlier (with `exact_visit`,
    one slot before the murder: the time a clock running a quarter hour slow shows; with `visit`, at that slot:
    the false time a tampered clock shows, which frames them)."""
    m, place = murder
    reach = layout.dist(weapon_place, place)
    avoid: dict[int, set[str]] = {m: {place}, m + 1: {place}}
    if herring.refutation == "means":
        for t in range(slots):
            avoid.setdefault(t, set()).add(weapon_place)
        return (p, herring) if (p := walk_retrying(rng, layout, slots, {}, avoid)) else None
    for t in range(slots):  # a logged visit to the weapon room must not itself clear them
        if reach > abs(t - m):
            avoid.setdefault(t, set()).add(weapon_place)
    for _ in range(WALK_TRIES):
        waypoints = {rng.randint(0, m - reach): weapon_place}
        if herring.refutation == "alibi":
            # an earlier visit to the murder room: without the clock's time, they could have done it
            t_w = rng.randint(0, m - 1 - reach)
            at = visit if visit is not None else m - 1 if exact_visit else rng.randint(t_w + reach, m - 1)
            waypoints = {t_w: weapon_place, at: place}
        if herring.refutation == "reach":
            far = [r for r in layout.ids if layout.dist(r, place) >= 2]
            slot = rng.choice((m - 1, m + 1))
            if slot in waypoints:
                continue
            waypoints[slot] = rng.choice(far)
            herring = replace(herring, reach_slot=slot, reach_place=waypoints[slot])
        path = walk(rng, layout, slots, waypoints, avoid)
        if path is not None:
            return path, herring
    return None


def victim_walk(rng: random.Random, layout: Layout, slots: int, murder: tuple[int, str],
                onset: int) -> tuple[tuple[str, ...], str | None] | None:
    """The victim's walk and, for a poison, the room where they collapsed (one to `onset` doorways from where
    the dose was given, reached by the collapse)."""
    m, place = murder
    if not onset:
        path = walk_retrying(rng, layout, slots, {m: place, m + 1: place}, {})
        return (path, None) if path else None
    bodies = [r for r in layout.ids if 1 <= layout.dist(r, place) <= onset]
    if not bodies:
        return None
    body = rng.choice(bodies)
    path = walk_retrying(rng, layout, slots, {m: place, m + onset: body}, {})
    return (path, body) if path else None


def culprit_walk(rng: random.Random, layout: Layout, slots: int, rooms: tuple[str, str], murder_slot: int,
                 shape: CrimeShape) -> tuple[str, ...] | None:
    """A culprit fetches the weapon and reaches the murder room at the murder slot; with a tampered clock they are
    also somewhere else, and seen there, at the false time it shows."""
    murder_place, weapon_place = rooms
    t_w = rng.randint(0, murder_slot - layout.dist(weapon_place, murder_place))
    waypoints = {t_w: weapon_place, murder_slot: murder_place}
    if shape.shown_slot is not None:
        gap = murder_slot - shape.shown_slot
        elsewhere = [r for r in layout.ids if 1 <= layout.dist(r, murder_place) <= gap and r != weapon_place]
        if not elsewhere or t_w == shape.shown_slot:
            return None
        waypoints[shape.shown_slot] = rng.choice(elsewhere)
    return walk_retrying(rng, layout, slots, waypoints, {murder_slot + 1: {murder_place}})


def plan_timeline(rng: random.Random, layout: Layout, people: list[Person], herrings: list[Herring],
                  murder_slot: int, exact_visit: bool = False, shape: CrimeShape | None = None) -> TimelinePlan | None:
    shape = shape or CrimeShape()
    slots = murder_slot + (shape.onset or 1) + 1
    rooms = choose_rooms(rng, layout, murder_slot, any(h.refutation == "reach" for h in herrings),
                         at_hand=shape.at_hand)
    if rooms is None:
        return None
    murder_place, weapon_place = rooms
    found = victim_walk(rng, layout, slots, (murder_slot, murder_place), shape.onset)
    if found is None:
        return None
    victim, body_place = found
    positions: dict[str, tuple[str, ...]] = {}
    planned: list[Herring] = []
    by_person = {h.person: h for h in herrings}
    for person in people:
        herring = by_person.get(person.id)
        if person.culprit:
            path = culprit_walk(rng, layout, slots, rooms, murder_slot, shape)
        elif herring is not None:
            walked = herring_walk(rng, layout, herring, slots, (murder_slot, murder_place), weapon_place, exact_visit,
                                  shape.shown_slot)
            path = walked[0] if walked else None
            if walked:
                planned.append(walked[1])
        else:
            path = walk_retrying(rng, layout, slots, {}, {murder_slot: {murder_place}, murder_slot + 1: {murder_place}})
        if path is None:
            return None
        positions[person.id] = path
    return TimelinePlan(murder_place, weapon_place, positions, victim, tuple(planned), body_place)
