"""The game engine: immutable state, pure transitions, observations, events and replay.

Typical use (the runner in `arena.agents.runner` does exactly this):

    state, events = new_game(script, Seating(civilians="builtin/naive", murderer="builtin/random"),
                             GameConfig(), seed=7)
    while (decision := pending_decision(state)) is not None:
        obs = observe(state, decision.role)        # what that role may know, and the decision
        action = parse_output(raw_output, decision, state)   # raises OutputError
        state, new_events = apply(state, action)
    result = outcome(state)
"""

from arena.engine.actions import (
    JSON_SHAPES,
    Action,
    Answer,
    Ask,
    Decision,
    DecisionKind,
    Introduce,
    Investigate,
    Pass,
    Phase,
    Reason,
    Status,
    Vote,
    fallback_action,
)
from arena.engine.events import (
    SCHEMA_VERSION,
    Event,
    Outcome,
    dumps_jsonl,
    loads_jsonl,
    read_jsonl,
    spoken_lines,
    write_jsonl,
)
from arena.engine.observation import ClueView, LocationView, Observation, RoleView, observe
from arena.engine.parsing import OutputError, parse_output
from arena.engine.replay import replay
from arena.engine.rules import RULES_TEXT, GameConfig, rules_text, script_hash
from arena.engine.state import GameState, Line, Seating
from arena.engine.transitions import (
    apply,
    check_action,
    initial_state,
    is_terminal,
    legal_actions,
    new_game,
    opening_events,
    outcome,
    pending_decision,
)

__all__ = [
    "JSON_SHAPES", "RULES_TEXT", "SCHEMA_VERSION",
    "Action", "Answer", "Ask", "ClueView", "Decision", "DecisionKind", "Event", "GameConfig", "GameState",
    "Introduce", "Investigate", "Line", "LocationView", "Observation", "Outcome", "OutputError", "Pass", "Phase",
    "Reason", "RoleView", "Seating", "Status", "Vote",
    "apply", "check_action", "dumps_jsonl", "fallback_action", "initial_state", "is_terminal", "legal_actions",
    "loads_jsonl", "new_game", "observe", "opening_events", "outcome", "parse_output", "pending_decision",
    "read_jsonl", "replay", "rules_text", "script_hash", "spoken_lines", "write_jsonl",
]
