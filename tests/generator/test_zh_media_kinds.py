"""Seating plans and writing-case photos in Chinese cases: the name cards and IOU slips print Chinese names,
the MIU questions on them are asked in Chinese and keyed by the whole-case solver, and the case passes
every check (tests/generator/test_media_kinds.py holds the same in English)."""

from __future__ import annotations

import re
from functools import lru_cache

from arena.generator import CaseOptions, GeneratedCase, Request
from arena.generator.check import check_case
from arena.generator.facts import At, Detail, MotiveVoid
from arena.generator.pipeline import card_params
from arena.generator.pools import GUESTS
from arena.generator.zh.lexicon import term
from arena.scripts.clock import minutes_of
from arena.scripts.schema import Suite
from multimodal.language import CJK_CHAR
from tests.generator.conftest import cached_case

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@lru_cache(maxsize=1)
def cases() -> dict[str, GeneratedCase]:
    """The first Chinese case with a seating plan and the first with a writing-case photo, from seed 1101 on."""
    found: dict[str, GeneratedCase] = {}
    for seed in range(1101, 1501):  # a writing-case photo needs a settled debt: about one hard case in 100
        case = cached_case(Request(seed, CaseOptions(4, "hard", 1, 1200, "zh")))
        for spec in case.cards:
            found.setdefault(spec["template"], case)
        if {"seating_chart", "evidence"} <= set(found):
            return found
    raise AssertionError("no Chinese case with a seating plan and one with a writing-case photo in 400 seeds")


def clue_of(spec: dict) -> str:
    return str(spec["file"]).split("/")[1].split(".")[0]


def test_a_chinese_seating_plan_prints_chinese_name_cards_and_is_asked_about_in_chinese() -> None:
    case = cases()["seating_chart"]
    assert check_case(case.script, case.facts, card_params(case), 1200) == []
    guests = {term(g) for g in GUESTS}
    for spec in (s for s in case.cards if s["template"] == "seating_chart"):
        clue_id = clue_of(spec)
        at = next(f for f in case.facts.clues[clue_id] if isinstance(f, At))
        me = case.facts.people[at.person]
        assert spec["params"]["title"] == f"座次图：{case.facts.places[at.place]}"
        seats = [x for t in spec["params"]["tables"] for x in t["seats"] if x]
        assert seats.count(me) == 1 and set(seats) - {me} <= guests
        mine = next(t for t in spec["params"]["tables"] if me in t["seats"])
        start = minutes_of(case.facts.slots[at.slot])
        assert start < minutes_of(mine["label"]) < start + 15  # a minute of the sighting's quarter hour
        clue = next(c for c in case.script.clues if c.id == clue_id)
        assert "座次图" in clue.title and mine["label"] not in clue.text and not LATIN_WORD.search(clue.text)
        asked = [q for q in case.script.questions if q.evidence == [clue_id] and q.suite is Suite.MIU]
        assert asked and all("座次图" in q.stem and me in q.stem for q in asked)
        for q in asked:
            shown = {f.topic: f.value for f in case.facts.clues[clue_id] if isinstance(f, Detail)}
            key = q.options[q.answer[0]]
            assert key in {term(v) for v in shown.values()} and CJK_CHAR.search(key)
            assert all(not LATIN_WORD.search(o) for o in q.options.values())


def test_a_chinese_writing_case_photo_shows_the_torn_iou_by_chinese_name() -> None:
    case = cases()["evidence"]
    assert check_case(case.script, case.facts, card_params(case), 1200) == []
    for spec in (s for s in case.cards if s["template"] == "evidence"):
        clue_id = clue_of(spec)
        void = next(f for f in case.facts.clues[clue_id] if isinstance(f, MotiveVoid))
        notes = [i for i in spec["params"]["items"] if i["kind"] == "note"]
        assert next(i for i in notes if i["label"] == f"借据：{case.facts.people[void.person]}")["torn"]
        assert all(i["label"].startswith("借据：") and not LATIN_WORD.search(i["label"]) for i in notes)
        assert spec["params"]["title"] == "文具匣里找到的东西"
        q = next(q for q in case.script.questions if q.evidence == [clue_id] and q.suite is Suite.MIU)
        assert "文具匣" in q.stem and q.options[q.answer[0]] == f"{sum(i['torn'] for i in notes)}张撕成两半的借据"
