"""The single writer: every method is one short transaction on a connection opened just for it.

    store = Store("arena.duckdb")            # runs pending migrations
    store.upsert_entry(EntryRecord.from_entry(entry))
    store.record_game(GameRecord(...), events)   # the game and all its events, or nothing
    store.finished_plan_keys(tournament_id)      # plans a resumed tournament can skip

Only one process may write a database at a time (the scheduler); readers in other processes
get in between transactions (see `arena.store.db`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import duckdb
from pydantic import BaseModel, ValidationError

from arena.errors import StoreError
from arena.store.db import LockWait, default_db_path, transaction, write_session, writing
from arena.store.migrations import run_migrations, unknown_migrations
from arena.store.queries import (
    FinishedGame,
    active_entry_ids,
    finished_games,
    finished_plan_keys,
    game_log,
    tournament_cost,
    tournament_matches,
)
from arena.store.records import (
    AgentCallRecord,
    EntryRecord,
    EventRecord,
    GameRecord,
    MatchRecord,
    MetricScoreRecord,
    QaAnswerRecord,
    QaRunRecord,
    RatingPoolRecord,
    RatingSnapshotRecord,
    ScriptRecord,
    TournamentRecord,
    canonical_json,
    utc_now,
)

EVENT_FIELDS = ("seq", "type", "role", "payload")
GameRows = tuple[GameRecord, Sequence[EventRecord | BaseModel | Mapping[str, Any]], Sequence[AgentCallRecord]]
"""One game as `Store.record_games` takes it: the game, its events, its agent-call rows."""
PreparedGame = tuple[GameRecord, list[EventRecord], Sequence[AgentCallRecord]]


def to_event(raw: EventRecord | BaseModel | Mapping[str, Any], index: int) -> EventRecord:
    """An event as stored: `seq` defaults to its position; fields other than seq/type/role form the
    payload unless a `payload` dict is given (so engine events can be passed as they are)."""
    if isinstance(raw, EventRecord):
        return raw
    data = raw.model_dump(mode="json") if isinstance(raw, BaseModel) else dict(raw)
    payload = data["payload"] if isinstance(data.get("payload"), dict) else {
        k: v for k, v in data.items() if k not in EVENT_FIELDS}
    seq, kind, role = data.get("seq", index), data.get("type", ""), data.get("role")
    if isinstance(raw, BaseModel) and _plain_header(seq, kind, role):
        # A model dumped in JSON mode holds only JSON values, and its header passed the checks EventRecord
        # makes: built as it is (the stored text is `canonical_json` of the payload either way).
        return EventRecord.model_construct(seq=seq, type=kind, role=role, payload=payload)
    try:
        return EventRecord(seq=seq, type=kind, role=role, payload=json.loads(canonical_json(payload)))
    except ValidationError as exc:
        raise StoreError(f"event {index}: {exc.errors()[0]['loc']}: {exc.errors()[0]['msg']}") from None


def _plain_header(seq: Any, kind: Any, role: Any) -> bool:
    """The checks of EventRecord's seq, type and role (an int >= 0, a non-empty string, a string or None)."""
    return (type(seq) is int and seq >= 0 and type(kind) is str and kind != ""
            and (role is None or type(role) is str))


def _columns(rows: Sequence[Sequence[Any]], width: int) -> list[list[Any]]:
    return [[row[i] for row in rows] for i in range(width)] if rows else [[] for _ in range(width)]


def insert_rows(conn: duckdb.DuckDBPyConnection, table: str, names: Sequence[str], rows: Sequence[Sequence[Any]],
                casts: Mapping[str, str] | None = None) -> None:
    """Bulk insert via column lists and `unnest` (an order of magnitude faster than executemany)."""
    if not rows:
        return
    casts = casts or {}
    select = ", ".join(f"unnest(?::{casts[name]}[])" if name in casts else "unnest(?)" for name in names)
    conn.execute(f"INSERT INTO {table} ({', '.join(names)}) SELECT {select}", _columns(rows, len(names)))


def insert_records(conn: duckdb.DuckDBPyConnection, table: str, records: Sequence[BaseModel],
                   json_fields: Iterable[str] = ()) -> None:
    """Insert pydantic records whose field names are the table's column names."""
    if not records:
        return
    names = list(type(records[0]).model_fields)
    as_json = set(json_fields)
    rows = [[canonical_json(getattr(r, n)) if n in as_json else getattr(r, n) for n in names] for r in records]
    insert_rows(conn, table, names, rows, {n: "JSON" for n in as_json})


class Store:
    """The writer of one database file (default: `default_db_path()`); migrations run on creation."""

    def __init__(self, path: Path | str | None = None, retry: LockWait | None = None) -> None:
        self.path = default_db_path(path)
        self.retry = retry
        with writing(self.path, retry) as conn:
            if unknown := unknown_migrations(conn):
                raise StoreError(f"{self.path}: written by a newer version (migrations {', '.join(unknown)} are "
                                 "unknown here); upgrade whodunit-arena before writing to it")
            self.applied_migrations = run_migrations(conn)

    def __repr__(self) -> str:
        return f"Store({str(self.path)!r})"

    def upsert_entry(self, entry: EntryRecord, deprecate_previous: bool = True) -> int:
        """Register an entry once (a known `entry_id` is a no-op) and return its version number.

        A new entry reusing a known name is the next version of it; earlier versions are marked
        deprecated (their games and ratings remain) unless `deprecate_previous` is False.
        """
        with writing(self.path, self.retry) as conn:
            known = conn.execute("SELECT version FROM entries WHERE entry_id = ?", [entry.entry_id]).fetchone()
            if known:
                return int(known[0])
            row = conn.execute("SELECT coalesce(max(version), 0) FROM entries WHERE name = ?", [entry.name]).fetchone()
            version = int(row[0] if row else 0) + 1
            if deprecate_previous and version > 1:
                conn.execute("UPDATE entries SET deprecated = true WHERE name = ? AND NOT deprecated", [entry.name])
            conn.execute("INSERT INTO entries VALUES (?, ?, ?, ?, ?::JSON, ?, ?, false)",
                         [entry.entry_id, entry.name, entry.provider, entry.model, canonical_json(entry.settings),
                          version, utc_now()])
            return version

    def deprecate_entry(self, entry_id: str, deprecated: bool = True) -> None:
        """Retire (or restore) an entry: the board can hide it; its games stay in the log."""
        with writing(self.path, self.retry) as conn:
            if not conn.execute("SELECT 1 FROM entries WHERE entry_id = ?", [entry_id]).fetchone():
                raise StoreError(f"{self.path}: no entry {entry_id!r}")
            conn.execute("UPDATE entries SET deprecated = ? WHERE entry_id = ?", [deprecated, entry_id])

    def record_script(self, script: ScriptRecord) -> bool:
        """Register a script version (id + content hash); False when it was known already."""
        with writing(self.path, self.retry) as conn:
            if conn.execute("SELECT 1 FROM scripts WHERE script_id = ? AND content_hash = ?",
                            [script.script_id, script.content_hash]).fetchone():
                return False
            insert_rows(conn, "scripts", [*ScriptRecord.model_fields, "recorded_at"],
                        [[*script.model_dump().values(), utc_now()]])
            return True

    def record_tournament(self, tournament: TournamentRecord) -> bool:
        """Register a tournament; False (and nothing changed) when its id is known already."""
        return self._insert_once("tournaments", "tournament_id", tournament, json_fields=("config",))

    def record_match(self, match: MatchRecord) -> bool:
        return self._insert_once("matches", "match_id", match)

    def record_qa_run(self, run: QaRunRecord) -> bool:
        return self._insert_once("qa_runs", "run_id", run, json_fields=("config",))

    def _insert_once(self, table: str, key: str, record: BaseModel, json_fields: Iterable[str] = ()) -> bool:
        with writing(self.path, self.retry) as conn:
            if conn.execute(f"SELECT 1 FROM {table} WHERE {key} = ?", [getattr(record, key)]).fetchone():
                return False
            insert_records(conn, table, [record], json_fields)
            return True

    def record_game(self, game: GameRecord, events: Sequence[EventRecord | BaseModel | Mapping[str, Any]],
                    calls: Sequence[AgentCallRecord] = ()) -> bool:
        """Write a game, all its events and its agent-call rows in ONE transaction; a failure anywhere
        leaves no trace.

        Returns False, writing nothing, when the game is already recorded: same `game_id`, or a
        finished game with the same `plan_key`. Both entries must have been registered.
        """
        with writing(self.path, self.retry) as conn:
            return self._record_game(conn, game, events, calls)

    def record_games(self, games: Sequence[GameRows]) -> list[bool | Exception]:
        """Several games over ONE connection, each recorded whole or not at all exactly as `record_game`
        writes it; per game: True (written), False (already recorded, or an earlier game of the batch has
        its id or plan key) or the exception that kept it out (the others are written regardless).

        The batch is checked with one query per table and inserted in one transaction (a few statements
        instead of a few per game); if that transaction fails, each game is written in its own, so a bad
        game keeps only itself out. A connection that cannot be opened raises."""
        outcomes: list[bool | Exception | None] = [None] * len(games)
        with write_session(self.path, self.retry) as conn:
            fresh = self._fresh_games(conn, games, outcomes)
            try:
                with transaction(self.path, conn):
                    self._insert_games(conn, [prepared for _, prepared in fresh])
                for index, _ in fresh:
                    outcomes[index] = True
            except Exception:  # noqa: BLE001 - one game's fault must not keep the others out: game by game
                for index, (game, stored, calls) in fresh:
                    try:
                        with transaction(self.path, conn):
                            outcomes[index] = self._record_game(conn, game, stored, calls)
                    except Exception as exc:  # noqa: BLE001 - this game's fault is its outcome
                        outcomes[index] = exc
        return [False if outcome is None else outcome for outcome in outcomes]

    def _fresh_games(self, conn: duckdb.DuckDBPyConnection, games: Sequence[GameRows],
                     outcomes: list[bool | Exception | None]) -> list[tuple[int, PreparedGame]]:
        """The batch's games to insert, with their events as stored; sets the outcome of the others (False
        when recorded already or earlier in the batch, the error when invalid or naming unknown entries)."""
        ids = [game.game_id for game, _, _ in games]
        keys = [game.plan_key for game, _, _ in games if game.counts and game.plan_key is not None]
        known_ids, known_keys = set(), set()
        for game_id, plan_key in conn.execute(
                "SELECT game_id, plan_key FROM games WHERE game_id IN (SELECT unnest(?::VARCHAR[])) "
                "OR plan_key IN (SELECT unnest(?::VARCHAR[]))", [ids, keys]).fetchall():
            known_ids.add(game_id)
            known_keys.add(plan_key)
        named = sorted({e for game, _, _ in games for e in (game.civilians_entry, game.murderer_entry)})
        entries = {row[0] for row in conn.execute(
            "SELECT entry_id FROM entries WHERE entry_id IN (SELECT unnest(?::VARCHAR[]))", [named]).fetchall()}
        fresh: list[tuple[int, PreparedGame]] = []
        for index, (game, events, calls) in enumerate(games):
            try:
                stored = self._prepared(game, events, calls)
            except Exception as exc:  # noqa: BLE001 - this game's fault is its outcome
                outcomes[index] = exc
                continue
            key = game.plan_key if game.counts else None
            if game.game_id in known_ids or (key is not None and key in known_keys):
                outcomes[index] = False
                continue
            if missing := {game.civilians_entry, game.murderer_entry} - entries:
                outcomes[index] = self._unknown_entries(game, missing)
                continue
            known_ids.add(game.game_id)
            known_keys.add(key)
            fresh.append((index, (game, stored, calls)))
        return fresh

    @staticmethod
    def _prepared(game: GameRecord, events: Sequence[EventRecord | BaseModel | Mapping[str, Any]],
                  calls: Sequence[AgentCallRecord]) -> list[EventRecord]:
        if stray := [c for c in calls if c.game_id != game.game_id]:
            raise StoreError(f"agent call of game {stray[0].game_id!r} passed with game {game.game_id!r}")
        return [to_event(raw, index) for index, raw in enumerate(events)]

    @staticmethod
    def _insert_games(conn: duckdb.DuckDBPyConnection, games: Sequence[PreparedGame]) -> None:
        """Insert checked games: all their games, events and agent-call rows in three statements."""
        insert_rows(conn, "games", GAME_COLUMNS, [game_row(game, len(stored)) for game, stored, _ in games],
                    {"votes": "JSON"})
        if len(games) == 1:
            write_events(conn, games[0][0].game_id, games[0][1])
        else:
            insert_rows(conn, "events", EVENT_COLUMNS, [row for game, stored, _ in games
                                                        for row in event_rows(game.game_id, stored)],
                        {"payload": "JSON"})
        insert_records(conn, "agent_calls", [call for _, _, calls in games for call in calls])

    def _record_game(self, conn: duckdb.DuckDBPyConnection, game: GameRecord,
                     events: Sequence[EventRecord | BaseModel | Mapping[str, Any]],
                     calls: Sequence[AgentCallRecord]) -> bool:
        stored = self._prepared(game, events, calls)
        if self._already_recorded(conn, game):
            return False
        self._check_entries(conn, game)
        self._insert_games(conn, [(game, stored, calls)])
        return True

    def record_discarded(self, game: GameRecord, calls: Sequence[AgentCallRecord] = ()) -> bool:
        """Account for a game played but not recorded because another game (another run's) holds its plan
        key: a `discarded_games` row (its cost counts for the tournament's budget) and its agent-call rows
        (the calls were made and paid). False, writing nothing, when the game itself or its discard is
        recorded already."""
        with writing(self.path, self.retry) as conn:
            if conn.execute("SELECT 1 FROM games WHERE game_id = $1 UNION ALL "
                            "SELECT 1 FROM discarded_games WHERE game_id = $1", [game.game_id]).fetchone():
                return False
            self._prepared(game, (), calls)
            insert_rows(conn, "discarded_games", DISCARDED_COLUMNS,
                        [[game.game_id, game.tournament_id, game.plan_key, game.status, game.tokens, game.cost_usd,
                          utc_now()]])
            insert_records(conn, "agent_calls", calls)
            return True

    def record_matches(self, matches: Sequence[MatchRecord]) -> int:
        """Register the matches not known yet (one transaction); returns how many were new."""
        if not matches:
            return 0
        with writing(self.path, self.retry) as conn:
            known = {row[0] for row in conn.execute(
                "SELECT match_id FROM matches WHERE match_id IN (SELECT unnest(?))",
                [[m.match_id for m in matches]]).fetchall()}
            fresh = list({m.match_id: m for m in matches if m.match_id not in known}.values())
            insert_records(conn, "matches", fresh)
            return len(fresh)

    def tournament_matches(self, tournament_id: str) -> list[MatchRecord]:
        """A tournament's registered matches, oldest first."""
        with writing(self.path, self.retry) as conn:
            return tournament_matches(conn, tournament_id)

    def tournament_cost(self, tournament_id: str) -> float:
        """Money spent on a tournament: its recorded games (every status) and its discarded ones."""
        with writing(self.path, self.retry) as conn:
            return tournament_cost(conn, tournament_id)

    @staticmethod
    def _already_recorded(conn: duckdb.DuckDBPyConnection, game: GameRecord) -> bool:
        if conn.execute("SELECT 1 FROM games WHERE game_id = ?", [game.game_id]).fetchone():
            return True
        return bool(game.counts and game.plan_key is not None and conn.execute(
            "SELECT 1 FROM games WHERE plan_key = ?", [game.plan_key]).fetchone())

    def _check_entries(self, conn: duckdb.DuckDBPyConnection, game: GameRecord) -> None:
        wanted = {game.civilians_entry, game.murderer_entry}
        rows = conn.execute("SELECT entry_id FROM entries WHERE entry_id IN (?, ?)",
                            [game.civilians_entry, game.murderer_entry]).fetchall()
        if missing := wanted - {row[0] for row in rows}:
            raise self._unknown_entries(game, missing)

    def _unknown_entries(self, game: GameRecord, missing: set[str]) -> StoreError:
        return StoreError(f"{self.path}: game {game.game_id} names unknown entries {sorted(missing)}; "
                          "register them with upsert_entry first")

    def finished_plan_keys(self, tournament_id: str | None = None) -> set[str]:
        """Plan keys of finished games (of one tournament, or all): a resumed tournament skips these."""
        with writing(self.path, self.retry) as conn:
            return finished_plan_keys(conn, tournament_id)

    def finished_games(self) -> list[FinishedGame]:
        """The ratings' input, read through the writer's own connection (see `Reader.finished_games`)."""
        with writing(self.path, self.retry) as conn:
            return finished_games(conn)

    def game_log(self) -> list[FinishedGame]:
        """Every recorded game, any status, in plan order (see `Reader.game_log`)."""
        with writing(self.path, self.retry) as conn:
            return game_log(conn)

    def active_entry_ids(self) -> list[str]:
        with writing(self.path, self.retry) as conn:
            return active_entry_ids(conn)

    def record_agent_calls(self, calls: Sequence[AgentCallRecord]) -> int:
        """Append model-call accounting rows (one transaction); returns how many were written."""
        with writing(self.path, self.retry) as conn:
            insert_records(conn, "agent_calls", calls)
        return len(calls)

    def record_qa_answers(self, answers: Sequence[QaAnswerRecord]) -> int:
        with writing(self.path, self.retry) as conn:
            insert_records(conn, "qa_answers", answers)
        return len(answers)

    def record_metric_scores(self, scores: Sequence[MetricScoreRecord]) -> int:
        with writing(self.path, self.retry) as conn:
            insert_records(conn, "metric_scores", scores, json_fields=("details",))
        return len(scores)

    def record_rating_snapshot(self, rows: Sequence[RatingSnapshotRecord]) -> int:
        """Append one ratings snapshot (see `leaderboard.ratings.snapshot`) in one transaction."""
        with writing(self.path, self.retry) as conn:
            insert_records(conn, "rating_snapshots", rows, json_fields=("details",))
        return len(rows)

    def freeze_pool(self, rows: Sequence[RatingPoolRecord]) -> int:
        """Store a frozen reference pool (one transaction); a pool name is frozen once and never changed."""
        names = {row.pool for row in rows}
        if len(names) != 1:
            raise StoreError(f"a frozen pool is stored one at a time, got pools {sorted(names)}")
        with writing(self.path, self.retry) as conn:
            if conn.execute("SELECT 1 FROM rating_pools WHERE pool = ?", [rows[0].pool]).fetchone():
                raise StoreError(f"{self.path}: pool {rows[0].pool!r} is frozen already; a frozen pool never "
                                 "changes: choose another name for a new one")
            insert_records(conn, "rating_pools", rows)
        return len(rows)


GAME_COLUMNS = ("game_id", "match_id", "tournament_id", "script_id", "script_hash", "seed", "civilians_entry",
                "murderer_entry", "status", "winner", "votes", "n_events", "tokens", "cost_usd", "started_at",
                "finished_at", "plan_key", "planned_key", "abort_reason", "recorded_at", "plan_position",
                "civilians_decisions", "murderer_decisions", "civilians_provider_forfeits",
                "murderer_provider_forfeits", "civilians_own_forfeits", "murderer_own_forfeits")


def game_row(game: GameRecord, n_events: int) -> list[Any]:
    """The games row: only a finished game without provider forfeits claims its plan key (UNIQUE); every
    game keeps it as planned_key."""
    return [game.game_id, game.match_id, game.tournament_id, game.script_id, game.script_hash, game.seed,
            game.civilians_entry, game.murderer_entry, game.status, game.winner, canonical_json(game.votes),
            n_events, game.tokens, game.cost_usd, game.started_at, game.finished_at,
            game.plan_key if game.counts else None, game.plan_key, game.abort_reason, utc_now(), game.plan_position,
            game.civilians_decisions, game.murderer_decisions, game.civilians_provider_forfeits,
            game.murderer_provider_forfeits, game.civilians_own_forfeits, game.murderer_own_forfeits]


EVENT_COLUMNS = ("game_id", "seq", "type", "role", "payload")
DISCARDED_COLUMNS = ("game_id", "tournament_id", "plan_key", "status", "tokens", "cost_usd", "recorded_at")


def event_rows(game_id: str, events: Sequence[EventRecord]) -> list[list[Any]]:
    return [[game_id, e.seq, e.type, e.role, canonical_json(e.payload)] for e in events]


def write_events(conn: duckdb.DuckDBPyConnection, game_id: str, events: Sequence[EventRecord]) -> None:
    insert_rows(conn, "events", EVENT_COLUMNS, event_rows(game_id, events), {"payload": "JSON"})
