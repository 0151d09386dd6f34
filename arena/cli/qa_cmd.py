"""`arena qa`: run a chain-of-evaluation QA suite for one entry and print (or --json) its accuracy."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import typer
from rich import box
from rich.console import Console
from rich.table import Column, Table
from rich.text import Text

from arena.app.qa import estimate_qa, qa_ablation, qa_mode, run_suites, run_suites_batch
from arena.cli.case_report import report_broken_case
from arena.cli.estimate_view import print_estimate
from arena.cli.lines import log_line, progress_line
from arena.cli.qa_human import answer_as_person, refuse_model_options
from arena.coe.cases import load_cases
from arena.coe.human_qa import DEFAULT_SIZE, HumanSample
from arena.coe.qa_run import SUITE_GROUPS, Contestant, QaConfig, QaRunResult, run_id_for, select_questions, suites_for
from arena.coe.qa_summary import summarise
from arena.entries import qa_entries, resolve_entry
from arena.errors import ConfigError
from arena.providers.budget import BudgetReached
from arena.scripts.schema import Script
from arena.store import Store
from arena.store.coe_queries import latest_run_answers
from arena.store.db import reading
from arena.store.sessions import is_human

out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command
err = Console(stderr=True)

EntryOpt = typer.Option(..., "--entry", "-e", help="Entry name, provider/model, builtin/random|naive|ocr, or "
                        "human/<name> (you answer, in the terminal).")
SuiteOpt = typer.Option("all", "--suite", help=f"One of {', '.join(SUITE_GROUPS)} (perception = lsu+tiu+miu).")
ScriptsOpt = typer.Option("bundled", "--scripts", help="bundled (the hand-written cases), public (with the "
                          "generated set), all, ID,ID,..., or a case folder (or a folder of cases).")
ModeOpt = typer.Option(None, "--mode", help="direct or cot (default: the entry's strategy).")
AblationOpt = typer.Option("none", "--ablation", help="none, no-images or ocr-text.")
SeedOpt = typer.Option(0, "--seed", help="Seed of the option shuffling and of the requests.")
LimitOpt = typer.Option(None, "--limit", min=1, help="At most N questions per suite per case.")
SampleOpt = typer.Option(None, "--sample", min=1, help=f"human/<name> only: how many items in all, stratified by "
                         f"suite and case (default {DEFAULT_SIZE}).")
DbOpt = typer.Option(None, "--db", help="DuckDB file (default: $ARENA_DB, else ./arena.duckdb).")
JsonOpt = typer.Option(False, "--json", help="Print the summary as one JSON object.")
EntriesOpt = typer.Option(None, "--entries-file", "--entries", help="Entries TOML file.")
OptionsOpt = typer.Option([], "-M", "--option", help="Setting key=value (repeatable).")
NoCacheOpt = typer.Option(False, "--no-cache", help="Do not read or write the response cache.")
RetryOpt = typer.Option(False, "--retry-failed", help="Ask again questions that failed with api_error/timeout.")
DryRunOpt = typer.Option(False, "--dry-run", help="Print the questions, calls, tokens and cost this run would "
                                                  "take, estimated from the rendered prompts; ask nothing.")
BatchOpt = typer.Option(False, "--batch", help="Ask through the provider's batch API (openai, anthropic, google): "
                                                "half price, results within 24 h; rerun the same command to resume.")
BudgetOpt = typer.Option(None, "--budget-usd", min=0.0, help="Ask no new question once this run's calls have "
                                                              "cost this much (a rerun continues).")


def qa(entry: str = EntryOpt, suite: str = SuiteOpt, scripts: str = ScriptsOpt, mode: str | None = ModeOpt,
       ablation: str = AblationOpt, seed: int = SeedOpt, limit: int | None = LimitOpt, db: Path | None = DbOpt,
       as_json: bool = JsonOpt, entries_file: Path | None = EntriesOpt, option: list[str] = OptionsOpt,
       no_cache: bool = NoCacheOpt, retry_failed: bool = RetryOpt, dry_run: bool = DryRunOpt,
       budget_usd: float | None = BudgetOpt, batch: bool = BatchOpt, sample: int | None = SampleOpt) -> None:
    """Ask an entry the multiple-choice questions of the cases; store every answer; print accuracy."""
    if is_human(entry):
        refuse_model_options({"--mode": mode not in (None, "direct"), "--ablation": ablation != "none",
                              "-M": bool(option), "--entries-file": entries_file is not None, "--no-cache": no_cache,
                              "--retry-failed": retry_failed, "--dry-run": dry_run,
                              "--budget-usd": budget_usd is not None, "--batch": batch})
        person = HumanSample(suites=suites_for(suite), seed=seed, size=sample or DEFAULT_SIZE, limit=limit)
        run, done = answer_as_person(entry, load_cases(scripts, on_broken=report_broken_case), person, db, as_json)
        _print_run(run.store, run.person, run.scripts, person.config, done, suite, seed, as_json)
        return
    if sample is not None:
        raise ConfigError("--sample is for a person's run (--entry human/<name>); for an entry use --limit")
    chosen = resolve_entry(entry, option, qa_entries(entries_file))
    config = QaConfig(suites=suites_for(suite), mode=qa_mode(mode or chosen.strategy), ablation=qa_ablation(ablation),
                      seed=seed, limit=limit)
    cases = load_cases(scripts, on_broken=report_broken_case)
    if dry_run:
        line = estimate_qa(chosen, cases, config)
        print_estimate({chosen.entry_id: line}, f"dry run of arena qa: {line.calls} questions", out, as_json,
                       {"questions": line.calls})
        return
    store = Store(db)
    if batch:
        result = asyncio.run(run_suites_batch(store, chosen, cases, config, log_line))
        _print_run(store, chosen, cases, config, result, suite, seed, as_json)
        return
    try:
        result = asyncio.run(run_suites(store, chosen, cases, config, no_cache=no_cache, retry_failed=retry_failed,
                                        budget_usd=budget_usd, on_progress=None if as_json else progress_line))
    except BudgetReached as exc:
        err.print(f"[yellow]stopped[/]: {exc}", highlight=False)
        result = QaRunResult(run_id_for(chosen, cases, config), questions=select_questions(cases, config))
    _print_run(store, chosen, cases, config, result, suite, seed, as_json)


def _print_run(store: Store, chosen: Contestant, cases: list[Script], config: QaConfig, result: QaRunResult, suite: str,
               seed: int, as_json: bool) -> None:
    with reading(store.path, store.retry) as conn:
        answers = latest_run_answers(conn, result.run_id)
    weights = {(s.id, q.id): q.weight for s, q in result.questions}
    header = {"run_id": result.run_id, "entry": chosen.entry_id, "name": chosen.name, "mode": config.mode,
              "ablation": config.ablation.value, "seed": seed, "suite": suite, "script_ids": [c.id for c in cases],
              "asked": result.asked, "skipped": result.skipped, "db": str(store.path)}
    summary = summarise(answers, weights, header)
    if as_json:
        typer.echo(json.dumps(summary, indent=2))
    else:
        print_summary(summary)


def _cell(acc: dict[str, Any]) -> tuple[str, str, str]:
    if acc["accuracy"] is None:
        return "-", "0", ""
    low, high = acc["ci"]
    return f"{acc['accuracy']:.1f}%", str(acc["n"]), f"[{low:.0f}, {high:.0f}]"


def accuracy_table(title: str, rows: dict[str, dict[str, Any]]) -> Table:
    table = Table(Column("", no_wrap=True), Column("accuracy", justify="right"), Column("n", justify="right"),
                  Column("95% CI", justify="right"), title=title, box=box.SIMPLE_HEAD, title_justify="left")
    for label, acc in rows.items():
        table.add_row(label, *_cell(acc))
    return table


def print_summary(summary: dict[str, Any]) -> None:
    out.print(f"[bold]{summary['name']}[/] ({summary['entry']}), mode {summary['mode']}, ablation "
              f"{summary['ablation']}, seed {summary['seed']}: {summary['asked']} asked, {summary['skipped']} "
              f"already answered (run {summary['run_id']})", highlight=False)
    out.print(accuracy_table("By suite", {**summary["suites"], "all": summary["overall"]}))
    out.print(accuracy_table("By case", {sid: s["overall"] for sid, s in summary["scripts"].items()}))
    if summary["mmr_depth"]:
        out.print(accuracy_table("MMR by reasoning depth", {f"depth {d}": a for d, a in summary["mmr_depth"].items()}))
    statuses = ", ".join(f"{k}: {v}" for k, v in summary["statuses"].items()) or "none"
    out.print(f"statuses: {statuses} (failures count as wrong)", highlight=False)
    for row in summary.get("unparsed", []):
        reply = (row["raw_reply"] or "").replace("\n", " ")[:160]
        out.print(Text(f"  did not parse, {row['script_id']}/{row['question_id']}: {reply!r}", style="yellow"))
    if summary["weighted"]:
        weighted = ", ".join(f"{k} {v:.1f}%" for k, v in summary["weighted"].items() if v is not None)
        out.print(f"weighted by question weight: {weighted}", highlight=False)
