"""`arena tournament --concurrency N` says in one line which limit keeps fewer calls in flight, and how to
raise it; with the provider limit raised in the entries file it says nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.providers.limits import PROVIDER_LIMIT_ENV
from tests.conftest import FIXTURE_CASE


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PROVIDER_LIMIT_ENV, raising=False)
    monkeypatch.delenv("ARENA_ENTRIES", raising=False)
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))


def entries_file(tmp_path: Path, providers: str = "") -> Path:
    path = tmp_path / "entries.toml"
    path.write_text('[entries.mock-a]\nmodel = "mock/player"\nmax_concurrency = 64\n\n'
                    '[entries.mock-b]\nmodel = "mock/player"\ntemperature = 0.5\nmax_concurrency = 64\n\n' + providers)
    return path


def test_tournament_prints_the_note_once_and_not_when_the_limits_allow(tmp_path):
    runner = CliRunner()
    args = ["tournament", "--entries", "mock-a,mock-b", "--scripts", str(FIXTURE_CASE), "--rounds", "1",
            "--concurrency", "64", "--max-games", "1"]
    capped = runner.invoke(app, [*args, "--entries-file", str(entries_file(tmp_path)), "--db",
                                 str(tmp_path / "a.duckdb")])
    assert capped.exit_code == 0, capped.output
    shown = " ".join(capped.output.split())
    assert shown.count("--concurrency 64: at most 16 model calls run at once") == 1
    assert "[providers.mock] max_concurrency = 64" in shown
    raised = entries_file(tmp_path, "[providers.mock]\nmax_concurrency = 128\n")
    allowed = runner.invoke(app, [*args, "--entries-file", str(raised), "--db", str(tmp_path / "b.duckdb"), "--json"])
    assert allowed.exit_code == 0, allowed.output
    assert "at most" not in allowed.output and json.loads(allowed.stdout)["played"] == 1
