"""The solver check: known answers on small hand-made fact sets, and broken cases it must reject."""

from __future__ import annotations

from typing import Any

import pytest

import arena.generator.pipeline as pipeline
from arena.errors import GenerationError
from arena.generator import CaseOptions, Request, check_case, generate_case
from arena.generator.check import check_chain, check_questions, check_solution, check_wording
from arena.generator.derive import GeneratedCase
from arena.generator.facts import (
    At,
    CaseFacts,
    CauseOfDeath,
    ClockSlow,
    Doors,
    EntryLog,
    Fact,
    Motive,
    MotiveVoid,
    MurderPlace,
    MurderTime,
    NoMotive,
    Query,
    StoppedClock,
    WeaponKept,
)
from arena.generator.pipeline import card_params
from arena.generator.questions import Naming
from arena.generator.solver import Solver
from tests.generator.conftest import cached_case, spread

ROOMS = {"hall": "Hall", "study": "Study", "attic": "Attic", "vault": "Vault"}
PEOPLE = {"ann": "Ann Ash", "bob": "Bob Birch", "cy": "Cy Cole"}


def mini(clues: dict[str, tuple[Fact, ...]], culprits: tuple[str, ...] = ("ann",)) -> CaseFacts:
    return CaseFacts(slots=("20:00", "20:15", "20:30", "20:45"), people=PEOPLE, places=ROOMS,
                     weapons={"knife": "knife"}, motive_phrases={"debt": "owed money"}, culprits=culprits,
                     given=(MurderPlace(place="study"),), clues=clues, roles={}, queries={})


def solve(clues: dict[str, tuple[Fact, ...]]) -> frozenset[str]:
    case = mini(clues)
    return Solver(case, [f for facts in clues.values() for f in facts]).culprits()


MOTIVES = {"m": tuple(Motive(person=p, kind="debt") for p in PEOPLE)}


def test_without_refutations_everyone_is_consistent_and_unknown_motives_clear_nobody() -> None:
    assert solve(MOTIVES) == {"ann", "bob", "cy"}
    assert solve({"m": (Motive(person="ann", kind="debt"),)}) == {"ann", "bob", "cy"}  # no motive clue: unknown
    assert solve({"said": (NoMotive(person="bob"),)}) == {"ann", "cy"}  # a stated lack of motive does clear


def test_alibi_needs_the_murder_time() -> None:
    alibi = {"alibi": (At(person="bob", place="hall", slot=2),)}
    assert "bob" in solve(MOTIVES | alibi)  # the time is unknown: Bob could have done it at another slot
    assert "bob" not in solve(MOTIVES | alibi | {"clock": (MurderTime(slot=2),)})


def test_a_slow_clock_moves_the_murder_time() -> None:
    case = mini({})
    shows = StoppedClock(shows=20 * 60 + 15)  # the face shows 8:15; the murder slots are 20:00..20:45
    assert Solver(case, [shows]).murder_slots() == [1]
    assert Solver(case, [shows, ClockSlow(minutes=15)]).murder_slots() == [2]
    assert Solver(case, [shows, ClockSlow(minutes=5)]).murder_slots() == []  # matches no slot: nobody fits
    assert Solver(case, [shows, ClockSlow(minutes=5)]).culprits() == frozenset()
    alibi = {"alibi": (At(person="bob", place="hall", slot=2),)}
    assert "bob" in solve(MOTIVES | alibi | {"clock": (shows,)})
    assert "bob" not in solve(MOTIVES | alibi | {"clock": (shows,), "note": (ClockSlow(minutes=15),)})
    naming = Naming(case)
    assert Solver(case, [shows]).answer(Query(kind="clock_shows"), naming) == {"8:15"}
    both = Solver(case, [shows, ClockSlow(minutes=15), ClockSlow(minutes=15)])  # the same fact cited twice
    assert both.answer(Query(kind="murder_time"), naming) == {"20:30"}


def test_distance_clears_only_with_the_floor_plan() -> None:
    seen = {"seen": (At(person="cy", place="attic", slot=1),), "clock": (MurderTime(slot=2),)}
    doors = {"plan": (Doors(pairs=(("hall", "study"), ("hall", "attic"), ("study", "vault"))),)}
    assert "cy" in solve(MOTIVES | seen)  # any room might be next door
    assert "cy" not in solve(MOTIVES | seen | doors)  # attic -> hall -> study: two doorways in one slot


def test_means_needs_weapon_storage_and_an_exhaustive_log() -> None:
    weapon = {"report": (CauseOfDeath(weapon="knife"),), "store": (WeaponKept(weapon="knife", place="vault"),),
              "clock": (MurderTime(slot=2),)}
    log = {"log": (EntryLog(place="vault", entries=(("ann", 0), ("cy", 3))),)}
    assert solve(MOTIVES | weapon) == {"ann", "bob", "cy"}
    assert solve(MOTIVES | weapon | log) == {"ann"}  # Bob never entered; Cy only after the murder
    del weapon["report"]
    assert solve(MOTIVES | weapon | log) == {"ann", "bob", "cy"}  # weapon unknown: the log proves nothing


def test_cancelled_motive() -> None:
    assert solve(MOTIVES | {"void": (MotiveVoid(person="cy"),)}) == {"ann", "bob"}


def test_queries_are_answered_from_the_given_facts_only() -> None:
    case = mini({})
    naming = Naming(case)
    facts = [MurderTime(slot=3), At(person="bob", place="hall", slot=3)]
    solver = Solver(case, facts)
    assert solver.answer(Query(kind="murder_time"), naming) == {"20:45"}
    assert solver.answer(Query(kind="murder_time", clock=True), naming) == {"8:45"}
    assert solver.answer(Query(kind="where", person="bob", slot=3), naming) == {"Hall"}
    assert solver.answer(Query(kind="no_opportunity", among=("ann", "bob")), naming) == {"Bob Birch"}


def broken_copy(case: GeneratedCase, clue_id: str) -> CaseFacts:
    """The case's facts with one clue's facts gone, while the script still presents the clue."""
    return case.facts.model_copy(update={"clues": {**case.facts.clues, clue_id: ()}})


def test_check_catches_a_case_with_two_consistent_culprits() -> None:
    case = cached_case(Request(3, CaseOptions(6, "medium", 1)))
    herring = next(h.person for h in case.world.herrings if h.refutation == "alibi")
    clearing = f"c_alibi_{herring}" if f"c_alibi_{herring}" in case.facts.clues else "c_floorplan"
    facts = broken_copy(case, clearing)
    assert Solver(facts, facts.solving_facts()).culprits() == {herring, *case.world.culprits}
    problems = check_solution(case.script, facts)
    assert len(problems) == 1 and problems[0].check == "solution" and herring in problems[0].message
    assert check_case(case.script, facts, card_params(case)) != []


def test_check_catches_a_key_clue_that_is_not_needed_and_a_needed_clue_not_marked_key() -> None:
    case = cached_case(Request(4, CaseOptions(5, "medium", 1, plot="stopped-clock")))
    clues = [c.model_copy(update={"key": not c.key}) if c.id == "c_clock" or c.id.startswith("c_motive") else c
             for c in case.script.clues]
    flipped = case.script.model_copy(update={"clues": clues})
    problems = [str(p) for p in check_solution(flipped, case.facts)]
    assert any("clue c_clock: needed" in p and "not marked key" in p for p in problems)
    assert any(p.startswith("[solution] clue c_motive_") and "not needed" in p for p in problems)


def test_check_catches_a_wrong_answer_a_wrong_depth_and_a_clue_that_does_not_say_its_fact() -> None:
    case = cached_case(Request(5, CaseOptions(4, "easy", 1, plot="stopped-clock")))
    script = case.script
    q = script.questions[0]
    wrong = next(letter for letter in q.options if letter not in q.answer)
    chain = script.reasoning_chains[0]
    steps = [s.model_copy(update={"depth": s.depth + 1}) if s.id == "s_final" else s for s in chain.steps]
    text_clue = next(c for c in script.clues if c.kind == "text" and case.facts.clues[c.id])
    broken = script.model_copy(update={
        "questions": [q.model_copy(update={"answer": [wrong]}), *script.questions[1:]],
        "reasoning_chains": [chain.model_copy(update={"steps": steps})],
        "clues": [c.model_copy(update={"text": "Nothing to see.", "title": "Blank"}) if c.id == text_clue.id else c
                  for c in script.clues]})
    assert any(p.where == f"question {q.id}" for p in check_questions(broken, case.facts))
    assert any(p.where == "step s_final" and "depth" in p.message for p in check_chain(broken))
    assert any(p.where == f"clue {text_clue.id}" for p in check_wording(broken, case.facts, {}))


def test_failing_cases_are_regenerated_with_the_next_sub_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    real = pipeline.derive_case
    calls: list[int] = []

    def break_first_attempt(rng: Any, world: Any, case_id: str, meta: dict[str, Any]) -> GeneratedCase:
        case = real(rng, world, case_id, meta)
        calls.append(meta["generator"]["attempt"])
        if meta["generator"]["attempt"] == 0:  # drop the clue that clears a red herring: two suspects remain
            herring = case.world.herrings[0].person
            clue = f"c_alibi_{herring}" if f"c_alibi_{herring}" in case.facts.clues else "c_floorplan"
            return GeneratedCase(case.script, broken_copy(case, clue), case.cards, case.world)
        return case

    monkeypatch.setattr(pipeline, "derive_case", break_first_attempt)
    case = generate_case(Request(8, CaseOptions(5, "medium", 1)))
    assert calls[0] == 0 and case.script.metadata["generator"]["attempt"] == calls[-1] > 0
    assert check_case(case.script, case.facts, card_params(case)) == []


def test_no_case_is_shipped_when_every_attempt_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    real = pipeline.derive_case

    def always_broken(rng: Any, world: Any, case_id: str, meta: dict[str, Any]) -> GeneratedCase:
        case = real(rng, world, case_id, meta)
        return GeneratedCase(case.script, broken_copy(case, "c_clock"), case.cards, case.world)

    monkeypatch.setattr(pipeline, "derive_case", always_broken)
    with pytest.raises(GenerationError, match=r"no case passed the checks in 3 attempts \(failed checks: solution"):
        generate_case(Request(9, CaseOptions(5, "easy", 1)), max_attempts=3)


def test_every_key_clue_of_generated_cases_breaks_uniqueness_when_removed() -> None:
    for request in spread(12, start=500):
        case = cached_case(request)
        truth = frozenset(case.facts.culprits)
        for clue in case.script.clues:
            rest = case.facts.solving_facts(removed=clue.id)
            assert (Solver(case.facts, rest).culprits() != truth) == clue.key, (request.case_id, clue.id)
