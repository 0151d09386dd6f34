"""The solver check: from the clues' facts alone, exactly the true culprits must remain.

A suspect is consistent when, for some murder slot and murder room the facts allow,
  * motive: some clue gives them a motive and no clue cancels it;
  * means: the weapon is unknown, or its storage room is unknown, or that room has no exhaustive door
    log, or the log shows them entering it no later than the murder slot;
  * opportunity: every place a clue puts them (including door-log entries) is within walking reach of
    the murder room: at most one doorway per slot, counted on the floor plan when a clue gives the
    doors (otherwise any two rooms count as one doorway apart).
The check also removes each clue in turn (a key clue must break the solution, any other must not),
follows the reasoning chain, and re-derives every question's answer from its evidence facts.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from arena.generator.facts import (
    Amount,
    At,
    BodyCooling,
    CaseFacts,
    CauseOfDeath,
    ClockSlow,
    ClockTampered,
    Collapse,
    Count,
    Detail,
    Doors,
    EntryLog,
    Fact,
    KeyLog,
    Motive,
    MotiveVoid,
    MurderPlace,
    MurderTime,
    NoMotive,
    Onset,
    Query,
    Relation,
    RoomTemperature,
    StoppedClock,
    VictimAt,
    WatchStopped,
    WeaponKept,
)
from arena.generator.floorplan import shortest_paths
from arena.generator.questions import Naming, degrees_label, plural
from arena.scripts.clock import clock_label, minutes_of, slot_minutes

FAR = 10_000


@dataclass
class Knowledge:
    """The facts of a set of clues, indexed for the search."""

    at: dict[str, list[tuple[str, int]]] = field(default_factory=lambda: defaultdict(list))
    murder_slots: set[int] = field(default_factory=set)
    clock_shows: set[int] = field(default_factory=set)
    clock_slow: int = 0
    murder_places: set[str] = field(default_factory=set)
    weapons: set[str] = field(default_factory=set)
    kept: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    logs: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    motives: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    voids: set[str] = field(default_factory=set)
    doors: list[tuple[str, str]] | None = None
    counts: dict[tuple[str, str], int] = field(default_factory=dict)
    amounts: dict[str, float] = field(default_factory=dict)
    relations: dict[str, str] = field(default_factory=dict)
    nomotive: set[str] = field(default_factory=set)
    details: dict[tuple[str, str], str] = field(default_factory=dict)
    watch_shows: set[int] = field(default_factory=set)
    tampered: bool = False
    collapses: set[int] = field(default_factory=set)
    onsets: set[int] = field(default_factory=set)
    victim_at: dict[int, str] = field(default_factory=dict)
    keylogs: dict[str, list[tuple[str, int, int]]] = field(default_factory=dict)
    coolings: set[tuple[int, int]] = field(default_factory=set)  # (estimate at a warm room, degrees per quarter)
    temperatures: dict[str, int] = field(default_factory=dict)

    def add(self, fact: Fact) -> None:
        if isinstance(fact, At):
            self.at[fact.person].append((fact.place, fact.slot))
        elif isinstance(fact, MurderTime):
            self.murder_slots.add(fact.slot)
        elif isinstance(fact, StoppedClock):
            self.clock_shows.add(fact.shows)
        elif isinstance(fact, ClockSlow):
            self.clock_slow += fact.minutes
        elif isinstance(fact, MurderPlace):
            self.murder_places.add(fact.place)
        elif isinstance(fact, CauseOfDeath):
            self.weapons.add(fact.weapon)
        elif isinstance(fact, WeaponKept):
            self.kept[fact.weapon].add(fact.place)
        elif isinstance(fact, EntryLog):
            self.logs[fact.place] = list(fact.entries)
            for person, slot in fact.entries:
                self.at[person].append((fact.place, slot))
        elif isinstance(fact, Motive):
            self.motives[fact.person].add(fact.kind)
        elif isinstance(fact, MotiveVoid):
            self.voids.add(fact.person)
        elif isinstance(fact, Doors):
            self.doors = (self.doors or []) + list(fact.pairs)
        elif isinstance(fact, Count):
            self.counts[(fact.shape, fact.colour)] = fact.count
        elif isinstance(fact, Amount):
            self.amounts[fact.label] = fact.value
        elif isinstance(fact, Relation):
            self.relations[fact.person] = fact.relation
        elif isinstance(fact, NoMotive):
            self.nomotive.add(fact.person)
        elif isinstance(fact, Detail):
            self.details[(fact.person, fact.topic)] = fact.value
        else:
            self.add_plot_fact(fact)

    def add_plot_fact(self, fact: Fact) -> None:
        """The facts of the plots beyond the stopped clock (`arena/generator/plots`)."""
        if isinstance(fact, WatchStopped):
            self.watch_shows.add(fact.shows)
        elif isinstance(fact, ClockTampered):
            self.tampered = True
        elif isinstance(fact, Collapse):
            self.collapses.add(fact.slot)
        elif isinstance(fact, Onset):
            self.onsets.add(fact.slots)
        elif isinstance(fact, VictimAt):
            self.victim_at[fact.slot] = fact.place
        elif isinstance(fact, KeyLog):
            self.keylogs[fact.place] = list(fact.holds)
        elif isinstance(fact, BodyCooling):
            self.coolings.add((fact.estimate, fact.per))
        elif isinstance(fact, RoomTemperature):
            self.temperatures[fact.place] = fact.degrees

    def cooling_shifts(self) -> set[int]:
        """How many minutes later than a body-cooling estimate death came, by the temperature of the room the body
        lay in: known only when that room and its temperature are (an estimate alone assumes nothing)."""
        return {slot_minutes(BodyCooling(estimate=estimate, per=per).quarters_later(self.temperatures[place]))
                for estimate, per in self.coolings for place in self.murder_places if place in self.temperatures}


class Solver:
    """Constraint search over suspects x murder slots x murder rooms x means x motives."""

    def __init__(self, case: CaseFacts, facts: Iterable[Fact]) -> None:
        self.case = case
        self.k = Knowledge()
        for fact in dict.fromkeys((*case.given, *facts)):  # a set of facts: citing a clue twice adds nothing
            self.k.add(fact)
        self.places = tuple(case.places)
        self.dist = shortest_paths(self.places, tuple(self.k.doors)) if self.k.doors is not None else None

    def distance(self, a: str, b: str) -> int:
        if self.dist is None:
            return 0 if a == b else 1
        return self.dist.get((a, b), FAR)

    def known_slots(self) -> set[int] | None:
        """The murder slots the time facts allow (each fact narrows them), or None when none is known.

        A stopped clock fixes the time it shows, corrected by what it is known to run slow, unless it is known
        to have been set by hand; the victim's stopped watch fixes its own time; a collapse less a poison's onset
        fixes when the poison was given; a body-cooling estimate, moved by the cold of the room the body lay in,
        fixes the time of death. A time that matches no slot leaves no slot at all."""
        allowed = [{slot} for slot in self.k.murder_slots]
        for shown in () if self.k.tampered else self.k.clock_shows:
            allowed.append(self.slots_showing(shown + self.k.clock_slow))
        allowed += [self.slots_showing(shown) for shown in self.k.watch_shows]
        allowed += [{c - k} for c in self.k.collapses for k in self.k.onsets]
        allowed += [self.slots_showing(estimate + shift) for estimate, _ in self.k.coolings
                    for shift in self.k.cooling_shifts()]
        return set.intersection(*allowed) if allowed else None

    def slots_showing(self, minutes: int) -> set[int]:
        return {i for i, label in enumerate(self.case.slots) if minutes_of(label) == minutes}

    def murder_slots(self) -> list[int]:
        known = self.known_slots()
        return sorted(known) if known is not None else list(range(len(self.case.slots)))

    def has_motive(self, person: str) -> bool:
        """Unknown motives count as possible: only a settled motive or a stated lack of one excludes."""
        return person not in self.k.voids and person not in self.k.nomotive

    def has_means(self, person: str, slot: int) -> bool:
        if not self.k.weapons:
            return True
        for weapon in self.k.weapons:
            rooms = self.k.kept.get(weapon)
            if not rooms:
                return True
            for room in rooms:
                keys, log = self.k.keylogs.get(room), self.k.logs.get(room)
                if keys is not None:  # a locked store: a key held before the murder
                    if any(p == person and start <= slot for p, start, _ in keys):
                        return True
                elif log is None or any(p == person and t <= slot for p, t in log):
                    return True
        return False

    def held_key(self, person: str, place: str, slot: int) -> bool:
        """Whether `person` could open (or lock behind them) `place` during `slot`: yes, unless it was kept
        locked and they did not hold its key then."""
        keys = self.k.keylogs.get(place)
        return keys is None or any(p == person and start <= slot <= end for p, start, end in keys)

    def scenes(self, slot: int) -> list[str]:
        """Where the murder may have happened at `slot`: the known murder room, else where the victim was then
        (a poison is given where the victim is), else anywhere."""
        if self.k.murder_places:
            return sorted(self.k.murder_places)
        if slot in self.k.victim_at:
            return [self.k.victim_at[slot]]
        return list(self.places)

    def could_be_at(self, person: str, place: str, slot: int) -> bool:
        return all(self.distance(seen, place) <= abs(t - slot) for seen, t in self.k.at.get(person, ()))

    def has_opportunity(self, person: str, slot: int) -> bool:
        return any(self.could_be_at(person, place, slot) and self.held_key(person, place, slot)
                   for place in self.scenes(slot))

    def consistent(self, person: str) -> bool:
        return self.has_motive(person) and any(
            self.has_means(person, m) and self.has_opportunity(person, m) for m in self.murder_slots())

    def culprits(self) -> frozenset[str]:
        return frozenset(p for p in self.case.people if self.consistent(p))

    def neighbours(self, place: str) -> set[str]:
        pairs = self.k.doors or []
        return {b for a, b in pairs if a == place} | {a for a, b in pairs if b == place}

    def answer(self, query: Query, naming: Naming) -> set[str]:
        """The display texts a query's answer consists of, derived from these facts alone."""
        return {naming.label(v) if isinstance(v, str) else naming.slot(v, query.clock) for v in self.values(query)}

    def values(self, q: Query) -> set[str] | set[int]:  # noqa: C901 - one branch per query kind
        k, among = self.k, set(q.among)
        if q.kind == "where":
            return {place for place, slot in k.at.get(q.person or "", ()) if slot == q.slot}
        if q.kind == "relation":
            return {k.relations[q.person]} if q.person in k.relations else set()
        if q.kind == "weapon":
            return set(k.weapons)
        if q.kind == "weapon_place":
            return {room for w, rooms in k.kept.items() if not k.weapons or w in k.weapons for room in rooms}
        if q.kind == "murder_time":
            return self.known_slots() or set()
        if q.kind == "clock_offset":
            return {f"{k.clock_slow} minutes slow"} if k.clock_slow else set()
        if q.kind == "clock_shows":
            return {clock_label(shown) for shown in k.clock_shows}
        if q.kind == "entered":
            return {p for p, _ in k.logs.get(q.place or "", ()) if p in among}
        if q.kind == "motive_kind":
            return set(k.motives.get(q.person or "", ()))
        if q.kind == "voided":
            return k.voids & among
        if q.kind == "doors_of":
            return self.neighbours(q.place or "") & among if k.doors is not None else set()
        if q.kind == "route_next":
            steps = dict((slot, place) for place, slot in k.at.get(q.person or "", ()))
            return {steps[t + 1] for t, place in steps.items() if place == q.place and t + 1 in steps}
        if q.kind == "count":
            key = (q.shape or "", q.colour or "")
            return {str(k.counts[key])} if key in k.counts else set()
        if q.kind == "max_amount":
            shown = {label: v for label, v in k.amounts.items() if label in among}
            return {max(shown, key=lambda label: shown[label])} if shown else set()
        if q.kind == "with_motive":
            return {p for p in among if self.has_motive(p)}
        if q.kind == "with_means":
            return {p for p in among if any(self.has_means(p, m) for m in self.murder_slots())}
        if q.kind == "no_opportunity":
            return {p for p in among if not any(self.has_opportunity(p, m) for m in self.murder_slots())}
        if q.kind == "culprits":
            return {p for p in among if self.consistent(p)}
        return self.media_values(q)

    def media_values(self, q: Query) -> set[str] | set[int]:
        k = self.k
        if q.kind == "detail":
            value = k.details.get((q.person or "", q.topic or ""))
            return {value} if value is not None else set()
        if q.kind == "door_count":
            return {plural(len(self.neighbours(q.place or "")), "doorway")} if k.doors is not None else set()
        if q.kind == "marker_count":
            slot = q.slots[0] if q.slots else -1
            here = [p for p in q.among if (q.place, slot) in k.at.get(p, ())]
            return {plural(len(here), "marker")}
        if q.kind == "trail_rooms":
            seen = {place for place, slot in k.at.get(q.person or "", ()) if slot in q.slots}
            return {plural(len(seen), "room")} if seen else set()
        if q.kind == "trail_moves":
            room_at = {slot: place for place, slot in k.at.get(q.person or "", ()) if slot in q.slots}
            if len(room_at) < len(q.slots):
                return set()  # a quarter hour of the span is not known: no count
            trail = [room_at[slot] for slot in sorted(q.slots)]
            return {plural(sum(a != b for a, b in zip(trail, trail[1:], strict=False)), "time")}
        if q.kind == "taller_bars":
            base = k.amounts.get(q.person or "")
            return {plural(sum(v > base for v in k.amounts.values()), "bar")} if base is not None else set()
        if q.kind == "entry_time":
            return {t for p, t in k.logs.get(q.place or "", ()) if p == q.person}
        if q.kind == "distance":
            far = self.distance(q.place or "", q.among[0]) if k.doors is not None and q.among else FAR
            return {plural(far, "doorway")} if far < FAR else set()
        if q.kind == "present":
            slot = q.slots[0] if q.slots else -1
            return {p for p in q.among if (q.place, slot) in k.at.get(p, ())}
        return self.plot_values(q)

    def plot_values(self, q: Query) -> set[str] | set[int]:
        k = self.k
        if q.kind == "watch_shows":
            return {clock_label(shown) for shown in k.watch_shows}
        if q.kind == "key_holder":
            slot = q.slots[0] if q.slots else -1
            return {p for p, start, end in k.keylogs.get(q.place or "", ()) if start <= slot <= end and p in q.among}
        if q.kind == "key_holder_any":
            return {p for p, _, _ in k.keylogs.get(q.place or "", ()) if p in q.among}
        if q.kind == "victim_rooms":
            seen = {k.victim_at[s] for s in q.slots if s in k.victim_at}
            return {plural(len(seen), "room")} if seen else set()
        if q.kind == "murder_place":
            known = self.known_slots()
            return {place for slot in sorted(known) for place in self.scenes(slot)} if known else set()
        if q.kind == "onset":
            return {f"{slot_minutes(n)} minutes" for n in k.onsets}
        if q.kind == "cooling_estimate":
            return {slot for estimate, _ in k.coolings for slot in self.slots_showing(estimate)}
        if q.kind == "room_temperature":
            return {degrees_label(k.temperatures[q.place])} if q.place in k.temperatures else set()
        if q.kind == "cooling_shift":
            return {f"{shift} minutes" for shift in k.cooling_shifts()}
        raise ValueError(f"unknown query kind {q.kind!r}")
