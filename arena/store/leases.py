"""Tournament leases: at most one live run per tournament id, and who holds it.

A run takes its tournament's lease (a row of `tournament_leases`, migration m006) before it plays
anything and releases it when it ends. A second run of the same tournament finds the row and is
refused with the holder's process id, host and start time. The store knows no processes: whether a
holder is gone (its process dead) is the caller's `stale` predicate, asked inside the transaction
that takes the lease, so two runs starting together cannot both get it (DuckDB lets one writer in at
a time, and the primary key refuses the second row if two connections of one process race).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import duckdb

from arena.store.db import writing
from arena.store.queries import tournament_lease
from arena.store.records import TournamentLease
from arena.store.writes import Store, insert_records

Stale = Callable[[TournamentLease], bool]
"""Whether a lease found in the store belongs to a run that is gone (its lease may be taken over)."""


@dataclass(frozen=True)
class LeaseOutcome:
    """`taken`: the lease is ours now; `holder`: the live run that refused us (not taken), or the stale
    lease we took over (taken), or None (taken, it was free)."""

    taken: bool
    holder: TournamentLease | None


RACE_ATTEMPTS = 50
"""Attempts when connections of one process race for the same lease: each loser's insert fails on the
primary key, and its next attempt reads the winner's row (a few attempts at most, even with many threads)."""


def take_lease(store: Store, lease: TournamentLease, stale: Stale) -> LeaseOutcome:
    """Take `lease` if its tournament has none, or if the one it has is `stale`; else say who holds it."""
    for _ in range(RACE_ATTEMPTS - 1):
        try:
            return _take(store, lease, stale)
        except (duckdb.ConstraintException, duckdb.TransactionException):
            continue  # another connection inserted or replaced the row first: read it again
    return _take(store, lease, stale)


def _take(store: Store, lease: TournamentLease, stale: Stale) -> LeaseOutcome:
    with writing(store.path, store.retry) as conn:
        held = tournament_lease(conn, lease.tournament_id)
        if held is None:
            insert_records(conn, "tournament_leases", [lease])
            return LeaseOutcome(taken=True, holder=None)
        if held.run_id == lease.run_id:
            return LeaseOutcome(taken=True, holder=None)
        if not stale(held):
            return LeaseOutcome(taken=False, holder=held)
        conn.execute("UPDATE tournament_leases SET run_id = ?, pid = ?, host = ?, started_at = ? "
                     "WHERE tournament_id = ? AND run_id = ?",
                     [lease.run_id, lease.pid, lease.host, lease.started_at, lease.tournament_id, held.run_id])
        return LeaseOutcome(taken=True, holder=held)


def release_lease(store: Store, lease: TournamentLease) -> bool:
    """Give `lease` back; False when it was not ours any more (taken over meanwhile), nothing deleted then."""
    with writing(store.path, store.retry) as conn:
        found = conn.execute("DELETE FROM tournament_leases WHERE tournament_id = ? AND run_id = ? RETURNING 1",
                             [lease.tournament_id, lease.run_id]).fetchall()
        return bool(found)


def lease_holder(store: Store, tournament_id: str) -> TournamentLease | None:
    """The run holding `tournament_id` now, through the writer's connection (None: no live run)."""
    with writing(store.path, store.retry) as conn:
        return tournament_lease(conn, tournament_id)
