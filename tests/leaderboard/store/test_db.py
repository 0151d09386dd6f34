"""Opening the file: busy files are retried within a bounded time, and a waiting writer gets priority."""

from __future__ import annotations

import os
import time

import duckdb
import pytest

from arena.errors import StoreError
from arena.store import LockWait, Reader, Store
from arena.store.db import connect, is_busy_error, pending_marker

QUICK = LockWait(timeout_s=0.3, writer_priority_s=5.0)


def test_a_busy_file_is_retried_then_reported_with_the_path(tmp_path):
    store = Store(tmp_path / "arena.duckdb")
    holder = duckdb.connect(str(store.path))  # the same process holding it read-write counts as busy
    try:
        with pytest.raises(StoreError, match="still locked") as info:
            Reader(store.path, retry=QUICK).counts()
        assert str(store.path) in str(info.value)
    finally:
        holder.close()
    assert Reader(store.path, retry=QUICK).counts()["games"] == 0


def test_a_writer_that_cannot_get_in_raises_its_flag_and_lowers_it_when_giving_up(tmp_path):
    store = Store(tmp_path / "arena.duckdb")
    holder = duckdb.connect(str(store.path), read_only=True)
    try:
        with pytest.raises(StoreError, match="cannot write"):
            connect(store.path, read_only=False, retry=QUICK)
    finally:
        holder.close()
    assert not pending_marker(store.path).exists()


def test_readers_step_aside_while_a_writer_waits_but_not_for_a_stale_flag(tmp_path):
    store = Store(tmp_path / "arena.duckdb")
    marker = pending_marker(store.path)
    marker.touch()
    with pytest.raises(StoreError, match="cannot read"):
        Reader(store.path, retry=QUICK).counts()
    old = time.time() - 60
    os.utime(marker, (old, old))
    assert Reader(store.path, retry=QUICK).counts()["entries"] == 0


def test_only_lock_conflicts_count_as_busy():
    assert is_busy_error(duckdb.IOException('Could not set lock on file "x": Conflicting lock is held'))
    assert not is_busy_error(duckdb.IOException("No space left on device"))
    assert not is_busy_error(ValueError("lock"))


def test_a_file_that_is_not_a_database_is_a_clear_error_not_a_retry(tmp_path):
    path = tmp_path / "notes.duckdb"
    path.write_text("not a database")
    start = time.monotonic()
    with pytest.raises(StoreError, match="damaged .* or is not a DuckDB database"):
        Reader(path).counts()
    assert time.monotonic() - start < LockWait().timeout_s
