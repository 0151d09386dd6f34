"""The answer schema derived from each decision: required keys and enums of the legal choices."""

from __future__ import annotations

from arena.agents.decision_schema import decision_schema
from arena.agents.prompting import REQUIRED_KEYS
from arena.engine.actions import INSTRUCTIONS, JSON_SHAPES, Decision, DecisionKind, Phase


def decision(kind: DecisionKind, targets: list[str] | None = None, locations: list[str] | None = None) -> Decision:
    return Decision(kind=kind, role="cook", phase=Phase.DISCUSSION, round=1, targets=targets or [],
                    locations=locations or [], word_limit=80, instructions=INSTRUCTIONS[kind],
                    json_shape=JSON_SHAPES[kind])


def test_every_kind_requires_exactly_its_keys_and_forbids_others() -> None:
    for kind in DecisionKind:
        schema = decision_schema(decision(kind, ["butler", "maid"], ["library"]))
        keys = set().union(*map(set, REQUIRED_KEYS[kind]))
        assert set(schema["properties"]) == keys == set(schema["required"]), kind
        assert schema["additionalProperties"] is False


def test_discussion_with_both_choices_makes_the_unused_keys_nullable() -> None:
    props = decision_schema(decision(DecisionKind.DISCUSS, ["butler", "maid"], ["library", "garden"]))["properties"]
    assert props["action"]["enum"] == ["ask", "investigate"]
    assert props["target"]["anyOf"] == [{"type": "string", "enum": ["butler", "maid"]}, {"type": "null"}]
    assert props["location"]["anyOf"][0]["enum"] == ["library", "garden"]


def test_discussion_with_no_locations_left_can_only_ask() -> None:
    schema = decision_schema(decision(DecisionKind.DISCUSS, ["butler"], []))
    assert schema["properties"]["action"]["enum"] == ["ask"]
    assert schema["properties"]["target"] == {"type": "string", "enum": ["butler"]}
    assert "location" not in schema["properties"]


def test_vote_may_abstain_and_reason_names_a_legal_suspect() -> None:
    vote = decision_schema(decision(DecisionKind.VOTE, ["butler", "cook"]))["properties"]["vote"]
    assert {"type": "null"} in vote["anyOf"]
    suspect = decision_schema(decision(DecisionKind.REASON, ["butler", "cook"]))["properties"]["suspect"]
    assert suspect["enum"] == ["butler", "cook"]


def test_cot_puts_private_reasoning_first() -> None:
    schema = decision_schema(decision(DecisionKind.ANSWER), "cot")
    assert list(schema["properties"]) == ["reasoning", "answer"] and schema["required"] == ["reasoning", "answer"]
