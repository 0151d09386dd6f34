"""Read-only SQL over a DuckDB connection for the chain of evaluation (QA runs, metric scores, games).

Every function takes an open connection (the writer's or a reader's) and only reads. A database
without tables yet reads as empty.
"""

from __future__ import annotations

from typing import Any

import duckdb

from leaderboard.store.queries import fetch_dicts, parse_json
from leaderboard.store.records import QaAnswerRecord

# A row that needs no retry: a real score, or a score that cannot exist (CMD without a truth, TII with
# no trust or suspicion toward a culprit).
SETTLED = "(value IS NOT NULL OR json_extract_string(details, '$.status') IN ('no_truth', 'no_signal'))"


def has_tables(conn: duckdb.DuckDBPyConnection) -> bool:
    row = conn.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = 'qa_answers'").fetchone()
    return bool(row and row[0])


def latest_run_answers(conn: duckdb.DuckDBPyConnection, run_id: str) -> list[QaAnswerRecord]:
    """A run's answers, the latest per question (a retried question counts once)."""
    rows = fetch_dicts(conn, """
        SELECT * EXCLUDE (rn) FROM (
            SELECT *, row_number() OVER (PARTITION BY script_id, question_id ORDER BY created_at DESC) AS rn
            FROM qa_answers WHERE run_id = ?) WHERE rn = 1 ORDER BY script_id, question_id""", [run_id])
    return [QaAnswerRecord(**row) for row in rows]


def run_config(conn: duckdb.DuckDBPyConnection, run_id: str) -> dict[str, Any] | None:
    rows = fetch_dicts(conn, "SELECT config FROM qa_runs WHERE run_id = ?", [run_id])
    return parse_json(rows[0], "config")["config"] if rows else None


def finished_games(conn: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    """Finished games, oldest first: game id, tournament, script id and hash, the civilian entry."""
    return fetch_dicts(conn, "SELECT game_id, tournament_id, script_id, script_hash, civilians_entry, murderer_entry "
                             "FROM games "
                             "WHERE status = 'finished' ORDER BY finished_at, game_id")


def scored_items(conn: duckdb.DuckDBPyConnection, judges: list[str]) -> set[tuple[str, str, str | None]]:
    """(game, metric, role) already settled by one of `judges`: a real score (not a failed judge call),
    or NULL for a reason no retry changes (`no_truth`)."""
    marks = ", ".join("?" for _ in judges)
    rows = conn.execute(f"SELECT DISTINCT game_id, metric, role FROM metric_scores WHERE judge IN ({marks}) "
                        f"AND {SETTLED}", judges).fetchall()
    return {(g, m, r) for g, m, r in rows}


def judged_games(conn: duckdb.DuckDBPyConnection, judges: list[str]) -> dict[str, bool]:
    """Game id -> True when each of its items judged by these judges has a real score; False when some
    item only has failed judge calls (to retry)."""
    marks = ", ".join("?" for _ in judges)
    rows = conn.execute(f"""
        SELECT game_id, bool_and(ok) FROM (
            SELECT game_id, metric, role, bool_or({SETTLED}) AS ok FROM metric_scores
            WHERE judge IN ({marks}) GROUP BY ALL) GROUP BY game_id""", judges).fetchall()
    return {g: bool(ok) for g, ok in rows}


def entry_rows(conn: duckdb.DuckDBPyConnection) -> dict[str, dict[str, Any]]:
    """Entry id -> its id, name, provider and model (what would identify it to a judge)."""
    return {r["entry_id"]: r for r in fetch_dicts(conn, "SELECT entry_id, name, provider, model FROM entries")}


def tournament_kinds(conn: duckdb.DuckDBPyConnection) -> dict[str, str]:
    """Tournament id -> its kind (`all-play-all`, `placement`, `table3`, ...) from its stored config."""
    rows = fetch_dicts(conn, "SELECT tournament_id, coalesce(json_extract_string(config, '$.kind'), 'all-play-all') "
                             "AS kind FROM tournaments")
    return {r["tournament_id"]: r["kind"] for r in rows}
