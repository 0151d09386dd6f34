"""A failed write never cancels the other games in flight: they are kept and written, or replayed on resume."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import duckdb
import pytest

from arena.errors import StoreError
from arena.store import GameRecord, Store
from arena.store.faults import StoreFaultError
from arena.tournament import RunOptions, run_tournament
from arena.tournament.plan import games_of
from tests.tournament.helpers import db_file, small_tournament


class FaultyStore(Store):
    """A real store whose `record_game` fails (like a full disk) on the chosen calls."""

    def __init__(self, *args: Any, failing: Sequence[int] = (), fail_from: int | None = None,
                 error: Exception | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.failing, self.fail_from, self.calls = set(failing), fail_from, 0
        self.error = error or StoreFaultError(f"{self.path}: the disk is full, nothing of this write was kept")

    def record_game(self, game: GameRecord, *args: Any, **kwargs: Any) -> bool:
        self.calls += 1
        if self.calls in self.failing or (self.fail_from is not None and self.calls >= self.fail_from):
            raise self.error
        return super().record_game(game, *args, **kwargs)

    def record_games(self, games: Sequence[Any]) -> list[bool | Exception]:
        # games ending together are written as a batch: each one still counts (and fails) here
        outcomes: list[bool | Exception] = []
        for game in games:
            try:
                outcomes.append(self.record_game(*game))
            except Exception as exc:  # noqa: BLE001 - the batch's per-game outcome
                outcomes.append(exc)
        return outcomes


def plan_keys(store: Store) -> list[str]:
    with duckdb.connect(str(store.path), read_only=True) as conn:
        return [row[0] for row in conn.execute("SELECT plan_key FROM games").fetchall()]


def test_a_write_that_fails_once_is_held_and_written_with_the_next_one(tmp_path):
    store, plan = FaultyStore(db_file(tmp_path), failing=(2,)), small_tournament(games_per_pair=1)
    summary = asyncio.run(run_tournament(plan, store, RunOptions(rounds=1, concurrency=3)))
    assert summary.stopped == "store_error" and summary.remaining > 0  # no new game started after the failure
    assert summary.played == len(plan_keys(store)) == store.calls - 1  # the failed one was written later
    resumed = asyncio.run(run_tournament(plan, Store(store.path), RunOptions(rounds=1, concurrency=3)))
    keys = plan_keys(store)
    assert resumed.played == 6 - summary.played and len(keys) == len(set(keys)) == len(games_of(plan.matches))


def test_a_store_that_stays_broken_ends_in_one_store_error_and_a_rerun_replays_the_lost_games(tmp_path):
    store, plan = FaultyStore(db_file(tmp_path), fail_from=2), small_tournament(games_per_pair=1)
    with pytest.raises(StoreError, match=r"game\(s\) played in this run could not be recorded") as info:
        asyncio.run(run_tournament(plan, store, RunOptions(rounds=1, concurrency=3)))
    assert "disk is full" in str(info.value) and "rerun" in str(info.value)
    lost = int(str(info.value).split(" ", 1)[0])
    # the games in flight when the first write failed were played to the end (not cancelled): at least
    # the two started alongside the first; each was tried when it ended and once more when the run ended
    assert 2 <= lost <= 5 and store.calls == 1 + 2 * lost
    assert len(plan_keys(store)) == 1
    resumed = asyncio.run(run_tournament(plan, Store(store.path), RunOptions(rounds=1, concurrency=3)))
    keys = plan_keys(store)
    assert resumed.played == 5 and len(keys) == len(set(keys)) == len(games_of(plan.matches)) == 6


def test_an_unexpected_write_error_is_contained_the_same_way(tmp_path):
    error = OSError(5, "Input/output error")
    store, plan = FaultyStore(db_file(tmp_path), fail_from=3, error=error), small_tournament(games_per_pair=1)
    with pytest.raises(StoreError, match="could not be recorded: OSError") as info:
        asyncio.run(run_tournament(plan, store, RunOptions(rounds=1, concurrency=2)))
    assert not isinstance(info.value, BaseExceptionGroup)
    lost = int(str(info.value).split(" ", 1)[0])
    assert lost >= 1 and store.calls == 2 + 2 * lost and len(plan_keys(store)) == 2
