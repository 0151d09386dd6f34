"""From a played (or failed) game to store records: the game row, its events and its agent-call rows.

A finished or aborted game is recorded with its full event log; tokens and cost are the sums
over its `agent_call` events, and each of those becomes an `agent_calls` row charged to the entry
that played the caller's faction (no prompt, no key, no error text). A game that raised while
being played is recorded with status `error`, the exception's message as `abort_reason`, and the
events logged up to the failure; like an aborted game it gets no winner and never counts for
ratings. An aborted game's `abort_reason` also names the last provider failure of its log (cause and
endpoint), which the board's replay header shows.

Every game also records, per side, how many decisions the side made and how many it forfeited,
split by cause (`forfeit_counts`): provider failures (the model never answered: api_error,
timeout, context_limit, refused_or_blocked) apart from the model's own faults (parse_error,
invalid_action). A finished game with provider forfeits does not claim its plan key, so a rerun
of the tournament plays it again; the ratings leave it out by default (`leaderboard.ratings.games`).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from arena.agents.runner import abort_reason
from arena.engine.actions import OWN_FAULTS, PROVIDER_FAILURES
from arena.engine.events import (
    ActionEvent,
    AgentCall,
    AnswerEvent,
    EventBase,
    ReasoningEvent,
    SeatingEvent,
    Utterance,
    VoteEvent,
)
from arena.engine.rules import script_hash
from arena.scripts.schema import Script
from arena.store import Store
from arena.store.records import AgentCallRecord, EntryRecord, GameRecord, ScriptRecord, utc_now
from arena.tournament.plan import PlannedGame, ScriptRef

ERROR_STATUS = "error"
MESSAGE_LIMIT = 500


@dataclass(frozen=True)
class GameWrite:
    """Everything one `Store.record_game` call writes for one game, in one transaction."""

    game: GameRecord
    events: Sequence[EventBase]
    calls: Sequence[AgentCallRecord]


def script_ref(script: Script) -> ScriptRef:
    return ScriptRef(script.id, script_hash(script))


def script_record(script: Script) -> ScriptRecord:
    """The `scripts` row of a case (id + content hash and its sizes)."""
    culprits = [r for r in script.roles if r.culprit] or script.culprits
    source = script.metadata.get("source")
    return ScriptRecord(script_id=script.id, content_hash=script_hash(script), title=script.title,
                        n_roles=len(script.roles), n_culprits=max(1, len(culprits)), n_clues=len(script.clues),
                        n_images=sum(1 for c in script.clues if c.image is not None),
                        n_questions=len(script.questions), language=script.language,
                        source=str(source) if source is not None else None)


def new_game_id() -> str:
    return "g-" + uuid.uuid4().hex[:20]


def agent_call_rows(game_id: str, events: Sequence[EventBase], civilians: str, murderer: str,
                    created_at: datetime, latencies: Sequence[float] = ()) -> list[AgentCallRecord]:
    """One accounting row per `agent_call` event, charged to the entry seated in the caller's faction;
    `latencies` are the runner's call timings in the same order (telemetry, not in the event log)."""
    factions: dict[str, str] = {}
    rows: list[AgentCallRecord] = []
    for event in events:
        if isinstance(event, SeatingEvent):
            factions = dict(event.factions)
        elif isinstance(event, AgentCall):
            entry = murderer if factions.get(event.role) == "murderer" else civilians
            n = len(rows)
            latency = latencies[n] if n < len(latencies) else (event.latency_ms or 0.0)
            rows.append(AgentCallRecord(
                game_id=game_id, entry_id=entry, role=event.role, kind=event.decision, status=event.status,
                latency_ms=max(0.0, latency), prompt_tokens=event.input_tokens or 0,
                completion_tokens=event.output_tokens or 0, cost_usd=event.cost_usd or 0.0, cached=event.cached,
                cached_prompt_tokens=event.cached_prompt_tokens or 0, created_at=created_at))
    return rows


DECISION_EVENTS = (Utterance, ActionEvent, AnswerEvent, ReasoningEvent, VoteEvent)


def forfeit_counts(events: Sequence[EventBase]) -> dict[str, int]:
    """`{side}_decisions`, `{side}_provider_forfeits`, `{side}_own_forfeits` for both sides (GameRecord fields)."""
    counts = {f"{side}_{kind}": 0 for side in ("civilians", "murderer")
              for kind in ("decisions", "provider_forfeits", "own_forfeits")}
    factions: dict[str, str] = {}
    for event in events:
        if isinstance(event, SeatingEvent):
            factions = dict(event.factions)
        elif isinstance(event, DECISION_EVENTS) and event.role in factions:
            side = factions[event.role]
            counts[f"{side}_decisions"] += 1
            if event.forfeit in PROVIDER_FAILURES:
                counts[f"{side}_provider_forfeits"] += 1
            elif event.forfeit in OWN_FAULTS:
                counts[f"{side}_own_forfeits"] += 1
    return counts


def outcome_of(events: Sequence[EventBase]) -> tuple[str, str | None, dict[str, int], str | None]:
    """(status, winner, votes, abort reason) from the `game_ended` event; `error` when there is none."""
    ended = next((e for e in reversed(events) if e.type == "game_ended"), None)  # type: ignore[attr-defined]
    if ended is None:
        return ERROR_STATUS, None, {}, "the game ended without a game_ended event"
    outcome = ended.outcome  # type: ignore[attr-defined]
    if outcome.status == "finished" and outcome.winner in ("civilians", "murderer", "tie"):
        return "finished", outcome.winner, dict(outcome.votes), None
    # what the forfeits died of (cause and endpoint), for the replay header
    return outcome.status, None, dict(outcome.votes), abort_reason(outcome.reason, events)[:MESSAGE_LIMIT]


def game_write(planned: PlannedGame | None, events: Sequence[EventBase], *, script: ScriptRef, seed: int,
               civilians: str, murderer: str, started_at: datetime, error: BaseException | None = None,
               latencies: Sequence[float] = ()) -> GameWrite:
    """The records of one game; `planned` is None for a game outside any tournament (`arena play`);
    `latencies` are the call timings of `GameResult.timings` (ms, in call order)."""
    game_id, finished_at = new_game_id(), utc_now()
    status, winner, votes, reason = outcome_of(events)
    if error is not None:
        status, winner = ERROR_STATUS, None
        reason = f"{type(error).__name__}: {error}"[:MESSAGE_LIMIT]
    calls = agent_call_rows(game_id, events, civilians, murderer, finished_at, latencies)
    game = GameRecord(
        game_id=game_id, script_id=script.script_id, script_hash=script.script_hash, seed=seed,
        civilians_entry=civilians, murderer_entry=murderer, status=status, winner=winner,  # type: ignore[arg-type]
        votes=votes, match_id=planned.match_id if planned else None,
        tournament_id=planned.tournament_id if planned else None, plan_key=planned.plan_key if planned else None,
        abort_reason=reason, tokens=sum(c.prompt_tokens + c.completion_tokens for c in calls),
        cost_usd=sum(c.cost_usd for c in calls), started_at=started_at, finished_at=finished_at,
        plan_position=planned.position if planned else None, **forfeit_counts(events))
    return GameWrite(game, list(events), calls)


def record_single_game(store: Store, write: GameWrite, entries: Sequence[EntryRecord], script: Script, *,
                       deprecate_previous: bool = True) -> str:
    """Record one game played outside a tournament (`arena play`, the human seat, `arena models check`): its
    entries, its case, then the game with its events and calls in one transaction; returns its game id.
    With `deprecate_previous` False an entry's earlier versions stay current (a check game is no new version)."""
    for entry in entries:
        store.upsert_entry(entry, deprecate_previous=deprecate_previous)
    store.record_script(script_record(script))
    store.record_game(write.game, write.events, write.calls)
    return write.game.game_id
