"""The post-game probes of `arena play --probes` and `arena tournament --probes`: asked inside the game's
client, returned as rows to store and summarised. With `--judge`, a panel of model judges decides
ThinkThrice's "informed" (`arena.coe.informed`); without one (or `--judge offline`) the labelled rule does."""

from __future__ import annotations

import asyncio
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

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
from arena.tournament.run import ExtraRows


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


class ProbeHook:
    """The post-game probes as an after-game hook (`arena.tournament.run.AfterGame`, the one hook protocol of
    `arena play` and `arena tournament`): asks every role the probes with the game's agents and client, keeps
    the runs (for a summary) and returns the metric rows to store once the game id is known."""

    def __init__(self, judges: Sequence[Entry] = ()) -> None:
        self.judges = tuple(judges)
        self.runs: list[ProbeRun] = []

    async def __call__(self, case: Script, result: GameResult, seated: SeatedAgents, civilians: Entry,
                       murderer: Entry, seed: int, client: ModelClient | None) -> ExtraRows:
        runs = await _run(case, result, seated, {"civilians": civilians, "murderer": murderer}, seed, client,
                          self.judges)
        self.runs.extend(runs)
        facts, seating = result.final_state.facts, result.final_state.seating
        factions = {r: facts.faction(r) for r in facts.role_ids}
        entries = {"civilians": seating.civilians, "murderer": seating.murderer}
        return lambda game_id: probe_records(runs, game_id, entries, factions)


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
