"""The runner's retry-then-forfeit policy: bad output of every kind still ends the game correctly."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Any

import pytest

from arena.agents import AgentFailure, AgentReply, SeatedAgents, play_game
from arena.agents.builtin.random_agent import RandomAgent
from arena.engine import GameConfig, Observation, Seating
from arena.engine.events import AgentCall, GameEnded, InvalidOutput, ObservationEvent, Utterance, VoteEvent
from arena.errors import ConfigError
from arena.scripts.loader import load_script
from arena.scripts.schema import Script
from tests.agents.seating import seat_builtins
from tests.conftest import FIXTURE_CASE


@pytest.fixture(scope="module")
def script() -> Script:
    return load_script(FIXTURE_CASE)


class Scripted:
    """An agent whose every output comes from `produce(observation)`; records what it was shown."""

    def __init__(self, produce: Callable[[Observation], Any]) -> None:
        self.produce = produce
        self.seen: list[Observation] = []

    async def act(self, observation: Observation) -> Any:
        self.seen.append(observation)
        return self.produce(observation)


class Raising:
    async def act(self, observation: Observation) -> Any:
        raise RuntimeError("connection reset by peer")


class Hanging:
    """Never answers: waits on an event nobody sets."""

    def __init__(self) -> None:
        self.never = asyncio.Event()

    async def act(self, observation: Observation) -> Any:
        await self.never.wait()


def seat(script: Script, bad_role: str, bad_agent: Any, seed: int = 1) -> SeatedAgents:
    agents: dict[str, Any] = {r: RandomAgent(r, seed) for r in script.role_ids}
    agents[bad_role] = bad_agent
    return SeatedAgents(Seating(civilians="builtin/random", murderer="test/bad"), agents)


def failures(result_events: list[Any], role: str) -> list[InvalidOutput]:
    return [e for e in result_events if isinstance(e, InvalidOutput) and e.role == role]


@pytest.mark.parametrize("garbage", ["", "   ", "lol no", "{not json", "[1, 2]", '{"unrelated": 1}', 42])
async def test_garbage_is_parse_error_then_forfeit(script: Script, garbage: Any) -> None:
    config = GameConfig(abort_threshold=100)
    result = await play_game(script, seat(script, "rowan", Scripted(lambda o: garbage)), config, seed=1)
    assert result.status == "finished"
    bad = failures(result.events, "rowan")
    assert bad and {e.status for e in bad} == {"parse_error"}
    finals = [e for e in bad if e.final]
    # every decision of rowan failed: 1 + max_reasks attempts each, the last one final
    assert len(bad) == len(finals) * (1 + config.max_reasks)
    votes = [e for e in result.events if isinstance(e, VoteEvent) and e.role == "rowan"]
    assert votes[0].target is None and votes[0].forfeit == "parse_error"


async def test_reask_carries_an_error_note_and_recovers(script: Script) -> None:
    calls = itertools.count()

    def produce(obs: Observation) -> Any:
        if next(calls) % 2 == 0:
            return {"vote": "nobody-by-that-name"} if obs.decision.kind == "vote" else "garbage"
        return RandomAgent("fern", 0).choose(obs)

    agent = Scripted(produce)
    result = await play_game(script, seat(script, "fern", agent), GameConfig(), seed=2)
    assert result.status == "finished"
    notes = [o.error_note for o in agent.seen if o.error_note]
    assert notes and all("rejected" in n for n in notes)
    bad = failures(result.events, "fern")
    assert bad and not any(e.final for e in bad)  # every decision recovered on the re-ask
    assert any(e.status == "invalid_action" for e in bad) and any(e.status == "parse_error" for e in bad)


async def test_wrong_role_names_are_invalid_actions(script: Script) -> None:
    def produce(obs: Observation) -> Any:
        match obs.decision.kind:
            case "discuss":
                return {"speech": "hm", "action": "ask", "target": "Professor Moss", "question": "?"}
            case "reason":
                return {"suspect": "the butler", "method": "", "motive": ""}
            case "vote":
                return {"vote": "Sherlock"}
        return RandomAgent("basil", 0).choose(obs)

    result = await play_game(script, seat(script, "basil", Scripted(produce)), GameConfig(abort_threshold=100), 3)
    statuses = {(e.decision, e.status) for e in failures(result.events, "basil")}
    assert statuses == {("discuss", "invalid_action"), ("reason", "invalid_action"), ("vote", "invalid_action")}
    assert result.status == "finished"


async def test_names_and_fenced_json_are_accepted(script: Script) -> None:
    def produce(obs: Observation) -> Any:
        if obs.decision.kind == "vote":
            return 'My vote:\n```json\n{"vote": "ROWAN ASHE"}\n```'
        return RandomAgent("basil", 0).choose(obs)

    result = await play_game(script, seat(script, "basil", Scripted(produce)), GameConfig(), 4)
    vote = next(e for e in result.events if isinstance(e, VoteEvent) and e.role == "basil")
    assert vote.target == "rowan" and vote.forfeit is None


async def test_very_long_text_is_cut_and_flagged(script: Script) -> None:
    def produce(obs: Observation) -> Any:
        if obs.decision.kind == "introduce":
            return {"introduction": "word " * 5000}
        return RandomAgent("fern", 0).choose(obs)

    result = await play_game(script, seat(script, "fern", Scripted(produce)), GameConfig(max_words=50), 5)
    intro = next(e for e in result.events if isinstance(e, Utterance) and e.role == "fern")
    assert intro.truncated and len(intro.text.split()) == 50


async def test_raising_agent_is_api_error_without_reask(script: Script) -> None:
    result = await play_game(script, seat(script, "basil", Raising()), GameConfig(abort_threshold=100), 6)
    bad = failures(result.events, "basil")
    assert bad and all(e.status == "api_error" and e.final and e.attempt == 1 for e in bad)
    assert "RuntimeError: connection reset by peer" in bad[0].message
    assert result.status == "finished"


async def test_agent_failure_status_is_kept(script: Script) -> None:
    class Refusing:
        async def act(self, observation: Observation) -> Any:
            raise AgentFailure("refused_or_blocked", "content policy")

    result = await play_game(script, seat(script, "fern", Refusing()), GameConfig(abort_threshold=100), 7)
    assert {e.status for e in failures(result.events, "fern")} == {"refused_or_blocked"}


async def test_hanging_agent_times_out(script: Script) -> None:
    result = await play_game(script, seat(script, "fern", Hanging()), GameConfig(abort_threshold=100), 8,
                             timeout_s=0.01)
    bad = failures(result.events, "fern")
    assert bad and all(e.status == "timeout" for e in bad)
    calls = [e for e in result.events if isinstance(e, AgentCall) and e.role == "fern"]
    assert calls and all(c.status == "timeout" for c in calls)
    assert result.status == "finished"


async def test_failing_faction_aborts_the_game(script: Script) -> None:
    result = await play_game(script, seat(script, "rowan", Raising()), GameConfig(), seed=9)
    assert result.status == "aborted" and result.winner == "none"
    ended = result.events[-1]
    assert isinstance(ended, GameEnded) and ended.status == "aborted"
    assert "murderer forfeited" in ended.outcome.reason


async def test_usage_from_agent_reply_is_logged(script: Script) -> None:
    def produce(obs: Observation) -> Any:
        return AgentReply(RandomAgent("fern", 0).choose(obs), input_tokens=100, output_tokens=7, cost_usd=0.001)

    result = await play_game(script, seat(script, "fern", Scripted(produce)), GameConfig(), 10)
    calls = [e for e in result.events if isinstance(e, AgentCall) and e.role == "fern"]
    assert calls and all(c.input_tokens == 100 and c.output_tokens == 7 and c.cost_usd == 0.001 for c in calls)


async def test_every_agent_call_is_preceded_by_its_observation(script: Script) -> None:
    result = await play_game(script, seat_builtins(script, "builtin/random", "builtin/random", 11), GameConfig(), 11)
    for index, event in enumerate(result.events):
        if isinstance(event, AgentCall):
            before = result.events[index - 1]
            assert isinstance(before, ObservationEvent) and before.role == event.role
            assert before.attempt == event.attempt and len(before.sha256) == 64


async def test_missing_agent_is_a_config_error(script: Script) -> None:
    seated = SeatedAgents(Seating(civilians="a", murderer="b"), {"rowan": RandomAgent("rowan", 0)})
    with pytest.raises(ConfigError, match="no agent for role"):
        await play_game(script, seated, GameConfig(), 0)
