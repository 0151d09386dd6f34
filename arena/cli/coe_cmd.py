"""`arena coe`: score stored games' transcripts with a judge or a panel, run the paper's Table-3 protocol,
and print the report (conditions, offline scores apart, judge agreement, CoE vs win rate)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import typer
from rich.console import Console

from arena.app.judge_batch import score_entry_with_batch
from arena.cli.coe_render import print_report, report_json
from arena.cli.coe_table3_cmd import table3
from arena.cli.lines import log_line
from arena.coe.cases import CaseIndex
from arena.coe.human_report import disputed_items, people_accuracy
from arena.coe.judging import Metrics, judge_entries, score_with_judges
from arena.coe.outcomes import coe_vs_win_rate, judge_agreement
from arena.coe.probe_report import probe_report
from arena.coe.report import coe_report, mmr_by_depth
from arena.coe.scoring import ScoreSummary
from arena.errors import ConfigError
from arena.providers.budget import BudgetReached
from arena.store import Reader, Store, default_db_path

app = typer.Typer(help="Chain of evaluation: transcript metrics, the Table-3 protocol and report.",
                  no_args_is_help=True)
out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command
err = Console(stderr=True)

DbOpt = typer.Option(None, "--db", help="DuckDB file (default: $ARENA_DB, else ./arena.duckdb).")
JsonOpt = typer.Option(False, "--json", help="Print JSON instead of a table.")
JudgeOpt = typer.Option("offline", "--judge", help="offline, an entry (name or provider/model) to judge with, or a "
                                                   "panel of entries separated by commas (e.g. A,B).")
EntriesOpt = typer.Option(None, "--entries-file", "--entries", help="Entries TOML file.")
OptionsOpt = typer.Option([], "-M", "--option", help="Judge setting key=value (repeatable).")
NoCacheOpt = typer.Option(False, "--no-cache", help="Do not read or write the response cache.")
ScriptsDirOpt = typer.Option(None, "--scripts-dir", help="Folder of the cases the games were played on "
                                                          "(default: the bundled cases).")
ReportCasesOpt = typer.Option(None, "--scripts-dir", help="Folder of the cases, for the stems and keys of the items "
                                                          "people dispute (default: the bundled cases).")


@app.command("score")
def score(db: Path | None = DbOpt, judge: str = JudgeOpt, as_json: bool = JsonOpt,
          entries_file: Path | None = EntriesOpt, option: list[str] = OptionsOpt, no_cache: bool = NoCacheOpt,
          scripts_dir: Path | None = ScriptsDirOpt,
          budget_usd: float | None = typer.Option(None, "--budget-usd", min=0.0, help="Stop judging once the "
                                                  "judges' calls have cost this much (a rerun continues)."),
          batch: bool = typer.Option(False, "--batch", help="Judge through the provider's batch API (openai, "
                                     "anthropic, google): half price; rerun the same command to resume.")) -> None:
    """Judge finished games not yet scored by each judge: ITD, SPC, RP and CMD of the civilian entry."""
    run_scoring("coe", db, judge, as_json, entries_file, option, no_cache, scripts_dir, budget_usd, batch)


@app.command("mirage")
def mirage(db: Path | None = DbOpt, judge: str = JudgeOpt, as_json: bool = JsonOpt,
           entries_file: Path | None = EntriesOpt, option: list[str] = OptionsOpt, no_cache: bool = NoCacheOpt,
           scripts_dir: Path | None = ScriptsDirOpt) -> None:
    """MIRAGE's metrics of finished games: Victory and CIC from the log, TII, ICI and SCI by the judge(s)
    (definitions in docs/coe.md); shown by `arena coe report`."""
    run_scoring("mirage", db, judge, as_json, entries_file, option, no_cache, scripts_dir)


def run_scoring(metrics: Metrics, db: Path | None, judge: str, as_json: bool, entries_file: Path | None,
                option: list[str], no_cache: bool, scripts_dir: Path | None, budget_usd: float | None = None,
                batch: bool = False) -> None:
    """Score stored games with the judge(s) named by `--judge` and print one summary per judge."""
    judges = judge_entries(judge, option, entries_file)
    store, cases = Store(db), CaseIndex(scripts_dir)
    try:
        if batch:
            if metrics != "coe" or len(judges) != 1 or judges[0] is None:
                raise ConfigError("--batch judges the CoE metrics with one model entry (--judge ENTRY), not a "
                                  "panel or 'offline'")
            summaries = [asyncio.run(score_entry_with_batch(store, judges[0], cases, log_line))]
        else:
            summaries = asyncio.run(score_with_judges(store, judges, cases, no_cache=no_cache, budget_usd=budget_usd,
                                                      metrics=metrics))
    except BudgetReached as exc:
        err.print(f"[yellow]stopped[/]: {exc}; the games judged before it are stored", highlight=False)
        raise typer.Exit(0) from None
    if as_json:
        data = [s.to_dict() for s in summaries]
        typer.echo(json.dumps(data[0] if len(data) == 1 else data, indent=2))
    else:
        print_summaries(summaries)
    fail_without_scores(summaries)


def print_summaries(summaries: list[ScoreSummary]) -> None:
    """One line per judge, with its failed judgements by status."""
    for summary in summaries:
        why = ", ".join(f"{status} {n}" for status, n in sorted(summary.failures.items()))
        out.print(f"judge {summary.judge} ({summary.label}): {summary.games} games judged, {summary.scored} scores "
                  f"stored, {summary.failed} without a score{f' ({why})' if why else ''}; failed judgements are "
                  "retried by a rerun, no_truth is final", highlight=False)
        for skip in summary.skipped:
            out.print(f"  skipped {skip['game_id']}: {skip['reason']}", highlight=False)


def fail_without_scores(summaries: list[ScoreSummary]) -> None:
    """Exit 1 when a judge gave no score of its own but failed some judgements (a judge that cannot judge;
    scores counted by a rule, such as ITD, do not count)."""
    useless = [s.judge for s in summaries
               if s.judged == 0 and any(n > 0 for status, n in s.failures.items() if status != "no_truth")]
    if useless:
        err.print(f"[red]no scores[/] from {', '.join(useless)}: every judgement failed (see the statuses above; "
                  "parse_error means the judge did not answer in the asked format)", highlight=False)
        raise typer.Exit(1)


@app.command("report")
def report(db: Path | None = DbOpt, as_json: bool = JsonOpt, scripts_dir: Path | None = ReportCasesOpt) -> None:
    """The WhodunitBench Table-3 view per entry, mode and condition (table3 / all-play-all / qa), the offline
    judge's scores apart, MIRAGE metrics, post-game probe scores, judge agreement, the CoE-vs-win-rate
    correlation, people's accuracy per suite and the items where people disagree with the key."""
    path = default_db_path(db)
    reader = Reader(path)
    if not reader.exists():
        raise ConfigError(f"{path}: no such database; run `arena qa` or a tournament first, or pass --db")
    with reader.snapshot() as conn:
        rows = [] if conn is None else coe_report(conn)
        depths = [] if conn is None else mmr_by_depth(conn)
        agreement = [] if conn is None else judge_agreement(conn)
        correlation = [] if conn is None else coe_vs_win_rate(conn, rows)
        probes = [] if conn is None else probe_report(conn)
        people = [] if conn is None else people_accuracy(conn)
        disputed = [] if conn is None else disputed_items(conn, CaseIndex(scripts_dir).get)
    if as_json:
        typer.echo(json.dumps(report_json(rows, agreement, correlation, probes, people, disputed), indent=2))
        return
    if not rows and not probes:
        out.print(f"No QA answers or transcript scores in {path} yet: run `arena qa --entry ...` or `arena coe score`.")
        return
    print_report(out, path, rows, depths, agreement, correlation, probes, people, disputed)


app.command("table3")(table3)
