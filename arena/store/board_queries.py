"""Named read queries of the board, as pandas frames (SQL aggregations inside DuckDB, no Python loops).

The store owns the schema: `leaderboard.ui` never writes SQL; it opens a read-only snapshot
(`Reader.snapshot`) and calls these functions on it. Each takes an open connection and returns a
frame with the columns its docstring names. Not imported by `arena.store` itself, so the
command line does not load pandas for nothing.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from arena.store.db import Connection
from arena.store.queries import GAME_LOG_SQL

ENTRIES_SQL = """SELECT entry_id, name, version, provider, model, settings::VARCHAR AS settings, created_at,
    deprecated, CASE WHEN version = 1 THEN name ELSE name || ' v' || version END AS display
    FROM entries ORDER BY name, version"""
GAME_COLUMNS = ("game_id, script_id, seed, civilians_entry, murderer_entry, status, winner, n_events, tokens, "
                "cost_usd, finished_at, tournament_id, abort_reason")
GAME_FILTERS = {"entry": "(civilians_entry = ? OR murderer_entry = ?)", "script_id": "script_id = ?",
                "status": "status = ?", "civilians_entry": "civilians_entry = ?",
                "murderer_entry": "murderer_entry = ?"}
SCRIPT_STATS_SQL = """SELECT script_id, count(*) AS games, count(*) FILTER (WHERE status = 'finished') AS finished,
    count(*) FILTER (WHERE winner = 'civilians') AS civilian_wins,
    count(*) FILTER (WHERE winner = 'civilians') / nullif(count(*) FILTER (WHERE status = 'finished'), 0)
        AS civilian_win_rate,
    count(DISTINCT script_hash) AS versions
    FROM games GROUP BY script_id ORDER BY script_id"""
FINISHED_SQL = "SELECT count(*) AS n, max(finished_at) AS last FROM games WHERE status = 'finished'"
ENTRY_SQL = {
    "scripts": """SELECT script_id, count(*) AS games,
        count(*) FILTER (WHERE civilians_entry = $1) AS as_civilians,
        count(*) FILTER (WHERE civilians_entry = $1 AND winner = 'civilians') AS wins_as_civilians,
        count(*) FILTER (WHERE murderer_entry = $1) AS as_murderer,
        count(*) FILTER (WHERE murderer_entry = $1 AND winner = 'murderer') AS wins_as_murderer
        FROM games WHERE status = 'finished' AND (civilians_entry = $1 OR murderer_entry = $1)
        GROUP BY script_id ORDER BY script_id""",
    "game_statuses": """SELECT status, count(*) AS games FROM games WHERE civilians_entry = $1 OR murderer_entry = $1
        GROUP BY status ORDER BY games DESC""",
    "call_statuses": """SELECT status, kind, count(*) AS calls, round(avg(latency_ms), 1) AS mean_latency_ms,
        sum(prompt_tokens + completion_tokens) AS tokens, sum(cost_usd) AS cost_usd
        FROM agent_calls WHERE entry_id = $1 GROUP BY status, kind ORDER BY status, kind""",
}
ENTRY_COST_SQL = """SELECT entry_id, sum(cost_usd) AS cost_usd, count(DISTINCT game_id) AS cost_games
    FROM agent_calls WHERE game_id IS NOT NULL GROUP BY entry_id"""
CALLS_SQL = """SELECT role, kind, status, prompt_tokens, completion_tokens, cost_usd, latency_ms, cached, created_at
    FROM agent_calls WHERE game_id = ? ORDER BY created_at"""


def _frame(conn: Connection, sql: str, params: list[Any] | None = None) -> pd.DataFrame:
    return conn.execute(sql, params or []).df()


def entries(conn: Connection) -> pd.DataFrame:
    """entry_id, name, version, provider, model, settings (JSON text), created_at, deprecated, display."""
    return _frame(conn, ENTRIES_SQL)


def games(conn: Connection, filters: tuple[tuple[str, str], ...], limit: int) -> pd.DataFrame:
    """Games newest first; `filters` are (name, value) with names from `GAME_FILTERS` (`entry`: either side)."""
    clauses, params = [], []
    for name, value in filters:
        clauses.append(GAME_FILTERS[name])
        params += [value] * GAME_FILTERS[name].count("?")
    where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
    return _frame(conn, f"SELECT {GAME_COLUMNS} FROM games {where} ORDER BY finished_at DESC, game_id LIMIT ?",
                  [*params, limit])


def entry_costs(conn: Connection) -> pd.DataFrame:
    """Per entry: what its game calls cost (`cost_usd`, from `agent_calls`) over how many games (`cost_games`)."""
    return _frame(conn, ENTRY_COST_SQL)


def game_calls(conn: Connection, game_id: str) -> pd.DataFrame:
    """One game's model calls in order (telemetry, apart from the event log): role, kind, status, tokens,
    cost, latency, cached, created_at."""
    return _frame(conn, CALLS_SQL, [game_id])


def game_scripts(conn: Connection) -> pd.DataFrame:
    """Distinct script ids among recorded games."""
    return _frame(conn, "SELECT DISTINCT script_id FROM games ORDER BY 1")


def game_statuses(conn: Connection) -> pd.DataFrame:
    """Distinct statuses among recorded games."""
    return _frame(conn, "SELECT DISTINCT status FROM games ORDER BY 1")


def script_stats(conn: Connection) -> pd.DataFrame:
    """Per script: games, finished, civilian_wins, civilian_win_rate, versions (content hashes played)."""
    return _frame(conn, SCRIPT_STATS_SQL)


def finished_count(conn: Connection) -> pd.DataFrame:
    """One row: `n` finished games and the `last` finish time."""
    return _frame(conn, FINISHED_SQL)


def entry_results(conn: Connection, entry_id: str) -> dict[str, pd.DataFrame]:
    """One entry's per-script results, game statuses and agent-call statuses."""
    return {name: _frame(conn, sql, [entry_id]) for name, sql in ENTRY_SQL.items()}


def game_log_rows(conn: Connection) -> list[dict[str, Any]]:
    """Every game as plain dicts in the ratings' plan order: faster than pydantic rows on a large log."""
    cursor = conn.execute(GAME_LOG_SQL.format(where=""))
    names = [c[0] for c in cursor.description or []]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
