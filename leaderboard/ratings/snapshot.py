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

from leaderboard.ratings.board import BOOTSTRAP_ROUNDS, MIN_GAMES, Board, LeaderboardRow, compute_board
from leaderboard.store.records import RatingSnapshotRecord, utc_now
from leaderboard.store.writes import Store

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
