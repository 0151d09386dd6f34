"""Side-balanced Bradley-Terry: a known murderer-side advantage is recovered; a hand-counted log gives
the exact term."""

from __future__ import annotations

import math

import numpy as np
import pytest

from leaderboard.ratings.board import compute_board
from leaderboard.ratings.games import build_log
from leaderboard.ratings.sides import fit_side_balanced
from tests.leaderboard.helpers import game_dict, synthetic_log

STRENGTHS = {"a": -0.5, "b": 0.0, "c": 0.5, "d": 1.0}


def test_a_synthetic_log_with_a_known_side_advantage_recovers_it():
    log = build_log(synthetic_log(STRENGTHS, 4000, seed=6, murderer_edge=1.0))
    fit = fit_side_balanced(log, rounds=60, rng=np.random.default_rng(0))
    assert fit.side.term == pytest.approx(1.0, abs=0.1)
    assert fit.side.low < 1.0 < fit.side.high and fit.side.high - fit.side.low < 0.3
    truth = np.array([STRENGTHS[e] for e in log.entries])
    assert fit.strength == pytest.approx(truth - truth.mean(), abs=0.15)
    assert [log.entries[i] for i in np.argsort(-fit.rating)] == ["d", "c", "b", "a"]


def test_no_side_advantage_gives_a_term_near_zero_and_the_plain_order():
    log = build_log(synthetic_log(STRENGTHS, 3000, seed=2))
    fit = fit_side_balanced(log, rounds=40, rng=np.random.default_rng(0))
    assert fit.side.low < 0.0 < fit.side.high and abs(fit.side.term) < 0.15


def hand_log() -> list[dict]:
    """Two equal entries, each 4 games per side: the civilians won 1 of 4 either way."""
    games, minute = [], 0
    for civ, mur in (("x", "y"), ("y", "x")):
        for winner in ("civilians", "murderer", "murderer", "murderer"):
            games.append(game_dict(f"g{minute}", civ, mur, winner, minute))
            minute += 1
    return games


def test_a_hand_counted_log_gives_the_exact_term():
    # By symmetry the strengths are equal, so sigmoid(-h) = 1/4: h = ln 3, the murderer's 3:1 odds.
    fit = fit_side_balanced(build_log(hand_log()), rounds=0)
    assert fit.side.term == pytest.approx(math.log(3), abs=1e-3)
    assert fit.strength == pytest.approx([0.0, 0.0], abs=1e-9)
    assert fit.side.equal_murderer_wins[0] == pytest.approx(0.75, abs=1e-3)
    assert (fit.side.games, fit.side.murderer_wins, fit.side.civilian_wins, fit.side.ties) == (8, 6, 2, 0)


def test_a_tie_is_half_a_win_for_each_side():
    games = hand_log()
    games[1] = {**games[1], "winner": "tie"}  # x-y: civilians 1 + 0.5 of 4 -> sigmoid(-h) mixes 3/8 and 1/4
    fit = fit_side_balanced(build_log(games), rounds=0)
    # civilian score 2.5 of 8 over both seatings; at the optimum the x/y strengths differ slightly, so compare the
    # total expected civilian score with what was observed.
    b, h = fit.strength, fit.side.term
    p = [1 / (1 + math.exp(-(b[0] - b[1] - h))), 1 / (1 + math.exp(-(b[1] - b[0] - h)))]
    assert 4 * p[0] + 4 * p[1] == pytest.approx(2.5, abs=1e-3)
    assert fit.side.ties == 1


def test_the_board_reports_the_side_advantage_and_ranks_by_the_balanced_rating():
    # "weak" played its games mostly as the murderer; raw win rates flatter it, the balanced rating does not.
    log = synthetic_log({"strong": 0.6, "mid": 0.0}, 1500, seed=5, murderer_edge=1.5)
    weak = [game_dict(f"w{i}", "strong" if i % 5 else "weak", "weak" if i % 5 else "strong",
                      "murderer" if i % 3 else "civilians", 2000 + i) for i in range(300)]
    board = compute_board(log + weak, bootstrap_rounds=30, rng=np.random.default_rng(3))
    summary = board.summary()
    assert summary["side_term_low"] < summary["side_term"] < summary["side_term_high"]
    assert 0.5 < summary["equal_murderer_wins"] < 1.0 and summary["ties"] == 0
    assert [r.rank for r in board.rows] == sorted(r.rank for r in board.rows)
    assert board.rows[0].entry == "strong"
