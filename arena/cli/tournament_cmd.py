"""`arena tournament`: (being built)."""

from __future__ import annotations

import typer

from arena.errors import ConfigError


def tournament(ctx: typer.Context) -> None:
    """(being built)"""
    raise ConfigError("arena tournament is not available yet")
