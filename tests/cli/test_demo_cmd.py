"""`arena demo`: the plan it runs, and a real run on the fixture case that a second run leaves unchanged."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import duckdb

from arena.cli.demo_cmd import APP_FILE, GAME_ENTRIES, QA_ENTRIES, plan_demo
from tests.conftest import FIXTURE_CASE


def test_the_plan_runs_the_user_facing_commands_on_one_database(tmp_path):
    db = tmp_path / "a.duckdb"
    plan = plan_demo(db, 8601, rounds=2, games_per_pair=1, serve=True)
    names = [step[0] for step in plan.steps]
    assert names == ["tournament", *["qa"] * len(QA_ENTRIES), "coe", "leaderboard"]
    assert all(step[-2:] == ["--db", str(db)] for step in plan.steps)
    tournament = plan.steps[0]
    assert tournament[tournament.index("--entries") + 1].split(",") == list(GAME_ENTRIES)
    assert [step[step.index("--entry") + 1] for step in plan.steps if step[0] == "qa"] == list(QA_ENTRIES)
    assert plan.serve is not None and str(APP_FILE) in plan.serve and APP_FILE.is_file()
    assert plan.serve[plan.serve.index("--server.port") + 1] == "8601"
    assert plan.serve[plan.serve.index("--server.address") + 1] == "127.0.0.1"
    assert plan.serve[plan.serve.index("--server.fileWatcherType") + 1] == "none"  # no inotify flood
    assert plan_demo(db, 8601, 2, 1, serve=False).serve is None


def counts(db: Path) -> dict[str, int]:
    with duckdb.connect(str(db), read_only=True) as conn:
        return {table: conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                for table in ("games", "events", "qa_answers", "metric_scores")}


def run_demo(db: Path, tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ARENA_CACHE_DIR": str(tmp_path / "cache")}
    return subprocess.run([sys.executable, "-m", "arena", "demo", "--no-serve", "--db", str(db), "--scripts",
                           str(FIXTURE_CASE), "--rounds", "1", *extra], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=900)


def test_a_demo_run_fills_every_table_and_a_rerun_adds_nothing(tmp_path):
    db = tmp_path / "demo.duckdb"
    first = run_demo(db, tmp_path)
    assert first.returncode == 0, first.stdout[-2000:] + first.stderr[-2000:]
    filled = counts(db)
    pairs = len(GAME_ENTRIES) * (len(GAME_ENTRIES) - 1) // 2
    assert filled["games"] == 2 * pairs  # one side-swapped match per pair on the one case
    assert filled["events"] > 0 and filled["metric_scores"] > 0
    with duckdb.connect(str(db), read_only=True) as conn:
        qa_entries = {row[0].partition("@")[0] for row in
                      conn.execute("SELECT DISTINCT entry_id FROM qa_answers").fetchall()}
    assert qa_entries == set(QA_ENTRIES)
    assert "Leaderboard" in first.stdout
    second = run_demo(db, tmp_path)
    assert second.returncode == 0, second.stderr[-2000:]
    assert "already ran" in second.stdout and "$ arena tournament" not in second.stdout
    assert counts(db) == filled
    redo = run_demo(db, tmp_path, "--redo")
    assert redo.returncode == 0, redo.stderr[-2000:]
    assert "$ arena tournament" in redo.stdout
    assert counts(db) == filled


SERVE_AND_WAIT = """
import sys
from arena.cli import demo_cmd
print("serving", flush=True)
demo_cmd.serve_board(["http.server", "--bind", "127.0.0.1", sys.argv[1]], {}, int(sys.argv[1]))
"""


def children_of(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def wait_for(condition, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        os.sched_yield()
    return False


def test_the_board_dies_with_the_demo_even_when_the_demo_is_killed_with_sigkill(tmp_path):
    demo = subprocess.Popen([sys.executable, "-c", SERVE_AND_WAIT, "0"], cwd=tmp_path, stdout=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert demo.stdout is not None and demo.stdout.readline().strip() == b"serving"
    assert wait_for(lambda: bool(children_of(demo.pid)))
    board = children_of(demo.pid)[0]
    demo.kill()
    demo.wait()
    assert wait_for(lambda: not Path(f"/proc/{board}").exists() or
                    Path(f"/proc/{board}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z")
