"""Playing planned games concurrently and recording each one the moment it ends.

`Scheduler.play(games)` runs up to `concurrency` games at once on one event loop (games are
I/O-bound: model calls; all model entries share one `ModelClient`, whose per-provider limits
apply). Each game is written with its events and agent-call rows in one transaction, through one
lock, in a worker thread so the loop keeps serving the other games. Nothing is written for a
game in flight when the run is cancelled (Ctrl-C): it was not played, and a rerun plays it.

Stopping early: once the recorded cost reaches `budget_usd`, or `max_games` games were started in
this run, no new game is started; the games in flight finish and are recorded. With
`WRITE_BEHIND_FROM` (16) or more games in flight, a slot starts its next game while its last one is
being written, so a budget or a store failure is seen once that write ends: up to one more game per
slot may have started by then (they finish and are recorded, or held, like the others).

Store faults: a write that fails (a full disk, a read-only or damaged file) never cancels the other
games in flight. The game is held in memory, no new game starts, the games in flight finish, and
every held game is written as soon as a write succeeds again (at the latest once more when the run
ends). What still cannot be written raises one StoreError at the end; those games are not recorded,
so a rerun of the same plan plays them again, and nothing recorded before is lost.

A lost race: a game whose plan key another run recorded while this one played it is not recorded
(the plan key stays with the first); it is counted as discarded, and its cost in this run's cost and
in the budget, since it was paid for (`Store.record_discarded` keeps it for later runs' budgets).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from arena.agents import SeatedAgents, play_game, seat_entries, seat_timeout_s
from arena.agents.runner import DEFAULT_TIMEOUT_S, CallTiming, GameResult
from arena.engine import GameConfig
from arena.engine.events import EventBase
from arena.entries import Entry
from arena.errors import StoreError
from arena.providers.client import ModelClient
from arena.scripts.schema import Script
from arena.store import MetricScoreRecord, Store
from arena.store.records import utc_now
from arena.tournament.plan import PlannedGame
from arena.tournament.progress import NullProgress, ProgressReporter
from arena.tournament.record import GameWrite, game_write

log = logging.getLogger(__name__)
Seat = Callable[[Script, Entry, Entry, int, ModelClient | None], SeatedAgents]
# Runs after a finished game with its agents and client (post-game probes); returns the metric rows to
# store once the game is recorded, given its game id.
AfterGame = Callable[[Script, GameResult, SeatedAgents, Entry, Entry, int, ModelClient | None],
                     Awaitable[Callable[[str], list[MetricScoreRecord]]]]
ExtraRows = Callable[[str], list[MetricScoreRecord]]
PlayElsewhere = Callable[[PlannedGame], Awaitable[GameWrite]]
"""Plays one planned game in another process (`arena.tournament.ray_executor`) and returns what to record."""


WRITE_BEHIND_FROM = 16
"""With this many games in flight or more, a finished game is written while its slot plays the next one:
waiting for the write (a DuckDB connection per group of games) would leave the slot idle for tens to
hundreds of milliseconds per game. Fewer games in flight wait, so that nothing starts after a store
failure or past the budget that a finished game's write reveals."""

WRITE_BEHIND_WAIT_S = 1.0
"""How long a write-behind batch may wait for more finished games before it is written."""


class GameLost(Exception):
    """A game whose player process died before it ended: nothing is recorded, and a rerun plays it."""


@dataclass(frozen=True)
class RunOptions:
    """How to play: game settings, parallelism and when to stop."""

    rounds: int = 3
    concurrency: int = 4
    budget_usd: float | None = None
    max_games: int | None = None
    timeout_s: float = DEFAULT_TIMEOUT_S
    after_game: AfterGame | None = None  # e.g. the post-game probes of `arena tournament --probes`


@dataclass
class RunTally:
    """What this run did (mutable while it runs)."""

    played: int = 0
    cost_usd: float = 0.0
    statuses: Counter[str] = field(default_factory=Counter)
    stopped: str | None = None
    game_ids: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)  # plan keys of games lost with their worker process
    discarded: int = 0  # games played and paid for, not recorded: another run recorded their plan key first
    discarded_cost_usd: float = 0.0  # their cost (also in `cost_usd`: this run spent it)


class Scheduler:
    """Plays planned games into one store. `seat` is injectable so tests can seat scripted agents."""

    def __init__(self, store: Store, entries: Mapping[str, Entry], scripts: Mapping[str, Script],
                 options: RunOptions, *, client: ModelClient | None = None, spent_usd: float = 0.0,
                 progress: ProgressReporter | None = None, seat: Seat = seat_entries,
                 clock: Callable[[], float] = time.perf_counter, elsewhere: PlayElsewhere | None = None) -> None:
        self.store, self.entries, self.scripts, self.options = store, entries, scripts, options
        self.client, self.seat, self.clock, self.elsewhere = client, seat, clock, elsewhere
        self.progress = progress or NullProgress()
        self.spent_usd = spent_usd
        self.tally = RunTally()
        self._started = 0
        self._write_lock = asyncio.Lock()
        self._queued: list[tuple[GameWrite, asyncio.Future[bool | Exception]]] = []
        self._playing = 0  # games being played now (write-behind batches wait for them, see _gather)
        self._queued_more = asyncio.Event()
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
        """Play `games` (in order, `concurrency` at a time) until done or a stop condition holds.

        From `WRITE_BEHIND_FROM` games in flight, a slot starts its next game while its finished game is
        being written (the write still completes before `play` returns)."""
        queue = iter(games)
        behind = self.options.concurrency >= WRITE_BEHIND_FROM
        backlog = asyncio.Semaphore(self.options.concurrency)  # games played but not written yet, at most

        async def keep_behind(played: tuple[GameWrite, ExtraRows | None]) -> None:
            try:
                await self.keep(*played)
            finally:
                backlog.release()

        async def worker(group: asyncio.TaskGroup) -> None:
            while (planned := self._next(queue)) is not None:
                try:
                    if behind:
                        self._playing += 1
                        try:
                            played = await self.play_only(planned)
                        finally:
                            self._playing -= 1
                            self._queued_more.set()
                        await backlog.acquire()  # when writes fall behind by `concurrency` games, wait for them
                        group.create_task(keep_behind(played))
                    else:
                        await self.play_one(planned)
                except GameLost as exc:
                    log.warning("game %s lost with its worker process (%s); a rerun plays it", planned.plan_key, exc)
                    self.tally.lost.append(planned.plan_key)

        # The objects alive now (modules, cases, entries) stay alive for the run: frozen, the cyclic garbage
        # collector's full passes skip them instead of walking them again and again (unfrozen after).
        gc.freeze()
        try:
            async with asyncio.TaskGroup() as group:
                for _ in range(max(1, min(self.options.concurrency, len(games)))):
                    group.create_task(worker(group))
        finally:
            gc.unfreeze()
        await self.flush_unwritten(final=True)

    async def play_one(self, planned: PlannedGame) -> GameWrite:
        """Play one planned game (here, or elsewhere when the scheduler has a remote player) and record it.
        A game lost with a remote worker process raises GameLost and records nothing. The after-game rows
        (post-game probes, local games only) are stored once the game is recorded."""
        write, extra = await self.play_only(planned)
        await self.keep(write, extra)
        return write

    async def play_only(self, planned: PlannedGame) -> tuple[GameWrite, ExtraRows | None]:
        """Play one planned game, here or elsewhere, and return what to record (nothing recorded yet)."""
        if self.elsewhere is not None:
            return await self.elsewhere(planned), None
        return await play_planned_with_extra(planned, self.scripts, self.entries, self.options, self.client,
                                             self.seat, self.clock)

    async def keep(self, write: GameWrite, extra: ExtraRows | None) -> None:
        """Record a played game, then its after-game rows once it is recorded."""
        await self.record(write)
        if extra is not None and not any(w is write for w in self.unwritten):
            await self._write_extra(extra(write.game.game_id))

    async def _write_extra(self, rows: list[MetricScoreRecord]) -> None:
        """Store the after-game rows of a recorded game; a failure is logged, never stops the tournament."""
        try:
            async with self._write_lock:
                await asyncio.to_thread(self.store.record_metric_scores, rows)
        except Exception as exc:  # noqa: BLE001 - the game itself is recorded; only its probe rows are lost
            log.error("after-game rows could not be recorded: %s", exc)

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

    def _write_batch(self, writes: Sequence[GameWrite]) -> list[bool | Exception]:
        """Write `writes` (in a worker thread): one alone as `record_game`, several over one connection."""
        if len(writes) == 1:
            try:
                return [self.store.record_game(writes[0].game, writes[0].events, writes[0].calls)]
            except Exception as exc:  # noqa: BLE001 - handed to the game's own waiter
                return [exc]
        try:
            return self.store.record_games([(w.game, w.events, w.calls) for w in writes])
        except Exception as exc:  # noqa: BLE001 - no connection: every game of the batch is held
            return [exc] * len(writes)

    async def _gather(self) -> None:
        """With write-behind, let a batch grow (up to half the slots, for at most `WRITE_BEHIND_WAIT_S`) while
        games are still being played: each batch costs one DuckDB connection (about 15 ms of CPU), and
        no slot waits for it."""
        if self.options.concurrency < WRITE_BEHIND_FROM:
            return
        deadline = asyncio.get_running_loop().time() + WRITE_BEHIND_WAIT_S
        while self._playing and len(self._queued) < self.options.concurrency // 2 and self.stop_reason() is None:
            self._queued_more.clear()
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                return
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(left):
                    await self._queued_more.wait()

    async def _write(self, write: GameWrite) -> None:
        # One writer at a time (DuckDB allows one per file); the thread keeps the other games running.
        # Group commit: whoever holds the lock writes every game queued meanwhile over one connection
        # (each game still its own transaction), so 64 games ending together do not wait 64 connects.
        # shield: once a game is being written, a Ctrl-C lets that write finish rather than half-track it.
        outcome: asyncio.Future[bool | Exception] = asyncio.get_running_loop().create_future()
        self._queued.append((write, outcome))
        self._queued_more.set()
        async with self._write_lock:
            if not outcome.done():
                await self._gather()
                batch, self._queued = self._queued, []
                results: list[bool | Exception] = []
                try:
                    results = await asyncio.shield(asyncio.to_thread(self._write_batch, [w for w, _ in batch]))
                finally:  # cancelled meanwhile: the waiters of this batch are cancelled with the run
                    for (_, waiting), result in zip(batch, results, strict=False):
                        waiting.set_result(result)
                    for _, waiting in batch:
                        if not waiting.done():
                            waiting.cancel()
        fresh = outcome.result()
        if isinstance(fresh, Exception):
            raise fresh
        if not fresh:
            await self._discard(write)  # finished meanwhile under the same plan key (another run)
            return
        game = write.game
        self.spent_usd += game.cost_usd
        self.tally.played += 1
        self.tally.cost_usd += game.cost_usd
        self.tally.statuses[game.status] += 1
        self.tally.game_ids.append(game.game_id)
        self.progress.recorded(game, self.spent_usd)

    async def _discard(self, write: GameWrite) -> None:
        """A game that lost the race for its plan key: not recorded, not rated, but its cost was spent, so
        it counts for this run's cost and the budget, and is kept in the store's `discarded_games`."""
        try:
            async with self._write_lock:
                kept = await asyncio.to_thread(self.store.record_discarded, write.game, write.calls)
        except Exception as exc:  # noqa: BLE001 - the accounting row is lost, the money is still counted here
            log.error("game %s was discarded (its plan key was recorded by another run) and could not be "
                      "accounted for in the store: %s", write.game.game_id, exc)
            kept = True
        if not kept:
            return  # the game itself (or its discard) was recorded already: nothing more was spent
        game = write.game
        log.warning("game %s discarded: plan key %s was recorded by another run first (cost $%.4f counted)",
                    game.game_id, game.plan_key, game.cost_usd)
        self.spent_usd += game.cost_usd
        self.tally.discarded += 1
        self.tally.discarded_cost_usd += game.cost_usd
        self.tally.cost_usd += game.cost_usd


async def play_planned(planned: PlannedGame, scripts: Mapping[str, Script], entries: Mapping[str, Entry],
                       options: RunOptions, client: ModelClient | None, seat: Seat = seat_entries,
                       clock: Callable[[], float] = time.perf_counter) -> GameWrite:
    """Play one planned game (an exception becomes an `error` game) and return what to record."""
    write, _ = await play_planned_with_extra(planned, scripts, entries, options, client, seat, clock)
    return write


async def play_planned_with_extra(planned: PlannedGame, scripts: Mapping[str, Script], entries: Mapping[str, Entry],
                                  options: RunOptions, client: ModelClient | None, seat: Seat = seat_entries,
                                  clock: Callable[[], float] = time.perf_counter
                                  ) -> tuple[GameWrite, ExtraRows | None]:
    """`play_planned`, plus the rows `options.after_game` makes of a finished game (None without it)."""
    script = scripts[planned.script.script_id]
    civilians, murderer = entries[planned.civilians], entries[planned.murderer]
    events: list[EventBase] = []
    timings: list[CallTiming] = []
    started, error, extra = utc_now(), None, None
    try:
        seated = seat(script, civilians, murderer, planned.seed, client)
        timeout_s = seat_timeout_s(civilians, murderer, client, options.timeout_s)
        config = GameConfig(rounds=options.rounds, **dict(planned.options))  # the plan's game options, e.g. key clues
        result = await play_game(script, seated, config, planned.seed, timeout_s=timeout_s, clock=clock,
                                 on_event=events.append, on_timing=timings.append)
        if options.after_game is not None and result.status == "finished":
            extra = await options.after_game(script, result, seated, civilians, murderer, planned.seed, client)
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # noqa: BLE001 - one broken game is recorded as data; the tournament goes on
        error = exc
    return game_write(planned, events, script=planned.script, seed=planned.seed, civilians=planned.civilians,
                      murderer=planned.murderer, started_at=started, error=error,
                      latencies=[t.latency_ms for t in timings]), extra
