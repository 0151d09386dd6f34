"""Imported cases are first-class: `arena play` plays them and `arena qa` answers their questions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.scripts.loader import load_script
from tests.conftest import SHARED

EXTERNAL = SHARED / "external"
pytestmark = pytest.mark.skipif(not EXTERNAL.is_dir(), reason="shared/external is not on this machine")
runner = CliRunner()

IMPORTS = {
    "wb-pu": ["whodunitbench", str(EXTERNAL / "whodunitbench" / "Pu")],
    "mirage-the-eastern-star-cruise-ship": ["mirage", str(EXTERNAL / "mirage"), "--culprit", "Manager Xiu"],
    "wellplay-oriental-star-cruise-incident": ["wellplay", str(EXTERNAL / "player")],
}


def imported(case: str, tmp_path: Path) -> Path:
    result = runner.invoke(app, ["import", *IMPORTS[case], "--out", str(tmp_path / "cases")])
    assert result.exit_code == 0, result.output
    return tmp_path / "cases" / case


@pytest.mark.parametrize("case", list(IMPORTS))
def test_an_imported_case_plays_a_full_game_into_the_store(case: str, tmp_path: Path) -> None:
    folder = imported(case, tmp_path)
    result = runner.invoke(app, ["play", "--script", str(folder), "--civilians", "builtin/naive", "--murderer",
                                 "builtin/random", "--rounds", "1", "--seed", "2", "--json",
                                 "--out", str(tmp_path / "game.jsonl"), "--db", str(tmp_path / "a.duckdb")])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output.strip().splitlines()[-1])
    script = load_script(folder)
    assert summary["status"] == "finished" and summary["winner"] in ("civilians", "murderer", "tie")
    assert sorted(summary["culprits"]) == sorted(script.culprit_ids)
    assert sum(summary["votes"].values()) <= len(script.roles)


@pytest.mark.parametrize("case", list(IMPORTS))
def test_an_imported_case_answers_every_suite_it_has(case: str, tmp_path: Path) -> None:
    folder = imported(case, tmp_path)
    result = runner.invoke(app, ["qa", "--entry", "builtin/naive", "--suite", "all", "--scripts", str(folder),
                                 "--db", str(tmp_path / "a.duckdb"), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output[result.output.index("{"):])
    script = load_script(folder)
    expected = {s.value: sum(1 for q in script.questions if q.suite is s) for s in {q.suite for q in script.questions}}
    assert {suite: row["n"] for suite, row in summary["suites"].items()} == expected
    assert summary["asked"] == len(script.questions)
    weighted = any(q.weight != 1 for q in script.questions)
    assert (summary["weighted"] is not None) == weighted  # WellPlay keeps its 10/5/2 question weights
