"""A tournament from start to summary: register, skip what is done, play the rest, adapt, snapshot.

    tournament = all_play_all_tournament(entries, scripts, games_per_pair=1, seed=0, rounds=3)
    summary = await run_tournament(tournament, store, RunOptions(concurrency=4), adaptive=2)

Running the same tournament again resumes it: games whose plan key is already finished in the
store are skipped, so a killed or budget-stopped run continues where it stopped and nothing is
played or counted twice. Only one run of a tournament is live at a time (`lease`): a second one
is refused, naming the process that holds it. Adaptive matches are numbered; match k's pair, once
chosen, is registered in `matches`, so a resumed run replays the same choice instead of choosing anew.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.agents import agent_for_entry, seat_entries
from arena.entries import Entry
from arena.errors import ConfigError
from arena.providers.client import ModelClient
from arena.scripts.schema import Script
from arena.store import EntryRecord, MatchRecord, Store, TournamentRecord
from arena.tournament.adaptive import choose_pair
from arena.tournament.lease import held_lease
from arena.tournament.plan import (
    GameOptions,
    PlannedMatch,
    ScriptRef,
    all_play_all,
    derive_seed,
    games_of,
    placement,
    plan_match,
    tournament_id_for,
)
from arena.tournament.progress import NullProgress, ProgressReporter
from arena.tournament.record import script_record, script_ref
from arena.tournament.run import PlayElsewhere, RunOptions, RunTally, Scheduler, Seat
from leaderboard.ratings.snapshot import recompute_and_snapshot


@dataclass(frozen=True)
class Tournament:
    """A planned tournament: who, on which cases, and the matches of its fixed part."""

    tournament_id: str
    name: str | None
    entries: tuple[Entry, ...]
    scripts: tuple[Script, ...]
    matches: tuple[PlannedMatch, ...]
    seed: int
    config: dict[str, Any] = field(default_factory=dict)
    options: GameOptions = ()  # game options every game of it is played with (`plan.game_options`)

    @property
    def refs(self) -> list[ScriptRef]:
        return [script_ref(s) for s in self.scripts]


@dataclass(frozen=True)
class TournamentSummary:
    tournament_id: str
    planned: int
    played: int
    skipped_already_done: int
    statuses: dict[str, int]
    cost_usd: float
    total_cost_usd: float
    remaining: int
    stopped: str | None
    game_ids: tuple[str, ...] = ()
    discarded: int = 0  # played and paid for, not recorded: another run recorded them first
    discarded_cost_usd: float = 0.0  # included in cost_usd and total_cost_usd
    lease_note: str | None = None  # set when this run took over the lease of a run that was gone

    def to_dict(self) -> dict[str, Any]:
        return {"tournament_id": self.tournament_id, "planned": self.planned, "played": self.played,
                "skipped_already_done": self.skipped_already_done, "statuses": dict(self.statuses),
                "cost_usd": round(self.cost_usd, 6), "total_cost_usd": round(self.total_cost_usd, 6),
                "remaining": self.remaining, "stopped": self.stopped, "discarded": self.discarded,
                "discarded_cost_usd": round(self.discarded_cost_usd, 6), "lease_note": self.lease_note}


def _unique_scripts(scripts: Sequence[Script]) -> tuple[Script, ...]:
    ids = [s.id for s in scripts]
    if dupes := sorted({i for i in ids if ids.count(i) > 1}):
        raise ConfigError(f"--scripts names the same case twice ({', '.join(dupes)}); list each case once")
    return tuple(scripts)


def all_play_all_tournament(entries: Sequence[Entry], scripts: Sequence[Script], *, games_per_pair: int, seed: int,
                            rounds: int, name: str | None = None, options: GameOptions = ()) -> Tournament:
    """Every pair of `entries` plays `games_per_pair` side-swapped matches on every script, with `options`."""
    chosen = _unique_scripts(scripts)
    refs = [script_ref(s) for s in chosen]
    ids = [e.entry_id for e in entries]
    tid = name or tournament_id_for(ids, refs, games_per_pair, seed, rounds, options=options)
    matches = all_play_all(tid, ids, refs, games_per_pair, seed, options)
    config: dict[str, Any] = {"kind": "all-play-all", "entries": sorted(ids), "games_per_pair": games_per_pair,
                              "scripts": [[r.script_id, r.script_hash] for r in refs], "seed": seed, "rounds": rounds}
    if options:
        config["options"] = dict(options)
    return Tournament(tid, name, tuple(entries), chosen, tuple(matches), seed, config, options)


def placement_tournament(newcomer: Entry, pool: Sequence[Entry], scripts: Sequence[Script], *, matches: int,
                         seed: int, rounds: int) -> Tournament:
    """`newcomer` against every pool entry; the id does not depend on the pool, so when the pool grows a
    rerun plays only the new opponents."""
    chosen = _unique_scripts(scripts)
    refs = [script_ref(s) for s in chosen]
    tid = tournament_id_for([newcomer.entry_id], refs, matches, seed, rounds, kind="placement")
    others = [e for e in pool if e.entry_id != newcomer.entry_id]
    planned = placement(tid, newcomer.entry_id, [e.entry_id for e in others], refs, matches, seed)
    config = {"kind": "placement", "entry": newcomer.entry_id, "scripts": [[r.script_id, r.script_hash] for r in refs],
              "placement_games": matches, "seed": seed, "rounds": rounds}
    return Tournament(tid, None, (newcomer, *others), chosen, tuple(planned), seed, config)


def match_record(match: PlannedMatch) -> MatchRecord:
    return MatchRecord(match_id=match.match_id, tournament_id=match.tournament_id, script_id=match.script.script_id,
                       seed=match.seed, entry_a=match.entry_a, entry_b=match.entry_b)


def register(store: Store, tournament: Tournament) -> None:
    """Entries, scripts, the tournament and its matches (each known one is left as it is)."""
    for entry in tournament.entries:
        store.upsert_entry(EntryRecord.from_entry(entry))
    for script in tournament.scripts:
        store.record_script(script_record(script))
    store.record_tournament(TournamentRecord(tournament_id=tournament.tournament_id, name=tournament.name,
                                             config=tournament.config))
    store.record_matches([match_record(m) for m in tournament.matches])


async def adaptive_match(store: Store, tournament: Tournament, k: int) -> PlannedMatch:
    """Adaptive match number `k`: its script and seed follow from k; its pair is the registered one
    if a previous run chose it, else the least certain pair by the current log (see `adaptive`)."""
    refs = tournament.refs
    ref = refs[k % len(refs)]
    seed = derive_seed(tournament.seed, "adaptive", k)
    known = await asyncio.to_thread(store.tournament_matches, tournament.tournament_id)
    chosen = next((m for m in known if m.seed == seed and m.script_id == ref.script_id), None)
    if chosen is not None:
        return plan_match(tournament.tournament_id, ref, seed, chosen.entry_a, chosen.entry_b, tournament.options)
    games = await asyncio.to_thread(store.finished_games)
    a, b = choose_pair(games, [e.entry_id for e in tournament.entries])
    match = plan_match(tournament.tournament_id, ref, seed, a, b, tournament.options)
    await asyncio.to_thread(store.record_matches, [match_record(match)])
    return match


async def play_adaptive(store: Store, tournament: Tournament, scheduler: Scheduler, count: int) -> None:
    """Play `count` adaptive matches one after the other (each choice sees the previous results)."""
    for k in range(count):
        if scheduler.stop_reason() is not None:
            scheduler.tally.stopped = scheduler.tally.stopped or scheduler.stop_reason()
            return
        match = await adaptive_match(store, tournament, k)
        done = await asyncio.to_thread(store.finished_plan_keys, tournament.tournament_id)
        # adaptive games follow the fixed part in the plan order
        games = games_of([match], start=len(games_of(tournament.matches)) + 2 * k)
        await scheduler.play([g for g in games if g.plan_key not in done])


def check_playable(tournament: Tournament, client: ModelClient | None) -> None:
    """Seat one agent of every entry before anything is played or written: an unknown built-in, bad
    settings or a missing client fail here with their ConfigError, not as a column of error games."""
    role_id = tournament.scripts[0].role_ids[0]
    for entry in tournament.entries:
        agent_for_entry(entry, role_id, tournament.seed, client)


async def run_tournament(tournament: Tournament, store: Store, options: RunOptions, *, adaptive: int = 0,
                         client: ModelClient | None = None, progress: ProgressReporter | None = None,
                         seat: Seat = seat_entries, snapshot: bool = True,
                         include_provider_failures: bool = False,
                         elsewhere: PlayElsewhere | None = None, take_over_lease: bool = False) -> TournamentSummary:
    """Play what is missing of `tournament` (then `adaptive` more matches) and append a ratings snapshot
    (games with provider forfeits left out unless `include_provider_failures`). With `elsewhere` (the
    Ray executor) games are played by worker processes and recorded here.

    The run holds the tournament's lease throughout (`lease.held_lease`): LeaseError, before anything is
    played, while another live run holds it (`take_over_lease`: take it anyway, its holder is known gone)."""
    check_playable(tournament, client)
    async with held_lease(store, tournament.tournament_id, take_over=take_over_lease) as note:
        summary = await _run_held(tournament, store, options, adaptive=adaptive, client=client, progress=progress,
                                  seat=seat, snapshot=snapshot, include_provider_failures=include_provider_failures,
                                  elsewhere=elsewhere)
    return dataclasses.replace(summary, lease_note=note)


async def _run_held(tournament: Tournament, store: Store, options: RunOptions, *, adaptive: int,
                    client: ModelClient | None, progress: ProgressReporter | None, seat: Seat, snapshot: bool,
                    include_provider_failures: bool, elsewhere: PlayElsewhere | None) -> TournamentSummary:
    tid = tournament.tournament_id
    await asyncio.to_thread(register, store, tournament)
    planned = games_of(tournament.matches)
    done = await asyncio.to_thread(store.finished_plan_keys, tid)
    todo = [g for g in planned if g.plan_key not in done]
    progress = progress or NullProgress()
    scheduler = Scheduler(store, {e.entry_id: e for e in tournament.entries},
                          {s.id: s for s in tournament.scripts}, options, client=client,
                          spent_usd=await asyncio.to_thread(store.tournament_cost, tid), progress=progress, seat=seat,
                          elsewhere=elsewhere)
    progress.start(len(planned) + 2 * adaptive, len(planned) - len(todo))
    try:
        await scheduler.play(todo)
        await play_adaptive(store, tournament, scheduler, adaptive)
    finally:
        progress.stop()
    if snapshot and scheduler.tally.played:
        await asyncio.to_thread(functools.partial(recompute_and_snapshot, store,
                                                  include_provider_failures=include_provider_failures))
    return await _summary(store, tournament, scheduler, len(planned) - len(todo), adaptive)


async def _summary(store: Store, tournament: Tournament, scheduler: Scheduler, skipped: int,
                   adaptive: int) -> TournamentSummary:
    tally: RunTally = scheduler.tally
    finished = await asyncio.to_thread(store.finished_plan_keys, tournament.tournament_id)
    planned = len(games_of(tournament.matches)) + 2 * adaptive
    return TournamentSummary(
        tournament_id=tournament.tournament_id, planned=planned, played=tally.played, skipped_already_done=skipped,
        statuses=dict(sorted(tally.statuses.items())), cost_usd=tally.cost_usd, total_cost_usd=scheduler.spent_usd,
        remaining=max(0, planned - len(finished)), stopped=tally.stopped, game_ids=tuple(tally.game_ids),
        discarded=tally.discarded, discarded_cost_usd=tally.discarded_cost_usd)
