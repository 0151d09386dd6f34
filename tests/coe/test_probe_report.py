"""The probes' rows of `arena coe report`: known answers on hand-made rows, and a real tournament's log."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.coe.probe_report import probe_cell

STAGED = Path(__file__).resolve().parents[1] / "fixtures" / "staged_case"
runner = CliRunner()


def row(game: str, value: float, counts: dict[str, list[int]], categories: dict[str, list[int]],
        informed_by: str = "rule/informed-v1") -> dict:
    return {"game_id": game, "value": value, "details": {"counts": counts, "category_counts": categories,
                                                          "informed_by": informed_by}}


def test_probe_cell_pools_counts_and_keeps_deciders_apart() -> None:
    rows = [row("g1", 80.0, {"factual own": [1, 2], "inferential": [1, 1], "inferential informed": [1, 1]},
                {"who_killed": [1, 1], "factual": [1, 2]}),
            row("g1", 40.0, {"factual own": [2, 2], "inferential": [0, 2], "inferential informed": [0, 1]},
                {"who_killed": [0, 1], "factual": [2, 2]}),
            row("g2", 70.0, {"factual own": [0, 1], "inferential": [2, 3], "inferential informed": [1, 2]},
                {"who_killed": [1, 1]}, informed_by="panel:judge-a")]
    cell = probe_cell(rows)
    assert cell["n_games"] == 2 and cell["n_roles"] == 3
    assert cell["weighted"] == 65.0  # games: mean(80, 40) = 60 and 70; their mean
    low, high = cell["weighted_ci"]  # t(0.975, 1) = 12.706; sd of (60, 70) = 7.07; half = 63.5
    assert low == 1.5 and high == 100.0
    assert cell["spread"] == pytest.approx(round(statistics.pstdev([80.0, 40.0, 70.0]), 1))
    assert cell["thinkthrice"]["factual own"]["accuracy"] == 60.0 and cell["thinkthrice"]["factual own"]["n"] == 5
    assert cell["thinkthrice"]["inferential"] == {"accuracy": 50.0, "n": 6, "correct": 3,
                                                  "ci": cell["thinkthrice"]["inferential"]["ci"]}
    assert "factual murderer's" not in cell["thinkthrice"]  # never asked: not a 0
    assert cell["informed"]["rule/informed-v1"]["correct"] == 1 and cell["informed"]["rule/informed-v1"]["n"] == 2
    assert cell["informed"]["panel:judge-a"]["correct"] == 1 and cell["informed"]["panel:judge-a"]["n"] == 2
    assert cell["categories"]["who_killed"] == {"accuracy": pytest.approx(66.7), "spread": pytest.approx(47.1),
                                                "n": 3, "items": 3}
    assert cell["categories"]["factual"] == {"accuracy": 75.0, "spread": 25.0, "n": 2, "items": 4}


def test_the_report_shows_a_tournaments_probes_per_entry_faction_and_reference(tmp_path: Path) -> None:
    db = str(tmp_path / "p.duckdb")
    played = runner.invoke(app, ["tournament", "--entries", "builtin/naive,builtin/random", "--scripts", str(STAGED),
                                 "--rounds", "1", "--probes", "--games-per-pair", "2", "--db", db, "--json"])
    assert played.exit_code == 0, played.output
    report = json.loads(runner.invoke(app, ["coe", "report", "--db", db, "--json"]).output)
    probes = report["probes"]
    keys = {(p["name"], p["faction"], p["reference"]) for p in probes}
    assert keys == {(e, f, r) for e in ("builtin/naive", "builtin/random") for f in ("civilians", "murderer")
                    for r in ("game", "own-script", "oracle")}
    with duckdb.connect(db, read_only=True) as conn:
        stored = conn.execute("""
            SELECT e.name, m.game_id, avg(m.value) FROM metric_scores m JOIN entries e USING (entry_id)
            JOIN games g USING (game_id) WHERE m.metric = 'probe_oracle' AND m.entry_id = g.civilians_entry
            GROUP BY ALL""").fetchall()
    for name in ("builtin/naive", "builtin/random"):
        expected = statistics.fmean(v for n, _, v in stored if n == name)
        shown = next(p for p in probes if (p["name"], p["faction"], p["reference"]) == (name, "civilians", "oracle"))
        assert shown["weighted"] == pytest.approx(expected, abs=0.05) and shown["n_games"] == 2
        assert shown["graded_by"] == "rule/probes-v1" and set(shown["informed"]) <= {"rule/informed-v1"}
        assert {"who_killed", "factual", "reasoning"} <= set(shown["categories"])
    text = runner.invoke(app, ["coe", "report", "--db", db], env={"COLUMNS": "250"}).output
    assert "Post-game probes, WellPlay" in text and "Post-game probes, ThinkThrice" in text
    assert "own-script" in text and "oracle" in text


def test_rows_stored_before_the_counts_keep_their_weighted_score_only() -> None:
    old = [{"game_id": "g1", "value": 50.0, "details": {"status": "ok", "answers": {"q": True}}},
           {"game_id": "g2", "value": 30.0, "details": {"status": "ok", "answers": {"q": False}}}]
    cell = probe_cell(old)
    assert cell["weighted"] == 40.0 and cell["n_games"] == 2 and cell["weighted_ci"] is not None
    assert cell["thinkthrice"] == {} and cell["informed"] == {} and cell["categories"] == {}
