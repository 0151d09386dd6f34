"""Tournament throughput: CPU per model call, speed-up with many calls in flight, start-up, memory, Ray.

    .venv/bin/python benchmarks/tournament_bench.py [--latency-ms 200] [--in-flight 8,32,64] [--waves 4]
        [--ray-workers 1,2] [--memory-games 1000]

Two `mock/player` entries (each call waits `latency_ms`, like a model API) play side-swapped games
on the fixture case with one discussion round, into a fresh DuckDB file. For each N of `--in-flight`
the run uses `--concurrency N` AND `max_concurrency = N` on both entries (and a provider limit of
at least 2N): the per-entry limit caps the calls of one entry in flight whatever `--concurrency`
says (the default of 4 per entry would cap two entries at 8), and the benchmark prints both.
`--waves` sets the games per slot (games = waves x N), so the last games' tail weighs little.

Printed per N: wall time, model calls, the speed-up calls x latency / wall against the ideal N, and
the CPU per call measured as process CPU time (less sensitive to other load than wall time): the
whole process, and the harness alone, i.e. without the mock provider's own work (composing its replies
and counting their tokens, which a real API does on its side), split into the event-loop thread and
the other threads (the store's writes). Then the start-up of `arena --help` and of two light
commands (wall and CPU), games per minute with 1 and 2 Ray worker processes (`--ray-workers`, when
ray is installed), and, with `--memory-games`, the coordinator's peak resident memory over a
tournament of that many games (run in a fresh process). Every line states the load average: on a
shared machine the speed-ups and games per minute are load-bound (the event loop waits for a core),
the CPU figures much less so.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arena.entries import Entry  # noqa: E402
from arena.providers import mock  # noqa: E402
from arena.providers.client import ModelClient  # noqa: E402
from arena.scripts.loader import load_script  # noqa: E402
from arena.store import Store  # noqa: E402
from arena.tournament import RunOptions, Tournament, all_play_all_tournament, run_tournament  # noqa: E402


@dataclass(frozen=True)
class Figures:
    in_flight: int
    games: int
    calls: int
    wall_s: float
    cpu_s: float
    loop_cpu_s: float
    provider_cpu_s: float
    latency_ms: int
    load: tuple[float, float]

    @property
    def speed_up(self) -> float:
        return self.calls * self.latency_ms / 1000.0 / self.wall_s

    def line(self) -> str:
        per_call = 1000.0 / self.calls
        harness = (self.cpu_s - self.provider_cpu_s) * per_call
        return (f"--concurrency {self.in_flight:>3} x max_concurrency {self.in_flight:>3} per entry: "
                f"{self.games:>4} games, {self.calls:>5} calls in {self.wall_s:6.2f} s; speed-up "
                f"x{self.speed_up:5.1f} of x{self.in_flight} ({self.speed_up / self.in_flight:.2f} of ideal); "
                f"CPU per call {self.cpu_s * per_call:.2f} ms, harness {harness:.2f} ms "
                f"(event loop {(self.loop_cpu_s - self.provider_cpu_s) * per_call:.2f} + store writes and other "
                f"threads {(self.cpu_s - self.loop_cpu_s) * per_call:.2f}); load {self.load[0]:.1f}-{self.load[1]:.1f}")


def entries(latency_ms: int, max_concurrency: int) -> list[Entry]:
    options = {"latency_ms": latency_ms}
    return [Entry(name="player-direct", model="mock/player", options=options, max_concurrency=max_concurrency),
            Entry(name="player-warm", model="mock/player", temperature=0.7, options=options,
                  max_concurrency=max_concurrency)]


def plan(latency_ms: int, max_concurrency: int, games: int, seed: int = 0) -> Tournament:
    case = load_script(ROOT / "tests" / "fixtures" / "mini_case")
    return all_play_all_tournament(entries(latency_ms, max_concurrency), [case], games_per_pair=max(1, games // 2),
                                   seed=seed, rounds=1)


class ProviderClock:
    """Wraps the mock/player responder to add up the CPU time the provider spends on a reply: composing it
    and counting its tokens (what a real API does on its side; the same counts the mock gives itself)."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def __call__(self, request: mock.Request) -> mock.Response:
        started = time.thread_time()
        try:
            text = mock.player_reply(request)
            return mock.Response(text=text, raw_finish_reason="stop", prompt_tokens=mock.estimate_tokens(request),
                                 completion_tokens=max(1, len(text) // 4))
        finally:
            self.seconds += time.thread_time() - started


async def timed_run(in_flight: int, latency_ms: int, games: int, folder: Path) -> Figures:
    tournament = plan(latency_ms, in_flight, games)
    store = Store(folder / f"c{in_flight}.duckdb")
    clock = ProviderClock()
    mock.register_responder("player", clock)
    try:
        async with ModelClient(use_cache=False, provider_limits={"mock": 2 * in_flight}) as client:
            load = os.getloadavg()[0]
            started, cpu, loop_cpu = time.perf_counter(), time.process_time(), time.thread_time()
            summary = await run_tournament(tournament, store, RunOptions(rounds=1, concurrency=in_flight),
                                           client=client, snapshot=False)
            wall, cpu = time.perf_counter() - started, time.process_time() - cpu
            loop_cpu = time.thread_time() - loop_cpu
    finally:
        mock.register_responder("player", mock.player_reply)
    calls = sum(u.calls for u in client.usage.values())
    return Figures(in_flight, summary.played, calls, wall, cpu, loop_cpu, clock.seconds, latency_ms,
                   (load, os.getloadavg()[0]))


def startup_s(args: list[str], runs: int = 3) -> tuple[float, float]:
    """Best wall time and best CPU time (user + system) of `python -m arena ARGS` in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    best_wall = best_cpu = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "arena", *args], check=True, capture_output=True, env=env, cwd=ROOT)
        best_wall = min(best_wall, time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best_cpu = min(best_cpu, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best_wall, best_cpu


def load_now() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def memory_run(games: int, latency_ms: int, in_flight: int) -> None:
    """(In a fresh process) play `games` games and print the peak resident memory."""
    with tempfile.TemporaryDirectory() as tmp:
        tournament = plan(latency_ms, in_flight, games)
        started = time.perf_counter()

        async def run() -> int:
            async with ModelClient(use_cache=False, provider_limits={"mock": 2 * in_flight}) as client:
                summary = await run_tournament(tournament, Store(Path(tmp) / "m.duckdb"),
                                               RunOptions(rounds=1, concurrency=in_flight), client=client,
                                               snapshot=False)
            return summary.played

        played = asyncio.run(run())
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"coordinator peak memory: {peak_mb:.0f} MB over {played} games "
          f"({in_flight} in flight, {latency_ms} ms per call, {time.perf_counter() - started:.0f} s; target < 500 MB; "
          f"{load_now()})")


def ray_figures(workers: list[int], latency_ms: int, games: int, in_flight: int) -> None:
    """Games per minute with each count of Ray worker processes (a local cluster on 127.0.0.1)."""
    from arena.tournament.ray_executor import ray_available, ray_cluster

    if not ray_available():
        print("ray: not installed (pip install 'whodunit-arena[ray]'); Ray figures skipped")
        return
    with ray_cluster(None, max(workers)), tempfile.TemporaryDirectory() as tmp:
        for count in workers:
            started = time.perf_counter()
            played = asyncio.run(ray_run(count, latency_ms, games, in_flight, Path(tmp) / f"ray{count}.duckdb"))
            wall = time.perf_counter() - started
            print(f"ray: {count} worker process(es), {in_flight} games in flight: {played} games in {wall:.1f} s = "
                  f"{played / wall * 60:.0f} games/min ({latency_ms} ms per call; {load_now()})", flush=True)


async def ray_run(workers: int, latency_ms: int, games: int, in_flight: int, db: Path) -> int:
    from arena.tournament.ray_executor import start_players

    tournament, options = plan(latency_ms, in_flight, games), RunOptions(rounds=1, concurrency=in_flight)
    players = await asyncio.to_thread(start_players, {e.entry_id: e for e in tournament.entries},
                                      {s.id: s for s in tournament.scripts}, options, workers=workers, use_cache=False)
    async with ModelClient(use_cache=False) as client:
        summary = await run_tournament(tournament, Store(db), options, client=client, elsewhere=players,
                                       snapshot=False)
    return summary.played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--latency-ms", type=int, default=200)
    parser.add_argument("--in-flight", default="8,32,64", help="comma-separated N: --concurrency and max_concurrency")
    parser.add_argument("--waves", type=int, default=4, help="games per slot (games = waves x N)")
    parser.add_argument("--ray-workers", default="1,2", help="Ray worker processes to measure ('' to skip)")
    parser.add_argument("--ray-games", type=int, default=64)
    parser.add_argument("--memory-games", type=int, default=0, help="also measure peak memory over this many games")
    parser.add_argument("--memory-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_child:
        memory_run(args.memory_games, args.latency_ms, 64)
        return
    load = os.getloadavg()
    print(f"machine: {os.cpu_count()} cores, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print(f"plan: 2 mock/player entries, fixture case, 1 round, {args.latency_ms} ms per model call; "
          "ideal speed-up = N calls in flight")
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(x) for x in args.in_flight.split(",") if x):
            print(asyncio.run(timed_run(n, args.latency_ms, args.waves * n, Path(tmp))).line(), flush=True)
    for command in (["--help"], ["leaderboard", "--help"], ["scripts", "list", "--root", "tests/fixtures"]):
        wall, cpu = startup_s(command)
        print(f"start-up: arena {' '.join(command)}: {wall:.2f} s wall, {cpu:.2f} s CPU (best of 3; {load_now()})",
              flush=True)
    if args.ray_workers:
        ray_figures([int(x) for x in args.ray_workers.split(",")], args.latency_ms, args.ray_games, 32)
    if args.memory_games:
        subprocess.run([sys.executable, __file__, "--memory-child", "--memory-games", str(args.memory_games),
                        "--latency-ms", "5"], check=True)


if __name__ == "__main__":
    main()
