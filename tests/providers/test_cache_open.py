"""Opening the response cache while another process holds the new file locked (two Ray workers opening
one cache at once): opening tries again instead of failing, and says what is wrong when it cannot."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from arena.errors import ConfigError
from arena.providers import cache


def locked(path: Path) -> sqlite3.Connection:
    """A connection holding an exclusive lock on a fresh cache file, as a worker creating it would."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    return holder


def test_a_locked_new_cache_is_opened_once_the_lock_is_released(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "responses.sqlite"
    holder = locked(path)
    waits: list[float] = []

    def release(seconds: float) -> None:  # the other process finishes while this one waits
        waits.append(seconds)
        if holder.in_transaction:
            holder.execute("COMMIT")

    monkeypatch.setattr(cache, "BUSY_WAIT_S", 0.01)
    monkeypatch.setattr(cache.time, "sleep", release)
    opened = cache.ResponseCache(path)
    assert len(waits) >= 1  # it met the lock and tried again
    assert opened._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert opened._db.execute("SELECT count(*) FROM responses").fetchone()[0] == 0


def test_a_cache_locked_for_good_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "responses.sqlite"
    holder = locked(path)
    monkeypatch.setattr(cache, "BUSY_WAIT_S", 0.01)
    monkeypatch.setattr(cache, "OPEN_WAIT_S", 0.05)
    with pytest.raises(ConfigError, match="cannot open the response cache .*locked.*ARENA_CACHE_DIR"):
        cache.ResponseCache(path)
    holder.execute("COMMIT")
