"""`arena qa`: (being built)."""

from __future__ import annotations

import typer

from arena.errors import ConfigError


def qa(ctx: typer.Context) -> None:
    """(being built)"""
    raise ConfigError("arena qa is not available yet")
