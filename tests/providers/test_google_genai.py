"""The Gemini adapter against a loopback server speaking v1beta generateContent, through google-genai."""

from __future__ import annotations

import base64

from arena.providers.messages import ImagePart, Message, Request
from tests.providers.conftest import entry, png_bytes
from tests.providers.fake_api import Reply, gemini_ok

GEMINI = "google/gemini-2.0-flash"


def vision_request(**kwargs: object) -> Request:
    image = ImagePart(data=png_bytes(), media_type="image/png")
    return Request(messages=[Message.system("You are the detective."), Message.user("Read the note.", image),
                             Message.assistant("It is a receipt."), Message.user("Whose?")], **kwargs)  # type: ignore[arg-type]


async def test_request_shape_inline_data_system_instruction_json(fake_api, make_client):
    response = await make_client().generate(entry(GEMINI, fake_api, temperature=0.5),
                                            vision_request(json_mode=True, seed=3, max_tokens=200))
    assert response.ok and response.text == "hello from gemini"
    sent = fake_api.last()
    assert sent.path == "/v1beta/models/gemini-2.0-flash:generateContent"
    assert sent.headers["x-goog-api-key"].startswith("sk-CANARY")
    body = sent.body
    assert body["systemInstruction"]["parts"] == [{"text": "You are the detective."}]
    assert [c["role"] for c in body["contents"]] == ["user", "model", "user"]
    parts = body["contents"][0]["parts"]
    assert parts[0] == {"text": "Read the note."}
    inline = parts[1]["inlineData"]
    # The JSON API accepts either field spelling; the SDK sends URL-safe base64.
    assert inline.get("mimeType", inline.get("mime_type")) == "image/png"
    assert base64.urlsafe_b64decode(inline["data"]) == png_bytes()
    config = body["generationConfig"]
    assert config["responseMimeType"] == "application/json"
    assert (config["temperature"], config["seed"], config["maxOutputTokens"]) == (0.5, 3, 200)


async def test_usage_includes_thinking_tokens(fake_api, make_client):
    response = await make_client().generate(entry(GEMINI, fake_api), vision_request())
    assert (response.prompt_tokens, response.completion_tokens) == (800, 120)
    assert response.provider_model == "gemini-2.0-flash-001"
    assert response.cost_usd is not None and response.cost_usd > 0


async def test_prompt_safety_block_is_refused(fake_api, make_client):
    blocked = {"promptFeedback": {"blockReason": "SAFETY", "safetyRatings": []},
               "usageMetadata": {"promptTokenCount": 12, "totalTokenCount": 12}}
    fake_api.replies.append(Reply(200, blocked))
    response = await make_client().generate(entry(GEMINI, fake_api), vision_request())
    assert response.status == "refused_or_blocked" and response.raw_finish_reason == "SAFETY"


async def test_candidate_stopped_for_safety_is_refused(fake_api, make_client):
    fake_api.replies.append(Reply(200, gemini_ok("", finish="SAFETY")))
    response = await make_client().generate(entry(GEMINI, fake_api), vision_request())
    assert response.status == "refused_or_blocked"


async def test_503_then_success_is_retried(fake_api, make_client, sleep):
    unavailable = {"error": {"code": 503, "message": "The model is overloaded.", "status": "UNAVAILABLE"}}
    fake_api.replies.append(Reply(503, unavailable, {"retry-after": "3"}))
    response = await make_client().generate(entry(GEMINI, fake_api), vision_request())
    assert response.ok and response.attempts == 2 and sleep.delays == [3.0]
    assert fake_api.count(":generateContent") == 2


async def test_hang_is_timeout_and_bad_body_is_api_error(fake_api, make_client):
    fake_api.replies.extend([Reply(hang=True), Reply(200, b"{not json")])
    client = make_client(max_attempts=1)
    timed_out = await client.generate(entry(GEMINI, fake_api, timeout_s=0.3), vision_request())
    assert timed_out.status == "timeout"
    broken = await client.generate(entry(GEMINI, fake_api), vision_request(), no_cache=True)
    assert broken.status == "api_error"


async def test_token_limit_error_is_context_limit(fake_api, make_client):
    error = {"error": {"code": 400, "status": "INVALID_ARGUMENT",
                       "message": "The input token count (1200000) exceeds the maximum number of tokens allowed."}}
    fake_api.replies.append(Reply(400, error))
    response = await make_client().generate(entry(GEMINI, fake_api), vision_request())
    assert response.status == "context_limit"
