"""The adaptive rule picks the pair whose outcome is least certain, deterministically."""

from __future__ import annotations

from datetime import datetime, timedelta

from arena.tournament.adaptive import choose_pair, pair_scores
from leaderboard.ratings.games import RatedGame

T0 = datetime(2025, 1, 1)


def log(results: list[tuple[str, str]]) -> list[RatedGame]:
    """(winner, loser) pairs -> finished games, the winner seated as civilians."""
    return [RatedGame(f"g{i:03d}", win, lose, "civilians", T0 + timedelta(minutes=i))
            for i, (win, lose) in enumerate(results)]


def test_the_closely_matched_pair_is_chosen_over_lopsided_ones():
    # a and b each crush c; a and b split their games evenly: only a-b is still uncertain.
    games = log([("a", "c")] * 6 + [("b", "c")] * 6 + [("a", "b"), ("b", "a")] * 3)
    assert choose_pair(games, ["a", "b", "c"]) == ("a", "b")
    scores = pair_scores(games, ["a", "b", "c"])
    assert [(s.entry_a, s.entry_b) for s in scores][0] == ("a", "b")
    assert scores[0].uncertainty > scores[1].uncertainty
    assert abs(scores[0].p_a_wins - 0.5) < abs(scores[1].p_a_wins - 0.5)


def test_an_unplayed_newcomer_is_the_least_known_and_gets_chosen():
    games = log([("a", "b"), ("b", "a")] * 5)
    first = pair_scores(games, ["a", "b", "n"])[0]
    assert "n" in (first.entry_a, first.entry_b) and first.games == 0


def test_the_choice_is_a_pure_function_of_the_log():
    games = log([("a", "c"), ("c", "b"), ("b", "a"), ("a", "b")])
    assert choose_pair(games, ["a", "b", "c"]) == choose_pair(list(reversed(games)), ["c", "b", "a"])


def test_without_games_ties_fall_back_to_the_entry_order():
    assert choose_pair([], ["z", "y", "x"]) == ("x", "y")


def test_games_with_entries_outside_the_tournament_are_ignored():
    games = log([("a", "outsider")] * 10 + [("a", "b"), ("b", "a")])
    scores = pair_scores(games, ["a", "b"])
    assert len(scores) == 1 and scores[0].games == 2
