"""`arena coe`: (being built)."""

from __future__ import annotations

import typer

app = typer.Typer(help="Chain of evaluation: transcript metrics and the Table-3 report.", no_args_is_help=True)
