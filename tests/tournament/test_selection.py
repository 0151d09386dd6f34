"""Choosing cases for a tournament: a case that does not load is reported and left out, the others play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.errors import ConfigError, ScriptError
from arena.tournament.selection import select_scripts
from tests.conftest import FIXTURE_CASE
from tests.scripts.attacks import build_attack

runner = CliRunner()


def test_a_broken_case_is_reported_and_the_others_are_kept(tmp_path: Path) -> None:
    bomb = build_attack("image_bomb", tmp_path).folder
    broken: list[tuple[str, ScriptError]] = []
    cases = select_scripts(f"{FIXTURE_CASE},{bomb}", on_broken=lambda ref, exc: broken.append((ref, exc)))
    assert [c.id for c in cases] == ["mini-greenhouse"]
    assert [ref for ref, _ in broken] == [str(bomb)] and "decompression bomb" in str(broken[0][1])
    with pytest.raises(ScriptError, match="decompression bomb"):
        select_scripts(f"{FIXTURE_CASE},{bomb}")  # without a reporter the first broken case stops the selection
    with pytest.raises(ConfigError, match="none of the 1 case"):
        select_scripts(str(bomb), on_broken=lambda ref, exc: None)


def test_a_tournament_skips_a_broken_case_and_plays_the_others(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    escape = build_attack("script_file_symlink_out", tmp_path).folder
    result = runner.invoke(app, ["tournament", "--entries", "builtin/random,builtin/naive", "--scripts",
                                 f"{escape},{FIXTURE_CASE}", "--rounds", "1", "--db", str(tmp_path / "t.duckdb"),
                                 "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["planned"] == 2 and summary["statuses"] == {"finished": 2}
    assert "skipped case" in result.stderr and "roles[1].script_file" in result.stderr.replace("\n", "")
