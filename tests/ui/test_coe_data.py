"""The board's CoE view is `arena.coe.report`'s rows, reshaped only: one Table-3 implementation."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pandas as pd

from arena.coe.report import coe_report
from arena.store import MetricScoreRecord, Store
from leaderboard.ui.coe_data import coe_frames
from tests.coe.test_outcomes import test_coe_metric_vs_win_rate_on_a_hand_made_log as fill_outcomes_db
from tests.coe.test_report import test_table3_games_are_their_own_condition as fill_conditions_db
from tests.ui.test_pages import app, assert_clean, texts


def test_board_frames_are_the_report_rows(tmp_path: Path) -> None:
    fill_conditions_db(tmp_path)  # fills c.duckdb with table3 + all-play-all scores
    path = Store(tmp_path / "c.duckdb").path
    frames = coe_frames(str(path))
    with duckdb.connect(str(path), read_only=True) as conn:
        rows = [r.model_dump() for r in coe_report(conn)]
    pd.testing.assert_frame_equal(frames.table, pd.DataFrame(rows))
    assert list(frames.table["condition"]) == ["table3", "all-play-all"]
    assert frames.offline.empty and frames.agreement.empty
    assert set(frames.correlation["note"]) == {"n too small"}


def test_coe_page_shows_agreement_and_correlation(tmp_path: Path) -> None:
    fill_outcomes_db(tmp_path)  # five entries with LSU answers and arena games
    store = Store(tmp_path / "a.duckdb")
    store.record_metric_scores([
        MetricScoreRecord(game_id="g01", entry_id="e0@1", metric="rp", value=value, judge=judge, judge_label="llm",
                          role=role, details={"status": "ok"})
        for judge, values in (("judge-a", (7.0, 4.0, 6.0)), ("judge-b", (8.0, 3.0, 6.0)))
        for role, value in zip(("fern", "basil", "rowan"), values, strict=True)])
    at = app("coe", store.path)
    assert_clean(at)
    headers = [h.value for h in at.subheader]
    assert "Agreement between LLM judges" in headers and "CoE metric vs arena win rate" in headers
    assert "Krippendorff's alpha" in texts(at)
    correlation = next(d.value for d in at.dataframe if "rho" in d.value.columns)
    assert correlation[correlation["metric"] == "LSU"].iloc[0]["rho"].startswith("+1.00 [")
    agreement = next(d.value for d in at.dataframe if "alpha" in d.value.columns)
    assert agreement.iloc[0]["items"] == 3 and 0.0 < float(agreement.iloc[0]["alpha"]) < 1.0
