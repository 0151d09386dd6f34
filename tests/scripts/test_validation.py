"""Validation: a broken copy of a case fails with one clear message per problem, naming file and field."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from arena.scripts.loader import load_script_unchecked
from arena.scripts.problems import Problem
from arena.scripts.validation import validate_script
from tests.conftest import FIXTURE_CASE, bundled_cases

ALL_CASES = [FIXTURE_CASE, *bundled_cases()]


def broken_copy(tmp_path: Path, source: Path = FIXTURE_CASE, edit: Any = None) -> Path:
    case = tmp_path / source.name
    shutil.copytree(source, case)
    if edit is not None:
        data = yaml.safe_load((case / "script.yaml").read_text())
        edit(data)
        (case / "script.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    return case


def problems_of(case: Path) -> list[Problem]:
    return validate_script(load_script_unchecked(case))


@pytest.mark.parametrize("case", ALL_CASES, ids=lambda p: p.name)
def test_shipped_cases_are_valid(case: Path) -> None:
    assert problems_of(case) == []


def remove_culprit(data: dict[str, Any]) -> None:
    for role in data["roles"]:
        role["culprit"] = False


def test_four_breakages_give_four_clear_messages(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        remove_culprit(data)
        data["questions"][2]["answer"] = "E"
        data["questions"][0]["evidence"] = ["no_such_clue"]

    case = broken_copy(tmp_path, edit=edit)
    (case / "images" / "clock.png").unlink()
    problems = problems_of(case)
    by_path = {p.path: p for p in problems}
    assert len(problems) == 4, [str(p) for p in problems]
    assert "culprit" in by_path["culprits"].message
    assert "'E' is not among the options" in by_path["questions[2].answer"].message
    assert "no_such_clue" in by_path["questions[0].evidence[0]"].message
    assert "file not found" in by_path["clues[1].image.file"].message
    assert all(p.file.endswith("script.yaml") and p.fix for p in problems)


@pytest.mark.parametrize("case", bundled_cases(), ids=lambda p: p.name)
def test_broken_bundled_case_reports_each_problem(tmp_path: Path, case: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        remove_culprit(data)
        data["questions"][-1]["evidence"] = ["dangling_id"]

    broken = broken_copy(tmp_path, case, edit)
    image = next((broken / "images").glob("*.png"))
    image.unlink()
    messages = [str(p) for p in problems_of(broken)]
    assert any("differ from roles flagged culprit" in m for m in messages)
    assert any("dangling_id" in m for m in messages)
    assert any(image.name in m and "file not found" in m for m in messages)


def test_duplicate_ids_are_reported_everywhere(tmp_path: Path) -> None:
    case = broken_copy(tmp_path, edit=lambda d: d["clues"][2].update(id="fern"))
    dups = [p for p in problems_of(case) if "used 2 times" in p.message]
    assert {p.path for p in dups} == {"roles[1].id", "clues[2].id"}


def test_corrupt_image_is_reported_by_content_not_extension(tmp_path: Path) -> None:
    case = broken_copy(tmp_path)
    (case / "images" / "note.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"garbage" * 50)
    (case / "images" / "clock.png").write_text("not an image at all")
    messages = {p.path: p.message for p in problems_of(case)}
    assert "does not decode" in messages["clues[0].image.file"]
    assert "not a PNG" in messages["clues[1].image.file"]


def test_visibility_fields_and_suite_evidence(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["clues"][3]["holder"] = "ghost"  # private clue of an unknown role
        data["clues"][2]["location"] = "attic"  # location clue at an unknown location
        data["questions"][2]["evidence"] = ["c_note"]  # MIU question citing only a text-rich card
        data["questions"][0].pop("role")  # LSU question without its role
        data["questions"][3].pop("depth")  # MMR question without depth

    paths = {p.path for p in problems_of(broken_copy(tmp_path, edit=edit))}
    assert {"clues[3].holder", "clues[2].location", "questions[2].evidence", "questions[0].role",
            "questions[3].depth"} <= paths


def test_image_too_large_is_rejected(tmp_path: Path) -> None:
    from PIL import Image

    case = broken_copy(tmp_path)
    Image.new("RGB", (9000, 40), "white").save(case / "images" / "note.png")
    messages = [p.message for p in problems_of(case)]
    assert any("outside" in m and "9000x40" in m for m in messages)
