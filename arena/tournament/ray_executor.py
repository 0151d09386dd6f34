"""Playing a tournament's games on Ray worker processes, possibly on many machines.

    pip install 'whodunit-arena[ray]'
    arena tournament ... --executor ray [--ray-address ADDR] [--ray-workers N]

The coordinator (the `arena tournament` process) keeps everything that decides or records: the
plan, resume, budget, progress, adaptive matches and the store, of which it stays the only writer.
Each worker is a Ray actor (one process) that drives many games at once on its own event loop with
its own `ModelClient` and response cache; `Scheduler.play_one` sends it one planned game and gets
back the finished game (events and agent calls), which the coordinator records in one transaction
keyed by the plan key. A worker that dies mid-game loses only the games it was playing: they are
not recorded (GameLost), the other workers go on, and a rerun of the same command plays them once.

Without `--ray-address` a local cluster bound to 127.0.0.1 is started for the run (and stopped
after); starting or joining a cluster that does not answer within `CONNECT_TIMEOUT_S` is an error,
never a hang. Ray is imported only here, and only when this executor is chosen.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from arena.entries import Entry
from arena.errors import ConfigError
from arena.providers.cache import CACHE_ENV, DEFAULT_CACHE_DIR, ResponseCache
from arena.providers.client import ModelClient
from arena.scripts.schema import Script
from arena.tournament.plan import PlannedGame
from arena.tournament.record import GameWrite
from arena.tournament.run import GameLost, RunOptions, play_planned

log = logging.getLogger(__name__)
CONNECT_TIMEOUT_S = 120.0
LOOPBACK_ENV = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
INSTALL_HINT = "pip install 'whodunit-arena[ray]'"


def ray_available() -> bool:
    """True when the optional `ray` package can be imported."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def require_ray() -> Any:
    try:
        import ray
    except ImportError as exc:
        raise ConfigError(f"--executor ray needs the ray package: {INSTALL_HINT}") from exc
    return ray


class GameWorker:
    """One worker process: plays the games it is sent, many at a time on its event loop."""

    def __init__(self, entries: Mapping[str, Entry], scripts: Mapping[str, Script], options: RunOptions,
                 cache_file: str | None) -> None:
        self.entries, self.scripts, self.options = dict(entries), dict(scripts), options
        self.cache_file = cache_file
        self.client: ModelClient | None = None

    def pid(self) -> int:
        return os.getpid()

    async def play(self, planned: PlannedGame) -> GameWrite:
        if self.client is None and any(not e.is_builtin for e in self.entries.values()):
            cache = ResponseCache(Path(self.cache_file)) if self.cache_file else None
            self.client = ModelClient(cache=cache, use_cache=cache is not None)
        return await play_planned(planned, self.scripts, self.entries, self.options, self.client)


class RayPlayers:
    """The coordinator's side: a pool of GameWorker actors; `await players(planned)` plays one game."""

    def __init__(self, actors: list[Any], died: tuple[type[BaseException], ...]) -> None:
        self.actors, self._died = list(actors), died
        self._turn: Iterator[int] = itertools.count()

    async def __call__(self, planned: PlannedGame) -> GameWrite:
        if not self.actors:
            raise GameLost("no Ray worker is left")
        actor = self.actors[next(self._turn) % len(self.actors)]
        try:
            write: GameWrite = await actor.play.remote(planned)
        except self._died as exc:
            if actor in self.actors:
                self.actors.remove(actor)
            raise GameLost(f"its Ray worker died ({type(exc).__name__})") from None
        return write

    def pids(self) -> list[int]:
        ray = require_ray()
        return list(ray.get([actor.pid.remote() for actor in self.actors], timeout=CONNECT_TIMEOUT_S))


def cache_file(use_cache: bool) -> str | None:
    """The response cache file the workers share with the coordinator's settings (absolute path)."""
    if not use_cache:
        return None
    folder = Path(os.environ[CACHE_ENV]) if os.environ.get(CACHE_ENV) else DEFAULT_CACHE_DIR
    return str((folder / "responses.sqlite").resolve())


def start_players(entries: Mapping[str, Entry], scripts: Mapping[str, Script], options: RunOptions, *,
                  workers: int, use_cache: bool) -> RayPlayers:
    """`workers` GameWorker actors on the connected cluster (call inside `ray_cluster`)."""
    ray = require_ray()
    remote = ray.remote(num_cpus=0, max_restarts=0, max_concurrency=max(1, options.concurrency),
                        scheduling_strategy="SPREAD")(GameWorker)  # over the machines of the cluster
    actors = [remote.remote(entries, scripts, options, cache_file(use_cache)) for _ in range(workers)]
    players = RayPlayers(actors, (ray.exceptions.RayActorError,))
    players.pids()  # every worker is up (or this raises) before the first game is sent
    return players


def loopback_only() -> None:
    """Make a local cluster register its node as 127.0.0.1 (Ray's own single-machine mode; `ray.init`
    turns a `_node_ip_address` of 127.0.0.1 into the machine's address). Inherited by Ray's processes."""
    os.environ[LOOPBACK_ENV] = "0"
    try:
        from ray._private import ray_constants
    except ImportError:
        return
    ray_constants.ENABLE_RAY_CLUSTER = False  # already imported: read at call time from here on


@contextmanager
def ray_cluster(address: str | None, workers: int) -> Iterator[None]:
    """Join the cluster at `address`, or start a local one on 127.0.0.1 for the run; stop it after."""
    if not address:
        loopback_only()
    ray = require_ray()
    kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    if address:
        kwargs["address"] = address
    else:
        kwargs.update(address="local", num_cpus=max(1, workers))
    failure: list[BaseException] = []
    ready, done = threading.Event(), threading.Event()

    def connect() -> None:
        # Ray starts its local processes with a parent-death signal tied to the starting THREAD: this
        # thread stays alive until the cluster is stopped, or they would be killed when it ends.
        try:
            ray.init(**kwargs)
        except BaseException as exc:  # noqa: BLE001 - reported below with the address
            failure.append(exc)
        finally:
            ready.set()
        done.wait()

    thread = threading.Thread(target=connect, name="ray-init", daemon=True)
    thread.start()
    where = address or "a local cluster on 127.0.0.1"
    try:
        if not ready.wait(CONNECT_TIMEOUT_S) or failure:
            why = (f"{type(failure[0]).__name__}: {failure[0]}" if failure
                   else f"no answer within {CONNECT_TIMEOUT_S:g} s")
            raise ConfigError(f"cannot start or join Ray at {where} ({why}); check `ray status` on the head node, "
                              "or run without --executor ray")
        yield
    finally:
        ray.shutdown()
        done.set()


async def run_with_ray(run: Any, *, address: str | None, workers: int, entries: Mapping[str, Entry],
                       scripts: Mapping[str, Script], options: RunOptions, use_cache: bool) -> Any:
    """`await run(players)` with a Ray cluster and `workers` game workers around it."""
    with ray_cluster(address, workers):
        players = await asyncio.to_thread(start_players, entries, scripts, options, workers=workers,
                                          use_cache=use_cache)
        return await run(players)
