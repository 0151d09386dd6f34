"""Reliability: a tournament against `chaos` entries, the time lost to a dead endpoint, and SIGKILL + resume.

    .venv/bin/python benchmarks/reliability_bench.py [--games-per-pair 2] [--rounds 2] [--hang-timeout 0.05]

1. Chaos tournament: a `chaos/mock/player` entry (seeded errors, timeouts, 429s, malformed bodies,
   garbage output) against `mock/player` and `builtin/random`. Prints games, statuses, forfeits by
   cause, retries and the faults injected. Waits between retries are recorded, not slept.
2. Dead endpoint, with the circuit breaker off ("before") and on ("after"): one 3-round game (the
   dead entry as the civilians, against builtin/random) and a 6-game 3-round tournament
   (concurrency 1, with mock/player and builtin/random) where one entry's endpoint refuses
   connections (the real openai SDK against a closed loopback port) or hangs (`chaos` with
   `down = "hang"`, cut by a short real timeout). "measured" = real time + the retry waits
   (recorded, not slept). "at defaults" applies the timeout model to the same counts: each hanging
   attempt costs the 120 s timeout + 1 s grace, each refused attempt ~0 s, plus the retry waits of
   the default policy (4 attempts, backoff 1-2-4 s with jitter). The breaker's cool-down (300 s)
   never ends within these runs; in a longer tournament each cool-down that ends costs one probe.
3. SIGKILL: an `arena tournament` process with a chaos entry is killed after two games were
   recorded, then rerun; prints lost and duplicated games (both must be 0).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import duckdb  # noqa: E402

import arena.providers.client as client_module  # noqa: E402
from arena.entries import Entry  # noqa: E402
from arena.providers.breaker import BreakerPolicy  # noqa: E402
from arena.providers.client import CallRecord, ModelClient  # noqa: E402
from arena.providers.secrets import KeyStore  # noqa: E402
from arena.scripts.loader import load_script  # noqa: E402
from arena.store import Reader, Store  # noqa: E402
from arena.tournament import RunOptions, all_play_all_tournament, run_tournament  # noqa: E402
from arena.tournament.director import register  # noqa: E402
from arena.tournament.plan import games_of  # noqa: E402
from arena.tournament.run import Scheduler  # noqa: E402

CASE = ROOT / "tests" / "fixtures" / "mini_case"
BIG_CASE = ROOT / "scripts_data" / "saffron-kitchen"  # six roles: a dead civilian side needs many forfeits to abort
DEFAULT_TIMEOUT_S, GRACE_S = 120.0, 1.0
CHAOS = {"error_rate": 0.08, "timeout_rate": 0.05, "rate_limit_rate": 0.05, "malformed_rate": 0.05,
         "garbage_rate": 0.15, "retry_after_s": 2.0, "seed": 11}


@dataclass
class Waits:
    """Stands in for asyncio.sleep: records each wait and returns at once."""

    delays: list[float] = field(default_factory=list)

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)
        await asyncio.sleep(0)


def plan_of(entries: list[Entry], games_per_pair: int, rounds: int, case: Path = CASE) -> Any:
    return all_play_all_tournament(entries, [load_script(case)], games_per_pair=games_per_pair, seed=0, rounds=rounds)


@dataclass(frozen=True)
class Run:
    summary: Any
    usage: dict[str, Any]
    waits: list[float]
    records: list[CallRecord]
    db: Path
    injected: dict[str, int]


async def tournament(entries: list[Entry], folder: Path, name: str, games_per_pair: int, rounds: int,
                     breaker: BreakerPolicy, keys: KeyStore | None = None, one_game: bool = False,
                     case: Path = CASE) -> Run:
    """Play the all-play-all plan of `entries` (concurrency 1), or with `one_game` only its first game with
    `entries[0]` as the civilians; `entries[0]`'s injected faults are counted."""
    waits, records = Waits(), []
    store, plan = Store(folder / f"{name}.duckdb"), plan_of(entries, games_per_pair, rounds, case)
    options = RunOptions(rounds=rounds, concurrency=1)
    async with ModelClient(use_cache=False, sleep=waits, breaker=breaker, keys=keys, on_call=records.append,
                           rng=random.Random(5)) as client:
        adapter = client.adapter(entries[0])  # built once: the games use this very object
        if one_game:
            register(store, plan)
            first = next(g for g in games_of(plan.matches) if g.civilians == entries[0].entry_id)
            scheduler = Scheduler(store, {e.entry_id: e for e in entries}, {s.id: s for s in plan.scripts},
                                  options, client=client)
            await scheduler.play([first])
            summary: Any = scheduler.tally
        else:
            summary = await run_tournament(plan, store, options, client=client, snapshot=False)
    return Run(summary, dict(client.usage), waits.delays, records, store.path,
               dict(getattr(adapter, "injected", {})))


def invalid_outputs(db: Path) -> tuple[Counter[str], Counter[str]]:
    """Invalid outputs by status: all of them (re-asked or not) and the final ones (forfeits)."""
    reader, every, final = Reader(db), Counter[str](), Counter[str]()
    for game in reader.games():
        for event in reader.events(game.game_id):
            if event.type == "invalid_output":
                every[str(event.payload.get("status"))] += 1
                final[str(event.payload.get("status"))] += int(bool(event.payload.get("final")))
    return every, +final


async def chaos_tournament(folder: Path, games_per_pair: int, rounds: int) -> None:
    chaotic = Entry(name="chaos-player", model="chaos/mock/player", options=CHAOS)
    entries = [chaotic, Entry(name="player", model="mock/player"), Entry(name="random", model="builtin/random")]
    run = await tournament(entries, folder, "chaos", games_per_pair, rounds, BreakerPolicy())
    every, forfeits = invalid_outputs(run.db)
    usage = run.usage[chaotic.entry_id]
    print(f"1. chaos tournament ({CHAOS}): {run.summary.played} games, statuses {dict(run.summary.statuses)}")
    print(f"   invalid outputs by status {dict(every)}; forfeits by cause {dict(forfeits)}")
    print(f"   chaos entry: {usage.calls} calls, {usage.retries} retries, call statuses {dict(usage.statuses)}, "
          f"faults injected {run.injected}, {sum(run.waits):.0f} s of retry waits (recorded, not slept)")


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def dead_entry(kind: str, hang_timeout: float) -> Entry:
    if kind == "refusing":
        return Entry(name="dead", model="openai/gpt-4o", base_url=f"http://127.0.0.1:{closed_port()}/v1",
                     api_key_env="BENCH_KEY", timeout_s=DEFAULT_TIMEOUT_S)
    return Entry(name="dead", model="chaos/mock/player", timeout_s=hang_timeout, options={"down": "hang"})


@dataclass(frozen=True)
class Loss:
    games: int
    statuses: dict[str, int]
    attempts: int
    waits_s: float
    measured_s: float
    default_s: float


async def dead_run(kind: str, breaker: BreakerPolicy, scope: str, folder: Path, hang_timeout: float) -> Loss:
    dead = dead_entry(kind, hang_timeout)
    others = [Entry(name="random", model="builtin/random")] + (
        [Entry(name="player", model="mock/player")] if scope == "tournament" else [])
    keys = KeyStore(environ={"BENCH_KEY": "sk-bench"}, dotenv=folder / "none.env")
    started = time.perf_counter()  # a game: the first planned one, the dead entry as the civilians
    run = await tournament([dead, *others], folder, f"{kind}-{scope}-{breaker.failures}", 1, 3, breaker, keys,
                           scope == "game", BIG_CASE if BIG_CASE.is_dir() else CASE)
    elapsed = time.perf_counter() - started
    attempts = sum(r.attempts for r in run.records if r.entry_id == dead.entry_id)
    waits_s = sum(run.waits)
    per_attempt = DEFAULT_TIMEOUT_S + GRACE_S if kind == "hanging" else 0.0
    measured = elapsed + waits_s
    return Loss(run.summary.played, dict(run.summary.statuses), attempts, waits_s, measured,
                attempts * per_attempt + waits_s)


async def dead_endpoint(folder: Path, hang_timeout: float) -> None:
    client_module.TIMEOUT_GRACE_S = 0.0  # short real timeouts stand in for the 120 s default (see the docstring)
    print("2. dead endpoint (time lost = attempts x timeout + retry waits; default = the timeout model at "
          f"{DEFAULT_TIMEOUT_S:g} s timeout, 4 attempts, 5-failure breaker)")
    policies = (("before (no breaker)", BreakerPolicy(failures=0)), ("after (breaker)", BreakerPolicy()))
    for kind in ("refusing", "hanging"):
        for scope in ("game", "tournament"):
            for label, policy in policies:
                loss = await dead_run(kind, policy, scope, folder, hang_timeout)
                print(f"   {kind:8} {scope:10} {label:19} games {loss.games} {loss.statuses}, attempts "
                      f"{loss.attempts}, retry waits {loss.waits_s:.0f} s, measured {loss.measured_s:.1f} s, "
                      f"at defaults {loss.default_s / 60:.1f} min")


def sigkill_and_resume(folder: Path) -> None:
    db = folder / "killed.duckdb"
    command = [sys.executable, "-m", "arena", "tournament", "--entries", "chaos/mock/player,mock/player,builtin/random",
               "--scripts", str(CASE), "--rounds", "1", "--games-per-pair", "2", "--concurrency", "2", "--no-cache",
               "-M", "chaos/mock/player:rate_limit_rate=0.1", "-M", "chaos/mock/player:retry_after_s=0.05",
               "-M", "chaos/mock/player:garbage_rate=0.05", "-M", "mock/player:latency_ms=40", "--db", str(db)]
    env = {**os.environ, "ARENA_CACHE_DIR": str(folder / "cache"), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    wait_for_recorded(proc, 2)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    before = keys_of(db)
    rerun = subprocess.run([*command, "--json"], cwd=folder, capture_output=True, env=env, timeout=600, check=False)
    after = keys_of(db)
    planned = 12
    lost = len(set(before) - set(after)) + (planned - len(set(after)))
    duplicated = len(after) - len(set(after))
    print(f"3. SIGKILL after {len(before)} recorded games, then rerun (exit {rerun.returncode}): "
          f"{len(set(after))}/{planned} planned games recorded, lost {lost}, duplicated {duplicated}")


def wait_for_recorded(proc: subprocess.Popen[bytes], count: int, timeout_s: float = 120.0) -> None:
    assert proc.stdout is not None
    deadline, buffer, seen = time.monotonic() + timeout_s, b"", 0
    while seen < count and time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout.fileno()], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(proc.stdout.fileno(), 65536) if ready else b""
        if ready and not chunk:
            break
        buffer += chunk
        seen = buffer.count(b"\nrecorded ") + buffer.startswith(b"recorded ")


def keys_of(db: Path) -> list[str]:
    with duckdb.connect(str(db), read_only=True) as conn:
        return [r[0] for r in conn.execute("SELECT plan_key FROM games WHERE status = 'finished'").fetchall()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games-per-pair", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--hang-timeout", type=float, default=0.05, help="real seconds a hanging attempt waits")
    args = parser.parse_args()
    logging.getLogger("arena").setLevel(logging.ERROR)  # one warning per retry would drown the figures
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        asyncio.run(chaos_tournament(folder, args.games_per_pair, args.rounds))
        asyncio.run(dead_endpoint(folder, args.hang_timeout))
        sigkill_and_resume(folder)
    print(f"benchmark wall time {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
