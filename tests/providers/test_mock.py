"""The mock provider: scripted, registered and seeded replies with no network."""

from __future__ import annotations

import pytest

from arena.entries import Entry
from arena.errors import ConfigError
from arena.providers.client import ModelClient
from arena.providers.messages import Message, Request, Response
from arena.providers.mock import register_responder


def ask(text: str, seed: int | None = None, json_mode: bool = False) -> Request:
    return Request(messages=[Message.user(text)], seed=seed, json_mode=json_mode)


@pytest.fixture
def client(keys) -> ModelClient:
    return ModelClient(use_cache=False, keys=keys)


async def test_outputs_cycle_and_script_failures(client):
    scripted = Entry(name="s", model="mock/scripted",
                     options={"outputs": ["first", {"status": "timeout"}, {"text": "third"}]})
    replies = [await client.generate(scripted, ask("q")) for _ in range(4)]
    assert [r.text for r in replies] == ["first", "", "third", "first"]
    assert [r.status for r in replies] == ["ok", "timeout", "ok", "ok"]
    assert replies[1].prompt_tokens == 0 and replies[1].cost_usd == 0.0
    assert replies[1].error == "scripted timeout"
    assert all(r.prompt_tokens > 0 for r in replies if r.ok) and replies[0].cost_usd == 0.0


async def test_bad_scripted_status_is_a_config_error(client):
    with pytest.raises(ConfigError, match="not one of"):
        await client.generate(Entry(name="b", model="mock/x", options={"outputs": [{"status": "exploded"}]}), ask("q"))


async def test_echo_and_registered_responders(client):
    echo = await client.generate(Entry(name="e", model="mock/echo"), ask("say this back"))
    assert echo.text == "say this back"

    async def judge(request: Request) -> Response:
        return Response(text=f"{len(request.messages)} message(s)", status="refused_or_blocked")

    register_responder("judge", judge)
    judged = await client.generate(Entry(name="j", model="mock/judge"), ask("x"))
    assert judged.text == "1 message(s)" and judged.status == "refused_or_blocked"


async def test_seeded_replies_are_deterministic(client):
    seeded = Entry(name="r", model="mock/random")
    a = await client.generate(seeded, ask("same", seed=1))
    b = await client.generate(seeded, ask("same", seed=1))
    c = await client.generate(seeded, ask("same", seed=2))
    assert a.text == b.text and a.text != c.text
    as_json = await client.generate(seeded, ask("same", seed=1, json_mode=True))
    assert as_json.text.startswith('{"speech": ')
