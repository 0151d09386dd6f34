"""Generated cases leak nothing an image carries: alibis print their own minute, not the murder's quarter hour; motive
cards show the evidence without a gloss; and the check finds the old leaks when they are put back."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from arena.generator import CaseOptions, GeneratedCase, Request, write_case
from arena.generator.leaks import check_leaks
from arena.generator.pipeline import card_params
from arena.generator.solver import Solver
from arena.scripts.clock import minutes_of
from arena.scripts.evidence import check_evidence
from arena.scripts.loader import load_script_unchecked
from tests.generator.conftest import cached_case, spread

HARD = Request(1003, CaseOptions(6, "hard", 1))
HARD_ZH = Request(1003, CaseOptions(6, "hard", 1, words=6000, language="zh"))
REQUESTS = [*spread(6, start=1001), HARD, HARD_ZH]


def murder_label(case: GeneratedCase) -> str:
    [slot] = Solver(case.facts, case.facts.all_facts()).murder_slots()
    return case.facts.slots[slot]


def cards_of(case: GeneratedCase, prefix: str) -> dict[str, dict[str, Any]]:
    return {c.image.file: card_params(case)[c.image.file] for c in case.script.clues
            if c.id.startswith(prefix) and c.image is not None}


@pytest.mark.parametrize("request_", REQUESTS, ids=lambda r: f"{r.seed}-{r.options.difficulty}-{r.options.language}")
def test_generated_cases_have_no_leak(request_: Request) -> None:
    case = cached_case(request_)
    assert check_leaks(case.script, case.facts, card_params(case)) == []


@pytest.mark.parametrize("request_", [HARD, HARD_ZH], ids=["en", "zh"])
def test_the_written_case_passes_the_evidence_layer_leak_check(tmp_path: Path, request_: Request) -> None:
    folder = write_case(cached_case(request_), tmp_path, render=False)
    found = [str(p) for p in check_evidence(load_script_unchecked(folder), str(folder / "script.yaml"))]
    assert [m for m in found if "[leak]" in m] == []


@pytest.mark.parametrize("request_", [HARD, HARD_ZH], ids=["en", "zh"])
def test_alibi_cards_print_a_minute_inside_the_murder_quarter_but_not_the_quarter(request_: Request) -> None:
    case = with_card(request_, "c_alibi_", lambda params: True)
    label = murder_label(case)
    alibis = cards_of(case, "c_alibi_")
    start = minutes_of(label)
    for params in alibis.values():
        times = [minutes_of(t) for t in re.findall(r"(?<!\d)\d{1,2}:\d{2}(?!\d)", str(params))]
        if "rows" in params:  # a movements board: its axis shows every quarter hour, so none is singled out
            assert params["start"] < murder_label(case) < params["end"]
            continue
        assert times and start not in times
        # its own minute, inside the murder's quarter hour (a seating plan's other table is laid for another time)
        assert any(start < t < start + 15 for t in times)
        assert all(start < t < start + 15 for t in times) or "tables" in params


def with_card(request_: Request, prefix: str, kind: Callable[[dict[str, Any]], bool]) -> GeneratedCase:
    """The first case from `request_`'s seed with an image card of this kind among the clues named `prefix...`."""
    for seed in range(request_.seed, request_.seed + 40):
        case = cached_case(replace(request_, seed=seed))
        if any(kind(p) for p in cards_of(case, prefix).values()):
            return case
    raise AssertionError(f"no such {prefix} card in 40 cases from seed {request_.seed}")


def with_chat(request_: Request) -> GeneratedCase:
    """The first case from `request_`'s seed on whose motive clues one is a chat (hard cases draw chats often)."""
    return with_card(request_, "c_motive_", lambda params: "messages" in params)


@pytest.mark.parametrize("request_", [HARD, HARD_ZH], ids=["en", "zh"])
def test_motive_chats_carry_no_gloss(request_: Request) -> None:
    case = with_chat(request_)
    chats = [p for p in cards_of(case, "c_motive_").values() if "messages" in p]
    assert chats
    for params in chats:
        text = params["messages"][-1]["text"]  # "Forwarded from X's phone." and nothing more
        assert text.startswith(("Forwarded from ", "从")) and len(re.findall(r"[.。]", text)) == 1


def test_the_check_finds_a_murder_time_stamped_on_an_alibi() -> None:
    hard = (cached_case(replace(HARD, seed=seed)) for seed in range(HARD.seed, HARD.seed + 40))
    case = next(c for c in hard if any("when" in p or "body" in p for p in cards_of(c, "c_alibi_").values()))
    cards = copy.deepcopy(card_params(case))
    file, key = next((f, k) for f, p in cards_of(case, "c_alibi_").items() for k in ("when", "body") if k in p)
    cards[file] = {**cards[file], key: f"Admitted. Time stamped: {murder_label(case)}."}  # printed words
    found = check_leaks(case.script, case.facts, cards)
    assert [f.where for f in found] == [f"card {file} (clue {file.split('/')[1].split('.')[0]!r})"]
    assert murder_label(case) in found[0].message and found[0].check == "leak"


def test_the_check_finds_a_motive_gloss() -> None:
    case = with_chat(HARD)
    cards = copy.deepcopy(card_params(case))
    file, params = next((f, p) for f, p in cards_of(case, "c_motive_").items() if "messages" in p)
    params = copy.deepcopy(params)
    params["messages"][-1]["text"] += " So she stood to lose an inheritance."
    cards[file] = params
    [finding] = check_leaks(case.script, case.facts, cards)
    assert "own conclusion" in finding.message and file in finding.where


def test_no_script_names_someone_where_an_image_of_the_case_places_them() -> None:
    """A board's row may cover quarter hours far from the murder: the scripts of the people who shared those rooms
    then keep quiet about who was there (`longform.noticed`), in English and in Chinese alike."""
    from arena.generator.facts import At
    from arena.generator.longform import noticed, pictured

    checked = 0
    for request_ in [*spread(30, start=300), HARD_ZH]:
        case = cached_case(request_)
        shown = pictured(case.drafts)
        for role, facts in case.facts.sightings.items():
            assert not shown & {f for f in facts if isinstance(f, At)}, (case.script.id, role)
        for f in shown:
            others = [p.id for p in case.world.people if p.id != f.person
                      and case.world.positions[p.id][f.slot] == f.place]
            checked += len(others)
            assert all(not noticed(case.world, o, f.slot, shown) for o in others)
    assert checked
