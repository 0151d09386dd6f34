"""Read-only queries for the board: finished games in rating order, head-to-head, stats, replay, history."""

from __future__ import annotations

from arena.store import Reader, Store
from leaderboard.ratings.snapshot import recompute_and_snapshot
from tests.leaderboard.helpers import events, game, new_store


def test_an_empty_database_reads_as_empty(tmp_path):
    store = Store(tmp_path / "arena.duckdb")
    reader = Reader(store.path)
    assert reader.finished_games() == [] and reader.pair_results() == [] and reader.latest_snapshot() == []
    assert set(reader.counts().values()) == {0}


def test_finished_games_come_in_rating_order_without_unfinished_games(tmp_path):
    store, (a, b, c) = new_store(tmp_path)
    store.record_game(game("g-late", a, b, minute=5), [])
    store.record_game(game("g-b", b, c, minute=1), [])
    store.record_game(game("g-a", c, a, minute=1, winner=None), [])
    store.record_game(game("g-aborted", a, c, status="aborted", minute=0), [])
    finished = Reader(store.path).finished_games()
    assert [g.game_id for g in finished] == ["g-a", "g-b", "g-late"]
    assert finished[0].winner is None


def test_head_to_head_and_pair_results_cover_both_seatings(tmp_path):
    store, (a, b, c) = new_store(tmp_path)
    results = [(a, b, "civilians"), (a, b, "murderer"), (a, b, "civilians"), (b, a, "civilians"), (b, a, None),
               (a, c, "murderer")]
    for i, (civ, mur, winner) in enumerate(results):
        store.record_game(game(f"g{i}", civ, mur, winner=winner, minute=i), [])
    store.record_game(game("gx", a, b, status="aborted", minute=9), [])
    reader = Reader(store.path)
    pairs = {(p.civilians_entry, p.murderer_entry): p for p in reader.pair_results()}
    assert (pairs[(a, b)].games, pairs[(a, b)].civilian_wins, pairs[(a, b)].murderer_wins) == (3, 2, 1)
    assert (pairs[(b, a)].games, pairs[(b, a)].civilian_wins, pairs[(b, a)].draws) == (2, 1, 1)
    h2h = reader.head_to_head(a, b)
    assert (h2h.games, h2h.a_wins, h2h.b_wins, h2h.draws) == (5, 2, 2, 1)
    assert reader.head_to_head(b, c).games == 0
    stats = {s.entry_id: s for s in reader.entry_stats()}
    assert (stats[a].games, stats[a].wins, stats[a].draws, stats[a].unfinished) == (6, 2, 1, 1)
    assert (stats[a].games_civilian, stats[a].wins_civilian, stats[a].games_murderer) == (4, 2, 2)
    assert (stats[c].games, stats[c].wins, stats[c].wins_murderer) == (1, 1, 1)


def test_games_listing_filters_and_replay(tmp_path):
    store, (a, b, c) = new_store(tmp_path)
    store.record_game(game("g1", a, b, tournament_id="t1", minute=1), events(3))
    store.record_game(game("g2", b, c, tournament_id="t1", minute=2), events(4, role="maid"))
    store.record_game(game("g3", c, a, status="aborted", minute=3), [])
    reader = Reader(store.path)
    assert [g.game_id for g in reader.games()] == ["g3", "g2", "g1"]
    assert [g.game_id for g in reader.games(entry_id=a)] == ["g3", "g1"]
    assert [g.game_id for g in reader.games(tournament_id="t1", status="finished", limit=1)] == ["g2"]
    assert [g.game_id for g in reader.games(limit=1, offset=2)] == ["g1"]
    assert [e.role for e in reader.events("g2")] == ["maid"] * 4
    assert reader.events("nope") == [] and reader.game("nope") is None
    names = reader.entry_names()
    assert names[a] == "alpha"


def test_snapshots_accumulate_into_a_rating_history(tmp_path):
    store, (a, b, _) = new_store(tmp_path)
    store.record_game(game("g1", a, b, minute=1), [])
    first = recompute_and_snapshot(store, bootstrap_rounds=10)
    store.record_game(game("g2", a, b, minute=2), [])
    recompute_and_snapshot(store, bootstrap_rounds=10)
    reader = Reader(store.path)
    history = reader.rating_history(a)
    assert [h.games for h in history] == [1, 2]
    assert history[0].mu == first[0].mu and history[1].mu > history[0].mu
    latest = reader.latest_snapshot()
    assert {r.faction for r in latest} == {"overall", "civilians", "murderer"} and len(latest) == 3 * 3
    assert {r.n_games_total for r in latest} == {2}
    civ_side = [r for r in latest if r.faction == "civilians" and r.entry_id == a]
    assert civ_side[0].games == 2 and civ_side[0].wins == 2
