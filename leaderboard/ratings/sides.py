"""Side-balanced Bradley-Terry: entry strengths plus one murderer-side advantage, fitted jointly.

Sides are not balanced: with equal players one faction may win most games. As Elo models a
first-move advantage, each game is

    P(civilians win) = sigmoid(b_civ - b_mur - h)

where `h` is the murderer-side advantage in log-odds (h > 0: the murderer side wins more often than
equal strength predicts) and a vote tie counts half a win for each side. An entry's strength `b`
is then its skill with the side it happened to play taken out, so an entry that played more games
as the murderer is not flattered by it: the board ranks by these strengths.

The fit is a Newton solve on the (civilian entry, murderer entry) count matrices, with the same
weak ridge as `bradley_terry` on the strengths (which fixes their free constant) and a much
weaker one on `h` (which only keeps it finite when one side won every game). Bootstrap CIs draw
the counts of every (civ, mur, result) cell from Multinomial(N, counts / N) with the caller's
seeded generator, i.e. N games resampled with replacement. `equal_murderer_wins` = sigmoid(h) is
the murderer side's expected score against an equal opponent.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from leaderboard.ratings.bradley_terry import RIDGE, ci_rank, to_scale
from leaderboard.ratings.games import GameLog

SIDE_RIDGE = 1e-4


@dataclass(frozen=True)
class SideAdvantage:
    """The murderer-side term `h` (log-odds) with its 95% bootstrap interval, and what it means."""

    term: float
    low: float
    high: float
    games: int
    murderer_wins: int
    civilian_wins: int
    ties: int

    @property
    def equal_murderer_wins(self) -> tuple[float, float, float]:
        """sigmoid(h) and its interval: the murderer side's expected score against an equal opponent."""
        return _sigmoid(self.term), _sigmoid(self.low), _sigmoid(self.high)


@dataclass(frozen=True)
class SideBalanced:
    """Side-balanced ratings on the Elo-like scale (NaN for entries without rated games), CI-aware
    ranks (0 without games), the log-strengths `b`, and the side term."""

    entries: tuple[str, ...]
    strength: np.ndarray
    rating: np.ndarray
    ci_low: np.ndarray
    ci_high: np.ndarray
    rank: np.ndarray
    side: SideAdvantage
    rounds: int


def _sigmoid(x: float) -> float:
    return float(1.0 / (1.0 + np.exp(-x)))


def side_counts(log: GameLog) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(civilian wins, murderer wins, ties) as entries x entries matrices indexed [civ, mur]; self-play skipped."""
    n = log.n_entries
    keep = log.civ != log.mur
    civ, mur, out = log.civ[keep], log.mur[keep], log.outcome[keep]
    cells = [np.zeros((n, n)) for _ in range(3)]
    for matrix, value in zip(cells, (1.0, 0.0, 0.5), strict=True):
        np.add.at(matrix, (civ[out == value], mur[out == value]), 1.0)
    return cells[0], cells[1], cells[2]


def fit_side_term(score: np.ndarray, games: np.ndarray, tol: float = 1e-10,
                  max_iter: int = 100) -> tuple[np.ndarray, float]:
    """(b with mean 0, h) maximising sum s log sigmoid(d) + (n - s) log sigmoid(-d), d = b_civ - b_mur - h,
    minus the ridges; `score[i, j]` is the civilians' score (wins + half the ties) of i against j."""
    n = games.shape[0]
    theta = np.zeros(n + 1)
    if n == 0:
        return theta[:0], 0.0
    for _ in range(max_iter):
        b, h = theta[:n], theta[n]
        p = 1.0 / (1.0 + np.exp(-(b[:, None] - b[None, :] - h)))
        residual, weight = score - games * p, games * p * (1.0 - p)
        gradient = np.append(residual.sum(axis=1) - residual.sum(axis=0) - RIDGE * b,
                             -residual.sum() - SIDE_RIDGE * h)
        hessian = np.empty((n + 1, n + 1))
        hessian[:n, :n] = weight + weight.T - np.diag(weight.sum(axis=1) + weight.sum(axis=0) + RIDGE)
        hessian[:n, n] = hessian[n, :n] = weight.sum(axis=1) - weight.sum(axis=0)
        hessian[n, n] = -weight.sum() - SIDE_RIDGE
        step = np.linalg.solve(hessian, gradient)
        theta = theta - step
        if np.abs(step).max() < tol:
            break
    return theta[:n] - theta[:n].mean(), float(theta[n])


def _bootstrap(civ_wins: np.ndarray, mur_wins: np.ndarray, ties: np.ndarray, rounds: int,
               rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """(rounds, n) strengths and (rounds,) side terms refitted on resampled logs."""
    n = civ_wins.shape[0]
    cells = np.concatenate([civ_wins.ravel(), mur_wins.ravel(), ties.ravel()])
    total = int(cells.sum())
    strengths, terms = np.zeros((rounds, n)), np.zeros(rounds)
    if total == 0:
        return strengths, terms
    for r in range(rounds):
        won, lost, tied = (c.reshape(n, n) for c in np.split(rng.multinomial(total, cells / total).astype(float), 3))
        strengths[r], terms[r] = fit_side_term(won + 0.5 * tied, won + lost + tied)
    return strengths, terms


def fit_side_balanced(log: GameLog, rounds: int = 100, rng: np.random.Generator | None = None) -> SideBalanced:
    """Strengths and side term on the full log, bootstrap percentile CIs, CI-aware ranks.

    As in `fit_bradley_terry`, only entries with rated games are fitted; the others get NaN and rank 0.
    """
    rng = rng if rng is not None else np.random.default_rng(0)
    civ_wins, mur_wins, ties = side_counts(log)
    games = civ_wins + mur_wins + ties
    played = np.flatnonzero((games + games.T).sum(axis=1) > 0)
    sub = np.ix_(played, played)
    b, h = fit_side_term(civ_wins[sub] + 0.5 * ties[sub], games[sub])
    strength, rating = np.full(log.n_entries, np.nan), np.full(log.n_entries, np.nan)
    low, high = rating.copy(), rating.copy()
    strength[played], rating[played] = b, to_scale(b)
    h_low = h_high = h
    if rounds > 0 and played.size:
        samples, terms = _bootstrap(civ_wins[sub], mur_wins[sub], ties[sub], rounds, rng)
        scaled = np.array([to_scale(s) for s in samples])
        low[played], high[played] = np.percentile(scaled, [2.5, 97.5], axis=0)
        h_low, h_high = (float(v) for v in np.percentile(terms, [2.5, 97.5]))
    else:
        low[played], high[played] = rating[played], rating[played]
    rank = np.zeros(log.n_entries, dtype=np.int64)
    rank[played] = ci_rank(low[played], high[played])
    side = SideAdvantage(h, h_low, h_high, int(games.sum()), int(mur_wins.sum()), int(civ_wins.sum()),
                         int(ties.sum()))
    return SideBalanced(log.entries, strength, rating, low, high, rank, side, rounds)
