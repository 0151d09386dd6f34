"""Every sentence of a generated script earns its place: no filler, no padding to a length, no wording that
contradicts the world model (a superlative said of two people, "still" after a move, a secret nobody knows)."""

from __future__ import annotations

import re

import pytest

from arena.generator import CaseOptions, Request, generate_case
from arena.generator.prose import pair_sentences
from arena.scripts.prose import fact_share
from tests.generator.conftest import cached_case, spread

CASES = [(11, 8, "hard", "en"), (12, 7, "medium", "en"), (13, 5, "easy", "en"), (1101, 5, "medium", "zh")]


def case_of(seed: int, roles: int, difficulty: str, language: str):  # noqa: ANN201 - a GeneratedCase
    return cached_case(Request(seed, CaseOptions(roles, difficulty, 1, language=language)))  # type: ignore[arg-type]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_requested_length_never_pads_a_script(language: str) -> None:
    short = generate_case(Request(21, CaseOptions(5, "medium", 1, words=300, language=language)))
    long = generate_case(Request(21, CaseOptions(5, "medium", 1, words=9000, language=language)))
    assert [r.script for r in short.script.roles] == [r.script for r in long.script.roles]


@pytest.mark.parametrize(("seed", "roles", "difficulty", "language"), CASES)
def test_most_sentences_state_a_fact_of_the_case(seed: int, roles: int, difficulty: str, language: str) -> None:
    stated, total = fact_share(case_of(seed, roles, difficulty, language).script)
    assert total > 20 and stated / total >= 0.6, (stated, total)


def test_no_script_words_two_relations_the_same_way() -> None:
    for request in spread(12, 30_000):
        case = cached_case(request)
        for person in case.world.people:
            texts = list(pair_sentences(case.world, person).values())
            masked = [re.sub(r"[A-Z]\w+", "X", t) for t in texts]
            assert len(set(masked)) == len(masked), (request.seed, person.id, texts)


@pytest.mark.parametrize(("seed", "roles", "difficulty", "language"), CASES)
def test_each_secret_is_known_to_one_other_role_and_asked_about(seed: int, roles: int, difficulty: str,
                                                                 language: str) -> None:
    case = case_of(seed, roles, difficulty, language)
    world, script = case.world, case.script
    assert sorted(world.confidants.values()) == sorted(p.id for p in world.people)
    assert all(knower != held for knower, held in world.confidants.items())
    asked = {q.role: q for q in script.questions if case.facts.queries[q.id].topic == "secret_of"}
    assert set(asked) == {p.id for p in world.people if not p.culprit}  # no item is sent a culprit's script
    for role in (r for r in script.roles if not r.culprit):
        held = world.person(world.confidants[role.id])
        label = case.facts.people[held.id]
        q = asked[role.id]
        assert [q.options[k] for k in q.answer] == [label]
        first, last, total = case.facts.positions[q.id]
        assert 0 <= first <= last < total  # the item rests on a sentence of this role's own script


@pytest.mark.parametrize(("seed", "roles", "difficulty", "language"), CASES)
def test_the_alarm_says_still_only_after_staying_put(seed: int, roles: int, difficulty: str, language: str) -> None:
    case = case_of(seed, roles, difficulty, language)
    w = case.world
    still = "还在" if language == "zh" else "still in"
    for role in case.script.roles:
        path = w.positions[role.id]
        alarm = next(p for p in (role.script or "").split("\n\n") if w.slots[w.discovery_slot] in p)
        if path[w.discovery_slot] != path[w.discovery_slot - 1]:
            assert still not in alarm, (role.id, alarm)


def test_a_liners_guests_are_aboard_and_nobody_else_is() -> None:
    liner = next(c for r in spread(30, 40_000) if (c := cached_case(r)).world.setting.id == "liner")
    assert all(re.search(r"aboard|sail", role.script or "") for role in liner.script.roles)
    manor = next(c for r in spread(30, 40_000) if (c := cached_case(r)).world.setting.id == "manor")
    assert not any("aboard" in (role.script or "") for role in manor.script.roles)
