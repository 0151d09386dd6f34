"""`arena submit`: check that an entry plays legally, register it, and play its placement matches.

Order matters: the smoke check runs first, so an entry that fails it is never registered (the
pool and the board stay as they were) and the command exits non-zero with the report. An entry
that passes is registered (a changed setting is a new version; earlier versions of the same name
are flagged deprecated, never deleted) and plays `--placement-games` side-swapped matches against
every other active entry, through the tournament machinery: rerunning the command resumes.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from arena.agents.smoke import smoke_check
from arena.cli.tournament_cmd import (
    ConcurrencyOpt,
    DbOpt,
    EntriesFileOpt,
    NoCacheOpt,
    RoundsOpt,
    ScriptsOpt,
    SeedOpt,
    TimeoutOpt,
    execute,
)
from arena.coe.qa_check import qa_check
from arena.entries import Entry, load_entries, resolve_entry
from arena.providers.client import ModelClient
from arena.scripts.schema import Script
from arena.tournament import RunOptions, TournamentSummary
from arena.tournament.director import placement_tournament
from arena.tournament.pool import active_pool
from arena.tournament.selection import select_scripts
from leaderboard.store import EntryRecord, Reader, Store, default_db_path

out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command
err = Console(stderr=True)
EntryArg = typer.Argument(..., help="Entry name from the entries file, or provider/model.")
OptionOpt = typer.Option([], "-M", "--option", help="Setting key=value (repeatable).")


async def _smoke(entry: Entry, no_cache: bool, script: Script | None) -> Any:
    async with ModelClient(use_cache=not no_cache) as client:
        client.check_entries(entry)  # provider known, key set: before the first call
        return await smoke_check(entry, client, script=script, extra_checks=(qa_check(script),))


def check(entry: Entry, no_cache: bool, scripts: str) -> dict[str, Any]:
    """The smoke check's report (on the first chosen case, or its default one for `all`); built-in
    agents play legal moves by construction and need none."""
    if entry.is_builtin:
        return {"passed": True, "note": "built-in agent: legal by construction, not checked"}
    case = None if scripts.strip() == "all" else select_scripts(scripts)[0]
    return dict(asyncio.run(_smoke(entry, no_cache, case)).to_dict())


def registered_versions(db: Path, name: str) -> list[dict[str, Any]]:
    return [{"entry_id": e.entry_id, "version": e.version, "deprecated": e.deprecated}
            for e in Reader(db).entries() if e.name == name]


def print_report(report: dict[str, Any], console: Console) -> None:
    status = "[green]passed[/]" if report.get("passed") else "[red]failed[/]"
    console.print(f"smoke check {status}", highlight=False)
    for key, value in report.items():
        if key != "passed":
            console.print(f"  {escape(str(key))}: {escape(json.dumps(value, default=str))}", highlight=False)


def submit(
    spec: str = EntryArg,
    option: list[str] = OptionOpt,
    entries_file: Path = EntriesFileOpt,
    db: Path = DbOpt,
    placement_games: int = typer.Option(1, "--placement-games", min=1, help="Matches against each pool entry "
                                                                            "(cycling through the cases)."),
    scripts: str = ScriptsOpt,
    rounds: int = RoundsOpt,
    seed: int = SeedOpt,
    concurrency: int = ConcurrencyOpt,
    timeout: float = TimeoutOpt,
    skip_check: bool = typer.Option(False, "--skip-check", help="Register without the smoke check."),
    no_cache: bool = NoCacheOpt,
    as_json: bool = typer.Option(False, "--json", help="Print only a JSON report."),
) -> None:
    """Register an entry after a smoke check and place it against the active pool."""
    known = load_entries(entries_file)
    entry = resolve_entry(spec, option, known)
    path = default_db_path(db)
    store = Store(path)  # opens for writing before the (possibly paid) smoke check
    report = None if skip_check else check(entry, no_cache, scripts)
    result: dict[str, Any] = {"entry_id": entry.entry_id, "name": entry.name, "smoke": report}
    if report is not None and not report.get("passed"):
        result.update(registered=False, placement=None)
        if as_json:
            print(json.dumps(result, default=str))
        else:
            print_report(report, err)
            err.print(f"[red]not registered[/]: {escape(entry.name)} failed the smoke check", highlight=False)
        raise typer.Exit(1)
    if report is not None and not as_json:
        print_report(report, out)
    version = store.upsert_entry(EntryRecord.from_entry(entry))
    summary = place(entry, known, store, scripts, placement_games, seed, rounds,
                    RunOptions(rounds=rounds, concurrency=concurrency, timeout_s=timeout), no_cache, as_json)
    result.update(registered=True, version=version, versions=registered_versions(path, entry.name),
                  placement=summary.to_dict() if summary else None)
    if as_json:
        print(json.dumps(result, default=str))
        return
    placed = "no other active entries yet: nothing to play" if summary is None else (
        f"placement {summary.tournament_id}: {summary.played} games played, {summary.remaining} still to play")
    out.print(f"registered [bold]{escape(entry.name)}[/] as {escape(entry.entry_id)} (version {version}); "
              f"{escape(placed)}", highlight=False, soft_wrap=True)


def place(entry: Entry, known: dict[str, Entry], store: Store, scripts: str, matches: int, seed: int, rounds: int,
          options: RunOptions, no_cache: bool, as_json: bool) -> TournamentSummary | None:
    """Play the placement matches of `entry` against the active pool (None when the pool is empty)."""
    pool = active_pool(Reader(store.path).entries(include_deprecated=False), known, exclude=entry.entry_id)
    for entry_id, why in pool.skipped:
        err.print(f"[yellow]skipping[/] {escape(entry_id)}: {escape(why)}", highlight=False)
    if not pool.entries:
        return None
    plan = placement_tournament(entry, pool.entries, select_scripts(scripts), matches=matches, seed=seed,
                                rounds=rounds)
    return execute(plan, store.path, options, no_cache=no_cache, as_json=as_json)
