"""Adaptive scheduling: after the all-play-all, play the match whose outcome is least certain.

The rule, computed from the finished games among the tournament's entries (TrueSkill recomputed
from the log in its fixed order, so the choice is a pure function of the log):

1. For every unordered pair (a, b), TrueSkill's predicted probability that a beats b is
   p = Phi((mu_a - mu_b) / c) with c = sqrt(2 beta^2 + sigma_a^2 + sigma_b^2).
2. Choose the pair whose p is closest to 1/2 (largest p(1 - p), rounded to 1e-9 so that
   floating-point noise cannot decide). Both close skills and large uncertainties push p towards
   1/2, so this picks pairs that are close *or* little known.
3. Ties: the larger combined variance sigma_a^2 + sigma_b^2 first, then the pair with fewer games
   between them, then the entry ids in order.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import trueskill

from arena.errors import ConfigError
from leaderboard.ratings.games import GameLike, build_log
from leaderboard.ratings.trueskill_ratings import default_env, overall_trueskill


@dataclass(frozen=True)
class PairScore:
    """Why a pair was (or was not) chosen."""

    entry_a: str
    entry_b: str
    p_a_wins: float
    uncertainty: float
    variance: float
    games: int

    def sort_key(self) -> tuple[float, float, int, str, str]:
        return (-round(self.uncertainty, 9), -round(self.variance, 9), self.games, self.entry_a, self.entry_b)


def pair_scores(games: Iterable[GameLike], entry_ids: Sequence[str],
                env: trueskill.TrueSkill | None = None) -> list[PairScore]:
    """Every unordered pair of `entry_ids`, most uncertain first (see the module's rule)."""
    if len(set(entry_ids)) < 2:
        raise ConfigError("adaptive scheduling needs at least two entries")
    env = env or default_env()
    chosen = set(entry_ids)
    relevant = [g for g in games if g.civilians_entry in chosen and g.murderer_entry in chosen]
    log = build_log(relevant, entry_ids)
    skill = overall_trueskill(log, env)
    index = {name: i for i, name in enumerate(log.entries)}
    met = Counter(frozenset((g.civilians_entry, g.murderer_entry)) for g in relevant)
    scores = []
    for a, b in itertools.combinations(sorted(chosen), 2):
        i, j = index[a], index[b]
        variance = float(skill.sigma[i] ** 2 + skill.sigma[j] ** 2)
        c = math.sqrt(2 * env.beta ** 2 + variance)
        p = 0.5 * (1.0 + math.erf((skill.mu[i] - skill.mu[j]) / (c * math.sqrt(2.0))))
        scores.append(PairScore(a, b, p, p * (1.0 - p), variance, met[frozenset((a, b))]))
    return sorted(scores, key=PairScore.sort_key)


def choose_pair(games: Iterable[GameLike], entry_ids: Sequence[str]) -> tuple[str, str]:
    """The pair to play next: the first of `pair_scores`."""
    best = pair_scores(games, entry_ids)[0]
    return best.entry_a, best.entry_b
