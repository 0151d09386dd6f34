"""Helpers for engine tests: the cases to run on, and a synchronous driver with per-step hooks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from arena.agents.builtin.random_agent import RandomAgent
from arena.engine import GameConfig, GameState, Seating, apply, new_game, observe, parse_output, pending_decision
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
