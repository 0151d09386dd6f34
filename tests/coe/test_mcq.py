"""Grading edge cases: shuffling maps back, exact sets, garbage, empty, two letters, prose answers."""

from __future__ import annotations

import random

import pytest

from arena.coe.mcq import grade, parse_answer, question_rng, shuffle_options, to_original_letters
from arena.scripts.schema import Question

ABCD = {"A", "B", "C", "D"}


def question(answer: str = "B", qid: str = "q1") -> Question:
    return Question(id=qid, suite="tiu", stem="Which?", options={"A": "red", "B": "green", "C": "blue", "D": "grey"},
                    answer=answer, evidence=["c1"])


@pytest.mark.parametrize("reply,expected", [
    ("B", {"B"}), ("(b).", {"B"}), ('{"answer": "C"}', {"C"}), ('{"answer": ["A", "C"]}', {"A", "C"}),
    ("I think it is (B)", {"B"}), ("Reasoning about the clock...\nAnswer: D", {"D"}),
    ("The final answer is (A).", {"A"}), ("A, C", {"A", "C"}), ("A and C", {"A", "C"}),
])
def test_parse_accepts_clear_answers(reply: str, expected: set[str]) -> None:
    assert parse_answer(reply, ABCD, multi=True) == frozenset(expected)


@pytest.mark.parametrize("reply", ["", "   ", "banana", "E", '{"answer": "Z"}', "It could be (A) or (B)",
                                   "I do not know", "A or B"])
def test_parse_rejects_unclear_answers(reply: str) -> None:
    assert parse_answer(reply, ABCD, multi=True) is None


def test_two_letters_for_a_single_choice_question_are_unparseable() -> None:
    assert parse_answer("A, C", ABCD, multi=False) is None
    assert parse_answer("AC", ABCD, multi=False) is None
    assert parse_answer("C", ABCD, multi=False) == frozenset({"C"})


def test_shuffle_maps_back_to_the_original_answer() -> None:
    q = question("B")
    for seed in range(30):
        shown = shuffle_options(q, question_rng(seed, "case", q.id))
        assert sorted(shown.options.values()) == sorted(q.options.values())
        (display,) = shown.answer
        assert shown.options[display] == "green"
        assert grade(frozenset({display}), shown)
        assert to_original_letters(frozenset({display}), shown) == ["B"]


def test_shuffle_moves_the_answer_and_is_seeded() -> None:
    q = question("B")
    positions = {next(iter(shuffle_options(q, question_rng(s, "case", "q1")).answer)) for s in range(40)}
    assert len(positions) >= 3
    assert shuffle_options(q, question_rng(7, "case", "q1")) == shuffle_options(q, question_rng(7, "case", "q1"))
    assert shuffle_options(q, None).options == q.options


def test_multi_select_needs_the_exact_set() -> None:
    q = question("AC")
    shown = shuffle_options(q, random.Random(3))
    right = shown.answer
    assert len(right) == 2 and grade(right, shown)
    assert not grade(frozenset(list(right)[:1]), shown)  # partial credit is wrong
    assert not grade(right | {next(iter(set(shown.options) - right))}, shown)  # a superset is wrong
    assert not grade(None, shown)
