"""Cached, read-only queries of the board: every page reads the DuckDB file only through here.

Each query opens the file read-only through `leaderboard.store.Reader.snapshot` (which retries
while the writer holds the file and refuses a schema written by a newer version), runs SQL
aggregations inside DuckDB and returns pandas frames, so no page loops over rows in Python.

Results are cached with `st.cache_data` for `TTL_S` seconds, keyed by the path and the file's
version (size and modification time of the database and its WAL): a tournament that writes
shows up at the next rerun, and the sidebar's refresh button clears everything.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st

from leaderboard.store import Reader

TTL_S = 10
GAME_LIST_LIMIT = 500
Version = tuple[int, ...]


def file_version(path: str) -> Version:
    """Changes whenever the writer commits (to the file or its write-ahead log)."""
    stamp: list[int] = []
    for candidate in (Path(path), Path(path + ".wal")):
        try:
            info = candidate.stat()
            stamp += [info.st_size, info.st_mtime_ns]
        except FileNotFoundError:
            stamp += [0, 0]
    return tuple(stamp)


def frames(path: str, queries: dict[str, tuple[str, list[Any]]]) -> dict[str, pd.DataFrame] | None:
    """Run several queries on one consistent read-only snapshot; None for a database without tables."""
    with Reader(path).snapshot() as conn:
        if conn is None:
            return None
        return {name: conn.execute(sql, params).df() for name, (sql, params) in queries.items()}


def frame(path: str, sql: str, params: list[Any] | None = None) -> pd.DataFrame:
    result = frames(path, {"rows": (sql, params or [])})
    return pd.DataFrame() if result is None else result["rows"]


@dataclass(frozen=True)
class DbStatus:
    """What the database holds; `empty` when it has no games, no QA answers and no scores yet."""

    exists: bool
    counts: dict[str, int]

    @property
    def empty(self) -> bool:
        return not any(self.counts.get(t, 0) for t in ("games", "qa_answers", "metric_scores"))


STATUS_SQL = """SELECT
    (SELECT count(*) FROM entries) AS entries, (SELECT count(*) FROM scripts) AS scripts,
    (SELECT count(*) FROM games) AS games, (SELECT count(*) FROM games WHERE status = 'finished') AS finished,
    (SELECT count(*) FROM qa_answers) AS qa_answers, (SELECT count(*) FROM metric_scores) AS metric_scores,
    (SELECT count(*) FROM rating_snapshots) AS rating_snapshots"""


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _status(path: str, version: Version) -> DbStatus:
    if not Path(path).is_file():
        return DbStatus(False, {})
    result = frames(path, {"counts": (STATUS_SQL, [])})
    counts = {} if result is None else {k: int(v) for k, v in result["counts"].iloc[0].items()}
    return DbStatus(True, counts)


def status(path: str) -> DbStatus:
    return _status(path, file_version(path))


ENTRIES_SQL = """SELECT entry_id, name, version, provider, model, settings::VARCHAR AS settings, created_at,
    deprecated, CASE WHEN version = 1 THEN name ELSE name || ' v' || version END AS display
    FROM entries ORDER BY name, version"""


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _entries(path: str, version: Version) -> pd.DataFrame:
    return frame(path, ENTRIES_SQL)


def entries(path: str) -> pd.DataFrame:
    """entry_id, name, version, provider, model, settings (JSON text), created_at, deprecated, display."""
    return _entries(path, file_version(path))


def display_names(path: str) -> dict[str, str]:
    """entry_id -> display name (`name`, or `name vN` for later versions); unknown ids map to themselves."""
    table = entries(path)
    return dict(zip(table["entry_id"], table["display"], strict=True)) if not table.empty else {}


PAIRS_SQL = """SELECT civilians_entry, murderer_entry, count(*) AS games,
    count(*) FILTER (WHERE winner = 'civilians') AS civilian_wins,
    count(*) FILTER (WHERE winner = 'murderer') AS murderer_wins,
    count(*) FILTER (WHERE winner IS NULL OR winner = 'tie') AS draws
    FROM games WHERE status = 'finished' GROUP BY ALL ORDER BY ALL"""


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _pairs(path: str, version: Version) -> pd.DataFrame:
    table = frame(path, PAIRS_SQL)
    if not table.empty:
        decisive = table["games"] - table["draws"]  # vote ties left out, as WhodunitBench's Table 2
        table["civilian_win_rate"] = table["civilian_wins"] / decisive.where(decisive > 0)
    return table


def pairs(path: str) -> pd.DataFrame:
    """Finished games per (civilians entry, murderer entry): games, wins per side, ties (`draws`), civilian
    win rate without ties."""
    return _pairs(path, file_version(path))


GAME_COLUMNS = ("game_id, script_id, seed, civilians_entry, murderer_entry, status, winner, n_events, tokens, "
                "cost_usd, finished_at, tournament_id, abort_reason")


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _games(path: str, version: Version, filters: tuple[tuple[str, str], ...], limit: int) -> pd.DataFrame:
    clauses, params = [], []
    for column, value in filters:
        if column == "entry":
            clauses.append("(civilians_entry = ? OR murderer_entry = ?)")
            params += [value, value]
        else:
            clauses.append(f"{column} = ?")
            params.append(value)
    where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
    return frame(path, f"SELECT {GAME_COLUMNS} FROM games {where} ORDER BY finished_at DESC, game_id LIMIT ?",
                 [*params, limit])


def games(path: str, *, entry: str | None = None, script_id: str | None = None, status: str | None = None,
          civilians: str | None = None, murderer: str | None = None, limit: int = GAME_LIST_LIMIT) -> pd.DataFrame:
    """Games newest first, filtered by entry (either side), script, status or exact seating."""
    wanted = {"entry": entry, "script_id": script_id, "status": status, "civilians_entry": civilians,
              "murderer_entry": murderer}
    filters = tuple((k, v) for k, v in wanted.items() if v)
    return _games(path, file_version(path), filters, limit)


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _game(path: str, version: Version, game_id: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    result = frames(path, {
        "game": ("SELECT * EXCLUDE (votes), votes::VARCHAR AS votes FROM games WHERE game_id = ?", [game_id]),
        "events": ("SELECT seq, type, role, payload::VARCHAR AS payload FROM events WHERE game_id = ? ORDER BY seq",
                   [game_id])})
    return (pd.DataFrame(), pd.DataFrame()) if result is None else (result["game"], result["events"])


def game(path: str, game_id: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(the game's row, its events with payloads as JSON text); empty frames when it is unknown."""
    return _game(path, file_version(path), game_id)


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _choices(path: str, version: Version) -> dict[str, list[str]]:
    result = frames(path, {"scripts": ("SELECT DISTINCT script_id FROM games ORDER BY 1", []),
                           "statuses": ("SELECT DISTINCT status FROM games ORDER BY 1", [])})
    if result is None:
        return {"scripts": [], "statuses": []}
    return {name: table.iloc[:, 0].tolist() for name, table in result.items()}


def game_choices(path: str) -> dict[str, list[str]]:
    """Distinct script ids and statuses among recorded games (for the replay filters)."""
    return _choices(path, file_version(path))


SCRIPT_STATS_SQL = """SELECT script_id, count(*) AS games, count(*) FILTER (WHERE status = 'finished') AS finished,
    count(*) FILTER (WHERE winner = 'civilians') AS civilian_wins,
    count(*) FILTER (WHERE winner = 'civilians') / nullif(count(*) FILTER (WHERE status = 'finished'), 0)
        AS civilian_win_rate,
    count(DISTINCT script_hash) AS versions
    FROM games GROUP BY script_id ORDER BY script_id"""


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _script_stats(path: str, version: Version) -> pd.DataFrame:
    return frame(path, SCRIPT_STATS_SQL)


def script_stats(path: str) -> pd.DataFrame:
    """Per script: games, finished games, civilian wins and win rate, content versions played."""
    return _script_stats(path, file_version(path))


def clear() -> None:
    """Forget every cached query (the refresh button)."""
    st.cache_data.clear()
