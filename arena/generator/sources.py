"""Where a clue comes from: a witness's memory, a staff statement, a receipt, a chat, a ticket, a map.

Each function picks, for one person and one kind of clue, a medium and a visibility that fit the
world (a witness must really have been in the room; a phone trail must really have moved every
quarter hour; a seating plan is left in the room whose tables it lays out). Harder cases favour
images over text.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from arena.generator.facts import At, Fact
from arena.generator.world import Herring, World
from arena.scripts.schema import Visibility

ALIBI_KINDS = {
    "easy": ("witness", "staff", "receipt"),
    "medium": ("witness", "staff", "receipt", "chat", "ticket", "floorplan", "cctv", "timetable", "seating"),
    "hard": ("receipt", "chat", "ticket", "floorplan", "witness", "cctv", "timetable", "cctv", "seating"),
}
REACH_KINDS = {"easy": ("witness", "staff", "timetable"), "medium": ("witness", "staff", "receipt", "timetable"),
               "hard": ("route", "receipt", "route", "witness", "cctv")}
MOTIVE_KINDS = {"easy": ("testimony", "letter"), "medium": ("letter", "chat", "testimony", "email"),
                "hard": ("chat", "letter", "email", "testimony")}
MEDIUM = {"witness": "text", "staff": "text", "testimony": "text", "receipt": "receipt", "chat": "chat",
          "ticket": "document", "letter": "document", "email": "document", "floorplan": "floorplan",
          "route": "route_map", "note": "text",
          "cctv": "cctv", "timetable": "timetable", "seating": "seating_chart", "exhibit": "evidence"}


@dataclass(frozen=True)
class Source:
    kind: str
    medium: str
    visibility: Visibility
    holder: str | None = None
    location: str | None = None
    witness: str | None = None
    facts: tuple[Fact, ...] = ()
    extra: tuple[tuple[str, str], ...] = ()  # what the card's question needs (a movement board: the counts offered)


def calm_roles(world: World, exclude: str) -> list[str]:
    """Innocents with no motive: their testimony about themselves can clear or implicate nobody."""
    return [p.id for p in world.people if p.motive is None and not p.culprit and p.id != exclude]


def co_located(world: World, person: str, slot: int) -> list[str]:
    place = world.positions[person][slot]
    return [r for r in calm_roles(world, person) if world.positions[r][slot] == place]


def sighting(rng: random.Random, world: World, person: str, slot: int, kinds: tuple[str, ...]) -> Source:
    """A source placing `person` where they really were at `slot`."""
    place = world.positions[person][slot]
    kind = rng.choice(kinds)
    witnesses = co_located(world, person, slot)
    if kind == "witness" and not witnesses or kind == "timetable" and len(board_windows(world, person, slot)) < 3:
        kind = "staff"
    fact = At(person=person, place=place, slot=slot)
    if kind == "witness":
        witness = rng.choice(witnesses)
        return Source(kind, "text", Visibility.PRIVATE, holder=witness, witness=witness, facts=(fact,))
    if kind in ("staff", "chat"):
        return Source(kind, MEDIUM[kind], Visibility.LOCATION, location=place, facts=(fact,))
    if kind == "floorplan":
        return Source(kind, "floorplan", Visibility.PUBLIC, facts=(fact,))
    if kind == "timetable":  # the staff's board: the person's stays over the quarter hours around `slot`
        window, offered = board_window(rng, world, person, slot)
        facts = tuple(At(person=person, place=world.positions[person][t], slot=t) for t in window)
        return Source(kind, "timetable", Visibility.LOCATION, location=place, facts=facts,
                      extra=(("rooms", " ".join(map(str, offered))),))
    # found where it was left, never held by its subject (whose script tells the same evening)
    return Source(kind, MEDIUM[kind], Visibility.LOCATION, location=place, facts=(fact,))


def by_rooms(path: tuple[str, ...] | list[str], windows: list[range]) -> dict[int, list[range]]:
    """`windows` (spans of quarter hours) by how many different rooms `path` passes through in each."""
    out: dict[int, list[range]] = {}
    for window in windows:
        out.setdefault(len({path[t] for t in window}), []).append(window)
    return out


def drawn_evenly(rng: random.Random, windows: dict[int, list[range]]) -> tuple[range, tuple[int, ...]]:
    """A window whose room count is drawn evenly from the counts some window gives, and those counts (the options
    its question offers): each count offered is then as often right as the others."""
    offered = tuple(sorted(windows))
    return rng.choice(windows[rng.choice(offered)]), offered


def board_windows(world: World, person: str, slot: int) -> dict[int, list[range]]:
    """The windows of two to four quarter hours around `slot` that a movement board's row may cover, by how many
    rooms each shows."""
    path = world.positions[person]
    return by_rooms(path, [range(start, end + 1) for start in range(max(0, slot - 3), slot + 1)
                           for end in range(max(slot, start + 1), min(len(path), start + 4))])


def board_window(rng: random.Random, world: World, person: str, slot: int) -> tuple[range, tuple[int, ...]]:
    """A movement board's window and the room counts its question offers: every count some window gives, the
    window drawn so that its count is drawn evenly from them. Each count offered is then as often right as the
    others (the three quarter hours around the sighting showed two rooms far more often than one or three,
    which an options-only prior learns). Needs three counts at least (`sighting` falls back to a staff
    statement)."""
    return drawn_evenly(rng, board_windows(world, person, slot))


def alibi_source(rng: random.Random, world: World, person: str) -> Source:
    return sighting(rng, world, person, world.murder_slot, ALIBI_KINDS[world.options.difficulty])


def route_window(world: World, person: str, end: int) -> list[int]:
    """Slots ending at `end` in which the person moved every slot through distinct rooms."""
    path = world.positions[person]
    window = [end]
    while window[0] > 0:
        prev = window[0] - 1
        if path[prev] == path[window[0]] or path[prev] in {path[t] for t in window}:
            break
        window.insert(0, prev)
    return window


def reach_source(rng: random.Random, world: World, herring: Herring) -> Source:
    assert herring.reach_slot is not None
    kinds = REACH_KINDS[world.options.difficulty]
    if "route" in kinds and herring.reach_slot < world.murder_slot and rng.random() < 0.6:
        window = route_window(world, herring.person, herring.reach_slot)
        if len(window) >= 2:
            facts = tuple(At(person=herring.person, place=world.positions[herring.person][t], slot=t) for t in window)
            found = world.positions[herring.person][window[-1]]
            return Source("route", "route_map", Visibility.LOCATION, location=found, facts=facts)
    kinds = tuple(k for k in kinds if k != "route") or ("staff",)
    return sighting(rng, world, herring.person, herring.reach_slot, kinds)


def motive_source(rng: random.Random, world: World, person: str) -> Source:
    kind = rng.choice(MOTIVE_KINDS[world.options.difficulty])
    others = [p.id for p in world.people if p.id != person]
    innocents = [p for p in others if not world.person(p).culprit]
    if kind in ("testimony", "chat"):
        calm = [p for p in innocents if world.person(p).motive is None]
        holder = rng.choice(calm or innocents if world.person(person).culprit else others)
        return Source(kind, MEDIUM[kind], Visibility.PRIVATE, holder=holder, witness=holder)
    rooms = [r for r in world.layout.ids if r != world.murder_place]
    return Source(kind, MEDIUM[kind], Visibility.LOCATION, location=rng.choice(rooms))


def void_source(rng: random.Random, world: World, person: str) -> Source:
    motive = world.person(person).motive
    kind = "receipt" if motive == "debt" else "letter"
    if world.options.difficulty == "easy":
        kind = "note"
    elif motive == "debt" and rng.random() < 0.5:
        kind = "exhibit"  # a photograph of the IOUs in the subject's writing case: the victim tore up the repaid
    return Source(kind, MEDIUM[kind], Visibility.PRIVATE, holder=person)
