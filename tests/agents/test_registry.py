"""The agent registry: built-ins by name, pluggable providers, seating by faction."""

from __future__ import annotations

import pytest

from arena.agents import Agent, make_agent, seat_entries
from arena.agents.builtin.naive_agent import NaiveAgent
from arena.agents.builtin.random_agent import RandomAgent
from arena.entries import builtin_entry
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


def test_model_entries_are_not_made_by_name() -> None:
    with pytest.raises(ConfigError, match="seat_entries"):
        make_agent("mock/player", "basil", 9)


def test_seating_puts_the_murderer_entry_in_culprit_roles() -> None:
    script = load_script(FIXTURE_CASE)
    civilians, murderer = builtin_entry("builtin/random"), builtin_entry("builtin/naive", ocr=False, lsa_dims=16)
    seated = seat_entries(script, civilians, murderer, 3)
    naive = seated.agents["rowan"]
    assert isinstance(naive, NaiveAgent) and naive.reader is None and naive.lsa_dims == 16
    assert all(isinstance(seated.agents[r], RandomAgent) for r in ("fern", "basil"))
    assert seated.seating.civilians == civilians.entry_id and seated.seating.murderer == murderer.entry_id
    assert murderer.entry_id != builtin_entry("builtin/naive").entry_id


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
