"""The clues of each plot's legs: what fixes the time and what fixes who could reach the weapon.

`crime_clues` replaces the stopped-clock plot's clock, coroner's report, inventory and door log
with the clues of the case's plot. Each clue is written from typed facts, like every other clue, and
the solver check decides which of them are key.
"""

from __future__ import annotations

import random

from arena.generator.evidence import CLOCKMAKERS, CORONERS, ClueDraft, clock_note, clock_shows, entry_log
from arena.generator.evidence import crime_clues as stopped_clock_clues
from arena.generator.facts import (
    BodyCooling,
    CauseOfDeath,
    ClockTampered,
    Detail,
    Fact,
    KeyLog,
    Onset,
    RoomTemperature,
    StoppedClock,
    VictimAt,
    WatchStopped,
    WeaponKept,
)
from arena.generator.plots import COLD_QUARTERS
from arena.generator.sources import by_rooms, drawn_evenly, sighting
from arena.generator.world import World
from arena.scripts.clock import minutes_of
from arena.scripts.schema import Visibility


def crime_clues(rng: random.Random, world: World) -> list[ClueDraft]:
    plot = world.plot_spec
    if plot.time == "clock" and plot.access == "store":
        return stopped_clock_clues(rng, world)
    clues = time_clues(rng, world)
    clues += access_clues(rng, world, needed=any(h.refutation == "means" for h in world.herrings))
    return clues


def holder_or_scene(rng: random.Random, world: World) -> dict[str, object]:
    """Who finds a piece of evidence: a calm innocent holds it, else it lies at the scene."""
    calm = [p.id for p in world.people if p.motive is None and not p.culprit]
    if calm:
        return {"visibility": Visibility.PRIVATE, "holder": rng.choice(calm)}
    return {"visibility": Visibility.LOCATION, "location": world.murder_place}


def time_clues(rng: random.Random, world: World) -> list[ClueDraft]:
    easy = world.options.difficulty == "easy"
    scene = {"visibility": Visibility.PUBLIC} if easy else {"visibility": Visibility.LOCATION,
                                                            "location": world.murder_place}
    if world.plot_spec.time == "clock":
        return [ClueDraft("c_clock", "clock", "clock", (StoppedClock(shows=clock_shows(world)),), key=True,
                          **scene), *clock_note(rng, world)]  # type: ignore[arg-type]
    if world.plot_spec.time == "tampered":
        assert world.shown_slot is not None
        false = minutes_of(world.slots[world.shown_slot])
        true = minutes_of(world.slots[world.murder_slot])
        return [
            ClueDraft("c_clock", "clock", "clock", (StoppedClock(shows=false),), misleading=True,
                      **scene),  # type: ignore[arg-type]
            ClueDraft("c_watch", "watch", "clock", (WatchStopped(shows=true),), key=True,
                      **scene),  # type: ignore[arg-type]
            ClueDraft("c_tamper", "tamper", "text", (ClockTampered(), Detail(person="c_tamper", topic="signature",
                                                                             value=rng.choice(CLOCKMAKERS))),
                      key=True, **holder_or_scene(rng, world)),  # type: ignore[arg-type]
            *staged_alibis(rng, world),
        ]
    if world.plot_spec.time == "chill":
        return chill_clues(rng, world)
    window, offered = trail_window(rng, world)
    trail = tuple(VictimAt(place=world.victim_positions[t], slot=t) for t in window)
    return [
        ClueDraft("c_autopsy", "poison", "document", (
            CauseOfDeath(weapon=world.weapon.id), Onset(slots=world.onset),
            Detail(person="c_autopsy", topic="signature", value=rng.choice(CORONERS))),
            Visibility.PUBLIC if easy else Visibility.UNLOCKED, unlock_round=None if easy else 2, key=True),
        ClueDraft("c_vtrail", "victim_trail", "timetable", trail, key=True,
                  extra=(("rooms", " ".join(map(str, offered))),),
                  **holder_or_scene(rng, world)),  # type: ignore[arg-type]
    ]


COOLING_RATES = (2, 3, 4, 5)  # degrees below a warm room per quarter hour: as many as the note's question offers


def chill_clues(rng: random.Random, world: World) -> list[ClueDraft]:
    """The coroner's estimate by the body's temperature (for a warm room) with the rule for a colder one, and a
    photograph of the thermometer in the room the body lay in, which the killer had left open to the night."""
    assert world.shown_slot is not None
    easy = world.options.difficulty == "easy"
    quarters = world.murder_slot - world.shown_slot
    cooling = BodyCooling(estimate=minutes_of(world.slots[world.shown_slot]), per=rng.choice(COOLING_RATES))
    offered = " ".join(str(cooling.reading(q)) for q in COLD_QUARTERS)  # the readings its question offers
    return [
        ClueDraft("c_cooling", "cooling", "document", (
            cooling, Detail(person="c_cooling", topic="signature", value=rng.choice(CORONERS))),
            Visibility.PUBLIC if easy else Visibility.UNLOCKED, unlock_round=None if easy else 2, key=True),
        ClueDraft("c_thermo", "thermometer", "thermometer",
                  (RoomTemperature(place=world.murder_place, degrees=cooling.reading(quarters)),), key=True,
                  extra=(("readings", offered),), **holder_or_scene(rng, world)),  # type: ignore[arg-type]
        *staged_alibis(rng, world),
    ]


def trail_window(rng: random.Random, world: World) -> tuple[range, tuple[int, ...]]:
    """The quarter hours the victim's phone trail shows (two at least, the poisoning among them, none after the
    collapse) and the room counts its question offers: every count some window gives, the window drawn so that its
    count is drawn evenly from them. A window fixed by the plot made some counts right far more often than others,
    which an options-only prior learns."""
    return drawn_evenly(rng, by_rooms(world.victim_positions, [
        range(start, end + 1) for start in range(world.murder_slot + 1)
        for end in range(max(world.murder_slot, start + 1), world.discovery_slot + 1)]))


def staged_alibis(rng: random.Random, world: World) -> list[ClueDraft]:
    """Each culprit seen somewhere else at the false time (the tampered clock's, or the chilled body's): true, and
    beside the point."""
    assert world.shown_slot is not None
    out = []
    for culprit in world.culprits:
        source = sighting(rng, world, culprit, world.shown_slot, ("witness", "staff"))
        out.append(ClueDraft(f"c_staged_{culprit}", "alibi", source.medium, source.facts, source.visibility,
                             holder=source.holder, location=source.location, misleading=True, subject=culprit,
                             witness=source.witness, source=source.kind))
    return out


def access_clues(rng: random.Random, world: World, needed: bool) -> list[ClueDraft]:
    """What names the weapon and says who could reach it: nothing more for a weapon at hand (the coroner's report
    only); its store and the store's door log; or its locked cabinet and the cabinet's key register."""
    plot, hard = world.plot_spec, world.options.difficulty == "hard"
    out: list[ClueDraft] = []
    if plot.time != "onset":
        out.append(ClueDraft("c_autopsy", "autopsy", "document", (
            CauseOfDeath(weapon=world.weapon.id), Detail(person="c_autopsy", topic="signature",
                                                         value=rng.choice(CORONERS)),
            Detail(person="c_autopsy", topic="method", value=world.weapon.method.split(" {")[0])),
            Visibility.UNLOCKED if hard else Visibility.PUBLIC, unlock_round=2 if hard else None,
            key=needed and plot.access != "none"))
    if plot.access == "none" or not needed:
        return out
    store = world.weapon_place
    out.append(ClueDraft("c_inventory", "inventory", "document", (WeaponKept(weapon=world.weapon.id, place=store),),
                         Visibility.LOCATION, location=store, key=True))
    fact: Fact = (KeyLog(place=store, holds=world.key_holds) if plot.access == "keys" else entry_log(world))
    style = "keys" if plot.access == "keys" else "log"
    out.append(ClueDraft(f"c_{style}", style, "document", (fact,), Visibility.LOCATION, location=store, key=True))
    return out

