"""Progress lines the commands print on stderr (so that --json output stays clean)."""

from __future__ import annotations

from rich.console import Console

err = Console(stderr=True)


def log_line(line: str) -> None:
    err.print(line, highlight=False)


def progress_line(done: int, total: int) -> None:
    err.print(f"answered {done}/{total}", highlight=False)
