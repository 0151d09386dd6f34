"""The leaderboard page's per-side and clean-games section, through the real navigation (`AppTest`), on a
store where every seating was played (so the sides are identified) and one entry won games by forfeits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena.store import Reader, Store
from leaderboard.ratings.snapshot import recompute_and_snapshot
from tests.leaderboard.helpers import game, new_store
from tests.ui.conftest import BoardDb
from tests.ui.test_pages import app, assert_clean, texts

SIDE_FIELDS = ["rating_murderer", "rating_murderer_low", "rating_murderer_high", "rating_civilian",
               "rating_civilian_low", "rating_civilian_high", "rating_clean", "rating_clean_low",
               "rating_clean_high", "clean_games", "clean_differs"]


def seated_store(tmp_path: Path) -> Store:
    """alpha, beta, gamma play every seating 10 times (beta wins most of its games as the civilians, alpha
    none); gamma then wins 30 games after its opponent forfeited decisions."""
    store, ids = new_store(tmp_path)
    minute = 0
    for civ in ids:
        for mur in ids:
            for i in range(10 if civ != mur else 0):
                civilians_win = (civ == ids[1] and i < 8) or (mur != ids[0] and i % 3 == 0)
                store.record_game(game(f"{minute}", civ, mur, "civilians" if civilians_win else "murderer",
                                       minute=minute), [])
                minute += 1
    for i in range(30):
        civ, mur = (ids[2], ids[i % 2]) if i % 4 < 2 else (ids[i % 2], ids[2])
        loser = "murderer" if civ == ids[2] else "civilians"
        counts: dict[str, Any] = {f"{loser}_decisions": 6, f"{loser}_own_forfeits": 3}
        store.record_game(game(f"f{i}", civ, mur, "civilians" if civ == ids[2] else "murderer", minute=minute + i,
                               **counts), [])
    return store


def test_the_per_side_section_scatter_and_clean_flag_render_from_the_snapshot(tmp_path: Path) -> None:
    store = seated_store(tmp_path)
    rows = {r.entry: r for r in recompute_and_snapshot(store, bootstrap_rounds=50)}
    at = app("leaderboard", store.path)
    assert_clean(at)
    assert "Per side and clean games" in [h.value for h in at.subheader]
    names = {e.entry_id: e.name for e in Reader(store.path).entries()}
    sides = at.dataframe[1].value.set_index("display")
    for entry, row in rows.items():
        shown = sides.loc[names[entry]]
        for field in SIDE_FIELDS[::3] + ["clean_games"]:
            assert shown[field] == pytest.approx(getattr(row, field)), field
        assert bool(shown["clean_differs"]) == row.clean_differs
    assert len(at.get("arrow_vega_lite_chart") or at.get("vega_lite_chart")) == 2  # intervals, and the scatter
    flagged = [names[e] for e, r in rows.items() if r.clean_differs]
    assert flagged == ["gamma"]
    assert "differ by more than their intervals for: gamma" in texts(at)
    assert "60 games in which neither side forfeited" in texts(at)  # of 90


def test_a_board_whose_sides_never_all_met_says_so_instead_of_a_scatter(board_db: BoardDb) -> None:
    at = app("leaderboard", board_db.path)
    assert_clean(at)
    assert "Per-side ratings need the entries' sides to meet one another" in texts(at)
    assert len(at.get("arrow_vega_lite_chart") or at.get("vega_lite_chart")) == 1
