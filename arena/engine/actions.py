"""Decisions (what a role must do now) and actions (what it did), as typed values.

A `Decision` is computed by the engine from the state; an `Action` is what the runner parsed from
an agent's output (or a fallback). Every action names the role that takes it; a fallback action
carries the `forfeit` status that caused it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Status = Literal["ok", "parse_error", "invalid_action", "timeout", "api_error", "refused_or_blocked",
                 "context_limit"]
FAILURE_STATUSES: tuple[Status, ...] = ("parse_error", "invalid_action", "timeout", "api_error",
                                        "refused_or_blocked", "context_limit")
# A forfeit's cause: the provider (the model never got to answer) or the model's own output.
PROVIDER_FAILURES: frozenset[Status] = frozenset({"timeout", "api_error", "refused_or_blocked", "context_limit"})
OWN_FAULTS: frozenset[Status] = frozenset({"parse_error", "invalid_action"})


# The fence that marks the machine-readable decision block in a model's reply ("```decision ... ```"):
# published by the engine so that prompts and any test double read the same spec.
DECISION_FENCE = "decision"


class Phase(StrEnum):
    INITIALIZATION = "initialization"
    DISCUSSION = "discussion"
    REASONING = "reasoning"
    VOTING = "voting"
    ENDED = "ended"


PHASE_ORDER = (Phase.INITIALIZATION, Phase.DISCUSSION, Phase.REASONING, Phase.VOTING, Phase.ENDED)


class DecisionKind(StrEnum):
    INTRODUCE = "introduce"
    DISCUSS = "discuss"
    ANSWER = "answer"
    REASON = "reason"
    VOTE = "vote"


JSON_SHAPES: dict[DecisionKind, str] = {
    DecisionKind.INTRODUCE: '{"introduction": "<your self-introduction>"}',
    DecisionKind.DISCUSS: ('{"speech": "<what you say to everyone>", "action": "ask", "target": "<role id>", '
                           '"question": "<your question>"}  or  {"speech": "<what you say>", '
                           '"action": "investigate", "location": "<location id>"}'),
    DecisionKind.ANSWER: '{"answer": "<your public answer>"}',
    DecisionKind.REASON: '{"suspect": "<role id>", "method": "<how it was done>", "motive": "<why>"}',
    DecisionKind.VOTE: '{"vote": "<role id>"}  or  {"vote": null} to abstain',
}

INSTRUCTIONS: dict[DecisionKind, str] = {
    DecisionKind.INTRODUCE: "Introduce your character to the other players.",
    DecisionKind.DISCUSS: ("It is your turn in the discussion. Say something to everyone, then either ask one "
                           "other role a question or investigate a location that still has clues."),
    DecisionKind.ANSWER: "{asker} asked you a question. Answer it publicly.",
    DecisionKind.REASON: "Name the role you suspect and explain the method and the motive.",
    DecisionKind.VOTE: "Vote for the role you believe is the murderer, or abstain.",
}


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Decision(Frozen):
    """What `role` must do now, with every legal choice spelled out."""

    kind: DecisionKind
    role: str
    phase: Phase
    round: int
    targets: list[str] = Field(default_factory=list, description="legal role ids to ask or vote for")
    locations: list[str] = Field(default_factory=list, description="legal location ids to investigate")
    word_limit: int
    asker: str | None = Field(default=None, description="for answers: the role who asked")
    question: str | None = Field(default=None, description="for answers: the question asked")
    instructions: str
    json_shape: str


class Introduce(Frozen):
    kind: Literal["introduce"] = "introduce"
    role: str
    text: str
    forfeit: Status | None = None


class Ask(Frozen):
    kind: Literal["ask"] = "ask"
    role: str
    speech: str
    target: str
    question: str
    forfeit: Status | None = None


class Investigate(Frozen):
    kind: Literal["investigate"] = "investigate"
    role: str
    speech: str
    location: str
    forfeit: Status | None = None


class Pass(Frozen):
    """The discussion fallback: an empty turn. Agents cannot choose it; only forfeits produce it."""

    kind: Literal["pass"] = "pass"
    role: str
    speech: str = ""
    forfeit: Status | None = None


class Answer(Frozen):
    kind: Literal["answer"] = "answer"
    role: str
    text: str
    forfeit: Status | None = None


class Reason(Frozen):
    kind: Literal["reason"] = "reason"
    role: str
    suspect: str | None
    method: str
    motive: str
    forfeit: Status | None = None


class Vote(Frozen):
    kind: Literal["vote"] = "vote"
    role: str
    target: str | None = Field(description="role id, or None to abstain")
    forfeit: Status | None = None


Action = Annotated[Introduce | Ask | Investigate | Pass | Answer | Reason | Vote, Field(discriminator="kind")]

ACTION_DECISION: dict[str, DecisionKind] = {
    "introduce": DecisionKind.INTRODUCE, "ask": DecisionKind.DISCUSS, "investigate": DecisionKind.DISCUSS,
    "pass": DecisionKind.DISCUSS, "answer": DecisionKind.ANSWER, "reason": DecisionKind.REASON,
    "vote": DecisionKind.VOTE,
}


def fallback_action(decision: Decision, status: Status) -> Introduce | Pass | Answer | Reason | Vote:
    """The action applied when `decision` is forfeited with `status`."""
    role = decision.role
    match decision.kind:
        case DecisionKind.INTRODUCE:
            return Introduce(role=role, text="", forfeit=status)
        case DecisionKind.DISCUSS:
            return Pass(role=role, forfeit=status)
        case DecisionKind.ANSWER:
            return Answer(role=role, text="(no answer)", forfeit=status)
        case DecisionKind.REASON:
            return Reason(role=role, suspect=None, method="", motive="", forfeit=status)
        case DecisionKind.VOTE:
            return Vote(role=role, target=None, forfeit=status)
    raise AssertionError(decision.kind)  # pragma: no cover - the match is exhaustive
