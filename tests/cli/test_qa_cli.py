"""`arena qa`: the JSON contract, resuming, bad options."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from arena.cli import app
from arena.errors import ConfigError
from tests.conftest import FIXTURE_CASE

runner = CliRunner()
KEYS = {"run_id", "entry", "name", "mode", "ablation", "seed", "suite", "script_ids", "asked", "skipped", "db",
        "overall", "suites", "scripts", "mmr_depth", "statuses", "unparsed", "weighted"}


def test_qa_json_summary_and_resume(tmp_path: Path) -> None:
    db = tmp_path / "qa.duckdb"
    args = ["qa", "--entry", "builtin/random", "--scripts", str(FIXTURE_CASE), "--db", str(db), "--seed", "2",
            "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert set(summary) == KEYS
    assert summary["asked"] == 5 and summary["skipped"] == 0 and summary["overall"]["n"] == 5
    assert set(summary["suites"]) == {"lsu", "tiu", "miu", "mmr"}
    assert set(summary["mmr_depth"]) == {"1", "3"} and summary["statuses"] == {"ok": 5} and summary["unparsed"] == []
    assert summary["scripts"]["mini-greenhouse"]["overall"]["n"] == 5 and summary["weighted"] is None
    low, high = summary["overall"]["ci"]
    assert 0 <= low <= summary["overall"]["accuracy"] <= high <= 100
    again = json.loads(runner.invoke(app, args).stdout)
    assert again["asked"] == 0 and again["skipped"] == 5 and again["overall"] == summary["overall"]


def test_qa_table_and_the_ocr_row(tmp_path: Path) -> None:
    result = runner.invoke(app, ["qa", "--entry", "builtin/ocr", "--suite", "perception", "--scripts",
                                 str(FIXTURE_CASE), "--db", str(tmp_path / "x.duckdb")])
    assert result.exit_code == 0, result.output
    assert "By suite" in result.stdout and "tiu" in result.stdout and "mmr" not in result.stdout.split("By case")[0]


def test_bad_options_are_clear_errors(tmp_path: Path) -> None:
    base = ["qa", "--entry", "builtin/random", "--scripts", str(FIXTURE_CASE), "--db", str(tmp_path / "e.duckdb")]
    for extra, fragment in ((["--suite", "vision"], "--suite"), (["--mode", "fast"], "--mode"),
                            (["--ablation", "blur"], "--ablation")):
        result = runner.invoke(app, base + extra)
        assert isinstance(result.exception, ConfigError) and fragment in str(result.exception)
    result = runner.invoke(app, ["qa", "--entry", "nobody", "--db", str(tmp_path / "e.duckdb")])
    assert isinstance(result.exception, ConfigError)


def test_dry_run_estimates_without_asking_and_budget_stops_a_run(tmp_path: Path) -> None:
    db = tmp_path / "qa.duckdb"
    base = ["qa", "--entry", "mock/player", "--scripts", str(FIXTURE_CASE), "--db", str(db), "--json"]
    dry = runner.invoke(app, [*base, "--dry-run", "-M", "price_input_per_mtok=2.0"])
    assert dry.exit_code == 0, dry.output
    estimate = json.loads(dry.stdout)
    line = estimate["entries"][0]
    assert estimate["dry_run"] is True and estimate["questions"] == 5 == line["calls"]
    assert line["prompt_tokens"] > 0 and line["usd"] == round(line["prompt_tokens"] * 2.0 / 1e6, 4)
    assert not db.exists(), "a dry run opens no database"
    stopped = runner.invoke(app, [*base, "--budget-usd", "0"])
    assert stopped.exit_code == 0 and json.loads(stopped.stdout)["overall"]["n"] == 0
    assert "budget-usd 0 reached" in stopped.stderr
    resumed = json.loads(runner.invoke(app, base).stdout)
    assert resumed["asked"] == 5


def test_batch_needs_a_model_entry(tmp_path: Path) -> None:
    result = runner.invoke(app, ["qa", "--entry", "builtin/random", "--scripts", str(FIXTURE_CASE), "--db",
                                 str(tmp_path / "qa.duckdb"), "--batch"])
    assert result.exit_code == 1 and isinstance(result.exception, ConfigError)
    assert "--batch is for model entries" in str(result.exception)
