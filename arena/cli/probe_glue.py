"""`arena play --probes` / `arena tournament --probes`: ask the post-game probes inside the game's client,
store and print them. With `--judge`, a panel of model judges decides ThinkThrice's "informed"
(`arena.coe.informed`); without one (or `--judge offline`) the labelled rule does."""

from __future__ import annotations

import asyncio
import statistics
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Column, Table

from arena.agents.runner import GameResult, SeatedAgents
from arena.coe.answerers import Answerer, make_answerer
from arena.coe.informed import InformedPanel
from arena.coe.judges import LLMJudge
from arena.coe.judging import judge_entries
from arena.coe.panel import Blind, EntryFacts
from arena.coe.probe_run import ProbeRun, probe_records, run_probes
from arena.coe.probes import THINKTHRICE_KEYS
from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.scripts.schema import Script
from arena.tournament.run import AfterGame as RunAfterGame
from leaderboard.store import Store

AfterGame = Callable[[GameResult, SeatedAgents, ModelClient | None], Awaitable[None]]


def probe_judges(spec: str | None, entries_file: Path | None) -> list[Entry]:
    """The model judges of `--judge` for the informed split (`offline`, or nothing: none, the rule decides);
    their providers and keys are checked now, before any game is played."""
    judges = [j for j in judge_entries(spec, [], entries_file) if j is not None] if spec else []
    if judges:
        async def check() -> None:
            async with ModelClient(use_cache=False) as client:
                client.check_entries(*judges)
        asyncio.run(check())
    return judges


def facts_of(entry: Entry) -> EntryFacts:
    return EntryFacts(entry.entry_id, entry.name, entry.provider, entry.model_name)


async def _run(case: Script, result: GameResult, seated: SeatedAgents, players: dict[str, Entry], seed: int,
               client: ModelClient | None, judges: Sequence[Entry]) -> list[ProbeRun]:
    answerers: dict[str, Answerer] = {f: make_answerer(e, client) for f, e in players.items()}
    facts = {f: facts_of(e) for f, e in players.items()}
    if not judges:
        return await run_probes(case, result, seated, answerers, seed)
    if client is None:  # built-in players: the judges get a client of their own
        async with ModelClient() as own:
            return await _run(case, result, seated, players, seed, own, judges)
    panel = InformedPanel([LLMJudge(j, client) for j in judges], Blind.of(facts.values()))
    return await run_probes(case, result, seated, answerers, seed, panel=panel, players=facts)


def probe_hook(case: Script, civilians: Entry, murderer: Entry, seed: int, runs: list[ProbeRun],
               judges: Sequence[Entry] = ()) -> AfterGame:
    """A hook for `play_entries` that asks every role the probes and appends the runs to `runs`."""
    async def after(result: GameResult, seated: SeatedAgents, client: ModelClient | None) -> None:
        players = {"civilians": civilians, "murderer": murderer}
        runs.extend(await _run(case, result, seated, players, seed, client, judges))
    return after


def tournament_probes_with(judges: Sequence[Entry] = ()) -> RunAfterGame:
    """The `arena tournament --probes` hook (`RunOptions.after_game`): the probes' rows, given the game id."""
    async def after(case: Script, result: GameResult, seated: SeatedAgents, civilians: Entry, murderer: Entry,
                    seed: int, client: ModelClient | None) -> Callable[[str], list[Any]]:
        runs: list[ProbeRun] = []
        await probe_hook(case, civilians, murderer, seed, runs, judges)(result, seated, client)
        facts, seating = result.final_state.facts, result.final_state.seating
        factions = {r: facts.faction(r) for r in facts.role_ids}
        entries = {"civilians": seating.civilians, "murderer": seating.murderer}
        return lambda game_id: probe_records(runs, game_id, entries, factions)
    return after




def store_probes(store: Store, game_id: str, runs: list[ProbeRun], result: GameResult) -> int:
    factions = {r: result.final_state.facts.faction(r) for r in result.final_state.facts.role_ids}
    seating = result.final_state.seating
    rows = probe_records(runs, game_id, {"civilians": seating.civilians, "murderer": seating.murderer}, factions)
    store.record_metric_scores(rows)
    return len(rows)


def probe_summary(runs: list[ProbeRun], result: GameResult) -> dict[str, Any]:
    """Per condition and faction: the mean weighted score and the mean ThinkThrice figures over its roles."""
    facts = result.final_state.facts
    summary: dict[str, Any] = {}
    for run in runs:
        for faction in ("civilians", "murderer"):
            roles = [s for r, s in run.scores["by_role"].items() if facts.faction(r) == faction]
            summary.setdefault(run.condition, {})[faction] = {
                "weighted": _mean([s["weighted"] for s in roles]),
                **{k: _mean([s[k] for s in roles]) for k in THINKTHRICE_KEYS},
                "informed_by": roles[0].get("informed_by") if roles else None,
                "categories": run.scores["categories"][faction]}
    return summary


def _mean(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return round(statistics.fmean(present), 1) if present else None


def print_probes(out: Console, summary: dict[str, Any]) -> None:
    columns = ["weighted", *THINKTHRICE_KEYS]
    deciders = sorted({v["informed_by"] for f in summary.values() for v in f.values() if v.get("informed_by")})
    table = Table("condition", "faction", *(Column(c, justify="right") for c in columns),
                  title="Post-game probes (WellPlay weighted score; ThinkThrice accuracy, %)",
                  caption=f"informed decided by {', '.join(deciders) or '-'}")
    for condition, by_faction in summary.items():
        for faction, values in by_faction.items():
            cells = ["-" if values.get(c) is None else f"{values[c]:.1f}" for c in columns]
            table.add_row(condition, faction, *cells)
    out.print(table)
