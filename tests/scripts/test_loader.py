"""Loading scripts: YAML and JSON, role scripts from files, every parse problem reported."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from arena.errors import ScriptError
from arena.scripts.loader import discover_scripts, find_script, load_script, load_script_unchecked
from tests.conftest import FIXTURE_CASE


def copy_case(tmp_path: Path) -> Path:
    target = tmp_path / "case"
    shutil.copytree(FIXTURE_CASE, target)
    return target


def test_fixture_loads_with_typed_fields() -> None:
    script = load_script(FIXTURE_CASE)
    assert script.id == "mini-greenhouse"
    assert script.culprit_ids == ["rowan"]
    assert script.folder == FIXTURE_CASE
    q = next(q for q in script.questions if q.id == "q_mmr2")
    assert q.answer == ["A", "B"] and q.multi
    assert script.image_path(script.clue("c_clock")).is_file()


def test_json_script_loads_the_same(tmp_path: Path) -> None:
    case = copy_case(tmp_path)
    data = yaml.safe_load((case / "script.yaml").read_text())
    (case / "script.yaml").unlink()
    (case / "script.json").write_text(json.dumps(data))
    assert load_script(case).model_dump() == load_script(FIXTURE_CASE).model_dump()


def test_role_script_file_is_read(tmp_path: Path) -> None:
    case = copy_case(tmp_path)
    data = yaml.safe_load((case / "script.yaml").read_text())
    data["roles"][1].pop("script")
    data["roles"][1]["script_file"] = "roles/fern.md"
    (case / "roles").mkdir()
    (case / "roles" / "fern.md").write_text("You are Fern, the gardener, and you heard voices.")
    (case / "script.yaml").write_text(yaml.safe_dump(data))
    assert "heard voices" in load_script(case).role("fern").script


def test_missing_role_script_file_is_named(tmp_path: Path) -> None:
    case = copy_case(tmp_path)
    data = yaml.safe_load((case / "script.yaml").read_text())
    data["roles"][1]["script_file"] = "roles/missing.md"
    (case / "script.yaml").write_text(yaml.safe_dump(data))
    with pytest.raises(ScriptError) as err:
        load_script_unchecked(case)
    assert "roles[1].script_file" in str(err.value) and "missing.md" in str(err.value)


def test_yaml_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    case = copy_case(tmp_path)
    (case / "script.yaml").write_text("id: x\ntitle: [unclosed\n")
    with pytest.raises(ScriptError) as err:
        load_script_unchecked(case)
    assert "script.yaml" in str(err.value) and "line" in str(err.value)


def test_schema_errors_are_all_listed_with_paths(tmp_path: Path) -> None:
    case = copy_case(tmp_path)
    data = yaml.safe_load((case / "script.yaml").read_text())
    data["titel"] = "typo"
    data["questions"][0]["options"] = {"a": "lower-case key", "B": "fine"}
    data["clues"][0]["visibility"] = "secret"
    (case / "script.yaml").write_text(yaml.safe_dump(data))
    with pytest.raises(ScriptError) as err:
        load_script_unchecked(case)
    paths = {p.path for p in err.value.problems}
    assert "titel" in paths
    assert "questions[0].options" in paths
    assert "clues[0].visibility" in paths


def test_discover_and_find(tmp_path: Path) -> None:
    copy_case(tmp_path)
    (tmp_path / "not_a_case").mkdir()
    assert discover_scripts(tmp_path) == [tmp_path / "case"]
    assert find_script("mini-greenhouse", tmp_path) == tmp_path / "case"
    with pytest.raises(ScriptError, match="no script with id"):
        find_script("nope", tmp_path)
