"""Win-rate and games matrices on a hand-written log (rows civilians, columns murderer)."""

from __future__ import annotations

import math

from leaderboard.ratings.matrix import faction_matrix
from tests.leaderboard.helpers import HAND_LOG


def test_games_and_civilian_win_matrices_on_a_hand_log():
    m = faction_matrix(HAND_LOG)
    assert m.entries == ("a", "b", "c")
    assert m.games.tolist() == [[0, 3, 0], [2, 0, 0], [1, 0, 1]]
    assert m.civilian_wins.tolist() == [[0, 2, 0], [0, 0, 0], [1, 0, 0]]
    assert m.draws.tolist() == [[0, 0, 0], [1, 0, 0], [0, 0, 0]]
    assert m.murderer_wins.tolist() == [[0, 1, 0], [1, 0, 0], [0, 0, 1]]
    rate = m.civilian_win_rate
    assert rate[0, 1] == 2 / 3 and rate[1, 0] == 0.0 and rate[2, 0] == 1.0 and rate[2, 2] == 0.0
    assert math.isnan(rate[0, 2]) and math.isnan(rate[1, 2])


def test_ties_are_left_out_of_the_win_rate():
    m = faction_matrix([*HAND_LOG, {**HAND_LOG[0], "game_id": "g9", "winner": "tie"}])
    assert (m.games[0, 1], m.draws[0, 1], m.civilian_wins[0, 1]) == (4, 1, 2)
    assert m.civilian_win_rate[0, 1] == 2 / 3  # 2 of the 3 decisive games
    only_tie = faction_matrix([{**HAND_LOG[0], "winner": "tie"}])
    assert math.isnan(only_tie.civilian_win_rate[0, 1])


def test_matrix_records_list_only_pairs_that_met():
    records = faction_matrix(HAND_LOG, entries=["d"]).as_records()
    assert {(r["civilians_entry"], r["murderer_entry"]) for r in records} == {
        ("a", "b"), ("b", "a"), ("c", "a"), ("c", "c")}
    ab = next(r for r in records if (r["civilians_entry"], r["murderer_entry"]) == ("a", "b"))
    assert ab == {"civilians_entry": "a", "murderer_entry": "b", "games": 3, "civilian_wins": 2, "draws": 0,
                  "civilian_win_rate": 2 / 3}
