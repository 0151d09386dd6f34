"""Post-game probes reach a model agent in its own conversation, after the game's turns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.agents import play_game, seat_entries
from arena.agents.model_agent import ModelAgent
from arena.coe.answerers import make_answerer
from arena.coe.probe_run import run_probes
from arena.engine import GameConfig
from arena.entries import Entry
from arena.providers import mock
from arena.providers.client import ModelClient
from arena.providers.messages import Request
from arena.providers.retry import RetryPolicy
from arena.providers.secrets import KeyStore
from arena.scripts.loader import load_script
from tests.conftest import FIXTURE_CASE


async def test_a_model_agent_answers_probes_in_the_game_conversation(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Request] = []

    def prober(request: Request) -> str:
        if "The game is over" in request.messages[-1].text:
            seen.append(request)
            return json.dumps({"answer": "A"})
        return mock.player_reply(request)

    monkeypatch.setitem(mock._responders, "prober", prober)
    entry = Entry(name="mock/prober", model="mock/prober")
    script = load_script(FIXTURE_CASE)
    async with ModelClient(use_cache=False, keys=KeyStore(environ={}, dotenv=tmp_path / "no.env"),
                           retry=RetryPolicy(max_attempts=1)) as client:
        seated = seat_entries(script, entry, entry, 1, client)
        result = await play_game(script, seated, GameConfig(rounds=1), 1)
        answerer = make_answerer(entry, client)
        runs = await run_probes(script, result, seated, {"civilians": answerer, "murderer": answerer}, 1,
                                conditions=("game",))
    (run,) = runs
    assert len(seen) == len(run.answers) > 0  # every probe went to the agent, none to a fresh request
    first = seen[0]
    assert len(first.messages) > 4  # system, briefing and the game's turns come before the probe
    agent = seated.agents[run.answers[0].role]
    assert isinstance(agent, ModelAgent) and agent.history[-1].text == json.dumps({"answer": "A"})
