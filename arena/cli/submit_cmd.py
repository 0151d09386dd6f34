"""`arena submit`: check that an entry plays legally, register it, and play its placement matches.

Order matters: the smoke check runs first, so an entry that fails it is never registered (the
pool and the board stay as they were) and the command exits non-zero with the report. An entry
that passes is registered (a changed setting is a new version; earlier versions of the same name
are flagged deprecated, never deleted) and plays `--placement-games` side-swapped matches against
every other active entry, through the tournament machinery: rerunning the command resumes.
With `--pool NAME` it plays only the entries of frozen reference pool NAME (`arena leaderboard
--freeze NAME`) and is rated against their frozen ratings, without refitting the field.
`--skip-check` registers without the smoke check, and places the entry only when a recorded game
shows it making a legal move: an unchecked entry that never did would forfeit its placement games.
"""

from __future__ import annotations

import asyncio
import json
import shlex
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from arena.agents.dialect_check import dialect_check
from arena.agents.smoke import SmokeReport, smoke_check
from arena.cli.models_cmd import print_report as print_smoke_tables
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
from arena.errors import ConfigError
from arena.providers.client import ModelClient
from arena.scripts.loader import CASE_SETS
from arena.scripts.schema import Script
from arena.store import EntryRecord, Reader, Store, default_db_path
from arena.tournament import RunOptions, TournamentSummary
from arena.tournament.director import placement_tournament
from arena.tournament.pool import active_pool
from arena.tournament.selection import select_scripts
from leaderboard.ratings.games import build_log
from leaderboard.ratings.pool import FrozenPool, place_newcomers
from leaderboard.ratings.snapshot import load_pool

out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command
err = Console(stderr=True)
EntryArg = typer.Argument(..., help="Entry name from the entries file, or provider/model.")
OptionOpt = typer.Option([], "-M", "--option", help="Setting key=value (repeatable).")


async def _smoke(entry: Entry, no_cache: bool, script: Script | None) -> Any:
    async with ModelClient(use_cache=not no_cache) as client:
        client.check_entries(entry)  # provider known, key set: before the first call
        return await smoke_check(entry, client, script=script, pre_checks=(dialect_check,),
                                 extra_checks=(qa_check(script),))


BUILTIN_NOTE = "built-in agent: legal by construction, not checked"


def check(entry: Entry, no_cache: bool, scripts: str) -> SmokeReport | None:
    """The smoke check's report (on the first chosen case, or its default one for `all`); None for a
    built-in agent, which plays legal moves by construction and needs none."""
    if entry.is_builtin:
        return None
    case = None if scripts.strip() in CASE_SETS else select_scripts(scripts)[0]
    return asyncio.run(_smoke(entry, no_cache, case))


def registered_versions(db: Path, name: str) -> list[dict[str, Any]]:
    return [{"entry_id": e.entry_id, "version": e.version, "deprecated": e.deprecated}
            for e in Reader(db).entries() if e.name == name]


def print_report(smoke: SmokeReport | None, console: Console) -> None:
    """The smoke check as `arena models check` prints it (tables), or the note for a built-in agent."""
    if smoke is None:
        console.print(f"smoke check [green]passed[/]: {BUILTIN_NOTE}", highlight=False)
    else:
        print_smoke_tables(smoke, console)


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
    skip_check: bool = typer.Option(False, "--skip-check", help="Register without the smoke check (placed only "
                                                                 "with a legal move on record)."),
    no_cache: bool = NoCacheOpt,
    as_json: bool = typer.Option(False, "--json", help="Print only a JSON report."),
    pool: str | None = typer.Option(None, "--pool", help="Place against frozen pool NAME only and rate against "
                                                         "its frozen ratings (see `arena leaderboard --freeze`)."),
    include_provider_failures: bool = typer.Option(
        False, "--include-provider-failures", help="Also rate games where a side lost decisions to provider "
                                                   "failures (in the snapshot and the pool rating)."),
) -> None:
    """Register an entry after a smoke check and place it against the active pool (or a frozen one)."""
    known = load_entries(entries_file)
    entry = resolve_entry(spec, option, known)
    path = default_db_path(db)
    frozen = frozen_pool(path, pool) if pool is not None else None
    store = Store(path)  # opens for writing before the (possibly paid) smoke check
    smoke = None if skip_check else check(entry, no_cache, scripts)
    report = None if skip_check else (
        {"passed": True, "note": BUILTIN_NOTE} if smoke is None else dict(smoke.to_dict()))
    result: dict[str, Any] = {"entry_id": entry.entry_id, "name": entry.name, "smoke": report}
    if report is not None and not report.get("passed"):
        refuse(result, smoke, as_json)
    if report is not None and not as_json:
        print_report(smoke, out)
    version = store.upsert_entry(EntryRecord.from_entry(entry))
    unplaced = skip_check and not has_legal_move(path, entry)
    summary = None if unplaced else place(
        entry, known, store, scripts, placement_games, seed, rounds,
        RunOptions(rounds=rounds, concurrency=concurrency, timeout_s=timeout), no_cache, as_json, frozen,
        include_provider_failures, entries_file)
    result.update(registered=True, version=version, versions=registered_versions(path, entry.name),
                  placement=summary.to_dict() if summary else None)
    if unplaced:
        result["not_placed"] = NOT_PLACED.format(command=resubmit_command(spec, option, entries_file, db))
    if frozen is not None:
        result["pool"] = pool_rating(path, frozen, entry.entry_id, include_provider_failures)
    if as_json:
        print(json.dumps(result, default=str))
    else:
        print_outcome(result, summary)


NOT_PLACED = ("not placed: it has no legal move on record and the smoke check was skipped, so its placement "
              "games would only be forfeited; place it with `{command}` (the smoke check, then the placement "
              "games)")


def resubmit_command(spec: str, option: list[str], entries_file: Path | None, db: Path | None) -> str:
    """The `arena submit` command line that checks and places the same entry in the same database."""
    args = ["arena", "submit", spec, *(arg for opt in option for arg in ("-M", opt))]
    for flag, value in (("--entries-file", entries_file), ("--db", db)):
        args += [flag, str(value)] if value is not None else []
    return shlex.join(args)


def has_legal_move(path: Path, entry: Entry) -> bool:
    """Whether `entry` ended a decision of a recorded game in a legal action (a built-in agent plays
    legally by construction): `--skip-check` places only such an entry."""
    if entry.is_builtin:
        return True
    for game in Reader(path).games(entry_id=entry.entry_id, limit=1_000_000):
        sides = [side for side in ("civilians", "murderer") if getattr(game, f"{side}_entry") == entry.entry_id]
        if any(getattr(game, f"{side}_decisions") > getattr(game, f"{side}_provider_forfeits")
               + getattr(game, f"{side}_own_forfeits") for side in sides):
            return True
    return False


def refuse(result: dict[str, Any], smoke: SmokeReport | None, as_json: bool) -> NoReturn:
    """A failed smoke check: report it, register nothing, exit 1."""
    result.update(registered=False, placement=None)
    if as_json:
        print(json.dumps(result, default=str))
    else:
        print_report(smoke, err)
        err.print(f"[red]not registered[/]: {escape(result['name'])} failed the smoke check", highlight=False)
    raise typer.Exit(1)


def print_outcome(result: dict[str, Any], summary: TournamentSummary | None) -> None:
    """What was registered, what the placement played, and the rating against a frozen pool."""
    placed = result.get("not_placed") or ("no other active entries yet: nothing to play" if summary is None else (
        f"placement {summary.tournament_id}: {summary.played} games played, {summary.remaining} still to play"))
    out.print(f"registered [bold]{escape(result['name'])}[/] as {escape(result['entry_id'])} (version "
              f"{result['version']}); {escape(placed)}", highlight=False, soft_wrap=True)
    if (rated := result.get("pool")) is not None:
        out.print(f"rated against frozen pool {escape(rated['pool'])}: {rated['rating']:.0f} "
                  f"[{rated['ci_low']:.0f}, {rated['ci_high']:.0f}] from {rated['games']} games", highlight=False)


def frozen_pool(path: Path, name: str) -> FrozenPool:
    """The frozen pool `name`, checked before anything is registered or played."""
    reader = Reader(path)
    frozen = load_pool(reader, name) if reader.exists() else None
    if frozen is None:
        known = ", ".join(reader.rating_pool_names()) if reader.exists() else ""
        raise ConfigError(f"no frozen pool {name!r} in {path} (pools: {known or 'none yet'}); freeze one with "
                          "`arena leaderboard --freeze NAME`")
    return frozen


def pool_rating(path: Path, frozen: FrozenPool, entry_id: str,
                include_provider_failures: bool = False) -> dict[str, Any] | None:
    """The entry's rating against the frozen pool, from its games against the pool's entries."""
    log = build_log(Reader(path).game_log(), include_provider_failures=include_provider_failures)
    placed = place_newcomers(frozen, log)
    mine = next((p for p in placed if p.entry_id == entry_id), None)
    return None if mine is None else {"pool": frozen.name, **vars(mine)}


def place(entry: Entry, known: dict[str, Entry], store: Store, scripts: str, matches: int, seed: int, rounds: int,
          options: RunOptions, no_cache: bool, as_json: bool, frozen: FrozenPool | None = None,
          include_provider_failures: bool = False, entries_file: Path | None = None) -> TournamentSummary | None:
    """Play the placement matches of `entry` against the active pool, or only against the entries of a
    frozen pool (deprecated or not). None when there is nobody to play."""
    rows = Reader(store.path).entries(include_deprecated=frozen is not None)
    if frozen is not None:
        members = {e.entry_id for e in frozen.entries}
        rows = [row.model_copy(update={"deprecated": False}) for row in rows if row.entry_id in members]
    pool = active_pool(rows, known, exclude=entry.entry_id)
    for entry_id, why in pool.skipped:
        err.print(f"[yellow]skipping[/] {escape(entry_id)}: {escape(why)}", highlight=False)
    if not pool.entries:
        return None
    plan = placement_tournament(entry, pool.entries, select_scripts(scripts), matches=matches, seed=seed,
                                rounds=rounds)
    return execute(plan, store.path, options, no_cache=no_cache, as_json=as_json,
                   include_provider_failures=include_provider_failures, entries_file=entries_file)
