"""compute_leaderboard: a pure, order-independent function of the finished-game log."""

from __future__ import annotations

import random
from datetime import datetime

import numpy as np
import pytest

from arena.errors import ArenaError
from leaderboard.ratings.board import compute_leaderboard
from leaderboard.ratings.games import RatedGame, sort_games
from tests.leaderboard.helpers import HAND_LOG, game_dict, synthetic_log

STRENGTHS = {"e1": -0.8, "e2": 0.0, "e3": 0.8}


def test_shuffled_input_gives_identical_rows():
    log = synthetic_log(STRENGTHS, 600, seed=1, draw_rate=0.05)
    # Ties on finished_at are broken by game_id, so equal timestamps do not make the order arbitrary.
    tied = [{**g, "finished_at": datetime(2025, 1, 1)} if i % 3 == 0 else g for i, g in enumerate(log)]
    shuffled = tied[:]
    random.Random(2).shuffle(shuffled)
    assert shuffled != tied
    one = compute_leaderboard(tied, bootstrap_rounds=30, rng=np.random.default_rng(9))
    two = compute_leaderboard(shuffled, bootstrap_rounds=30, rng=np.random.default_rng(9))
    assert one == two


def test_order_of_play_matters_to_trueskill_so_the_fixed_order_is_by_time():
    ordered = sort_games([game_dict("g2", "x", "y", "murderer", 2), game_dict("g1", "x", "y", "civilians", 1)])
    assert [g.game_id for g in ordered] == ["g1", "g2"]
    assert isinstance(ordered[0], RatedGame)


def test_rows_on_a_hand_log():
    rows = {r.entry: r for r in compute_leaderboard(HAND_LOG, bootstrap_rounds=20, min_games=3)}
    a, b, c = rows["a"], rows["b"], rows["c"]
    # a: civ vs b 3 games (2 wins); mur vs b 2 games (1 win, 1 draw); mur vs c 1 loss. Self-play of c skipped.
    assert (a.games, a.wins, a.draws) == (6, 3, 1)
    assert (a.games_civilian, a.wins_civilian, a.games_murderer, a.wins_murderer) == (3, 2, 3, 1)
    # win rates leave the tie out (WhodunitBench Table 2): a won 1 of its 2 decisive games as the murderer
    assert a.win_rate_civilian == pytest.approx(2 / 3) and a.win_rate_murderer == pytest.approx(1 / 2)
    assert (a.draws_civilian, a.draws_murderer, b.draws_civilian) == (0, 1, 1)
    assert (b.games, b.wins, b.win_rate_civilian, b.win_rate_murderer) == (5, 1, 0.0, pytest.approx(1 / 3))
    assert (c.games, c.wins, c.win_rate_murderer, c.provisional) == (1, 1, None, True)
    assert not a.provisional and not b.provisional
    assert a.conservative == pytest.approx(a.mu - 3 * a.sigma)


def test_rows_are_ranked_by_the_side_balanced_rating_and_carry_names():
    log = synthetic_log(STRENGTHS, 900, seed=3)
    rows = compute_leaderboard(log, bootstrap_rounds=30, names={"e3": "Strong one"}, entries=["newcomer"])
    rated = [r for r in rows if r.rating is not None]
    assert [r.rating for r in rated] == sorted((r.rating for r in rated), reverse=True)
    assert [r.rank for r in rated] == sorted(r.rank for r in rated) and rows[-1].entry == "newcomer"
    assert [r.entry for r in rows][:3] == ["e3", "e2", "e1"]
    assert rows[0].name == "Strong one" and rows[1].name is None
    newcomer = next(r for r in rows if r.entry == "newcomer")
    assert (newcomer.games, newcomer.mu, newcomer.provisional, newcomer.win_rate_civilian) == (0, 25.0, True, None)


def test_faction_ratings_absorb_a_side_advantage():
    even = {"p": 0.0, "q": 0.0, "r": 0.0}
    rows = compute_leaderboard(synthetic_log(even, 3000, seed=4, murderer_edge=1.5), bootstrap_rounds=0)
    for row in rows:
        assert row.mu_murderer > row.mu_civilian + 3  # murderers win ~82% here
        assert row.win_rate_murderer > 0.7 > 0.3 > row.win_rate_civilian


def test_unfinished_games_are_ignored_and_bad_winners_refused():
    base = [game_dict("g1", "x", "y", "civilians", 0)]
    with_aborted = base + [{**game_dict("g2", "x", "y", None, 1), "status": "aborted"}]
    assert compute_leaderboard(base, bootstrap_rounds=5) == compute_leaderboard(with_aborted, bootstrap_rounds=5)
    with pytest.raises(ArenaError, match="winner"):
        compute_leaderboard([game_dict("g1", "x", "y", "detective", 0)])


def test_no_games_no_rows():
    assert compute_leaderboard([]) == []


def test_a_data_frame_of_games_gives_the_same_rows_as_records():
    pandas = pytest.importorskip("pandas")
    log = synthetic_log(STRENGTHS, 200, seed=5, draw_rate=0.1)
    frame = pandas.DataFrame(log).sample(frac=1.0, random_state=1)
    frame["status"] = "finished"
    frame["winner"] = frame["winner"].where(frame["winner"].notna(), float("nan"))  # draws as NaN, as pandas has them
    assert frame["winner"].isna().sum() > 0
    assert compute_leaderboard(frame, bootstrap_rounds=10) == compute_leaderboard(log, bootstrap_rounds=10)
