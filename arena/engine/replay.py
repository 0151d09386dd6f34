"""Replay an event log: rebuild the actions it records, apply them again, and check every event.

Replaying is how a log is verified: the script must hash to the recorded value, and applying the
recorded decisions to a fresh game must reproduce the recorded engine events one for one. Events
the runner adds around agent calls (observation, agent_call, invalid_output) are not game state
and are skipped.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.engine import actions as A
from arena.engine.events import (
    ENGINE_EVENT_TYPES,
    ActionEvent,
    AnswerEvent,
    EventBase,
    GameStarted,
    ReasoningEvent,
    SeatingEvent,
    Utterance,
    VoteEvent,
)
from arena.engine.rules import ENGINE_VERSION, script_hash
from arena.engine.state import GameState, Seating
from arena.engine.transitions import apply, initial_state, opening_events
from arena.errors import GameError, LogError
from arena.scripts.schema import Script

# `truncated` says whether the agent's original text was cut; replay only sees the cut text.
_IGNORED_FIELDS = {"truncated"}


def action_of(event: EventBase) -> A.Action | None:
    """The action a decision event records, or None for events that are consequences."""
    if isinstance(event, Utterance):
        return A.Introduce(role=event.role, text=event.text, forfeit=event.forfeit)
    if isinstance(event, ActionEvent):
        if event.action == "ask":
            return A.Ask(role=event.role, speech=event.speech, target=event.target or "",
                         question=event.question or "", forfeit=event.forfeit)
        if event.action == "investigate":
            return A.Investigate(role=event.role, speech=event.speech, location=event.location or "",
                                 forfeit=event.forfeit)
        return A.Pass(role=event.role, speech=event.speech, forfeit=event.forfeit)
    if isinstance(event, AnswerEvent):
        return A.Answer(role=event.role, text=event.text, forfeit=event.forfeit)
    if isinstance(event, ReasoningEvent):
        return A.Reason(role=event.role, suspect=event.suspect, method=event.method, motive=event.motive,
                        forfeit=event.forfeit)
    if isinstance(event, VoteEvent):
        return A.Vote(role=event.role, target=event.target, forfeit=event.forfeit)
    return None


def _same(a: EventBase, b: EventBase) -> bool:
    return a.model_dump(exclude=_IGNORED_FIELDS) == b.model_dump(exclude=_IGNORED_FIELDS)


def game_header(events: Sequence[EventBase]) -> tuple[GameStarted, SeatingEvent]:
    started = next((e for e in events if isinstance(e, GameStarted)), None)
    seating = next((e for e in events if isinstance(e, SeatingEvent)), None)
    if started is None or seating is None:
        raise LogError("the log has no game_started or seating event")
    return started, seating


def replay(events: Sequence[EventBase], script: Script) -> GameState:
    """The final state the log leads to; LogError if the script or any event does not match."""
    started, seating = game_header(events)
    if script_hash(script) != started.script_hash:
        raise LogError(f"script {script.id!r} does not match the log (content hash differs): the case has changed "
                       "since the game was played")
    if started.engine_version > ENGINE_VERSION:
        raise LogError(f"the log was written by engine version {started.engine_version}, this is version "
                       f"{ENGINE_VERSION}; upgrade whodunit-arena to replay it")
    state = initial_state(script, Seating(civilians=seating.civilians, murderer=seating.murderer),
                          started.config, started.seed, started.engine_version)
    recorded = [e for e in events if e.type in ENGINE_EVENT_TYPES]  # type: ignore[attr-defined]
    expected = opening_events(state)
    position = 0
    while True:
        for produced in expected:
            if position >= len(recorded) or not _same(produced, recorded[position]):
                got = recorded[position].model_dump_json() if position < len(recorded) else "end of log"
                raise LogError(f"replay diverges at engine event {position}: expected "
                               f"{produced.model_dump_json()}, log has {got}")
            position += 1
        if position >= len(recorded):
            return state
        action = action_of(recorded[position])
        if action is None:
            raise LogError(f"engine event {position} ({recorded[position].model_dump_json()[:200]}) is not a decision")
        try:
            state, expected = apply(state, action)
        except GameError as exc:
            raise LogError(f"engine event {position} records an illegal action: {exc}") from exc
