"""The clean-games rating: the side-balanced rating refitted on the games in which neither side forfeited.

A forfeited decision (the model's own fault, `parse_error` / `invalid_action`, or a provider
failure) can hand the other side the game, so a rating over every game can reward outlasting the
opponent's rule breaks rather than playing well (MindGames' error-survival confound). The
clean-games rating keeps only the rated games whose forfeit counts (`*_own_forfeits` and
`*_provider_forfeits` of both sides, `RatedGame.forfeits`) are all zero; games recorded without
forfeit counts count as clean. It is `fit_side_balanced` on that log: same model, scale
and bootstrap CIs, centred at 1000 over the entries it rates. When no rated game had a forfeit, it is
the all-games fit itself (same games, so the same interval rather than another bootstrap draw).

An entry is flagged (`intervals_apart`) when its all-games and clean-games 95% intervals do not
overlap: its two ratings differ by more than their uncertainty.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from leaderboard.ratings.games import GameLog, RatedGame, encode_log
from leaderboard.ratings.sides import SideBalanced, fit_side_balanced


def clean_games(ordered: Sequence[RatedGame]) -> list[RatedGame]:
    """The games in which neither side forfeited a decision, in the same order."""
    return [g for g in ordered if g.forfeits == 0]


def fit_clean(ordered: Sequence[RatedGame], log: GameLog, fit: SideBalanced, rounds: int,
              rng: np.random.Generator) -> tuple[SideBalanced, GameLog]:
    """The side-balanced fit on the clean games among `ordered` (the rated games `log` encodes, in its order)
    and their log, both indexed like `log` (every entry kept, with or without clean games); `fit` is the
    all-games fit of `log`."""
    clean = encode_log(clean_games(ordered), log.entries)
    if clean.n_games == log.n_games:  # nothing forfeited: the same games
        return fit, clean
    return fit_side_balanced(clean, rounds, rng), clean


def intervals_apart(low: float | None, high: float | None, other_low: float | None,
                    other_high: float | None) -> bool:
    """Whether two intervals are both known and do not overlap."""
    if low is None or high is None or other_low is None or other_high is None:
        return False
    return other_high < low or other_low > high
