"""The leaderboard: entries ranked by a side-balanced Bradley-Terry rating, beside TrueSkill.

`compute_board(games)` is a pure function of the game log: the same games give the same board
whatever order they are passed in (they are read in plan order, see `games`) and, for a given
`rng` seed, the same bootstrap CIs. Rows are sorted by the side-balanced rating's CI-aware rank,
then the rating (`sides`); the board also carries the murderer-side advantage with its 95%
interval and the number of vote ties.

Per row: `games`/`wins` count rated games (self-play excluded); a vote tie (`draws`) counts as a
game but not a win, and win rates leave ties out (wins / (games - ties)), as WhodunitBench's
Table 2 does. TrueSkill overall and per faction (mu, sigma) and the plain Bradley-Terry fit
(`bt`, faction ignored) are the second opinions. `forfeit_rate`, `provider_failure_rate` and
`unrated_games` come from every recorded game passed in (`failures`); games with provider
forfeits are left out of every rating unless `include_provider_failures`. Rows with fewer than
`min_games` games are provisional.

Beside the side-balanced rating: the deceiving (`rating_murderer`) and detecting (`rating_civilian`)
ratings (`side_skill`; None for every row when the games do not identify them, see
`per_side_identified` in the summary), and the clean-games rating (`rating_clean`, over the
`clean_games` in which neither side forfeited, `clean`) with `clean_differs` when its interval and
the all-games one do not overlap. Each comes with its 95% bounds (`*_low`, `*_high`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import trueskill

from leaderboard.ratings.bradley_terry import BradleyTerry, fit_bradley_terry
from leaderboard.ratings.clean import fit_clean, intervals_apart
from leaderboard.ratings.defaults import BOOTSTRAP_ROUNDS, MIN_GAMES
from leaderboard.ratings.failures import FailureStats, failure_stats
from leaderboard.ratings.games import GameLike, GameLog, build_log, encode_log, sort_games
from leaderboard.ratings.side_skill import SideSkill, fit_side_skill
from leaderboard.ratings.sides import SideAdvantage, SideBalanced, fit_side_balanced
from leaderboard.ratings.trueskill_ratings import SkillTable, faction_trueskill, overall_trueskill


@dataclass(frozen=True)
class LeaderboardRow:
    """One entry's standing. `rating`, `rating_low`, `rating_high`, `rank` are the side-balanced
    Bradley-Terry rating (Elo-like scale; None without games) and its CI-aware rank; `mu`..`conservative`
    are overall TrueSkill; `bt`, `ci_low`, `ci_high` plain Bradley-Terry; `*_civilian` / `*_murderer`
    are the faction views; `draws` are vote ties; `rating_murderer`, `rating_civilian` the per-side
    ratings and `rating_clean` the clean-games rating, each with `_low`/`_high` bounds."""

    entry: str
    mu: float
    sigma: float
    conservative: float
    bt: float | None
    ci_low: float | None
    ci_high: float | None
    rank: int | None
    games: int
    wins: int
    provisional: bool
    win_rate_civilian: float | None
    win_rate_murderer: float | None
    games_civilian: int
    games_murderer: int
    wins_civilian: int
    wins_murderer: int
    draws: int
    mu_civilian: float
    sigma_civilian: float
    mu_murderer: float
    sigma_murderer: float
    name: str | None = None
    rating: float | None = None
    rating_low: float | None = None
    rating_high: float | None = None
    draws_civilian: int = 0
    draws_murderer: int = 0
    decisions: int = 0
    forfeits: int = 0
    provider_forfeits: int = 0
    forfeit_rate: float | None = None
    provider_failure_rate: float | None = None
    unrated_games: int = 0
    rating_murderer: float | None = None
    rating_murderer_low: float | None = None
    rating_murderer_high: float | None = None
    rating_civilian: float | None = None
    rating_civilian_low: float | None = None
    rating_civilian_high: float | None = None
    rating_clean: float | None = None
    rating_clean_low: float | None = None
    rating_clean_high: float | None = None
    clean_games: int = 0
    clean_differs: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class SideCounts:
    games: np.ndarray
    wins: np.ndarray
    draws: np.ndarray


def games_played(log: GameLog) -> np.ndarray:
    """Rated games per entry, self-play excluded."""
    keep = log.civ != log.mur
    return np.bincount(np.concatenate([log.civ[keep], log.mur[keep]]), minlength=log.n_entries).astype(np.int64)


def side_counts(log: GameLog) -> tuple[SideCounts, SideCounts]:
    """(as civilians, as murderer) games, wins and draws per entry, self-play excluded."""
    n = log.n_entries
    keep = log.civ != log.mur
    civ, mur, out = log.civ[keep], log.mur[keep], log.outcome[keep]
    def count(idx: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
        return np.bincount(idx, weights=weights, minlength=n).astype(np.int64)
    as_civ = SideCounts(count(civ), count(civ, (out == 1.0) * 1.0), count(civ, (out == 0.5) * 1.0))
    as_mur = SideCounts(count(mur), count(mur, (out == 0.0) * 1.0), count(mur, (out == 0.5) * 1.0))
    return as_civ, as_mur


def _finite(value: float) -> float | None:
    return float(value) if np.isfinite(value) else None


def _rate(wins: int, games: int, ties: int) -> float | None:
    """Win rate without ties (WhodunitBench Table 2); None without decisive games."""
    return wins / (games - ties) if games > ties else None


@dataclass(frozen=True)
class Board:
    """The rows (ranked), the murderer-side advantage, and what the ratings were computed from."""

    rows: list[LeaderboardRow]
    side: SideAdvantage
    rated_games: int
    ties: int
    excluded_games: int
    include_provider_failures: bool
    per_side_identified: bool = False
    clean_rated_games: int = 0

    def summary(self) -> dict[str, Any]:
        """The board-level figures (for JSON and snapshots)."""
        p, p_low, p_high = self.side.equal_murderer_wins
        return {"side_term": self.side.term, "side_term_low": self.side.low, "side_term_high": self.side.high,
                "equal_murderer_wins": p, "equal_murderer_wins_low": p_low, "equal_murderer_wins_high": p_high,
                "rated_games": self.rated_games, "ties": self.ties, "decisive_games": self.rated_games - self.ties,
                "murderer_wins": self.side.murderer_wins, "civilian_wins": self.side.civilian_wins,
                "excluded_provider_failure_games": self.excluded_games,
                "include_provider_failures": self.include_provider_failures,
                "per_side_identified": self.per_side_identified, "clean_rated_games": self.clean_rated_games}


def compute_board(games: Iterable[GameLike | Mapping[str, Any]], *, entries: Iterable[str] = (),
                  names: Mapping[str, str] | None = None, min_games: int = MIN_GAMES,
                  bootstrap_rounds: int = BOOTSTRAP_ROUNDS, rng: np.random.Generator | None = None,
                  env: trueskill.TrueSkill | None = None, include_provider_failures: bool = False) -> Board:
    """The board of `games` (any status: only finished games are rated; all count for failure rates).

    `entries` adds entries without games; `names` maps entry ids to display names; `rng` seeds the
    bootstrap (default: `numpy.random.default_rng(0)`, so repeated calls agree).
    """
    games = list(games.to_dict("records") if hasattr(games, "to_dict") and hasattr(games, "columns") else games)
    ordered = sort_games(games, include_provider_failures)
    log = encode_log(ordered, entries)
    everything = build_log(games, entries, include_provider_failures=True)
    rng = rng if rng is not None else np.random.default_rng(0)
    bt = fit_bradley_terry(log, bootstrap_rounds, rng)
    balanced = fit_side_balanced(log, bootstrap_rounds, rng)
    per_side = fit_side_skill(log, bootstrap_rounds, rng)
    clean, clean_log = fit_clean(ordered, log, balanced, bootstrap_rounds, rng)
    parts = _Parts(log, overall_trueskill(log, env), *faction_trueskill(log, env), bt, balanced, *side_counts(log),
                   failure_stats(games), per_side, clean, games_played(clean_log))
    rows = [_row(i, parts, min_games, names or {}) for i in range(log.n_entries)]
    ranked = sorted(rows, key=lambda r: (r.rank or log.n_entries + 1, -(r.rating or 0.0), -r.conservative, r.entry))
    ties = int(np.count_nonzero(log.outcome[log.civ != log.mur] == 0.5))
    return Board(ranked, balanced.side, log.n_games, ties, everything.n_games - log.n_games,
                 include_provider_failures, per_side.identified, clean_log.n_games)


def compute_leaderboard(games: Iterable[GameLike | Mapping[str, Any]], **options: Any) -> list[LeaderboardRow]:
    """The rows of `compute_board` (same options)."""
    return compute_board(games, **options).rows


@dataclass(frozen=True)
class _Parts:
    log: GameLog
    overall: SkillTable
    civ_skill: SkillTable
    mur_skill: SkillTable
    bt: BradleyTerry
    balanced: SideBalanced
    as_civ: SideCounts
    as_mur: SideCounts
    failures: dict[str, FailureStats]
    per_side: SideSkill
    clean: SideBalanced
    clean_games: np.ndarray


def _side_fields(i: int, p: _Parts) -> dict[str, Any]:
    """The per-side and clean-games fields of row `i`."""
    s, c = p.per_side, p.clean
    fields = {"rating_murderer": s.murderer, "rating_murderer_low": s.murderer_low,
              "rating_murderer_high": s.murderer_high, "rating_civilian": s.civilian,
              "rating_civilian_low": s.civilian_low, "rating_civilian_high": s.civilian_high,
              "rating_clean": c.rating, "rating_clean_low": c.ci_low, "rating_clean_high": c.ci_high}
    values = {name: _finite(column[i]) for name, column in fields.items()}
    differs = intervals_apart(_finite(p.balanced.ci_low[i]), _finite(p.balanced.ci_high[i]),
                              values["rating_clean_low"], values["rating_clean_high"])
    return {**values, "clean_games": int(p.clean_games[i]), "clean_differs": differs}


def _row(i: int, p: _Parts, min_games: int, names: Mapping[str, str]) -> LeaderboardRow:
    civ, mur, entry = p.as_civ, p.as_mur, p.log.entries[i]
    games = int(civ.games[i] + mur.games[i])
    civ_games, civ_wins, civ_draws = int(civ.games[i]), int(civ.wins[i]), int(civ.draws[i])
    mur_games, mur_wins, mur_draws = int(mur.games[i]), int(mur.wins[i]), int(mur.draws[i])
    fail = p.failures.get(entry, FailureStats())
    return LeaderboardRow(
        entry=entry, mu=float(p.overall.mu[i]), sigma=float(p.overall.sigma[i]),
        conservative=float(p.overall.conservative[i]), bt=_finite(p.bt.rating[i]), ci_low=_finite(p.bt.ci_low[i]),
        ci_high=_finite(p.bt.ci_high[i]), rank=int(p.balanced.rank[i]) if games else None, games=games,
        wins=civ_wins + mur_wins, provisional=games < min_games,
        win_rate_civilian=_rate(civ_wins, civ_games, civ_draws),
        win_rate_murderer=_rate(mur_wins, mur_games, mur_draws),
        games_civilian=civ_games, games_murderer=mur_games, wins_civilian=civ_wins, wins_murderer=mur_wins,
        draws=civ_draws + mur_draws, mu_civilian=float(p.civ_skill.mu[i]),
        sigma_civilian=float(p.civ_skill.sigma[i]),
        mu_murderer=float(p.mur_skill.mu[i]), sigma_murderer=float(p.mur_skill.sigma[i]), name=names.get(entry),
        rating=_finite(p.balanced.rating[i]), rating_low=_finite(p.balanced.ci_low[i]),
        rating_high=_finite(p.balanced.ci_high[i]), draws_civilian=civ_draws, draws_murderer=mur_draws,
        decisions=fail.decisions, forfeits=fail.forfeits, provider_forfeits=fail.provider_forfeits,
        forfeit_rate=fail.forfeit_rate, provider_failure_rate=fail.provider_failure_rate,
        unrated_games=fail.unrated_games, **_side_fields(i, p))
