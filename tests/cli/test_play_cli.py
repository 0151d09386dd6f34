"""`arena play` and `arena replay`: the JSON contract, default log path, transcript and verification."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.engine import read_jsonl, write_jsonl
from arena.store import Reader
from tests.conftest import FIXTURE_CASE, ROOT, bundled_cases

runner = CliRunner()
JSON_KEYS = {"status", "winner", "culprits", "votes", "events", "log"}


@pytest.fixture(autouse=True)
def _db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every game is recorded: into a database of the test's own."""
    db = tmp_path / "store" / "arena.duckdb"
    monkeypatch.setenv("ARENA_DB", str(db))
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    return db


def test_play_records_the_game_with_its_events_and_entries(tmp_path: Path, _db: Path) -> None:
    log = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "--script", str(FIXTURE_CASE), "--civilians", "builtin/naive",
                                 "--murderer", "builtin/random", "--seed", "3", "--rounds", "1", "--out", str(log)])
    assert result.exit_code == 0, result.output
    reader = Reader(_db)
    (game,) = reader.games()
    assert f"recorded as {game.game_id}" in result.stdout
    names = {e.entry_id: e.name for e in reader.entries()}
    assert names[game.civilians_entry] == "builtin/naive" and names[game.murderer_entry] == "builtin/random"
    events = read_jsonl(log)
    stored = reader.events(game.game_id)
    assert [e.type for e in stored] == [e.type for e in events] and game.seed == 3 and game.tournament_id is None
    assert game.status == "finished" and game.winner == events[-1].outcome.winner
    assert reader.counts()["agent_calls"] == sum(1 for e in events if e.type == "agent_call")


def test_no_record_leaves_the_store_alone(tmp_path: Path, _db: Path) -> None:
    result = runner.invoke(app, ["play", "--script", str(FIXTURE_CASE), "--civilians", "builtin/random",
                                 "--murderer", "builtin/random", "--rounds", "1", "--out", str(tmp_path / "g.jsonl"),
                                 "--no-record", "--json"])
    assert result.exit_code == 0, result.output
    assert not _db.exists()


def test_a_model_entry_plays_through_the_client_with_scoped_options(tmp_path: Path, _db: Path) -> None:
    result = runner.invoke(app, ["play", "--script", str(FIXTURE_CASE), "--civilians", "mock/player",
                                 "--murderer", "builtin/random", "--rounds", "1", "--out", str(tmp_path / "g.jsonl"),
                                 "-M", "mock/player:temperature=0.2", "--json", "--db", str(tmp_path / "x.duckdb")])
    assert result.exit_code == 0, result.output
    (game,) = Reader(tmp_path / "x.duckdb").games()
    entry = next(e for e in Reader(tmp_path / "x.duckdb").entries() if e.entry_id == game.civilians_entry)
    assert entry.settings["temperature"] == 0.2 and not _db.exists()


def test_play_json_summary_and_log(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", "--script", str(FIXTURE_CASE), "--civilians", "builtin/naive",
                                 "--murderer", "builtin/random", "--seed", "4", "--rounds", "2", "--out", str(log),
                                 "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert set(summary) == JSON_KEYS
    assert summary["status"] == "finished" and summary["winner"] in ("civilians", "murderer", "tie")
    assert summary["culprits"] == ["rowan"] and set(summary["votes"]) == {"rowan", "fern", "basil"}
    events = read_jsonl(log)
    assert summary["events"] == len(events) and summary["log"] == str(log)
    assert events[0].config.rounds == 2 and events[0].seed == 4


def test_play_prints_a_transcript_and_writes_under_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", "--script", str(FIXTURE_CASE), "--civilians", "builtin/random",
                                 "--murderer", "builtin/random", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "Rowan Ashe" in result.stdout and "voting" in result.stdout and "winner" in result.stdout
    (log,) = (tmp_path / "runs").glob("mini-greenhouse-2-g-*.jsonl")
    again = runner.invoke(app, ["play", "--script", str(FIXTURE_CASE), "--civilians", "builtin/random",
                                "--murderer", "builtin/random", "--seed", "2"])
    assert again.exit_code == 0, again.output
    logs = sorted((tmp_path / "runs").glob("mini-greenhouse-2-g-*.jsonl"))  # one file per game id
    assert len(logs) == 2 and log in logs and read_jsonl(log)


def test_replay_verifies_the_log(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    runner.invoke(app, ["play", "--script", str(FIXTURE_CASE), "--civilians", "builtin/random", "--murderer",
                        "builtin/random", "--seed", "1", "--out", str(log), "--json"])
    result = runner.invoke(app, ["replay", str(log), "--script", str(FIXTURE_CASE)])
    assert result.exit_code == 0, result.output
    assert "verified" in result.stdout and "votes" in result.stdout


def test_replay_of_a_forged_log_fails_with_a_clear_message(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    runner.invoke(app, ["play", "--script", str(FIXTURE_CASE), "--civilians", "builtin/random", "--murderer",
                        "builtin/random", "--seed", "1", "--out", str(log), "--json"])
    events = read_jsonl(log)
    first_vote = next(i for i, e in enumerate(events) if e.type == "vote")
    vote = events[first_vote]
    events[first_vote] = vote.model_copy(update={"target": "basil" if vote.target != "basil" else "fern"})
    write_jsonl(log, events)  # the recorded outcome no longer follows from the votes
    code = "from arena.cli import main; main()"
    result = subprocess.run([sys.executable, "-c", code, "replay", str(log), "--script", str(FIXTURE_CASE)],
                            capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 1
    assert "diverges" in result.stderr and "Traceback" not in result.stderr


def test_unknown_entry_is_reported() -> None:
    result = runner.invoke(app, ["play", "--script", str(FIXTURE_CASE), "--civilians", "builtin/oracle",
                                 "--murderer", "builtin/random"])
    assert result.exit_code != 0 and "builtin/oracle" in str(result.exception)


@pytest.mark.skipif(not bundled_cases(), reason="no bundled cases yet")
def test_bundled_case_by_id(tmp_path: Path) -> None:
    case = bundled_cases()[0].name
    result = runner.invoke(app, ["play", "--script", case, "--civilians", "builtin/random", "--murderer",
                                 "builtin/random", "--rounds", "1", "--out", str(tmp_path / "g.jsonl"), "--json"])
    if result.exit_code != 0 and "problem" in str(result.exception):
        pytest.skip(f"{case} does not load yet")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["status"] == "finished"


def arena_cli(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    code = "from arena.cli import main; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


def keyless_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    return {**env, "ARENA_DB": str(tmp_path / "arena.duckdb"), "ARENA_CACHE_DIR": str(tmp_path / "cache")}


@pytest.mark.parametrize(("model", "message"), [("openai/gpt-4o", "OPENAI_API_KEY"), ("foo/bar", "unknown provider")])
def test_a_missing_key_or_unknown_provider_fails_before_the_game(tmp_path: Path, model: str, message: str) -> None:
    result = arena_cli("play", "--script", str(FIXTURE_CASE), "--civilians", model, "--murderer", "builtin/random",
                       "--rounds", "1", cwd=tmp_path, env=keyless_env(tmp_path))
    assert result.returncode == 1 and message in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "runs").exists() and not (tmp_path / "arena.duckdb").exists()


def test_a_damaged_database_is_found_before_the_game(tmp_path: Path) -> None:
    db = tmp_path / "bad.duckdb"
    db.write_bytes(b"not a database" * 100)
    result = arena_cli("play", "--script", str(FIXTURE_CASE), "--civilians", "mock/player", "--murderer",
                       "builtin/random", "--rounds", "1", "--db", str(db), cwd=tmp_path, env=keyless_env(tmp_path))
    assert result.returncode == 1 and str(db) in result.stderr and "damaged" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "runs").exists()


def test_an_aborted_game_exits_non_zero_and_is_recorded(tmp_path: Path, _db: Path) -> None:
    down = 'mock/down:outputs=[{status = "api_error", error = "upstream 503"}]'
    result = runner.invoke(app, ["play", "--script", str(FIXTURE_CASE), "--civilians", "mock/down", "-M", down,
                                 "--murderer", "builtin/random", "--rounds", "1", "--out", str(tmp_path / "g.jsonl"),
                                 "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["status"] == "aborted"
    (game,) = Reader(_db).games()
    assert game.status == "aborted"


def test_an_existing_out_file_is_never_overwritten(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text("earlier game\n")
    result = runner.invoke(app, ["play", "--script", str(FIXTURE_CASE), "--civilians", "builtin/random",
                                 "--murderer", "builtin/random", "--out", str(log)])
    assert result.exit_code != 0 and "never overwritten" in str(result.exception)
    assert log.read_text() == "earlier game\n"
