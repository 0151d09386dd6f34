"""Generated cases run every QA suite through `arena qa`, with every question answered and graded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.generator import CaseOptions, Request, write_case
from arena.scripts.loader import load_script
from tests.generator.conftest import cached_case

runner = CliRunner()


@pytest.mark.parametrize("entry", ["builtin/ocr", "mock/player"])
def test_a_generated_case_runs_all_suites(entry: str, tmp_path: Path) -> None:
    folder = write_case(cached_case(Request(33, CaseOptions(5, "hard", 1))), tmp_path)
    script = load_script(folder)
    result = runner.invoke(app, ["qa", "--entry", entry, "--suite", "all", "--scripts", str(folder),
                                 "--db", str(tmp_path / "a.duckdb"), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output[result.output.index("{"):])
    counts = {suite: row["n"] for suite, row in summary["suites"].items()}
    assert counts == {s: sum(1 for q in script.questions if q.suite.value == s) for s in ("lsu", "tiu", "miu", "mmr")}
    assert all(n > 0 for n in counts.values())
    assert summary["statuses"] == {"ok": len(script.questions)}  # every answer parsed and graded
    assert set(summary["mmr_depth"]) == {str(q.depth) for q in script.questions if q.suite.value == "mmr"}
