"""Named read queries of the chain of evaluation (QA answers, metric scores, the games they judge).

The store owns the schema: `arena.coe` never writes SQL; it calls these functions with an open
connection (the writer's or a reader's, see `arena.store.db.reading`) and gets plain rows.
A database without tables yet reads as empty (`has_tables`).
"""

from __future__ import annotations

from typing import Any

from arena.store.db import Connection
from arena.store.queries import fetch_dicts, parse_json
from arena.store.records import QaAnswerRecord
from arena.store.sessions import HUMAN_PREFIX

# A row that needs no retry: a real score, or a score that cannot exist (CMD without a truth).
SETTLED = "(value IS NOT NULL OR json_extract_string(details, '$.status') IN ('no_truth', 'no_signal'))"
LATEST_ANSWERS = """
    SELECT * EXCLUDE (rn) FROM (
        SELECT *, row_number() OVER (PARTITION BY entry_id, mode, ablation, script_id, question_id
                                     ORDER BY created_at DESC, run_id DESC) AS rn FROM qa_answers) WHERE rn = 1"""
QA_SQL = f"""SELECT entry_id, mode, ablation, suite, count(*) AS n, count(*) FILTER (WHERE correct) AS correct
             FROM ({LATEST_ANSWERS}) GROUP BY ALL"""
DEPTH_SQL = f"""SELECT entry_id, mode, ablation, depth, count(*) AS n, count(*) FILTER (WHERE correct) AS correct
                FROM ({LATEST_ANSWERS}) WHERE suite = 'mmr' AND depth IS NOT NULL GROUP BY ALL ORDER BY ALL"""
HUMAN_ANSWERS_SQL = f"""SELECT entry_id, script_id, question_id, suite, predicted, correct FROM ({LATEST_ANSWERS})
                        WHERE starts_with(entry_id, ?) AND ablation = 'none'
                        ORDER BY script_id, question_id, entry_id"""
LATEST_METRICS = """
    FROM (SELECT *, row_number() OVER (PARTITION BY game_id, entry_id, metric, role, judge ORDER BY created_at DESC)
          AS rn FROM metric_scores) m
    LEFT JOIN games g USING (game_id)
    LEFT JOIN (SELECT game_id, coalesce(json_extract(payload, '$.config.key_clues_given')::BOOLEAN, false)
                      AS key_clues FROM events WHERE type = 'game_started') k USING (game_id)
    WHERE m.rn = 1"""
METRIC_SQL = f"""
    SELECT m.entry_id, m.game_id, m.role, m.metric, m.judge, m.judge_label, m.value, k.key_clues,
           coalesce(json_extract_string(m.details, '$.status'), 'ok') AS status, g.tournament_id, g.murderer_entry
    {LATEST_METRICS}"""
PROBE_SQL = f"""
    SELECT m.entry_id, m.game_id, m.role, m.metric, m.judge, m.value, m.details, k.key_clues, g.tournament_id,
           g.civilians_entry, g.murderer_entry
    {LATEST_METRICS} AND starts_with(m.metric, 'probe_') AND m.value IS NOT NULL
    ORDER BY m.game_id, m.role, m.metric"""
ENTRY_MODE_SQL = """SELECT entry_id, name, version,
    coalesce(json_extract_string(settings, '$.strategy'), 'direct') AS mode FROM entries"""
RUN_NAME_SQL = """SELECT entry_id, arg_max(json_extract_string(config, '$.entry_name'), created_at) AS name
                  FROM qa_runs GROUP BY entry_id"""
DECIDED_SQL = """SELECT tournament_id, civilians_entry, murderer_entry, winner FROM games
                 WHERE status = 'finished' AND winner IN ('civilians', 'murderer')"""


def has_tables(conn: Connection) -> bool:
    row = conn.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = 'qa_answers'").fetchone()
    return bool(row and row[0])


def unparsed_replies(conn: Connection, limit: int = 50) -> list[dict[str, Any]]:
    """The latest answers that did not parse, newest first, with the reply as it came (`raw_reply`); [] for a
    database that no writer has migrated to m008 yet."""
    column = conn.execute("SELECT count(*) FROM information_schema.columns WHERE table_name = 'qa_answers' "
                          "AND column_name = 'raw_reply'").fetchone()
    if not column or not column[0]:
        return []
    return fetch_dicts(conn, f"""SELECT entry_id AS entry, mode, script_id, question_id, raw_reply, created_at
                                FROM ({LATEST_ANSWERS}) WHERE status = 'parse_error'
                                ORDER BY created_at DESC, entry LIMIT ?""", [limit])


def latest_run_answers(conn: Connection, run_id: str) -> list[QaAnswerRecord]:
    """A run's answers, the latest per question (a retried question counts once)."""
    rows = fetch_dicts(conn, """
        SELECT * EXCLUDE (rn) FROM (
            SELECT *, row_number() OVER (PARTITION BY script_id, question_id ORDER BY created_at DESC) AS rn
            FROM qa_answers WHERE run_id = ?) WHERE rn = 1 ORDER BY script_id, question_id""", [run_id])
    return [QaAnswerRecord(**row) for row in rows]


def latest_run_statuses(conn: Connection, run_id: str) -> list[tuple[str, str, str]]:
    """(script, question, status of its latest answer) of one QA run ([] without tables)."""
    if not has_tables(conn):
        return []
    rows = conn.execute("""
        SELECT script_id, question_id, arg_max(status, created_at) FROM qa_answers WHERE run_id = ?
        GROUP BY ALL""", [run_id]).fetchall()
    return [(s, q, status) for s, q, status in rows]


def run_config(conn: Connection, run_id: str) -> dict[str, Any] | None:
    rows = fetch_dicts(conn, "SELECT config FROM qa_runs WHERE run_id = ?", [run_id])
    return parse_json(rows[0], "config")["config"] if rows else None


def judgeable_games(conn: Connection) -> list[dict[str, Any]]:
    """Finished games, oldest first: game id, tournament, script id and hash, both entries."""
    return fetch_dicts(conn, "SELECT game_id, tournament_id, script_id, script_hash, civilians_entry, murderer_entry "
                             "FROM games WHERE status = 'finished' ORDER BY finished_at, game_id")


def game_event_rows(conn: Connection, game_id: str) -> list[dict[str, Any]]:
    """A game's events in order: type, role and payload (JSON text)."""
    return fetch_dicts(conn, "SELECT type, role, payload FROM events WHERE game_id = ? ORDER BY seq", [game_id])


def scored_items(conn: Connection, judges: list[str]) -> set[tuple[str, str, str | None]]:
    """(game, metric, role) already settled by one of `judges`: a real score (not a failed judge call),
    or NULL for a reason no retry changes (`no_truth`)."""
    marks = ", ".join("?" for _ in judges)
    rows = conn.execute(f"SELECT DISTINCT game_id, metric, role FROM metric_scores WHERE judge IN ({marks}) "
                        f"AND {SETTLED}", judges).fetchall()
    return {(g, m, r) for g, m, r in rows}


def judged_games(conn: Connection, judges: list[str]) -> dict[str, bool]:
    """Game id -> True when each of its items judged by these judges has a real score; False when some
    item only has failed judge calls (to retry)."""
    marks = ", ".join("?" for _ in judges)
    rows = conn.execute(f"""
        SELECT game_id, bool_and(ok) FROM (
            SELECT game_id, metric, role, bool_or({SETTLED}) AS ok FROM metric_scores
            WHERE judge IN ({marks}) GROUP BY ALL) GROUP BY game_id""", judges).fetchall()
    return {g: bool(ok) for g, ok in rows}


def entry_rows(conn: Connection) -> dict[str, dict[str, Any]]:
    """Entry id -> its id, name, provider and model (what would identify it to a judge)."""
    return {r["entry_id"]: r for r in fetch_dicts(conn, "SELECT entry_id, name, provider, model FROM entries")}


def entry_modes(conn: Connection) -> list[dict[str, Any]]:
    """Every entry: id, name, version and strategy (`mode`, default `direct`)."""
    return fetch_dicts(conn, ENTRY_MODE_SQL)


def qa_run_names(conn: Connection) -> list[dict[str, Any]]:
    """Per entry id with QA runs: the entry name its latest run recorded (None when it recorded none)."""
    return fetch_dicts(conn, RUN_NAME_SQL)


def tournament_kinds(conn: Connection) -> dict[str, str]:
    """Tournament id -> its kind (`all-play-all`, `placement`, `table3`, ...) from its stored config."""
    rows = fetch_dicts(conn, "SELECT tournament_id, coalesce(json_extract_string(config, '$.kind'), 'all-play-all') "
                             "AS kind FROM tournaments")
    return {r["tournament_id"]: r["kind"] for r in rows}


def qa_counts(conn: Connection) -> list[dict[str, Any]]:
    """Per entry, mode, ablation and suite: answered questions `n` and `correct` (latest answer per question)."""
    return fetch_dicts(conn, QA_SQL)


def mmr_depth_counts(conn: Connection) -> list[dict[str, Any]]:
    """Per entry, mode, ablation and MMR depth: `n` and `correct` (latest answer per question)."""
    return fetch_dicts(conn, DEPTH_SQL)


def human_answers(conn: Connection) -> list[dict[str, Any]]:
    """People's answers (entries `human/<name>`, no ablation): the latest per person and question, with the
    letters chosen (the case's own letters) and whether they are the key ([] without tables)."""
    if not has_tables(conn):
        return []
    return fetch_dicts(conn, HUMAN_ANSWERS_SQL, [HUMAN_PREFIX])


def latest_metric_rows(conn: Connection) -> list[dict[str, Any]]:
    """The latest score per game, entry, metric, role and judge, with its status, the game's tournament
    and murderer entry, and whether it was played with the key clues given."""
    return fetch_dicts(conn, METRIC_SQL)


def latest_probe_rows(conn: Connection) -> list[dict[str, Any]]:
    """The latest post-game probe score per game, entry, condition (`probe_game`, ...) and role, with its
    details (parsed), the game's tournament, both entries and whether the key clues were given."""
    return [parse_json(r, "details") for r in fetch_dicts(conn, PROBE_SQL)]


def decided_games(conn: Connection) -> list[dict[str, Any]]:
    """Finished games with a winning side: tournament, both entries, winner."""
    return fetch_dicts(conn, DECIDED_SQL)
