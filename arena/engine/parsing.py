"""Turn an agent's raw output (JSON text or a dict) into a typed, legal Action, or say why not.

This is the one place where model output is interpreted. JSON may be wrapped in prose or a code
fence; role and location references may use the id or the exact name (any case). Output that is
not a JSON object with the expected fields is a `parse_error`; a well-formed choice that the rules
do not allow (unknown role, exhausted location, asking oneself) is an `invalid_action`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from arena.engine import actions as A
from arena.engine.actions import Decision, DecisionKind, Status
from arena.engine.state import GameState
from arena.engine.transitions import check_action

_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL | re.IGNORECASE)
ABSTAIN = frozenset({"", "abstain", "none", "null", "nobody", "no one", "pass"})


class OutputError(Exception):
    """Raw output that does not give a legal action: `status` is parse_error or invalid_action."""

    def __init__(self, status: Status, message: str) -> None:
        super().__init__(message)
        self.status: Status = status
        self.message = message


def extract_object(raw: str | Mapping[str, Any]) -> dict[str, Any]:
    """The JSON object in `raw`: the whole text, a fenced block, or the outermost {...} span."""
    if isinstance(raw, Mapping):
        return dict(raw)
    if not isinstance(raw, str):
        raise OutputError("parse_error", f"expected JSON text or an object, got {type(raw).__name__}")
    text = raw.strip()
    if not text:
        raise OutputError("parse_error", "the output is empty; answer with one JSON object")
    candidates = [text, *(m.group(1).strip() for m in _FENCE.finditer(text))]
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start:end + 1])
    for candidate in candidates:
        try:
            value = json.loads(candidate)
        except (json.JSONDecodeError, RecursionError):
            continue
        if isinstance(value, dict):
            return value
    raise OutputError("parse_error", "no JSON object found in the output; answer with one JSON object")


def _text(data: dict[str, Any], *keys: str, required: bool = True) -> str:
    for key in keys:
        if key in data:
            value = data[key]
            if isinstance(value, str):
                return value
            if isinstance(value, int | float) and not isinstance(value, bool):
                return str(value)
            raise OutputError("parse_error", f'"{key}" must be a string')
    if required:
        raise OutputError("parse_error", f'missing field "{keys[0]}"')
    return ""


def resolve(value: Any, ids: Mapping[str, str]) -> str | None:
    """Map a reference (id or name, any case) to an id; None for null or an abstention word.

    `ids` maps lower-cased ids and names to ids. An unknown reference is returned as given, so
    the legality check can name it in its message.
    """
    if value is None:
        return None
    if not isinstance(value, str):
        raise OutputError("parse_error", f"expected a role or location id, got {json.dumps(value)[:80]}")
    key = value.strip().lower()
    if key in ids:
        return ids[key]
    return None if key in ABSTAIN else value.strip()


def reference_table(pairs: Mapping[str, str]) -> dict[str, str]:
    table = {name.lower(): ident for ident, name in pairs.items()}
    table.update({ident.lower(): ident for ident in pairs})
    return table


def _build(data: dict[str, Any], decision: Decision, state: GameState) -> A.Action:
    role = decision.role
    roles = reference_table(state.facts.names)
    match decision.kind:
        case DecisionKind.INTRODUCE:
            return A.Introduce(role=role, text=_text(data, "introduction", "text", "speech"))
        case DecisionKind.ANSWER:
            return A.Answer(role=role, text=_text(data, "answer", "text"))
        case DecisionKind.REASON:
            if "suspect" not in data:
                raise OutputError("parse_error", 'missing field "suspect"')
            return A.Reason(role=role, suspect=resolve(data["suspect"], roles),
                            method=_text(data, "method", required=False), motive=_text(data, "motive", required=False))
        case DecisionKind.VOTE:
            if "vote" not in data:
                raise OutputError("parse_error", 'missing field "vote"')
            return A.Vote(role=role, target=resolve(data["vote"], roles))
        case DecisionKind.DISCUSS:
            return _build_turn(data, decision, state, roles)
    raise AssertionError(decision.kind)  # pragma: no cover


def _build_turn(data: dict[str, Any], decision: Decision, state: GameState, roles: dict[str, str]) -> A.Action:
    speech = _text(data, "speech", required=False)
    kind = _text(data, "action").strip().lower()
    if kind == "ask":
        target = resolve(_text(data, "target"), roles)
        if target is None:
            raise OutputError("invalid_action", "an ask needs a target role")
        return A.Ask(role=decision.role, speech=speech, target=target, question=_text(data, "question"))
    if kind == "investigate":
        names = {loc.id: loc.name for loc in state.script.locations}
        location = resolve(_text(data, "location"), reference_table(names))
        if location is None:
            raise OutputError("invalid_action", "an investigate needs a location")
        return A.Investigate(role=decision.role, speech=speech, location=location)
    raise OutputError("invalid_action", f'"action" must be "ask" or "investigate", got {kind!r}')


def parse_output(raw: str | Mapping[str, Any], decision: Decision, state: GameState) -> A.Action:
    """A legal action for `decision` from raw output; raises OutputError saying what is wrong."""
    data = extract_object(raw)
    action = _build(data, decision, state)
    problem = check_action(decision, action)
    if problem is not None:
        if isinstance(action, A.Ask) and action.target == decision.role:
            problem = "you cannot ask yourself; " + problem
        raise OutputError("invalid_action", problem)
    return action
