"""The `chaos` wrapper provider: seeded faults that the client and the game runner handle like real ones."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from arena.agents import play_game, seat_entries
from arena.engine import GameConfig
from arena.engine.events import AgentCall
from arena.entries import Entry, builtin_entries, resolve_entry
from arena.errors import ConfigError
from arena.providers.base import AdapterConfig
from arena.providers.breaker import DOWN_MESSAGE, BreakerPolicy
from arena.providers.chaos import ChaosAdapter, create_chaos
from arena.providers.client import ModelClient
from arena.providers.messages import Message, Request
from arena.providers.registry import list_providers
from arena.providers.retry import RetryPolicy
from arena.providers.secrets import KeyStore
from arena.scripts.loader import load_script
from tests.conftest import FIXTURE_CASE
from tests.providers.fake_api import FakeAPI


def ask(text: str = "Who did it?") -> Request:
    return Request(messages=[Message.system("rules"), Message.user(text)])


def chaos(model: str = "chaos/mock/player", **options: Any) -> Entry:
    return Entry(name="chaos", model=model, options=options)


def client(keys: KeyStore, sleep: Any, max_attempts: int = 3, failures: int = 5) -> ModelClient:
    return ModelClient(use_cache=False, keys=keys, sleep=sleep, rng=random.Random(1),
                       retry=RetryPolicy(max_attempts=max_attempts), breaker=BreakerPolicy(failures=failures))


def draws(seed: int, n: int = 200, **rates: float) -> list[str | None]:
    adapter = create_chaos(AdapterConfig(provider="chaos", model="mock/player", options={"seed": seed, **rates}))
    return [adapter.draw(ask(str(i))) for i in range(n)]


def test_chaos_is_a_builtin_provider() -> None:
    assert {p.name: p.origin for p in list_providers()}["chaos"] == "builtin"


def test_draws_are_seeded_and_follow_the_rates() -> None:
    rates = {"error_rate": 0.2, "timeout_rate": 0.1, "garbage_rate": 0.1}
    first, again, other = draws(7, **rates), draws(7, **rates), draws(8, **rates)
    assert first == again and first != other
    counts = Counter(first)
    assert 20 <= counts["error"] <= 60 and 5 <= counts["timeout"] <= 40 and counts[None] >= 80
    assert not {"rate_limit", "malformed"} & set(counts)


async def test_without_faults_it_answers_like_the_wrapped_entry(keys: KeyStore, sleep: Any) -> None:
    model = client(keys, sleep)
    plain = await model.generate(Entry(name="p", model="mock/player"), ask())
    wrapped = await model.generate(chaos(), ask())
    assert wrapped.ok and wrapped.text == plain.text and wrapped.attempts == 1


async def test_errors_are_retried_and_open_the_breaker(keys: KeyStore, sleep: Any) -> None:
    model = client(keys, sleep, max_attempts=3, failures=4)
    entry = chaos(error_rate=1.0)
    first = await model.generate(entry, ask("1"))
    assert first.status == "api_error" and first.attempts == 3 and "503" in (first.error or "")
    second = await model.generate(entry, ask("2"))
    third = await model.generate(entry, ask("3"))
    assert second.attempts == 1 and third.attempts == 0 and DOWN_MESSAGE in (third.error or "")


async def test_rate_limits_wait_out_retry_after_and_never_trip_the_breaker(keys: KeyStore, sleep: Any) -> None:
    model = client(keys, sleep, max_attempts=2, failures=2)
    entry = chaos(rate_limit_rate=1.0, retry_after_s=9)
    for n in range(3):
        response = await model.generate(entry, ask(str(n)))
        assert response.status == "api_error" and response.attempts == 2
    assert sleep.delays == [9.0, 9.0, 9.0]


async def test_malformed_bodies_are_retried_until_one_reads(keys: KeyStore, sleep: Any) -> None:
    model = client(keys, sleep, max_attempts=4, failures=100)  # the breaker is tested elsewhere
    entry = chaos(malformed_rate=0.5, seed=3)
    results = [await model.generate(entry, ask(str(n))) for n in range(20)]
    assert all(r.ok for r in results if r.attempts < 4)
    assert sum(r.attempts > 1 for r in results) >= 3  # some were retried, and then read


async def test_timeouts_fail_fast_or_hang_until_the_client_cuts_them(keys: KeyStore, sleep: Any,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("arena.providers.client.TIMEOUT_GRACE_S", 0.0)
    model = client(keys, sleep, max_attempts=1)
    quick = await model.generate(chaos(timeout_rate=1.0), ask())
    assert quick.status == "timeout" and "simulated" in (quick.error or "")
    hung = await model.generate(Entry(name="h", model="chaos/mock/player", timeout_s=0.05, options={"down": "hang"}),
                                ask())
    assert hung.status == "timeout"


async def test_garbage_output_is_a_parse_failure_in_a_game(keys: KeyStore, sleep: Any) -> None:
    script = load_script(FIXTURE_CASE)
    model = client(keys, sleep)
    entry = chaos(garbage_rate=1.0)
    seated = seat_entries(script, entry, builtin_entries()["builtin/random"], 1, model)
    result = await play_game(script, seated, GameConfig(rounds=1), 1, clock=lambda: 0.0)
    civilian_calls = [e for e in result.events if isinstance(e, AgentCall) and e.role != script.role_ids[0]]
    statuses = Counter(e.status for e in result.events if isinstance(e, AgentCall))
    assert civilian_calls and statuses["parse_error"] + statuses["invalid_action"] > 0
    assert statuses["ok"] > 0  # builtin/random's moves stay legal
    assert result.status in ("aborted", "finished")


async def test_it_wraps_a_real_sdk_on_loopback(fake_api: FakeAPI, keys: KeyStore, sleep: Any) -> None:
    entry = Entry(name="c", model="chaos/openai/gpt-4o", base_url=f"{fake_api.url}/v1", api_key_env="OPENAI_API_KEY",
                  options={"error_rate": 0.0})
    response = await client(keys, sleep).generate(entry, ask())
    assert response.ok and response.text == "hello from openai" and fake_api.count("/chat/completions") == 1
    assert fake_api.last().headers["authorization"].endswith("DO-NOT-LEAK")


def test_it_is_usable_as_an_inline_entry_with_options(tmp_path: Path) -> None:
    entry = resolve_entry("chaos/mock/player", ["error_rate=0.1", "seed=4"], builtin_entries())
    adapter = create_chaos(AdapterConfig(provider="chaos", model=entry.model_name, options=entry.options))
    assert isinstance(adapter, ChaosAdapter) and adapter.settings.seed == 4
    assert adapter.settings.rates["error_rate"] == 0.1


@pytest.mark.parametrize(("model", "options", "message"), [
    ("chaos/player", {}, "provider/model"),
    ("chaos/mock/player", {"error_rate": 0.7, "timeout_rate": 0.5}, "sum to at most 1"),
    ("chaos/mock/player", {"error_rate": "lots"}, "rates are numbers"),
    ("chaos/mock/player", {"down": "sometimes"}, "refuse"),
    ("chaos/nope/x", {}, "unknown provider"),
])
def test_bad_settings_are_config_errors(model: str, options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        create_chaos(AdapterConfig(provider="chaos", model=model.partition("/")[2], options=options))
