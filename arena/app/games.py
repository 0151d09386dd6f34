"""Play and record one game outside a tournament (`arena play`): seat the entries, play, run the after-game
hook with the game's agents and client, write the event log and record the game in the store."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from arena.agents import GameResult, play_game, seat_entries, seat_timeout_s
from arena.engine import GameConfig, write_jsonl
from arena.engine.events import EventBase
from arena.entries import Entry
from arena.errors import ConfigError
from arena.providers.client import ModelClient
from arena.scripts.loader import find_script, load_script
from arena.scripts.schema import Script
from arena.store import EntryRecord, Store
from arena.tournament.record import game_write, record_single_game, script_ref
from arena.tournament.run import AfterGame, ExtraRows


def resolve_script(ref: str) -> Script:
    """A case by folder/file path, else by id or folder name among the bundled cases."""
    path = Path(ref)
    return load_script(path if path.exists() else find_script(ref))


@dataclass(frozen=True)
class PlayedGame:
    """A game played by `play_entries`, and the rows its after-game hook asks to store (given the game id)."""

    result: GameResult
    extra_rows: ExtraRows | None = None


def check_log_path(out_file: Path | None) -> None:
    """An explicit log path that exists is refused before the game: an earlier event log is never overwritten."""
    if out_file is not None and out_file.exists():
        raise ConfigError(f"--out {out_file}: the file exists and event logs are never overwritten; "
                          "choose another path, or leave --out out for runs/<script>-<seed>-<game id>.jsonl")


async def play_entries(case: Script, civilians: Entry, murderer: Entry, seed: int, config: GameConfig,
                       timeout: float, on_event: Callable[[EventBase], None] | None = None, no_cache: bool = False,
                       ready: Callable[[], None] = lambda: None, after: AfterGame | None = None) -> PlayedGame:
    """Seat the two entries (model entries share one client) and play the game. `ready` runs once the
    entries are checked (provider known, key set) and before the first call: it opens the store. `after`
    runs once the game is over, with the same agents and client (post-game probes)."""
    if civilians.is_builtin and murderer.is_builtin:
        ready()
        seated = seat_entries(case, civilians, murderer, seed)
        result = await play_game(case, seated, config, seed, timeout_s=timeout, on_event=on_event)
        rows = None if after is None else await after(case, result, seated, civilians, murderer, seed, None)
        return PlayedGame(result, rows)
    async with ModelClient(use_cache=not no_cache) as client:
        client.check_entries(civilians, murderer)
        ready()
        seated = seat_entries(case, civilians, murderer, seed, client)
        timeout = seat_timeout_s(civilians, murderer, client, timeout)
        result = await play_game(case, seated, config, seed, timeout_s=timeout, on_event=on_event)
        rows = None if after is None else await after(case, result, seated, civilians, murderer, seed, client)
        return PlayedGame(result, rows)


@dataclass(frozen=True)
class RecordedGame:
    log: Path
    game_id: str | None  # None when the game was not recorded (no store)


def keep_game(played: PlayedGame, case: Script, civilians: Entry, murderer: Entry, seed: int, started: datetime,
              store: Store | None, log: Path | None = None) -> RecordedGame:
    """Write the event log (default runs/<script>-<seed>-<game id>.jsonl, never overwritten) and, with a store,
    record the game, its entries and case, then the after-game hook's rows."""
    result = played.result
    write = game_write(None, result.events, script=script_ref(case), seed=seed, civilians=civilians.entry_id,
                       murderer=murderer.entry_id, started_at=started, latencies=[t.latency_ms for t in result.timings])
    path = write_jsonl(log or Path("runs") / f"{case.id}-{seed}-{write.game.game_id}.jsonl", result.events)
    if store is None:
        return RecordedGame(path, None)
    game_id = record_single_game(store, write, [EntryRecord.from_entry(e) for e in (civilians, murderer)], case)
    if played.extra_rows is not None:
        store.record_metric_scores(played.extra_rows(game_id))
    return RecordedGame(path, game_id)
