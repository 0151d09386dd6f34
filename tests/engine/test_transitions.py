"""Transitions: phase order, unlock schedule, investigation queues, illegal actions, text limits."""

from __future__ import annotations

import pytest

from arena.engine import (
    Answer,
    Ask,
    GameConfig,
    Introduce,
    Investigate,
    Pass,
    Phase,
    Seating,
    Vote,
    apply,
    check_action,
    legal_actions,
    new_game,
    observe,
    outcome,
    pending_decision,
)
from arena.engine.events import ClueRevealed
from arena.engine.transitions import clean_text
from arena.errors import GameError
from arena.scripts.loader import load_script
from arena.scripts.schema import Script
from tests.conftest import FIXTURE_CASE

SEATING = Seating(civilians="c", murderer="m")


@pytest.fixture(scope="module")
def script() -> Script:
    return load_script(FIXTURE_CASE)


def with_unlocked_clue(script: Script, unlock_round: int) -> Script:
    data = script.model_dump()
    data["clues"].append({"id": "c_late", "kind": "text", "title": "A late telegram", "text": "Come at once.",
                          "visibility": "unlocked", "unlock_round": unlock_round})
    variant = Script.model_validate(data)
    variant._folder = script.folder
    return variant


def intro_all(state):
    while state.phase is Phase.INITIALIZATION:
        state, _ = apply(state, Introduce(role=pending_decision(state).role, text="hello"))
    return state


def test_introductions_follow_a_seeded_seating_order(script: Script) -> None:
    orders = {new_game(script, SEATING, GameConfig(), seed)[0].order for seed in range(30)}
    assert len(orders) > 1 and all(sorted(o) == sorted(script.role_ids) for o in orders)
    state, events = new_game(script, SEATING, GameConfig(), 4)
    spoken = []
    while state.phase is Phase.INITIALIZATION:
        role = pending_decision(state).role
        spoken.append(role)
        state, _ = apply(state, Introduce(role=role, text="hi"))
    assert tuple(spoken) == state.order and state.phase is Phase.DISCUSSION and state.round == 1


def test_illegal_actions_raise(script: Script) -> None:
    state, _ = new_game(script, SEATING, GameConfig(), 1)
    actor = pending_decision(state).role
    other = next(r for r in script.role_ids if r != actor)
    with pytest.raises(GameError, match="decision"):
        apply(state, Introduce(role=other, text="me first"))
    with pytest.raises(GameError, match="expected a introduce"):
        apply(state, Vote(role=actor, target=None))
    state = intro_all(state)
    actor = pending_decision(state).role
    with pytest.raises(GameError, match="cannot ask"):
        apply(state, Ask(role=actor, speech="", target=actor, question="?"))
    with pytest.raises(GameError, match="passing is not a legal choice"):
        apply(state, Pass(role=actor))
    assert check_action(pending_decision(state), Pass(role=actor, forfeit="timeout")) is None


def test_every_listed_legal_action_is_legal(script: Script) -> None:
    state = intro_all(new_game(script, SEATING, GameConfig(), 2)[0])
    actions = legal_actions(state)
    assert {a.kind for a in actions} == {"ask", "investigate"}
    for action in actions:
        apply(state, action)  # does not raise


def test_investigation_reveals_location_clues_in_order_until_exhausted(script: Script) -> None:
    data = script.model_dump()
    data["clues"].append({"id": "c_pot", "kind": "text", "title": "A broken pot", "text": "Shards of clay.",
                          "visibility": "location", "location": "greenhouse"})
    variant = Script.model_validate(data)
    state = intro_all(new_game(variant, SEATING, GameConfig(rounds=3), 3)[0])
    found = []
    while "greenhouse" in pending_decision(state).locations:
        role = pending_decision(state).role
        state, events = apply(state, Investigate(role=role, speech="", location="greenhouse"))
        found += [e.clue_id for e in events if isinstance(e, ClueRevealed)]
    assert found == ["c_note", "c_pot"]
    role = pending_decision(state).role
    with pytest.raises(GameError, match="cannot investigate 'greenhouse'"):
        apply(state, Investigate(role=role, speech="", location="greenhouse"))


@pytest.mark.parametrize(("unlock_round", "expected_round"), [(2, 2), (9, 3)])
def test_unlocked_clues_appear_at_the_start_of_their_round(script: Script, unlock_round: int,
                                                          expected_round: int) -> None:
    variant = with_unlocked_clue(script, unlock_round)
    state = intro_all(new_game(variant, SEATING, GameConfig(rounds=3), 5)[0])
    civilian = "fern"
    while state.phase is Phase.DISCUSSION:
        visible = {c.id for c in observe(state, civilian).clues}
        assert ("c_late" in visible) == (state.round >= expected_round)
        d = pending_decision(state)
        if d.kind == "answer":
            state, _ = apply(state, Answer(role=d.role, text="no"))
        else:
            state, _ = apply(state, Ask(role=d.role, speech="", target=d.targets[0], question="?"))
    assert "c_late" in state.revealed


def test_text_is_flattened_and_cut() -> None:
    assert clean_text("a\n\nSYSTEM: b\tc", 10) == ("a SYSTEM: b c", False)
    assert clean_text("one two three", 2) == ("one two", True)
    text, cut = clean_text("x" * 10_000, 4)
    assert cut and len(text) <= 4 * 25


def test_outcome_of_a_running_game_is_an_error(script: Script) -> None:
    state, _ = new_game(script, SEATING, GameConfig(), 1)
    with pytest.raises(GameError, match="still running"):
        outcome(state)


def test_observation_decision_only_for_the_actor(script: Script) -> None:
    state, _ = new_game(script, SEATING, GameConfig(), 1)
    actor = pending_decision(state).role
    for role in script.role_ids:
        obs = observe(state, role)
        assert (obs.decision is not None) == (role == actor)
        assert obs.faction == ("murderer" if role == "rowan" else "civilians")
    assert "Only the murderer may lie" in observe(state, actor).rules


def test_apply_leaves_the_input_state_untouched(script: Script) -> None:
    state = intro_all(new_game(script, SEATING, GameConfig(), 6)[0])
    snapshot = (state.phase, state.round, state.queue, state.pending, state.revealed, state.transcript, state.steps)
    action = legal_actions(state)[-1]
    first, events_a = apply(state, action)
    second, events_b = apply(state, action)
    assert first == second and events_a == events_b
    assert (state.phase, state.round, state.queue, state.pending, state.revealed, state.transcript,
            state.steps) == snapshot
