"""A person's seat: an agent whose decisions are the moves the person made, in order.

The runner drives a game in one go, so a person's game is played by replaying: each time the
person acts, the game is played again from the start with the same seed, the built-in agents
(seeded per game and role) and model agents (whose requests are seeded per step, so the response
cache answers them) repeat what they did, and `HumanAgent` returns the stored moves one by one.
When it has no move left for a decision it raises `AwaitingHuman` with the observation the
runner built for it: the game stops there and the page shows that observation and its decision.

`AwaitingHuman` derives from BaseException on purpose: the runner records any `Exception` an agent
raises as an `api_error`, while this one must stop the game without a trace in its log.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from arena.engine.observation import Observation
from arena.errors import GameError


class AwaitingHuman(BaseException):  # noqa: N818 - a signal, not an error
    """The person must decide now: `observation` is what the runner showed the seat."""

    def __init__(self, observation: Observation, moves_used: int) -> None:
        super().__init__(f"waiting for {observation.role} to decide")
        self.observation = observation
        self.moves_used = moves_used


class HumanAgent:
    """Plays the person's stored moves in order; raises `AwaitingHuman` when they run out.

    Each move may carry `_ms` (how long the person took over it) and `_kind` (the decision kind it
    answered); a replay that reaches a decision of
    another kind has diverged (e.g. a model entry answered differently without its cache) and stops
    with a GameError instead of misplaying the person's move.
    """

    def __init__(self, moves: Sequence[Mapping[str, Any]]) -> None:
        self.moves = list(moves)
        self.used = 0
        self.thinking_s = 0.0

    def clock(self) -> float:
        """The runner's latency clock for this game: real time plus the person's thinking time so far, so
        the latency logged for a move is how long the person took over it (`_ms` of the move)."""
        return time.perf_counter() + self.thinking_s

    async def act(self, observation: Observation) -> dict[str, Any]:
        if self.used >= len(self.moves):
            raise AwaitingHuman(observation, self.used)
        move = dict(self.moves[self.used])
        expected = move.pop("_kind", None)
        self.thinking_s += max(0.0, float(move.pop("_ms", 0.0))) / 1000.0
        decision = observation.decision
        if decision is not None and expected is not None and expected != decision.kind.value:
            raise HumanReplayError(f"the person's move {self.used + 1} answered a {expected!r} decision but the "
                                   f"replayed game asks for {decision.kind.value!r}: the other seats did not repeat "
                                   "their play (a model entry without its response cache?); start a new game")
        self.used += 1
        return move


class HumanReplayError(BaseException):
    """The replayed game diverged from the one the person played (escapes the runner, like `AwaitingHuman`)."""

    def as_error(self) -> GameError:
        return GameError(str(self))
