"""The event log: typed, versioned records of everything said and done in a game, and JSONL I/O.

Events form a discriminated union on `type`. The engine emits the game events (`game_started`,
`seating`, `phase_started`, `utterance`, `action`, `answer`, `clue_revealed`, `reasoning`, `vote`,
`game_ended`); the runner adds what happened around each agent call (`observation`,
`agent_call`, `invalid_output`); an `agent_call` keeps the private reasoning a `cot` model gave with
its answer, which no role is ever shown and no metric reads as speech. The log is the source of truth:
metrics, tables and ratings are derived from it, and `replay` rebuilds the final state from it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    ValidationError,
    model_serializer,
)

from arena.engine.actions import DecisionKind, Phase, Status
from arena.engine.rules import GameConfig
from arena.errors import LogError

SCHEMA_VERSION = 1
RAW_LIMIT = 2000
REASONING_LIMIT = 8000

Winner = Literal["civilians", "murderer", "tie", "none"]


class EventBase(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class OptionalFields(EventBase):
    """An event whose `OPTIONAL` fields are not serialised while None: fields added for format-2 cases
    (stages, victims) leave the log lines of every other game byte-identical."""

    OPTIONAL: ClassVar[tuple[str, ...]] = ()

    @model_serializer(mode="wrap")
    def _drop_none(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for name in self.OPTIONAL:
            if data.get(name, 0) is None:
                del data[name]
        return data


class GameStarted(EventBase):
    type: Literal["game_started"] = "game_started"
    schema_version: int = SCHEMA_VERSION
    engine_version: int
    script_id: str
    script_title: str
    script_hash: str
    config: GameConfig
    seed: int


class SeatingEvent(EventBase):
    type: Literal["seating"] = "seating"
    civilians: str = Field(description="entry playing every civilian role")
    murderer: str = Field(description="entry playing the culprit role(s)")
    order: list[str] = Field(description="seating order (role ids)")
    roles: dict[str, str] = Field(description="role id -> role name")
    factions: dict[str, Literal["civilians", "murderer"]]


class PhaseStarted(EventBase):
    type: Literal["phase_started"] = "phase_started"
    phase: Phase
    round: int
    turn_order: list[str]


class ObservationEvent(EventBase):
    type: Literal["observation"] = "observation"
    role: str
    decision: DecisionKind
    round: int
    attempt: int
    sha256: str = Field(description="hash of the observation the agent was given")


class Utterance(EventBase):
    """A self-introduction."""

    type: Literal["utterance"] = "utterance"
    role: str
    phase: Phase
    round: int
    kind: Literal["introduction"] = "introduction"
    text: str
    truncated: bool = False
    forfeit: Status | None = None


class ActionEvent(EventBase):
    """A discussion turn: the public speech and the structured action."""

    type: Literal["action"] = "action"
    role: str
    round: int
    action: Literal["ask", "investigate", "pass"]
    speech: str
    target: str | None = None
    question: str | None = None
    location: str | None = None
    truncated: bool = False
    forfeit: Status | None = None


class AnswerEvent(EventBase):
    type: Literal["answer"] = "answer"
    role: str
    round: int
    asker: str
    question: str
    text: str
    truncated: bool = False
    forfeit: Status | None = None


class ClueRevealed(EventBase):
    type: Literal["clue_revealed"] = "clue_revealed"
    clue_id: str
    title: str
    round: int
    reason: Literal["investigate", "unlock"]
    by: str | None = None
    location: str | None = None


class ReasoningEvent(EventBase):
    type: Literal["reasoning"] = "reasoning"
    role: str
    suspect: str | None
    method: str
    motive: str
    truncated: bool = False
    forfeit: Status | None = None


class StageStarted(EventBase):
    """A stage (act) of a multi-stage case begins: its script parts go to their roles, its clues
    become available (`revealed`: public clues shown to everyone now)."""

    type: Literal["stage_started"] = "stage_started"
    stage: str
    index: int = Field(description="1 for the first stage")
    round: int
    revealed: list[str] = Field(default_factory=list)


class VoteEvent(OptionalFields):
    OPTIONAL: ClassVar[tuple[str, ...]] = ("victim",)

    type: Literal["vote"] = "vote"
    role: str
    target: str | None = Field(description="role id, or None for an abstention")
    forfeit: Status | None = None
    victim: str | None = Field(default=None, description="multi-victim cases: the victim this vote is about")


class InvalidOutput(EventBase):
    type: Literal["invalid_output"] = "invalid_output"
    role: str
    decision: DecisionKind
    round: int
    attempt: int
    status: Status
    message: str
    raw: str = Field(description=f"the raw output, cut to {RAW_LIMIT} characters")
    final: bool = Field(description="true when the fallback was applied after this failure")


class AgentCall(EventBase):
    type: Literal["agent_call"] = "agent_call"
    role: str
    decision: DecisionKind
    round: int
    attempt: int
    status: Status
    latency_ms: float | None = Field(default=None, description="logs before telemetry left the game record "
                                     "only; call timings are now kept apart (agent_calls)")
    input_tokens: int | None = None
    output_tokens: int | None = None
    cost_usd: float | None = None
    reasoning: str | None = Field(default=None, description="the model's private reasoning (strategy `cot`), "
                                  f"cut by the agent to {REASONING_LIMIT} characters: part of the record, never "
                                  "shown to another role, never scored as speech; absent when the reply had none")
    # Telemetry kept out of the log (never serialized, so a rerun answered by the response cache writes
    # the same log): whether the call was a response-cache hit, and the provider's cached prompt tokens.
    cached: bool = Field(default=False, exclude=True)
    cached_prompt_tokens: int | None = Field(default=None, exclude=True)

    @model_serializer(mode="wrap")
    def _without_clock(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """No wall-clock latency in the game record (telemetry is kept apart), except in older logs; no
        `reasoning` key when the reply had none (so logs of `direct` entries stay byte-identical)."""
        data: dict[str, Any] = handler(self)
        for name in ("latency_ms", "reasoning"):
            if data.get(name, 0) is None:
                del data[name]
        return data


class VictimVote(EventBase):
    """The vote about one victim of a multi-victim case (see `arena.engine.victims`)."""

    victim: str
    name: str
    culprits: list[str]
    winner: str = Field(description="who won this victim's vote, by the same rule as a one-victim game")
    votes: dict[str, int]
    abstentions: int
    leaders: list[str]
    reason: str


class Outcome(OptionalFields):
    """The result of a game. `votes` counts valid votes per role (every role listed); in a multi-victim
    case they are summed over the victims and `victims` holds each victim's vote."""

    OPTIONAL: ClassVar[tuple[str, ...]] = ("victims",)

    winner: Winner
    status: Literal["finished", "aborted"]
    culprits: list[str]
    votes: dict[str, int]
    abstentions: int
    leaders: list[str] = Field(description="roles with the most votes (several on a tie)")
    reason: str
    victims: list[VictimVote] | None = None


class GameEnded(EventBase):
    type: Literal["game_ended"] = "game_ended"
    status: Literal["finished", "aborted"]
    outcome: Outcome


Event = Annotated[
    GameStarted | SeatingEvent | PhaseStarted | ObservationEvent | Utterance | ActionEvent | AnswerEvent
    | ClueRevealed | ReasoningEvent | VoteEvent | InvalidOutput | AgentCall | GameEnded | StageStarted,
    Field(discriminator="type"),
]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
ENGINE_EVENT_TYPES = frozenset({"game_started", "seating", "phase_started", "utterance", "action", "answer",
                                "clue_revealed", "reasoning", "vote", "game_ended", "stage_started"})


def cut_raw(raw: str, limit: int = RAW_LIMIT) -> str:
    return raw if len(raw) <= limit else raw[:limit] + f"... [{len(raw) - limit} more characters]"


def event_line(event: EventBase) -> str:
    """One event as one JSON line (no trailing newline); key order is the model's field order."""
    return event.model_dump_json()


def dumps_jsonl(events: Iterable[EventBase]) -> str:
    return "".join(event_line(e) + "\n" for e in events)


def parse_event(line: str) -> Event:
    return EVENT_ADAPTER.validate_json(line)


def loads_jsonl(text: str, source: str = "<log>") -> list[Event]:
    events: list[Event] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            events.append(parse_event(line))
        except ValidationError as exc:
            first = exc.errors()[0]
            raise LogError(f"{source}:{number}: not a valid event ({first['msg']} at {first['loc']})") from exc
    return events


def write_jsonl(path: str | os.PathLike[str], events: Iterable[EventBase]) -> Path:
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(dumps_jsonl(events), encoding="utf-8")
    return target


def read_jsonl(path: str | os.PathLike[str]) -> list[Event]:
    source = Path(path)
    try:
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LogError(f"{source}: cannot read the event log ({exc})") from exc
    return loads_jsonl(text, str(source))


def spoken_lines(events: Iterable[EventBase]) -> list[tuple[str, str, str]]:
    """(role, kind, text) for everything said in public, in order: for transcript metrics."""
    lines: list[tuple[str, str, str]] = []
    for e in events:
        if isinstance(e, Utterance) and e.text:
            lines.append((e.role, "introduction", e.text))
        elif isinstance(e, ActionEvent):
            if e.speech:
                lines.append((e.role, "speech", e.speech))
            if e.question:
                lines.append((e.role, "question", e.question))
        elif isinstance(e, AnswerEvent) and not e.forfeit:
            lines.append((e.role, "answer", e.text))
        elif isinstance(e, ReasoningEvent) and (e.method or e.motive):
            lines.append((e.role, "reasoning", f"{e.method} {e.motive}".strip()))
    return lines
