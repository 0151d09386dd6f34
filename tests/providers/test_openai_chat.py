"""The OpenAI adapter against a loopback server speaking /v1/chat/completions, through the real SDK."""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image

from arena.entries import Entry
from arena.errors import ConfigError
from arena.providers.client import ModelClient
from arena.providers.messages import ImagePart, Message, Request
from arena.providers.secrets import KeyStore
from tests.providers.conftest import entry, png_bytes
from tests.providers.fake_api import Reply, openai_ok


def vision_request(**kwargs: object) -> Request:
    image = ImagePart(data=png_bytes(), media_type="image/png")
    return Request(messages=[Message.system("You are the detective."),
                             Message.user("Look at the clue.", image, "Who is lying?")], **kwargs)  # type: ignore[arg-type]


async def test_request_shape_images_system_and_json_mode(fake_api, make_client):
    client = make_client()
    response = await client.generate(entry("openai/gpt-4o", fake_api, temperature=0.0),
                                     vision_request(json_mode=True, seed=11, max_tokens=300))
    assert response.status == "ok" and response.text == "hello from openai"
    sent = fake_api.last()
    assert sent.path == "/v1/chat/completions"
    assert sent.body["model"] == "gpt-4o"
    assert sent.body["messages"][0] == {"role": "system", "content": "You are the detective."}
    content = sent.body["messages"][1]["content"]
    assert [c["type"] for c in content] == ["text", "image_url", "text"]
    url = content[1]["image_url"]["url"]
    assert url.startswith("data:image/png;base64,")
    assert base64.b64decode(url.split(",", 1)[1]) == png_bytes()
    assert sent.body["response_format"] == {"type": "json_object"}
    assert sent.body["seed"] == 11 and sent.body["temperature"] == 0.0
    assert sent.body["max_completion_tokens"] == 300
    assert sent.headers["authorization"].startswith("Bearer sk-CANARY")


async def test_usage_and_cost_from_price_table(fake_api, make_client):
    response = await make_client().generate(entry("openai/gpt-4o", fake_api), vision_request())
    assert (response.prompt_tokens, response.completion_tokens, response.cached_prompt_tokens) == (1000, 200, 400)
    # gpt-4o: 2.50 in, 1.25 cached in, 10.00 out per million tokens.
    assert response.cost_usd == pytest.approx((600 * 2.50 + 400 * 1.25 + 200 * 10.00) / 1e6)
    assert response.provider_model == "gpt-4o-2024-08-06"


async def test_compatible_server_uses_max_tokens_and_placeholder_key(fake_api, make_client):
    response = await make_client().generate(entry("openai-compatible/qwen2-vl", fake_api, api_key_env=None),
                                            vision_request(max_tokens=50))
    assert response.ok and response.cost_usd == 0.0
    body = fake_api.last().body
    assert body["max_tokens"] == 50 and "max_completion_tokens" not in body
    assert body["model"] == "qwen2-vl"


async def test_compatible_without_base_url_is_a_config_error(make_client):
    with pytest.raises(ConfigError, match="needs base_url"):
        await make_client().generate(Entry(name="x", model="openai-compatible/llama"), vision_request())


async def test_missing_key_is_a_config_error(fake_api, tmp_path):
    client = ModelClient(use_cache=False, keys=KeyStore(environ={}, dotenv=tmp_path / ".env"))
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        await client.generate(entry("openai/gpt-4o", fake_api), vision_request())


async def test_429_with_retry_after_then_success(fake_api, make_client, sleep):
    fake_api.replies.append(Reply(429, {"error": {"message": "slow down", "type": "rate_limit"}}, {"retry-after": "7"}))
    response = await make_client().generate(entry("openai/gpt-4o", fake_api), vision_request())
    assert response.ok and response.attempts == 2
    assert sleep.delays == [7.0]
    assert fake_api.count("/chat/completions") == 2


async def test_500_beyond_the_bound_is_api_error(fake_api, make_client, sleep):
    fake_api.replies.extend(Reply(500, {"error": {"message": "boom"}}) for _ in range(5))
    response = await make_client(max_attempts=3).generate(entry("openai/gpt-4o", fake_api), vision_request())
    assert response.status == "api_error" and response.attempts == 3
    assert fake_api.count() == 3 and len(sleep.delays) == 2
    # Exponential backoff with up to 50% jitter: 1s then 2s base.
    assert 1.0 <= sleep.delays[0] <= 1.5 and 2.0 <= sleep.delays[1] <= 3.0


async def test_hang_past_timeout_is_timeout(fake_api, make_client):
    fake_api.replies.append(Reply(hang=True))
    response = await make_client(max_attempts=1).generate(entry("openai/gpt-4o", fake_api, timeout_s=0.3),
                                                           vision_request())
    assert response.status == "timeout" and response.attempts == 1
    assert "timed out after 0.3 s at http://127.0.0.1:" in (response.error or "")


async def test_malformed_json_body_is_api_error(fake_api, make_client):
    fake_api.replies.append(Reply(200, b'{"id": "chatcmpl-1", "choices": [ {"mess'))
    response = await make_client(max_attempts=1).generate(entry("openai/gpt-4o", fake_api), vision_request())
    assert response.status == "api_error" and response.error


async def test_content_filter_is_refused(fake_api, make_client):
    fake_api.replies.append(Reply(200, openai_ok("", finish="content_filter")))
    response = await make_client().generate(entry("openai/gpt-4o", fake_api), vision_request())
    assert response.status == "refused_or_blocked"


async def test_context_length_error_is_context_limit_without_retry(fake_api, make_client, sleep):
    error = {"error": {"message": "This model's maximum context length is 128000 tokens.",
                       "type": "invalid_request_error", "code": "context_length_exceeded"}}
    fake_api.replies.append(Reply(400, error))
    response = await make_client().generate(entry("openai/gpt-4o", fake_api), vision_request())
    assert response.status == "context_limit" and response.attempts == 1 and sleep.delays == []


async def test_oversized_image_is_scaled_to_the_provider_limit(fake_api, make_client):
    big = ImagePart(data=png_bytes(4000, 100), media_type="image/png")
    await make_client().generate(entry("openai/gpt-4o", fake_api), Request(messages=[Message.user("see", big)]))
    url = fake_api.last().body["messages"][0]["content"][1]["image_url"]["url"]
    sent = Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1])))
    assert max(sent.size) == 2048
