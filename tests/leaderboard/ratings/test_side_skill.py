"""Skill per side: a strong murderer who is a weak civilian (and the reverse) is told apart on each side,
on the side-balanced rating's scale, with the documented centring convention."""

from __future__ import annotations

import numpy as np
import pytest

from leaderboard.ratings.board import compute_board
from leaderboard.ratings.bradley_terry import ANCHOR, SCALE
from leaderboard.ratings.games import build_log
from leaderboard.ratings.side_skill import connected, fit_side_skill, side_log
from leaderboard.ratings.sides import fit_side_balanced
from tests.leaderboard.helpers import game_dict, synthetic_log

# "liar" deceives well and detects badly, "sleuth" the reverse; "p" and "q" are even on both sides.
AS_CIVILIANS = {"liar": -1.0, "sleuth": 1.0, "p": 0.0, "q": 0.0}
AS_MURDERER = {"liar": 1.0, "sleuth": -1.0, "p": 0.0, "q": 0.0}


def lopsided_log(n_games: int, seed: int = 0) -> list[dict]:
    return synthetic_log(AS_CIVILIANS, n_games, seed=seed, murderer_edge=0.8, as_murderer=AS_MURDERER)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_four_hundred_games_separate_each_side_with_intervals_that_exclude_each_other(seed):
    log = build_log(lopsided_log(400, seed))
    fit = fit_side_skill(log, rounds=100, rng=np.random.default_rng(0))
    liar, sleuth = log.entries.index("liar"), log.entries.index("sleuth")
    assert fit.identified
    assert fit.murderer_low[liar] > fit.murderer_high[sleuth]  # the liar is the better murderer ...
    assert fit.civilian_low[sleuth] > fit.civilian_high[liar]  # ... and the worse detective
    for value, low, high in ((fit.murderer, fit.murderer_low, fit.murderer_high),
                             (fit.civilian, fit.civilian_low, fit.civilian_high)):
        assert (low <= value).all() and (value <= high).all()
    # one rating per entry mixes the two: the side-balanced intervals of liar and sleuth overlap
    balanced = fit_side_balanced(log, rounds=100, rng=np.random.default_rng(0))
    assert balanced.ci_low[liar] < balanced.ci_high[sleuth] and balanced.ci_low[sleuth] < balanced.ci_high[liar]


def test_many_games_recover_the_true_strengths_on_the_elo_like_scale_each_side_centred_at_1000():
    log = build_log(lopsided_log(6000, seed=3))
    fit = fit_side_skill(log, rounds=0)
    for ratings, truth in ((fit.murderer, AS_MURDERER), (fit.civilian, AS_CIVILIANS)):
        expected = np.array([ANCHOR + SCALE * truth[e] for e in log.entries])  # each truth has mean 0
        assert ratings == pytest.approx(expected, abs=40)
        assert ratings.mean() == pytest.approx(ANCHOR)


def test_an_entry_as_good_on_both_sides_gets_about_its_side_balanced_rating_on_both():
    log = build_log(synthetic_log({"a": -0.5, "b": 0.0, "c": 0.5, "d": 1.0}, 4000, seed=6, murderer_edge=1.0))
    per_side = fit_side_skill(log, rounds=0)
    balanced = fit_side_balanced(log, rounds=0)
    assert per_side.murderer == pytest.approx(balanced.rating, abs=35)
    assert per_side.civilian == pytest.approx(balanced.rating, abs=35)


def test_two_entries_that_only_met_each_other_do_not_identify_the_split():
    games = [game_dict(f"g{i}", *(("x", "y") if i % 2 else ("y", "x")), "civilians", i) for i in range(20)]
    log = build_log(games)
    assert not connected(side_log(log))
    fit = fit_side_skill(log, rounds=10, rng=np.random.default_rng(0))
    assert not fit.identified and np.isnan(fit.murderer).all() and np.isnan(fit.civilian_high).all()
    # a third entry that played both of them on both sides links the two halves
    more = games + [game_dict(f"z{i}", civ, mur, "civilians", 30 + i)
                    for i, (civ, mur) in enumerate([("z", "x"), ("x", "z"), ("z", "y"), ("y", "z")])]
    assert fit_side_skill(build_log(more), rounds=0).identified


def test_an_entry_that_never_played_a_side_has_no_rating_on_that_side_and_self_play_is_skipped():
    games = [game_dict(f"g{i}", civ, mur, "civilians" if i % 3 else "murderer", i)
             for i, (civ, mur) in enumerate([("a", "b"), ("b", "a"), ("b", "c"), ("c", "b"), ("c", "a"), ("a", "c"),
                                             ("new", "a")] * 4)]
    games.append(game_dict("self", "b", "b", "murderer", 99))
    log = build_log(games)
    fit = fit_side_skill(log, rounds=20, rng=np.random.default_rng(1))
    new = log.entries.index("new")
    assert fit.identified and np.isnan(fit.murderer[new]) and np.isfinite(fit.civilian[new])
    assert side_log(log).n_games == len(games) - 1


def test_the_board_carries_the_per_side_ratings_and_says_when_they_are_not_identified():
    board = compute_board(lopsided_log(400), bootstrap_rounds=30, rng=np.random.default_rng(2))
    rows = {r.entry: r for r in board.rows}
    assert board.summary()["per_side_identified"]
    liar, sleuth = rows["liar"], rows["sleuth"]
    assert liar.rating_murderer > sleuth.rating_murderer and sleuth.rating_civilian > liar.rating_civilian
    for row in board.rows:
        assert row.rating_murderer_low <= row.rating_murderer <= row.rating_murderer_high
        assert row.rating_civilian_low <= row.rating_civilian <= row.rating_civilian_high
    pair = compute_board([game_dict("g1", "x", "y", "civilians", 0), game_dict("g2", "y", "x", "murderer", 1)],
                         bootstrap_rounds=5)
    assert not pair.summary()["per_side_identified"] and all(r.rating_murderer is None for r in pair.rows)
