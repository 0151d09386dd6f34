"""Bradley-Terry: known MLE, strength recovery, CIs that shrink with data, CI-aware ranks."""

from __future__ import annotations

import math

import numpy as np
import pytest

from leaderboard.ratings.bradley_terry import (
    ANCHOR,
    SCALE,
    ci_rank,
    fit_bradley_terry,
    fit_strengths,
    outcome_counts,
    win_matrix,
)
from leaderboard.ratings.games import build_log
from tests.leaderboard.helpers import game_dict, synthetic_log

STRENGTHS = {"weak": -1.0, "fair": -0.2, "good": 0.4, "strong": 1.2}


def test_two_player_mle_is_the_log_odds_of_their_record():
    wins = np.array([[0.0, 3.0], [1.0, 0.0]])
    b = fit_strengths(wins, ridge=1e-9)
    assert b[0] - b[1] == pytest.approx(math.log(3.0), abs=1e-5)
    assert b.mean() == pytest.approx(0.0)


def test_win_matrix_counts_both_sides_and_draws_as_halves():
    log = build_log([game_dict("g1", "a", "b", "civilians", 0), game_dict("g2", "a", "b", "murderer", 1),
                     game_dict("g3", "b", "a", "murderer", 2), game_dict("g4", "b", "a", None, 3),
                     game_dict("g5", "a", "a", "civilians", 4)])
    assert log.entries == ("a", "b")
    assert win_matrix(log).tolist() == [[0.0, 2.5], [1.5, 0.0]]
    decisive, draws = outcome_counts(log)
    assert decisive.sum() == 3 and draws.sum() == 1


def test_ratings_are_on_an_elo_like_scale_anchored_at_1000():
    log = build_log(synthetic_log(STRENGTHS, 3000, seed=1))
    bt = fit_bradley_terry(log, rounds=0)
    assert bt.rating.mean() == pytest.approx(ANCHOR)
    i, j = log.entries.index("strong"), log.entries.index("weak")
    assert (bt.rating[i] - bt.rating[j]) / SCALE == pytest.approx(2.2, abs=0.25)


def test_a_known_strength_order_is_recovered_with_separated_ranks():
    log = build_log(synthetic_log(STRENGTHS, 20_000, seed=2))
    bt = fit_bradley_terry(log, rounds=100, rng=np.random.default_rng(3))
    order = [log.entries[i] for i in np.argsort(-bt.rating)]
    assert order == ["strong", "good", "fair", "weak"]
    assert [int(bt.rank[log.entries.index(n)]) for n in order] == [1, 2, 3, 4]
    assert np.all(bt.ci_low <= bt.rating) and np.all(bt.rating <= bt.ci_high)


def test_confidence_intervals_shrink_with_more_games():
    widths = []
    for n_games in (300, 3000, 30_000):
        bt = fit_bradley_terry(build_log(synthetic_log(STRENGTHS, n_games, seed=4)), rounds=100,
                               rng=np.random.default_rng(5))
        widths.append(float(np.mean(bt.ci_high - bt.ci_low)))
    assert widths[0] > widths[1] > widths[2] > 0
    assert widths[0] / widths[2] > 5  # about sqrt(100) = 10 in theory


def test_the_bootstrap_is_reproducible_with_the_same_seed_and_varies_with_another():
    log = build_log(synthetic_log(STRENGTHS, 500, seed=6, draw_rate=0.1))
    one = fit_bradley_terry(log, rounds=50, rng=np.random.default_rng(11))
    two = fit_bradley_terry(log, rounds=50, rng=np.random.default_rng(11))
    other = fit_bradley_terry(log, rounds=50, rng=np.random.default_rng(12))
    assert np.array_equal(one.ci_low, two.ci_low) and np.array_equal(one.ci_high, two.ci_high)
    assert not np.array_equal(one.ci_low, other.ci_low)


def test_rank_counts_only_entries_whose_interval_lies_entirely_above():
    low = np.array([1100.0, 1050.0, 900.0, 800.0])
    high = np.array([1200.0, 1150.0, 1080.0, 850.0])
    # 0 and 1 overlap; 2 overlaps 1 but lies below 0's low; 3 lies below everyone.
    assert ci_rank(low, high).tolist() == [1, 1, 2, 4]


def test_an_unbeaten_entry_stays_finite():
    log = build_log([game_dict(f"g{i}", "champ", "chump", "civilians", i) for i in range(5)])
    bt = fit_bradley_terry(log, rounds=20, rng=np.random.default_rng(0))
    assert np.isfinite(bt.rating).all() and bt.rating[log.entries.index("champ")] > 1000
