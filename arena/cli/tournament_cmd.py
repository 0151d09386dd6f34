"""`arena tournament`: an all-play-all between entries on chosen cases, recorded in the DuckDB store.

Rerunning the same command resumes the tournament (its id is derived from the configuration).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from arena.agents.runner import DEFAULT_TIMEOUT_S
from arena.app.probes import ProbeHook, probe_judges
from arena.app.tournaments import RayOptions, run_planned
from arena.cli.case_report import report_broken_case
from arena.cli.estimate_view import print_estimate
from arena.entries import load_entries, provider_limits
from arena.errors import ConfigError
from arena.providers.limits import concurrency_note
from arena.store import Store, default_db_path
from arena.tournament import RichProgress, RunOptions, Tournament, TournamentSummary
from arena.tournament.director import all_play_all_tournament
from arena.tournament.dry_run import estimate_tournament
from arena.tournament.plan import game_options
from arena.tournament.selection import resolve_entries, select_scripts, split_list

out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command
err = Console(stderr=True)

EntriesOpt = typer.Option(..., "--entries", help="Entries to play, comma-separated: names from the entries file "
                                                 "or provider/model (e.g. builtin/naive,builtin/random).")
ScriptsOpt = typer.Option("bundled", "--scripts", help="`bundled` (the hand-written cases), `public` (bundled "
                          "plus the generated set), `all`, or case ids/paths, comma-separated.")
EntriesFileOpt = typer.Option(None, "--entries-file", help="Entries TOML file (default: $ARENA_ENTRIES, "
                                                           "else ./entries.toml).")
OptionOpt = typer.Option([], "-M", "--option", help="Setting key=value for every entry, or NAME:key=value for "
                                                    "one entry (repeatable).")
DbOpt = typer.Option(None, "--db", help="DuckDB file (default: $ARENA_DB, else ./arena.duckdb).")
SeedOpt = typer.Option(0, "--seed", help="Base seed: every game's seed is derived from it.")
RoundsOpt = typer.Option(3, "--rounds", min=1, max=20, help="Discussion rounds per game.")
ConcurrencyOpt = typer.Option(4, "--concurrency", min=1, help="Games played at the same time.")
TimeoutOpt = typer.Option(DEFAULT_TIMEOUT_S, "--timeout", min=0.001,
                          help="Seconds allowed per agent call (model entries get at least their client "
                               "retry budget).")
NoCacheOpt = typer.Option(False, "--no-cache", help="Bypass the model response cache.")
JsonOpt = typer.Option(False, "--json", help="Print only a JSON summary (games are listed on stderr).")


def execute(tournament: Tournament, db: Path | None, options: RunOptions, *, adaptive: int = 0,
            no_cache: bool = False, as_json: bool = False, ray: RayOptions | None = None,
            include_provider_failures: bool = False, take_over_lease: bool = False,
            entries_file: Path | None = None) -> TournamentSummary:
    """Run `tournament` into the store at `db` with a progress bar; Ctrl-C exits 130 and a rerun resumes.
    The ratings snapshot at the end leaves out games with provider forfeits unless `include_provider_failures`.
    LeaseError (exit 1, naming the holder) while another live run holds the tournament. Says in one line
    when a provider or entry limit keeps fewer model calls in flight than `options.concurrency` games want."""
    store = Store(default_db_path(db))
    progress = RichProgress(bar_console=err, line_console=err if as_json else out)
    limits = provider_limits(entries_file)
    if (note := concurrency_note(tournament.entries, options.concurrency, limits)) is not None:
        (err if as_json else out).print(f"[yellow]note[/]: {escape(note)}", highlight=False)
    try:
        return asyncio.run(run_planned(tournament, store, options, adaptive=adaptive, no_cache=no_cache,
                                       progress=progress, ray=ray, include_provider_failures=include_provider_failures,
                                       take_over_lease=take_over_lease, provider_limits=limits))
    except KeyboardInterrupt:
        err.print(f"[yellow]interrupted[/]: games in flight were cancelled and not recorded; rerun the same "
                  f"command to resume tournament {escape(tournament.tournament_id)}", highlight=False)
        raise typer.Exit(130) from None


def print_summary(summary: TournamentSummary, db: Path, as_json: bool) -> None:
    if as_json:
        print(json.dumps(summary.to_dict()))
        return
    statuses = ", ".join(f"{status} {n}" for status, n in summary.statuses.items()) or "none"
    stopped = f"; stopped early ({summary.stopped})" if summary.stopped else ""
    discarded = (f", {summary.discarded} discarded (another run recorded them first; ${summary.discarded_cost_usd:.4f}"
                 " of the cost)" if summary.discarded else "")
    if summary.lease_note:
        err.print(f"[yellow]note[/]: {escape(summary.lease_note)}", highlight=False)
    out.print(f"tournament [bold]{escape(summary.tournament_id)}[/] ({escape(str(db))}): {summary.played} games "
              f"played ({statuses}){discarded}, {summary.skipped_already_done} already done, {summary.remaining} of "
              f"{summary.planned} planned still to finish{stopped}; cost ${summary.cost_usd:.4f} "
              f"(tournament ${summary.total_cost_usd:.4f})", highlight=False, soft_wrap=True)
    if summary.remaining:
        out.print("[dim]rerun the same command to play the remaining games[/]")


def tournament(
    entries: str = EntriesOpt,
    scripts: str = ScriptsOpt,
    games_per_pair: int = typer.Option(1, "--games-per-pair", min=1, help="Matches (side-swapped game pairs) "
                                                                          "per pair of entries per case."),
    rounds: int = RoundsOpt,
    concurrency: int = ConcurrencyOpt,
    budget_usd: float = typer.Option(None, "--budget-usd", min=0.0, help="Start no new game once the "
                                                                         "tournament's recorded cost reaches this."),
    max_games: int = typer.Option(None, "--max-games", min=0, help="Start at most this many games in this run."),
    adaptive: int = typer.Option(0, "--adaptive", min=0, help="Extra matches after the all-play-all, each "
                                                              "between the pair whose outcome is least certain."),
    db: Path = DbOpt,
    seed: int = SeedOpt,
    name: str = typer.Option(None, "--name", help="Tournament id (default: derived from the configuration)."),
    entries_file: Path = EntriesFileOpt,
    option: list[str] = OptionOpt,
    timeout: float = TimeoutOpt,
    no_cache: bool = NoCacheOpt,
    as_json: bool = JsonOpt,
    include_provider_failures: bool = typer.Option(
        False, "--include-provider-failures", help="Also rate games where a side lost decisions to provider "
                                                   "failures in the snapshot (a rerun replays them either way)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the planned games, calls, tokens and cost per "
                                                          "entry, estimated from the rendered prompts; play nothing."),
    probes: bool = typer.Option(False, "--probes", help="After each finished game, ask every role the post-game "
                                "probes and store their scores (docs/coe.md)."),
    executor: str = typer.Option("local", "--executor", help="local (this process) or ray (games on Ray worker "
                                                            "processes; pip install 'whodunit-arena[ray]')."),
    ray_address: str = typer.Option(None, "--ray-address", help="Ray cluster to join, e.g. 10.0.0.5:6379 "
                                                                "(default: a local cluster on 127.0.0.1)."),
    ray_workers: int = typer.Option(2, "--ray-workers", min=1, help="Ray worker processes (game players)."),
    judge: str = typer.Option(None, "--judge", help="With --probes: judges (entries, comma-separated) that decide "
                              "ThinkThrice's informed split; default offline (a labelled rule)."),
    key_clues_given: bool = typer.Option(False, "--key-clues-given", help="WhodunitBench's ablation: civilians see "
                                         "every key clue from the start (own plan keys, own report condition, "
                                         "left out of the ratings; docs/coe.md)."),
    take_over_lease: bool = typer.Option(False, "--take-over-lease", help="Run even though the store says another "
                                         "run holds this tournament (use only when that run is known gone, e.g. "
                                         "on another host)."),
) -> None:
    """Play an all-play-all tournament (resumable: rerun the same command to continue)."""
    if executor not in ("local", "ray"):
        raise ConfigError(f"--executor {executor!r}: use local or ray")
    if probes and executor == "ray":
        raise ConfigError("--probes runs with the local executor (the probes ask the agents of the game, which "
                          "live in the Ray worker); drop --executor ray or --probes")
    chosen = resolve_entries(split_list(entries), option, load_entries(entries_file))
    plan = all_play_all_tournament(chosen, select_scripts(scripts, on_broken=report_broken_case),
                                   games_per_pair=games_per_pair, seed=seed,
                                   rounds=rounds, name=name, options=game_options(key_clues_given=key_clues_given))
    if dry_run:
        lines = asyncio.run(estimate_tournament(plan, rounds))
        print_estimate(lines, f"dry run of tournament {plan.tournament_id}: {2 * len(plan.matches)} games", out,
                       as_json, {"tournament_id": plan.tournament_id, "games": 2 * len(plan.matches)})
        return
    after = ProbeHook(probe_judges(judge, entries_file)) if probes else None
    options = RunOptions(rounds=rounds, concurrency=concurrency, budget_usd=budget_usd, max_games=max_games,
                         timeout_s=timeout, after_game=after)
    ray = RayOptions(ray_address, ray_workers) if executor == "ray" else None
    summary = execute(plan, db, options, adaptive=adaptive, no_cache=no_cache, as_json=as_json, ray=ray,
                      include_provider_failures=include_provider_failures, take_over_lease=take_over_lease,
                      entries_file=entries_file)
    print_summary(summary, default_db_path(db), as_json)
