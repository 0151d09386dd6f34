"""The media-rich kinds in generated cases: CCTV stills, staff timetables, furnished plans, sheets of
timepieces, seating plans and evidence photos (torn IOUs) carry facts only their pixels show, their
MIU questions are keyed by the solver, and evidence.yaml lists them."""

from __future__ import annotations

import numpy as np

from arena.generator import CaseOptions, GeneratedCase, Request
from arena.generator.check import normalised, text_of
from arena.generator.facts import At, Detail, MotiveVoid
from arena.generator.layer import evidence_document
from arena.generator.pipeline import card_params
from arena.generator.solver import Solver
from arena.scripts.clock import minutes_of
from arena.scripts.schema import Suite
from multimodal.cards.render import CardSpec, render_card
from tests.generator.conftest import cached_case, spread

# the sheet of timepieces photographs the stopped clock, so a few hard stopped-clock cases join the spread of plots
CASES = spread(30, 50_000) + [Request(seed, CaseOptions(6, "hard", 1, plot="stopped-clock"))
                              for seed in range(50_100, 50_104)]


def templates(case: GeneratedCase) -> dict[str, str]:
    """Image file -> the kind drawn: cctv, timetable, or sheet (a collage of timepieces)."""
    names = {"cctv": "cctv", "timetable": "timetable", "collage": "sheet", "furnished_plan": "furnished"}
    return {spec["file"]: names[spec["template"]] for spec in case.cards if spec["template"] in names}


def test_new_kinds_appear_across_difficulties_and_carry_only_image_facts() -> None:
    seen: dict[str, set[str]] = {}
    for request in CASES:
        case = cached_case(request)
        kinds = templates(case)
        for clue in case.script.clues:
            kind = kinds.get(clue.image.file, "") if clue.image else ""
            if not kind:
                continue
            seen.setdefault(kind, set()).add(request.options.difficulty)
            assert clue.id in case.facts.media_clues
            people = {f.person for f in case.facts.clues[clue.id] if isinstance(f, At)}
            if kind in ("cctv", "timetable") and people:  # a victim's trail (slow poison) follows a known person
                assert all(case.facts.people[p] not in " ".join((clue.title, clue.text)) for p in people)
    assert set(seen) == {"cctv", "timetable", "sheet", "furnished"}
    assert seen["sheet"] == {"hard"}
    assert "easy" not in seen["furnished"]
    assert "easy" not in seen["cctv"]


def test_cctv_is_identified_through_the_cloakroom_list_and_its_answers_need_the_still() -> None:
    case = next(c for c in map(cached_case, CASES) if "c_cloakroom" in c.facts.clues)
    cloak = next(c for c in case.script.clues if c.id == "c_cloakroom")
    stills = [cid for cid in case.facts.by_looks]
    assert stills and all(case.facts.people[p] in cloak.text for p in case.facts.people)
    texts = " ".join(normalised(t) for t in text_of(case.script, card_params(case),
                                                        set(case.facts.media_clues)).values())
    for q in case.script.questions:
        query = case.facts.queries[q.id]
        if q.suite is Suite.MIU and query.kind == "detail" and query.person in stills:
            shown = next(f.value for f in case.facts.clues[query.person]
                         if isinstance(f, Detail) and f.topic == query.topic)
            assert [q.options[k] for k in q.answer] == [shown]
            assert normalised(shown) not in texts
            assert "c_cloakroom" in q.evidence


def test_media_facts_leave_text_alone_undecided_and_are_recorded_in_the_evidence_layer() -> None:
    for request in CASES[:12]:
        case = cached_case(request)
        text_left = Solver(case.facts, case.facts.solving_facts(text_only=True)).culprits()
        assert len(text_left) >= 2
        layer = {f["id"]: f for f in evidence_document(case.script, case.facts)["facts"]}
        for clue_id in case.facts.by_looks:
            assert layer[clue_id]["modality"] == "media"
            assert layer[clue_id]["source"]["image"].endswith(".jpg")


def test_sheet_question_offers_the_other_timepieces_as_distractors() -> None:
    hard = [c for c in map(cached_case, CASES) if "sheet" in templates(c).values()]
    assert hard
    for case in hard:
        q = next(q for q in case.script.questions if "sheet of timepieces" in q.stem)
        sheet = card_params(case)["images/c_clock.jpg"]
        tag = q.stem.split("tagged ")[1].split()[0]
        shown = {f"{i['params']['hour'] % 12 or 12}:{i['params']['minute']:02d}" for i in sheet["items"]}
        assert set(q.options.values()) & shown - {q.options[q.answer[0]]}
        mine = next(i["params"] for i in sheet["items"] if i["label"] == tag)
        assert q.options[q.answer[0]] == f"{mine['hour'] % 12 or 12}:{mine['minute']:02d}"


def test_furnished_plan_questions_ask_what_only_the_plan_draws() -> None:
    asked = 0
    for case in map(cached_case, CASES):
        spec = next(s for s in case.cards if s["file"].startswith("images/c_floorplan"))
        if spec["template"] != "furnished_plan":
            continue
        drawn = {f["room"]: f["kind"].replace("_", " ") for f in spec["params"]["furniture"]}
        assert len(drawn) == len(case.facts.places)
        texts = " ".join(normalised(t) for t in text_of(case.script, card_params(case),
                                                            set(case.facts.media_clues)).values())
        for q in case.script.questions:
            if "piece of furniture" in q.stem:
                room = q.stem.split("drawn in the ")[1].rstrip("?")
                assert q.options[q.answer[0]] == drawn[room]
                assert normalised(drawn[room]) not in texts
                asked += 1
    assert asked


def seating_cases() -> list[GeneratedCase]:
    return [c for c in map(cached_case, CASES + spread(30, 60_000))
            if any(s["template"] == "seating_chart" for s in c.cards)]


def test_seating_plan_places_the_subject_at_the_table_laid_for_the_sighting() -> None:
    cases = seating_cases()
    assert cases and {c.world.options.difficulty for c in cases} <= {"medium", "hard"}
    for case in cases:
        for spec in (s for s in case.cards if s["template"] == "seating_chart"):
            clue_id = spec["file"].split("/")[1].split(".")[0]
            assert clue_id in case.facts.media_clues
            at = next(f for f in case.facts.clues[clue_id] if isinstance(f, At))
            first = case.facts.people[at.person].split()[0]
            tables = spec["params"]["tables"]
            mine = next(t for t in tables if first in t["seats"])
            start = minutes_of(case.facts.slots[at.slot])
            assert start < minutes_of(mine["label"]) < start + 15  # the alibi: a minute of the sighting's quarter
            other = next(t for t in tables if t is not mine)
            assert other["label"] != mine["label"] and first not in other["seats"]
            assert case.facts.places[at.place] in spec["params"]["title"]
            chair = mine["seats"].index(first)
            shown = {f.topic: f.value for f in case.facts.clues[clue_id] if isinstance(f, Detail)}
            assert shown["opposite"] == mine["seats"][(chair + len(mine["seats"]) // 2) % len(mine["seats"])]
            assert shown["empty"].split()[0] == str(mine["seats"].count(""))
            # the clue's words name the room but never which table or time the subject had
            clue = next(c for c in case.script.clues if c.id == clue_id)
            assert case.facts.slots[at.slot] not in " ".join((clue.title, clue.text))


def test_seating_questions_are_keyed_by_the_whole_case_solver_and_need_the_plan() -> None:
    asked = 0
    for case in seating_cases():
        truth = Solver(case.facts, case.facts.all_facts())
        texts = " ".join(normalised(t) for t in text_of(case.script, card_params(case),
                                                            set(case.facts.media_clues)).values())
        for q in case.script.questions:
            if "seating plan" not in q.stem:
                continue
            query = case.facts.queries[q.id]
            assert q.suite is Suite.MIU and query.kind == "detail"
            keyed = {q.options[k] for k in q.answer}
            assert keyed == set(truth.values(query))
            assert all(normalised(a) not in texts for a in keyed)
            asked += 1
        # without the plan's clue the alibi it gives is lost: some suspect it clears is no longer cleared
        seating = [s["file"].split("/")[1].split(".")[0] for s in case.cards if s["template"] == "seating_chart"]
        for clue_id in seating:
            clue = next(c for c in case.script.clues if c.id == clue_id)
            if clue.key:
                without = Solver(case.facts, case.facts.solving_facts(removed=clue_id)).culprits()
                assert without != frozenset(case.facts.culprits)
    assert asked


def exhibit_cases() -> list[GeneratedCase]:
    return [c for c in map(cached_case, CASES + spread(30, 60_000) + spread(30, 70_000))
            if any(s["template"] == "evidence" for s in c.cards)]


def test_a_settled_debt_is_shown_only_by_a_torn_iou_on_an_evidence_photo() -> None:
    cases = exhibit_cases()
    assert cases
    for case in cases:
        for spec in (s for s in case.cards if s["template"] == "evidence"):
            clue_id = spec["file"].split("/")[1].split(".")[0]
            void = next(f for f in case.facts.clues[clue_id] if isinstance(f, MotiveVoid))
            first = case.facts.people[void.person].split()[0]
            notes = [i for i in spec["params"]["items"] if i["kind"] == "note"]
            assert next(i for i in notes if i["label"] == f"IOU: {first}")["torn"]
            torn = next(f.value for f in case.facts.clues[clue_id] if isinstance(f, Detail) and f.topic == "torn")
            assert torn.split()[0] == str(sum(i["torn"] for i in notes))
            assert clue_id in case.facts.media_clues
            # text alone keeps the motive; the photo settles it
            assert Solver(case.facts, case.facts.solving_facts(text_only=True)).has_motive(void.person)
            assert not Solver(case.facts, case.facts.solving_facts()).has_motive(void.person)
            q = next(q for q in case.script.questions if q.evidence == [clue_id] and q.suite is Suite.MIU)
            assert [q.options[k] for k in q.answer] == [torn]


def test_a_torn_slip_is_drawn_in_two_halves() -> None:
    def middle_column(torn: bool) -> np.ndarray:
        img = render_card(CardSpec(file="e.png", template="evidence", params={
            "items": [{"kind": "note", "torn": torn}], "cell": 240, "surface": "black", "seed": 1}))
        pixels = np.asarray(img.convert("L"), dtype=np.int32)
        return pixels[20 + int(240 * 0.4):20 + int(240 * 0.56), 20 + 100:20 + 140]

    assert (middle_column(True) < 40).mean() > 0.2  # the dark surface shows through the tear
    assert (middle_column(False) < 40).mean() < 0.05
