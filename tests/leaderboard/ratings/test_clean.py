"""The clean-games rating: games with a forfeit on either side are dropped, and an entry that wins by the
other side's forfeits falls on it and is flagged."""

from __future__ import annotations

import numpy as np

from leaderboard.ratings.board import compute_board
from leaderboard.ratings.clean import clean_games, intervals_apart
from leaderboard.ratings.games import sort_games
from tests.leaderboard.helpers import game_dict, synthetic_log


def forfeit_wins(winner: str, opponents: list[str], n_games: int, start: int) -> list[dict]:
    """`winner` beats each opponent in turn, on alternating sides, always after the opponent forfeited."""
    games = []
    for i in range(n_games):
        other, civ_side = opponents[i % len(opponents)], i % 2 == 0
        civ, mur = (winner, other) if civ_side else (other, winner)
        loser_side = "murderer" if civ_side else "civilians"
        games.append({**game_dict(f"f{i:04d}", civ, mur, "civilians" if civ_side else "murderer", start + i),
                      f"{loser_side}_own_forfeits": 2, f"{loser_side}_decisions": 6})
    return games


def test_forfeits_of_either_side_and_cause_make_a_game_unclean():
    base = game_dict("g", "x", "y", "civilians", 0)
    games = [base, {**base, "game_id": "own", "murderer_own_forfeits": 1},
             {**base, "game_id": "both", "civilians_own_forfeits": 1, "murderer_provider_forfeits": 2},
             {**base, "game_id": "total", "provider_forfeits": 1},  # a total, as some rows carry
             {**base, "game_id": "counted", "civilians_decisions": 9, "murderer_decisions": 4}]
    ordered = sort_games(games, include_provider_failures=True)
    assert {g.game_id: g.forfeits for g in ordered} == {"g": 0, "own": 1, "both": 3, "total": 1, "counted": 0}
    assert [g.game_id for g in clean_games(ordered)] == ["counted", "g"]  # without counts recorded: clean


def test_an_entry_that_wins_only_by_forfeits_falls_on_the_clean_rating_and_is_flagged():
    clean = synthetic_log({"a": 0.0, "b": 0.0, "c": 0.0, "lucky": -1.0}, 600, seed=4, murderer_edge=0.5)
    games = clean + forfeit_wins("lucky", ["a", "b", "c"], 150, start=1000)
    board = compute_board(games, bootstrap_rounds=100, rng=np.random.default_rng(0))
    rows = {r.entry: r for r in board.rows}
    lucky = rows["lucky"]
    assert lucky.rating_clean < lucky.rating_low and lucky.rating_clean_high < lucky.rating_low
    assert lucky.clean_differs
    assert lucky.games == lucky.clean_games + 150
    assert board.summary()["clean_rated_games"] == len(clean) and board.rated_games == len(games)
    for row in board.rows:
        assert row.rating_clean_low <= row.rating_clean <= row.rating_clean_high
    # without the forfeit games both ratings come from the same games: the same fit, no flags
    only_clean = compute_board(clean, bootstrap_rounds=30, rng=np.random.default_rng(0))
    for row in only_clean.rows:
        assert not row.clean_differs and row.clean_games == row.games
        assert (row.rating_clean, row.rating_clean_low, row.rating_clean_high) == (row.rating, row.rating_low,
                                                                                   row.rating_high)


def test_provider_failures_rated_on_request_still_stay_out_of_the_clean_rating():
    games = synthetic_log({"a": 0.0, "b": 0.5, "c": -0.5}, 90, seed=1)
    games[0] = {**games[0], "civilians_provider_forfeits": 1}
    kept = compute_board(games, bootstrap_rounds=0, include_provider_failures=True)
    assert (kept.rated_games, kept.clean_rated_games) == (90, 89)


def test_intervals_apart_needs_two_known_disjoint_intervals():
    assert intervals_apart(10, 20, 21, 30) and intervals_apart(10, 20, 0, 9.5)
    assert not intervals_apart(10, 20, 20, 30) and not intervals_apart(10, 20, None, None)
