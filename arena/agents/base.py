"""The agent interface: one async `act(observation)` that returns raw output for the pending decision.

An agent plays one role. It receives an `arena.engine.Observation` whose `decision` says what to
do (kind, legal targets and locations, word limit, the JSON shape to answer in, and on a re-ask
the `error_note` explaining what was wrong) and returns the raw output: JSON text or a dict.
Agents do not validate their output; the runner parses it once and applies the retry/forfeit
policy. An agent that knows its usage may return an `AgentReply` carrying tokens and cost.

Provider failures are signalled by raising `AgentFailure(status, message)`; any other exception is
recorded as an `api_error` with its message.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from arena.engine.observation import Observation

FailureStatus = Literal["timeout", "api_error", "refused_or_blocked", "context_limit"]
RawOutput = str | Mapping[str, Any]


@dataclass(frozen=True)
class AgentReply:
    """Raw output plus what the call cost, when the agent knows it."""

    output: RawOutput
    input_tokens: int | None = None
    output_tokens: int | None = None
    cost_usd: float | None = None
    cached: bool = False  # answered by the response cache
    cached_prompt_tokens: int | None = None  # prompt tokens the provider served from its prompt cache
    reasoning: str | None = None  # private reasoning given with the answer (strategy `cot`), never public


class AgentFailure(Exception):
    """Raised by an agent when its provider failed; `status` becomes the call's status in the log."""

    def __init__(self, status: FailureStatus, message: str) -> None:
        super().__init__(message)
        self.status: FailureStatus = status
        self.message = message


@runtime_checkable
class Agent(Protocol):
    """One role's player. Implementations keep whatever memory they need between calls."""

    async def act(self, observation: Observation) -> RawOutput | AgentReply: ...
