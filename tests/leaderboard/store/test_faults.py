"""Store faults on real DuckDB files: a damaged file, a read-only filesystem and a full disk each end in
one StoreFaultError naming the file and the fix, and what was recorded before stays readable.

The read-only and full-disk tests mount a small tmpfs (tests run as root here); where mounting is not
allowed they fall back to DuckDB's read-only mode, or are skipped.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from arena.errors import StoreError
from arena.store import Reader, Store
from arena.store.db import pending_marker, writing
from arena.store.faults import StoreFaultError, fault_kind
from tests.leaderboard.helpers import events, game, new_store

BLOCK = 262144  # DuckDB's default block size; the file starts with three 4 KiB headers


def recorded_store(tmp_path: Path, n: int = 3) -> Store:
    store, ids = new_store(tmp_path)
    for i in range(n):
        store.record_game(game(f"g{i}", ids[0], ids[1], minute=i), events(5))
    return store


def _mount(target: Path, *options: str) -> bool:
    target.mkdir(parents=True, exist_ok=True)
    if shutil.which("mount") is None:
        return False
    done = subprocess.run(["mount", *options, str(target)], capture_output=True, check=False)
    return done.returncode == 0


def _umount(target: Path) -> None:
    subprocess.run(["umount", "-l", str(target)], capture_output=True, check=False)


@pytest.fixture
def read_only_copy(tmp_path: Path) -> Iterator[Path]:
    """A recorded database seen through a read-only bind mount (skips when mounting is not allowed)."""
    source = recorded_store(tmp_path / "rw").path.parent
    view = tmp_path / "ro"
    if not _mount(view, "--bind", str(source)):
        pytest.skip("cannot bind-mount here (needs root)")
    try:
        if not _mount(view, "-o", "remount,bind,ro"):
            pytest.skip("cannot remount read-only here")
        yield view / "arena.duckdb"
    finally:
        _umount(view)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MiB tmpfs (skips when mounting is not allowed)."""
    disk = tmp_path / "disk"
    if not _mount(disk, "-t", "tmpfs", "-o", "size=4m", "tmpfs"):
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        yield disk
    finally:
        _umount(disk)


@pytest.mark.parametrize("kept", [0.1, 0.5])
def test_a_truncated_file_names_the_file_and_the_fix(tmp_path: Path, kept: float) -> None:
    path = recorded_store(tmp_path).path
    path.write_bytes(path.read_bytes()[: int(path.stat().st_size * kept)])
    faults = []
    for use in (lambda: Store(path), lambda: Reader(path).counts(), lambda: Reader(path).games(),
                lambda: Reader(path).events("g1")):
        try:
            use()
        except StoreFaultError as exc:  # any other exception fails the test
            faults.append(str(exc))
    assert faults, "a truncated file must be noticed"
    assert all(str(path) in f and "damaged" in f and "--db" in f for f in faults)


def test_a_corrupted_page_names_the_file_and_the_fix(tmp_path: Path) -> None:
    path = recorded_store(tmp_path).path
    data = bytearray(path.read_bytes())
    start = 3 * 4096  # the first data block (the catalog): every open reads it
    data[start + 64: start + 4096] = bytes(b ^ 0xA5 for b in data[start + 64: start + 4096])
    path.write_bytes(bytes(data))
    for open_it in (lambda: Store(path), lambda: Reader(path).counts()):
        with pytest.raises(StoreFaultError, match="damaged") as info:
            open_it()
        assert str(path) in str(info.value)


def test_a_file_that_is_not_a_database_is_a_fault_not_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "arena.duckdb"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreFaultError, match="damaged"):
        Store(path)


def test_a_read_only_filesystem_says_so_and_reading_still_works(read_only_copy: Path) -> None:
    with pytest.raises(StoreFaultError, match="read-only") as info:
        Store(read_only_copy)  # before: the marker cleanup raised OSError and hid this
    assert str(read_only_copy) in str(info.value)
    assert not pending_marker(read_only_copy).exists()
    assert Reader(read_only_copy).counts()["games"] == 3
    assert [g.game_id for g in Reader(read_only_copy).games()] and Reader(read_only_copy).finished_games()


def test_a_write_through_duckdbs_read_only_mode_is_a_fault(tmp_path: Path) -> None:
    """Where no mount is possible this is how a read-only file looks to the writer's SQL."""
    path = recorded_store(tmp_path).path
    conn = duckdb.connect(str(path), read_only=True)
    try:
        with pytest.raises(duckdb.Error) as info:
            conn.execute("CREATE TABLE x (a INTEGER)")
    finally:
        conn.close()
    assert fault_kind(info.value) == "read_only"


def test_a_full_disk_keeps_what_was_recorded(small_disk: Path) -> None:
    store, ids = new_store(small_disk)
    store.record_game(game("kept", ids[0], ids[1]), events(5))
    filler = small_disk / "filler"
    with filler.open("wb") as out, pytest.raises(OSError):
        while True:
            out.write(b"\0" * 65536)
            out.flush()
    with pytest.raises(StoreFaultError, match="disk is full") as info:
        for i in range(50):  # a few KiB may still fit; the disk fills within these
            store.record_game(game(f"big{i}", ids[0], ids[1], minute=i + 1), events(2000))
    assert str(store.path) in str(info.value)
    assert isinstance(info.value, StoreError)
    filler.unlink()
    games = {g.game_id for g in Reader(store.path).games()}
    assert "kept" in games
    store.record_game(game("after", ids[0], ids[1], minute=99), events(5))  # space freed: writes work again
    assert "after" in {g.game_id for g in Reader(store.path).games()}


def test_other_errors_are_not_mistaken_for_faults(tmp_path: Path) -> None:
    store = recorded_store(tmp_path)
    with pytest.raises(duckdb.Error) as info, writing(store.path) as conn:
        conn.execute("SELECT * FROM no_such_table")
    assert not isinstance(info.value, StoreFaultError)
