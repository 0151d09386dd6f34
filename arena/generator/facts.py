"""Typed facts: what each clue (and each role script) states, in a form a solver can reason over.

Every generated clue is written from a list of facts, so its prose and pixels say exactly what the
facts say. The solver (`solver.py`) reasons over these facts alone. `CaseFacts` is written beside
the case as `facts.yaml`, so a case can be re-checked later; it holds no secret beyond the truth
that `script.yaml` already records.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

FACTS_FILE = "facts.yaml"


class FactModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class At(FactModel):
    """`person` was in `place` during time slot `slot`."""

    type: Literal["at"] = "at"
    person: str
    place: str
    slot: int


class MurderTime(FactModel):
    """The murder happened during `slot` (for example: a clock stopped in the struggle)."""

    type: Literal["murder_time"] = "murder_time"
    slot: int


class StoppedClock(FactModel):
    """A clock stopped at the moment of the murder, showing `shows` (minutes after midnight)."""

    type: Literal["stopped_clock"] = "stopped_clock"
    shows: int


class ClockSlow(FactModel):
    """The stopped clock ran `minutes` slow: the murder happened that much later than it shows."""

    type: Literal["clock_slow"] = "clock_slow"
    minutes: int


class MurderPlace(FactModel):
    type: Literal["murder_place"] = "murder_place"
    place: str


class CauseOfDeath(FactModel):
    type: Literal["cause_of_death"] = "cause_of_death"
    weapon: str


class WeaponKept(FactModel):
    """The weapon could only be taken from `place`."""

    type: Literal["weapon_kept"] = "weapon_kept"
    weapon: str
    place: str


class EntryLog(FactModel):
    """Everyone who entered `place` during the evening, with the slot of each entry (exhaustive)."""

    type: Literal["entry_log"] = "entry_log"
    place: str
    entries: tuple[tuple[str, int], ...]


class Motive(FactModel):
    type: Literal["motive"] = "motive"
    person: str
    kind: str


class MotiveVoid(FactModel):
    """`person`'s motive no longer held at the time of the murder."""

    type: Literal["motive_void"] = "motive_void"
    person: str


class NoMotive(FactModel):
    """`person` had no reason to harm the victim (stated by the person's own role script)."""

    type: Literal["no_motive"] = "no_motive"
    person: str


class Detail(FactModel):
    """A detail of `person`'s life stated in their role script (`topic` -> `value`), for LSU questions."""

    type: Literal["detail"] = "detail"
    person: str
    topic: str
    value: str


class Doors(FactModel):
    """The complete list of doorways: nobody passes more than one doorway per time slot."""

    type: Literal["doors"] = "doors"
    pairs: tuple[tuple[str, str], ...]


class Trace(FactModel):
    """A trace of `person` was found in `place`, at an unknown time (suspicious, refutes nothing)."""

    type: Literal["trace"] = "trace"
    person: str
    place: str


class Count(FactModel):
    """A scene shows `count` objects of one shape and colour."""

    type: Literal["count"] = "count"
    shape: str
    colour: str
    count: int


class Amount(FactModel):
    """A chart shows `value` against `label` (a person id or a plain name)."""

    type: Literal["amount"] = "amount"
    label: str
    value: float


class WatchStopped(FactModel):
    """The victim's watch stopped at the blow, showing `shows` (minutes after midnight)."""

    type: Literal["watch_stopped"] = "watch_stopped"
    shows: int


class ClockTampered(FactModel):
    """The scene's stopped clock was set by hand after it stopped: the time it shows is false."""

    type: Literal["clock_tampered"] = "clock_tampered"


class Collapse(FactModel):
    """The victim collapsed during `slot` in `place` (a poison took effect then)."""

    type: Literal["collapse"] = "collapse"
    slot: int
    place: str


class Onset(FactModel):
    """The poison takes effect `slots` quarter hours after it is swallowed."""

    type: Literal["onset"] = "onset"
    slots: int


class VictimAt(FactModel):
    """The victim was in `place` during `slot` (the victim's phone trail)."""

    type: Literal["victim_at"] = "victim_at"
    place: str
    slot: int


WARM_ROOM = 20  # the room temperature a body-cooling estimate assumes


class BodyCooling(FactModel):
    """By the body's temperature, death came at `estimate` (minutes after midnight) had the room been at ordinary
    warmth (`WARM_ROOM` degrees); each `per` degrees colder made the body cool faster, so death came a quarter hour
    later than that for each."""

    type: Literal["body_cooling"] = "body_cooling"
    estimate: int
    per: int

    def reading(self, quarters: int) -> int:
        """The room's temperature that makes death come `quarters` quarter hours after the estimate."""
        return WARM_ROOM - self.per * quarters

    def quarters_later(self, degrees: int) -> int:
        """How many quarter hours after the estimate death came in a room at `degrees`."""
        return (WARM_ROOM - degrees) // self.per


class RoomTemperature(FactModel):
    """`place` stood at `degrees` (Celsius) when the body was found there."""

    type: Literal["room_temperature"] = "room_temperature"
    place: str
    degrees: int


class KeyLog(FactModel):
    """`place` was kept locked all evening and its only key was held by these people over these slots, both ends
    included (exhaustive): only a holder could open it, or lock it behind them."""

    type: Literal["key_log"] = "key_log"
    place: str
    holds: tuple[tuple[str, int, int], ...]


class Relation(FactModel):
    """`person`'s relation to the victim (stated in the person's own role script)."""

    type: Literal["relation"] = "relation"
    person: str
    relation: str


Fact = Annotated[
    At | MurderTime | StoppedClock | ClockSlow | MurderPlace | CauseOfDeath | WeaponKept | EntryLog | Motive
    | MotiveVoid | NoMotive | Detail | Doors | Trace | Count | Amount | Relation | WatchStopped | ClockTampered
    | Collapse | Onset | VictimAt | KeyLog | BodyCooling | RoomTemperature,
    Field(discriminator="type"),
]

QueryKind = Literal[
    "where", "relation", "weapon", "weapon_place", "murder_time", "clock_shows", "clock_offset", "entered",
    "motive_kind", "voided", "doors_of", "route_next", "count", "max_amount", "with_motive", "with_means",
    "no_opportunity", "culprits", "detail", "door_count", "marker_count", "trail_rooms", "trail_moves",
    "taller_bars",
    "entry_time", "distance", "present", "watch_shows", "key_holder", "key_holder_any",
    "victim_rooms", "murder_place", "onset", "cooling_estimate", "room_temperature", "cooling_shift",
]


class Query(FactModel):
    """What a generated question asks, so the solver can re-derive its answer from the evidence."""

    kind: QueryKind
    person: str | None = None
    place: str | None = None
    slot: int | None = None
    shape: str | None = None
    colour: str | None = None
    clock: bool = False  # slot times shown as on a 12-hour clock face ("9:15")
    among: tuple[str, ...] = ()  # the people the options name, for set-valued questions
    slots: tuple[int, ...] = ()  # the time slots a trail or a marker set covers
    topic: str | None = None  # for `detail` questions
    multi: bool = False  # the question asks for every true option ("choose all that apply")


class CaseFacts(FactModel):
    """Everything the solver needs: names, givens, each clue's facts, role facts, question queries."""

    slots: tuple[str, ...]
    people: dict[str, str]  # role id -> name (the suspects)
    places: dict[str, str]
    weapons: dict[str, str]
    motive_phrases: dict[str, str]
    culprits: tuple[str, ...]
    given: tuple[Fact, ...]  # stated in the public briefing, cannot be removed
    clues: dict[str, tuple[Fact, ...]]
    roles: dict[str, tuple[Fact, ...]]  # what each role script states about its own holder
    sightings: dict[str, tuple[Fact, ...]] = {}  # what each role script states about other people
    queries: dict[str, Query]
    positions: dict[str, tuple[int, int, int]] = {}  # LSU question id -> (first word, last word, script words)
    media_clues: tuple[str, ...] = ()  # clues whose facts only a picture shows (clock, plan, trail, chart)
    by_looks: tuple[str, ...] = ()  # media clues that show people by their clothes, not their names (CCTV)
    labels: dict[str, str] = {}  # display value -> its form in the case language (empty for English)

    def solving_facts(self, text_only: bool = False, removed: str | None = None) -> list[Fact]:
        """Facts the culprit search may use: every clue's and what role scripts say of others.

        A role's statements about itself are not evidence of its own innocence (anyone may lie about
        themselves), so they are left out of the search; the answer keys use them (`all_facts`)."""
        clues = [f for cid, facts in self.clues.items() if cid != removed
                 and not (text_only and cid in self.media_clues) for f in facts]
        return clues + [f for facts in self.sightings.values() for f in facts]

    def all_facts(self) -> list[Fact]:
        """Everything the case states: clues, role scripts about others and about themselves."""
        return self.solving_facts() + [f for facts in self.roles.values() for f in facts]
