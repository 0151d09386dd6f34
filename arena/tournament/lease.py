"""One live run per tournament: the lease a run holds while it plays (`arena.store.leases`).

    async with held_lease(store, tournament_id) as note:   # LeaseError if another live run holds it
        ...                                                 # note: a dead run's lease we took over, or None

Two runs of one tournament would both play its plan (each game paid twice, one of the two
discarded when the second is recorded). So a run takes the tournament's lease before it plays and
gives it back when it ends, normally or by an exception (a Ctrl-C included). A lease held by a
process that is gone (same host, its pid not alive) is taken over, with a note; a lease of a
process on another host cannot be checked from here and refuses the run, naming the holder, unless
`take_over` says the owner knows that run is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import uuid
from collections.abc import AsyncIterator

from arena.errors import LeaseError
from arena.store import Store
from arena.store.leases import lease_holder, release_lease, take_lease
from arena.store.records import TournamentLease

log = logging.getLogger(__name__)


def this_run(tournament_id: str) -> TournamentLease:
    """A lease for a new run of `tournament_id` by this process."""
    return TournamentLease(tournament_id=tournament_id, run_id=uuid.uuid4().hex, pid=os.getpid(),
                           host=socket.gethostname())


def pid_alive(pid: int) -> bool:
    """Whether a process with `pid` exists on this machine (one of another user's counts as alive)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def dead_here(lease: TournamentLease) -> bool:
    """A lease of a process on this host that is not alive any more (a run that crashed or was killed)."""
    return lease.host == socket.gethostname() and not pid_alive(lease.pid)


def refusal(held: TournamentLease) -> LeaseError:
    here = held.host == socket.gethostname()
    where = "" if here else (f"; if that run is gone, rerun on {held.host} (a dead run's lease is taken over "
                             "there) or pass --take-over-lease")
    return LeaseError(f"tournament {held.tournament_id} is being run by another process ({held.describe()}): "
                      f"a second run would play and pay for the same games; wait for it to end or stop it{where}")


@contextlib.asynccontextmanager
async def held_lease(store: Store, tournament_id: str, *, take_over: bool = False) -> AsyncIterator[str | None]:
    """Hold `tournament_id`'s lease for the block; yields a note when a dead run's lease was taken over."""
    mine = this_run(tournament_id)
    outcome = await asyncio.to_thread(take_lease, store, mine, (lambda _: True) if take_over else dead_here)
    if not outcome.taken:
        raise refusal(outcome.holder or mine)
    note = None
    if outcome.holder is not None:
        note = f"took over the lease of a run that is gone ({outcome.holder.describe()})"
        log.warning("tournament %s: %s", tournament_id, note)
    try:
        yield note
    finally:
        await asyncio.shield(asyncio.to_thread(_release, store, mine))


def _release(store: Store, lease: TournamentLease) -> None:
    """Give the lease back; a failure is logged (the lease then dies with this process), never raised over
    the run's own outcome."""
    try:
        if not release_lease(store, lease):
            log.warning("tournament %s: the lease was taken over during this run (by %s)", lease.tournament_id,
                        _describe(lease_holder(store, lease.tournament_id)))
    except Exception as exc:  # noqa: BLE001 - the run's result or exception matters more than the release
        log.error("tournament %s: could not release its lease (%s); it is taken over once this process has "
                  "ended", lease.tournament_id, exc)


def _describe(lease: TournamentLease | None) -> str:
    return "nobody" if lease is None else lease.describe()
