"""`arena play --probes`: ask the post-game probes inside the game's client, store and print them."""

from __future__ import annotations

import statistics
from collections.abc import Awaitable, Callable
from typing import Any

from rich.console import Console
from rich.table import Column, Table

from arena.agents.runner import GameResult, SeatedAgents
from arena.coe.answerers import Answerer, make_answerer
from arena.coe.probe_run import ProbeRun, probe_records, run_probes
from arena.coe.probes import THINKTHRICE_KEYS
from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.scripts.schema import Script
from leaderboard.store import Store

AfterGame = Callable[[GameResult, SeatedAgents, ModelClient | None], Awaitable[None]]


def probe_hook(case: Script, civilians: Entry, murderer: Entry, seed: int, runs: list[ProbeRun]) -> AfterGame:
    """A hook for `play_entries` that asks every role the probes and appends the runs to `runs`."""
    async def after(result: GameResult, seated: SeatedAgents, client: ModelClient | None) -> None:
        answerers: dict[str, Answerer] = {"civilians": make_answerer(civilians, client),
                                          "murderer": make_answerer(murderer, client)}
        runs.extend(await run_probes(case, result, seated, answerers, seed))
    return after


async def tournament_probes(case: Script, result: GameResult, seated: SeatedAgents, civilians: Entry,
                            murderer: Entry, seed: int, client: ModelClient | None) -> Callable[[str], list[Any]]:
    """The `arena tournament --probes` hook (`RunOptions.after_game`): the probes' rows, given the game id."""
    runs: list[ProbeRun] = []
    await probe_hook(case, civilians, murderer, seed, runs)(result, seated, client)
    facts, seating = result.final_state.facts, result.final_state.seating
    factions = {r: facts.faction(r) for r in facts.role_ids}
    entries = {"civilians": seating.civilians, "murderer": seating.murderer}
    return lambda game_id: probe_records(runs, game_id, entries, factions)


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
                "categories": run.scores["categories"][faction]}
    return summary


def _mean(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return round(statistics.fmean(present), 1) if present else None


def print_probes(out: Console, summary: dict[str, Any]) -> None:
    columns = ["weighted", *THINKTHRICE_KEYS]
    table = Table("condition", "faction", *(Column(c, justify="right") for c in columns),
                  title="Post-game probes (WellPlay weighted score; ThinkThrice accuracy, %)")
    for condition, by_faction in summary.items():
        for faction, values in by_faction.items():
            cells = ["-" if values.get(c) is None else f"{values[c]:.1f}" for c in columns]
            table.add_row(condition, faction, *cells)
    out.print(table)
