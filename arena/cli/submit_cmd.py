"""`arena submit`: (being built)."""

from __future__ import annotations

import typer

from arena.errors import ConfigError


def submit(ctx: typer.Context) -> None:
    """(being built)"""
    raise ConfigError("arena submit is not available yet")
