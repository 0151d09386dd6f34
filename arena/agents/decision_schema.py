"""The JSON Schema of one decision's answer, for providers' structured outputs.

Derived from the engine's `Decision`: the keys `arena.agents.prompting.REQUIRED_KEYS` asks for, with
enums of the legal role ids and locations, so a server that enforces the schema can only produce an
answer of the right shape naming legal choices. The schema keeps to the subset every API accepts in
its strictest mode (OpenAI `strict`, Anthropic tool input, Gemini `response_json_schema`): one root
object, every property required, `additionalProperties: false`, optional values as `null`
alternatives. So a discussion turn that may ask or investigate has `target`, `question` and
`location` all present, the unused ones null; the engine's parser reads only the keys of the chosen
action. The engine still validates every action: a schema narrows, it never replaces the rules.
"""

from __future__ import annotations

from typing import Any

from arena.engine.actions import Decision, DecisionKind

SCHEMA_NAME = "decision"
STRING: dict[str, Any] = {"type": "string"}
NULL: dict[str, Any] = {"type": "null"}


def _choice(ids: list[str]) -> dict[str, Any]:
    return {"type": "string", "enum": list(ids)} if ids else dict(STRING)


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, dict(NULL)]}


def _discussion(decision: Decision) -> dict[str, dict[str, Any]]:
    asks, looks = bool(decision.targets), bool(decision.locations)
    actions = [name for name, legal in (("ask", asks), ("investigate", looks)) if legal] or ["ask", "investigate"]
    props: dict[str, dict[str, Any]] = {"speech": dict(STRING), "action": {"type": "string", "enum": actions}}
    both = len(actions) == 2
    if "ask" in actions:
        props["target"] = _nullable(_choice(decision.targets)) if both else _choice(decision.targets)
        props["question"] = _nullable(dict(STRING)) if both else dict(STRING)
    if "investigate" in actions:
        props["location"] = _nullable(_choice(decision.locations)) if both else _choice(decision.locations)
    return props


def _properties(decision: Decision) -> dict[str, dict[str, Any]]:
    match decision.kind:
        case DecisionKind.INTRODUCE:
            return {"introduction": dict(STRING)}
        case DecisionKind.ANSWER:
            return {"answer": dict(STRING)}
        case DecisionKind.REASON:
            return {"suspect": _choice(decision.targets), "method": dict(STRING), "motive": dict(STRING)}
        case DecisionKind.VOTE:
            return {"vote": _nullable(_choice(decision.targets)) if decision.targets else dict(NULL)}
        case DecisionKind.DISCUSS:
            return _discussion(decision)
    raise AssertionError(decision.kind)  # pragma: no cover - the match is exhaustive


def decision_schema(decision: Decision, strategy: str = "direct") -> dict[str, Any]:
    """The answer schema for `decision`; strategy `cot` puts a private `reasoning` string first."""
    props = _properties(decision)
    if strategy == "cot":
        props = {"reasoning": dict(STRING), **props}
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}
