"""Migrations run once, in order, at writer start; readers refuse a schema newer than the code."""

from __future__ import annotations

import duckdb
import pytest

from arena.errors import StoreError
from leaderboard.store import Reader, Store
from leaderboard.store.migrations import MIGRATIONS, applied_migrations

TABLES = {"entries", "scripts", "tournaments", "matches", "games", "events", "agent_calls", "qa_runs", "qa_answers",
          "metric_scores", "rating_snapshots", "schema_migrations"}


def test_first_open_applies_every_migration_in_order_and_second_open_none(tmp_path):
    path = tmp_path / "arena.duckdb"
    first = Store(path)
    assert first.applied_migrations == [m.__name__ for m in MIGRATIONS]
    numbers = [int(name[1:4]) for name in first.applied_migrations]  # m001_... ascending (branches take numbers)
    assert numbers[:2] == [1, 2] and numbers == sorted(set(numbers))
    second = Store(path)
    assert second.applied_migrations == []
    with duckdb.connect(str(path), read_only=True) as conn:
        tables = {row[0] for row in conn.execute("SELECT table_name FROM information_schema.tables").fetchall()}
        assert tables >= TABLES
        assert applied_migrations(conn) == [m.__name__ for m in MIGRATIONS]
        assert conn.execute("SELECT count(*) FROM schema_migrations").fetchone()[0] == len(MIGRATIONS)


def test_a_pending_migration_is_applied_on_the_next_open(tmp_path, monkeypatch):
    path = tmp_path / "arena.duckdb"
    Store(path)

    def m999_add_note_table(conn: duckdb.DuckDBPyConnection) -> None:
        conn.execute("CREATE TABLE notes (text VARCHAR)")

    monkeypatch.setattr("leaderboard.store.migrations.MIGRATIONS", (*MIGRATIONS, m999_add_note_table))
    assert Store(path).applied_migrations == ["m999_add_note_table"]
    assert Store(path).applied_migrations == []


def test_reader_refuses_a_database_from_a_newer_version(tmp_path):
    path = tmp_path / "arena.duckdb"
    Store(path)
    with duckdb.connect(str(path)) as conn:
        conn.execute("INSERT INTO schema_migrations VALUES ('m999_future', NULL)")
    with pytest.raises(StoreError, match="m999_future"):
        Reader(path).finished_games()
    with pytest.raises(StoreError, match="newer version"):
        Store(path)


def test_reader_of_a_missing_file_says_so_and_creates_nothing(tmp_path):
    path = tmp_path / "absent.duckdb"
    with pytest.raises(StoreError, match="no such database file"):
        Reader(path).counts()
    assert not path.exists()


def test_m002_turns_failed_judgements_from_nan_into_null(tmp_path, monkeypatch):
    path = tmp_path / "arena.duckdb"
    monkeypatch.setattr("leaderboard.store.migrations.MIGRATIONS", MIGRATIONS[:1])
    Store(path)  # a database as version m001 wrote it: value NOT NULL, failures stored as NaN
    with duckdb.connect(str(path)) as conn:
        conn.execute("INSERT INTO metric_scores VALUES ('g1', 'e1', NULL, 'rp', 'nan'::DOUBLE, 'j', 'llm', '{}', "
                     "now()), ('g1', 'e1', NULL, 'spc', 50.0, 'j', 'llm', '{}', now())")
    monkeypatch.setattr("leaderboard.store.migrations.MIGRATIONS", MIGRATIONS)
    assert Store(path).applied_migrations[0] == "m002_metric_scores_nullable_value"
    with duckdb.connect(str(path), read_only=True) as conn:
        values = dict(conn.execute("SELECT metric, value FROM metric_scores").fetchall())
        nullable = conn.execute("SELECT is_nullable FROM information_schema.columns WHERE table_name = "
                                "'metric_scores' AND column_name = 'value'").fetchone()[0]
    assert values == {"rp": None, "spc": 50.0} and nullable == "YES"


def test_m006_adds_cached_prompt_tokens_to_existing_calls(tmp_path, monkeypatch):
    path = tmp_path / "arena.duckdb"
    monkeypatch.setattr("leaderboard.store.migrations.MIGRATIONS", MIGRATIONS[:2])
    Store(path)
    with duckdb.connect(str(path)) as conn:
        conn.execute("INSERT INTO agent_calls VALUES ('g1', 'e1', 'cook', 'vote', 'ok', 1.0, 10, 2, 0.0, false, now())")
    monkeypatch.setattr("leaderboard.store.migrations.MIGRATIONS", MIGRATIONS)
    assert "m006_agent_calls_cached_prompt_tokens" in Store(path).applied_migrations
    with duckdb.connect(str(path), read_only=True) as conn:
        assert conn.execute("SELECT cached_prompt_tokens FROM agent_calls").fetchall() == [(0,)]
