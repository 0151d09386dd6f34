"""`arena leaderboard`: the ratings table in the terminal (or as JSON), read-only unless --snapshot/--freeze.

Entries are ranked by the side-balanced Bradley-Terry rating (a murderer-side term fitted with
the strengths), shown with its 95% interval beside TrueSkill overall and per faction, win rates
without ties, and each entry's forfeit and provider-failure rates. A second table gives the
deceiving (as murderer) and detecting (as civilians) ratings and the clean-games rating (games in
which neither side forfeited a decision), flagged where it and the all-games interval do not
overlap. Games where a side lost
decisions to provider failures are left out unless `--include-provider-failures`. `--freeze NAME`
pins the current side-balanced ratings as a reference pool; `--pool NAME` shows that frozen pool
and the entries placed against it (see `leaderboard.ratings.pool`).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.markup import escape

from arena.errors import ConfigError
from leaderboard.ratings.defaults import BOOTSTRAP_ROUNDS, MIN_GAMES

if TYPE_CHECKING:  # the ratings (NumPy, TrueSkill) and the store (DuckDB) load when the command runs, not for --help
    from rich.table import Table

    from arena.store import Reader
    from leaderboard.ratings.board import Board

out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command

JSON_KEYS = ("entry", "name", "rank", "rating", "rating_low", "rating_high", "mu", "sigma", "conservative", "bt",
             "ci_low", "ci_high", "games", "wins", "draws", "provisional", "win_rate_civilian", "win_rate_murderer",
             "games_civilian", "games_murderer", "draws_civilian", "draws_murderer", "mu_civilian", "sigma_civilian",
             "mu_murderer", "sigma_murderer", "decisions", "forfeits", "provider_forfeits", "forfeit_rate",
             "provider_failure_rate", "unrated_games", "rating_murderer", "rating_murderer_low",
             "rating_murderer_high", "rating_civilian", "rating_civilian_low", "rating_civilian_high", "rating_clean",
             "rating_clean_low", "rating_clean_high", "clean_games", "clean_differs")


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def side_line(board: Board) -> str:
    """The murderer-side advantage and the tie count, in words."""
    s = board.summary()
    return (f"Murderer-side advantage: an equal murderer wins {100 * s['equal_murderer_wins']:.0f}% "
            f"[{100 * s['equal_murderer_wins_low']:.0f}, {100 * s['equal_murderer_wins_high']:.0f}] "
            f"(term {s['side_term']:+.2f} log-odds [{s['side_term_low']:+.2f}, {s['side_term_high']:+.2f}], 95% CI); "
            f"raw: murderer {s['murderer_wins']} of {s['decisive_games']} decisive games, {s['ties']} ties "
            f"(draws for the ratings, left out of win rates). "
            + (f"{s['excluded_provider_failure_games']} games with provider failures unrated "
               "(--include-provider-failures to keep them)." if not s["include_provider_failures"]
               else "Games with provider failures included."))


def render_table(board: Board, db: Path, min_games: int) -> Table:
    from rich import box
    from rich.table import Column, Table

    def number(header: str) -> Column:
        return Column(header, justify="right", no_wrap=True)
    table = Table(number("#"), Column("entry", no_wrap=True), number("rating [95% CI]"), number("μ±σ"),
                  number("civ μ±σ"), number("mur μ±σ"), number("won"), Column("civ", justify="right"),
                  Column("mur", justify="right"), number("ties"), number("forfeit"), number("provider"),
                  box=box.SIMPLE_HEAD, pad_edge=False,
                  title=f"Leaderboard ({db}, {board.rated_games} rated finished games)",
                  caption=f"# and rating: side-balanced Bradley-Terry (tied while CIs overlap); TrueSkill μ±σ "
                          f"overall and per faction; * provisional: fewer than {min_games} games; won = wins/games; "
                          "civ, mur: win% without ties (games) per side; forfeit, provider: share of the entry's "
                          "decisions forfeited, and lost to provider failures")
    for row in board.rows:
        label = escape(row.name or row.entry) + (" *" if row.provisional else "")
        rating = "-" if row.rating is None else f"{row.rating:.0f} [{row.rating_low:.0f},{row.rating_high:.0f}]"
        table.add_row("-" if row.rank is None else str(row.rank), label, rating, f"{row.mu:.1f}±{row.sigma:.1f}",
                      f"{row.mu_civilian:.1f}±{row.sigma_civilian:.1f}",
                      f"{row.mu_murderer:.1f}±{row.sigma_murderer:.1f}",
                      f"{row.wins}/{row.games}", f"{_percent(row.win_rate_civilian)} ({row.games_civilian})",
                      f"{_percent(row.win_rate_murderer)} ({row.games_murderer})", str(row.draws),
                      _percent(row.forfeit_rate), _percent(row.provider_failure_rate),
                      style="dim" if row.provisional else None)
    return table


def _interval(value: float | None, low: float | None, high: float | None) -> str:
    return "-" if value is None or low is None or high is None else f"{value:.0f} [{low:.0f},{high:.0f}]"


def render_sides(board: Board) -> Table:
    """Per side and clean games: deceiving and detecting ratings, the clean-games rating and its flag."""
    from rich import box
    from rich.table import Column, Table

    def number(header: str) -> Column:
        return Column(header, justify="right", no_wrap=True)
    unidentified = ("" if board.per_side_identified else " Per-side ratings: not identified by these games "
                    "(the sides of the entries did not all meet one another; play more pairings).")
    table = Table(Column("entry", no_wrap=True), number("as murderer"), number("as civilians"), number("rating"),
                  number("clean"), number("n clean"), Column("", no_wrap=True), box=box.SIMPLE_HEAD,
                  pad_edge=False, title=f"Per side and clean games ({board.clean_rated_games} clean games)",
                  caption="as murderer (deceiving) and as civilians (detecting): one strength per side, each side "
                          "centred at 1000; rating: side-balanced, all games; clean: side-balanced on the games in "
                          "which neither side forfeited a decision; differs: the all-games and clean 95% intervals "
                          "do not overlap." + unidentified)
    for row in board.rows:
        table.add_row(escape(row.name or row.entry) + (" *" if row.provisional else ""),
                      _interval(row.rating_murderer, row.rating_murderer_low, row.rating_murderer_high),
                      _interval(row.rating_civilian, row.rating_civilian_low, row.rating_civilian_high),
                      _interval(row.rating, row.rating_low, row.rating_high),
                      _interval(row.rating_clean, row.rating_clean_low, row.rating_clean_high),
                      str(row.clean_games), "differs" if row.clean_differs else "",
                      style="dim" if row.provisional else None)
    return table


DbOpt = typer.Option(None, "--db", help="DuckDB file (default: $ARENA_DB, else ./arena.duckdb).")
JsonOpt = typer.Option(False, "--json", help="Print the rows as a JSON list instead of a table.")
MinGamesOpt = typer.Option(MIN_GAMES, "--min-games", min=0, help="Fewer games than this: provisional.")
BootstrapOpt = typer.Option(BOOTSTRAP_ROUNDS, "--bootstrap", min=0, help="Bootstrap rounds for the CIs.")
SeedOpt = typer.Option(0, "--seed", help="Seed of the bootstrap's random generator.")
AllOpt = typer.Option(False, "--all", help="Also show deprecated entries.")
SnapshotOpt = typer.Option(False, "--snapshot", help="Also store this board as a rating snapshot (writes).")
IncludeOpt = typer.Option(False, "--include-provider-failures",
                          help="Also rate games where a side lost decisions to provider failures.")
FreezeOpt = typer.Option(None, "--freeze", help="Pin the current side-balanced ratings as reference pool NAME "
                                                "(writes; a pool is frozen once).")
PoolOpt = typer.Option(None, "--pool", help="Show frozen pool NAME and the entries placed against it.")


def leaderboard(db: Path | None = DbOpt, as_json: bool = JsonOpt, min_games: int = MinGamesOpt,
                bootstrap: int = BootstrapOpt, seed: int = SeedOpt, show_all: bool = AllOpt,
                snapshot: bool = SnapshotOpt, include_provider_failures: bool = IncludeOpt,
                freeze: str | None = FreezeOpt, pool: str | None = PoolOpt) -> None:
    """Ratings from the recorded games: side-balanced Bradley-Terry, TrueSkill, win rates, failure rates."""
    import numpy as np

    from arena.store import Reader, Store, default_db_path
    from leaderboard.ratings.board import LeaderboardRow, compute_board
    from leaderboard.ratings.snapshot import freeze_pool, snapshot_board

    path = default_db_path(db)
    if path.is_dir():
        raise ConfigError(f"{path} is a folder; --db takes the DuckDB file (e.g. {path / 'arena.duckdb'})")
    if not path.exists():
        raise ConfigError(f"{path}: no such database file; check the name, or record games first with "
                          "`arena tournament` (or `arena demo`)")
    reader = Reader(path)
    games = reader.game_log()
    if not any(g.status == "finished" for g in games):
        message = f"No finished games in {path} yet; run a tournament to record some, or pass --db FILE."
        if as_json:
            out.print_json("[]")
        (Console(stderr=True) if as_json else out).print(message)
        return
    if pool is not None:
        show_pool(reader, pool, games, bootstrap, seed, include_provider_failures, as_json)
        return
    options: dict[str, Any] = {"min_games": min_games, "bootstrap_rounds": bootstrap, "seed": seed,
                               "include_provider_failures": include_provider_failures}
    if snapshot:
        board = snapshot_board(Store(path), **options)
    else:
        board = compute_board(games, entries=reader.active_entry_ids(), min_games=min_games,
                              bootstrap_rounds=bootstrap, rng=np.random.default_rng(seed),
                              include_provider_failures=include_provider_failures)
    if freeze is not None:
        frozen = freeze_pool(Store(path), freeze, bootstrap_rounds=bootstrap, seed=seed,
                             include_provider_failures=include_provider_failures)
        message = f"froze pool {escape(freeze)}: {len(frozen.entries)} entries, {frozen.n_games_total} games"
        (Console(stderr=True) if as_json else out).print(message, highlight=False)
    entries = reader.entries()
    names = {e.entry_id: e.name if e.version == 1 else f"{e.name} v{e.version}" for e in entries}
    hidden = set() if show_all else {e.entry_id for e in entries if e.deprecated}
    rows = [LeaderboardRow(**{**row.to_dict(), "name": names.get(row.entry)}) for row in board.rows
            if row.entry not in hidden]
    if as_json:
        summary = board.summary()
        print(json.dumps([{**{key: row.to_dict()[key] for key in JSON_KEYS}, "board": summary} for row in rows],
                         indent=2))
        return
    shown = dataclasses.replace(board, rows=rows)
    out.print(render_table(shown, path, min_games))
    out.print(side_line(board), highlight=False, soft_wrap=True)
    out.print(render_sides(shown))


def show_pool(reader: Reader, name: str, games: list[Any], bootstrap: int, seed: int,
              include_provider_failures: bool, as_json: bool) -> None:
    """The frozen pool's entries with their frozen ratings, then every entry placed against it."""
    import numpy as np
    from rich import box
    from rich.table import Column, Table

    from leaderboard.ratings.games import build_log
    from leaderboard.ratings.pool import place_newcomers
    from leaderboard.ratings.snapshot import load_pool

    frozen = load_pool(reader, name)
    if frozen is None:
        known = ", ".join(reader.rating_pool_names()) or "none yet"
        raise ConfigError(f"no frozen pool {name!r} in {reader.path} (pools: {known}); create one with "
                          "`arena leaderboard --freeze NAME`")
    log = build_log(games, include_provider_failures=include_provider_failures)
    placed = place_newcomers(frozen, log, bootstrap, np.random.default_rng(seed))
    names = reader.entry_names()
    if as_json:
        print(json.dumps({"pool": name, "frozen_at": frozen.frozen_at.isoformat(), "side_term": frozen.side_term,
                          "n_games_total": frozen.n_games_total,
                          "entries": [{**vars(e), "name": names.get(e.entry_id)} for e in frozen.entries],
                          "placed": [{**vars(p), "name": names.get(p.entry_id)} for p in placed]}, indent=2))
        return
    table = Table("entry", Column("rating [95% CI]", justify="right"), Column("games", justify="right"),
                  Column("", no_wrap=True), box=box.SIMPLE_HEAD, pad_edge=False,
                  title=f"Frozen pool {escape(name)} (frozen {frozen.frozen_at:%Y-%m-%d %H:%M} UTC over "
                        f"{frozen.n_games_total} games; side term {frozen.side_term:+.2f})")
    for e in frozen.entries:
        table.add_row(escape(names.get(e.entry_id, e.entry_id)), f"{e.rating:.0f} [{e.ci_low:.0f},{e.ci_high:.0f}]",
                      str(e.games), "frozen")
    for p in placed:
        table.add_row(escape(names.get(p.entry_id, p.entry_id)), f"{p.rating:.0f} [{p.ci_low:.0f},{p.ci_high:.0f}]",
                      str(p.games), "placed against the pool")
    out.print(table)
