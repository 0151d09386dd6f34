"""TrueSkill known answers, agreement with the package's factor graph, and the per-faction view."""

from __future__ import annotations

import numpy as np
import pytest
import trueskill

from leaderboard.ratings.games import build_log
from leaderboard.ratings.trueskill_ratings import (
    default_env,
    faction_trueskill,
    overall_trueskill,
    rate_pair,
    run_trueskill,
)
from tests.leaderboard.helpers import game_dict


def test_first_game_from_defaults_matches_the_documented_update():
    (winner, loser) = rate_pair(default_env(), (25.0, 25 / 3), (25.0, 25 / 3))
    assert winner == pytest.approx((29.396, 7.171), abs=5e-4)
    assert loser == pytest.approx((20.604, 7.171), abs=5e-4)


def test_a_first_draw_leaves_means_and_shrinks_sigmas():
    (a, b) = rate_pair(default_env(), (25.0, 25 / 3), (25.0, 25 / 3), drawn=True)
    assert a == pytest.approx((25.0, 6.458), abs=5e-4) and b == pytest.approx((25.0, 6.458), abs=5e-4)


def test_closed_form_equals_the_packages_rate_1vs1_over_a_long_random_log():
    rng = np.random.default_rng(7)
    n, k = 5, 400
    first, second = rng.integers(0, n, k), rng.integers(0, n, k)
    outcome = rng.choice([0.0, 1.0, 0.5], k, p=[0.45, 0.45, 0.1])
    fast = run_trueskill(n, first, second, outcome)
    reference = run_trueskill(n, first, second, outcome, reference=True)
    assert np.allclose(fast.mu, reference.mu, atol=1e-9) and np.allclose(fast.sigma, reference.sigma, atol=1e-9)
    assert not np.allclose(fast.mu, trueskill.MU)


def test_a_hopeless_upset_does_not_crash_and_moves_ratings_the_right_way():
    (w, l_) = rate_pair(default_env(), (0.0, 0.5), (200.0, 0.5))
    assert w[0] > 0.0 and l_[0] < 200.0 and np.isfinite([w[1], l_[1]]).all()


def test_overall_view_is_one_player_per_entry():
    log = build_log([game_dict("g1", "x", "y", "civilians", 0), game_dict("g2", "y", "x", "civilians", 1)])
    table = overall_trueskill(log)
    # x won, then lost as murderer to y: both have played two games, y won the second.
    first_x, first_y = rate_pair(default_env(), (25.0, 25 / 3), (25.0, 25 / 3))
    second_y, second_x = rate_pair(default_env(), first_y, first_x)
    assert table.mu.tolist() == pytest.approx([second_x[0], second_y[0]])
    assert table.conservative.tolist() == pytest.approx([second_x[0] - 3 * second_x[1], second_y[0] - 3 * second_y[1]])


def test_faction_view_rates_each_side_of_an_entry_as_its_own_player():
    log = build_log([game_dict("g1", "x", "y", "civilians", 0), game_dict("g2", "x", "z", "civilians", 1)])
    civ, mur = faction_trueskill(log)
    index = {name: i for i, name in enumerate(log.entries)}
    assert civ.mu[index["x"]] > 29.39 and civ.sigma[index["x"]] < 7.0   # two wins as civilians
    assert mur.mu[index["x"]] == 25.0 and mur.sigma[index["x"]] == pytest.approx(25 / 3)  # never murderer
    assert mur.mu[index["y"]] == pytest.approx(20.604, abs=5e-4) and civ.mu[index["y"]] == 25.0


def test_self_play_is_skipped():
    log = build_log([game_dict("g1", "x", "x", "civilians", 0)])
    table = overall_trueskill(log)
    assert table.mu.tolist() == [25.0] and table.sigma.tolist() == pytest.approx([25 / 3])
