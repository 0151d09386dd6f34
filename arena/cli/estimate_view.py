"""The `--dry-run` table: planned calls, tokens and dollars per entry (from `arena.providers.estimate`)."""

from __future__ import annotations

import json
from collections.abc import Mapping

from rich.console import Console
from rich.table import Column, Table

from arena.providers.estimate import CostLine, total_usd


def _usd(value: float | None) -> str:
    return "unknown price" if value is None else f"${value:.4f}"


def print_estimate(lines: Mapping[str, CostLine], title: str, out: Console, as_json: bool,
                   extra: Mapping[str, object] | None = None) -> None:
    """Print the estimate as a table (or one JSON object); nothing is called or recorded."""
    total = total_usd(lines.values())
    if as_json:
        print(json.dumps({**(extra or {}), "dry_run": True, "entries": [line.to_dict() for line in lines.values()],
                          "total_usd": None if total is None else round(total, 4)}))
        return
    table = Table(Column("entry", overflow="fold", min_width=12), "games", "calls", "prompt tokens",
                  "of which cached", "output tokens", "cost", "cost without prompt cache", title=title,
                  caption="estimated from the rendered prompts; nothing was called (docs/adding-a-model.md)")
    for line in lines.values():
        table.add_row(line.name, str(line.games), str(line.calls), f"{line.prompt_tokens:,}",
                      f"{line.cached_tokens:,}", f"{line.output_tokens:,}", _usd(line.usd), _usd(line.usd_uncached))
    out.print(table)
    out.print(f"total {_usd(total)}", highlight=False)
