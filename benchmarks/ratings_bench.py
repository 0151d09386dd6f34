"""Ratings recomputation on a large synthetic log: TrueSkill (overall + per faction) and
Bradley-Terry with bootstrap CIs, plus reading the log back from a DuckDB file.

    python benchmarks/ratings_bench.py [--games 100000] [--entries 20] [--bootstrap 100] [--no-store]

Prints seconds per stage and the speed-up of the closed-form TrueSkill update over
`trueskill.rate_1vs1` (measured on a slice of the log and extrapolated).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arena.store import Reader, Store  # noqa: E402
from leaderboard.ratings.board import compute_leaderboard  # noqa: E402
from leaderboard.ratings.bradley_terry import fit_bradley_terry  # noqa: E402
from leaderboard.ratings.games import RatedGame, build_log  # noqa: E402
from leaderboard.ratings.sides import fit_side_balanced  # noqa: E402
from leaderboard.ratings.trueskill_ratings import faction_trueskill, overall_trueskill, run_trueskill  # noqa: E402

T0 = datetime(2025, 1, 1)


def synthetic_games(n_games: int, n_entries: int, seed: int) -> list[RatedGame]:
    rng = np.random.default_rng(seed)
    strength = np.linspace(-1.5, 1.5, n_entries)
    civ = rng.integers(0, n_entries, n_games)
    mur = (civ + rng.integers(1, n_entries, n_games)) % n_entries
    p_civ = 1.0 / (1.0 + np.exp(-(strength[civ] - strength[mur] - 0.3)))
    u, d = rng.random(n_games), rng.random(n_games)
    winners = np.where(d < 0.03, None, np.where(u < p_civ, "civilians", "murderer"))
    return [RatedGame(f"g{i:07d}", f"entry-{civ[i]:02d}", f"entry-{mur[i]:02d}", winners[i], T0 + timedelta(seconds=i))
            for i in range(n_games)]


def timed(label: str, fn, *args, **kwargs):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    elapsed = time.perf_counter() - start
    print(f"{label:<52} {elapsed:8.3f} s")
    return result, elapsed


def bench_store(games: list[RatedGame]) -> None:
    """Bulk-load the games into a fresh DuckDB file, then time the board's read of the rating input."""
    from arena.store.db import writing
    from arena.store.writes import GAME_COLUMNS, insert_rows

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.duckdb")
        rows = [[g.game_id, None, None, "bench", "h", i, g.civilians_entry, g.murderer_entry, "finished", g.winner,
                 "{}", 0, 0, 0.0, g.finished_at, g.finished_at, f"k{i}", f"k{i}", None, g.finished_at, i,
                 *[0] * 6]  # plan position; decisions and forfeits per side
                for i, g in enumerate(games)]
        with writing(store.path) as conn:
            insert_rows(conn, "games", GAME_COLUMNS, rows, {"votes": "JSON"})
        loaded, _ = timed(f"store: Reader.finished_games() ({len(games):,} rows)", Reader(store.path).finished_games)
        assert len(loaded) == len(games)
        bench_record_game(store)


def bench_record_game(store: Store, n_games: int = 30, n_events: int = 150) -> None:
    """The writer's per-game cost: connection, one transaction, the game row and its events."""
    from arena.store import EntryRecord, GameRecord

    a, b = EntryRecord(name="a", provider="mock", model="a"), EntryRecord(name="b", provider="mock", model="b")
    store.upsert_entry(a)
    store.upsert_entry(b)
    events = [{"type": "speech", "role": "maid", "text": "I was in the library at nine. " * 4, "turn": i}
              for i in range(n_events)]
    start = time.perf_counter()
    for i in range(n_games):
        record = GameRecord(game_id=f"w{i}", script_id="s", script_hash="h", seed=i, civilians_entry=a.entry_id,
                            murderer_entry=b.entry_id, status="finished", winner="murderer", plan_key=f"w{i}")
        store.record_game(record, events)
    per_game = (time.perf_counter() - start) / n_games
    print(f"{f'store: record_game with {n_events} events (per game)':<52} {per_game:8.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--entries", type=int, default=20)
    parser.add_argument("--bootstrap", type=int, default=100)
    parser.add_argument("--reference-slice", type=int, default=5_000)
    parser.add_argument("--no-store", action="store_true")
    args = parser.parse_args()

    games = synthetic_games(args.games, args.entries, seed=0)
    print(f"{args.games:,} synthetic games, {args.entries} entries, {args.bootstrap} bootstrap rounds")
    log, _ = timed("sort + encode the log", build_log, games)
    _, t_overall = timed("TrueSkill overall (closed form)", overall_trueskill, log)
    timed("TrueSkill per faction (closed form)", faction_trueskill, log)
    n_ref = min(args.reference_slice, log.n_games)
    _, t_ref = timed(f"TrueSkill overall, trueskill.rate_1vs1, {n_ref:,} games", run_trueskill, log.n_entries,
                     log.civ[:n_ref], log.mur[:n_ref], log.outcome[:n_ref], None, True)
    print(f"{'  -> rate_1vs1 extrapolated to the full log':<52} {t_ref * log.n_games / n_ref:8.3f} s "
          f"(closed form {t_ref * log.n_games / n_ref / t_overall:.0f}x faster)")
    timed(f"Bradley-Terry + {args.bootstrap} bootstrap rounds", fit_bradley_terry, log, args.bootstrap,
          np.random.default_rng(1))
    timed(f"side-balanced Bradley-Terry + {args.bootstrap} bootstrap rounds", fit_side_balanced, log, args.bootstrap,
          np.random.default_rng(1))
    rows, total = timed("compute_leaderboard (all of the above)", compute_leaderboard, games,
                        bootstrap_rounds=args.bootstrap, rng=np.random.default_rng(1))
    top = rows[0]
    print(f"top entry {top.entry}: mu {top.mu:.2f} sigma {top.sigma:.3f} bt {top.bt:.0f} "
          f"[{top.ci_low:.0f}, {top.ci_high:.0f}] rank {top.rank}")
    if not args.no_store:
        bench_store(games)


if __name__ == "__main__":
    main()
