"""Play sessions: the seat a person takes at the table, kept so that a game in progress survives a reload.

A session is an append-only log in the table `play_sessions`: one `start` row (the game's spec:
case, seed, seating, the person's role), one `move` row per decision the person made, in order,
and one `end` row naming the recorded game. The game itself is never stored here: it is
rebuilt by replaying the moves through the engine with seeded (or cached) agents, and once it
ends it is recorded in `games` like any other. The store knows no games: spec and moves are
opaque JSON objects to it.

The table is a working table of the Play page, not part of the rated record; migration m005
creates it (a reader of a database not yet migrated finds no such table and reads "no sessions").

People play as entries `human/<name>` (`human_entry`); `is_human(entry_id)` tells the board which
entries are people (WhodunitBench A.4.3's human baseline).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb

from arena.errors import StoreError
from arena.store.db import LockWait, default_db_path, reading, writing
from arena.store.records import EntryRecord, canonical_json, utc_now
from arena.store.writes import Store

HUMAN_PROVIDER = "human"
HUMAN_PREFIX = HUMAN_PROVIDER + "/"
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,39}$")


def is_human(entry_id: str) -> bool:
    """True for the entries people play as (`human/<name>`)."""
    return entry_id.startswith(HUMAN_PREFIX)


def human_entry_id(name: str) -> str:
    """`human/<name>` for a valid display name; StoreError (what, fix) otherwise."""
    cleaned = " ".join(name.split())
    if not NAME_PATTERN.match(cleaned):
        raise StoreError(f"player name {name!r}: use 1-40 letters, digits, spaces, '.', '_' or '-', "
                         "starting with a letter or digit")
    return HUMAN_PREFIX + cleaned.replace(" ", "_")


def human_entry(name: str) -> EntryRecord:
    """The entry a person plays as: provider `human`, flagged `human: true` in its settings."""
    entry_id = human_entry_id(name)
    return EntryRecord(name=entry_id, provider=HUMAN_PROVIDER, model=entry_id.removeprefix(HUMAN_PREFIX),
                       settings={"human": True}, entry_id=entry_id)


@dataclass(frozen=True)
class StoredSession:
    """A session as stored: its spec, the person's moves in order, and the game id once recorded."""

    session_id: str
    spec: dict[str, Any]
    moves: tuple[dict[str, Any], ...]
    game_id: str | None

    @property
    def ended(self) -> bool:
        return self.game_id is not None


class SessionLog:
    """Writes (through the store's writer, one short transaction each) and reads of play sessions."""

    def __init__(self, path: Path | str | None = None, retry: LockWait | None = None) -> None:
        self.path, self.retry = default_db_path(path), retry
        self._store: Store | None = None

    @property
    def store(self) -> Store:
        """The writer (opened on the first write: it creates the database and runs its migrations)."""
        if self._store is None:
            self._store = Store(self.path, self.retry)
        return self._store

    def _append(self, session_id: str, seq: int, kind: str, payload: dict[str, Any]) -> bool:
        with writing(self.store.path, self.retry) as conn:
            if conn.execute("SELECT 1 FROM play_sessions WHERE session_id = ? AND seq = ?",
                            [session_id, seq]).fetchone():
                return False
            conn.execute("INSERT INTO play_sessions VALUES (?, ?, ?, ?::JSON, ?)",
                         [session_id, seq, kind, canonical_json(payload), utc_now()])
            return True

    def start(self, session_id: str, spec: dict[str, Any]) -> None:
        """Register a new session; StoreError when the id is taken."""
        if not self._append(session_id, 0, "start", spec):
            raise StoreError(f"{self.path}: play session {session_id} exists already")

    def add_move(self, session_id: str, index: int, move: dict[str, Any]) -> bool:
        """Store the person's `index`-th move (from 0); False (nothing written) when that move is stored
        already, e.g. a form submitted twice."""
        return self._append(session_id, index + 1, "move", move)

    def end(self, session_id: str, game_id: str) -> None:
        """Close the session with the id of its recorded game (idempotent)."""
        self._append(session_id, END_SEQ, "end", {"game_id": game_id})

    def load(self, session_id: str) -> StoredSession | None:
        """The stored session, or None when the database or the session does not exist."""
        rows = self._rows("SELECT kind, payload FROM play_sessions WHERE session_id = ? ORDER BY seq", [session_id])
        if not rows or rows[0][0] != "start":
            return None
        moves = tuple(json.loads(payload) for kind, payload in rows if kind == "move")
        ends = [json.loads(payload)["game_id"] for kind, payload in rows if kind == "end"]
        return StoredSession(session_id, json.loads(rows[0][1]), moves, ends[0] if ends else None)

    def open_sessions(self, entry_id: str) -> list[str]:
        """Ids of the unfinished sessions of a person (newest first)."""
        rows = self._rows(
            "SELECT session_id FROM play_sessions s WHERE kind = 'start' AND payload->>'player' = ? AND NOT EXISTS "
            "(SELECT 1 FROM play_sessions e WHERE e.session_id = s.session_id AND e.kind = 'end') "
            "ORDER BY created_at DESC", [entry_id])
        return [row[0] for row in rows]

    def _rows(self, sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
        if not self.path.is_file():
            return []
        with reading(self.path, self.retry) as conn:
            if not _has_table(conn):
                return []
            return conn.execute(sql, params).fetchall()


END_SEQ = 1_000_000  # after any move


def _has_table(conn: duckdb.DuckDBPyConnection) -> bool:
    row = conn.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = 'play_sessions'").fetchone()
    return bool(row and row[0])
