"""`arena submit`: registration after a smoke check, placement against the pool, versions, a failing check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.store import Reader
from tests.conftest import FIXTURE_CASE

runner = CliRunner()


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("ARENA_DB", raising=False)


def submit(db: Path, spec: str, *extra: str) -> dict:
    result = runner.invoke(app, ["submit", spec, "--db", str(db), "--scripts", str(FIXTURE_CASE), "--rounds", "1",
                                 "--json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_new_entry_is_registered_and_placed_against_the_active_pool(tmp_path):
    db = tmp_path / "a.duckdb"
    first = submit(db, "builtin/random")
    assert first["registered"] and first["placement"] is None  # nobody to play yet
    second = submit(db, "builtin/naive", "--placement-games", "2")
    assert second["placement"]["played"] == 4 and second["placement"]["remaining"] == 0
    third = submit(db, "mock/player")
    assert third["smoke"]["passed"] is True and third["placement"]["played"] == 4
    reader = Reader(db)
    games = reader.games(tournament_id=third["placement"]["tournament_id"])
    assert len(games) == 4 and all(third["entry_id"] in (g.civilians_entry, g.murderer_entry) for g in games)
    assert {g.civilians_entry for g in games} == {third["entry_id"], first["entry_id"], second["entry_id"]}
    again = submit(db, "mock/player")  # resumable: nothing left to play
    assert again["placement"]["played"] == 0 and again["placement"]["skipped_already_done"] == 4
    assert len(reader.games()) == 8


def test_a_changed_setting_is_a_new_version_and_the_old_one_stays_listed_as_deprecated(tmp_path):
    db = tmp_path / "a.duckdb"
    submit(db, "builtin/random")
    old = submit(db, "mock/player")  # checked and placed: `--skip-check` would place neither version
    new = submit(db, "mock/player", "-M", "temperature=0.4")
    assert new["entry_id"] != old["entry_id"] and new["version"] == 2
    assert new["versions"] == [{"entry_id": old["entry_id"], "version": 1, "deprecated": True},
                               {"entry_id": new["entry_id"], "version": 2, "deprecated": False}]
    opponents = {g.civilians_entry for g in Reader(db).games(tournament_id=new["placement"]["tournament_id"])}
    assert old["entry_id"] not in opponents  # deprecated versions are not in the pool
    board = runner.invoke(app, ["leaderboard", "--db", str(db), "--json", "--all"])
    assert old["entry_id"] in {row["entry"] for row in json.loads(board.stdout)}


def test_a_failing_smoke_check_registers_nothing_and_exits_non_zero(tmp_path):
    db = tmp_path / "a.duckdb"
    submit(db, "builtin/random")
    result = runner.invoke(app, ["submit", "mock/garbage", "-M", 'outputs=["I refuse to answer in JSON"]', "--db",
                                 str(db), "--scripts", str(FIXTURE_CASE), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["registered"] is False and report["smoke"]["passed"] is False and report["placement"] is None
    assert report["smoke"]["statuses"].get("parse_error", 0) > 0
    assert [e.name for e in Reader(db).entries()] == ["builtin/random"]
    assert Reader(db).games() == []


def test_a_newcomer_is_placed_against_a_frozen_pool_only_and_rated_against_its_frozen_ratings(tmp_path):
    db = tmp_path / "a.duckdb"
    random_entry = submit(db, "builtin/random")
    naive = submit(db, "builtin/naive", "--placement-games", "2")
    frozen = runner.invoke(app, ["leaderboard", "--db", str(db), "--freeze", "ref", "--bootstrap", "5"])
    assert frozen.exit_code == 0, frozen.output
    submit(db, "mock/player", "--skip-check")  # joins the active pool, not the frozen one
    pool = {e.entry_id: e.rating for e in Reader(db).rating_pool("ref")}
    assert set(pool) == {random_entry["entry_id"], naive["entry_id"]}
    late = submit(db, "mock/player", "-M", "temperature=0.3", "--pool", "ref")
    opponents = {g.civilians_entry for g in Reader(db).games(tournament_id=late["placement"]["tournament_id"])}
    assert opponents == {late["entry_id"], *pool}  # only the frozen pool's entries, not the other mock/player
    rated = late["pool"]
    assert rated["pool"] == "ref" and rated["games"] == 4 and rated["ci_low"] <= rated["rating"] <= rated["ci_high"]
    assert {e.entry_id: e.rating for e in Reader(db).rating_pool("ref")} == pool  # the field was not refitted
    shown = runner.invoke(app, ["leaderboard", "--db", str(db), "--pool", "ref", "--json"])
    placed = {p["entry_id"]: p["rating"] for p in json.loads(shown.stdout)["placed"]}
    assert placed[late["entry_id"]] == rated["rating"]


def test_an_unknown_pool_is_refused_before_anything_is_registered(tmp_path):
    db = tmp_path / "a.duckdb"
    submit(db, "builtin/random")
    result = runner.invoke(app, ["submit", "builtin/naive", "--db", str(db), "--pool", "nope", "--json"])
    assert result.exit_code != 0 and "no frozen pool 'nope'" in str(result.exception)
    assert [e.name for e in Reader(db).entries()] == ["builtin/random"]


def test_the_smoke_check_prints_as_tables_like_models_check(tmp_path):
    db = tmp_path / "a.duckdb"
    result = runner.invoke(app, ["submit", "mock/player", "--db", str(db), "--scripts", str(FIXTURE_CASE),
                                 "--rounds", "1"])
    assert result.exit_code == 0, result.output
    shown = " ".join(result.stdout.split())
    assert "Games (the checked entry's roles only)" in shown and "PASSED legal share 100%" in shown
    assert '"checks"' not in result.stdout and "checks: [" not in result.stdout  # no raw JSON
    builtin = runner.invoke(app, ["submit", "builtin/naive", "--db", str(db), "--scripts", str(FIXTURE_CASE),
                                  "--rounds", "1"])
    assert builtin.exit_code == 0 and "legal by construction" in builtin.stdout


def test_skip_check_registers_but_does_not_place_an_entry_with_no_legal_move_on_record(tmp_path):
    db = tmp_path / "a.duckdb"
    submit(db, "builtin/random")
    garbage = submit(db, "mock/garbage", "-M", 'outputs=["not json"]', "--skip-check")
    assert garbage["registered"] is True and garbage["smoke"] is None and garbage["placement"] is None
    assert "no legal move on record" in garbage["not_placed"]
    assert f"arena submit mock/garbage -M 'outputs=[\"not json\"]' --db {db}" in garbage["not_placed"]
    assert garbage["entry_id"] in {e.entry_id for e in Reader(db).entries()} and Reader(db).games() == []
    shown = runner.invoke(app, ["submit", "mock/garbage", "-M", 'outputs=["not json"]', "--skip-check", "--db",
                                str(db), "--scripts", str(FIXTURE_CASE)])
    assert shown.exit_code == 0 and "not placed: it has no legal move on record" in " ".join(shown.stdout.split())


def test_skip_check_places_an_entry_whose_recorded_games_show_a_legal_move(tmp_path):
    db = tmp_path / "a.duckdb"
    submit(db, "builtin/random")
    checked = submit(db, "mock/player")
    again = submit(db, "mock/player", "--skip-check")  # its placement games are on record: resumed
    assert "not_placed" not in again and again["placement"]["tournament_id"] == checked["placement"]["tournament_id"]
