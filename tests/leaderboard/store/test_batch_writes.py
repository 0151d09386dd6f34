"""`Store.record_games`: many games over one connection, each in its own transaction."""

from __future__ import annotations

import duckdb

from arena.errors import StoreError
from tests.leaderboard.helpers import events, game, new_store


def test_a_batch_writes_each_game_once_and_a_bad_game_keeps_only_itself_out(tmp_path):
    store, (a, b, _) = new_store(tmp_path)
    outcomes = store.record_games([
        (game("g1", a, b, plan_key="k1"), events(3), []),
        (game("g2", a, "nobody", plan_key="k2"), events(2), []),  # an unknown entry: this game only
        (game("g3", a, b, plan_key="k1", minute=1), events(4), []),  # same plan key as g1: already recorded
        (game("g4", b, a, plan_key="k4"), events(5), []),
    ])
    assert outcomes[0] is True and outcomes[2] is False and outcomes[3] is True
    assert isinstance(outcomes[1], StoreError) and "unknown entries" in str(outcomes[1])
    with duckdb.connect(str(store.path), read_only=True) as conn:
        games = conn.execute("SELECT game_id, n_events FROM games ORDER BY game_id").fetchall()
        counted = conn.execute("SELECT game_id, count(*) FROM events GROUP BY game_id ORDER BY game_id").fetchall()
    assert games == [("g1", 3), ("g4", 5)] and counted == [("g1", 3), ("g4", 5)]  # never half a game
    assert store.finished_plan_keys() == {"k1", "k4"}
