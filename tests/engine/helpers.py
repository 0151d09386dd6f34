"""Helpers for engine tests: the cases to run on, and a synchronous driver with per-step hooks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.agents.builtin.random_agent import RandomAgent
from arena.engine import (
    GameConfig,
    GameState,
    Observation,
    Seating,
    apply,
    new_game,
    observe,
    parse_output,
    pending_decision,
)
from arena.engine.events import EventBase
from arena.errors import ScriptError
from arena.scripts.loader import load_script
from arena.scripts.schema import Script
from tests.conftest import FIXTURE_CASE, bundled_cases

Hook = Callable[[GameState, GameState, list[EventBase]], None]


def case_paths() -> list[Path]:
    """The fixture plus every bundled case present now."""
    return [FIXTURE_CASE, *bundled_cases()]


def load_case(path: Path) -> Script:
    """Load a case; a bundled case that is still being written (invalid) is skipped, not failed."""
    try:
        return load_script(path)
    except ScriptError as exc:
        if path == FIXTURE_CASE:
            raise
        pytest.skip(f"{path.name} does not load yet: {str(exc).splitlines()[0]}")


def play_random(script: Script, seed: int, config: GameConfig | None = None, hook: Hook | None = None,
                max_steps: int = 10_000) -> tuple[GameState, list[EventBase]]:
    """Play a whole game synchronously with random agents; `hook(before, after, events)` after each step."""
    state, events = new_game(script, Seating(civilians="builtin/random", murderer="builtin/random"),
                             config or GameConfig(), seed)
    agents = {role: RandomAgent(role, seed) for role in script.role_ids}
    for _ in range(max_steps):
        decision = pending_decision(state)
        if decision is None:
            return state, events
        raw = agents[decision.role].choose(observe(state, decision.role))
        before = state
        state, new = apply(state, parse_output(raw, decision, state))
        events.extend(new)
        if hook is not None:
            hook(before, state, new)
    raise AssertionError(f"game not over after {max_steps} steps")


class FakeClock:
    """A clock that advances 5 ms per reading, so logged latencies are reproducible."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.005
        return self.now


class Detective:
    """A deterministic scripted agent: asks the next role round-robin, investigates when it can,
    and votes and reasons against `suspect` (or abstains when `suspect` is None)."""

    def __init__(self, role: str, suspect: str | None) -> None:
        self.role, self.suspect, self.turns = role, suspect, 0

    async def act(self, obs: Observation) -> dict[str, Any]:
        return self.choose(obs)

    def choose(self, obs: Observation) -> dict[str, Any]:
        d = obs.decision
        assert d is not None
        if d.kind == "introduce":
            return {"introduction": f"I am {obs.name}; {obs.profile}"}
        if d.kind == "answer":
            return {"answer": f"{obs.name} says: I was busy elsewhere when {d.asker} thinks."}
        if d.kind == "discuss":
            self.turns += 1
            if d.locations and self.turns % 2 == 1:
                return {"speech": "Let me look around.", "action": "investigate", "location": d.locations[0]}
            target = d.targets[self.turns % len(d.targets)]
            return {"speech": "A question.", "action": "ask", "target": target, "question": "Where were you at nine?"}
        if d.kind == "reason":
            return {"suspect": self.suspect, "method": "A blow with a pot.", "motive": "Credit for the orchid."}
        return {"vote": self.suspect}
