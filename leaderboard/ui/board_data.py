"""The ratings the board shows: the latest stored snapshot, or a labelled live fallback.

The board only displays ratings; the arena computes them (`recompute_and_snapshot` after every
tournament, or `arena leaderboard --snapshot`). The latest snapshot is used as it is when it
covers every finished game (`n_games_total` equals the finished-game count). When there is no
snapshot, or the games table has moved past it, the board computes the ratings once in memory
with `compute_leaderboard` (fewer bootstrap rounds, `FALLBACK_BOOTSTRAP`), caches them for
`FALLBACK_TTL_S` keyed by the finished-game count, and labels them as such. Nothing is written.

Rows are ranked by the side-balanced Bradley-Terry rating and carry the per-side (deceiving, detecting)
and clean-games ratings; the board also carries the murderer-side advantage, the tie count and
whether games with provider failures were rated (`summary`, from the snapshot's details or the live
computation). A frozen reference pool
(`pool_view`) shows the pool's stored ratings and the entries placed against it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd
import streamlit as st

from arena.store import RatingSnapshotRecord, Reader
from arena.store import board_queries as q
from arena.store.queries import active_entry_ids
from leaderboard.ratings.board import MIN_GAMES, compute_board
from leaderboard.ratings.games import build_log
from leaderboard.ratings.pool import place_newcomers
from leaderboard.ratings.snapshot import load_pool
from leaderboard.ui.data import TTL_S, Version, file_version, frame

HISTORY_COLUMNS = ["computed_at", "faction", "mu", "sigma", "conservative", "bt", "ci_low", "ci_high", "rank",
                   "games", "wins"]
FALLBACK_BOOTSTRAP = 20
FALLBACK_TTL_S = 600
BOARD_COLUMNS = ["entry", "mu", "sigma", "conservative", "bt", "ci_low", "ci_high", "rank", "games", "wins",
                 "provisional", "games_civilian", "wins_civilian", "games_murderer", "wins_murderer", "rating",
                 "rating_low", "rating_high", "draws", "draws_civilian", "draws_murderer", "win_rate_civilian",
                 "win_rate_murderer", "mu_civilian", "sigma_civilian", "mu_murderer", "sigma_murderer",
                 "forfeit_rate", "provider_failure_rate", "unrated_games", "rating_murderer", "rating_murderer_low",
                 "rating_murderer_high", "rating_civilian", "rating_civilian_low", "rating_civilian_high",
                 "rating_clean", "rating_clean_low", "rating_clean_high", "clean_games", "clean_differs"]
SIDE_RATINGS = ("rating_murderer", "rating_civilian", "rating_clean")
"""The per-side and clean-games ratings, each with `_low` / `_high` bounds (and `_ci` text from `with_entry_info`)."""


@dataclass(frozen=True)
class Board:
    """The rows to show and where they came from: `source` is "snapshot" or "live"."""

    rows: pd.DataFrame
    source: str
    computed_at: object
    n_games: int
    n_finished: int
    summary: dict[str, Any] = field(default_factory=dict)
    snapshot_id: str | None = None


def snapshot_rows(snapshot: pd.DataFrame) -> pd.DataFrame:
    """One row per entry: the overall view, the rest of its board row from `details`, and games and
    wins per side from the faction views (snapshots older than the details have only those)."""
    overall = snapshot[snapshot["faction"] == "overall"].set_index("entry")
    details = pd.DataFrame([{k: v for k, v in json.loads(d or "null").items() if k != "board"}
                            if isinstance(d, str) and d != "null" else {} for d in overall["details"]],
                           index=overall.index)
    overall = overall.join(details[[c for c in details.columns if c not in overall.columns]])
    for faction, suffix in (("civilians", "civilian"), ("murderer", "murderer")):
        side = snapshot[snapshot["faction"] == faction].set_index("entry")[["games", "wins"]]
        side = side.rename(columns={"games": f"games_{suffix}", "wins": f"wins_{suffix}"})
        overall = overall.join(side[[c for c in side.columns if c not in overall.columns]])
    return overall.reset_index().reindex(columns=BOARD_COLUMNS)


def snapshot_summary(snapshot: pd.DataFrame) -> dict[str, Any]:
    """The board-level figures stored with the snapshot ({} for older snapshots)."""
    for text in snapshot.loc[snapshot["faction"] == "overall", "details"]:
        if isinstance(text, str) and text != "null":
            return dict(json.loads(text).get("board") or {})
    return {}


@st.cache_data(ttl=FALLBACK_TTL_S, show_spinner="Computing ratings from the game log...")
def live_rows(path: str, n_finished: int, last: object) -> tuple[pd.DataFrame, dict[str, Any]]:
    """Ratings computed here from the game log (cached per finished-game count), and the board summary."""
    with Reader(path).snapshot() as conn:
        if conn is None:
            return pd.DataFrame(columns=BOARD_COLUMNS), {}
        games = q.game_log_rows(conn)
        active = active_entry_ids(conn)
    board = compute_board(games, entries=active, min_games=MIN_GAMES, bootstrap_rounds=FALLBACK_BOOTSTRAP,
                          rng=np.random.default_rng(0))
    return pd.DataFrame([r.to_dict() for r in board.rows]).reindex(columns=BOARD_COLUMNS), board.summary()


def snapshot_frame(records: list[RatingSnapshotRecord]) -> pd.DataFrame:
    """The latest snapshot's rows as a frame: `entry`, the stored figures, `details` as JSON text."""
    return pd.DataFrame([{**r.model_dump(exclude={"entry_id", "details", "system"}), "entry": r.entry_id,
                          "details": None if r.details is None else json.dumps(r.details)} for r in records])


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _board(path: str, version: Version) -> Board:
    finished_now = frame(path, q.finished_count)
    if finished_now.empty:
        return Board(pd.DataFrame(columns=BOARD_COLUMNS), "snapshot", None, 0, 0)
    snapshot, finished = snapshot_frame(Reader(path).latest_snapshot()), finished_now.iloc[0]
    n_finished = int(finished["n"])
    if not snapshot.empty and int(snapshot["n_games_total"].iloc[0]) >= n_finished:
        return Board(snapshot_rows(snapshot), "snapshot", snapshot["computed_at"].iloc[0],
                     int(snapshot["n_games_total"].iloc[0]), n_finished, snapshot_summary(snapshot),
                     str(snapshot["snapshot_id"].iloc[0]))
    if not n_finished:
        return Board(pd.DataFrame(columns=BOARD_COLUMNS), "live", None, 0, 0)
    rows, summary = live_rows(path, n_finished, finished["last"])
    return Board(rows, "live", None, n_finished, n_finished, summary)


def board(path: str) -> Board:
    return _board(path, file_version(path))


FIELD_RATING = 1000.0  # the side-balanced rating's scale is centred on the field: 1000 = an average entry


def with_costs(table: pd.DataFrame, costs: pd.DataFrame) -> pd.DataFrame:
    """Adds `cost_per_game` (dollars per game the entry played, from its calls) and `cost_per_point`
    (its total spend per rating point above the field's 1000; None at or below it, or when it spent nothing
    that was priced)."""
    spend = costs.set_index("entry_id")["cost_usd"] if not costs.empty else pd.Series(dtype=float)
    total = table["entry"].map(spend).astype(float)
    games = table["games"].astype(float)
    above = table["rating"].astype(float) - FIELD_RATING
    with np.errstate(invalid="ignore", divide="ignore"):
        per_game = total / games.where(games > 0)
        per_point = total.where(total > 0) / above.where(above > 0)
    return table.assign(cost_usd=total, cost_per_game=per_game, cost_per_point=per_point)


def with_entry_info(rows: pd.DataFrame, entries: pd.DataFrame) -> pd.DataFrame:
    """Adds display name, deprecated flag, per-side win rates and the CIs as +above / -below the ratings."""
    info = entries.set_index("entry_id")[["display", "deprecated"]]
    table = rows.join(info, on="entry")
    table["display"] = table["display"].fillna(table["entry"])
    table["deprecated"] = table["deprecated"].fillna(False).astype(bool)
    for side in ("civilian", "murderer"):  # older snapshots: rates from games and wins (no tie counts stored)
        games = table[f"games_{side}"] - table[f"draws_{side}"].fillna(0)
        with np.errstate(invalid="ignore", divide="ignore"):
            fallback = table[f"wins_{side}"] / games.where(games > 0)
        table[f"win_rate_{side}"] = table[f"win_rate_{side}"].astype(float).fillna(fallback)
    table["ci"] = [ci_text(bt, low, high) for bt, low, high in zip(table["bt"], table["ci_low"], table["ci_high"],
                                                                    strict=True)]
    for name in ("rating", *SIDE_RATINGS):
        table[f"{name}_ci"] = [ci_text(r, low, high) for r, low, high in zip(table[name], table[f"{name}_low"],
                                                                             table[f"{name}_high"], strict=True)]
    return table


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _pool_names(path: str, version: Version) -> list[str]:
    return Reader(path).rating_pool_names()


def pool_names(path: str) -> list[str]:
    """Names of the frozen reference pools, oldest first."""
    return _pool_names(path, file_version(path))


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _pool_view(path: str, version: Version, name: str) -> tuple[pd.DataFrame, dict[str, Any]]:
    reader = Reader(path)
    frozen = load_pool(reader, name)
    if frozen is None:
        return pd.DataFrame(), {}
    placed = place_newcomers(frozen, build_log(reader.game_log()), FALLBACK_BOOTSTRAP, np.random.default_rng(0))
    rows = [{"entry": e.entry_id, "rating": e.rating, "rating_low": e.ci_low, "rating_high": e.ci_high,
             "games": e.games, "status": "frozen"} for e in frozen.entries]
    rows += [{"entry": p.entry_id, "rating": p.rating, "rating_low": p.ci_low, "rating_high": p.ci_high,
              "games": p.games, "status": "placed against the pool"} for p in placed]
    about = {"frozen_at": frozen.frozen_at, "side_term": frozen.side_term, "n_games_total": frozen.n_games_total}
    return pd.DataFrame(rows), about


def pool_view(path: str, name: str) -> tuple[pd.DataFrame, dict[str, Any]]:
    """A frozen pool's entries with their frozen ratings, then the entries placed against it."""
    return _pool_view(path, file_version(path), name)


def ci_text(bt: float | None, low: float | None, high: float | None) -> str:
    """A 95% interval as `+x / -y` around the rating ("" without one)."""
    if any(v is None or pd.isna(v) for v in (bt, low, high)):
        return ""
    return f"+{high - bt:.0f} / -{bt - low:.0f}"  # type: ignore[operator]


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _history(path: str, version: Version, entry_id: str) -> pd.DataFrame:
    rows = [r.model_dump(exclude={"details"}) for r in Reader(path).rating_history(entry_id)]
    return pd.DataFrame(rows, columns=HISTORY_COLUMNS)


def rating_history(path: str, entry_id: str) -> pd.DataFrame:
    """The overall rating of one entry in every snapshot, oldest first."""
    return _history(path, file_version(path), entry_id)


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _entry_results(path: str, version: Version, entry_id: str) -> dict[str, pd.DataFrame]:
    with Reader(path).snapshot() as conn:
        return {name: pd.DataFrame() for name in q.ENTRY_SQL} if conn is None else q.entry_results(conn, entry_id)


def entry_results(path: str, entry_id: str) -> dict[str, pd.DataFrame]:
    """Per-script results, game statuses and agent-call statuses of one entry."""
    return _entry_results(path, file_version(path), entry_id)
