"""Fault containment in the model client, through the real SDKs on loopback: the per-entry circuit
breaker, malformed HTTP 200 bodies retried, and a timeout model that covers Retry-After waits.

No test sleeps: the client gets a fake clock and a sleep that only moves that clock forward.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

import pytest

from arena.agents import seat_timeout_s
from arena.entries import Entry, builtin_entries
from arena.providers.breaker import DOWN_MESSAGE, BreakerPolicy
from arena.providers.cache import ResponseCache
from arena.providers.client import TIMEOUT_GRACE_S, ModelClient
from arena.providers.messages import Message, Request
from arena.providers.retry import RetryPolicy
from arena.providers.secrets import KeyStore
from tests.providers.conftest import entry
from tests.providers.fake_api import FakeAPI, Reply

MODELS = ("openai/gpt-4o", "anthropic/claude-test", "google/gemini-test")
MALFORMED = (b"<html>502 Bad Gateway</html>", b'{"unexpected": true}', b"")


class FakeClock:
    """A clock that only moves when the client sleeps (or a test says so)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def build(tmp_path: Path, keys: KeyStore, clock: FakeClock):
    clients: list[ModelClient] = []

    def make(retry: RetryPolicy | None = None, breaker: BreakerPolicy | None = None) -> ModelClient:
        client = ModelClient(cache=ResponseCache(tmp_path / "responses.sqlite"), use_cache=False, keys=keys,
                             retry=retry or RetryPolicy(max_attempts=3), breaker=breaker, sleep=clock.sleep,
                             clock=clock, rng=random.Random(3))
        clients.append(client)
        return client

    yield make
    for client in clients:
        await client.aclose()


def ask(text: str = "Who did it?") -> Request:
    return Request(messages=[Message.system("rules"), Message.user(text)])


def refused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_breaker_opens_after_k_failures_fails_fast_and_closes_after_cool_down(fake_api: FakeAPI, build,
                                                                                   clock: FakeClock) -> None:
    fake_api.responder = lambda recorded: Reply(503, {"error": {"message": "upstream down"}})
    client = build(RetryPolicy(max_attempts=3), BreakerPolicy(failures=4, cooldown_s=60.0))
    model = entry("openai/gpt-4o", fake_api)
    first = await client.generate(model, ask("1"))
    assert first.status == "api_error" and first.attempts == 3 and DOWN_MESSAGE not in (first.error or "")
    second = await client.generate(model, ask("2"))  # the 4th consecutive failure opens the breaker
    assert second.attempts == 1 and DOWN_MESSAGE in (second.error or "")
    assert fake_api.count() == 4
    for n in range(5):  # open: no request leaves the client
        fast = await client.generate(model, ask(f"fast {n}"))
        assert fast.status == "api_error" and fast.attempts == 0 and DOWN_MESSAGE in (fast.error or "")
    assert fake_api.count() == 4
    clock.now += 61.0  # after the cool-down one probe goes out; it fails and the breaker opens again
    probe = await client.generate(model, ask("probe"))
    assert probe.attempts == 1 and fake_api.count() == 5
    assert (await client.generate(model, ask("after probe"))).attempts == 0
    clock.now += 61.0
    fake_api.responder = None  # the endpoint is back: the probe succeeds and the breaker closes
    assert (await client.generate(model, ask("back"))).ok
    assert (await client.generate(model, ask("back again"))).ok and fake_api.count() == 7


async def test_refused_connections_open_the_breaker_per_entry(build, fake_api: FakeAPI) -> None:
    client = build(RetryPolicy(max_attempts=4), BreakerPolicy(failures=5))
    dead = Entry(name="dead", model="openai/gpt-4o", base_url=f"http://127.0.0.1:{refused_port()}/v1")
    results = [await client.generate(dead, ask(str(n))) for n in range(6)]
    assert [r.attempts for r in results] == [4, 1, 0, 0, 0, 0]
    assert all(r.status == "api_error" and r.error for r in results)
    assert all(DOWN_MESSAGE in (r.error or "") for r in results[1:])
    alive = entry("openai/gpt-4o", fake_api)  # another entry is not affected
    assert (await client.generate(alive, ask("alive"))).ok


async def test_answers_that_show_the_endpoint_is_up_do_not_open_the_breaker(fake_api: FakeAPI, build) -> None:
    fake_api.responder = lambda recorded: Reply(400, {"error": {"message": "bad request"}})
    client = build(RetryPolicy(max_attempts=2), BreakerPolicy(failures=2))
    model = entry("openai/gpt-4o", fake_api)
    for n in range(4):
        assert (await client.generate(model, ask(str(n)))).attempts == 1
    assert fake_api.count() == 4


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("body", MALFORMED)
async def test_a_malformed_200_is_retried_like_a_5xx(fake_api: FakeAPI, build, clock: FakeClock, model: str,
                                                    body: bytes) -> None:
    fake_api.replies.append(Reply(200, body))
    response = await build(RetryPolicy(max_attempts=3)).generate(entry(model, fake_api), ask())
    assert response.ok and response.attempts == 2 and len(clock.slept) == 1


async def test_malformed_bodies_beyond_the_bound_say_so(fake_api: FakeAPI, build) -> None:
    fake_api.responder = lambda recorded: Reply(200, b"{not json")
    response = await build(RetryPolicy(max_attempts=2)).generate(entry("anthropic/claude-test", fake_api), ask())
    assert response.status == "api_error" and response.attempts == 2
    assert "malformed response body" in (response.error or "")


async def test_retry_after_70_three_times_fits_the_runners_budget(fake_api: FakeAPI, build, clock: FakeClock) -> None:
    limited = Reply(429, {"error": {"message": "slow down"}}, {"retry-after": "70"})
    fake_api.replies.extend([limited, limited, limited])
    client = build(RetryPolicy())  # the defaults: 4 attempts, Retry-After honoured up to 300 s
    model = entry("openai/gpt-4o", fake_api, timeout_s=2.0)
    started = clock.now
    response = await client.generate(model, ask())
    assert response.ok and response.attempts == 4 and clock.slept == [70.0, 70.0, 70.0]
    # The runner's per-decision timeout must outlast the worst case of this very call: three capped
    # Retry-After waits plus four attempts that each may use the whole entry timeout.
    worst = (clock.now - started) + 4 * (model.timeout_s + TIMEOUT_GRACE_S)
    runner_timeout = seat_timeout_s(model, builtin_entries()["builtin/random"], client, floor_s=2.0)
    assert runner_timeout >= worst
    assert runner_timeout >= 4 * (2.0 + TIMEOUT_GRACE_S) + 3 * client.retry.max_retry_after_s
