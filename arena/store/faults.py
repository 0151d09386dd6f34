"""Store faults a user can meet, each turned into one StoreError naming the file and what to do.

DuckDB reports a damaged file, a read-only file or filesystem and a full disk as assorted
`IOException`, `TransactionException` or plain `Error`s (and the operating system as `OSError`);
`store_fault` recognises them by their errno or message so that the CLI prints one line instead of
a traceback. Anything else (a busy file, a bug) is not a fault of the file and is left alone.
"""

from __future__ import annotations

import errno
from pathlib import Path

from arena.errors import StoreError

READ_ONLY_MARKERS = ("read-only file system", "permission denied", "read-only mode", "read only", "readonly")
FULL_MARKERS = ("no space left on device", "disk full", "disk quota exceeded", "file too large")
DAMAGE_MARKERS = ("corrupt", "checksum", "could not read enough bytes", "not a valid duckdb database",
                  "invalid block", "failed to deserialize", "serialization error", "unexpected end of file")


class StoreFaultError(StoreError):
    """The database file is damaged, read-only or on a full disk; the message says what to do."""


def fault_kind(exc: BaseException) -> str | None:
    """`damaged`, `read_only` or `full` when `exc` is one of those faults, else None."""
    code = getattr(exc, "errno", None)
    if code in (errno.EROFS, errno.EACCES, errno.EPERM):
        return "read_only"
    if code in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return "full"
    text = str(exc).lower()
    for kind, markers in (("full", FULL_MARKERS), ("read_only", READ_ONLY_MARKERS), ("damaged", DAMAGE_MARKERS)):
        if any(marker in text for marker in markers):
            return kind
    return None


def describe(path: Path, kind: str, exc: BaseException, writing: bool) -> str:
    detail = " ".join(str(exc).split())[:300]
    if kind == "read_only":
        return (f"{path}: cannot write, the file or its folder is read-only ({detail}). Make it writable, or pass "
                "--db (or set ARENA_DB) to a writable file; reading it works as it is (the board opens it read-only)")
    if kind == "full":
        return (f"{path}: the disk is full, nothing of this write was kept ({detail}). Free space on that disk or "
                "pass --db on another one, then rerun: recorded games are kept and a rerun plays only the missing ones")
    action = "write" if writing else "read"
    return (f"{path}: cannot {action} the database, the file is damaged (truncated or corrupted) or is not a DuckDB "
            f"database ({detail}). Move it aside and restore a backup, or pass --db (or set ARENA_DB) to a new file")


def store_fault(path: Path, exc: BaseException, *, writing: bool) -> StoreFaultError | None:
    """A StoreFaultError for `exc` when it is a fault of the file at `path`, else None."""
    if isinstance(exc, StoreError):
        return None
    kind = fault_kind(exc)
    return StoreFaultError(describe(path, kind, exc, writing)) if kind is not None else None
