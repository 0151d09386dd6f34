"""Every importer on a small synthetic source written for this project (tests/fixtures/importers):
the MIRAGE two-stage script, the WellPlay two-victim case and a WhodunitBench case import, validate
and play, in any checkout (no shared data needed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.engine import read_jsonl
from arena.scripts.loader import load_script

SOURCES = Path(__file__).resolve().parents[1] / "fixtures" / "importers"
runner = CliRunner()

IMPORTS = {
    "mirage-the-harbour-clock": ["mirage", str(SOURCES / "mirage"), "--culprit", "Bob"],
    "wellplay-mill-house": ["wellplay", str(SOURCES / "wellplay")],
    "wb-orchard": ["whodunitbench", str(SOURCES / "whodunitbench")],
}


def imported(case: str, tmp_path: Path) -> Path:
    result = runner.invoke(app, ["import", *IMPORTS[case], "--out", str(tmp_path / "cases")])
    assert result.exit_code == 0, result.output
    validated = runner.invoke(app, ["scripts", "validate", str(tmp_path / "cases" / case)])
    assert validated.exit_code == 0, validated.output
    return tmp_path / "cases" / case


def test_a_staged_mirage_script_imports_as_stages(tmp_path: Path) -> None:
    script = load_script(imported("mirage-the-harbour-clock", tmp_path))
    assert script.format_version == 2 and script.culprits == ["bob"] and script.victim == "Owen Vale"
    assert [s.title for s in script.stages] == ["Stage 1", "Stage 2"]
    assert "wound the harbour clock" in script.role("bob").script
    assert "struck Owen Vale" not in script.role("bob").script
    assert "struck Owen Vale" in script.stages[1].scripts["bob"] and not script.stages[0].scripts
    assert [len(s.clues) for s in script.stages] == [3, 2]
    assert [loc.name for loc in script.locations] == ["Clock tower", "Pier", "Harbour office"]


def test_the_wellplay_importer_keeps_the_victims_apart(tmp_path: Path) -> None:
    script = load_script(imported("wellplay-mill-house", tmp_path))
    assert [(v.name, v.culprits) for v in script.victims] == [("Ivo Stone", ["miller_ross"]),
                                                              ("Ada Fenn", ["baker_quinn"])]
    categories = [(q.category.value if q.category else None, q.weight) for q in script.questions]
    assert ("who_killed", 10.0) in categories and ("reasoning", 5.0) in categories
    assert ("relations", 2.0) in categories


@pytest.mark.parametrize("case", list(IMPORTS))
def test_each_fixture_source_plays_a_full_game(case: str, tmp_path: Path) -> None:
    folder = imported(case, tmp_path)
    log = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "--script", str(folder), "--civilians", "builtin/naive", "--murderer",
                                 "builtin/random", "--rounds", "2", "--seed", "2", "--json",
                                 "--out", str(log), "--db", str(tmp_path / "a.duckdb")])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output.strip().splitlines()[-1])
    script = load_script(folder)
    assert summary["status"] == "finished" and sorted(summary["culprits"]) == sorted(script.culprit_ids)
    events = read_jsonl(log)
    votes = [e for e in events if e.type == "vote"]
    assert len(votes) == len(script.roles) * max(1, len(script.victims))
    assert sum(1 for e in events if e.type == "stage_started") == len(script.stages)
