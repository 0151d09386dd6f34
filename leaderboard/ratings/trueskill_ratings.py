"""TrueSkill over the game log, recomputed from scratch in the log's fixed order.

Each finished game is one 1-vs-1 match between the civilian entry (seated in every civilian role)
and the murderer entry; a finished game without a winner is a draw. Self-play games (the same
entry on both sides) carry no information about relative skill and are skipped.

Two views:

- overall: one player per entry, whatever side it plays;
- per faction: the civilian side of X and the murderer side of Y are distinct players, so
  `(X, civilians)` is rated only from X's games as civilians, against murderer-side players.
  Sides are not balanced (murderers may win more often in a given case pool); separate players
  absorb that imbalance instead of letting it leak into the overall rating, and the two
  per-faction ratings of an entry show where its strength lies. Faction ratings are comparable
  within one faction, not across factions.

The `trueskill` package defines the environment (mu 25, sigma 25/3, beta, tau, 10% draw
probability) and its v/w functions; each update is the exact closed form of its 1-vs-1 factor
graph, ~50x faster than `trueskill.rate_1vs1` (which builds a graph per game) and checked
against it in the tests. `reference=True` uses `rate_1vs1` itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import trueskill

from leaderboard.ratings.games import GameLog


@dataclass(frozen=True)
class SkillTable:
    """Ratings of `n` players: mu, sigma; conservative = mu - 3 sigma."""

    mu: np.ndarray
    sigma: np.ndarray

    @property
    def conservative(self) -> np.ndarray:
        return self.mu - 3.0 * self.sigma


def default_env() -> trueskill.TrueSkill:
    return trueskill.TrueSkill()


def rate_pair(env: trueskill.TrueSkill, winner: tuple[float, float], loser: tuple[float, float],
              drawn: bool = False) -> tuple[tuple[float, float], tuple[float, float]]:
    """One 1-vs-1 update, (mu, sigma) of the winner and the loser (order irrelevant for a draw)."""
    (mu_w, sig_w), (mu_l, sig_l) = winner, loser
    var_w, var_l = sig_w * sig_w + env.tau * env.tau, sig_l * sig_l + env.tau * env.tau
    c = math.sqrt(2.0 * env.beta * env.beta + var_w + var_l)
    margin = trueskill.calc_draw_margin(env.draw_probability, 2, env) / c
    t = (mu_w - mu_l) / c
    v, w = _v_w(env, t, margin, drawn)
    mu_w, mu_l = mu_w + var_w / c * v, mu_l - var_l / c * v
    sig_w = math.sqrt(var_w * max(1.0 - var_w / (c * c) * w, 1e-12))
    sig_l = math.sqrt(var_l * max(1.0 - var_l / (c * c) * w, 1e-12))
    return (mu_w, sig_w), (mu_l, sig_l)


def _v_w(env: trueskill.TrueSkill, t: float, margin: float, drawn: bool) -> tuple[float, float]:
    """The package's v and w; at extreme skill gaps (where it raises) use their limits instead."""
    if drawn:
        try:
            return env.v_draw(t, margin), env.w_draw(t, margin)
        except FloatingPointError:
            return (-t, 1.0) if abs(t) > margin else (0.0, 0.0)
    try:
        return env.v_win(t, margin), env.w_win(t, margin)
    except FloatingPointError:
        x = t - margin
        return (0.0, 0.0) if x > 0 else (-x, 1.0)


def _rate_reference(env: trueskill.TrueSkill, winner: tuple[float, float], loser: tuple[float, float],
                    drawn: bool) -> tuple[tuple[float, float], tuple[float, float]]:
    new_w, new_l = trueskill.rate_1vs1(env.create_rating(*winner), env.create_rating(*loser), drawn=drawn, env=env)
    return (new_w.mu, new_w.sigma), (new_l.mu, new_l.sigma)


def run_trueskill(n_players: int, first: np.ndarray, second: np.ndarray, outcome: np.ndarray,
                  env: trueskill.TrueSkill | None = None, reference: bool = False) -> SkillTable:
    """Play games in order: `first[i]` vs `second[i]`, `outcome[i]` 1 = first won, 0 = second won, 0.5 = draw."""
    env = env or default_env()
    mu = [env.mu] * n_players
    sigma = [env.sigma] * n_players
    rate = _rate_reference if reference else rate_pair
    for a, b, result in zip(first.tolist(), second.tolist(), outcome.tolist(), strict=True):
        if a == b:
            continue
        win, lose = (a, b) if result >= 0.5 else (b, a)
        (mu[win], sigma[win]), (mu[lose], sigma[lose]) = rate(
            env, (mu[win], sigma[win]), (mu[lose], sigma[lose]), result == 0.5)
    return SkillTable(np.array(mu), np.array(sigma))


def overall_trueskill(log: GameLog, env: trueskill.TrueSkill | None = None, reference: bool = False) -> SkillTable:
    """One player per entry (index = position in `log.entries`)."""
    return run_trueskill(log.n_entries, log.civ, log.mur, log.outcome, env, reference)


def faction_trueskill(log: GameLog, env: trueskill.TrueSkill | None = None,
                      reference: bool = False) -> tuple[SkillTable, SkillTable]:
    """(civilian-side ratings, murderer-side ratings), each indexed like `log.entries`."""
    n = log.n_entries
    table = run_trueskill(2 * n, log.civ, log.mur + n, log.outcome, env, reference)
    return SkillTable(table.mu[:n], table.sigma[:n]), SkillTable(table.mu[n:], table.sigma[n:])
