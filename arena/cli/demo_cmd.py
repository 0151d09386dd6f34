"""`arena demo`: (being built)."""

from __future__ import annotations

import typer

from arena.errors import ConfigError


def demo(ctx: typer.Context) -> None:
    """(being built)"""
    raise ConfigError("arena demo is not available yet")
