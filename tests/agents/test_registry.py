"""The agent registry: built-ins by name, pluggable providers, seating by faction."""

from __future__ import annotations

from typing import Any

import pytest

from arena.agents import AGENT_FACTORIES, Agent, make_agent, register_agent_factory, seat_agents
from arena.agents.builtin.naive_agent import NaiveAgent
from arena.agents.builtin.random_agent import RandomAgent
from arena.errors import ConfigError
from arena.scripts.loader import load_script
from tests.conftest import FIXTURE_CASE


def test_builtins_by_name() -> None:
    assert isinstance(make_agent("builtin/random", "fern", 1), RandomAgent)
    naive = make_agent("builtin/naive", "fern", 1, ocr=False, lsa_dims=16)
    assert isinstance(naive, NaiveAgent) and naive.lsa_dims == 16 and naive.reader is None
    assert isinstance(naive, Agent)


@pytest.mark.parametrize("name", ["builtin/oracle", "nosuch/model", "random"])
def test_unknown_names_are_config_errors(name: str) -> None:
    with pytest.raises(ConfigError):
        make_agent(name, "fern", 0)


def test_bad_settings_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="bad settings"):
        make_agent("builtin/random", "fern", 0, temperature=2)


def test_registered_provider_is_used() -> None:
    made: list[tuple[str, str, int, dict[str, Any]]] = []

    def factory(model: str, role_id: str, seed: int, **settings: Any) -> Agent:
        made.append((model, role_id, seed, settings))
        return RandomAgent(role_id, seed)

    register_agent_factory("unit-test", factory)
    try:
        make_agent("unit-test/some-model", "basil", 9, temperature=0)
    finally:
        AGENT_FACTORIES.pop("unit-test")
    assert made == [("some-model", "basil", 9, {"temperature": 0})]


def test_seating_puts_the_murderer_entry_in_culprit_roles() -> None:
    script = load_script(FIXTURE_CASE)
    seated = seat_agents(script, "builtin/random", "builtin/naive", 3, murderer_settings={"ocr": False})
    assert isinstance(seated.agents["rowan"], NaiveAgent)
    assert all(isinstance(seated.agents[r], RandomAgent) for r in ("fern", "basil"))
    assert seated.seating.civilians == "builtin/random" and seated.seating.murderer == "builtin/naive"


def test_a_model_entrys_runner_timeout_covers_its_whole_retry_budget():
    from arena.agents import seat_timeout_s
    from arena.entries import builtin_entries, resolve_entry
    from arena.providers.client import ModelClient
    from arena.providers.retry import RetryPolicy

    builtin = builtin_entries()["builtin/random"]
    model = resolve_entry("mock/player", ["timeout_s=30"])
    client = ModelClient(use_cache=False, retry=RetryPolicy(max_attempts=3, max_delay_s=10.0))
    budget = client.call_budget_s(model)
    assert budget >= 3 * 30 + 2 * 10  # three attempts, two waits between them
    assert seat_timeout_s(model, builtin, client, floor_s=5.0) == budget
    assert seat_timeout_s(builtin, model, client, floor_s=10_000.0) == 10_000.0
    assert seat_timeout_s(builtin, builtin, client, floor_s=7.0) == 7.0
    assert seat_timeout_s(model, builtin, None, floor_s=7.0) == 7.0
