"""Migrations run once, in order, at writer start; readers refuse a schema newer than the code."""

from __future__ import annotations

import duckdb
import pytest

from arena.errors import StoreError
from arena.store import Reader, Store
from arena.store.migrations import MIGRATIONS, applied_migrations

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

    monkeypatch.setattr("arena.store.migrations.MIGRATIONS", (*MIGRATIONS, m999_add_note_table))
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
    monkeypatch.setattr("arena.store.migrations.MIGRATIONS", MIGRATIONS[:1])
    Store(path)  # a database as version m001 wrote it: value NOT NULL, failures stored as NaN
    with duckdb.connect(str(path)) as conn:
        conn.execute("INSERT INTO metric_scores VALUES ('g1', 'e1', NULL, 'rp', 'nan'::DOUBLE, 'j', 'llm', '{}', "
                     "now()), ('g1', 'e1', NULL, 'spc', 50.0, 'j', 'llm', '{}', now())")
    monkeypatch.setattr("arena.store.migrations.MIGRATIONS", MIGRATIONS[:2])
    assert Store(path).applied_migrations == ["m002_metric_scores_nullable_value"]
    with duckdb.connect(str(path), read_only=True) as conn:
        values = dict(conn.execute("SELECT metric, value FROM metric_scores").fetchall())
        nullable = conn.execute("SELECT is_nullable FROM information_schema.columns WHERE table_name = "
                                "'metric_scores' AND column_name = 'value'").fetchone()[0]
    assert values == {"rp": None, "spc": 50.0} and nullable == "YES"


def test_m003_keeps_every_game_of_an_existing_database_and_then_accepts_ties(tmp_path, monkeypatch):
    from tests.leaderboard.helpers import game, new_store

    monkeypatch.setattr("arena.store.migrations.MIGRATIONS", MIGRATIONS[:2])
    store, (a, b, _) = new_store(tmp_path)  # a database as m002 wrote it, with the games columns of then
    old = ("game_id, match_id, tournament_id, script_id, script_hash, seed, civilians_entry, murderer_entry, status, "
           "winner, votes, n_events, tokens, cost_usd, started_at, finished_at, plan_key, planned_key, abort_reason, "
           "recorded_at")
    with duckdb.connect(str(store.path)) as conn:
        for gid, civ, mur, status, winner, key in (("g1", a, b, "finished", "civilians", "pk-1"),
                                                   ("g2", b, a, "finished", None, None),
                                                   ("g3", a, b, "aborted", None, None)):
            conn.execute(f"INSERT INTO games ({old}) VALUES (?, NULL, NULL, 'mini_case', 'h1', 1, ?, ?, ?, ?, '{{}}', "
                         "1, 0, 0.0, TIMESTAMP '2025-01-01 12:00', ?, ?, ?, NULL, now())",
                         [gid, civ, mur, status, winner, f"2025-01-01 12:0{gid[1]}", key, key or "pk-3"])
        conn.execute("INSERT INTO events VALUES ('g1', 0, 'note', NULL, '{\"text\": \"kept\"}')")
        before = conn.execute("SELECT * FROM games ORDER BY game_id").fetchall()
        with pytest.raises(duckdb.ConstraintException):
            conn.execute("UPDATE games SET winner = 'tie' WHERE game_id = 'g2'")
    monkeypatch.setattr("arena.store.migrations.MIGRATIONS", MIGRATIONS[:3])
    migrated = Store(store.path)
    assert migrated.applied_migrations == ["m003_ties_forfeits_and_pools"]
    with duckdb.connect(str(store.path), read_only=True) as conn:
        after = conn.execute("SELECT * FROM games ORDER BY game_id").fetchall()
        assert conn.execute("SELECT count(*) FROM events WHERE game_id = 'g1'").fetchone()[0] == 1
    width = len(before[0])
    assert [row[:width] for row in after] == before  # every old column of every game, unchanged
    assert all(row[width:] == (None, 0, 0, 0, 0, 0, 0) for row in after)  # new columns: no position, no forfeits
    assert migrated.record_game(game("g4", a, b, plan_key="pk-1"), []) is False  # plan keys still unique
    assert migrated.record_game(game("g5", a, b, winner="tie", minute=5), [])
    assert {g.game_id: g.winner for g in Reader(store.path).finished_games()} == {"g1": "civilians", "g2": None,
                                                                                 "g5": "tie"}


def test_m004_adds_cached_prompt_tokens_to_existing_calls(tmp_path, monkeypatch):
    path = tmp_path / "arena.duckdb"
    monkeypatch.setattr("arena.store.migrations.MIGRATIONS", MIGRATIONS[:2])
    Store(path)
    with duckdb.connect(str(path)) as conn:
        conn.execute("INSERT INTO agent_calls VALUES ('g1', 'e1', 'cook', 'vote', 'ok', 1.0, 10, 2, 0.0, false, now())")
    monkeypatch.setattr("arena.store.migrations.MIGRATIONS", MIGRATIONS[:4])
    assert "m004_agent_calls_cached_prompt_tokens" in Store(path).applied_migrations
    with duckdb.connect(str(path), read_only=True) as conn:
        assert conn.execute("SELECT cached_prompt_tokens FROM agent_calls").fetchall() == [(0,)]
