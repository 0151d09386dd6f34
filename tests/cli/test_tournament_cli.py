"""`arena tournament`: the JSON summary, clear errors, a SIGKILLed run resumed exactly, a reader during a run."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from arena.cli import app
from tests.conftest import FIXTURE_CASE, ROOT

runner = CliRunner()
SUMMARY_KEYS = {"tournament_id", "planned", "played", "skipped_already_done", "statuses", "cost_usd",
                "total_cost_usd", "remaining", "stopped", "discarded", "discarded_cost_usd", "lease_note"}


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("ARENA_DB", raising=False)


def args(db: Path, *extra: str) -> list[str]:
    return ["tournament", "--entries", "builtin/random,builtin/naive", "--scripts", str(FIXTURE_CASE), "--rounds", "1",
            "--db", str(db), *extra]


def test_json_summary_then_a_rerun_skips_everything(tmp_path):
    db = tmp_path / "a.duckdb"
    first = runner.invoke(app, [*args(db, "--games-per-pair", "2", "--max-games", "3"), "--json"])
    assert first.exit_code == 0, first.output
    summary = json.loads(first.stdout)
    assert set(summary) == SUMMARY_KEYS
    assert (summary["planned"], summary["played"], summary["skipped_already_done"]) == (4, 3, 0)
    assert summary["statuses"] == {"finished": 3} and summary["stopped"] == "max_games" and summary["remaining"] == 1
    second = json.loads(runner.invoke(app, [*args(db, "--games-per-pair", "2"), "--json"]).stdout)
    assert (second["tournament_id"], second["played"], second["skipped_already_done"]) == (
        summary["tournament_id"], 1, 3)
    named = json.loads(runner.invoke(app, [*args(db, "--name", "cup"), "--json"]).stdout)
    assert named["tournament_id"] == "cup" and named["played"] == 2


def test_the_human_output_lists_each_recorded_game_and_the_summary(tmp_path):
    result = runner.invoke(app, args(tmp_path / "a.duckdb"))
    assert result.exit_code == 0, result.output
    assert result.stdout.count("recorded g-") == 2
    assert "2 games played" in result.stdout and "0 of 2 planned still to finish" in result.stdout


@pytest.mark.parametrize(("entries", "message"), [
    ("builtin/random", "at least 2 entries"),
    ("builtin/random,builtin/oracle", "builtin/oracle"),
    ("builtin/random,builtin/random", "same entry"),
    ("nobody,builtin/random", "no entry named 'nobody'"),
])
def test_bad_entry_lists_are_clear_errors_and_write_nothing(tmp_path, entries, message):
    db = tmp_path / "a.duckdb"
    result = runner.invoke(app, ["tournament", "--entries", entries, "--scripts", str(FIXTURE_CASE), "--db", str(db)])
    assert result.exit_code != 0 and message in str(result.exception)
    if "oracle" not in entries:
        assert not db.exists()


def test_an_option_scoped_to_an_unknown_entry_is_refused(tmp_path):
    result = runner.invoke(app, [*args(tmp_path / "a.duckdb"), "-M", "mock/player:latency_ms=5"])
    assert result.exit_code != 0 and "not one of the chosen entries" in str(result.exception)


# --- subprocesses: a real `arena tournament` process on a real database file ---------------------------------

SLOW_PLAN = ["--entries", "builtin/random,builtin/naive,mock/player", "--scripts", str(FIXTURE_CASE), "--rounds", "1",
             "--games-per-pair", "2", "--concurrency", "2",
             "--no-cache"]
PLANNED = 12  # 3 pairs x 2 matches x 2 sides


def plan(latency_ms: int) -> list[str]:
    return [*SLOW_PLAN, "-M", f"mock/player:latency_ms={latency_ms}"]


def start(db: Path, tmp_path: Path, latency_ms: int = 40) -> subprocess.Popen[bytes]:
    env = {**os.environ, "ARENA_CACHE_DIR": str(tmp_path / "cache")}
    return subprocess.Popen([sys.executable, "-m", "arena", "tournament", *plan(latency_ms), "--db", str(db)],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)


def wait_for_lines(proc: subprocess.Popen[bytes], prefix: bytes, count: int, timeout_s: float = 120.0) -> list[str]:
    """Read the process's stdout until `count` lines start with `prefix` (bounded by a deadline)."""
    assert proc.stdout is not None
    deadline, buffer, found = time.monotonic() + timeout_s, b"", []
    fd = proc.stdout.fileno()
    while len(found) < count:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"no {count} {prefix!r} lines within {timeout_s} s (got {found})"
        ready, _, _ = select.select([fd], [], [], remaining)
        chunk = os.read(fd, 65536) if ready else b""
        assert chunk or not ready, f"the process ended early (code {proc.poll()}) after {found}"
        buffer += chunk
        *lines, buffer = buffer.split(b"\n")
        found += [line.decode() for line in lines if line.startswith(prefix)]
    return found


def snapshot(db: Path) -> dict[str, tuple]:
    with duckdb.connect(str(db), read_only=True) as conn:
        games = conn.execute("SELECT game_id, plan_key, status, winner, n_events FROM games").fetchall()
        events = dict(conn.execute("SELECT game_id, list(payload::VARCHAR ORDER BY seq) FROM events "
                                   "GROUP BY game_id").fetchall())
    return {game_id: (rest, events.get(game_id)) for game_id, *rest in games}


def test_a_tournament_killed_with_sigkill_resumes_to_exactly_the_plan(tmp_path):
    db = tmp_path / "arena.duckdb"
    proc = start(db, tmp_path)
    try:
        seen = wait_for_lines(proc, b"recorded ", 2)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL, "the tournament ended before it could be killed"
    before = snapshot(db)
    assert 2 <= len(before) < PLANNED and {line.split()[1] for line in seen} <= set(before)
    rerun = subprocess.run([sys.executable, "-m", "arena", "tournament", *plan(40), "--db", str(db), "--json"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=600,
                           env={**os.environ, "ARENA_CACHE_DIR": str(tmp_path / "cache")})
    assert rerun.returncode == 0, rerun.stderr
    summary = json.loads(rerun.stdout)
    finished_before = sum(1 for (_, status, *_), _ in before.values() if status == "finished")
    assert summary["skipped_already_done"] == finished_before and summary["remaining"] == 0
    after = snapshot(db)
    assert {game_id: after[game_id] for game_id in before} == before  # recorded games untouched
    with duckdb.connect(str(db), read_only=True) as conn:
        keys = [r[0] for r in conn.execute("SELECT plan_key FROM games WHERE status = 'finished'").fetchall()]
        orphans = conn.execute("SELECT count(*) FROM events WHERE game_id NOT IN (SELECT game_id FROM games)")
        assert orphans.fetchone() == (0,)
    assert len(keys) == len(set(keys)) == PLANNED


def test_the_board_can_be_read_while_a_tournament_writes(tmp_path):
    db = tmp_path / "arena.duckdb"
    proc = start(db, tmp_path, latency_ms=150)  # slow enough that the board is read mid-run
    try:
        wait_for_lines(proc, b"recorded ", 1)
        board = subprocess.run([sys.executable, "-m", "arena", "leaderboard", "--json", "--db", str(db)],
                               cwd=ROOT, capture_output=True, text=True, timeout=120)
        still_running = proc.poll() is None
        assert proc.wait(timeout=600) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    assert board.returncode == 0, board.stderr
    rows = json.loads(board.stdout)
    assert rows and all(row["games"] >= 0 for row in rows) and sum(row["games"] for row in rows) >= 2
    assert still_running, "the tournament finished before the board was read; the plan is too small"


def test_dry_run_prices_the_planned_games_and_plays_none(tmp_path):
    db = tmp_path / "a.duckdb"
    cli = ["tournament", "--entries", "mock/player,builtin/random,openai/gpt-4o", "--scripts", str(FIXTURE_CASE),
           "--rounds", "1", "--db", str(db), "--dry-run"]
    result = runner.invoke(app, [*cli, "--json"])
    assert result.exit_code == 0, result.output
    plan = json.loads(result.stdout)
    lines = {line["entry"]: line for line in plan["entries"]}
    assert plan["games"] == 6 and all(line["games"] == 4 for line in lines.values())
    assert lines["builtin/random"]["calls"] == 0 and lines["mock/player"]["usd"] == 0.0
    gpt = lines["openai/gpt-4o"]
    assert gpt["calls"] == lines["mock/player"]["calls"] > 0 and gpt["usd"] > 0
    assert gpt["usd"] <= gpt["usd_without_prompt_cache"] and plan["total_usd"] == gpt["usd"]
    assert not db.exists()
    table = runner.invoke(app, cli)
    assert table.exit_code == 0 and "nothing was called" in table.stdout
