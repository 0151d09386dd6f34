"""Frozen pools: a newcomer is placed against frozen ratings without refitting the field (known answers)."""

from __future__ import annotations

import math
from datetime import datetime

import numpy as np
import pytest

from arena.store import Reader
from leaderboard.ratings.bradley_terry import ANCHOR, RIDGE, SCALE
from leaderboard.ratings.games import build_log
from leaderboard.ratings.pool import FrozenPool, PoolEntry, place_newcomers
from leaderboard.ratings.snapshot import freeze_pool, load_pool
from tests.leaderboard.helpers import game, game_dict, new_store, synthetic_log


def pool_of(strengths: dict[str, float], side_term: float) -> FrozenPool:
    entries = tuple(PoolEntry(e, b, ANCHOR + SCALE * b, None, None, 10) for e, b in strengths.items())
    return FrozenPool("ref", datetime(2025, 1, 1), entries, side_term, 100)


def bisect(f, low: float, high: float) -> float:
    for _ in range(200):
        mid = (low + high) / 2
        low, high = (mid, high) if f(mid) > 0 else (low, mid)
    return (low + high) / 2


def test_a_hand_counted_placement_gives_the_exact_rating():
    # against one pool entry of strength 0 with no side term, 3 wins in 4 games: 4 sigmoid(b) = 3, so b = ln 3,
    # moved a little towards 0 by the documented ridge: 3 - 4 sigmoid(b) - RIDGE b = 0
    games = [game_dict(f"g{i}", "new" if i % 2 else "p", "p" if i % 2 else "new",
                       ("civilians" if i % 2 else "murderer") if i else "civilians", i) for i in range(4)]
    placed = place_newcomers(pool_of({"p": 0.0}, 0.0), build_log(games), rounds=0)
    assert [p.entry_id for p in placed] == ["new"] and (placed[0].games, placed[0].wins) == (4, 3)
    exact = bisect(lambda b: 3 - 4 / (1 + math.exp(-b)) - RIDGE * b, 0.0, 5.0)
    assert 0.98 * math.log(3) < exact < math.log(3)
    assert placed[0].rating == pytest.approx(ANCHOR + SCALE * exact, abs=1e-6)


def test_the_frozen_side_term_is_applied_by_seat():
    # with h = ln 3 a murderer win against an equal pool entry is expected (p = 3/4): winning exactly at that rate
    # as the murderer, and at 1/4 as the civilians, places the newcomer level with the pool entry
    games = [game_dict(f"c{i}", "new", "p", "civilians" if i == 0 else "murderer", i) for i in range(4)]
    games += [game_dict(f"m{i}", "p", "new", "civilians" if i == 0 else "murderer", 10 + i) for i in range(4)]
    placed = place_newcomers(pool_of({"p": 0.0}, math.log(3)), build_log(games), rounds=0)
    assert placed[0].rating == pytest.approx(ANCHOR, abs=1e-6)


def test_a_synthetic_newcomer_is_recovered_against_a_known_pool_and_the_pool_does_not_move():
    strengths = {"a": -0.6, "b": 0.0, "c": 0.6}
    log = synthetic_log({**strengths, "new": 0.9}, 6000, seed=7, murderer_edge=0.8)
    against_pool = [g for g in log if "new" in (g["civilians_entry"], g["murderer_entry"])
                    and {g["civilians_entry"], g["murderer_entry"]} != {"new"}]
    pool = pool_of(strengths, 0.8)
    placed = place_newcomers(pool, build_log(against_pool), rounds=50, rng=np.random.default_rng(0))
    new = placed[0]
    assert new.ci_low < ANCHOR + SCALE * 0.9 < new.ci_high and new.ci_high - new.ci_low < 80
    assert new.rating == pytest.approx(ANCHOR + SCALE * 0.9, abs=25)
    assert pool.strengths() == strengths  # nothing refitted


def test_freeze_stores_the_pool_once_and_later_games_do_not_change_it(tmp_path):
    store, (a, b, c) = new_store(tmp_path)
    for i in range(8):
        store.record_game(game(f"ab{i}", a, b, winner="civilians" if i % 3 else "murderer", minute=i), [])
        store.record_game(game(f"ba{i}", b, a, winner="murderer", minute=20 + i), [])
    frozen = freeze_pool(store, "v1", bootstrap_rounds=10)
    assert {e.entry_id for e in frozen.entries} == {a, b}
    store.record_game(game("ac", a, c, winner="murderer", minute=50), [])
    store.record_game(game("ca", c, a, winner="civilians", minute=51), [])
    store.record_game(game("ab-late", b, a, winner="civilians", minute=52), [])
    again = load_pool(Reader(store.path), "v1")
    assert again is not None and again.side_term == frozen.side_term
    assert sorted(again.entries, key=lambda e: e.entry_id) == sorted(frozen.entries, key=lambda e: e.entry_id)
    placed = place_newcomers(again, build_log(Reader(store.path).game_log()), rounds=0)
    assert [(p.entry_id, p.games, p.wins) for p in placed] == [(c, 2, 2)]  # c beat a on both sides
    with pytest.raises(Exception, match="frozen already"):
        freeze_pool(store, "v1")
