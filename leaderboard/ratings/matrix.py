"""Head-to-head matrices as in WhodunitBench Table 2: rows = civilian entry, columns = murderer entry.

`civilian_win_rate[i, j]` is the share of the decisive games with i seated as civilians and j as
the murderer that the civilians won: vote ties (`draws`) are left out, as the paper's Table 2
leaves out vote draws; NaN where they never met or only tied.
Self-play games sit on the diagonal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from leaderboard.ratings.games import GameLike, GameLog, build_log


@dataclass(frozen=True)
class FactionMatrix:
    entries: tuple[str, ...]
    games: np.ndarray
    civilian_wins: np.ndarray
    draws: np.ndarray

    @property
    def murderer_wins(self) -> np.ndarray:
        return self.games - self.civilian_wins - self.draws

    @property
    def civilian_win_rate(self) -> np.ndarray:
        decisive = self.games - self.draws
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(decisive > 0, self.civilian_wins / np.maximum(decisive, 1), np.nan)

    def as_records(self) -> list[dict[str, Any]]:
        """Non-empty cells as plain rows (for JSON and data frames)."""
        rate = self.civilian_win_rate
        return [{"civilians_entry": self.entries[i], "murderer_entry": self.entries[j],
                 "games": int(self.games[i, j]), "civilian_wins": int(self.civilian_wins[i, j]),
                 "draws": int(self.draws[i, j]), "civilian_win_rate": float(rate[i, j])}
                for i, j in zip(*np.nonzero(self.games), strict=True)]


def faction_matrix_from_log(log: GameLog) -> FactionMatrix:
    n = log.n_entries
    games, civ_wins, draws = np.zeros((n, n), np.int64), np.zeros((n, n), np.int64), np.zeros((n, n), np.int64)
    np.add.at(games, (log.civ, log.mur), 1)
    won = log.outcome == 1.0
    np.add.at(civ_wins, (log.civ[won], log.mur[won]), 1)
    drawn = log.outcome == 0.5
    np.add.at(draws, (log.civ[drawn], log.mur[drawn]), 1)
    return FactionMatrix(log.entries, games, civ_wins, draws)


def faction_matrix(games: Iterable[GameLike | Mapping[str, Any]], entries: Iterable[str] = ()) -> FactionMatrix:
    """Games-played and civilian-win matrices over the finished games."""
    return faction_matrix_from_log(build_log(games, entries))
