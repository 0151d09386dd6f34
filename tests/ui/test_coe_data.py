"""The board's CoE view is `arena.coe.report`'s rows, reshaped only: one Table-3 implementation."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pandas as pd

from arena.coe.report import coe_report
from leaderboard.store import Store
from leaderboard.ui.coe_data import coe_frames
from tests.coe.test_report import test_table3_games_are_their_own_condition as fill_conditions_db


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
