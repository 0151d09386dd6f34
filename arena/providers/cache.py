"""On-disk response cache (SQLite) so that reruns of the same calls cost nothing.

The key is a sha256 over the entry's identity (provider, model, settings; never a key), the request
with images replaced by their hashes, and an epoch that callers bump to draw fresh samples. Only
model answers are stored (`ok` and `refused_or_blocked`); transient failures are retried next time.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from arena.errors import ConfigError
from arena.providers.messages import Request, Response

CACHE_ENV = "ARENA_CACHE_DIR"
DEFAULT_CACHE_DIR = Path(".arena") / "cache"
BUSY_WAIT_S = 5.0  # SQLite's own wait for a lock held by another process
OPEN_WAIT_S = 30.0  # how long opening tries again while the file is locked (see `ResponseCache._prepare`)
CACHED_STATUSES = frozenset({"ok", "refused_or_blocked"})
log = logging.getLogger(__name__)


def cache_key(identity: dict[str, Any], request: Request, epoch: int = 0) -> str:
    """sha256 of `json.dumps({"entry": identity, "request": request.fingerprint(), "epoch": epoch},
    sort_keys=True, separators=(",", ":"), default=str)`, byte for byte, with the request's part taken
    from its memoised per-message JSON and hash states (a conversation's earlier messages are never
    serialised or hashed again)."""
    entry = json.dumps(identity, sort_keys=True, separators=(",", ":"), default=str)
    epoch_json = json.dumps(epoch, default=str)
    return request.fingerprint_sha256(prefix=f'{{"entry":{entry},"epoch":{epoch_json},"request":', suffix="}")


class ResponseCache:
    """A key -> Response table in one SQLite file; safe to share between coroutines of one process."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=BUSY_WAIT_S)
            self._prepare()
        except (OSError, sqlite3.Error) as exc:
            raise ConfigError(f"{path}: cannot open the response cache ({exc}); set {CACHE_ENV} elsewhere") from exc
        self._lock = threading.Lock()

    def _prepare(self) -> None:
        """Switch to WAL and create the table. Processes opening one new file at once (Ray workers) can find
        it locked: SQLite's busy wait does not cover the switch to WAL, so that is tried again for up to
        `OPEN_WAIT_S` seconds before the error is raised."""
        deadline = time.monotonic() + OPEN_WAIT_S
        while True:
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, response TEXT NOT "
                                 "NULL, created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    @classmethod
    def default(cls) -> ResponseCache:
        """The cache under $ARENA_CACHE_DIR, else ./.arena/cache."""
        folder = Path(os.environ[CACHE_ENV]) if os.environ.get(CACHE_ENV) else DEFAULT_CACHE_DIR
        return cls(folder / "responses.sqlite")

    def __repr__(self) -> str:
        return f"ResponseCache({str(self.path)!r})"

    def get(self, key: str) -> Response | None:
        with self._lock:
            row = self._db.execute("SELECT response FROM responses WHERE key = ?", (key,)).fetchone()
        if not row:
            return None
        try:
            return Response.model_validate_json(row[0])
        except ValidationError:
            # A row written by an incompatible version is a miss, not a crash; the call is made again.
            log.warning("%s: unreadable cache row %s… ignored", self.path, key[:12])
            return None

    def put(self, key: str, response: Response) -> None:
        if response.status not in CACHED_STATUSES:
            return
        stored = response.model_copy(update={"cached": False}).model_dump_json()
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO responses (key, response) VALUES (?, ?)", (key, stored))

    def __len__(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM responses").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()
