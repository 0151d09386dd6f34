"""`arena coe`: score stored games' transcripts with a judge, and print the Table-3 report."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import typer
from rich import box
from rich.console import Console
from rich.table import Column, Table

from arena.cli.coe_batch import score_with_batch
from arena.coe.cases import CaseIndex
from arena.coe.judges import Judge, LLMJudge
from arena.coe.offline_judge import OfflineJudge
from arena.coe.report import METRICS, CoeRow, coe_report, mmr_by_depth
from arena.coe.scoring import ScoreSummary, score_games
from arena.entries import Entry, load_entries, resolve_entry
from arena.errors import ConfigError
from arena.providers.budget import BudgetGuard, BudgetReached
from arena.providers.client import ModelClient
from leaderboard.store import Reader, Store, default_db_path

app = typer.Typer(help="Chain of evaluation: transcript metrics and the Table-3 report.", no_args_is_help=True)
out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command
err = Console(stderr=True)

DbOpt = typer.Option(None, "--db", help="DuckDB file (default: $ARENA_DB, else ./arena.duckdb).")
JsonOpt = typer.Option(False, "--json", help="Print JSON instead of a table.")
JudgeOpt = typer.Option("offline", "--judge", help="offline, or an entry (name or provider/model) to judge with.")
EntriesOpt = typer.Option(None, "--entries-file", "--entries", help="Entries TOML file.")
OptionsOpt = typer.Option([], "-M", "--option", help="Judge setting key=value (repeatable).")
NoCacheOpt = typer.Option(False, "--no-cache", help="Do not read or write the response cache.")
ScriptsDirOpt = typer.Option(None, "--scripts-dir", help="Folder of the cases the games were played on "
                                                          "(default: the bundled cases).")
JSON_KEYS = ("entry", "name", "mode", "ablation", *METRICS, "avg", *(f"n_{m}" for m in METRICS), "n_metrics",
             "ci", "judges", "judge_label")


@app.command("score")
def score(db: Path | None = DbOpt, judge: str = JudgeOpt, as_json: bool = JsonOpt,
          entries_file: Path | None = EntriesOpt, option: list[str] = OptionsOpt, no_cache: bool = NoCacheOpt,
          scripts_dir: Path | None = ScriptsDirOpt,
          budget_usd: float | None = typer.Option(None, "--budget-usd", min=0.0, help="Stop judging once the "
                                                  "judge's calls have cost this much (a rerun continues)."),
          batch: bool = typer.Option(False, "--batch", help="Judge through the provider's batch API (openai, "
                                     "anthropic, google): half price; rerun the same command to resume.")) -> None:
    """Judge finished games not yet scored by this judge: ITD, SPC, RP and CMD of the civilian entry."""
    store = Store(db)
    cases = CaseIndex(scripts_dir)
    if judge == "offline":
        summary = asyncio.run(score_games(store, OfflineJudge(), cases))
    else:
        entry = resolve_entry(judge, option, load_entries(entries_file))
        if entry.is_builtin:
            raise ConfigError(f"--judge {judge}: a built-in agent cannot judge; give a model entry or 'offline'")
        try:
            summary = asyncio.run(_score_with_batch(store, entry, cases) if batch else
                                  _score_with_model(store, entry, cases, no_cache, budget_usd))
        except BudgetReached as exc:
            err.print(f"[yellow]stopped[/]: {exc}; the games judged before it are stored", highlight=False)
            raise typer.Exit(0) from None
    if as_json:
        typer.echo(json.dumps(summary.to_dict(), indent=2))
        return
    out.print(f"judge {summary.judge} ({summary.label}): {summary.games} games judged, {summary.scored} scores "
              f"stored, {summary.failed} failed judgements (stored without a score; rerun to retry)", highlight=False)
    for skip in summary.skipped:
        out.print(f"  skipped {skip['game_id']}: {skip['reason']}", highlight=False)


async def _score_with_batch(store: Store, entry: Entry, cases: CaseIndex) -> ScoreSummary:
    async with ModelClient(use_cache=False) as client:
        client.check_entries(entry)
        return await score_with_batch(store, entry, cases, client, err)


class BudgetedJudge(LLMJudge):
    """An LLM judge that checks the command's budget before each call."""

    def __init__(self, entry: Entry, client: ModelClient, guard: BudgetGuard, no_cache: bool = False) -> None:
        super().__init__(entry, client, no_cache=no_cache)
        self.guard = guard

    async def ask(self, prompt: str) -> tuple[str | None, str]:
        self.guard.check()
        return await super().ask(prompt)


async def _score_with_model(store: Store, entry: object, cases: CaseIndex, no_cache: bool,
                            budget_usd: float | None = None) -> ScoreSummary:
    async with ModelClient(use_cache=not no_cache) as client:
        client.check_entries(entry)  # type: ignore[arg-type]  # provider known, key set: before judging
        judge: Judge = BudgetedJudge(entry, client, BudgetGuard(client, budget_usd),  # type: ignore[arg-type]
                                     no_cache=no_cache)
        return await score_games(store, judge, cases)


def _fmt(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def report_table(rows: list[CoeRow], db: Path) -> Table:
    table = Table(Column("entry", overflow="fold", min_width=14), Column("mode", no_wrap=True),
                  *(Column(m.upper(), justify="right", no_wrap=True) for m in METRICS),
                  Column("avg", justify="right"), Column("judge"), box=box.SIMPLE_HEAD, pad_edge=False,
                  title=f"Chain of evaluation ({db})",
                  caption="LSU/TIU/MIU/MMR (accuracy), SPC, ITD, CMD in %, RP 1-10; avg = mean of the measured "
                          "metrics with RP x10; item counts and 95% CIs: --json")
    for row in rows:
        cells = [_fmt(getattr(row, m), 2 if m == "rp" else 1) for m in METRICS]
        table.add_row(row.name, row.mode, *cells, "-" if row.avg is None else f"{row.avg:.1f}",
                      row.judge_label or "", style="dim" if row.ablation != "none" else None)
    return table


@app.command("report")
def report(db: Path | None = DbOpt, as_json: bool = JsonOpt) -> None:
    """The WhodunitBench Table-3 view: perception, role-play, decisions and cognition per entry and mode."""
    path = default_db_path(db)
    reader = Reader(path)
    if not reader.exists():
        raise ConfigError(f"{path}: no such database; run `arena qa` or a tournament first, or pass --db")
    with reader.snapshot() as conn:
        rows = [] if conn is None else coe_report(conn)
        depths = [] if conn is None else mmr_by_depth(conn)
    if as_json:
        typer.echo(json.dumps([{k: r.model_dump()[k] for k in JSON_KEYS} for r in rows], indent=2))
        return
    if not rows:
        out.print(f"No QA answers or transcript scores in {path} yet: run `arena qa --entry ...` or `arena coe score`.")
        return
    out.print(report_table(rows, path))
    if depths:
        by_depth = Table("entry", "mode", "depth", Column("MMR", justify="right"), Column("n", justify="right"),
                         Column("95% CI", justify="right"), title="MMR by reasoning depth", box=box.SIMPLE_HEAD)
        for d in depths:
            by_depth.add_row(d.name, d.mode, str(d.depth), f"{d.accuracy:.1f}%", str(d.n),
                             f"[{d.ci[0]:.0f}, {d.ci[1]:.0f}]")
        out.print(by_depth)
