"""Time to first render of the board's pages on a large synthetic database.

    python benchmarks/board_bench.py [--games 100000] [--events 5000000] [--entries 20] [--keep PATH]

Builds a DuckDB file with `--games` games (2% aborted) between `--entries` entries and
`--events` events, in bulk (`INSERT ... SELECT ... FROM range(...)`), plus agent calls and a
rating snapshot that covers every finished game, as the arena leaves it after a tournament. Then
runs the leaderboard and head-to-head pages with `AppTest` through the real navigation: cold (query
cache cleared, modules already imported) and warm (the same page again in the same process), and
prints the figures against the targets (warm < 1.5 s, cold < 5 s). Finally it records one more game,
so the snapshot is stale, and times the leaderboard's live fallback (ratings computed in memory).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import duckdb
import numpy as np
import streamlit as st
from streamlit.testing.v1 import AppTest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arena.store import Reader, Store  # noqa: E402
from arena.store.db import writing  # noqa: E402
from leaderboard.ratings.board import compute_leaderboard  # noqa: E402
from leaderboard.ratings.snapshot import snapshot_records  # noqa: E402

TARGET_WARM_S, TARGET_COLD_S = 1.5, 5.0
PAGES = ("leaderboard", "head-to-head")

GAMES_SQL = """INSERT INTO games (game_id, match_id, tournament_id, script_id, script_hash, seed, civilians_entry,
    murderer_entry, status, winner, votes, n_events, tokens, cost_usd, started_at, finished_at, plan_key,
    planned_key, abort_reason, recorded_at) SELECT
    'g' || lpad(i::VARCHAR, 7, '0'), 'm' || (i // 2), 't0', 'case-' || (i % 12), 'hash', i // 2,
    'entry-' || lpad(c::VARCHAR, 2, '0'), 'entry-' || lpad(m::VARCHAR, 2, '0'),
    CASE WHEN i % 50 = 49 THEN 'aborted' ELSE 'finished' END,
    CASE WHEN i % 50 = 49 THEN NULL WHEN random() < 0.45 + 0.02 * (c - m) THEN 'civilians' ELSE 'murderer' END,
    '{}', $per_game, 1000 + i % 500, 0.001, TIMESTAMP '2025-01-01' + to_seconds(i),
    TIMESTAMP '2025-01-01' + to_seconds(i) + INTERVAL 30 SECOND, NULL, NULL,
    CASE WHEN i % 50 = 49 THEN 'forfeits' END, TIMESTAMP '2025-01-01' + to_seconds(i)
FROM (SELECT i, i % $n AS c, (i % $n + 1 + (i // $n) % ($n - 1)) % $n AS m FROM range($games) t(i))"""
EVENTS_SQL = """INSERT INTO events SELECT 'g' || lpad((i // $per_game)::VARCHAR, 7, '0'), i % $per_game,
    CASE WHEN i % 10 = 0 THEN 'agent_call' WHEN i % 10 = 1 THEN 'observation' ELSE 'action' END,
    'role-' || (i % 6), ('{"speech": "line ' || i || '", "action": "pass", "round": 1}')::JSON
FROM range($events) t(i)"""
CALLS_SQL = """INSERT INTO agent_calls SELECT 'g' || lpad((i // 10)::VARCHAR, 7, '0'),
    'entry-' || lpad((i % $n)::VARCHAR, 2, '0'), 'role-' || (i % 6), 'act',
    CASE WHEN i % 97 = 0 THEN 'parse_error' ELSE 'ok' END, 200.0, 900, 60, 0.0001, false, TIMESTAMP '2025-01-01'
FROM range($calls) t(i)"""


def build(path: Path, n_games: int, n_events: int, n_entries: int) -> None:
    Store(path)  # migrations
    params = {"games": n_games, "events": n_events, "n": n_entries, "per_game": max(n_events // n_games, 1),
              "calls": n_games * 5}
    with writing(path) as conn:
        conn.execute("INSERT INTO entries SELECT 'entry-' || lpad(i::VARCHAR, 2, '0'), 'model-' || i, 'mock', "
                     "'m' || i, '{}', 1, TIMESTAMP '2025-01-01', i >= $n - 2 FROM range($n) t(i)", {"n": n_entries})
        for sql in (GAMES_SQL, EVENTS_SQL, CALLS_SQL):
            used = {k: v for k, v in params.items() if f"${k}" in sql}
            conn.execute(sql, used)
    games = Reader(path).finished_games()
    rows = compute_leaderboard(games, bootstrap_rounds=100, rng=np.random.default_rng(0))
    Store(path).record_rating_snapshot(snapshot_records(rows, games[-1].finished_at, len(games)))


def run_page(page: str) -> None:
    from leaderboard.ui.nav import main

    main(page)


def render(page: str, db: Path) -> float:
    at = AppTest.from_function(run_page, args=(page,), default_timeout=120)
    at.session_state["arena_db"] = str(db)
    start = time.perf_counter()
    at.run()
    elapsed = time.perf_counter() - start
    if at.exception or at.error:
        raise SystemExit(f"{page}: the page failed: {[e.value for e in [*at.exception, *at.error]]}")
    return elapsed


def verdict(seconds: float, target: float) -> str:
    return f"{seconds:6.2f} s  (target < {target:g} s: {'ok' if seconds < target else 'MISSED'})"


def measure(db: Path) -> None:
    render("leaderboard", db.with_name("warmup.duckdb"))  # imports and first-run setup, on a missing file
    for page in PAGES:
        st.cache_data.clear()
        cold = render(page, db)
        warm = render(page, db)
        print(f"{page:<14} cold {verdict(cold, TARGET_COLD_S)}   warm {verdict(warm, TARGET_WARM_S)}")


def measure_fallback(db: Path) -> None:
    with duckdb.connect(str(db)) as conn:
        conn.execute("INSERT INTO games SELECT * REPLACE ('g-extra' AS game_id, NULL AS plan_key, "
                     "finished_at + INTERVAL 1 DAY AS finished_at) FROM games WHERE status = 'finished' LIMIT 1")
    st.cache_data.clear()
    cold = render("leaderboard", db)
    warm = render("leaderboard", db)
    print(f"{'stale snapshot':<14} cold {cold:6.2f} s (live ratings computed once)   warm {warm:6.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--events", type=int, default=5_000_000)
    parser.add_argument("--entries", type=int, default=20)
    parser.add_argument("--keep", type=Path, help="Build the database here and keep it.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.keep or Path(tmp) / "board.duckdb"
        db.unlink(missing_ok=True)
        start = time.perf_counter()
        build(db, args.games, args.events, args.entries)
        counts = Reader(db).counts()
        print(f"built {db.stat().st_size / 1e6:.0f} MB in {time.perf_counter() - start:.1f} s: "
              f"{counts['games']} games, {counts['events']} events, {counts['agent_calls']} agent calls, "
              f"{args.entries} entries")
        measure(db)
        measure_fallback(db)


if __name__ == "__main__":
    main()
