"""The client around every adapter: cache, retries, concurrency limits, cost, usage and records."""

from __future__ import annotations

import asyncio
import random

import pytest

from arena.entries import Entry
from arena.errors import ConfigError
from arena.providers.base import CallFailure
from arena.providers.cache import ResponseCache
from arena.providers.client import ModelClient
from arena.providers.messages import ImagePart, Message, Request, Response
from arena.providers.mock import MockAdapter, register_responder
from arena.providers.registry import register_adapter
from arena.providers.retry import RetryPolicy
from tests.providers.conftest import entry, png_bytes
from tests.providers.fake_api import Reply


def ask(text: str = "Who did it?", image: bytes | None = None, **kwargs: object) -> Request:
    parts: list[object] = [text] + ([ImagePart(data=image, media_type="image/png")] if image else [])
    return Request(messages=[Message.system("rules"), Message.user(*parts)], **kwargs)  # type: ignore[arg-type]


async def test_second_identical_call_makes_no_http_request(fake_api, make_client):
    client = make_client()
    gpt = entry("openai/gpt-4o", fake_api)
    first = await client.generate(gpt, ask(image=png_bytes()))
    second = await client.generate(gpt, ask(image=png_bytes()))
    assert fake_api.count() == 1 and client.cache is not None and len(client.cache) == 1
    assert not first.cached and second.cached
    assert second.text == first.text and second.cost_usd == 0.0 and first.cost_usd and first.cost_usd > 0
    assert client.usage[gpt.entry_id].calls == 2 and client.usage[gpt.entry_id].cached_calls == 1


def test_an_empty_cache_given_is_the_cache_used(tmp_path, keys):
    cache = ResponseCache(tmp_path / "empty.sqlite")
    assert len(cache) == 0 and ModelClient(cache=cache, keys=keys).cache is cache


async def test_cache_survives_a_new_client(fake_api, make_client):
    gpt = entry("google/gemini-2.0-flash", fake_api)
    await make_client().generate(gpt, ask())
    again = await make_client().generate(gpt, ask())
    assert again.cached and fake_api.count() == 1


async def test_cache_key_changes_with_image_seed_epoch_and_settings(fake_api, make_client):
    client = make_client()
    gpt = entry("openai/gpt-4o", fake_api)
    await client.generate(gpt, ask(image=png_bytes()))
    await client.generate(gpt, ask(image=png_bytes(color=(0, 0, 255))))
    await client.generate(gpt, ask(image=png_bytes(), seed=5))
    await client.generate(gpt, ask(image=png_bytes()), epoch=1)
    await client.generate(entry("openai/gpt-4o", fake_api, temperature=0.7), ask(image=png_bytes()))
    assert fake_api.count() == 5


async def test_no_cache_bypasses_and_failures_are_not_cached(fake_api, make_client):
    client = make_client(max_attempts=1)
    gpt = entry("openai/gpt-4o", fake_api)
    fake_api.replies.append(Reply(500, {"error": {"message": "boom"}}))
    failed = await client.generate(gpt, ask())
    assert failed.status == "api_error"
    ok = await client.generate(gpt, ask())
    assert ok.ok and not ok.cached
    fresh = await client.generate(gpt, ask(), no_cache=True)
    assert not fresh.cached and fake_api.count() == 3


async def test_use_cache_false_writes_nothing(fake_api, tmp_path, keys):
    client = ModelClient(use_cache=False, keys=keys)
    gpt = entry("openai/gpt-4o", fake_api)
    await client.generate(gpt, ask())
    await client.generate(gpt, ask())
    await client.aclose()
    assert fake_api.count() == 2 and client.cache is None


async def test_entry_settings_fill_unset_request_fields(fake_api, make_client):
    await make_client().generate(entry("openai/gpt-4o", fake_api, temperature=0.3, max_tokens=77), ask())
    body = fake_api.last().body
    assert body["temperature"] == 0.3 and body["max_completion_tokens"] == 77
    await make_client().generate(entry("openai/gpt-4o", fake_api, temperature=0.3), ask(temperature=1.0))
    assert fake_api.last().body["temperature"] == 1.0


async def test_price_overrides_per_entry(fake_api, make_client):
    gpt = entry("openai/gpt-4o", fake_api, price_input_per_mtok=1.0, price_output_per_mtok=2.0)
    response = await make_client().generate(gpt, ask())
    assert response.cost_usd == pytest.approx((1000 * 1.0 + 200 * 2.0) / 1e6)


async def test_unknown_model_has_unknown_cost(fake_api, make_client):
    response = await make_client().generate(entry("openai/some-future-model", fake_api), ask())
    assert response.ok and response.cost_usd is None


async def test_on_call_records_have_no_prompt(fake_api, make_client):
    records = []
    client = make_client(on_call=records.append)
    gpt = entry("openai/gpt-4o", fake_api)
    await client.generate(gpt, ask("the secret plan"))
    assert len(records) == 1 and records[0].entry_id == gpt.entry_id and records[0].status == "ok"
    assert "secret plan" not in records[0].model_dump_json()


async def test_builtin_entries_are_not_callable(make_client):
    with pytest.raises(ConfigError, match="built-in agent"):
        await make_client().generate(Entry(name="builtin/naive", model="builtin/naive"), ask())


class Flaky:
    """A minimal adapter (plugin-shaped) that fails a given number of times, then answers."""

    cacheable = False

    def __init__(self, config) -> None:
        self.model = config.model
        self.failures = int(config.options.get("failures", 0))
        self.image_limits = MockAdapter.image_limits

    async def generate(self, request):
        if self.failures:
            self.failures -= 1
            raise ConnectionResetError("peer reset")
        return Response(text="fine")

    def classify_error(self, exc):
        return CallFailure("api_error", True, str(exc))


register_adapter("test-flaky")(Flaky)


async def test_backoff_is_exponential_with_bounded_jitter(tmp_path, keys, sleep):
    client = ModelClient(use_cache=False, keys=keys, sleep=sleep, rng=random.Random(1),
                         retry=RetryPolicy(max_attempts=5, base_delay_s=0.5, max_delay_s=3.0, jitter=0.5))
    flaky = Entry(name="f", model="test-flaky/x", options={"failures": 4})
    response = await client.generate(flaky, ask())
    assert response.ok and response.attempts == 5
    bases = [0.5, 1.0, 2.0, 3.0]
    assert len(sleep.delays) == 4
    for delay, base in zip(sleep.delays, bases, strict=True):
        assert base <= delay <= base * 1.5
    assert client.usage[flaky.entry_id].retries == 4


async def test_retry_after_is_capped(fake_api, make_client, sleep):
    fake_api.replies.append(Reply(429, {"error": {"message": "later"}}, {"retry-after": "86400"}))
    client = make_client()
    client.retry = RetryPolicy(max_attempts=2, max_retry_after_s=30.0)
    response = await client.generate(entry("openai/gpt-4o", fake_api), ask())
    assert response.ok and sleep.delays == [30.0]


async def test_concurrency_is_bounded_per_entry_and_per_provider(tmp_path, keys):
    in_flight = {"now": 0, "max": 0}

    async def responder(request):
        in_flight["now"] += 1
        in_flight["max"] = max(in_flight["max"], in_flight["now"])
        await asyncio.sleep(0.01)
        in_flight["now"] -= 1
        return "ok"

    register_responder("counted", responder)
    client = ModelClient(use_cache=False, keys=keys)
    limited = Entry(name="m", model="mock/counted", max_concurrency=3)
    results = await asyncio.gather(*(client.generate(limited, ask(str(i))) for i in range(12)))
    assert all(r.ok for r in results) and in_flight["max"] == 3

    in_flight["max"] = 0
    client = ModelClient(use_cache=False, keys=keys, provider_limits={"mock": 2})
    wide = Entry(name="w", model="mock/counted", max_concurrency=10)
    await asyncio.gather(*(client.generate(wide, ask(str(i))) for i in range(12)))
    assert in_flight["max"] == 2


async def test_client_timeout_guards_a_hanging_adapter(keys, monkeypatch):
    async def never(request):
        await asyncio.Event().wait()

    register_responder("never", never)
    monkeypatch.setattr("arena.providers.client.TIMEOUT_GRACE_S", 0.0)
    client = ModelClient(use_cache=False, keys=keys, retry=RetryPolicy(max_attempts=1))
    response = await client.generate(Entry(name="n", model="mock/never", timeout_s=0.05), ask())
    assert response.status == "timeout"


def test_cache_file_roundtrip(tmp_path):
    cache = ResponseCache(tmp_path / "c.sqlite")
    cache.put("k1", Response(text="yes", prompt_tokens=3))
    cache.put("k2", Response(status="timeout", error="slow"))
    assert len(cache) == 1 and cache.get("k1").text == "yes" and cache.get("k2") is None


async def test_refused_connection_is_retried_then_api_error(make_client, sleep):
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    dead = Entry(name="dead", model="openai/gpt-4o", base_url=f"http://127.0.0.1:{port}/v1")
    response = await make_client(max_attempts=3).generate(dead, ask())
    assert response.status == "api_error" and response.attempts == 3 and len(sleep.delays) == 2


def test_corrupt_cache_row_is_a_miss(tmp_path):
    cache = ResponseCache(tmp_path / "c.sqlite")
    cache._db.execute("INSERT INTO responses (key, response) VALUES ('bad', '{\"status\": \"weird\"}')")
    assert cache.get("bad") is None
