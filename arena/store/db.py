"""Opening the DuckDB file: where it is, and how a writer and readers share it.

DuckDB lets exactly one process open a database file read-write, or any number of processes
open it read-only, never both at once: while one process holds the file, a `connect` from another
process fails at once with an `IOException` ("Could not set lock on file ... Conflicting lock is
held"). Within one process, a read-only and a read-write connection to the same file cannot
coexist either (`ConnectionException`, "different configuration").

So nobody keeps the file open. The writer opens a connection per short transaction and closes it
(about 20 ms of overhead), and readers open read-only per query or small group of queries and
close again. Whoever finds the file busy retries with bounded, jittered exponential backoff, and a
waiting writer raises a flag (a marker file next to the database) that makes readers hold back
until it got in, so a busy board cannot starve the tournament. The board can therefore be browsed
while a tournament writes: each side gets in between the other's short transactions.

A damaged file, a read-only file or filesystem and a full disk end in one `StoreFaultError`
(`arena.store.faults`) naming the file and what to do; a failed write transaction is rolled
back whole, so nothing half-written stays behind.
"""

from __future__ import annotations

import contextlib
import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

import duckdb

from arena.errors import StoreError
from arena.store.faults import store_fault

DB_ENV = "ARENA_DB"
Connection: TypeAlias = duckdb.DuckDBPyConnection  # what callers outside the store name in type hints
DEFAULT_DB_FILE = Path("arena.duckdb")


def default_db_path(explicit: Path | str | None = None) -> Path:
    """The database file: the explicit path, else `$ARENA_DB`, else `./arena.duckdb`."""
    if explicit is not None and str(explicit):
        return Path(explicit)
    if os.environ.get(DB_ENV):
        return Path(os.environ[DB_ENV])
    return DEFAULT_DB_FILE


@dataclass(frozen=True)
class LockWait:
    """Bounded backoff for a busy database file: delays grow from `first_delay_s` to `max_delay_s`
    (with jitter), and a connection attempt gives up after `timeout_s` in total. A reader also
    steps aside for `writer_priority_s` while a writer signals that it is waiting."""

    timeout_s: float = 30.0
    first_delay_s: float = 0.005
    max_delay_s: float = 0.2
    factor: float = 1.6
    writer_priority_s: float = 2.0

    def next_delay(self, delay: float) -> float:
        return min(max(delay, self.first_delay_s) * self.factor, self.max_delay_s)


def is_busy_error(exc: BaseException) -> bool:
    """True when `exc` means another connection holds the file (retryable), not a real failure."""
    text = str(exc).lower()
    if isinstance(exc, duckdb.IOException):
        return "lock" in text
    if isinstance(exc, duckdb.ConnectionException):
        return "different configuration" in text
    return False


def pending_marker(path: Path) -> Path:
    """The file a waiting writer creates next to the database so that polling readers let it in."""
    return path.with_name(path.name + ".writer-waiting")


def writer_waiting(path: Path, within_s: float) -> bool:
    """A writer touched the marker less than `within_s` ago (an older marker is from a dead writer)."""
    try:
        return time.time() - pending_marker(path).stat().st_mtime < within_s
    except FileNotFoundError:
        return False


def _try_connect(path: Path, read_only: bool) -> duckdb.DuckDBPyConnection | None:
    try:
        return duckdb.connect(str(path), read_only=read_only)
    except (duckdb.IOException, duckdb.ConnectionException) as exc:
        if not is_busy_error(exc):
            raise store_fault(path, exc, writing=not read_only) or StoreError(
                f"{path}: cannot open the database ({exc})") from exc
        return None
    except (duckdb.Error, OSError) as exc:
        if (fault := store_fault(path, exc, writing=not read_only)) is not None:
            raise fault from exc
        raise


def connect(path: Path, *, read_only: bool, retry: LockWait | None = None) -> duckdb.DuckDBPyConnection:
    """Open `path`, retrying while another process (or connection) holds it; StoreError when it stays busy.

    Readers poll often and briefly, so without help a writer could starve; a writer that finds the
    file busy therefore touches a marker file, and readers wait while the marker is fresh.
    """
    policy = retry or LockWait()
    if read_only and not path.is_file():
        raise StoreError(f"{path}: no such database file (record a game or run a tournament first, or pass --db)")
    rng, marker, touched = random.Random(), pending_marker(path), False
    deadline, delay = time.monotonic() + policy.timeout_s, 0.0
    try:
        while True:
            yielding = read_only and writer_waiting(path, policy.writer_priority_s)
            if not yielding and (conn := _try_connect(path, read_only)) is not None:
                return conn
            if not read_only:
                with contextlib.suppress(OSError):  # the marker is a courtesy; its failure is not the error
                    marker.touch()
                    touched = True
            if time.monotonic() >= deadline:
                break
            delay = policy.next_delay(delay)
            time.sleep(min(delay * rng.uniform(0.5, 1.0), max(deadline - time.monotonic(), 0.0)))
    finally:
        if touched:
            with contextlib.suppress(OSError):  # never let the cleanup hide the real error
                marker.unlink(missing_ok=True)
    mode = "read" if read_only else "write"
    raise StoreError(f"{path}: still locked by another process after {policy.timeout_s:g} s, cannot {mode}; "
                     "wait for it to finish or use another --db file")


@contextmanager
def reading(path: Path, retry: LockWait | None = None) -> Iterator[duckdb.DuckDBPyConnection]:
    """A short-lived read-only connection: everything read inside sees one consistent snapshot."""
    conn = connect(path, read_only=True, retry=retry)
    try:
        yield conn
    except duckdb.Error as exc:
        if (fault := store_fault(path, exc, writing=False)) is not None:
            raise fault from exc
        raise
    finally:
        conn.close()


@contextmanager
def writing(path: Path, retry: LockWait | None = None) -> Iterator[duckdb.DuckDBPyConnection]:
    """One short write transaction: committed when the block ends, rolled back entirely on any error."""
    with write_session(path, retry) as conn, transaction(path, conn):
        yield conn


@contextmanager
def write_session(path: Path, retry: LockWait | None = None) -> Iterator[duckdb.DuckDBPyConnection]:
    """A writing connection for several transactions in a row (opening and closing one costs tens of
    milliseconds: a scheduler with many finished games writes them over one session)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise store_fault(path, exc, writing=True) or StoreError(f"{path}: cannot create its folder ({exc})") from exc
    conn = connect(path, read_only=False, retry=retry)
    try:
        yield conn
    except (duckdb.Error, OSError) as exc:
        if (fault := store_fault(path, exc, writing=True)) is not None:
            raise fault from exc
        raise
    finally:
        with contextlib.suppress(duckdb.Error):
            conn.close()


@contextmanager
def transaction(path: Path, conn: duckdb.DuckDBPyConnection) -> Iterator[duckdb.DuckDBPyConnection]:
    """One transaction on `conn`: committed when the block ends, rolled back entirely on any error."""
    try:
        conn.execute("BEGIN TRANSACTION")
        try:
            yield conn
        except BaseException:
            with contextlib.suppress(duckdb.Error):  # a failed commit or a dead file must not mask the cause
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    except (duckdb.Error, OSError) as exc:
        if (fault := store_fault(path, exc, writing=True)) is not None:
            raise fault from exc
        raise
