"""Tournament throughput: the same plan with simulated-latency model agents, sequential vs concurrent.

    .venv/bin/python benchmarks/tournament_bench.py [--latency-ms 200] [--concurrency 8] [--matches 4]

Two `mock/player` entries (each call waits `latency_ms`, like a model API) play `matches`
side-swapped matches on the fixture case with one discussion round, into a fresh DuckDB file, once
with `--concurrency 1` and once with `--concurrency N`. Prints wall times, games per second and
the speed-up. Games are I/O-bound, so the ratio should approach N until the writer or the CPU
(agents' prompt building, the engine) becomes the limit.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arena.entries import Entry  # noqa: E402
from arena.providers.client import ModelClient  # noqa: E402
from arena.scripts.loader import load_script  # noqa: E402
from arena.tournament import RunOptions, all_play_all_tournament, run_tournament  # noqa: E402
from leaderboard.store import Store  # noqa: E402


def entries(latency_ms: int) -> list[Entry]:
    options = {"latency_ms": latency_ms}
    return [Entry(name="player-direct", model="mock/player", options=options),
            Entry(name="player-warm", model="mock/player", temperature=0.7, options=options)]


async def timed_run(concurrency: int, latency_ms: int, matches: int, folder: Path) -> tuple[float, int, int]:
    plan = all_play_all_tournament(entries(latency_ms), [load_script(ROOT / "tests" / "fixtures" / "mini_case")],
                                   games_per_pair=matches, seed=0, rounds=1)
    store = Store(folder / f"c{concurrency}.duckdb")
    async with ModelClient(use_cache=False) as client:
        started = time.perf_counter()
        summary = await run_tournament(plan, store, RunOptions(rounds=1, concurrency=concurrency), client=client,
                                       snapshot=False)
        elapsed = time.perf_counter() - started
    calls = sum(u.calls for u in client.usage.values())
    return elapsed, summary.played, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--latency-ms", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--matches", type=int, default=4, help="side-swapped matches (2 games each)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        results = {n: asyncio.run(timed_run(n, args.latency_ms, args.matches, Path(tmp)))
                   for n in (1, args.concurrency)}
    print(f"plan: 2 mock/player entries, {2 * args.matches} games, 1 round, {args.latency_ms} ms per model call")
    for n, (elapsed, games, calls) in results.items():
        print(f"concurrency {n:>2}: {elapsed:7.2f} s wall, {games} games, {calls} model calls, "
              f"{games / elapsed:.2f} games/s")
    sequential, concurrent = results[1][0], results[args.concurrency][0]
    print(f"speed-up x{sequential / concurrent:.2f} (ideal x{args.concurrency})")


if __name__ == "__main__":
    main()
