"""A separate process for the concurrency test: `writer DB N` records N games; `reader DB N` polls.

The reader reads in bounded loop until it has seen all N games; each read checks, inside one
read-only snapshot, that every recorded game has all its events (no half game is ever visible)
and that the number of games never goes down. It prints a JSON summary.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from arena.store import Reader, Store  # noqa: E402
from tests.leaderboard.helpers import events, game  # noqa: E402

EVENTS_PER_GAME = 25
MAX_READS = 20_000


def write(path: Path, n_games: int, civ: str, mur: str) -> None:
    store = Store(path)
    for i in range(n_games):
        store.record_game(game(f"g{i:04d}", civ, mur, minute=i, plan_key=f"k{i}"), events(EVENTS_PER_GAME))


def read(path: Path, n_games: int) -> dict[str, object]:
    reader, seen, reads, torn, went_back = Reader(path), [], 0, 0, 0
    while reads < MAX_READS:
        reads += 1
        with reader.snapshot() as conn:
            assert conn is not None
            games, n_events, claimed = conn.execute(
                "SELECT count(*), coalesce(sum(n_events), 0), (SELECT count(*) FROM events) FROM games").fetchone()
        torn += int(n_events != claimed or claimed != games * EVENTS_PER_GAME)
        went_back += int(bool(seen) and games < seen[-1])
        seen.append(games)
        if games == n_games:
            break
    return {"reads": reads, "distinct_counts": len(set(seen)), "last": seen[-1], "torn": torn,
            "went_back": went_back}


if __name__ == "__main__":
    role, db, count = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    if role == "writer":
        write(db, count, sys.argv[4], sys.argv[5])
        print(json.dumps({"written": count}))
    else:
        print(json.dumps(read(db, count)))
