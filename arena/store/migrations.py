"""Schema migrations: an ordered list of small functions `m001_...`, each applied once, in order.

The writer runs `run_migrations` when it opens a database; a database that is up to date runs
none. Each migration runs inside the caller's transaction, so a failed migration leaves nothing.
Never edit a released migration; append a new one.

All tables are append-only logs except `entries.deprecated` (a flag set when an entry is
superseded or retired) and `tournament_leases` (a working table: one row per tournament being run
now, deleted when the run ends). JSON columns hold text validated by DuckDB's JSON type. Timestamps are
UTC without a zone.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import duckdb

Migration = Callable[[duckdb.DuckDBPyConnection], None]

M001_TABLES = (
    """CREATE TABLE entries (
        entry_id VARCHAR PRIMARY KEY, name VARCHAR NOT NULL, provider VARCHAR NOT NULL, model VARCHAR NOT NULL,
        settings JSON NOT NULL, version INTEGER NOT NULL, created_at TIMESTAMP NOT NULL,
        deprecated BOOLEAN NOT NULL DEFAULT false)""",
    """CREATE TABLE scripts (
        script_id VARCHAR NOT NULL, content_hash VARCHAR NOT NULL, title VARCHAR NOT NULL,
        n_roles INTEGER NOT NULL, n_culprits INTEGER NOT NULL, n_clues INTEGER NOT NULL,
        n_images INTEGER NOT NULL, n_questions INTEGER NOT NULL, language VARCHAR, source VARCHAR,
        recorded_at TIMESTAMP NOT NULL, PRIMARY KEY (script_id, content_hash))""",
    """CREATE TABLE tournaments (
        tournament_id VARCHAR PRIMARY KEY, name VARCHAR, config JSON NOT NULL, created_at TIMESTAMP NOT NULL)""",
    """CREATE TABLE matches (
        match_id VARCHAR PRIMARY KEY, tournament_id VARCHAR, script_id VARCHAR NOT NULL, seed BIGINT NOT NULL,
        entry_a VARCHAR NOT NULL, entry_b VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL)""",
    """CREATE TABLE games (
        game_id VARCHAR PRIMARY KEY, match_id VARCHAR, tournament_id VARCHAR, script_id VARCHAR NOT NULL,
        script_hash VARCHAR NOT NULL, seed BIGINT NOT NULL, civilians_entry VARCHAR NOT NULL,
        murderer_entry VARCHAR NOT NULL, status VARCHAR NOT NULL, winner VARCHAR, votes JSON NOT NULL,
        n_events INTEGER NOT NULL, tokens BIGINT NOT NULL, cost_usd DOUBLE NOT NULL, started_at TIMESTAMP NOT NULL,
        finished_at TIMESTAMP NOT NULL, plan_key VARCHAR UNIQUE, planned_key VARCHAR, abort_reason VARCHAR,
        recorded_at TIMESTAMP NOT NULL,
        CHECK (winner IS NULL OR winner IN ('civilians', 'murderer')),
        CHECK (winner IS NULL OR status = 'finished'))""",
    """CREATE TABLE events (
        game_id VARCHAR NOT NULL, seq INTEGER NOT NULL, type VARCHAR NOT NULL, role VARCHAR, payload JSON NOT NULL)""",
    """CREATE TABLE agent_calls (
        game_id VARCHAR, entry_id VARCHAR NOT NULL, role VARCHAR, kind VARCHAR NOT NULL, status VARCHAR NOT NULL,
        latency_ms DOUBLE NOT NULL, prompt_tokens BIGINT NOT NULL, completion_tokens BIGINT NOT NULL,
        cost_usd DOUBLE NOT NULL, cached BOOLEAN NOT NULL, created_at TIMESTAMP NOT NULL)""",
    """CREATE TABLE qa_runs (
        run_id VARCHAR PRIMARY KEY, entry_id VARCHAR NOT NULL, config JSON NOT NULL, created_at TIMESTAMP NOT NULL)""",
    """CREATE TABLE qa_answers (
        run_id VARCHAR NOT NULL, entry_id VARCHAR NOT NULL, script_id VARCHAR NOT NULL, question_id VARCHAR NOT NULL,
        suite VARCHAR NOT NULL, mode VARCHAR NOT NULL, ablation VARCHAR NOT NULL, seed BIGINT NOT NULL,
        depth INTEGER, predicted VARCHAR, correct BOOLEAN NOT NULL, status VARCHAR NOT NULL, latency_ms DOUBLE,
        tokens BIGINT NOT NULL, created_at TIMESTAMP NOT NULL)""",
    """CREATE TABLE metric_scores (
        game_id VARCHAR NOT NULL, entry_id VARCHAR NOT NULL, role VARCHAR, metric VARCHAR NOT NULL,
        value DOUBLE NOT NULL, judge VARCHAR NOT NULL, judge_label VARCHAR NOT NULL, details JSON NOT NULL,
        created_at TIMESTAMP NOT NULL, CHECK (judge_label IN ('llm', 'offline')))""",
    """CREATE TABLE rating_snapshots (
        snapshot_id VARCHAR NOT NULL, computed_at TIMESTAMP NOT NULL, system VARCHAR NOT NULL,
        entry_id VARCHAR NOT NULL, faction VARCHAR NOT NULL, mu DOUBLE, sigma DOUBLE, conservative DOUBLE,
        bt DOUBLE, ci_low DOUBLE, ci_high DOUBLE, rank INTEGER, games INTEGER NOT NULL, wins INTEGER NOT NULL,
        provisional BOOLEAN NOT NULL, n_games_total INTEGER NOT NULL,
        CHECK (faction IN ('overall', 'civilians', 'murderer')))""",
)


def m001_initial_tables(conn: duckdb.DuckDBPyConnection) -> None:
    """Entries, scripts, tournaments, matches, games, events, agent calls, QA, metrics, rating snapshots."""
    for statement in M001_TABLES:
        conn.execute(statement)


def m002_metric_scores_nullable_value(conn: duckdb.DuckDBPyConnection) -> None:
    """A failed judgement is a row without a score: `value` NULL (it was NaN while the column was NOT NULL)."""
    conn.execute("ALTER TABLE metric_scores ALTER COLUMN value DROP NOT NULL")
    conn.execute("UPDATE metric_scores SET value = NULL WHERE isnan(value)")


M003_GAMES = """CREATE TABLE games_m003 (
        game_id VARCHAR PRIMARY KEY, match_id VARCHAR, tournament_id VARCHAR, script_id VARCHAR NOT NULL,
        script_hash VARCHAR NOT NULL, seed BIGINT NOT NULL, civilians_entry VARCHAR NOT NULL,
        murderer_entry VARCHAR NOT NULL, status VARCHAR NOT NULL, winner VARCHAR, votes JSON NOT NULL,
        n_events INTEGER NOT NULL, tokens BIGINT NOT NULL, cost_usd DOUBLE NOT NULL, started_at TIMESTAMP NOT NULL,
        finished_at TIMESTAMP NOT NULL, plan_key VARCHAR UNIQUE, planned_key VARCHAR, abort_reason VARCHAR,
        recorded_at TIMESTAMP NOT NULL,
        plan_position INTEGER,
        civilians_decisions INTEGER NOT NULL DEFAULT 0, murderer_decisions INTEGER NOT NULL DEFAULT 0,
        civilians_provider_forfeits INTEGER NOT NULL DEFAULT 0, murderer_provider_forfeits INTEGER NOT NULL DEFAULT 0,
        civilians_own_forfeits INTEGER NOT NULL DEFAULT 0, murderer_own_forfeits INTEGER NOT NULL DEFAULT 0,
        CHECK (winner IS NULL OR winner IN ('civilians', 'murderer', 'tie')),
        CHECK (winner IS NULL OR status = 'finished'))"""
M003_POOLS = """CREATE TABLE rating_pools (
        pool VARCHAR NOT NULL, frozen_at TIMESTAMP NOT NULL, entry_id VARCHAR NOT NULL, strength DOUBLE NOT NULL,
        rating DOUBLE NOT NULL, ci_low DOUBLE, ci_high DOUBLE, games INTEGER NOT NULL, side_term DOUBLE NOT NULL,
        n_games_total INTEGER NOT NULL, PRIMARY KEY (pool, entry_id))"""


def m003_ties_forfeits_and_pools(conn: duckdb.DuckDBPyConnection) -> None:
    """Vote ties (`winner = 'tie'`), per-side decisions and forfeits by cause, the plan position (the
    ratings' fixed order), snapshot details and frozen rating pools.

    DuckDB cannot alter a CHECK constraint, so `games` is rebuilt: every row is copied as it is
    (older games get zero forfeit counts and no plan position) and the new table takes its name.
    """
    conn.execute(M003_GAMES)
    old = [row[0] for row in conn.execute("SELECT column_name FROM information_schema.columns "
                                          "WHERE table_name = 'games' ORDER BY ordinal_position").fetchall()]
    columns = ", ".join(old)
    conn.execute(f"INSERT INTO games_m003 ({columns}) SELECT {columns} FROM games")
    conn.execute("DROP TABLE games")
    conn.execute("ALTER TABLE games_m003 RENAME TO games")
    conn.execute("ALTER TABLE rating_snapshots ADD COLUMN details JSON")
    conn.execute(M003_POOLS)


def m004_agent_calls_cached_prompt_tokens(conn: duckdb.DuckDBPyConnection) -> None:
    """Prompt tokens each call read from the provider's prompt cache (billed at the cached-input rate)."""
    conn.execute("ALTER TABLE agent_calls ADD COLUMN cached_prompt_tokens BIGINT NOT NULL DEFAULT 0")


def m005_play_sessions(conn: duckdb.DuckDBPyConnection) -> None:
    """The Play page's sessions (`arena.store.sessions`): an append-only log of a person's seat,
    one start row, one row per move, one end row naming the recorded game."""
    conn.execute("""CREATE TABLE play_sessions (
        session_id VARCHAR NOT NULL, seq INTEGER NOT NULL, kind VARCHAR NOT NULL, payload JSON NOT NULL,
        created_at TIMESTAMP NOT NULL, PRIMARY KEY (session_id, seq))""")


def m006_tournament_leases(conn: duckdb.DuckDBPyConnection) -> None:
    """One live run per tournament (`arena.store.leases`): the run holding a tournament's lease, by
    process id, host and start time; the primary key is what refuses a second holder."""
    conn.execute("""CREATE TABLE tournament_leases (
        tournament_id VARCHAR PRIMARY KEY, run_id VARCHAR NOT NULL, pid BIGINT NOT NULL, host VARCHAR NOT NULL,
        started_at TIMESTAMP NOT NULL)""")


def m007_discarded_games(conn: duckdb.DuckDBPyConnection) -> None:
    """Games played and paid for but not recorded, because another run recorded their plan key first: their
    cost still counts for the tournament's budget (`tournament_cost`)."""
    conn.execute("""CREATE TABLE discarded_games (
        game_id VARCHAR PRIMARY KEY, tournament_id VARCHAR, plan_key VARCHAR, status VARCHAR NOT NULL,
        tokens BIGINT NOT NULL, cost_usd DOUBLE NOT NULL, recorded_at TIMESTAMP NOT NULL)""")


def m008_qa_answers_raw_reply(conn: duckdb.DuckDBPyConnection) -> None:
    """The reply of an answer that did not parse (`status = 'parse_error'`), cut short, for the report and the
    board: without it a format failure could only be read back from the response cache."""
    conn.execute("ALTER TABLE qa_answers ADD COLUMN raw_reply VARCHAR")


# No secondary indexes: DuckDB rewrites them at every checkpoint, which tripled the cost of each
# record_game on a large log, while a replay's scan of `events` by game_id stays fast without one.
MIGRATIONS: tuple[Migration, ...] = (m001_initial_tables, m002_metric_scores_nullable_value,
                                     m003_ties_forfeits_and_pools, m004_agent_calls_cached_prompt_tokens,
                                     m005_play_sessions, m006_tournament_leases, m007_discarded_games,
                                     m008_qa_answers_raw_reply)


def applied_migrations(conn: duckdb.DuckDBPyConnection) -> list[str]:
    """Names of the migrations already applied ([] for a fresh database)."""
    exists = conn.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'schema_migrations'").fetchone()
    if not exists or not exists[0]:
        return []
    return [row[0] for row in conn.execute("SELECT name FROM schema_migrations ORDER BY name").fetchall()]


def pending_migrations(conn: duckdb.DuckDBPyConnection) -> list[Migration]:
    done = set(applied_migrations(conn))
    return [migration for migration in MIGRATIONS if migration.__name__ not in done]


def run_migrations(conn: duckdb.DuckDBPyConnection) -> list[str]:
    """Apply the pending migrations in order (in the caller's transaction); returns the names applied."""
    conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name VARCHAR PRIMARY KEY, applied_at TIMESTAMP)")
    applied = []
    for migration in pending_migrations(conn):
        migration(conn)
        conn.execute("INSERT INTO schema_migrations VALUES (?, ?)",
                     [migration.__name__, datetime.now(UTC).replace(tzinfo=None)])
        applied.append(migration.__name__)
    return applied


def unknown_migrations(conn: duckdb.DuckDBPyConnection) -> list[str]:
    """Applied migrations this code does not know: the database was written by a newer version."""
    known = {migration.__name__ for migration in MIGRATIONS}
    return [name for name in applied_migrations(conn) if name not in known]
