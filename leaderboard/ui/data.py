"""Cached, read-only queries of the board: every page reads the DuckDB file only through here.

Each query opens the file read-only through `arena.store.Reader.snapshot` (which retries
while the writer holds the file and refuses a schema written by a newer version) and calls the
store's named queries (`arena.store.board_queries`: SQL aggregations inside DuckDB returning
pandas frames), so no page writes SQL or loops over rows in Python.

Results are cached with `st.cache_data` for `TTL_S` seconds, keyed by the path and the file's
version (size and modification time of the database and its WAL): a tournament that writes
shows up at the next rerun, and the sidebar's refresh button clears everything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import streamlit as st

from arena.store import Connection, Reader
from arena.store import board_queries as q
from arena.store.queries import EntryStats, HeadToHead

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


Query = Callable[[Connection], pd.DataFrame]


def frames(path: str, queries: dict[str, Query]) -> dict[str, pd.DataFrame] | None:
    """Run several named store queries on one consistent read-only snapshot; None for a database without tables."""
    with Reader(path).snapshot() as conn:
        if conn is None:
            return None
        return {name: query(conn) for name, query in queries.items()}


def frame(path: str, query: Query) -> pd.DataFrame:
    result = frames(path, {"rows": query})
    return pd.DataFrame() if result is None else result["rows"]


@dataclass(frozen=True)
class DbStatus:
    """What the database holds; `empty` when it has no games, no QA answers and no scores yet."""

    exists: bool
    counts: dict[str, int]

    @property
    def empty(self) -> bool:
        return not any(self.counts.get(t, 0) for t in ("games", "qa_answers", "metric_scores"))


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _status(path: str, version: Version) -> DbStatus:
    if not Path(path).is_file():
        return DbStatus(False, {})
    return DbStatus(True, Reader(path).counts())


def status(path: str) -> DbStatus:
    return _status(path, file_version(path))


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _entries(path: str, version: Version) -> pd.DataFrame:
    return frame(path, q.entries)


def entries(path: str) -> pd.DataFrame:
    """entry_id, name, version, provider, model, settings (JSON text), created_at, deprecated, display."""
    return _entries(path, file_version(path))


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _entry_costs(path: str, version: Version) -> pd.DataFrame:
    return frame(path, q.entry_costs)


def entry_costs(path: str) -> pd.DataFrame:
    """entry_id, cost_usd (its game calls), cost_games (games with calls of it)."""
    return _entry_costs(path, file_version(path))


def display_names(path: str) -> dict[str, str]:
    """entry_id -> display name (`name`, or `name vN` for later versions); unknown ids map to themselves."""
    table = entries(path)
    return dict(zip(table["entry_id"], table["display"], strict=True)) if not table.empty else {}


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _pairs(path: str, version: Version) -> pd.DataFrame:
    table = pd.DataFrame([p.model_dump() for p in Reader(path).pair_results()])
    if not table.empty:
        decisive = table["games"] - table["draws"]  # vote ties left out, as WhodunitBench's Table 2
        table["civilian_win_rate"] = table["civilian_wins"] / decisive.where(decisive > 0)
    return table


def pairs(path: str) -> pd.DataFrame:
    """Finished games per (civilians entry, murderer entry): games, wins per side, ties (`draws`), civilian
    win rate without ties."""
    return _pairs(path, file_version(path))


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _games(path: str, version: Version, filters: tuple[tuple[str, str], ...], limit: int) -> pd.DataFrame:
    return frame(path, lambda conn: q.games(conn, filters, limit))


def games(path: str, *, entry: str | None = None, script_id: str | None = None, status: str | None = None,
          civilians: str | None = None, murderer: str | None = None, limit: int = GAME_LIST_LIMIT) -> pd.DataFrame:
    """Games newest first, filtered by entry (either side), script, status or exact seating."""
    wanted = {"entry": entry, "script_id": script_id, "status": status, "civilians_entry": civilians,
              "murderer_entry": murderer}
    filters = tuple((k, v) for k, v in wanted.items() if v)
    return _games(path, file_version(path), filters, limit)


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _game(path: str, version: Version, game_id: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    reader = Reader(path)
    row = reader.game(game_id)
    if row is None:
        return pd.DataFrame(), pd.DataFrame()
    events = [e.model_dump() for e in reader.events(game_id)]
    return pd.DataFrame([row.model_dump()]), pd.DataFrame(events, columns=["seq", "type", "role", "payload"])


def game(path: str, game_id: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(the game's row, its events in order with payloads as dicts); empty frames when it is unknown."""
    return _game(path, file_version(path), game_id)


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _choices(path: str, version: Version) -> dict[str, list[str]]:
    result = frames(path, {"scripts": q.game_scripts, "statuses": q.game_statuses})
    if result is None:
        return {"scripts": [], "statuses": []}
    return {name: table.iloc[:, 0].tolist() for name, table in result.items()}


def game_choices(path: str) -> dict[str, list[str]]:
    """Distinct script ids and statuses among recorded games (for the replay filters)."""
    return _choices(path, file_version(path))


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _script_stats(path: str, version: Version) -> pd.DataFrame:
    return frame(path, q.script_stats)


def script_stats(path: str) -> pd.DataFrame:
    """Per script: games, finished games, civilian wins and win rate, content versions played."""
    return _script_stats(path, file_version(path))


def clear() -> None:
    """Forget every cached query (the refresh button)."""
    st.cache_data.clear()


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _head_to_head(path: str, version: Version, entry_a: str, entry_b: str) -> HeadToHead:
    return Reader(path).head_to_head(entry_a, entry_b)


def head_to_head(path: str, entry_a: str, entry_b: str) -> HeadToHead:
    """Two entries' finished games against each other, both seatings together."""
    return _head_to_head(path, file_version(path), entry_a, entry_b)


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _entry_stats(path: str, version: Version) -> dict[str, EntryStats]:
    return {s.entry_id: s for s in Reader(path).entry_stats()}


def entry_stats(path: str, entry_id: str) -> EntryStats | None:
    """One entry's games, wins per side, unfinished games, calls, failed calls, tokens, cost, mean latency."""
    return _entry_stats(path, file_version(path)).get(entry_id)


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _game_calls(path: str, version: Version, game_id: str) -> pd.DataFrame:
    return frame(path, lambda conn: q.game_calls(conn, game_id))


def game_calls(path: str, game_id: str) -> pd.DataFrame:
    """One game's model calls (role, kind, status, tokens, cost, latency, cached), in order."""
    return _game_calls(path, file_version(path), game_id)
