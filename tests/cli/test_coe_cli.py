"""`arena coe score` and `arena coe report`: JSON keys, idempotent scoring, the empty case."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
from typer.testing import CliRunner

from arena.cli import app
from arena.entries import builtin_entries
from arena.errors import ConfigError
from arena.scripts.loader import load_script
from arena.store import Store
from tests.coe.conftest import record_played_game
from tests.conftest import FIXTURE_CASE

runner = CliRunner()
ROW_KEYS = {"entry", "name", "mode", "ablation", "condition", "opponent", "opponent_id", "lsu", "tiu", "miu", "rp",
            "spc", "itd", "mmr", "cmd", "avg", "n_lsu", "n_tiu", "n_miu", "n_rp", "n_spc", "n_itd", "n_mmr", "n_cmd",
            "n_metrics", "n_games", "ci", "judges", "judge_ids", "judge_label", "conditions", "offline", "null_reasons",
            "mirage", "above_blind"}


def test_score_then_report(tmp_path: Path) -> None:
    db = tmp_path / "arena.duckdb"
    store, entries = Store(db), builtin_entries()
    script = load_script(FIXTURE_CASE)
    record_played_game(store, script, entries["builtin/naive"], entries["builtin/random"], seed=1)
    record_played_game(store, script, entries["builtin/random"], entries["builtin/naive"], seed=2)
    scripts_dir = str(FIXTURE_CASE.parent)
    first = runner.invoke(app, ["coe", "score", "--db", str(db), "--scripts-dir", scripts_dir, "--json"])
    assert first.exit_code == 0, first.output
    summary = json.loads(first.stdout)
    assert summary["games"] == 2 and summary["scores"] > 0 and summary["label"] == "offline"
    again = json.loads(runner.invoke(app, ["coe", "score", "--db", str(db), "--scripts-dir", scripts_dir,
                                           "--json"]).stdout)
    assert again["games"] == 0 and again["scores"] == 0
    assert runner.invoke(app, ["qa", "--entry", "builtin/naive", "--scripts", str(FIXTURE_CASE), "--db",
                               str(db), "--json"]).exit_code == 0
    report = runner.invoke(app, ["coe", "report", "--db", str(db), "--json"])
    assert report.exit_code == 0, report.output
    data = json.loads(report.stdout)
    rows = data["rows"]
    assert rows and all(set(row) == ROW_KEYS for row in rows) and data["agreement"] == []
    naive = next(r for r in rows if r["name"] == "builtin/naive")
    assert naive["condition"] == "all-play-all" and naive["conditions"]["lsu"] == "qa"
    assert naive["n_lsu"] == 1 and naive["n_itd"] == 1 and naive["conditions"]["itd"] == "all-play-all"
    # offline-judge scores are apart: never in the RP/SPC/CMD columns, the judge label or the average
    assert naive["rp"] is None and naive["n_rp"] == 0 and naive["judge_label"] is None
    assert naive["offline"]["n_rp"] == 2 and 1 <= naive["offline"]["rp"] <= 10
    assert naive["avg"] == round((naive["lsu"] + naive["tiu"] + naive["miu"] + naive["itd"] + naive["mmr"]) / 5, 1)
    too_few = [c for c in data["correlation"] if c["n"] > 0]
    assert too_few and all(c["rho"] is None and c["note"] == "n too small" for c in too_few)
    table = runner.invoke(app, ["coe", "report", "--db", str(db)])
    assert table.exit_code == 0 and "Chain of evaluation" in table.stdout and "MMR by reasoning depth" in table.stdout
    assert "Offline judge (lexical baseline, not comparable)" in table.stdout
    assert "n too small (2 entries" in table.stdout


def test_report_without_a_database_and_builtin_judges(tmp_path: Path) -> None:
    result = runner.invoke(app, ["coe", "report", "--db", str(tmp_path / "missing.duckdb")])
    assert isinstance(result.exception, ConfigError)
    result = runner.invoke(app, ["coe", "score", "--db", str(tmp_path / "a.duckdb"), "--judge", "builtin/naive"])
    assert isinstance(result.exception, ConfigError) and "cannot judge" in str(result.exception)


def test_score_with_a_model_judge_stops_at_the_budget(tmp_path: Path) -> None:
    db = tmp_path / "arena.duckdb"
    store, entries = Store(db), builtin_entries()
    record_played_game(store, load_script(FIXTURE_CASE), entries["builtin/naive"], entries["builtin/random"], seed=1)
    cli = ["coe", "score", "--db", str(db), "--scripts-dir", str(FIXTURE_CASE.parent), "--judge", "mock/echo",
           "--no-cache", "--json"]
    stopped = runner.invoke(app, [*cli, "--budget-usd", "0"])
    assert stopped.exit_code == 0 and "budget-usd 0 reached" in stopped.stderr
    with duckdb.connect(str(db), read_only=True) as conn:
        assert conn.execute("SELECT count(*) FROM metric_scores").fetchone() == (0,)
    judged = runner.invoke(app, cli)
    summary = json.loads(judged.stdout)
    assert summary["games"] == 1
    # mock/echo echoes the prompt, never a verdict: every judgement fails, which exits 1 with the statuses
    assert judged.exit_code == 1 and summary["failures"] == {"parse_error": summary["failed"]}


def test_a_judge_whose_every_judgement_fails_says_why_and_exits_1(tmp_path: Path) -> None:
    db = tmp_path / "arena.duckdb"
    store, entries = Store(db), builtin_entries()
    record_played_game(store, load_script(FIXTURE_CASE), entries["builtin/naive"], entries["builtin/random"], seed=1)
    result = runner.invoke(app, ["coe", "score", "--db", str(db), "--scripts-dir", str(FIXTURE_CASE.parent),
                                 "--judge", "mock/garbage", "-M", 'outputs=["no idea, sorry"]', "--no-cache"])
    assert result.exit_code == 1
    shown = " ".join(result.output.split())
    assert "without a score (parse_error" in shown and "every judgement failed" in shown


def test_table3_dry_run_estimates_games_and_questions_and_records_nothing(tmp_path: Path) -> None:
    db = tmp_path / "arena.duckdb"
    result = runner.invoke(app, ["coe", "table3", "--entry", "mock/player", "--scripts", str(FIXTURE_CASE),
                                 "--rounds", "1", "--db", str(db), "--dry-run", "--json"])
    assert result.exit_code == 0, result.output
    estimate = json.loads(result.stdout)
    assert estimate["dry_run"] is True and estimate["games"] == 1
    names = {line["entry"]: line for line in estimate["entries"]}
    assert names["mock/player"]["calls"] > 0 and names["mock/player (QA suites)"]["calls"] > 0
    assert names["mock/player"]["prompt_tokens"] > 0
    assert not db.exists()  # a dry run plays, asks and records nothing
