"""`arena leaderboard`: the ratings table in the terminal (or as JSON), read-only unless --snapshot."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import typer
from rich import box
from rich.console import Console
from rich.table import Column, Table

from leaderboard.ratings.board import BOOTSTRAP_ROUNDS, MIN_GAMES, LeaderboardRow, compute_leaderboard
from leaderboard.ratings.snapshot import recompute_and_snapshot
from leaderboard.store import Reader, Store, default_db_path

out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command

JSON_KEYS = ("entry", "name", "mu", "sigma", "conservative", "bt", "ci_low", "ci_high", "rank", "games", "wins",
             "provisional", "win_rate_civilian", "win_rate_murderer", "games_civilian", "games_murderer", "draws",
             "mu_civilian", "sigma_civilian", "mu_murderer", "sigma_murderer")


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def render_table(rows: list[LeaderboardRow], db: Path, min_games: int, n_games: int) -> Table:
    def number(header: str) -> Column:
        return Column(header, justify="right", no_wrap=True)
    table = Table(number("#"), Column("entry", no_wrap=True), number("μ±σ"), number("μ-3σ"),
                  number("BT [95% CI]"), number("won"), Column("civ", justify="right"), Column("mur", justify="right"),
                  box=box.SIMPLE_HEAD, pad_edge=False,
                  title=f"Leaderboard ({db}, {n_games} finished games)",
                  caption=f"TrueSkill μ±σ, sorted by μ-3σ; # from Bradley-Terry CIs (tied while CIs overlap); "
                          f"* provisional: fewer than {min_games} games; won = wins/games; "
                          "civ, mur: win% (games) per side")
    for row in rows:
        label = (row.name or row.entry) + (" *" if row.provisional else "")
        bt = "-" if row.bt is None else f"{row.bt:.0f} [{row.ci_low:.0f},{row.ci_high:.0f}]"
        table.add_row("-" if row.rank is None else str(row.rank), label, f"{row.mu:.1f}±{row.sigma:.1f}",
                      f"{row.conservative:.1f}", bt, f"{row.wins}/{row.games}",
                      f"{_percent(row.win_rate_civilian)} ({row.games_civilian})",
                      f"{_percent(row.win_rate_murderer)} ({row.games_murderer})",
                      style="dim" if row.provisional else None)
    return table


DbOpt = typer.Option(None, "--db", help="DuckDB file (default: $ARENA_DB, else ./arena.duckdb).")
JsonOpt = typer.Option(False, "--json", help="Print the rows as a JSON list instead of a table.")
MinGamesOpt = typer.Option(MIN_GAMES, "--min-games", min=0, help="Fewer games than this: provisional.")
BootstrapOpt = typer.Option(BOOTSTRAP_ROUNDS, "--bootstrap", min=0, help="Bootstrap rounds for the BT CIs.")
SeedOpt = typer.Option(0, "--seed", help="Seed of the bootstrap's random generator.")
AllOpt = typer.Option(False, "--all", help="Also show deprecated entries.")
SnapshotOpt = typer.Option(False, "--snapshot", help="Also store this board as a rating snapshot (writes).")


def leaderboard(db: Path | None = DbOpt, as_json: bool = JsonOpt, min_games: int = MinGamesOpt,
                bootstrap: int = BootstrapOpt, seed: int = SeedOpt, show_all: bool = AllOpt,
                snapshot: bool = SnapshotOpt) -> None:
    """Ratings from the recorded games: TrueSkill, Bradley-Terry with 95% CIs, win rates per faction."""
    path = default_db_path(db)
    reader = Reader(path)
    games = reader.finished_games() if reader.exists() else []
    if not games:
        message = f"No finished games in {path} yet; run a tournament to record some, or pass --db FILE."
        if as_json:
            out.print_json("[]")
        (Console(stderr=True) if as_json else out).print(message)
        return
    if snapshot:
        rows = recompute_and_snapshot(Store(path), min_games=min_games, bootstrap_rounds=bootstrap, seed=seed)
    else:
        rows = compute_leaderboard(games, entries=reader.active_entry_ids(), min_games=min_games,
                                   bootstrap_rounds=bootstrap, rng=np.random.default_rng(seed))
    entries = reader.entries()
    names = {e.entry_id: e.name if e.version == 1 else f"{e.name} v{e.version}" for e in entries}
    hidden = set() if show_all else {e.entry_id for e in entries if e.deprecated}
    rows = [LeaderboardRow(**{**row.to_dict(), "name": names.get(row.entry)}) for row in rows
            if row.entry not in hidden]
    if as_json:
        print(json.dumps([{key: row.to_dict()[key] for key in JSON_KEYS} for row in rows], indent=2))
        return
    out.print(render_table(rows, path, min_games, len(games)))
