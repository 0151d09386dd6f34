"""Rating snapshots: recompute the board from the log and append it to `rating_snapshots`.

Ratings are derived data; snapshots only record how the board looked after each recomputation
(when a writer asks, e.g. after every round of a tournament), so the board can plot history.
Each entry gets three rows per snapshot: `overall` (TrueSkill + Bradley-Terry), and `civilians` /
`murderer` (that side's TrueSkill player, games and wins). The overall row's `details` keep the
rest of the board row (side-balanced rating, ties, forfeit rates...) and the board's summary
(murderer-side advantage, ties, whether games with provider failures were included).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import numpy as np

from arena.errors import ConfigError
from arena.store.queries import Reader
from arena.store.records import RatingPoolRecord, RatingSnapshotRecord, utc_now
from arena.store.writes import Store
from leaderboard.ratings.board import BOOTSTRAP_ROUNDS, MIN_GAMES, Board, LeaderboardRow, compute_board, games_played
from leaderboard.ratings.games import build_log
from leaderboard.ratings.pool import FrozenPool, PoolEntry, freeze
from leaderboard.ratings.sides import fit_side_balanced

SYSTEM = "trueskill+bradley-terry"
COLUMNS = ("entry", "mu", "sigma", "conservative", "bt", "ci_low", "ci_high", "rank", "games", "wins", "provisional")


def snapshot_records(rows: Sequence[LeaderboardRow], computed_at: datetime, n_games_total: int,
                     min_games: int = MIN_GAMES, snapshot_id: str | None = None,
                     summary: dict[str, Any] | None = None) -> list[RatingSnapshotRecord]:
    """The snapshot rows for a computed board (three per entry); `summary` goes into every overall row's details."""
    sid = snapshot_id or uuid.uuid4().hex
    common: dict[str, Any] = {"snapshot_id": sid, "computed_at": computed_at, "system": SYSTEM,
                              "n_games_total": n_games_total}
    records = []
    for row in rows:
        records.append(RatingSnapshotRecord(
            **common, entry_id=row.entry, faction="overall", mu=row.mu, sigma=row.sigma,
            conservative=row.conservative, bt=row.bt, ci_low=row.ci_low, ci_high=row.ci_high, rank=row.rank,
            games=row.games, wins=row.wins, provisional=row.provisional,
            details={**{k: v for k, v in row.to_dict().items() if k not in COLUMNS}, "board": summary or {}}))
        for faction, mu, sigma, games, wins in (
                ("civilians", row.mu_civilian, row.sigma_civilian, row.games_civilian, row.wins_civilian),
                ("murderer", row.mu_murderer, row.sigma_murderer, row.games_murderer, row.wins_murderer)):
            records.append(RatingSnapshotRecord.model_validate({
                **common, "entry_id": row.entry, "faction": faction, "mu": mu, "sigma": sigma,
                "conservative": mu - 3 * sigma, "games": games, "wins": wins, "provisional": games < min_games}))
    return records


def recompute_and_snapshot(store: Store, *, min_games: int = MIN_GAMES, bootstrap_rounds: int = BOOTSTRAP_ROUNDS,
                           seed: int = 0, computed_at: datetime | None = None,
                           include_provider_failures: bool = False) -> list[LeaderboardRow]:
    """Recompute the board from the store's game log (plus registered entries without games yet)
    and append a snapshot; returns the rows."""
    return snapshot_board(store, min_games=min_games, bootstrap_rounds=bootstrap_rounds, seed=seed,
                          computed_at=computed_at, include_provider_failures=include_provider_failures).rows


def snapshot_board(store: Store, *, min_games: int = MIN_GAMES, bootstrap_rounds: int = BOOTSTRAP_ROUNDS,
                   seed: int = 0, computed_at: datetime | None = None,
                   include_provider_failures: bool = False) -> Board:
    """`recompute_and_snapshot`, returning the whole board (rows and summary)."""
    games = store.game_log()
    board = compute_board(games, entries=store.active_entry_ids(), min_games=min_games,
                          bootstrap_rounds=bootstrap_rounds, rng=np.random.default_rng(seed),
                          include_provider_failures=include_provider_failures)
    finished = sum(1 for g in games if g.status == "finished")
    if board.rows:
        store.record_rating_snapshot(snapshot_records(board.rows, computed_at or utc_now(), finished, min_games,
                                                      summary=board.summary()))
    return board


def freeze_pool(store: Store, name: str, *, bootstrap_rounds: int = BOOTSTRAP_ROUNDS, seed: int = 0,
                include_provider_failures: bool = False, frozen_at: datetime | None = None) -> FrozenPool:
    """Fit the side-balanced ratings on the whole log and store them as pool `name` (once, never changed)."""
    games = store.game_log()
    log = build_log(games, include_provider_failures=include_provider_failures)
    fit = fit_side_balanced(log, bootstrap_rounds, np.random.default_rng(seed))
    pool = freeze(name, fit, games_played(log), frozen_at or utc_now(), log.n_games)
    if not pool.entries:
        raise ConfigError(f"pool {name!r}: no rated games to freeze yet; play a tournament first")
    store.freeze_pool([RatingPoolRecord(pool=name, frozen_at=pool.frozen_at, entry_id=e.entry_id,
                                        strength=e.strength, rating=e.rating, ci_low=e.ci_low, ci_high=e.ci_high,
                                        games=e.games, side_term=pool.side_term, n_games_total=pool.n_games_total)
                       for e in pool.entries])
    return pool


def load_pool(reader: Reader, name: str) -> FrozenPool | None:
    """The frozen pool `name` as stored, or None."""
    rows = reader.rating_pool(name)
    if not rows:
        return None
    entries = tuple(PoolEntry(r.entry_id, r.strength, r.rating, r.ci_low, r.ci_high, r.games) for r in rows)
    return FrozenPool(name, rows[0].frozen_at, entries, rows[0].side_term, rows[0].n_games_total)
