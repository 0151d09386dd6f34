"""`arena play` (one game between two entries, logged as JSONL and recorded in the store) and `arena replay`
(a readable transcript).

Before the first model call `arena play` checks what it can: the case loads, every model entry's
provider is known and its key is set (environment or .env), the database opens for writing, and the
event log would not overwrite an earlier one (the default is one file per game id under runs/). It
exits 1 when the game ends `aborted` or `error` (such games are recorded but never rated)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Column, Table

from arena.agents import GameResult
from arena.agents.runner import DEFAULT_TIMEOUT_S, abort_reason
from arena.app.games import check_log_path, keep_game, play_entries, resolve_script
from arena.app.probes import ProbeHook, probe_judges, probe_summary
from arena.coe.probes import THINKTHRICE_KEYS
from arena.engine import GameConfig, read_jsonl, replay
from arena.engine.events import (
    ActionEvent,
    AnswerEvent,
    ClueRevealed,
    EventBase,
    GameEnded,
    InvalidOutput,
    PhaseStarted,
    ReasoningEvent,
    SeatingEvent,
    StageStarted,
    Utterance,
    VoteEvent,
)
from arena.entries import Entry, load_entries, resolve_entry
from arena.errors import ScriptError
from arena.store import Store, default_db_path
from arena.store.records import utc_now
from arena.tournament.selection import scoped_options

out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command
err = Console(stderr=True)
OUT_OPTION = typer.Option(None, "--out", help="Event log path, never overwritten (default "
                                               "runs/<script>-<seed>-<game id>.jsonl).")
FAILED_STATUSES = frozenset({"aborted", "error"})
ENTRIES_FILE_OPTION = typer.Option(None, "--entries-file", help="Entries TOML file (default: $ARENA_ENTRIES, "
                                                                 "else ./entries.toml).")
ENTRY_OPTIONS = typer.Option([], "-M", "--option", help="Setting key=value for both entries, or NAME:key=value for "
                                                        "one (repeatable).")
DB_OPTION = typer.Option(None, "--db", help="DuckDB file to record the game in (default: $ARENA_DB, else "
                                            "./arena.duckdb).")
LOG_ARGUMENT = typer.Argument(..., help="An event log written by `arena play` or the scheduler.")


class TranscriptPrinter:
    """Prints events as readable, attributed lines; agents' words are escaped, never rich markup."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.names: dict[str, str] = {}
        self.factions: dict[str, str] = {}

    def who(self, role: str | None) -> str:
        if not role:
            return ""
        tag = " [red](M)[/]" if self.factions.get(role) == "murderer" else ""
        return f"[bold]{escape(self.names.get(role, role))}[/]{tag}"

    def line(self, event: EventBase) -> str | None:  # noqa: PLR0911 - one branch per event type
        if isinstance(event, SeatingEvent):
            self.names, self.factions = dict(event.roles), dict(event.factions)
            return f"civilians: {escape(event.civilians)}   murderer: {escape(event.murderer)}"
        if isinstance(event, PhaseStarted):
            label = event.phase.value + (f" round {event.round}" if event.phase.value == "discussion" else "")
            self.console.rule(label)
            return None
        if isinstance(event, Utterance):
            return f"{self.who(event.role)}: {escape(event.text) or '[dim](silent)[/]'}"
        if isinstance(event, ActionEvent):
            speech = f"{self.who(event.role)}: {escape(event.speech)}" if event.speech else self.who(event.role)
            if event.action == "ask":
                return f"{speech}\n   [cyan]asks[/] {self.who(event.target)}: {escape(event.question or '')}"
            if event.action == "investigate":
                return f"{speech}\n   [cyan]investigates[/] {escape(event.location or '')}"
            return f"{speech} [dim](passes)[/]"
        if isinstance(event, AnswerEvent):
            return f"   {self.who(event.role)} [cyan]answers[/]: {escape(event.text)}"
        if isinstance(event, ClueRevealed):
            by = f" by {self.who(event.by)}" if event.by else ""
            return f"   [green]clue revealed[/]{by}: {escape(event.title)} ({event.clue_id})"
        if isinstance(event, ReasoningEvent):
            return (f"{self.who(event.role)} suspects [bold]{escape(event.suspect or 'nobody')}[/]; "
                    f"method: {escape(event.method)}; motive: {escape(event.motive)}")
        if isinstance(event, VoteEvent):
            about = f" [dim](victim {escape(event.victim)})[/]" if event.victim else ""
            target = self.who(event.target) if event.target else "[dim]abstain[/]"
            return f"{self.who(event.role)} votes {target}{about}"
        if isinstance(event, StageStarted):
            shown = f"; clues shown: {', '.join(event.revealed)}" if event.revealed else ""
            return f"   [green]stage {event.index} begins[/] ({escape(event.stage)}){shown}"
        if isinstance(event, InvalidOutput):
            return (f"   [yellow]{event.status}[/] from {self.who(event.role)} (attempt {event.attempt}): "
                    f"{escape(event.message)}")
        if isinstance(event, GameEnded):
            o = event.outcome
            return (f"[bold]{event.status}[/]: winner [bold]{o.winner}[/] ({escape(o.reason)}); votes {o.votes}, "
                    f"abstentions {o.abstentions}, culprits {', '.join(o.culprits)}")
        return None

    def __call__(self, event: EventBase) -> None:
        text = self.line(event)
        if text is not None:
            self.console.print(text, highlight=False)


def play(
    script: str = typer.Option(..., "--script", help="Case id, or a case folder/file path."),
    civilians: str = typer.Option(..., help="Entry playing every civilian role: a name from the entries file or "
                                            "provider/model, e.g. builtin/naive."),
    murderer: str = typer.Option(..., help="Entry playing the culprit role(s), e.g. builtin/random."),
    seed: int = typer.Option(0, help="Game seed (seating, turn orders, built-in agents)."),
    rounds: int = typer.Option(3, min=1, max=20, help="Discussion rounds."),
    out_file: Path | None = OUT_OPTION,
    timeout: float = typer.Option(DEFAULT_TIMEOUT_S, min=0.001, help="Seconds allowed per agent call (model "
                                  "entries get at least their client retry budget)."),
    entries_file: Path | None = ENTRIES_FILE_OPTION,
    option: list[str] = ENTRY_OPTIONS,
    db: Path | None = DB_OPTION,
    no_record: bool = typer.Option(False, "--no-record", help="Do not record the game in the store."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Bypass the model response cache."),
    as_json: bool = typer.Option(False, "--json", help="Print only a JSON summary."),
    key_clues_given: bool = typer.Option(False, "--key-clues-given", help="WhodunitBench's ablation: civilians see "
                                         "every key clue from the start (recorded with the game)."),
    probes: bool = typer.Option(False, "--probes", help="After the vote, ask every role the post-game probes "
                                "(WellPlay, ThinkThrice) in character, plus the own-script and oracle rows."),
    judge: str | None = typer.Option(None, "--judge", help="With --probes: judges (entries, comma-separated) that "
                                     "decide ThinkThrice's informed split; default offline (a labelled rule)."),
) -> None:
    """Play one game between two entries, write its event log (JSONL) and record it in the store."""
    case = resolve_script(script)
    specs = list(dict.fromkeys([civilians, murderer]))
    resolved = dict(zip(specs, resolve_entries_lenient(specs, option, load_entries(entries_file)), strict=True))
    check_log_path(out_file)
    judges = probe_judges(judge, entries_file) if probes else []
    stores: list[Store] = []
    printer = None if as_json else TranscriptPrinter(out)

    def ready() -> None:  # the database opens for writing before the first call, not after a paid game
        stores.extend([] if no_record else [Store(default_db_path(db))])
        if printer is not None:
            out.rule(f"{escape(case.title)} [{case.id}] seed {seed}")

    started = utc_now()
    config = GameConfig(rounds=rounds, key_clues_given=key_clues_given)
    hook = ProbeHook(judges) if probes else None
    played = asyncio.run(play_entries(case, resolved[civilians], resolved[murderer], seed, config, timeout, printer,
                                      no_cache, ready, hook))
    store = stores[0] if stores else None
    kept = keep_game(played, case, resolved[civilians], resolved[murderer], seed, started, store, out_file)
    summary = probe_summary(hook.runs, played.result) if hook is not None and hook.runs else None
    if summary is not None and not as_json:
        print_probes(out, summary)
    report_game(played.result, kept.log, kept.game_id, store, as_json,
                {"probes": summary} if summary is not None else {})
    if played.result.status in FAILED_STATUSES:
        raise typer.Exit(1)


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


def report_game(result: GameResult, log: Path, game_id: str | None, store: Store | None, as_json: bool,
                extra: dict[str, Any] | None = None) -> None:
    """The JSON summary (with `extra`, e.g. the probes), or the log line (and why the game did not finish)."""
    if as_json:
        summary = {"status": result.status, "winner": result.winner, "culprits": result.outcome.culprits,
                   "votes": result.outcome.votes, "events": len(result.events), "log": str(log), **(extra or {})}
        if result.status in FAILED_STATUSES:
            summary["abort_reason"] = abort_reason(result.outcome.reason, result.events)
        print(json.dumps(summary))
        return
    recorded = "" if game_id is None or store is None else f"; recorded as {game_id} in {store.path}"
    out.print(f"log: {log} ({len(result.events)} events){recorded}", highlight=False)
    if result.status in FAILED_STATUSES:
        err.print(f"[red]game {result.status}[/]: {escape(abort_reason(result.outcome.reason, result.events))} "
                  "(not rated)", highlight=False)


def resolve_entries_lenient(specs: list[str], options: list[str], known: dict[str, Entry]) -> list[Entry]:
    """The entries named by `specs`; self-play (the same entry on both sides) is allowed here."""
    per_spec = scoped_options(specs, options)
    return [resolve_entry(spec, per_spec[spec], known) for spec in specs]


def replay_log(
    log: Path = LOG_ARGUMENT,
    script: str | None = typer.Option(None, "--script", help="Case to verify against (default: the logged id)."),
    verify: bool = typer.Option(True, help="Re-apply the logged actions and check every event."),
) -> None:
    """Print a game's transcript; verify the log against its case by replaying it."""
    events = read_jsonl(log)
    printer = TranscriptPrinter(out)
    for event in events:
        printer(event)
    if not verify:
        return
    started = next((e for e in events if e.type == "game_started"), None)
    ref = script or (started.script_id if started is not None else None)  # type: ignore[union-attr]
    try:
        case = resolve_script(ref) if ref else None
    except ScriptError as exc:
        err.print(f"[yellow]not verified:[/] {escape(str(exc))}", highlight=False)
        return
    if case is None:
        err.print("[yellow]not verified:[/] the log names no case", highlight=False)
        return
    state = replay(events, case)
    out.print(f"[green]verified[/]: replaying {log} against {case.id} reproduces all {state.steps} decisions",
              highlight=False)
