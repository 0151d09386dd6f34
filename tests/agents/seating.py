"""Seating built-in agents by name for tests, through the one seating path (`seat_entries`)."""

from __future__ import annotations

from typing import Any

from arena.agents import SeatedAgents, seat_entries
from arena.entries import builtin_entry
from arena.scripts.schema import Script


def seat_builtins(script: Script, civilians: str, murderer: str, seed: int,
                  civilian_settings: dict[str, Any] | None = None,
                  murderer_settings: dict[str, Any] | None = None) -> SeatedAgents:
    """`civilians` and `murderer` are built-in names (`builtin/random`, `builtin/naive`) with their options."""
    return seat_entries(script, builtin_entry(civilians, **(civilian_settings or {})),
                        builtin_entry(murderer, **(murderer_settings or {})), seed)
