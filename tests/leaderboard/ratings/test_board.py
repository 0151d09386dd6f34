"""compute_leaderboard: a pure, order-independent function of the finished-game log."""

from __future__ import annotations

import random
from datetime import datetime

import numpy as np
import pytest

from arena.errors import ArenaError
from leaderboard.ratings.board import compute_board, compute_leaderboard
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


def test_games_of_the_one_sided_table3_protocol_are_not_rated():
    base = [game_dict("g1", "x", "y", "civilians", 0), game_dict("g2", "y", "x", "murderer", 1)]
    table3 = [{**game_dict(f"t{i}", "x", "y", "civilians", 2 + i), "tournament_kind": "table3"} for i in range(5)]
    all_play_all = [{**game_dict("g3", "x", "y", "murderer", 9), "tournament_kind": "all-play-all"}]
    assert compute_leaderboard(base + table3, bootstrap_rounds=5) == compute_leaderboard(base, bootstrap_rounds=5)
    assert compute_leaderboard(base + all_play_all, bootstrap_rounds=5) != compute_leaderboard(base,
                                                                                                bootstrap_rounds=5)


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


def test_games_are_read_in_plan_order_not_by_finish_time():
    t = datetime(2025, 1, 1)
    games = [{**game_dict(f"g{i}", "x", "y", "civilians" if i % 2 else "murderer", 50 - i), "sequence_at": t,
              "plan_position": i} for i in range(6)]
    assert [g.game_id for g in sort_games(games)] == [f"g{i}" for i in range(6)]
    # finishing in another order (as at a higher concurrency) changes nothing
    refinished = [{**g, "finished_at": datetime(2025, 2, 1 + (7 * i) % 6)} for i, g in enumerate(games)]
    assert compute_leaderboard(games, bootstrap_rounds=5) == compute_leaderboard(refinished, bootstrap_rounds=5)
    stripped = [{k: v for k, v in g.items() if k not in ("sequence_at", "plan_position")} for g in games]
    assert compute_leaderboard(stripped, bootstrap_rounds=0) != compute_leaderboard(games, bootstrap_rounds=0)


def test_a_vote_tie_is_a_draw_like_a_missing_winner_and_is_left_out_of_win_rates():
    base = [game_dict("g1", "x", "y", "civilians", 0), game_dict("g2", "y", "x", "murderer", 1)]
    tie = compute_leaderboard(base + [game_dict("g3", "x", "y", "tie", 2)], bootstrap_rounds=0)
    legacy = compute_leaderboard(base + [game_dict("g3", "x", "y", None, 2)], bootstrap_rounds=0)
    assert tie == legacy
    x = next(r for r in tie if r.entry == "x")
    assert (x.games, x.wins, x.draws, x.draws_civilian, x.win_rate_civilian) == (3, 2, 1, 1, 1.0)


def with_forfeits(game: dict, provider: int, planned_key: str | None = None, **extra) -> dict:
    return {**game, "civilians_provider_forfeits": provider, "planned_key": planned_key, **extra}


def test_games_with_provider_forfeits_are_excluded_unless_asked_and_count_once_per_plan_key():
    clean = [game_dict("g1", "x", "y", "civilians", 0), game_dict("g2", "y", "x", "civilians", 1)]
    failed = with_forfeits(game_dict("g3", "x", "y", "murderer", 2), 2, "pk-3")
    retried = with_forfeits(game_dict("g4", "x", "y", "civilians", 3), 1, "pk-3")  # failed again on the rerun
    replay_ok = with_forfeits(game_dict("g5", "x", "y", "civilians", 4), 0, "pk-3")
    assert [g.game_id for g in sort_games(clean + [failed, retried])] == ["g1", "g2"]
    assert [g.game_id for g in sort_games(clean + [failed, retried], include_provider_failures=True)] == [
        "g1", "g2", "g4"]  # one attempt per planned game: the last
    assert [g.game_id for g in sort_games(clean + [failed, replay_ok], include_provider_failures=True)] == [
        "g1", "g2", "g5"]  # a clean replay replaces the failed attempts


def test_forfeit_and_provider_failure_rates_come_from_every_recorded_game():
    counts = {"civilians_decisions": 10, "murderer_decisions": 5, "civilians_own_forfeits": 1}
    games = [{**game_dict("g1", "x", "y", "civilians", 0), **counts},
             {**game_dict("g2", "x", "y", None, 1), **counts, "status": "aborted", "civilians_provider_forfeits": 4},
             {**game_dict("g3", "y", "x", "murderer", 2), **counts, "murderer_provider_forfeits": 2}]
    board = compute_board(games, bootstrap_rounds=0)
    x, y = (next(r for r in board.rows if r.entry == e) for e in ("x", "y"))
    assert (x.decisions, x.forfeits, x.provider_forfeits, x.unrated_games) == (25, 8, 6, 1)
    assert x.forfeit_rate == pytest.approx(8 / 25) and x.provider_failure_rate == pytest.approx(6 / 25)
    assert (y.decisions, y.forfeits, y.provider_failure_rate, y.unrated_games) == (20, 1, 0.0, 1)
    assert (board.rated_games, board.excluded_games, x.games) == (1, 1, 1)
