"""Shared pieces of the scheduler tests: entries, the fixture case, a recording progress reporter."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from arena.entries import Entry
from arena.scripts.loader import load_script
from arena.scripts.schema import Script
from arena.store.records import GameRecord
from arena.tournament import Tournament, all_play_all_tournament
from tests.conftest import FIXTURE_CASE


def random_entries(n: int = 3) -> list[Entry]:
    """`n` distinct entries that all play builtin/random (distinct temperatures give distinct ids)."""
    return [Entry(name=f"rand-{i}", model="builtin/random", temperature=round(0.1 * i, 1), source="file")
            for i in range(n)]


def mini_case() -> Script:
    return load_script(FIXTURE_CASE)


def small_tournament(entries: list[Entry] | None = None, games_per_pair: int = 2, seed: int = 0) -> Tournament:
    return all_play_all_tournament(entries or random_entries(), [mini_case()], games_per_pair=games_per_pair,
                                   seed=seed, rounds=1)


class Recorder:
    """A progress reporter that keeps the recorded games and can call back after each one."""

    def __init__(self, on_game: Callable[[GameRecord], None] | None = None) -> None:
        self.games: list[GameRecord] = []
        self.totals: list[tuple[int, int]] = []
        self.on_game = on_game

    def start(self, total: int, done: int) -> None:
        self.totals.append((total, done))

    def recorded(self, game: GameRecord, spent_usd: float) -> None:
        self.games.append(game)
        if self.on_game is not None:
            self.on_game(game)

    def stop(self) -> None:
        pass


def db_file(tmp_path: Path) -> Path:
    return tmp_path / "arena.duckdb"
