"""The rules' precision: the hand-written cases lint clean, and `arena scripts validate` fails a case with an
inconsistency, printing the [consistency] line."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from arena.scripts.lint import lint_case
from arena.scripts.loader import load_script_unchecked, script_file
from tests.cli.test_scripts_cli import arena
from tests.conftest import FIXTURE_CASE, bundled_cases


def test_the_hand_written_cases_lint_clean() -> None:
    cases = bundled_cases()
    assert len(cases) >= 12
    found = [str(p) for case in cases for p in lint_case(load_script_unchecked(case), str(script_file(case)))]
    assert found == []


def test_validate_fails_a_case_with_an_inconsistency(tmp_path: Path) -> None:
    case = tmp_path / "case"
    shutil.copytree(FIXTURE_CASE, case)
    data = yaml.safe_load((case / "script.yaml").read_text(encoding="utf-8"))
    fern = next(r for r in data["roles"] if r["id"] == "fern")
    fern["script"] += "\n\nAt 21:30 you went through to the Study.\n\nAt 21:45 you were still in the Greenhouse.\n"
    (case / "script.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    result = arena("scripts", "validate", str(case))
    assert result.returncode == 1
    line = next(x for x in result.stdout.splitlines() if "[consistency]" in x)
    assert "roles fern line 5" in line and "role 'fern' line 5" in line and "Greenhouse at 21:45" in line
