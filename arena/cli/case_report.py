"""A case that does not load, reported by the commands that skip it (tournament, qa, coe): named with every
problem (file, field, fix), then left out while the other cases go on."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from arena.errors import ScriptError

err = Console(stderr=True, soft_wrap=True)


def report_broken_case(ref: str, exc: ScriptError) -> None:
    """Print `skipped case REF: it does not load` and its problems on stderr."""
    err.print(f"[yellow]skipped case[/] {escape(ref)}: it does not load", highlight=False)
    for problem in exc.problems or [str(exc)]:
        err.print(f"  - {problem}", markup=False, highlight=False)
