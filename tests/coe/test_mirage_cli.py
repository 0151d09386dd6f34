"""`arena coe mirage` on played games of the staged fixture, and the report's MIRAGE columns."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from arena.cli import app

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
runner = CliRunner()


def test_mirage_scores_are_stored_and_reported_with_offline_values_apart(tmp_path: Path) -> None:
    db = str(tmp_path / "a.duckdb")
    for seed in (1, 2):
        played = runner.invoke(app, ["play", "--script", str(FIXTURES / "staged_case"), "--civilians",
                                     "builtin/naive", "--murderer", "builtin/random", "--rounds", "2", "--seed",
                                     str(seed), "--out", str(tmp_path / f"g{seed}.jsonl"), "--db", db])
        assert played.exit_code == 0, played.output
    scored = runner.invoke(app, ["coe", "mirage", "--db", db, "--scripts-dir", str(FIXTURES), "--json"])
    assert scored.exit_code == 0, scored.output
    summary = json.loads(scored.output)
    assert summary["judge"] == "offline/mirage-lexical-v1" and summary["games"] == 2
    again = json.loads(runner.invoke(app, ["coe", "mirage", "--db", db, "--scripts-dir", str(FIXTURES),
                                           "--json"]).output)
    assert again["games"] == 0  # idempotent: nothing left to score
    report = json.loads(runner.invoke(app, ["coe", "report", "--db", db, "--json"]).output)
    (row,) = [r for r in report["rows"] if r["entry"].startswith("builtin/naive")]
    mirage = row["mirage"]
    assert mirage["n_victory"] == 2 and mirage["n_cic"] == 2 and 0 <= mirage["victory"] <= 100
    assert mirage["tii"] is None and mirage["ici"] is None  # no LLM judge: the judged columns stay empty
    assert mirage["offline"]["n_ici"] == 2 and mirage["offline"]["n_sci"] == 2  # one civilian role per game
    text = runner.invoke(app, ["coe", "report", "--db", db]).output
    assert "MIRAGE metrics, offline judge" in text
