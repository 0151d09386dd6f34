"""The Anthropic adapter against a loopback server speaking /v1/messages, through the real SDK."""

from __future__ import annotations

import base64

import pytest

from arena.providers.anthropic_messages import JSON_INSTRUCTION
from arena.providers.messages import ImagePart, Message, Request
from tests.providers.conftest import FAKE_KEY, entry, png_bytes
from tests.providers.fake_api import Reply, anthropic_ok

CLAUDE = "anthropic/claude-3-5-sonnet-20241022"


def game_request(**kwargs: object) -> Request:
    image = ImagePart(data=png_bytes(), media_type="image/png")
    return Request(messages=[
        Message.system("Rules of the game."),
        Message.user("Your role script.", image, cache_breakpoint=True),
        Message.assistant("I am the butler."),
        Message.user("Round 1: who do you ask?"),
        Message.user("Answer in one line."),
    ], **kwargs)  # type: ignore[arg-type]


async def test_request_shape_system_images_first_and_cache_control(fake_api, make_client):
    response = await make_client().generate(entry(CLAUDE, fake_api, temperature=0.2), game_request(stop=["END"]))
    assert response.ok and response.text == "hello from claude"
    sent = fake_api.last()
    assert sent.path == "/v1/messages"
    # Depending on the SDK version the key travels as x-api-key or as a bearer token.
    bearer = sent.headers.get("authorization", "").removeprefix("Bearer ")
    assert FAKE_KEY in (sent.headers.get("x-api-key", ""), bearer)
    body = sent.body
    assert body["system"] == [{"type": "text", "text": "Rules of the game.", "cache_control": {"type": "ephemeral"}}]
    assert all(m["role"] != "system" for m in body["messages"])
    first = body["messages"][0]["content"]
    assert [b["type"] for b in first] == ["image", "text"]
    assert first[0]["source"]["type"] == "base64" and first[0]["source"]["media_type"] == "image/png"
    assert base64.b64decode(first[0]["source"]["data"]) == png_bytes()
    assert first[1]["cache_control"] == {"type": "ephemeral"}
    # The two trailing user turns are merged so that roles alternate.
    assert [m["role"] for m in body["messages"]] == ["user", "assistant", "user"]
    assert [b["text"] for b in body["messages"][2]["content"]] == ["Round 1: who do you ask?", "Answer in one line."]
    assert body["max_tokens"] == 1024 and body["temperature"] == 0.2 and body["stop_sequences"] == ["END"]


async def test_temperature_is_left_out_unless_set(fake_api, make_client):
    await make_client().generate(entry(CLAUDE, fake_api), game_request())
    assert "temperature" not in fake_api.last().body


async def test_json_mode_adds_the_instruction_to_system(fake_api, make_client):
    await make_client().generate(entry(CLAUDE, fake_api), game_request(json_mode=True, max_tokens=64))
    body = fake_api.last().body
    assert body["system"][0]["text"].endswith(JSON_INSTRUCTION)
    assert body["max_tokens"] == 64


async def test_prompt_cache_can_be_switched_off(fake_api, make_client):
    await make_client().generate(entry(CLAUDE, fake_api, options={"prompt_cache": False}), game_request())
    assert "cache_control" not in str(fake_api.last().body)


async def test_usage_counts_cache_reads_and_prices_them(fake_api, make_client):
    response = await make_client().generate(entry(CLAUDE, fake_api), game_request())
    assert response.prompt_tokens == 300 + 600 + 100 and response.cached_prompt_tokens == 600
    assert response.completion_tokens == 50 and response.cache_write_prompt_tokens == 100
    # claude-3-5-sonnet: 3.00 in, 0.30 cached in, 3.75 cache write, 15.00 out per million.
    assert response.cost_usd == pytest.approx((300 * 3.00 + 600 * 0.30 + 100 * 3.75 + 50 * 15.00) / 1e6)


async def test_refusal_stop_reason_is_refused(fake_api, make_client):
    fake_api.replies.append(Reply(200, anthropic_ok("", stop="refusal")))
    response = await make_client().generate(entry(CLAUDE, fake_api), game_request())
    assert response.status == "refused_or_blocked"


async def test_overloaded_529_is_retried(fake_api, make_client, sleep):
    overloaded = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    fake_api.replies.extend([Reply(529, overloaded), Reply(529, overloaded)])
    response = await make_client(max_attempts=4).generate(entry(CLAUDE, fake_api), game_request())
    assert response.ok and response.attempts == 3 and len(sleep.delays) == 2
    assert fake_api.count("/v1/messages") == 3


async def test_prompt_too_long_is_context_limit(fake_api, make_client):
    error = {"type": "error", "error": {"type": "invalid_request_error",
                                        "message": "prompt is too long: 210000 tokens > 200000 maximum"}}
    fake_api.replies.append(Reply(400, error))
    response = await make_client().generate(entry(CLAUDE, fake_api), game_request())
    assert response.status == "context_limit" and response.attempts == 1


async def test_wide_image_is_scaled_to_1568(fake_api, make_client):
    from io import BytesIO

    from PIL import Image

    wide = ImagePart(data=png_bytes(3000, 120), media_type="image/png")
    await make_client().generate(entry(CLAUDE, fake_api), Request(messages=[Message.user("see", wide)]))
    block = fake_api.last().body["messages"][0]["content"][0]
    assert max(Image.open(BytesIO(base64.b64decode(block["source"]["data"]))).size) == 1568
