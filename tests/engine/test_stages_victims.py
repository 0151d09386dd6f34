"""Format-2 cases in the engine: the stage rule, staged clues and script parts, one vote per victim."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.engine import GameConfig, Seating, apply, legal_actions, new_game, observe, pending_decision, replay
from arena.engine import actions as A
from arena.engine.rules import script_hash
from arena.engine.stages import stage_round
from arena.engine.state import GameState
from arena.engine.transitions import outcome
from arena.scripts.loader import load_script
from arena.scripts.schema import Script
from tests.conftest import FIXTURE_CASE

STAGED = Path(__file__).resolve().parents[1] / "fixtures" / "staged_case"
SEATING = Seating(civilians="c", murderer="m")
MINI_CASE_HASH_ON_FORMAT_1 = "cec4e8da7ecb8f59b0a3d69963db0b57e8bf8639b38acfd0b9dc9f3c82468a96"


@pytest.fixture(scope="module")
def staged() -> Script:
    return load_script(STAGED)


def test_a_format_1_case_hashes_as_before_format_2_existed() -> None:
    script = load_script(FIXTURE_CASE)
    dumped = script.model_dump()
    assert not {"stages", "victims"} & set(dumped)
    assert not any({"category", "from_role"} & set(q) for q in dumped["questions"])
    assert script_hash(script) == MINI_CASE_HASH_ON_FORMAT_1


@pytest.mark.parametrize(("count", "rounds", "expected"), [
    (2, 3, [0, 2]), (7, 3, [0, 1, 1, 2, 2, 3, 3]), (3, 3, [0, 2, 3]), (2, 1, [0, 1])])
def test_the_stage_rule_spreads_stages_over_the_rounds(count: int, rounds: int, expected: list[int]) -> None:
    assert [stage_round(i, count, rounds, None) for i in range(count)] == expected
    assert stage_round(1, 2, 3, 9) == 3  # a given round past the last is moved to the last


def advance(state: GameState, until_round: int) -> GameState:
    """Play the first legal action until the discussion reaches `until_round`."""
    while state.round < until_round:
        state, _ = apply(state, legal_actions(state)[0])
    return state


def test_a_later_stage_hides_its_clues_and_script_part_until_it_begins(staged: Script) -> None:
    state, events = new_game(staged, SEATING, GameConfig(rounds=3), seed=3)
    assert [e.type for e in events][2] == "stage_started"
    bea = observe(state, "bea")
    assert "foot of the stairs" in bea.script and "cup of tea" not in bea.script
    assert "c_ledger" not in {c.id for c in bea.clues}
    state = advance(state, 1)
    assert state.remaining_at("kitchen") == () and state.remaining_at("lamp") == ("c_paint", "c_deed")
    state = advance(state, 2)
    assert state.stages_begun == 2
    bea = observe(state, "bea")
    assert "## The second night\nOn the second night you saw Cole" in bea.script
    assert "c_ledger" in {c.id for c in bea.clues} and "c_ledger" in {c.id for c in observe(state, "ada").clues}
    assert state.remaining_at("kitchen") == ("c_vial",)


def play_votes(script: Script, votes: list[str | None]) -> tuple[GameState, list]:
    state, log = new_game(script, SEATING, GameConfig(rounds=2), seed=5)
    cast = iter(votes)
    while (decision := pending_decision(state)) is not None:
        if decision.kind is A.DecisionKind.VOTE:
            action: A.Action = A.Vote(role=decision.role, target=next(cast))
        else:
            action = legal_actions(state)[0]
        state, events = apply(state, action)
        log += events
    return state, log


def test_each_victim_is_voted_on_and_the_civilians_must_win_every_vote(staged: Script) -> None:
    state, log = play_votes(staged, ["ada", "ada", "bea", "cole", "cole", "ada"])
    result = outcome(state)
    assert result.winner == "civilians" and result.victims is not None
    assert [(v.victim, v.winner, v.leaders) for v in result.victims] == [
        ("v_tom", "civilians", ["ada"]), ("v_nell", "civilians", ["cole"])]
    assert result.votes == {"ada": 3, "cole": 2, "bea": 1}
    votes = [e for e in log if e.type == "vote"]
    assert [v.victim for v in votes] == ["v_tom"] * 3 + ["v_nell"] * 3
    assert replay(log, staged).outcome == result


@pytest.mark.parametrize(("votes", "lost", "winner"), [
    (["cole", "cole", "ada", "cole", "cole", "ada"], "v_tom", "murderer"),  # Tom's killer is Ada, not Cole
    (["ada", "ada", "bea", "ada", "cole", "bea"], "v_nell", "tie")])  # a three-way tie on Nell: a drawn game
def test_civilians_win_only_if_they_win_every_victims_vote(staged: Script, votes: list[str | None], lost: str,
                                                           winner: str) -> None:
    result = outcome(play_votes(staged, votes)[0])
    assert result.winner == winner
    assert result.victims is not None
    assert [v.victim for v in result.victims if v.winner != "civilians"] == [lost]


def test_the_vote_decision_names_the_victim(staged: Script) -> None:
    state, _ = new_game(staged, SEATING, GameConfig(rounds=1), seed=5)
    while (decision := pending_decision(state)) is not None and decision.kind is not A.DecisionKind.VOTE:
        state, _ = apply(state, legal_actions(state)[0])
    assert decision is not None and "killed Tom Reed" in decision.instructions
    assert state.planned_decisions("civilians") == 1 * (2 + 1) + 2
