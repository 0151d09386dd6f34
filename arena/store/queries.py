"""Read-only queries for the board, the CLI and the ratings.

Every method opens the file read-only, reads, and closes it again (retrying while the writer
holds it), so a reader never blocks the writer for longer than one query. Use `snapshot()` to run
several reads against one consistent state. A missing file is a StoreError; a file with no
tables yet reads as empty.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import duckdb
from pydantic import BaseModel, ConfigDict

from arena.errors import StoreError
from arena.store.db import LockWait, default_db_path, reading
from arena.store.migrations import applied_migrations, unknown_migrations
from arena.store.records import MatchRecord, RatingPoolRecord, RatingSnapshotRecord, TournamentLease


class Row(BaseModel):
    model_config = ConfigDict(frozen=True)


class SideCounts(Row):
    """Per side: decisions made, and decisions forfeited to provider failures or to the model's own faults."""

    civilians_decisions: int = 0
    murderer_decisions: int = 0
    civilians_provider_forfeits: int = 0
    murderer_provider_forfeits: int = 0
    civilians_own_forfeits: int = 0
    murderer_own_forfeits: int = 0

    @property
    def provider_forfeits(self) -> int:
        return self.civilians_provider_forfeits + self.murderer_provider_forfeits


class FinishedGame(SideCounts):
    """What the ratings need of a game: outcome, plan order, and decisions and forfeits per side."""

    game_id: str
    civilians_entry: str
    murderer_entry: str
    winner: str | None
    finished_at: datetime
    status: str = "finished"
    sequence_at: datetime | None = None
    plan_position: int | None = None
    planned_key: str | None = None
    tournament_kind: str | None = None
    key_clues_given: bool = False


class EntryRow(Row):
    entry_id: str
    name: str
    provider: str
    model: str
    settings: dict[str, Any]
    version: int
    created_at: datetime
    deprecated: bool


class GameRow(SideCounts):
    game_id: str
    match_id: str | None
    tournament_id: str | None
    script_id: str
    script_hash: str
    seed: int
    civilians_entry: str
    murderer_entry: str
    status: str
    winner: str | None
    votes: dict[str, Any]
    n_events: int
    tokens: int
    cost_usd: float
    started_at: datetime
    finished_at: datetime
    plan_key: str | None
    planned_key: str | None
    abort_reason: str | None
    plan_position: int | None = None


class EventRow(Row):
    seq: int
    type: str
    role: str | None
    payload: dict[str, Any]


class PairResult(Row):
    """Finished games between one civilian entry and one murderer entry."""

    civilians_entry: str
    murderer_entry: str
    games: int
    civilian_wins: int
    murderer_wins: int
    draws: int


class EntryStats(Row):
    entry_id: str
    name: str | None
    games: int
    wins: int
    draws: int
    games_civilian: int
    wins_civilian: int
    games_murderer: int
    wins_murderer: int
    unfinished: int
    calls: int
    failed_calls: int
    tokens: int
    cost_usd: float
    mean_latency_ms: float | None


class HeadToHead(Row):
    """Two entries against each other, both seatings together; `a_wins` counts a's wins on either side."""

    entry_a: str
    entry_b: str
    games: int
    a_wins: int
    b_wins: int
    draws: int
    a_as_civilians: PairResult | None
    b_as_civilians: PairResult | None


def fetch_dicts(conn: duckdb.DuckDBPyConnection, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
    cursor = conn.execute(sql, params or [])
    names = [column[0] for column in cursor.description or []]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def parse_json(row: dict[str, Any], *fields: str) -> dict[str, Any]:
    for name in fields:
        if isinstance(row.get(name), str):
            row[name] = json.loads(row[name])
    return row


def finished_plan_keys(conn: duckdb.DuckDBPyConnection, tournament_id: str | None) -> set[str]:
    sql = "SELECT plan_key FROM games WHERE plan_key IS NOT NULL AND status = 'finished'"
    if tournament_id is None:
        return {row[0] for row in conn.execute(sql).fetchall()}
    return {row[0] for row in conn.execute(sql + " AND tournament_id = ?", [tournament_id]).fetchall()}


GAME_LOG_SQL = """SELECT g.game_id, g.civilians_entry, g.murderer_entry, g.winner, g.finished_at, g.status,
    coalesce(t.created_at, g.started_at) AS sequence_at, g.plan_position, g.planned_key, g.civilians_decisions,
    g.murderer_decisions, g.civilians_provider_forfeits, g.murderer_provider_forfeits, g.civilians_own_forfeits,
    g.murderer_own_forfeits, json_extract_string(t.config, '$.kind') AS tournament_kind,
    coalesce(k.key_clues_given, false) AS key_clues_given
    FROM games g LEFT JOIN tournaments t USING (tournament_id)
    LEFT JOIN (SELECT game_id, bool_or(json_extract(payload, '$.config.key_clues_given')::BOOLEAN) AS key_clues_given
               FROM events WHERE type = 'game_started' AND contains(payload, 'key_clues_given') GROUP BY game_id) k
        USING (game_id) {where}
    ORDER BY sequence_at, g.plan_position NULLS FIRST, g.finished_at, g.game_id"""


def game_log(conn: duckdb.DuckDBPyConnection, finished_only: bool = False) -> list[FinishedGame]:
    """Every recorded game (or only the finished ones) in the ratings' plan order (see `leaderboard.ratings.games`)."""
    sql = GAME_LOG_SQL.format(where="WHERE g.status = 'finished'" if finished_only else "")
    return [FinishedGame(**row) for row in fetch_dicts(conn, sql)]


def finished_games(conn: duckdb.DuckDBPyConnection) -> list[FinishedGame]:
    """Finished games (with or without provider forfeits) in the ratings' plan order."""
    return game_log(conn, finished_only=True)


def tournament_matches(conn: duckdb.DuckDBPyConnection, tournament_id: str) -> list[MatchRecord]:
    rows = fetch_dicts(conn, "SELECT * FROM matches WHERE tournament_id = ? ORDER BY created_at, match_id",
                       [tournament_id])
    return [MatchRecord(**row) for row in rows]


def tournament_cost(conn: duckdb.DuckDBPyConnection, tournament_id: str) -> float:
    """Money spent on a tournament: its recorded games (every status) and the games discarded by a lost race."""
    row = conn.execute("SELECT (SELECT coalesce(sum(cost_usd), 0) FROM games WHERE tournament_id = $1) + "
                       "(SELECT coalesce(sum(cost_usd), 0) FROM discarded_games WHERE tournament_id = $1)",
                       [tournament_id]).fetchone()
    return float(row[0]) if row else 0.0


def tournament_lease(conn: duckdb.DuckDBPyConnection, tournament_id: str) -> TournamentLease | None:
    """The run holding a tournament's lease now (None: no live run)."""
    rows = fetch_dicts(conn, "SELECT * FROM tournament_leases WHERE tournament_id = ?", [tournament_id])
    return TournamentLease(**rows[0]) if rows else None


def active_entry_ids(conn: duckdb.DuckDBPyConnection) -> list[str]:
    """Registered entries that are not deprecated (they belong on the board even before their first game)."""
    rows = conn.execute("SELECT entry_id FROM entries WHERE NOT deprecated ORDER BY entry_id").fetchall()
    return [row[0] for row in rows]


ENTRY_STATS_SQL = """
WITH sides AS (
    SELECT civilians_entry AS entry_id, 'civilians' AS side, status, winner FROM games
    UNION ALL SELECT murderer_entry, 'murderer', status, winner FROM games),
played AS (
    SELECT entry_id,
        count(*) FILTER (WHERE status = 'finished') AS games,
        count(*) FILTER (WHERE status = 'finished' AND winner = side) AS wins,
        count(*) FILTER (WHERE status = 'finished' AND (winner IS NULL OR winner = 'tie')) AS draws,
        count(*) FILTER (WHERE status = 'finished' AND side = 'civilians') AS games_civilian,
        count(*) FILTER (WHERE status = 'finished' AND side = 'civilians' AND winner = side) AS wins_civilian,
        count(*) FILTER (WHERE status = 'finished' AND side = 'murderer') AS games_murderer,
        count(*) FILTER (WHERE status = 'finished' AND side = 'murderer' AND winner = side) AS wins_murderer,
        count(*) FILTER (WHERE status <> 'finished') AS unfinished
    FROM sides GROUP BY entry_id),
calls AS (
    SELECT entry_id, count(*) AS calls, count(*) FILTER (WHERE status <> 'ok') AS failed_calls,
        sum(prompt_tokens + completion_tokens) AS tokens, sum(cost_usd) AS cost_usd,
        avg(latency_ms) FILTER (WHERE NOT cached) AS mean_latency_ms
    FROM agent_calls GROUP BY entry_id)
SELECT e.entry_id, e.name,
    coalesce(p.games, 0) AS games, coalesce(p.wins, 0) AS wins, coalesce(p.draws, 0) AS draws,
    coalesce(p.games_civilian, 0) AS games_civilian, coalesce(p.wins_civilian, 0) AS wins_civilian,
    coalesce(p.games_murderer, 0) AS games_murderer, coalesce(p.wins_murderer, 0) AS wins_murderer,
    coalesce(p.unfinished, 0) AS unfinished, coalesce(c.calls, 0) AS calls,
    coalesce(c.failed_calls, 0) AS failed_calls, coalesce(c.tokens, 0) AS tokens,
    coalesce(c.cost_usd, 0.0) AS cost_usd, c.mean_latency_ms
FROM (SELECT entry_id FROM played UNION SELECT entry_id FROM calls UNION SELECT entry_id FROM entries) ids
LEFT JOIN entries e USING (entry_id) LEFT JOIN played p USING (entry_id) LEFT JOIN calls c USING (entry_id)
ORDER BY ids.entry_id
"""


class Reader:
    """Read-only access to a database file (default: `default_db_path()`)."""

    def __init__(self, path: Path | str | None = None, retry: LockWait | None = None) -> None:
        self.path = default_db_path(path)
        self.retry = retry

    def __repr__(self) -> str:
        return f"Reader({str(self.path)!r})"

    @contextmanager
    def snapshot(self) -> Iterator[duckdb.DuckDBPyConnection | None]:
        """One read-only connection (None for a database without tables yet); checks the schema version."""
        with reading(self.path, self.retry) as conn:
            if unknown := unknown_migrations(conn):
                raise StoreError(f"{self.path}: written by a newer version (migrations {', '.join(unknown)} are "
                                 "unknown here); upgrade whodunit-arena")
            yield conn if applied_migrations(conn) else None

    def _rows(self, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
        with self.snapshot() as conn:
            return [] if conn is None else fetch_dicts(conn, sql, params)

    def exists(self) -> bool:
        return self.path.is_file()

    def counts(self) -> dict[str, int]:
        """Rows per main table, and `finished` games (all zero for an empty database)."""
        tables = ("entries", "scripts", "tournaments", "games", "events", "agent_calls", "qa_answers",
                  "metric_scores", "rating_snapshots")
        with self.snapshot() as conn:
            if conn is None:
                return dict.fromkeys((*tables, "finished"), 0)
            found = {t: int(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]) for t in tables}  # type: ignore[index]
            finished = conn.execute("SELECT count(*) FROM games WHERE status = 'finished'").fetchone()
            return {**found, "finished": int(finished[0]) if finished else 0}

    def finished_games(self) -> list[FinishedGame]:
        """Finished games in the ratings' plan order."""
        with self.snapshot() as conn:
            return [] if conn is None else finished_games(conn)

    def game_log(self) -> list[FinishedGame]:
        """Every recorded game, any status, in the ratings' plan order (ratings use the finished ones;
        forfeit and provider-failure rates use all)."""
        with self.snapshot() as conn:
            return [] if conn is None else game_log(conn)

    def entries(self, include_deprecated: bool = True) -> list[EntryRow]:
        where = "" if include_deprecated else "WHERE NOT deprecated"
        rows = self._rows(f"SELECT * FROM entries {where} ORDER BY name, version")
        return [EntryRow(**parse_json(row, "settings")) for row in rows]

    def active_entry_ids(self) -> list[str]:
        with self.snapshot() as conn:
            return [] if conn is None else active_entry_ids(conn)

    def entry_names(self) -> dict[str, str]:
        """entry_id -> display name (with ` v2`, ` v3`... for later versions of a name)."""
        return {e.entry_id: e.name if e.version == 1 else f"{e.name} v{e.version}" for e in self.entries()}

    def games(self, *, tournament_id: str | None = None, entry_id: str | None = None, status: str | None = None,
              limit: int = 100, offset: int = 0) -> list[GameRow]:
        """Games, newest first, optionally of one tournament, one entry (either side) or one status."""
        clauses, params = [], []
        if tournament_id is not None:
            clauses.append("tournament_id = ?")
            params.append(tournament_id)
        if entry_id is not None:
            clauses.append("(civilians_entry = ? OR murderer_entry = ?)")
            params += [entry_id, entry_id]
        if status is not None:
            clauses.append("status = ?")
            params.append(status)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = self._rows(f"SELECT * EXCLUDE (recorded_at) FROM games {where} ORDER BY finished_at DESC, game_id "
                          f"LIMIT ? OFFSET ?", [*params, limit, offset])
        return [GameRow(**parse_json(row, "votes")) for row in rows]

    def game(self, game_id: str) -> GameRow | None:
        rows = self._rows("SELECT * EXCLUDE (recorded_at) FROM games WHERE game_id = ?", [game_id])
        return GameRow(**parse_json(rows[0], "votes")) if rows else None

    def events(self, game_id: str) -> list[EventRow]:
        """A game's event log in order: the replay."""
        rows = self._rows("SELECT seq, type, role, payload FROM events WHERE game_id = ? ORDER BY seq", [game_id])
        return [EventRow(**parse_json(row, "payload")) for row in rows]

    def pair_results(self) -> list[PairResult]:
        rows = self._rows(
            "SELECT civilians_entry, murderer_entry, count(*) AS games, "
            "count(*) FILTER (WHERE winner = 'civilians') AS civilian_wins, "
            "count(*) FILTER (WHERE winner = 'murderer') AS murderer_wins, "
            "count(*) FILTER (WHERE winner IS NULL OR winner = 'tie') AS draws "
            "FROM games WHERE status = 'finished' GROUP BY ALL ORDER BY ALL")
        return [PairResult(**row) for row in rows]

    def head_to_head(self, entry_a: str, entry_b: str) -> HeadToHead:
        pairs = {(p.civilians_entry, p.murderer_entry): p for p in self.pair_results()}
        ab, ba = pairs.get((entry_a, entry_b)), pairs.get((entry_b, entry_a))
        def side(p: PairResult | None, attr: str) -> int:
            return getattr(p, attr) if p else 0
        return HeadToHead(
            entry_a=entry_a, entry_b=entry_b, games=side(ab, "games") + side(ba, "games"),
            a_wins=side(ab, "civilian_wins") + side(ba, "murderer_wins"),
            b_wins=side(ab, "murderer_wins") + side(ba, "civilian_wins"),
            draws=side(ab, "draws") + side(ba, "draws"), a_as_civilians=ab, b_as_civilians=ba)

    def entry_stats(self) -> list[EntryStats]:
        """Per entry: finished games and wins (overall and per side), unfinished games, calls, tokens, cost."""
        return [EntryStats(**row) for row in self._rows(ENTRY_STATS_SQL)]

    def finished_plan_keys(self, tournament_id: str | None = None) -> set[str]:
        with self.snapshot() as conn:
            return set() if conn is None else finished_plan_keys(conn, tournament_id)

    def rating_history(self, entry_id: str | None = None, faction: str = "overall") -> list[RatingSnapshotRecord]:
        """Every stored snapshot row (of one entry, or all), oldest first."""
        sql = "SELECT * FROM rating_snapshots WHERE faction = ?"
        params: list[Any] = [faction]
        if entry_id is not None:
            sql += " AND entry_id = ?"
            params.append(entry_id)
        rows = self._rows(sql + " ORDER BY computed_at, entry_id", params)
        return [RatingSnapshotRecord(**parse_json(row, "details")) for row in rows]

    def latest_snapshot(self) -> list[RatingSnapshotRecord]:
        rows = self._rows("SELECT * FROM rating_snapshots WHERE snapshot_id = (SELECT snapshot_id FROM "
                          "rating_snapshots ORDER BY computed_at DESC LIMIT 1) ORDER BY faction, entry_id")
        return [RatingSnapshotRecord(**parse_json(row, "details")) for row in rows]

    def rating_pool(self, name: str) -> list[RatingPoolRecord]:
        """The entries of a frozen pool ([] when there is no such pool)."""
        rows = self._rows("SELECT * FROM rating_pools WHERE pool = ? ORDER BY rating DESC, entry_id", [name])
        return [RatingPoolRecord(**row) for row in rows]

    def rating_pool_names(self) -> list[str]:
        """Names of the frozen pools, oldest first."""
        rows = self._rows("SELECT pool FROM rating_pools GROUP BY pool ORDER BY min(frozen_at), pool")
        return [row["pool"] for row in rows]
