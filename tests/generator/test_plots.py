"""Plots: each pair of legs generates cases that pass every check, and each leg's reasoning is the solver's.

The known-answer tests build small fact sets by hand: a tampered clock's time is ignored (and without the note
that says so, the two timepieces contradict each other), a poison's time is the collapse less the onset and its
room is where the victim was then, a chilled body's time is the warm-room estimate moved later by the room's cold,
and a cabinet key taken after the crime gives no means."""

from __future__ import annotations

import pytest

from arena.errors import ConfigError
from arena.generator import CaseOptions, Request, check_case, generate_case
from arena.generator.facts import (
    At,
    BodyCooling,
    CaseFacts,
    CauseOfDeath,
    ClockTampered,
    Collapse,
    Fact,
    KeyLog,
    Motive,
    MurderPlace,
    Onset,
    RoomTemperature,
    StoppedClock,
    VictimAt,
    WatchStopped,
    WeaponKept,
)
from arena.generator.pipeline import card_params, with_plot
from arena.generator.plots import HELD_BACK, PLOTS, plot_for, plot_names
from arena.generator.settings import HELD_BACK as SETTINGS_HELD_BACK
from arena.generator.solver import Solver
from arena.generator.world import NO_OPEN_WINDOW
from tests.generator.conftest import cached_case

SLOTS = ("20:00", "20:15", "20:30", "20:45", "21:00")
ROOMS = {"hall": "Hall", "study": "Study", "attic": "Attic"}
PEOPLE = {"ann": "Ann Ash", "bob": "Bob Birch", "cy": "Cy Cole"}
MOTIVES: tuple[Fact, ...] = tuple(Motive(person=p, kind="debt") for p in PEOPLE)


def solve(facts: list[Fact], given: tuple[Fact, ...] = (MurderPlace(place="study"),)) -> frozenset[str]:
    case = CaseFacts(slots=SLOTS, people=PEOPLE, places=ROOMS, weapons={"knife": "knife", "aconite": "aconite"},
                     motive_phrases={"debt": "owed money"}, culprits=("ann",), given=given, clues={}, roles={},
                     queries={})
    return Solver(case, [*MOTIVES, *facts]).culprits()


def minutes(label: str) -> int:
    hour, minute = label.split(":")
    return int(hour) * 60 + int(minute)


def test_a_tampered_clock_is_overruled_by_the_watch_and_the_note() -> None:
    false_clock = StoppedClock(shows=minutes("20:00"))
    watch = WatchStopped(shows=minutes("20:30"))
    # Ann was seen in the hall at the clock's time; Bob and Cy were elsewhere at the watch's time
    seen = [At(person="ann", place="hall", slot=0), At(person="bob", place="attic", slot=2),
            At(person="cy", place="hall", slot=2)]
    assert solve([false_clock, *seen]) == {"bob", "cy"}  # trusting the clock clears the killer
    assert solve([false_clock, watch, *seen]) == frozenset()  # two times that cannot both hold
    assert solve([false_clock, watch, ClockTampered(), *seen]) == {"ann"}


def test_a_poison_was_given_an_onset_before_the_collapse_where_the_victim_then_was() -> None:
    given = (Collapse(slot=4, place="hall"),)
    trail = [VictimAt(place="study", slot=2), VictimAt(place="hall", slot=4)]
    at_study = [At(person="ann", place="study", slot=2), At(person="bob", place="hall", slot=2),
                At(person="cy", place="attic", slot=2)]
    assert solve([Onset(slots=2), *trail, *at_study], given) == {"ann"}
    assert solve([*trail, *at_study], given) == set(PEOPLE)  # no onset: any time, anyone
    # without the trail the room is unknown: Bob in the hall at 20:30 could have given it there
    assert solve([Onset(slots=2), *at_study], given) == set(PEOPLE)


def test_a_chilled_body_died_later_than_its_warm_room_estimate_by_the_cold_of_its_room() -> None:
    estimate = BodyCooling(estimate=minutes("20:00"), per=4)  # a quarter hour later per 4 degrees below 20
    # Ann was seen in the hall at the estimate's time; Bob and Cy were elsewhere half an hour later
    seen = [At(person="ann", place="hall", slot=0), At(person="bob", place="attic", slot=2),
            At(person="cy", place="hall", slot=2)]
    assert solve([estimate, RoomTemperature(place="study", degrees=12), *seen]) == {"ann"}  # 8 below: +30 min
    assert solve([estimate, RoomTemperature(place="study", degrees=20), *seen]) == {"bob", "cy"}  # warm: 20:00
    assert solve([estimate, *seen]) == set(PEOPLE)  # no reading: the estimate alone fixes no time
    assert solve([estimate, RoomTemperature(place="attic", degrees=12), *seen]) == set(PEOPLE)  # not the body's room


def test_a_cabinet_key_counts_only_when_it_was_taken_by_the_crime() -> None:
    means = [CauseOfDeath(weapon="knife"), WeaponKept(weapon="knife", place="attic"),
             StoppedClock(shows=minutes("20:30"))]
    keys = KeyLog(place="attic", holds=(("ann", 0, 1), ("bob", 3, 4)))  # Bob took a key only after 20:30
    assert solve([*means, keys]) == {"ann"}  # Cy never held a key
    late = KeyLog(place="attic", holds=(("ann", 0, 1), ("bob", 2, 2)))  # taken in the murder's quarter hour
    assert solve([*means, late]) == {"ann", "bob"}


CASES = [(name, seed, roles, difficulty) for i, name in enumerate(PLOTS)
         for seed, roles, difficulty in ((100 + i, 4 + i % 5, ("easy", "medium", "hard")[i % 3]),)]


@pytest.mark.parametrize(("name", "seed", "roles", "difficulty"), CASES, ids=[c[0] for c in CASES])
def test_every_plot_generates_a_case_that_passes_every_check(name: str, seed: int, roles: int,
                                                             difficulty: str) -> None:
    split = "heldout" if name in HELD_BACK else "public"
    case = cached_case(Request(seed, CaseOptions(roles, difficulty, 1, plot=name), split,  # type: ignore[arg-type]
                               seed))
    assert case.script.metadata["plot"] == name
    assert check_case(case.script, case.facts, card_params(case)) == []
    assert Solver(case.facts, case.facts.solving_facts()).culprits() == set(case.script.culprits)
    clues = {c.id for c in case.script.clues}
    plot = PLOTS[name]
    assert ("c_watch" in clues and "c_tamper" in clues) == (plot.time == "tampered")
    assert "c_vtrail" in clues if plot.time == "onset" else "c_vtrail" not in clues
    assert ("c_cooling" in clues and "c_thermo" in clues) == (plot.time == "chill")
    assert ("c_keys" in clues) == (plot.access == "keys")
    assert ("c_log" in clues) <= (plot.access == "store")


@pytest.mark.parametrize("seed", range(200, 204))
def test_a_staged_alibi_clears_the_killer_for_whoever_trusts_the_clock(seed: int) -> None:
    case = cached_case(Request(seed, CaseOptions(5, "medium", 1, plot="staged-alibi")))
    facts = case.facts
    fooled = [f for cid, fs in facts.clues.items() if cid not in ("c_watch", "c_tamper") for f in fs]
    fooled += [f for fs in facts.sightings.values() for f in fs]
    culprit = case.script.culprits[0]
    assert culprit not in Solver(facts, fooled).culprits()
    assert f"c_staged_{culprit}" in facts.clues and not next(c for c in case.script.clues
                                                           if c.id == f"c_staged_{culprit}").key


@pytest.mark.parametrize("seed", range(220, 224))
def test_a_cold_room_clears_the_killer_for_whoever_trusts_the_warm_room_estimate(seed: int) -> None:
    case = cached_case(Request(seed, CaseOptions(5, "medium", 1, plot="cold-room")))
    facts, world = case.facts, case.world
    fooled = [f for cid, fs in facts.clues.items() if cid != "c_thermo" for f in fs]
    fooled += [RoomTemperature(place=world.murder_place, degrees=20)]  # read the room as warm
    fooled += [f for fs in facts.sightings.values() for f in fs]
    culprit = case.script.culprits[0]
    assert culprit not in Solver(facts, fooled).culprits()
    assert world.murder_slot - world.shown_slot in (1, 2, 3, 4)
    thermometer = next(c for c in case.script.clues if c.id == "c_thermo")
    assert thermometer.image is not None and thermometer.key
    reading = next(f.degrees for f in facts.clues["c_thermo"] if isinstance(f, RoomTemperature))
    assert f"{reading} °C" not in thermometer.text  # the reading is only in the pixels
    assert world.place_name(world.murder_place) not in NO_OPEN_WINDOW
    question = next(q for q in case.script.questions if "thermometer" in q.stem)
    assert question.options[question.answer[0]] == f"{reading} °C"


@pytest.mark.parametrize("seed", range(210, 214))
def test_a_poisoned_victim_collapses_away_from_where_the_poison_was_given(seed: int) -> None:
    case = cached_case(Request(seed, CaseOptions(6, "hard", 1, plot="slow-poison")))
    world = case.world
    assert world.body_place is not None and world.body_place != world.murder_place
    assert world.discovery_slot == world.murder_slot + world.onset
    assert world.place_name(world.body_place) in case.script.briefing
    assert not any(isinstance(f, MurderPlace) for f in case.facts.given)
    steps = {s.id for s in case.script.reasoning_chains[0].steps}
    assert {"s_onset", "s_time", "s_place"} <= steps


def test_a_seed_without_a_plot_takes_its_turn_and_the_language_limits_the_choice() -> None:
    names = plot_names("en")
    assert [plot_for(seed, "en") for seed in range(len(names))] == list(names)
    assert set(plot_names("zh")) == {"stopped-clock"}
    assert with_plot(Request(3, CaseOptions(4, "easy", 1))).options.plot == names[3]
    with pytest.raises(ConfigError, match="written in en only"):
        with_plot(Request(3, CaseOptions(4, "easy", 1, language="zh", plot="slow-poison")))
    with pytest.raises(ConfigError, match="no such plot"):
        generate_case(Request(3, CaseOptions(4, "easy", 1, plot="locked-room")))


def test_the_held_back_plots_and_settings_are_only_for_held_out_cases() -> None:
    held = next(iter(HELD_BACK))
    with pytest.raises(ConfigError, match="held back for the held-out set"):
        with_plot(Request(3, CaseOptions(4, "easy", 1, plot=held)))
    assert held in plot_names("en", held_out=True) and held not in plot_names("en")
    assert with_plot(Request(3, CaseOptions(4, "easy", 1, plot=held), "heldout", 3)).options.held_out
    public = {cached_case(Request(seed, CaseOptions(4, "easy", 1))).world.setting.id for seed in range(300, 320)}
    assert public and not public & SETTINGS_HELD_BACK
    held_out = {cached_case(Request(seed, CaseOptions(4, "easy", 1), "heldout", seed)).world.setting.id
                for seed in range(300, 320)}
    assert held_out & SETTINGS_HELD_BACK  # drawn from every setting: 20 draws over five settings
