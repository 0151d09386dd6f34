"""Structured outputs through the real SDKs: the schema on each API's wire, `structured` modes, and
`auto` stepping down (and remembering it) when a server refuses the schema."""

from __future__ import annotations

import json
from typing import Any

import pytest

from arena.agents.smoke import compare_structured
from arena.entries import Entry
from arena.providers.messages import Message, Request
from arena.providers.structured import PROMPT_SCHEMA_NOTE
from tests.providers.conftest import entry
from tests.providers.fake_api import FakeAPI, Reply, anthropic_tool_ok, loose_player_responder, sent_schema

SCHEMA: dict[str, Any] = {"type": "object", "properties": {"vote": {"anyOf": [
    {"type": "string", "enum": ["butler", "cook"]}, {"type": "null"}]}}, "required": ["vote"],
    "additionalProperties": False}
REFUSED = Reply(status=400, body={"error": {"message": "response_format json_schema is not supported by this server",
                                            "type": "invalid_request_error"}})


def vote_request() -> Request:
    return Request(messages=[Message.system("Vote."), Message.user("Who did it?")], json_mode=True,
                   json_schema=SCHEMA, max_tokens=50)


@pytest.mark.parametrize("model", ["openai/gpt-4o", "openai-compatible/llama", "anthropic/claude-test",
                                   "google/gemini-test"])
async def test_auto_sends_the_schema_in_each_apis_shape(fake_api: FakeAPI, make_client: Any, model: str) -> None:
    if model.startswith("anthropic"):
        fake_api.replies.append(Reply(body=anthropic_tool_ok("decision", {"vote": "cook"})))
    response = await make_client().generate(entry(model, fake_api), vote_request())
    sent = fake_api.last()
    assert sent_schema(sent.path, sent.body) == SCHEMA
    if model.startswith("openai"):
        assert sent.body["response_format"]["json_schema"] == {"name": "decision", "schema": SCHEMA, "strict": True}
    if model.startswith("anthropic"):
        assert sent.body["tool_choice"] == {"type": "tool", "name": "decision"}
        assert json.loads(response.text) == {"vote": "cook"} and response.status == "ok"


@pytest.mark.parametrize(("mode", "expected"), [("json_object", {"type": "json_object"}), ("off", None),
                                                ("json_schema", "schema")])
async def test_each_mode_on_the_openai_wire(fake_api: FakeAPI, make_client: Any, mode: str, expected: Any) -> None:
    await make_client().generate(entry("openai/gpt-4o", fake_api, structured=mode), vote_request())
    body = fake_api.last().body
    if expected == "schema":
        assert body["response_format"]["type"] == "json_schema"
    else:
        assert body.get("response_format") == expected


async def test_auto_steps_down_on_a_refusal_and_remembers_it(fake_api: FakeAPI, make_client: Any) -> None:
    local = entry("openai-compatible/small", fake_api)
    client = make_client(use_cache=False)
    fake_api.replies.extend([REFUSED, Reply(body=None)])
    first = await client.generate(local, vote_request())
    assert first.status == "ok" and first.attempts == 2
    refused, accepted = fake_api.requests
    assert refused.body["response_format"]["type"] == "json_schema"
    assert accepted.body["response_format"] == {"type": "json_object", "schema": SCHEMA}, "the schema is kept"
    await client.generate(local, vote_request())
    assert fake_api.last().body["response_format"] == {"type": "json_object", "schema": SCHEMA}, "remembered"
    assert fake_api.count() == 3 and client.structured.fallen() == {local.entry_id: "json_object+schema"}


async def test_auto_writes_the_schema_into_the_prompt_when_both_dialects_are_refused(
        fake_api: FakeAPI, make_client: Any) -> None:
    fake_api.replies.extend([REFUSED, REFUSED, Reply(body=None)])
    response = await make_client(use_cache=False).generate(entry("openai-compatible/tiny", fake_api), vote_request())
    sent = fake_api.last().body
    assert response.status == "ok" and "response_format" not in sent and "guided_json" not in sent
    last_user = sent["messages"][-1]["content"]
    assert PROMPT_SCHEMA_NOTE in last_user and json.dumps(SCHEMA, sort_keys=True) in last_user


async def test_a_fixed_mode_does_not_step_down(fake_api: FakeAPI, make_client: Any) -> None:
    fake_api.replies.append(REFUSED)
    strict = entry("openai-compatible/small", fake_api, structured="json_schema")
    response = await make_client(use_cache=False).generate(strict, vote_request())
    assert response.status == "api_error" and "response_format" in (response.error or "")
    assert fake_api.count() == 1


async def test_a_400_about_something_else_is_not_a_refusal(fake_api: FakeAPI, make_client: Any) -> None:
    fake_api.replies.append(Reply(status=400, body={"error": {"message": "temperature out of range"}}))
    response = await make_client(use_cache=False).generate(entry("openai-compatible/small", fake_api), vote_request())
    assert response.status == "api_error" and fake_api.count() == 1


async def test_providers_without_schema_support_get_json_mode(make_client: Any) -> None:
    client = make_client(use_cache=False)
    mock = Entry(name="m", model="mock/echo")
    assert client.structured.mode(mock, client.adapter(mock)) == "json_object"


def test_structured_joins_the_identity_only_when_changed() -> None:
    plain = Entry(name="a", model="openai/gpt-4o")
    assert "structured" not in plain.identity()
    assert Entry(name="a", model="openai/gpt-4o", structured="off").entry_id != plain.entry_id


@pytest.mark.parametrize("model", ["openai-compatible/small", "anthropic/claude-test"])
async def test_compare_structured_over_loopback(fake_api: FakeAPI, make_client: Any, model: str) -> None:
    fake_api.responder = loose_player_responder(prose_share=0.6)
    result = await compare_structured(entry(model, fake_api), make_client(use_cache=False))
    assert result.mode_with == "json_schema"
    assert result.with_.parse_failures == 0 and result.with_.passed
    rate = result.parse_error_rate(result.without)
    assert rate > 0.3, rate  # prose without a schema is a parse error the runner asks again about
    assert result.to_dict()["without"]["parse_failures"] == result.without.parse_failures > 0


async def test_llama_cpp_context_overflow_is_context_limit(fake_api: FakeAPI, make_client: Any) -> None:
    fake_api.replies.append(Reply(status=400, body={"error": {
        "code": 400, "message": "the request exceeds the available context size, try increasing it",
        "type": "exceed_context_size_error"}}))
    response = await make_client(use_cache=False).generate(entry("openai-compatible/tiny", fake_api), vote_request())
    assert response.status == "context_limit" and fake_api.count() == 1


def test_capability_settings_join_the_identity_only_when_changed() -> None:
    plain = Entry(name="a", model="openai-compatible/x")
    assert set(plain.identity()) == {"model", "temperature", "max_tokens", "strategy", "base_url", "options"}
    text_only = Entry(name="a", model="openai-compatible/x", vision=False, context_tokens=4096)
    assert text_only.identity()["vision"] is False and text_only.entry_id != plain.entry_id
    assert text_only.image_mode_used == "ocr" and plain.image_mode_used == "native"
