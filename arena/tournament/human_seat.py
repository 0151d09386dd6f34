"""A person at the table: start a game in one role, act, pause for the models, resume after a reload, record.

    seat = HumanSeat(SessionLog(db))
    session_id = seat.start(new_spec("Ada", script, "fern", opponents, teammates, seed=7))
    step = asyncio.run(advance(spec, script, moves))   # Paused(observation, state) or Finished(result)
    seat.act(session_id, step, {"introduction": "..."})  # validated by the engine, then stored
    seat.finish(session_id, spec, script, step)         # recorded like any game, as human/Ada

The game is never kept in memory between requests: `advance` plays it again from the start through
the same runner the arena uses (`arena.agents.play_game`), with the person's stored moves given by
a `HumanAgent` and the other seats by the chosen entries' agents (built-in agents are seeded per
game and role; model requests are seeded per step and answered by the response cache on a
replay). So a reload, a restart of the server or another browser recovers the game from the
store. The person's faction is recorded as entry `human/<name>`; the other roles of that faction
(teammates) are played by the `teammates` entry, whose agent calls are charged to it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from arena.agents.base import Agent
from arena.agents.human import AwaitingHuman, HumanAgent, HumanReplayError
from arena.agents.registry import agent_for_entry
from arena.agents.runner import DEFAULT_TIMEOUT_S, CallTiming, GameResult, SeatedAgents, play_game
from arena.engine.events import EventBase
from arena.engine.observation import Observation
from arena.engine.parsing import OutputError, parse_output
from arena.engine.replay import replay
from arena.engine.rules import GameConfig, script_hash
from arena.engine.state import GameState, Seating, culprit_roles
from arena.entries import Entry, load_entries, trusted_entry
from arena.errors import ConfigError, GameError, ScriptError
from arena.providers.client import ModelClient
from arena.providers.pricing import Price
from arena.scripts.loader import discover_scripts, load_script
from arena.scripts.schema import Script
from arena.store.records import EntryRecord, utc_now
from arena.store.sessions import HUMAN_PREFIX, SessionLog, human_entry, human_entry_id
from arena.tournament.record import GameWrite, game_write, record_single_game, script_ref

EventSink = Callable[[EventBase], None]


class SeatSpec(BaseModel):
    """What a session needs to replay its game: stored as the session's `start` row."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    player: str
    script_id: str
    script_hash: str
    role: str
    opponents: dict[str, Any]
    teammates: dict[str, Any]
    seed: int
    rounds: int = 3
    started_at: datetime

    @property
    def opponents_entry(self) -> Entry:
        """The opponents' entry as the owner defines it (`seat_entry`): stored settings never dial a model."""
        return seat_entry(self.opponents)

    @property
    def teammates_entry(self) -> Entry:
        return seat_entry(self.teammates)

    def faction(self, script: Script) -> str:
        return "murderer" if self.role in culprit_roles(script) else "civilians"

    def seating(self, script: Script) -> Seating:
        human, other = self.player, Entry.model_validate(self.opponents).entry_id  # an id to record, not to dial
        return Seating(civilians=other, murderer=human) if self.faction(script) == "murderer" \
            else Seating(civilians=human, murderer=other)


def seat_entry(stored: Mapping[str, Any]) -> Entry:
    """The entry to play for one stored in a session: the owner's entry with the same id (entries file or
    built-ins), or the stored one if it is offline; ConfigError otherwise. A session row is data in a database
    file that anyone may have written, so its `base_url` and `api_key_env` are never used to call a model."""
    try:
        described = Entry.model_validate(dict(stored))
    except ValidationError as exc:
        raise ConfigError(f"a play session stores an entry that is not valid ({exc.errors()[0]['msg']}); "
                          "start a new game") from None
    return trusted_entry(described, load_entries())


def new_spec(player_name: str, script: Script, role: str, opponents: Entry, teammates: Entry, seed: int,
             rounds: int = 3) -> SeatSpec:
    """A new session's spec; GameError for an unknown role, StoreError for a bad name."""
    if role not in script.role_ids:
        raise GameError(f"case {script.id!r} has no role {role!r} (roles: {', '.join(script.role_ids)})")
    return SeatSpec(player=human_entry_id(player_name), script_id=script.id, script_hash=script_hash(script),
                    role=role, opponents=opponents.model_dump(exclude={"entry_id"}),
                    teammates=teammates.model_dump(exclude={"entry_id"}),
                    seed=seed, rounds=rounds, started_at=utc_now())


def installed_cases(folder: str | None = None) -> dict[str, Script]:
    """Every valid case under `folder` (default: the scripts folder), by id; invalid ones are left out."""
    cases: dict[str, Script] = {}
    for path in discover_scripts(folder):
        try:
            script = load_script(path)
        except ScriptError:
            continue
        cases[script.id] = script
    return cases


def load_case(spec: SeatSpec, cases: Mapping[str, Script] | None = None) -> Script:
    """The session's case among `cases` (default: the installed ones); ScriptError when it is gone or changed."""
    script = (installed_cases() if cases is None else cases).get(spec.script_id)
    if script is None:
        raise ScriptError(f"case {spec.script_id!r} is not installed (set ARENA_SCRIPTS to its folder's parent)")
    if script_hash(script) != spec.script_hash:
        raise ScriptError(f"case {spec.script_id!r} has changed since this game started, so it cannot be resumed; "
                          "start a new game")
    return script


@dataclass(frozen=True)
class Paused:
    """The game waits for the person: what the seat sees (its `decision` is set) and the engine state."""

    observation: Observation
    state: GameState
    moves_used: int
    events: tuple[EventBase, ...]
    timings: tuple[CallTiming, ...] = ()  # the calls' latencies so far (telemetry, not in the events)


@dataclass(frozen=True)
class Finished:
    """The game is over. `prices` (by entry id) prices the model entries' calls when it is recorded."""

    result: GameResult
    prices: Mapping[str, Price | None] = field(default_factory=dict)


Step = Paused | Finished


def seat_agents(spec: SeatSpec, script: Script, person: HumanAgent, client: ModelClient | None) -> SeatedAgents:
    """The person's seat plus one agent per other role: teammates for the person's faction, opponents else."""
    culprits, human_side = culprit_roles(script), spec.role in culprit_roles(script)
    agents: dict[str, Agent] = {}
    for role in script.role_ids:
        if role == spec.role:
            agents[role] = person
        else:
            entry = spec.teammates_entry if (role in culprits) == human_side else spec.opponents_entry
            agents[role] = agent_for_entry(entry, role, spec.seed, client)
    return SeatedAgents(seating=spec.seating(script), agents=agents)


async def advance(spec: SeatSpec, script: Script, moves: list[dict[str, Any]], on_event: EventSink | None = None,
                  timeout_s: float = DEFAULT_TIMEOUT_S) -> Step:
    """Play the game from the start with the person's `moves` until it needs the next one, or ends."""
    models = [e for e in (spec.opponents_entry, spec.teammates_entry) if not e.is_builtin]
    if not models:
        return await _play(spec, script, moves, None, on_event, timeout_s)
    async with ModelClient(use_cache=True) as client:
        client.check_entries(*models)
        timeout_s = max([timeout_s, *(client.call_budget_s(e) for e in models)])
        return await _play(spec, script, moves, client, on_event, timeout_s)


async def _play(spec: SeatSpec, script: Script, moves: list[dict[str, Any]], client: ModelClient | None,
                on_event: EventSink | None, timeout_s: float) -> Step:
    events: list[EventBase] = []

    def sink(event: EventBase) -> None:
        events.append(event)
        if on_event is not None:
            on_event(event)

    person = HumanAgent(moves)
    seated = seat_agents(spec, script, person, client)
    timings: list[CallTiming] = []
    try:
        result = await play_game(script, seated, GameConfig(rounds=spec.rounds), spec.seed, timeout_s=timeout_s,
                                 clock=person.clock, on_event=sink, on_timing=timings.append)
    except AwaitingHuman as pause:
        return Paused(pause.observation, replay(events, script), pause.moves_used, tuple(events), tuple(timings))
    except HumanReplayError as exc:
        raise exc.as_error() from None
    models = (e for e in (spec.opponents_entry, spec.teammates_entry) if not e.is_builtin)
    return Finished(result, {e.entry_id: client.price(e) for e in models} if client is not None else {})


def check_move(paused: Paused, move: Mapping[str, Any], thinking_ms: float = 0.0) -> dict[str, Any]:
    """The move as stored (with the decision kind it answers and the person's thinking time) if the engine
    accepts it; GameError saying why not otherwise (nothing is stored then)."""
    decision = paused.observation.decision
    if decision is None:
        raise GameError("it is not this seat's turn")
    try:
        parse_output(dict(move), decision, paused.state)
    except OutputError as exc:
        raise GameError(f"move refused ({exc.status}): {exc.message}") from None
    return {**move, "_kind": decision.kind.value, "_ms": round(max(0.0, thinking_ms), 1)}


class HumanSeat:
    """Sessions of people playing, kept in the store through `SessionLog` (the store's writer)."""

    def __init__(self, log: SessionLog) -> None:
        self.log = log

    def start(self, spec: SeatSpec) -> str:
        session_id = uuid.uuid4().hex[:20]
        self.log.start(session_id, spec.model_dump(mode="json"))
        return session_id

    def spec(self, session_id: str) -> tuple[SeatSpec, list[dict[str, Any]], str | None]:
        """(spec, moves so far, recorded game id or None); GameError for an unknown session."""
        stored = self.log.load(session_id)
        if stored is None:
            raise GameError(f"no play session {session_id!r} in {self.log.path}; start a new game")
        return SeatSpec.model_validate(stored.spec), list(stored.moves), stored.game_id

    def act(self, session_id: str, paused: Paused, move: Mapping[str, Any], thinking_ms: float = 0.0) -> bool:
        """Validate and store the person's next move (and how long they took over it, logged as the call's
        latency); False when that move was stored already."""
        return self.log.add_move(session_id, paused.moves_used, check_move(paused, move, thinking_ms))

    def finish(self, session_id: str, spec: SeatSpec, script: Script, finished: Finished) -> str:
        """Record the finished game (idempotent: its id derives from the session) and close the session."""
        write = session_write(session_id, spec, script, finished)
        entries = [human_entry(spec.player.removeprefix(HUMAN_PREFIX)),
                   *(EntryRecord.from_entry(e) for e in (spec.opponents_entry, spec.teammates_entry))]
        game_id = record_single_game(self.log.store, write, entries, script)
        self.log.end(session_id, game_id)
        return game_id


def session_write(session_id: str, spec: SeatSpec, script: Script, finished: Finished) -> GameWrite:
    """The game's records, with the game id `g-<session id>` and teammates' calls charged to their entry.

    Each model call was paid once, in the replay that first reached it; the final replay got most
    answers from the response cache, which the client reports at no cost. So model calls are priced
    here from their tokens at the entry's price (no prompt-cache discount), as they were when made.
    """
    seating = spec.seating(script)
    write = game_write(None, finished.result.events, script=script_ref(script), seed=spec.seed,
                       civilians=seating.civilians, murderer=seating.murderer, started_at=spec.started_at,
                       latencies=[t.latency_ms for t in finished.result.timings])
    game_id, mates = "g-" + session_id, spec.teammates_entry.entry_id
    calls = []
    for call in write.calls:
        entry_id = mates if call.entry_id == spec.player and call.role != spec.role else call.entry_id
        price = finished.prices.get(entry_id)
        cost = price.cost(call.prompt_tokens, call.completion_tokens) if price is not None else call.cost_usd
        calls.append(call.model_copy(update={"game_id": game_id, "entry_id": entry_id, "cost_usd": cost}))
    game = write.game.model_copy(update={"game_id": game_id, "cost_usd": sum(c.cost_usd for c in calls)})
    return GameWrite(game, write.events, calls)
