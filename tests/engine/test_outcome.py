"""The win rule: strict plurality for a culprit, ties and abstentions, several culprits, who votes."""

from __future__ import annotations

from typing import Any

import pytest

from arena.agents import SeatedAgents, play_game
from arena.engine import GameConfig, Seating, pending_decision
from arena.engine.events import GameEnded, PhaseStarted, VoteEvent
from arena.engine.outcome import decide, tally
from arena.scripts.loader import load_script
from arena.scripts.schema import Script
from tests.conftest import FIXTURE_CASE
from tests.engine.helpers import Detective, FakeClock

ROLES = ["rowan", "fern", "basil"]


def votes(*targets: str | None) -> list[tuple[str, str | None]]:
    return [(f"voter{i}", t) for i, t in enumerate(targets)]


def test_strict_plurality_for_the_culprit_wins() -> None:
    result = decide(votes("rowan", "rowan", "fern"), ROLES, ["rowan"])
    assert result.winner == "civilians" and result.leaders == ["rowan"]
    assert result.votes == {"rowan": 2, "fern": 1, "basil": 0}


def test_tie_for_the_most_votes_is_the_outcome_tie() -> None:
    result = decide(votes("rowan", "fern"), ROLES, ["rowan"])
    assert result.winner == "tie" and result.status == "finished" and sorted(result.leaders) == ["fern", "rowan"]
    assert "tie" in result.reason
    assert decide(votes("fern", "basil"), ROLES, ["rowan"]).winner == "tie"  # two innocents tied: still a tie


def test_engine_version_1_scored_a_tie_as_a_murderer_win() -> None:
    assert decide(votes("rowan", "fern"), ROLES, ["rowan"], tie_is_draw=False).winner == "murderer"


def test_innocent_with_most_votes_is_a_murderer_win() -> None:
    assert decide(votes("fern", "fern", "rowan"), ROLES, ["rowan"]).winner == "murderer"


def test_abstentions_and_invalid_votes_count_as_abstentions() -> None:
    counts, abstentions = tally(votes(None, "ghost", "rowan"), ROLES)
    assert counts == {"rowan": 1, "fern": 0, "basil": 0} and abstentions == 2
    assert decide(votes(None, "ghost", "rowan"), ROLES, ["rowan"]).winner == "civilians"


def test_all_abstain_is_a_murderer_win() -> None:
    result = decide(votes(None, None, None), ROLES, ["rowan"])
    assert result.winner == "murderer" and result.leaders == [] and result.abstentions == 3


def test_any_culprit_with_strictly_most_votes_wins_for_civilians() -> None:
    assert decide(votes("basil", "basil", "rowan"), ROLES, ["rowan", "basil"]).winner == "civilians"
    assert decide(votes("basil", "rowan"), ROLES, ["rowan", "basil"]).winner == "tie"  # two culprits tied
    assert decide(votes("fern", "fern", "rowan", "basil"), ROLES, ["rowan", "basil"]).winner == "murderer"


def two_culprit_variant(script: Script) -> Script:
    """The fixture with Basil as a second culprit (an accomplice)."""
    data = script.model_dump()
    for role in data["roles"]:
        if role["id"] == "basil":
            role["culprit"] = True
    data["culprits"] = ["rowan", "basil"]
    data["truth"]["culprits"] = ["rowan", "basil"]
    variant = Script.model_validate(data)
    variant._folder = script.folder
    return variant


@pytest.fixture(scope="module")
def script() -> Script:
    return load_script(FIXTURE_CASE)


async def play(script: Script, suspects: dict[str, str | None], config: GameConfig, seed: int = 3) -> list[Any]:
    agents = {role: Detective(role, suspects[role]) for role in script.role_ids}
    seated = SeatedAgents(Seating(civilians="test/detective", murderer="test/detective"), agents)
    result = await play_game(script, seated, config, seed, clock=FakeClock())
    return result.events


async def test_two_culprit_game_won_by_voting_out_the_accomplice(script: Script) -> None:
    variant = two_culprit_variant(script)
    events = await play(variant, {"rowan": "fern", "fern": "basil", "basil": "basil"}, GameConfig())
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.outcome.culprits == ["rowan", "basil"]
    assert ended.outcome.votes == {"rowan": 0, "fern": 1, "basil": 2} and ended.outcome.winner == "civilians"


async def test_culprits_do_not_vote_when_the_config_says_so(script: Script) -> None:
    variant = two_culprit_variant(script)
    config = GameConfig(murderer_may_vote=False)
    events = await play(variant, {"rowan": "fern", "fern": "rowan", "basil": "fern"}, config)
    voters = [e.role for e in events if isinstance(e, VoteEvent)]
    assert voters == ["fern"]
    voting = next(e for e in events if isinstance(e, PhaseStarted) and e.phase == "voting")
    assert voting.turn_order == ["fern"]
    assert events[-1].outcome.winner == "civilians"


async def test_murderer_vote_can_force_a_tie(script: Script) -> None:
    events = await play(script, {"rowan": "basil", "fern": "rowan", "basil": None}, GameConfig())
    assert events[-1].outcome.winner == "tie" and events[-1].outcome.abstentions == 1


def test_no_decision_after_the_end(script: Script) -> None:
    from tests.engine.helpers import play_random

    state, _ = play_random(script, 0)
    assert pending_decision(state) is None
