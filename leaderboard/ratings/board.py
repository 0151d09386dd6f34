"""The leaderboard: TrueSkill (sort key, conservative mu - 3 sigma) next to Bradley-Terry with CIs.

`compute_leaderboard(games)` is a pure function of the finished-game log; the same log gives the
same rows whatever order it is passed in (games are sorted by finished_at, game_id) and, for a
given `rng` seed, the same bootstrap CIs. `games`/`wins` count rated games (self-play excluded);
draws count as games but not wins. Rows with fewer than `min_games` games are provisional.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import trueskill

from leaderboard.ratings.bradley_terry import fit_bradley_terry
from leaderboard.ratings.games import GameLike, GameLog, build_log
from leaderboard.ratings.trueskill_ratings import SkillTable, faction_trueskill, overall_trueskill

MIN_GAMES = 10
BOOTSTRAP_ROUNDS = 100


@dataclass(frozen=True)
class LeaderboardRow:
    """One entry's standing. `mu`..`conservative` are overall TrueSkill; `bt`, `ci_low`, `ci_high`,
    `rank` are Bradley-Terry (Elo-like scale; None without games); `*_civilian` / `*_murderer` are the faction views."""

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

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class SideCounts:
    games: np.ndarray
    wins: np.ndarray
    draws: np.ndarray


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


def _rate(wins: int, games: int) -> float | None:
    return wins / games if games else None


def compute_leaderboard(games: Iterable[GameLike | Mapping[str, Any]], *, entries: Iterable[str] = (),
                        names: Mapping[str, str] | None = None, min_games: int = MIN_GAMES,
                        bootstrap_rounds: int = BOOTSTRAP_ROUNDS, rng: np.random.Generator | None = None,
                        env: trueskill.TrueSkill | None = None) -> list[LeaderboardRow]:
    """Rows sorted by conservative TrueSkill (best first), then entry id.

    `entries` adds entries without games; `names` maps entry ids to display names; `rng` seeds the
    bootstrap (default: `numpy.random.default_rng(0)`, so repeated calls agree).
    """
    log = build_log(games, entries)
    overall = overall_trueskill(log, env)
    civ_skill, mur_skill = faction_trueskill(log, env)
    bt = fit_bradley_terry(log, bootstrap_rounds, rng if rng is not None else np.random.default_rng(0))
    as_civ, as_mur = side_counts(log)
    rows = [_row(i, log, overall, civ_skill, mur_skill, bt, as_civ, as_mur, min_games, names or {})
            for i in range(log.n_entries)]
    return sorted(rows, key=lambda r: (-r.conservative, r.entry))


def _row(i: int, log: GameLog, overall: SkillTable, civ_skill: SkillTable, mur_skill: SkillTable, bt: Any,
         as_civ: SideCounts, as_mur: SideCounts, min_games: int, names: Mapping[str, str]) -> LeaderboardRow:
    games = int(as_civ.games[i] + as_mur.games[i])
    civ_games, mur_games = int(as_civ.games[i]), int(as_mur.games[i])
    civ_wins, mur_wins = int(as_civ.wins[i]), int(as_mur.wins[i])
    return LeaderboardRow(
        entry=log.entries[i], mu=float(overall.mu[i]), sigma=float(overall.sigma[i]),
        conservative=float(overall.conservative[i]), bt=_finite(bt.rating[i]), ci_low=_finite(bt.ci_low[i]),
        ci_high=_finite(bt.ci_high[i]), rank=int(bt.rank[i]) if games else None, games=games, wins=civ_wins + mur_wins,
        provisional=games < min_games, win_rate_civilian=_rate(civ_wins, civ_games),
        win_rate_murderer=_rate(mur_wins, mur_games), games_civilian=civ_games, games_murderer=mur_games,
        wins_civilian=civ_wins, wins_murderer=mur_wins, draws=int(as_civ.draws[i] + as_mur.draws[i]),
        mu_civilian=float(civ_skill.mu[i]), sigma_civilian=float(civ_skill.sigma[i]),
        mu_murderer=float(mur_skill.mu[i]), sigma_murderer=float(mur_skill.sigma[i]),
        name=names.get(log.entries[i]))
