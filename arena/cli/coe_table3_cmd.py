"""`arena coe table3`: the paper's protocol for one entry, from games to the Table-3 row.

1. plays the entry as the civilians against the fixed opponent on every chosen case (a `table3`
   tournament: seeded, resumable by plan key, recorded like any game);
2. scores those games' transcripts (RP, SPC, ITD, CMD) with the judge or panel;
3. runs the QA suites (LSU, TIU, MIU, MMR) on the same cases;
4. prints the entry's `table3` row of `arena coe report`.

Rerunning the same command plays, judges and asks only what is missing.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import typer
from rich.console import Console

from arena.agents.runner import DEFAULT_TIMEOUT_S
from arena.app.qa import estimate_qa, qa_mode
from arena.app.table3 import judge_and_ask
from arena.cli.case_report import report_broken_case
from arena.cli.coe_render import condition_text, offline_table, report_table, row_json
from arena.cli.estimate_view import print_estimate
from arena.cli.lines import progress_line
from arena.cli.tournament_cmd import execute, print_summary
from arena.coe.judging import judge_entries
from arena.coe.qa_run import QaConfig, suites_for
from arena.coe.table3 import DEFAULT_OPPONENT, table3_tournament
from arena.entries import load_entries, resolve_entry
from arena.store import Store, default_db_path
from arena.tournament import RunOptions
from arena.tournament.dry_run import estimate_tournament
from arena.tournament.plan import game_options, games_of
from arena.tournament.selection import select_scripts

out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command
err = Console(stderr=True)


EntryOpt = typer.Option(..., "--entry", help="The entry to evaluate (name or provider/model).")
OpponentOpt = typer.Option(DEFAULT_OPPONENT, "--opponent", help="The fixed murderer (the paper: a naive agent).")
GamesOpt = typer.Option(1, "--games", min=1, help="Games per case.")
ScriptsOpt = typer.Option("bundled", "--scripts", help="`bundled` (the hand-written cases), `public` (bundled "
                          "plus the generated set), `all`, or case ids/paths, comma-separated.")
JudgeOpt = typer.Option("offline", "--judge", help="offline, an entry, or a panel A,B (see `arena coe score`).")
SuiteOpt = typer.Option("all", "--suite", help="QA suites: lsu, tiu, miu, mmr, perception, cognition, all.")
QaLimitOpt = typer.Option(None, "--qa-limit", min=1, help="At most N questions per suite per case.")
SeedOpt = typer.Option(0, "--seed", help="Base seed of the games and the QA option shuffles.")
RoundsOpt = typer.Option(3, "--rounds", min=1, max=20, help="Discussion rounds per game.")
ConcurrencyOpt = typer.Option(4, "--concurrency", min=1, help="Games played at the same time.")
TimeoutOpt = typer.Option(DEFAULT_TIMEOUT_S, "--timeout", min=0.001, help="Seconds allowed per agent call.")
DbOpt = typer.Option(None, "--db", help="DuckDB file (default: $ARENA_DB, else ./arena.duckdb).")
EntriesFileOpt = typer.Option(None, "--entries-file", help="Entries TOML file.")
OptionOpt = typer.Option([], "-M", "--option", help="Setting key=value of the entry (repeatable).")
NoCacheOpt = typer.Option(False, "--no-cache", help="Bypass the model response cache.")
JsonOpt = typer.Option(False, "--json", help="Print JSON (the rows, the games, the judging, the QA run).")
DryRunOpt = typer.Option(False, "--dry-run", help="Print the planned games and questions, their calls, tokens and "
                         "cost per entry, estimated from the rendered prompts; play and ask nothing.")
KeyCluesOpt = typer.Option(False, "--key-clues-given", help="WhodunitBench's ablation: the civilians see every key "
                           "clue from the start (its own plan keys and report condition, unrated).")


def table3(entry: str = EntryOpt, opponent: str = OpponentOpt, games: int = GamesOpt, scripts: str = ScriptsOpt,
           judge: str = JudgeOpt, suite: str = SuiteOpt, qa_limit: int | None = QaLimitOpt, seed: int = SeedOpt,
           rounds: int = RoundsOpt, concurrency: int = ConcurrencyOpt, timeout: float = TimeoutOpt,
           db: Path | None = DbOpt, entries_file: Path | None = EntriesFileOpt, option: list[str] = OptionOpt,
           no_cache: bool = NoCacheOpt, as_json: bool = JsonOpt, dry_run: bool = DryRunOpt,
           key_clues_given: bool = KeyCluesOpt) -> None:
    """The paper's Table-3 protocol: ENTRY as the civilians against a fixed murderer on every case, its
    transcripts judged, the QA suites run; prints the Table-3 row (resumable: rerun the same command)."""
    known = load_entries(entries_file)
    chosen, rival = resolve_entry(entry, option, known), resolve_entry(opponent, [], known)
    judges = judge_entries(judge, [], entries_file)
    cases = select_scripts(scripts, on_broken=report_broken_case)
    plan = table3_tournament(chosen, rival, cases, games=games, seed=seed, rounds=rounds,
                             options=game_options(key_clues_given=key_clues_given))
    config = QaConfig(suites=suites_for(suite), mode=qa_mode(chosen.strategy), seed=seed, limit=qa_limit)
    if dry_run:
        lines = asyncio.run(estimate_tournament(plan, rounds))
        qa_line = estimate_qa(chosen, cases, config)
        qa_line.name = f"{chosen.name} (QA suites)"
        lines[f"{chosen.entry_id}:qa"] = qa_line
        print_estimate(lines, f"dry run of arena coe table3 {plan.tournament_id}: {len(games_of(plan.matches))} "
                       f"games, {qa_line.calls} questions (judging not included)", out, as_json,
                       {"tournament_id": plan.tournament_id, "games": len(games_of(plan.matches))})
        return
    options = RunOptions(rounds=rounds, concurrency=concurrency, timeout_s=timeout)
    summary = execute(plan, db, options, no_cache=no_cache, as_json=as_json)
    path = default_db_path(db)
    if not as_json:
        print_summary(summary, path, as_json)
    done = asyncio.run(judge_and_ask(Store(path), chosen, rival, cases, judges, config, plan.tournament_id,
                                     key_clues_given=key_clues_given, no_cache=no_cache,
                                     on_progress=None if as_json else progress_line))
    rows, qa = done.rows, done.qa
    if as_json:
        typer.echo(json.dumps({"tournament": summary.to_dict(), "judging": [s.to_dict() for s in done.judged],
                               "qa": {"run_id": qa.run_id, "asked": qa.asked, "skipped": qa.skipped},
                               "rows": [row_json(r) for r in rows]}, indent=2))
        return
    out.print(report_table(rows, f"Table 3: {chosen.name} as the civilians vs {rival.name} ({path})"))
    if (offline := offline_table(rows)) is not None:
        out.print(offline)
    if not rows:
        out.print("no finished table3 game or answer yet for this entry and opponent")
    for row in rows:
        out.print(f"[dim]{row.name} / {condition_text(row)}: {row.n_games} games scored[/]", highlight=False)
