"""Run a tournament (`arena tournament`, `arena submit`, `arena coe table3`, the benchmarks): resumable, in
this process or on Ray worker processes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.store import Store
from arena.tournament import ProgressReporter, RunOptions, Tournament, TournamentSummary, run_tournament
from arena.tournament.run import PlayElsewhere


@dataclass(frozen=True)
class RayOptions:
    """`--executor ray`: the cluster to join (None: a local one on 127.0.0.1) and the worker processes."""

    address: str | None
    workers: int


def needs_client(entries: Sequence[Entry]) -> bool:
    return any(not e.is_builtin for e in entries)


async def run_planned(tournament: Tournament, store: Store, options: RunOptions, *, adaptive: int = 0,
                      no_cache: bool = False, progress: ProgressReporter | None = None, ray: RayOptions | None = None,
                      include_provider_failures: bool = False, take_over_lease: bool = False,
                      provider_limits: Mapping[str, int] | None = None) -> TournamentSummary:
    """Play the planned games not yet recorded (a rerun resumes), here or on Ray workers, with one client for
    every model entry whose provider and key are checked before any game starts."""
    if not needs_client(tournament.entries) and ray is None:
        return await run_tournament(tournament, store, options, adaptive=adaptive, progress=progress,
                                    include_provider_failures=include_provider_failures,
                                    take_over_lease=take_over_lease)
    async with ModelClient(use_cache=not no_cache, provider_limits=provider_limits) as client:
        client.check_entries(*tournament.entries)  # a missing key or SDK fails here, before any game starts
        if ray is None:
            return await run_tournament(tournament, store, options, adaptive=adaptive, client=client,
                                        progress=progress, include_provider_failures=include_provider_failures,
                                        take_over_lease=take_over_lease)
        from arena.tournament.ray_executor import run_with_ray  # ray is imported only for this executor

        async def run(players: PlayElsewhere) -> TournamentSummary:
            return await run_tournament(tournament, store, options, adaptive=adaptive, client=client,
                                        progress=progress, elsewhere=players,
                                        include_provider_failures=include_provider_failures,
                                        take_over_lease=take_over_lease)

        return await run_with_ray(run, address=ray.address, workers=ray.workers,
                                  entries={e.entry_id: e for e in tournament.entries},
                                  scripts={s.id: s for s in tournament.scripts}, options=options,
                                  use_cache=not no_cache)
