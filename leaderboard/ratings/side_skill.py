"""Skill per side: a deceiving rating (as the murderer) and a detecting rating (as the civilians) per entry.

The side-balanced rating (`sides`) gives each entry one strength. Here each entry has two, `d` as
the murderer and `c` as the civilians, and a game of A as the civilians against B as the murderer is
a contest between A's detecting strength and B's deceiving strength:

    P(civilians win) = sigmoid(c_A - d_B)

with a vote tie half a win for each side. That is plain Bradley-Terry over 2n players (entry i as
the civilians is player i, as the murderer player n + i) in which civilian-side players only meet
murderer-side players, so it is fitted by `fit_bradley_terry` itself: the same ridge, the same
Elo-like scale (400/ln 10 points per log-odds unit) and the same bootstrap percentile 95% CIs.
Self-play is skipped, as in every other rating.

Identifiability. Only differences c_A - d_B enter the model: adding the same k to every c and every
d changes nothing, so the murderer side's advantage and the level of each side cannot be told
apart. Convention: **each side is centred on its own**: the mean detecting rating over the entries
that played as the civilians is 1000, and so is the mean deceiving rating over the entries that
played as the murderer, in the point fit and in every bootstrap round (`groups` in
`fit_bradley_terry`). 1000 on either side is the field's average on that side, the side gap is
taken out (as the side term takes it out of the side-balanced rating), and an entry as good on
both sides as the field gets about its side-balanced rating on both. The two ratings of one entry
compare its standing among murderers with its standing among civilians, not a deceiving skill with
a detecting skill in absolute terms.

The levels of the two sides are also tied together only through who met whom: when the graph
linking each civilian-side player to the murderer-side players it played falls apart (two entries
that only played each other, sides swapped, leave A-as-civilians and B-as-civilians with nothing
in common), the split is not identified, `identified` is False and no per-side ratings are given.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from leaderboard.ratings.bradley_terry import fit_bradley_terry
from leaderboard.ratings.games import GameLog

CIVILIAN_SIDE, MURDERER_SIDE = 0, 1


@dataclass(frozen=True)
class SideSkill:
    """Per-side ratings on the Elo-like scale, indexed like `entries`; NaN for a side an entry has not
    played (every entry when `identified` is False)."""

    entries: tuple[str, ...]
    murderer: np.ndarray
    murderer_low: np.ndarray
    murderer_high: np.ndarray
    civilian: np.ndarray
    civilian_low: np.ndarray
    civilian_high: np.ndarray
    identified: bool
    rounds: int


def side_log(log: GameLog) -> GameLog:
    """The log over 2n side players: entry i as the civilians is player i, as the murderer n + i (no self-play)."""
    keep = log.civ != log.mur
    players = (*(f"{e} as civilians" for e in log.entries), *(f"{e} as murderer" for e in log.entries))
    return GameLog(players, log.civ[keep], log.mur[keep] + log.n_entries, log.outcome[keep])


def connected(log: GameLog) -> bool:
    """Whether the players with games form one component of the who-met-whom graph (False without games)."""
    met = np.zeros((log.n_entries, log.n_entries), dtype=bool)
    met[log.civ, log.mur] = met[log.mur, log.civ] = True
    played = met.any(axis=1)
    if not played.any():
        return False
    reached = np.zeros(log.n_entries, dtype=bool)
    reached[np.argmax(played)] = True
    while (grown := reached | met[reached].any(axis=0)).sum() > reached.sum():
        reached = grown
    return bool((reached == played).all())


def fit_side_skill(log: GameLog, rounds: int = 100, rng: np.random.Generator | None = None) -> SideSkill:
    """Deceiving and detecting ratings with bootstrap CIs (see the module docstring for the convention)."""
    n, doubled = log.n_entries, side_log(log)
    if not connected(doubled):
        empty = np.full(n, np.nan)
        return SideSkill(log.entries, empty, empty, empty, empty, empty, empty, False, rounds)
    groups = np.repeat([CIVILIAN_SIDE, MURDERER_SIDE], n)
    fit = fit_bradley_terry(doubled, rounds, rng, groups=groups)
    return SideSkill(log.entries, fit.rating[n:], fit.ci_low[n:], fit.ci_high[n:], fit.rating[:n],
                     fit.ci_low[:n], fit.ci_high[:n], True, rounds)
