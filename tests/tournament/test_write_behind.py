"""With many games in flight, a slot plays its next game while its finished game is being written."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import duckdb

from arena.agents import seat_entries
from arena.store import Store
from arena.tournament import RunOptions, run_tournament
from arena.tournament.plan import games_of
from arena.tournament.run import WRITE_BEHIND_FROM
from tests.tournament.helpers import db_file, small_tournament


class SlowFirstWrite(Store):
    """A real store whose first game write waits until `go` is set (or 20 s pass)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.go, self.first, self.waited = threading.Event(), True, False

    def _hold_first(self) -> None:
        if self.first:
            self.first = False
            self.waited = self.go.wait(timeout=20)

    def record_game(self, *args: Any, **kwargs: Any) -> bool:
        self._hold_first()
        return super().record_game(*args, **kwargs)

    def record_games(self, games: Any) -> list[bool | Exception]:
        self._hold_first()
        return super().record_games(games)


def test_slots_start_new_games_while_a_write_is_pending_and_every_game_is_recorded_once(tmp_path):
    plan = small_tournament(games_per_pair=8)
    total = len(games_of(plan.matches))
    concurrency = WRITE_BEHIND_FROM
    assert total > concurrency + 4
    store, started = SlowFirstWrite(db_file(tmp_path)), []

    def seat(*args: Any) -> Any:
        started.append(1)
        if len(started) > concurrency + 2:  # more games began than there are slots: slots moved on
            store.go.set()
        return seat_entries(*args)

    summary = asyncio.run(run_tournament(plan, store, RunOptions(rounds=1, concurrency=concurrency), seat=seat,
                                         snapshot=False))
    assert store.waited  # released by games that started while the first write was still pending
    with duckdb.connect(str(store.path), read_only=True) as conn:
        keys = [row[0] for row in conn.execute("SELECT plan_key FROM games").fetchall()]
    assert summary.played == total == len(keys) == len(set(keys))


class CountingStore(Store):
    """A real store that keeps the size of every group of games it was asked to write."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.batches: list[int] = []

    def record_game(self, *args: Any, **kwargs: Any) -> bool:
        self.batches.append(1)
        return super().record_game(*args, **kwargs)

    def record_games(self, games: Any) -> list[bool | Exception]:
        self.batches.append(len(games))
        return super().record_games(games)


def test_written_behind_games_are_all_recorded_once_in_groups(tmp_path):
    plan = small_tournament(games_per_pair=8)
    total = len(games_of(plan.matches))
    store = CountingStore(db_file(tmp_path))
    summary = asyncio.run(run_tournament(plan, store, RunOptions(rounds=1, concurrency=WRITE_BEHIND_FROM),
                                         snapshot=False))
    assert summary.played == total == sum(store.batches)
    assert len(store.batches) <= total // 4  # groups of up to half the slots, not one connection per game
