"""Progress reporting for a running tournament: a rich bar, or nothing (tests, --json).

The scheduler talks to a `ProgressReporter`; `RichProgress` draws a bar with games done/planned,
ETA, money spent and counts per status, and prints one "recorded" line per game above it, so a
log (or a test watching the output) sees each game as soon as it is safely in the database.
"""

from __future__ import annotations

from collections import Counter
from typing import Protocol

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from arena.store.records import GameRecord


class ProgressReporter(Protocol):
    def start(self, total: int, done: int) -> None: ...

    def recorded(self, game: GameRecord, spent_usd: float) -> None: ...

    def stop(self) -> None: ...


class NullProgress:
    """Reports nothing."""

    def start(self, total: int, done: int) -> None:
        pass

    def recorded(self, game: GameRecord, spent_usd: float) -> None:
        pass

    def stop(self) -> None:
        pass


def game_line(game: GameRecord) -> str:
    """One line per recorded game (plain text, no markup)."""
    result = f"winner {game.winner}" if game.winner else f"{game.status}: {game.abort_reason or ''}".rstrip(": ")
    return (f"recorded {game.game_id} {game.script_id} seed {game.seed}: {game.civilians_entry} (civilians) vs "
            f"{game.murderer_entry} (murderer), {result}")


class RichProgress:
    """A progress bar on `bar_console` (stderr by default) and a line per game on `line_console`."""

    def __init__(self, bar_console: Console | None = None, line_console: Console | None = None) -> None:
        self.bar_console = bar_console or Console(stderr=True)
        self.lines = line_console
        self.statuses: Counter[str] = Counter()
        self.progress = Progress(
            TextColumn("[bold]games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            TextColumn("eta"), TimeRemainingColumn(), TextColumn("{task.fields[info]}"),
            console=self.bar_console, transient=False)
        self.task = self.progress.add_task("games", total=0, info="", start=False)

    def start(self, total: int, done: int) -> None:
        self.progress.update(self.task, total=total, completed=done, info="")
        self.progress.start_task(self.task)
        self.progress.start()

    def recorded(self, game: GameRecord, spent_usd: float) -> None:
        self.statuses[game.status] += 1
        counts = " ".join(f"{status} {n}" for status, n in sorted(self.statuses.items()))
        self.progress.update(self.task, advance=1, info=f"${spent_usd:.4f}  {counts}")
        if self.lines is not None:
            self.lines.print(escape(game_line(game)), highlight=False, soft_wrap=True)

    def stop(self) -> None:
        self.progress.stop()
