"""Playing planned games concurrently and recording each one the moment it ends.

`Scheduler.play(games)` runs up to `concurrency` games at once on one event loop (games are
I/O-bound: model calls; all model entries share one `ModelClient`, whose per-provider limits
apply). Each game is written with its events and agent-call rows in one transaction, through one
lock, in a worker thread so the loop keeps serving the other games. Nothing is written for a
game in flight when the run is cancelled (Ctrl-C): it was not played, and a rerun plays it.

Stopping early: once the recorded cost reaches `budget_usd`, or `max_games` games were started in
this run, no new game is started; the games in flight finish and are recorded.

Store faults: a write that fails (a full disk, a read-only or damaged file) never cancels the other
games in flight. The game is held in memory, no new game starts, the games in flight finish, and
every held game is written as soon as a write succeeds again (at the latest once more when the run
ends). What still cannot be written raises one StoreError at the end; those games are not recorded,
so a rerun of the same plan plays them again, and nothing recorded before is lost.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from arena.agents import SeatedAgents, play_game, seat_entries, seat_timeout_s
from arena.agents.runner import DEFAULT_TIMEOUT_S, CallTiming
from arena.engine import GameConfig
from arena.engine.events import EventBase
from arena.entries import Entry
from arena.errors import StoreError
from arena.providers.client import ModelClient
from arena.scripts.schema import Script
from arena.tournament.plan import PlannedGame
from arena.tournament.progress import NullProgress, ProgressReporter
from arena.tournament.record import GameWrite, game_write
from leaderboard.store import Store
from leaderboard.store.records import utc_now

log = logging.getLogger(__name__)
Seat = Callable[[Script, Entry, Entry, int, ModelClient | None], SeatedAgents]


@dataclass(frozen=True)
class RunOptions:
    """How to play: game settings, parallelism and when to stop."""

    rounds: int = 3
    concurrency: int = 4
    budget_usd: float | None = None
    max_games: int | None = None
    timeout_s: float = DEFAULT_TIMEOUT_S


@dataclass
class RunTally:
    """What this run did (mutable while it runs)."""

    played: int = 0
    cost_usd: float = 0.0
    statuses: Counter[str] = field(default_factory=Counter)
    stopped: str | None = None
    game_ids: list[str] = field(default_factory=list)


class Scheduler:
    """Plays planned games into one store. `seat` is injectable so tests can seat scripted agents."""

    def __init__(self, store: Store, entries: Mapping[str, Entry], scripts: Mapping[str, Script],
                 options: RunOptions, *, client: ModelClient | None = None, spent_usd: float = 0.0,
                 progress: ProgressReporter | None = None, seat: Seat = seat_entries,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.store, self.entries, self.scripts, self.options = store, entries, scripts, options
        self.client, self.seat, self.clock = client, seat, clock
        self.progress = progress or NullProgress()
        self.spent_usd = spent_usd
        self.tally = RunTally()
        self._started = 0
        self._write_lock = asyncio.Lock()
        self.unwritten: list[GameWrite] = []
        self.write_error: StoreError | None = None

    def stop_reason(self) -> str | None:
        """Why no new game may start now (None: go on)."""
        budget, limit = self.options.budget_usd, self.options.max_games
        if self.write_error is not None:
            return "store_error"
        if budget is not None and self.spent_usd >= budget:
            return "budget"
        if limit is not None and self._started >= limit:
            return "max_games"
        return None

    def _next(self, queue: Iterator[PlannedGame]) -> PlannedGame | None:
        if (reason := self.stop_reason()) is not None:
            self.tally.stopped = self.tally.stopped or reason
            return None
        game = next(queue, None)
        if game is not None:
            self._started += 1
        return game

    async def play(self, games: Sequence[PlannedGame]) -> None:
        """Play `games` (in order, `concurrency` at a time) until done or a stop condition holds."""
        queue = iter(games)

        async def worker() -> None:
            while (planned := self._next(queue)) is not None:
                await self.play_one(planned)

        async with asyncio.TaskGroup() as group:
            for _ in range(max(1, min(self.options.concurrency, len(games)))):
                group.create_task(worker())
        await self.flush_unwritten(final=True)

    async def play_one(self, planned: PlannedGame) -> GameWrite:
        """Play one planned game (an exception becomes an `error` game) and record it."""
        script = self.scripts[planned.script.script_id]
        civilians, murderer = self.entries[planned.civilians], self.entries[planned.murderer]
        events: list[EventBase] = []
        timings: list[CallTiming] = []
        started, error = utc_now(), None
        try:
            seated = self.seat(script, civilians, murderer, planned.seed, self.client)
            timeout_s = seat_timeout_s(civilians, murderer, self.client, self.options.timeout_s)
            await play_game(script, seated, GameConfig(rounds=self.options.rounds), planned.seed,
                            timeout_s=timeout_s, clock=self.clock, on_event=events.append, on_timing=timings.append)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - one broken game is recorded as data; the tournament goes on
            error = exc
        write = game_write(planned, events, script=planned.script, seed=planned.seed, civilians=planned.civilians,
                           murderer=planned.murderer, started_at=started, error=error,
                           latencies=[t.latency_ms for t in timings])
        await self.record(write)
        return write

    async def record(self, write: GameWrite) -> None:
        """Write one game (held for later when the store fails), then any games held before it."""
        try:
            await self._write(write)
        except Exception as exc:  # noqa: BLE001 - whatever the store raised, the other games go on
            self._hold(write, exc)
            return
        await self.flush_unwritten()

    async def flush_unwritten(self, *, final: bool = False) -> None:
        """Write the held games; with `final`, raise one StoreError for those that still cannot be."""
        held, self.unwritten = self.unwritten, []
        for write in held:
            try:
                await self._write(write)
            except Exception as exc:  # noqa: BLE001 - held again; reported once at the end
                self._hold(write, exc)
        if final and self.unwritten and self.write_error is not None:
            raise StoreError(f"{len(self.unwritten)} game(s) played in this run could not be recorded: "
                             f"{self.write_error} -- games recorded before are kept; once the store is fixed, "
                             "rerun the same command to play the missing games") from self.write_error

    def _hold(self, write: GameWrite, exc: Exception) -> None:
        unexpected = not isinstance(exc, StoreError)  # not a known store fault: keep its traceback in the log
        log.error("game %s could not be recorded (held, no new game starts): %s", write.game.game_id, exc,
                  exc_info=unexpected)
        self.unwritten.append(write)
        self.write_error = exc if isinstance(exc, StoreError) else StoreError(f"{type(exc).__name__}: {exc}")
        self.tally.stopped = self.tally.stopped or "store_error"

    async def _write(self, write: GameWrite) -> None:
        # One writer at a time (DuckDB allows one per file); the thread keeps the other games running.
        # shield: once a game is being written, a Ctrl-C lets that write finish rather than half-track it.
        async with self._write_lock:
            fresh = await asyncio.shield(asyncio.to_thread(self.store.record_game, write.game, write.events,
                                                           write.calls))
        if not fresh:
            return  # finished meanwhile under the same plan key (another run): not counted twice
        game = write.game
        self.spent_usd += game.cost_usd
        self.tally.played += 1
        self.tally.cost_usd += game.cost_usd
        self.tally.statuses[game.status] += 1
        self.tally.game_ids.append(game.game_id)
        self.progress.recorded(game, self.spent_usd)
