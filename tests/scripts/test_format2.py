"""Format 2 of the script format: stages, victims, probe fields; format 1 stays as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from arena.errors import ScriptError
from arena.scripts.loader import load_script
from arena.scripts.validation import validate_script

STAGED = Path(__file__).resolve().parents[1] / "fixtures" / "staged_case"


def edited(tmp_path: Path, change: dict) -> Path:
    folder = tmp_path / "case"
    shutil.copytree(STAGED, folder)
    data = yaml.safe_load((folder / "script.yaml").read_text(encoding="utf-8"))
    data.update(change)
    (folder / "script.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return folder


def test_the_staged_two_victim_fixture_is_valid() -> None:
    script = load_script(STAGED)
    assert validate_script(script) == []
    assert [s.id for s in script.stages] == ["st_first", "st_second"]
    assert [(v.name, v.culprits) for v in script.victims] == [("Tom Reed", ["ada"]), ("Nell Price", ["cole"])]
    assert script.questions[2].category == "factual" and script.questions[2].from_role == "bea"


def test_format_2_fields_in_a_format_1_case_name_the_fix(tmp_path: Path) -> None:
    with pytest.raises(ScriptError, match="need format_version: 2"):
        load_script(edited(tmp_path, {"format_version": 1}))


@pytest.mark.parametrize(("change", "message"), [
    ({"victims": [{"id": "v1", "name": "Tom", "culprits": ["bea"]}]}, "is not one of the case's culprits"),
    ({"victims": [{"id": "v1", "name": "Tom", "culprits": ["ada"]}]}, "killed none of the victims"),
    ({"stages": [{"id": "s1", "title": "One", "clues": ["nope"]}]}, "unknown clue 'nope'"),
    ({"stages": [{"id": "s1", "title": "One", "round": 2}]}, "begins before the introductions"),
    ({"stages": [{"id": "s1", "title": "One", "scripts": {"zed": "x"}}]}, "unknown role 'zed'"),
    ({"stages": [{"id": "s1", "title": "One", "clues": ["c_vial"]}, {"id": "s2", "title": "Two",
                                                                   "clues": ["c_vial"]}]}, "already in stage"),
    ({"stages": [{"id": "ada", "title": "One"}]}, "id 'ada' is used 2 times"),
    ({"format_version": 3}, "unsupported format version 3"),
])
def test_bad_format_2_parts_are_reported(tmp_path: Path, change: dict, message: str) -> None:
    with pytest.raises(ScriptError, match=message):
        load_script(edited(tmp_path, change))
