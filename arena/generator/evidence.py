"""The evidence plan: every clue of a case as typed facts, with its medium, visibility and key flag.

Guilt follows only from combining clues: the clock fixes the time, motive clues name who had a
reason, the coroner's report, the weapon's storage place and the door log fix who could reach the
weapon, and each red herring is cleared by exactly one clue (plus the floor plan when a sighting
clears by distance). The plan marks as key exactly the clues the solution needs; `solver.py`
checks that claim by removing each clue in turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from arena.generator.facts import (
    At,
    CauseOfDeath,
    ClockSlow,
    Detail,
    Doors,
    EntryLog,
    Fact,
    Motive,
    MotiveVoid,
    StoppedClock,
    Trace,
    WeaponKept,
)
from arena.generator.pools import CARRIES, COATS, GUESTS, HATS, MARKER_COLOURS, MARKER_SHAPES
from arena.generator.sources import Source, alibi_source, motive_source, reach_source, void_source
from arena.generator.world import World
from arena.scripts.clock import minutes_of
from arena.scripts.schema import Visibility

TEXT_RICH = frozenset({"document", "chat", "receipt"})
MEDIA_RICH = frozenset({"clock", "floorplan", "furnished_plan", "route_map", "bar_chart", "cctv", "timetable",
                        "collage", "seating_chart", "evidence", "thermometer"})
SEATS = 6  # chairs at each round table of a seating plan
EMPTY_CHAIRS = (1, 2, 3)  # the empty chairs at the subject's table, drawn evenly: its question offers each
FURNITURE = ("piano", "bookshelf", "wardrobe", "bed", "sofa", "desk", "fireplace", "round table", "safe", "stove")
CORONERS = ("Dr H. Marlow, coroner", "Dr R. Okoye, coroner", "Dr S. Ferrand, coroner", "Dr L. Achebe, coroner",
            "Dr M. Varga, coroner", "Dr T. Lindqvist, coroner")
CLOCKMAKERS = ("A. Kessler, clockmaker", "B. Lindt, clockmaker", "P. Rusk, clockmaker", "J. Moreau, clockmaker",
               "K. Oduya, clockmaker", "E. Halloran, clockmaker")


@dataclass(frozen=True)
class ClueDraft:
    id: str
    style: str  # what the clue is (clock, autopsy, log, motive, alibi...): selects its prose
    medium: str  # "text" or a card template name
    facts: tuple[Fact, ...]
    visibility: Visibility
    holder: str | None = None
    location: str | None = None
    unlock_round: int | None = None
    key: bool = False
    misleading: bool = False
    subject: str | None = None  # the person the clue is about
    witness: str | None = None  # the role who states it (testimony), if any
    source: str = ""  # where it comes from (witness, staff, receipt, chat, letter...), for its prose
    extra: tuple[tuple[str, str], ...] = ()  # marker legend and similar rendering details

    @property
    def is_image(self) -> bool:
        return self.medium != "text"


def entry_log(world: World) -> EntryLog:
    """Every entry into the weapon room: the first slot of each stay, in time order."""
    entries = []
    for person in world.people:
        path = world.positions[person.id]
        entries += [(t, person.id) for t, place in enumerate(path)
                    if place == world.weapon_place and (t == 0 or path[t - 1] != place)]
    return EntryLog(place=world.weapon_place, entries=tuple((p, t) for t, p in sorted(entries)))


def clock_shows(world: World) -> int:
    """Minutes after midnight on the stopped clock's face (the murder time, less what it runs slow)."""
    return minutes_of(world.slots[world.murder_slot]) - world.clock_slow


def clock_note(rng: random.Random, world: World) -> list[ClueDraft]:
    """Who knows that the clock runs slow: a calm innocent, or a note found at the scene."""
    if not world.clock_slow:
        return []
    calm = [p.id for p in world.people if p.motive is None and not p.culprit]
    fact = (ClockSlow(minutes=world.clock_slow),
            Detail(person="c_clock_note", topic="signature", value=rng.choice(CLOCKMAKERS)))
    if calm:
        holder = rng.choice(calm)
        return [ClueDraft("c_clock_note", "clock_note", "document", fact, Visibility.PRIVATE, holder=holder,
                          key=True)]
    return [ClueDraft("c_clock_note", "clock_note", "document", fact, Visibility.LOCATION,
                      location=world.murder_place, key=True)]


def sheet_extra(rng: random.Random, world: World) -> tuple[tuple[str, str], ...]:
    """In hard cases, most often: the clock is photographed on a sheet with two run-down timepieces; the extra
    holds its tag and the decoys' times (minutes, hours apart from the murder clock's)."""
    if world.options.difficulty != "hard" or rng.random() >= 0.6:
        return ()
    shows = clock_shows(world)
    decoys = [(shows + 60 * h + m) % 720 for h, m in zip(rng.sample(range(1, 6), 2), rng.sample((10, 20, 35, 40), 2),
                                                          strict=True)]
    return (("tag", rng.choice("ABC")), ("decoys", " ".join(str(d) for d in decoys)))


def crime_clues(rng: random.Random, world: World) -> list[ClueDraft]:
    """Clock, coroner's report, weapon storage and door log."""
    kinds = {h.refutation for h in world.herrings}
    means = "means" in kinds
    easy = world.options.difficulty == "easy"
    hard = world.options.difficulty == "hard"
    store = world.weapon_place
    sheet = sheet_extra(rng, world)
    return [
        ClueDraft("c_clock", "clock", "collage" if sheet else "clock", (StoppedClock(shows=clock_shows(world)),),
                  Visibility.PUBLIC if easy else Visibility.LOCATION,
                  location=None if easy else world.murder_place, key=True, extra=sheet),
        ClueDraft("c_autopsy", "autopsy", "document", (CauseOfDeath(weapon=world.weapon.id),
                                                        Detail(person="c_autopsy", topic="signature",
                                                               value=rng.choice(CORONERS)),
                                                        Detail(person="c_autopsy", topic="method",
                                                               value=world.weapon.method.split(" {")[0])),
                  Visibility.UNLOCKED if hard else Visibility.PUBLIC, unlock_round=2 if hard else None, key=means),
        ClueDraft("c_inventory", "inventory", "document",
                  (WeaponKept(weapon=world.weapon.id, place=store),),
                  Visibility.LOCATION, location=store, key=means),
        *([ClueDraft("c_log", "log", "document", (entry_log(world),), Visibility.LOCATION, location=store,
                     key=True)] if means else []),
        *clock_note(rng, world),
    ]


def floorplan_clue(rng: random.Random, world: World, marked: list[str]) -> ClueDraft:
    """The plan with its doors; markers show where `marked` people were at the murder slot."""
    m = world.murder_slot
    shown = sorted(marked)
    colours = rng.sample(MARKER_COLOURS, len(shown))
    facts: list[Fact] = [Doors(pairs=world.layout.doors)]
    facts += [At(person=p, place=world.positions[p][m], slot=m) for p in shown]
    legend = tuple((p, f"{colour} {rng.choice(MARKER_SHAPES)}") for p, colour in zip(shown, colours, strict=True))
    kinds = {h.refutation for h in world.herrings}
    medium = "floorplan"
    if world.options.difficulty != "easy" and rng.random() < 0.5:  # furnished, markers with their times
        medium = "furnished_plan"
        pieces = rng.sample(FURNITURE, len(world.layout.ids))
        facts += [Detail(person="c_floorplan", topic=f"furniture:{room}", value=piece)
                  for room, piece in zip(world.layout.ids, pieces, strict=True)]
    return ClueDraft("c_floorplan", "floorplan", medium, tuple(facts), Visibility.PUBLIC,
                     key=bool(marked) or "reach" in kinds, extra=legend)


RECEIPT_ITEMS = (("Coffee", "3.50"), ("Brandy", "7.00"), ("Sandwiches", "6.20"), ("Mineral water", "2.10"),
                 ("Cigarettes", "4.80"), ("Tea for one", "2.90"), ("Lemon tart", "4.40"))


def source_clue(clue_id: str, style: str, source: Source, facts: tuple[Fact, ...], subject: str,
                key: bool, misleading: bool = False, rng: random.Random | None = None) -> ClueDraft:
    extra = source.extra
    if source.kind == "receipt" and style in ("alibi", "reach") and rng is not None:
        extra = tuple(rng.sample(RECEIPT_ITEMS, rng.randint(1, 3)))
        total = f"{sum(float(p) for _, p in extra):.2f}"
        facts = (*facts, Detail(person=clue_id, topic="total", value=total))
    return ClueDraft(clue_id, style, source.medium, facts, source.visibility, holder=source.holder,
                     location=source.location, key=key, misleading=misleading, subject=subject,
                     witness=source.witness, source=source.kind, extra=extra)


def herring_clues(rng: random.Random, world: World) -> tuple[list[ClueDraft], list[str]]:
    """The clue clearing each red herring; also who appears as a marker on the floor plan."""
    clues, marked = [], []
    for herring in world.herrings:
        pid = herring.person
        if herring.refutation == "void":
            source = void_source(rng, world, pid)
            clues.append(source_clue(f"c_void_{pid}", "void", source, (MotiveVoid(person=pid),), pid, key=True))
        elif herring.refutation == "alibi":
            source = alibi_source(rng, world, pid)
            if source.medium == "floorplan":
                marked.append(pid)
                continue
            clues.append(source_clue(f"c_alibi_{pid}", "alibi", source, source.facts, pid, key=True, rng=rng))
        elif herring.refutation == "reach":
            source = reach_source(rng, world, herring)
            clues.append(source_clue(f"c_reach_{pid}", "reach", source, source.facts, pid, key=True, rng=rng))
    return clues, marked


def motive_clues(rng: random.Random, world: World) -> list[ClueDraft]:
    clues = []
    debtors = [p for p in world.people if p.motive == "debt"]
    ledger = bool(debtors) and world.options.difficulty != "easy" and rng.random() < 0.6
    for person in world.people:
        if person.motive is None or (ledger and person.motive == "debt"):
            continue
        source = motive_source(rng, world, person.id)
        clues.append(source_clue(f"c_motive_{person.id}", "motive", source,
                                 (Motive(person=person.id, kind=person.motive),), person.id,
                                 key=False, misleading=not person.culprit))
    if ledger:
        clues.append(ledger_clue(rng, world, [p.id for p in debtors]))
    return clues


def ledger_clue(rng: random.Random, world: World, debtors: list[str]) -> ClueDraft:
    from arena.generator.facts import Amount

    culprit = any(world.person(p).culprit for p in debtors)
    others = rng.sample(("The vicar", "The bank", "A cousin", "The club", "The tailor"), 2)
    values = rng.sample(range(3, 25, 4), len(debtors) + len(others))  # heights far enough apart to rank by eye
    facts: list[Fact] = [Amount(label=label, value=float(v)) for label, v in zip(debtors + others, values, strict=True)]
    facts += [Motive(person=p, kind="debt") for p in debtors]
    room = rng.choice([r for r in world.layout.ids if r != world.murder_place])
    return ClueDraft("c_ledger", "ledger", "bar_chart", tuple(facts), Visibility.LOCATION, location=room,
                     key=False, misleading=not culprit)


def trace_clue(rng: random.Random, world: World) -> list[ClueDraft]:
    """A misleading trace of a red herring at the murder scene, left at some other time."""
    visitors = [h.person for h in world.suspicious if world.murder_place in world.positions[h.person]]
    if not visitors or world.options.difficulty == "easy":
        return []
    pid = rng.choice(visitors)
    return [ClueDraft(f"c_trace_{pid}", "trace", "text", (Trace(person=pid, place=world.murder_place),),
                      Visibility.LOCATION, location=world.murder_place, misleading=True, subject=pid)]


STAFF_MAX = 3  # staff passing through a still: 0-3, so its count of people is drawn evenly from the four offered


def dressed(rng: random.Random, world: World, clues: list[ClueDraft]) -> list[ClueDraft]:
    """Give CCTV stills what they show (the subject's coat and hat, what they carry, staff passing by) and add
    the cloakroom list that says who wore which coat, so the still identifies a person only by looks."""
    stills = [c for c in clues if c.source == "cctv"]
    if not stills:
        return clues
    coats = dict(zip((p.id for p in world.people), rng.sample(COATS, len(world.people)), strict=True))
    hats = {p.id: rng.choice(HATS) for p in world.people}
    out = [c for c in clues if c.source != "cctv"]
    for c in stills:
        subject = c.subject or ""
        carries, staff = rng.choice(CARRIES), rng.randint(0, STAFF_MAX)
        look = (("coat", coats[subject]), ("hat", hats[subject]), ("carries", carries), ("staff", str(staff)))
        shown = (Detail(person=c.id, topic="carries", value=carries),
                 Detail(person=c.id, topic="figures", value=f"{staff + 1} figure" + ("s" if staff else "")))
        out.append(replace(c, facts=c.facts + shown, extra=look))
    listing = tuple((p.id, f"{coats[p.id]} {hats[p.id]}") for p in world.people)
    out.append(ClueDraft("c_cloakroom", "cloakroom", "text", (), Visibility.PUBLIC, extra=listing))
    return out


def sitting_slot(rng: random.Random, world: World, slot: int) -> int:
    """The quarter hour of the plan's other table: half an hour before or after `slot`, before the alarm."""
    options = [s for s in (slot - 2, slot + 2) if 0 <= s < world.discovery_slot]
    return rng.choice(options or [slot + 1 if slot + 1 < len(world.slots) else slot - 1])


def seated(rng: random.Random, world: World, clues: list[ClueDraft]) -> list[ClueDraft]:
    """Lay out each seating plan: the subject's table, laid for the quarter hour of the sighting, and another
    table laid for another quarter hour, with outside guests and empty chairs. Which table the subject sat at
    (so the alibi), who sat opposite and how many chairs stayed empty are geometry: OCR reads every name and
    both times but not which chair is whose."""
    surnames = {p.name.split()[-1] for p in world.people} | {world.victim.split()[-1]}
    out = []
    for c in clues:
        if c.source != "seating":
            out.append(c)
            continue
        slot = next(f.slot for f in c.facts if isinstance(f, At) and f.person == c.subject)
        guests = iter(rng.sample([g for g in GUESTS if g.split()[-1] not in surnames], 2 * SEATS - 2))
        chair, empty = rng.randrange(SEATS), rng.choice(EMPTY_CHAIRS)
        free = [i for i in range(SEATS) if i not in (chair, (chair + SEATS // 2) % SEATS)]
        blank = set(rng.sample(free, empty))
        seats = [world.person(c.subject or "").name.split()[0] if i == chair else "" if i in blank else next(guests)
                 for i in range(SEATS)]
        other = [next(guests) if i % 3 else "" for i in range(SEATS)]
        rng.shuffle(other)
        shown = (Detail(person=c.id, topic="opposite", value=seats[(chair + SEATS // 2) % SEATS]),
                 Detail(person=c.id, topic="empty", value=f"{empty} empty chair" + ("s" if empty > 1 else "")))
        layout = (("slot", str(slot)), ("seats", "|".join(seats)), ("other_slot", str(sitting_slot(rng, world, slot))),
                  ("other_seats", "|".join(other)), ("left", rng.choice(("mine", "other"))))
        out.append(replace(c, facts=c.facts + shown, extra=layout))
    return out


def slips(rng: random.Random, world: World, clues: list[ClueDraft]) -> list[ClueDraft]:
    """Lay out each photographed writing case: the subject's IOU torn in two (the debt forgiven), beside one or
    two outside guests' IOUs, torn or whole, and a key. Only the pixels say which slips are torn."""
    surnames = {p.name.split()[-1] for p in world.people} | {world.victim.split()[-1]}
    out = []
    for c in clues:
        if c.source != "exhibit":
            out.append(c)
            continue
        guests = rng.sample([g for g in GUESTS if g.split()[-1] not in surnames], rng.randint(1, 2))
        items = [(world.person(c.subject or "").name.split()[0], True)] + [(g, rng.random() < 0.5) for g in guests]
        rng.shuffle(items)
        torn = sum(t for _, t in items)
        shown = (Detail(person=c.id, topic="torn", value=f"{torn} torn IOU" + ("s" if torn > 1 else "")),)
        out.append(replace(c, facts=c.facts + shown, extra=tuple((who, "torn" if t else "whole") for who, t in items)))
    return out


def plan_evidence(rng: random.Random, world: World) -> tuple[ClueDraft, ...]:
    from arena.generator.plots.clues import crime_clues as plot_clues

    clues = plot_clues(rng, world)
    cleared, marked = herring_clues(rng, world)
    cleared = slips(rng, world, seated(rng, world, dressed(rng, world, cleared)))
    clues.append(floorplan_clue(rng, world, marked))
    clues += motive_clues(rng, world) + cleared + trace_clue(rng, world)
    return tuple(clues)
