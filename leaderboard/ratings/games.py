"""The ratings' input: rated games in one fixed order, as integer arrays.

Ratings are pure functions of the game log. Games are put in the *plan order* whatever order
they arrive in and whenever they finished: by `sequence_at` (when the game's tournament was
registered; for a game outside any tournament, when it started), then `plan_position` (the
game's place in its plan), then `game_id`. So the same plan gives the same TrueSkill ratings
whatever the concurrency it was played at. Rows without these fields (older games, hand-made
logs) fall back to `finished_at`.

What is rated:

- only games whose status is "finished": an aborted game is never a loss;
- not the games of a one-sided protocol (`tournament_kind` in `UNRATED_KINDS`: the Table-3 runs,
  where one entry always plays the civilians against a fixed murderer): they measure that
  condition, not a side-swapped match, and would tilt the side term and the ratings;
- not the games of WhodunitBench's key-clues-given ablation (`key_clues_given`, from the game's
  recorded config): the civilians were handed the key clues, so a win there is not the same game's
  win; they are scored as their own condition in `arena coe report` instead;
- a vote tie (`winner` "tie", or None in older rows) is a draw;
- games where either side lost a decision to a provider failure (`provider_forfeits` > 0) are
  left out unless `include_provider_failures`: they measure the provider, not the model, and a
  rerun of the tournament plays them again. When they are included, a planned game counts once:
  a clean replay (same `planned_key`) replaces its failed attempts, otherwise the last attempt counts.

Each rated game keeps its forfeit counts (`forfeits`: both sides' decisions lost to the model's own
faults or to provider failures), from which the clean-games rating selects (`clean`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

import numpy as np

from arena.errors import ArenaError
from leaderboard.ratings.failures import own_forfeits

CIVILIANS, MURDERER, TIE = "civilians", "murderer", "tie"
UNRATED_KINDS = frozenset({"table3"})


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
    """A finished game as the ratings see it (`winner` "tie" or None: a draw)."""

    game_id: str
    civilians_entry: str
    murderer_entry: str
    winner: str | None
    finished_at: datetime
    sequence_at: datetime | None = None
    plan_position: int | None = None
    planned_key: str | None = None
    provider_forfeits: int = 0
    own_forfeits: int = 0

    @property
    def forfeits(self) -> int:
        """Decisions either side forfeited, whatever the cause."""
        return self.own_forfeits + self.provider_forfeits

    def order_key(self) -> tuple[datetime, int, datetime, str]:
        """Plan order (see the module docstring); finish time only for games without a plan position."""
        positioned = self.plan_position is not None
        return (self.sequence_at or self.finished_at, self.plan_position if positioned else -1,  # type: ignore[return-value]
                datetime.min if positioned else self.finished_at, self.game_id)


@dataclass(frozen=True)
class GameLog:
    """Sorted games as arrays: `civ[i]`, `mur[i]` index into `entries`; `outcome[i]` is 1.0 when the
    civilians won, 0.0 when the murderer won, 0.5 for a draw (a vote tie)."""

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


def _field(game: GameLike | Mapping[str, Any], name: str, default: Any = None) -> Any:
    if isinstance(game, Mapping):
        return game.get(name, default)
    return getattr(game, name, default)


def _missing(value: Any) -> bool:
    """None, or a NaN / NaT from a data frame's empty cell (the only values unequal to themselves)."""
    return value is None or bool(value != value)


def _flag(value: Any) -> bool:
    return not _missing(value) and bool(value)


def provider_forfeits(game: GameLike | Mapping[str, Any]) -> int:
    """Decisions of either side lost to provider failures (a `provider_forfeits` total, or the per-side columns)."""
    total = _field(game, "provider_forfeits")
    if _missing(total):
        total = sum(0 if _missing(v := _field(game, f"{side}_provider_forfeits", 0)) else int(v)
                    for side in (CIVILIANS, MURDERER))
    return int(total)


def to_rated(game: GameLike | Mapping[str, Any]) -> RatedGame | None:
    """A RatedGame, or None when the row is not a finished game (a `status` other than 'finished')."""
    if _field(game, "status", "finished") != "finished" or _field(game, "tournament_kind") in UNRATED_KINDS \
            or _flag(_field(game, "key_clues_given", False)):
        return None
    winner = _field(game, "winner")
    if _missing(winner):
        winner = None
    if winner not in (CIVILIANS, MURDERER, TIE, None):
        raise ArenaError(f"game {_field(game, 'game_id')}: winner must be civilians, murderer, tie or none, "
                         f"got {winner!r}")
    position, sequence_at, planned = (_field(game, n) for n in ("plan_position", "sequence_at", "planned_key"))
    return RatedGame(str(_field(game, "game_id")), str(_field(game, "civilians_entry")),
                     str(_field(game, "murderer_entry")), winner, _field(game, "finished_at"),
                     None if _missing(sequence_at) else sequence_at, None if _missing(position) else int(position),
                     None if _missing(planned) else str(planned), provider_forfeits(game), own_forfeits(game))


def rated_selection(games: Iterable[RatedGame], include_provider_failures: bool = False) -> list[RatedGame]:
    """The games that count (see the module docstring): clean games, plus (if asked) one attempt per
    planned game among those with provider forfeits."""
    games = list(games)
    if not include_provider_failures:
        return [g for g in games if g.provider_forfeits == 0]
    clean_keys = {g.planned_key for g in games if g.provider_forfeits == 0 and g.planned_key is not None}
    last: dict[str, RatedGame] = {}
    for g in sorted(games, key=lambda g: (g.finished_at, g.game_id)):
        if g.provider_forfeits and g.planned_key is not None and g.planned_key not in clean_keys:
            last[g.planned_key] = g
    keep = {id(g) for g in last.values()}
    return [g for g in games if g.provider_forfeits == 0 or g.planned_key is None or id(g) in keep]


def sort_games(games: Iterable[GameLike | Mapping[str, Any]],
               include_provider_failures: bool = False) -> list[RatedGame]:
    """The rated games in the fixed rating order (plan order; see the module docstring).

    `games` may also be a pandas DataFrame with those columns (rows are read as records).
    """
    if hasattr(games, "to_dict") and hasattr(games, "columns"):
        games = games.to_dict("records")
    rated = [r for g in games if (r := to_rated(g)) is not None]
    return sorted(rated_selection(rated, include_provider_failures), key=RatedGame.order_key)


def build_log(games: Iterable[GameLike | Mapping[str, Any]], entries: Iterable[str] = (),
              include_provider_failures: bool = False) -> GameLog:
    """Select, sort and encode games; `entries` adds entries without games (they get prior ratings)."""
    return encode_log(sort_games(games, include_provider_failures), entries)


def encode_log(ordered: Sequence[RatedGame], entries: Iterable[str] = ()) -> GameLog:
    """Rated games, already in rating order, as arrays; `entries` adds entries without games."""
    names = sorted({*entries, *(g.civilians_entry for g in ordered), *(g.murderer_entry for g in ordered)})
    index = {name: i for i, name in enumerate(names)}
    civ = np.fromiter((index[g.civilians_entry] for g in ordered), dtype=np.int64, count=len(ordered))
    mur = np.fromiter((index[g.murderer_entry] for g in ordered), dtype=np.int64, count=len(ordered))
    value = {CIVILIANS: 1.0, MURDERER: 0.0, TIE: 0.5, None: 0.5}
    outcome = np.fromiter((value[g.winner] for g in ordered), dtype=np.float64, count=len(ordered))
    return GameLog(tuple(names), civ, mur, outcome)
