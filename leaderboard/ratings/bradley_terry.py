"""Bradley-Terry: maximum-likelihood strengths from aggregated win counts, with bootstrap CIs.

P(i beats j) = 1 / (1 + exp(b_j - b_i)). The fit works on the entries x entries matrix of wins
(a draw is half a win for each side; faction is ignored here, TrueSkill covers factions), so
its cost does not grow with the number of games. A Newton solver with a weak ridge penalty (a
Gaussian prior of sd 10 log-odds units, which keeps an entry that never lost finite and fixes the
free additive constant) converges in a handful of iterations.

Strengths are put on an Elo-like scale: 400/ln(10) points per unit of log-odds, mean 1000.

Bootstrap: resampling N games with replacement from the log is the same as drawing the counts
of each distinct (winner, loser) cell from Multinomial(N, cell counts / N); we draw those counts
directly with the caller's seeded `numpy.random.Generator`, which is exact and independent of N.
The 95% CI is the 2.5th-97.5th percentile of the bootstrap ratings; an entry's rank is 1 + the
number of entries whose CI lies entirely above its own, so overlapping entries share a rank.

`groups` (optional, one label per entry) centres each group at 1000 on its own, in the point fit and
in every bootstrap round, and ranks entries within their group: `side_skill` fits an entry's
murderer side and civilian side as two players this way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from leaderboard.ratings.games import GameLog

SCALE = 400.0 / math.log(10.0)
ANCHOR = 1000.0
RIDGE = 1e-2


@dataclass(frozen=True)
class BradleyTerry:
    """Ratings on the Elo-like scale with bootstrap CIs and CI-aware ranks, indexed like `entries`."""

    entries: tuple[str, ...]
    rating: np.ndarray
    ci_low: np.ndarray
    ci_high: np.ndarray
    rank: np.ndarray
    rounds: int


def outcome_counts(log: GameLog) -> tuple[np.ndarray, np.ndarray]:
    """(decisive, draws): decisive[i, j] = games i won against j (either side); draws[i, j] = draws
    between i and j, counted once in the cell (civilian entry, murderer entry). Self-play is skipped."""
    n = log.n_entries
    keep = log.civ != log.mur
    civ, mur, out = log.civ[keep], log.mur[keep], log.outcome[keep]
    decisive, draws = np.zeros((n, n)), np.zeros((n, n))
    np.add.at(decisive, (civ[out == 1.0], mur[out == 1.0]), 1.0)
    np.add.at(decisive, (mur[out == 0.0], civ[out == 0.0]), 1.0)
    np.add.at(draws, (civ[out == 0.5], mur[out == 0.5]), 1.0)
    return decisive, draws


def win_matrix(log: GameLog) -> np.ndarray:
    """wins[i, j] = games entry i won against entry j (either side); a draw is half a win each."""
    decisive, draws = outcome_counts(log)
    return decisive + 0.5 * (draws + draws.T)


def fit_strengths(wins: np.ndarray, ridge: float = RIDGE, tol: float = 1e-10, max_iter: int = 100) -> np.ndarray:
    """Log-strengths b (mean 0) maximising sum w_ij log sigmoid(b_i - b_j) - ridge/2 |b|^2 (Newton)."""
    n = wins.shape[0]
    if n == 0:
        return np.zeros(0)
    games = wins + wins.T
    b = np.zeros(n)
    for _ in range(max_iter):
        p = 1.0 / (1.0 + np.exp(b[None, :] - b[:, None]))
        gradient = (wins - games * p).sum(axis=1) - ridge * b
        weight = games * p * (1.0 - p)
        hessian = weight - np.diag(weight.sum(axis=1) + ridge)
        step = np.linalg.solve(hessian, gradient)
        b = b - step
        if np.abs(step).max() < tol:
            break
    return b - b.mean()


def to_scale(b: np.ndarray) -> np.ndarray:
    return ANCHOR + SCALE * (b - b.mean()) if b.size else b


def centre_groups(ratings: np.ndarray, groups: np.ndarray) -> np.ndarray:
    """`ratings` (entries on the last axis) shifted so that every group's mean sits at ANCHOR."""
    out = np.array(ratings, dtype=np.float64)
    for group in np.unique(groups):
        cols = groups == group
        out[..., cols] += ANCHOR - out[..., cols].mean(axis=-1, keepdims=True)
    return out


def ci_rank(ci_low: np.ndarray, ci_high: np.ndarray, groups: np.ndarray | None = None) -> np.ndarray:
    """rank_i = 1 + #{j : ci_low[j] > ci_high[i]}: only entries clearly better push an entry down
    (with `groups`: only entries of the same group)."""
    better = ci_low[None, :] > ci_high[:, None]
    if groups is not None:
        better &= groups[None, :] == groups[:, None]
    return 1 + better.sum(axis=1)


def bootstrap_ratings(decisive: np.ndarray, draws: np.ndarray, rounds: int,
                      rng: np.random.Generator) -> np.ndarray:
    """(rounds, n) ratings refitted on resampled logs: each round draws the counts of every outcome
    cell (decisive and drawn) from Multinomial(N, counts / N), i.e. N games with replacement."""
    n = decisive.shape[0]
    cells = np.concatenate([decisive.ravel(), draws.ravel()])
    total = int(cells.sum())
    samples = np.full((rounds, n), ANCHOR)
    if total == 0:
        return samples
    for r in range(rounds):
        counts = rng.multinomial(total, cells / total).astype(np.float64)
        won, drawn = counts[: n * n].reshape(n, n), counts[n * n:].reshape(n, n)
        samples[r] = to_scale(fit_strengths(won + 0.5 * (drawn + drawn.T)))
    return samples


def fit_bradley_terry(log: GameLog, rounds: int = 100, rng: np.random.Generator | None = None,
                      groups: np.ndarray | None = None) -> BradleyTerry:
    """Point ratings on the full log, plus bootstrap percentile CIs and CI-aware ranks.

    Only entries with at least one rated game are fitted (and anchor the mean, of their group when
    `groups` labels the entries); the others get NaN ratings and rank 0, since the log says nothing
    about them.
    """
    rng = rng if rng is not None else np.random.default_rng(0)
    decisive, draws = outcome_counts(log)
    games = (decisive + decisive.T + draws + draws.T).sum(axis=1)
    played = np.flatnonzero(games > 0)
    sub = np.ix_(played, played)
    rating = np.full(log.n_entries, np.nan)
    low, high = rating.copy(), rating.copy()
    fitted = to_scale(fit_strengths(decisive[sub] + 0.5 * (draws[sub] + draws[sub].T)))
    group = None if groups is None else groups[played]
    rating[played] = fitted if group is None else centre_groups(fitted, group)
    if rounds > 0:
        samples = bootstrap_ratings(decisive[sub], draws[sub], rounds, rng)
        samples = samples if group is None else centre_groups(samples, group)
        low[played], high[played] = np.percentile(samples, [2.5, 97.5], axis=0)
    else:
        low[played], high[played] = rating[played], rating[played]
    rank = np.zeros(log.n_entries, dtype=np.int64)
    rank[played] = ci_rank(low[played], high[played], group)
    return BradleyTerry(log.entries, rating, low, high, rank, rounds)
