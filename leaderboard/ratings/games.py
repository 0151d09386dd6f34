"""The ratings' input: finished games in one fixed order, as integer arrays.

Ratings are pure functions of the game log. Whatever order games arrive in, they are sorted by
(finished_at, game_id) first, so a recomputation over the same log always gives the same ratings
(TrueSkill is order-dependent; this fixes the order). Games whose status is not "finished" are
ignored: an aborted game is never a loss.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

import numpy as np

from arena.errors import ArenaError

CIVILIANS, MURDERER = "civilians", "murderer"


class GameLike(Protocol):
    """Any finished-game row: a store `FinishedGame`, a dataclass, a pydantic row...

    Members are read-only properties so frozen dataclasses and frozen pydantic rows match too.
    """

    @property
    def game_id(self) -> str: ...

    @property
    def civilians_entry(self) -> str: ...

    @property
    def murderer_entry(self) -> str: ...

    @property
    def winner(self) -> str | None: ...

    @property
    def finished_at(self) -> datetime: ...


@dataclass(frozen=True)
class RatedGame:
    game_id: str
    civilians_entry: str
    murderer_entry: str
    winner: str | None
    finished_at: datetime


@dataclass(frozen=True)
class GameLog:
    """Sorted games as arrays: `civ[i]`, `mur[i]` index into `entries`; `outcome[i]` is 1.0 when the
    civilians won, 0.0 when the murderer won, 0.5 for a draw (a finished game without winner)."""

    entries: tuple[str, ...]
    civ: np.ndarray
    mur: np.ndarray
    outcome: np.ndarray

    @property
    def n_games(self) -> int:
        return int(self.civ.shape[0])

    @property
    def n_entries(self) -> int:
        return len(self.entries)


def _field(game: GameLike | Mapping[str, Any], name: str) -> Any:
    return game[name] if isinstance(game, Mapping) else getattr(game, name)


def to_rated(game: GameLike | Mapping[str, Any]) -> RatedGame | None:
    """A RatedGame, or None when the row is not a finished game (a `status` other than 'finished')."""
    status = game.get("status", "finished") if isinstance(game, Mapping) else getattr(game, "status", "finished")
    if status != "finished":
        return None
    winner = _field(game, "winner")
    if isinstance(winner, float) and math.isnan(winner):  # a missing winner in a data frame
        winner = None
    if winner not in (CIVILIANS, MURDERER, None):
        raise ArenaError(f"game {_field(game, 'game_id')}: winner must be civilians, murderer or none, got {winner!r}")
    return RatedGame(str(_field(game, "game_id")), str(_field(game, "civilians_entry")),
                     str(_field(game, "murderer_entry")), winner, _field(game, "finished_at"))


def sort_games(games: Iterable[GameLike | Mapping[str, Any]]) -> list[RatedGame]:
    """Finished games in the fixed rating order: by finished_at, then game_id.

    `games` may also be a pandas DataFrame with those columns (rows are read as records).
    """
    if hasattr(games, "to_dict") and hasattr(games, "columns"):
        games = games.to_dict("records")
    rated = [r for g in games if (r := to_rated(g)) is not None]
    return sorted(rated, key=lambda g: (g.finished_at, g.game_id))


def build_log(games: Iterable[GameLike | Mapping[str, Any]], entries: Iterable[str] = ()) -> GameLog:
    """Sort and encode games; `entries` adds entries without games (they get prior ratings)."""
    ordered = sort_games(games)
    names = sorted({*entries, *(g.civilians_entry for g in ordered), *(g.murderer_entry for g in ordered)})
    index = {name: i for i, name in enumerate(names)}
    civ = np.fromiter((index[g.civilians_entry] for g in ordered), dtype=np.int64, count=len(ordered))
    mur = np.fromiter((index[g.murderer_entry] for g in ordered), dtype=np.int64, count=len(ordered))
    value = {CIVILIANS: 1.0, MURDERER: 0.0, None: 0.5}
    outcome = np.fromiter((value[g.winner] for g in ordered), dtype=np.float64, count=len(ordered))
    return GameLog(tuple(names), civ, mur, outcome)
