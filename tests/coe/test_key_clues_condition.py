"""Games of the key-clues-given ablation form their own condition in `arena coe report`."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from arena.cli import app
from tests.conftest import FIXTURE_CASE

runner = CliRunner()


def test_ablation_games_are_reported_as_their_own_condition(tmp_path: Path) -> None:
    db = str(tmp_path / "a.duckdb")
    for seed, ablation in ((1, []), (2, ["--key-clues-given"])):
        played = runner.invoke(app, ["play", "--script", str(FIXTURE_CASE), "--civilians", "builtin/random",
                                     "--murderer", "builtin/random", "--rounds", "1", "--seed", str(seed),
                                     "--out", str(tmp_path / f"g{seed}.jsonl"), "--db", db, *ablation])
        assert played.exit_code == 0, played.output
    scored = runner.invoke(app, ["coe", "mirage", "--db", db, "--scripts-dir", str(FIXTURE_CASE.parent)])
    assert scored.exit_code == 0, scored.output
    report = json.loads(runner.invoke(app, ["coe", "report", "--db", db, "--json"]).output)
    rows = {r["condition"]: r for r in report["rows"]}
    assert set(rows) == {"all-play-all", "key-clues-given"}
    assert rows["key-clues-given"]["n_games"] == 1 and rows["all-play-all"]["n_games"] == 1
