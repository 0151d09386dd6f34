"""`arena play` (one game between two entries, logged as JSONL) and `arena replay` (a readable transcript)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from arena.agents import play_game, seat_agents
from arena.agents.runner import DEFAULT_TIMEOUT_S
from arena.engine import GameConfig, read_jsonl, replay, write_jsonl
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
    Utterance,
    VoteEvent,
)
from arena.errors import ScriptError
from arena.scripts.loader import find_script, load_script
from arena.scripts.schema import Script

out = Console()
err = Console(stderr=True)
OUT_OPTION = typer.Option(None, "--out", help="Event log path (default runs/<script>-<seed>.jsonl).")
LOG_ARGUMENT = typer.Argument(..., help="An event log written by `arena play` or the scheduler.")


def resolve_script(ref: str) -> Script:
    """A case by folder/file path, else by id or folder name among the bundled cases."""
    path = Path(ref)
    return load_script(path if path.exists() else find_script(ref))


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
            return f"{self.who(event.role)} votes {self.who(event.target) if event.target else '[dim]abstain[/]'}"
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
    civilians: str = typer.Option(..., help="Entry playing every civilian role, e.g. builtin/naive."),
    murderer: str = typer.Option(..., help="Entry playing the culprit role(s), e.g. builtin/random."),
    seed: int = typer.Option(0, help="Game seed (seating, turn orders, built-in agents)."),
    rounds: int = typer.Option(3, min=1, max=20, help="Discussion rounds."),
    out_file: Path | None = OUT_OPTION,
    timeout: float = typer.Option(DEFAULT_TIMEOUT_S, min=0.001, help="Seconds allowed per agent call."),
    as_json: bool = typer.Option(False, "--json", help="Print only a JSON summary."),
) -> None:
    """Play one game and write its event log (JSONL)."""
    case = resolve_script(script)
    seated = seat_agents(case, civilians, murderer, seed)
    printer = None if as_json else TranscriptPrinter(out)
    if printer is not None:
        out.rule(f"{escape(case.title)} [{case.id}] seed {seed}")
    result = asyncio.run(play_game(case, seated, GameConfig(rounds=rounds), seed, timeout_s=timeout,
                                   on_event=printer))
    log = write_jsonl(out_file or Path("runs") / f"{case.id}-{seed}.jsonl", result.events)
    if as_json:
        summary = {"status": result.status, "winner": result.winner, "culprits": result.outcome.culprits,
                   "votes": result.outcome.votes, "events": len(result.events), "log": str(log)}
        print(json.dumps(summary))
    else:
        out.print(f"log: {log} ({len(result.events)} events)", highlight=False)


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
