"""Reference rows: random guesses right-sized, OCR support scoring, the OCR baseline on the bundled cases."""

from __future__ import annotations

import asyncio
from math import comb

import pytest

from arena.agents.registry import make_agent
from arena.coe.answerers import RandomAnswerer, make_answerer
from arena.coe.qa_run import QaConfig, make_item
from arena.coe.stats import accuracy, wilson_interval
from arena.coe.support import distinctive, option_support, tokens
from arena.entries import Entry, qa_entries, resolve_entry
from arena.errors import ConfigError
from arena.scripts.schema import Script, Suite
from tests.conftest import bundled_cases

OCR = Entry(name="builtin/ocr", model="builtin/ocr", source="builtin")


def test_random_guesses_are_seeded_and_right_sized(mini: Script) -> None:
    entry = Entry(name="builtin/random", model="builtin/random", source="builtin")
    answerer = RandomAnswerer(entry)
    multi = next(q for q in mini.questions if q.multi)
    item = make_item(mini, multi, QaConfig(seed=5), None)
    picks = [answerer.choose(item) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2] and len(picks[0]) == len(multi.answer)
    varied = {tuple(answerer.choose(make_item(mini, multi, QaConfig(seed=s), None))) for s in range(20)}
    assert len(varied) > 2


def test_support_counts_only_distinctive_tokens_and_forgives_ocr_noise() -> None:
    options = {"A": "Between half past one and two", "B": "Between half past twelve and one"}
    assert distinctive(options) == {"A": {"two"}, "B": {"twelve"}}
    assert tokens("at 12:44 pm") == {"12.44", "pm"}
    scores = option_support({"A": "Brindle", "B": "Cawley", "C": "12.44", "D": "12.45"}, "passes Brlndle at 12:44")
    assert scores == {"A": 1.0, "B": 0.0, "C": 1.0, "D": 0.0}


def test_the_ocr_baseline_is_not_a_game_agent_and_resolves_for_qa() -> None:
    with pytest.raises(ConfigError, match="unknown built-in agent builtin/ocr"):
        make_agent("builtin/ocr", "fern", 0)
    assert resolve_entry("builtin/ocr", [], qa_entries()).entry_id == OCR.entry_id
    with pytest.raises(ConfigError, match="does not answer QA"):
        make_answerer(Entry(name="builtin/x", model="builtin/x"))
    with pytest.raises(ConfigError, match="ModelClient"):
        make_answerer(Entry(name="m", model="mock/m"))


def chance(questions: list) -> float:  # noqa: ANN001
    """Expected accuracy of uniform guessing of the right number of letters."""
    return sum(1 / comb(len(q.options), len(q.answer)) for q in questions) / len(questions)


def test_ocr_baseline_beats_chance_on_tiu_and_does_worse_on_miu() -> None:
    answerer = make_answerer(OCR)
    graded: dict[Suite, list[bool]] = {Suite.TIU: [], Suite.MIU: []}
    questions: dict[Suite, list] = {Suite.TIU: [], Suite.MIU: []}
    for folder in bundled_cases():
        from arena.scripts.loader import load_script

        script = load_script(folder)
        for q in script.questions:
            if q.suite in graded:
                item = make_item(script, q, QaConfig(seed=0), None)
                reply = asyncio.run(answerer.answer(item))
                chosen = frozenset(__import__("json").loads(reply.text)["answer"])
                graded[q.suite].append(chosen == item.shuffled.answer)
                questions[q.suite].append(q)
    tiu, miu = accuracy(graded[Suite.TIU]), accuracy(graded[Suite.MIU])
    low, _ = wilson_interval(tiu.correct, tiu.n)  # type: ignore[misc]
    assert low > chance(questions[Suite.TIU]), f"TIU {tiu.percent:.1f}% is not clearly above chance"
    assert tiu.percent > miu.percent  # type: ignore[operator]
    miu_low, miu_high = wilson_interval(miu.correct, miu.n)  # type: ignore[misc]
    assert miu_low <= chance(questions[Suite.MIU]) + 0.1, "MIU should stay near chance for an OCR-only reader"
