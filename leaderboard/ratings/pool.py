"""Frozen reference pools: pin a pool's side-balanced ratings, then place newcomers against them.

`arena leaderboard --freeze NAME` stores the current side-balanced fit (each rated entry's
log-strength `b` and rating, and the murderer-side term `h`) as pool NAME. A newcomer submitted
later with `--pool NAME` plays the pool's entries only, and `place_newcomers` rates it from those
games alone, against the frozen numbers: the pool's strengths and side term stay fixed, only the
newcomer's strength is fitted, so its rating does not move the field and later games of the
field do not move the pool.

For newcomer k, a game against pool entry j has an offset c (k as civilians: c = b_j + h; as
the murderer: c = b_j - h) and k's score y (1 win, 0.5 tie, 0 loss), with P(k wins) = sigmoid(b_k - c).
`b_k` maximises sum y log sigmoid(b_k - c) + (1 - y) log sigmoid(c - b_k) with the ratings' weak
ridge (a Newton solve in one variable); its 95% interval is the 2.5-97.5th percentile over the
newcomer's games resampled with replacement (the caller's seeded generator). The rating is on the
pool's scale: ANCHOR + SCALE * b_k (the pool's strengths have mean 0).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from leaderboard.ratings.bradley_terry import ANCHOR, RIDGE, SCALE
from leaderboard.ratings.games import GameLog
from leaderboard.ratings.sides import SideBalanced


@dataclass(frozen=True)
class PoolEntry:
    entry_id: str
    strength: float
    rating: float
    ci_low: float | None
    ci_high: float | None
    games: int


@dataclass(frozen=True)
class FrozenPool:
    name: str
    frozen_at: datetime
    entries: tuple[PoolEntry, ...]
    side_term: float
    n_games_total: int

    def strengths(self) -> dict[str, float]:
        return {e.entry_id: e.strength for e in self.entries}


@dataclass(frozen=True)
class Placement:
    """A newcomer rated against a frozen pool from its games against the pool's entries."""

    entry_id: str
    rating: float
    ci_low: float
    ci_high: float
    games: int
    wins: int
    ties: int


def freeze(name: str, fit: SideBalanced, games_per_entry: np.ndarray, frozen_at: datetime,
           n_games_total: int) -> FrozenPool:
    """The pool of every entry the fit rated (entries without rated games are left out)."""
    entries = tuple(PoolEntry(e, float(fit.strength[i]), float(fit.rating[i]), float(fit.ci_low[i]),
                              float(fit.ci_high[i]), int(games_per_entry[i]))
                    for i, e in enumerate(fit.entries) if np.isfinite(fit.strength[i]))
    return FrozenPool(name, frozen_at, entries, fit.side.term, n_games_total)


def fit_offset_strength(offsets: np.ndarray, scores: np.ndarray, tol: float = 1e-10, max_iter: int = 100) -> float:
    """b maximising sum y log sigmoid(b - c) + (1 - y) log sigmoid(c - b) - RIDGE / 2 b^2."""
    b = 0.0
    for _ in range(max_iter):
        p = 1.0 / (1.0 + np.exp(offsets - b))
        step = (float((scores - p).sum()) - RIDGE * b) / (float((p * (1.0 - p)).sum()) + RIDGE)
        b += step
        if abs(step) < tol:
            break
    return b


def newcomer_games(pool: FrozenPool, log: GameLog) -> dict[str, tuple[list[float], list[float]]]:
    """Per entry outside the pool: (offsets, scores) of its rated games against pool entries."""
    strengths, h = pool.strengths(), pool.side_term
    found: dict[str, tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    for civ, mur, outcome in zip(log.civ.tolist(), log.mur.tolist(), log.outcome.tolist(), strict=True):
        a, b = log.entries[civ], log.entries[mur]
        if a not in strengths and b in strengths:
            found[a][0].append(strengths[b] + h)
            found[a][1].append(outcome)
        elif b not in strengths and a in strengths:
            found[b][0].append(strengths[a] - h)
            found[b][1].append(1.0 - outcome)
    return dict(found)


def place_newcomers(pool: FrozenPool, log: GameLog, rounds: int = 100,
                    rng: np.random.Generator | None = None) -> list[Placement]:
    """Every entry outside the pool with games against it, rated against the frozen numbers (best first)."""
    rng = rng if rng is not None else np.random.default_rng(0)
    placements = []
    for entry, (offset_list, score_list) in sorted(newcomer_games(pool, log).items()):
        offsets, scores = np.array(offset_list), np.array(score_list)
        b = fit_offset_strength(offsets, scores)
        low = high = b
        if rounds > 0:
            picks = rng.integers(0, len(scores), size=(rounds, len(scores)))
            samples = [fit_offset_strength(offsets[p], scores[p]) for p in picks]
            low, high = (float(v) for v in np.percentile(samples, [2.5, 97.5]))
        placements.append(Placement(entry, ANCHOR + SCALE * b, ANCHOR + SCALE * low, ANCHOR + SCALE * high,
                                    len(scores), int((scores == 1.0).sum()), int((scores == 0.5).sum())))
    return sorted(placements, key=lambda p: (-p.rating, p.entry_id))
