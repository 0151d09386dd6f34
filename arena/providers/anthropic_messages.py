"""Anthropic Messages API (`anthropic/<model>`) through the official `anthropic` SDK.

The system prompt goes in the top-level `system` field; images become base64 image blocks placed
before the text of their user turn. Prompt caching: the system prompt and every message marked
`cache_breakpoint` get `cache_control` (at most four breakpoints, the API's limit), so the stable
prefix of an agent's prompt (rules, role script, images) is billed at the cache-read rate.
Anthropic has no JSON mode; `json_mode` adds an instruction to the system prompt instead, and a
request's JSON Schema becomes one tool (`input_schema`) that `tool_choice` forces, whose input is
returned as the reply's JSON text.
Temperature is sent only when set (newer Claude models refuse sampling parameters).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from arena.errors import ConfigError
from arena.providers.base import (
    AdapterConfig,
    CallFailure,
    ImageLimits,
    fit_request_images,
    read_wire,
    require_sdk,
)
from arena.providers.failures import classify_exception
from arena.providers.messages import ImagePart, Message, Request, Response
from arena.providers.registry import register_adapter

DEFAULT_MAX_TOKENS = 1024
MAX_CACHE_BREAKPOINTS = 4
JSON_INSTRUCTION = "Reply with a single JSON object and nothing else."
CONTEXT_MARKERS = ("prompt is too long", "context window", "too many tokens", "request_too_large")
EPHEMERAL = {"type": "ephemeral"}
ANSWER_TOOL = "decision"
ANSWER_TOOL_DESCRIPTION = "Give your answer to the current decision."

if TYPE_CHECKING:
    from arena.providers.anthropic_batch import AnthropicBatch


class AnthropicAdapter:
    """One Claude model behind the Messages API."""

    cacheable = True
    structured_outputs = True

    def __init__(self, config: AdapterConfig, client: Any) -> None:
        self.provider = config.provider
        self.model = config.model
        self._client = client
        base = getattr(client, "base_url", None)
        self.endpoint = str(base) if base is not None else None  # named in failures when no request URL is known
        self._prompt_cache = bool(config.options.get("prompt_cache", True))
        # Claude downsizes anything longer than ~1568 px anyway; sending more only costs upload time.
        self.image_limits = ImageLimits(max_side=int(config.options.get("image_max_side", 1568)),
                                        max_bytes=5 * 1024 * 1024)

    def __repr__(self) -> str:
        return f"AnthropicAdapter(model={self.model!r})"

    def build_params(self, request: Request) -> dict[str, Any]:
        """The keyword arguments for `messages.create`."""
        request = fit_request_images(request, self.image_limits)
        budget = [MAX_CACHE_BREAKPOINTS if self._prompt_cache else 0]
        params: dict[str, Any] = {
            "model": self.model,
            "max_tokens": request.max_tokens or DEFAULT_MAX_TOKENS,
            "messages": _merge_turns([_to_wire(m, budget) for m in request.turns]),
        }
        system = "\n\n".join(t for t in (request.system_text, JSON_INSTRUCTION if request.json_mode else "") if t)
        if system:
            block: dict[str, Any] = {"type": "text", "text": system}
            if budget[0] > 0:
                block["cache_control"] = EPHEMERAL
                budget[0] -= 1
            params["system"] = [block]
        if request.temperature is not None:
            # The SDK dropped sampling keywords; models that still accept them read them from the body.
            # Recent Claude models reject any temperature: leave it unset for those entries.
            params["extra_body"] = {"temperature": request.temperature}
        if request.stop:
            params["stop_sequences"] = list(request.stop)
        if request.json_schema is not None:
            params["tools"] = [{"name": ANSWER_TOOL, "description": ANSWER_TOOL_DESCRIPTION,
                                "input_schema": request.json_schema}]
            params["tool_choice"] = {"type": "tool", "name": ANSWER_TOOL}
        return params

    async def generate(self, request: Request) -> Response:
        message = await self._client.messages.create(**self.build_params(request))
        return read_wire(from_wire, message)

    def batch(self) -> AnthropicBatch:
        """This provider's Message Batches (`arena.providers.batch`), sharing this adapter's configured SDK client."""
        from arena.providers.anthropic_batch import AnthropicBatch  # the batch module builds on this one

        return AnthropicBatch(self)

    def classify_error(self, exc: BaseException) -> CallFailure:
        return classify_exception(exc, CONTEXT_MARKERS)

    async def aclose(self) -> None:
        await self._client.close()


def _to_wire(message: Message, budget: list[int]) -> dict[str, Any]:
    """Images first, then text: Claude reads images best when they precede the question."""
    images = [{"type": "image", "source": {"type": "base64", "media_type": p.media_type,
                                           "data": p.base64_data()}}
              for p in message.parts if isinstance(p, ImagePart)]
    texts = [{"type": "text", "text": p.text} for p in message.parts if not isinstance(p, ImagePart)]
    blocks: list[dict[str, Any]] = images + texts
    if message.cache_breakpoint and budget[0] > 0:
        blocks[-1] = {**blocks[-1], "cache_control": EPHEMERAL}
        budget[0] -= 1
    return {"role": message.role, "content": blocks}


def _merge_turns(turns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Join consecutive same-role turns: the API wants user and assistant turns to alternate."""
    merged: list[dict[str, Any]] = []
    for turn in turns:
        if merged and merged[-1]["role"] == turn["role"]:
            merged[-1] = {"role": turn["role"], "content": merged[-1]["content"] + turn["content"]}
        else:
            merged.append(turn)
    return merged


def _reply_text(content: Any) -> str:
    """The forced tool call's input as JSON text when there is one, else the text blocks joined."""
    for block in content:
        if getattr(block, "type", "") == "tool_use" and getattr(block, "name", "") == ANSWER_TOOL:
            return json.dumps(block.input, ensure_ascii=False)
    return "".join(getattr(b, "text", "") for b in content if getattr(b, "type", "") == "text")


def from_wire(message: Any) -> Response:
    text = _reply_text(message.content)
    usage = message.usage
    read = getattr(usage, "cache_read_input_tokens", 0) or 0
    written = getattr(usage, "cache_creation_input_tokens", 0) or 0
    refused = message.stop_reason == "refusal"
    return Response(
        text=text,
        status="refused_or_blocked" if refused else "ok",
        prompt_tokens=(usage.input_tokens or 0) + read + written,
        completion_tokens=usage.output_tokens or 0,
        cached_prompt_tokens=read,
        cache_write_prompt_tokens=written,
        raw_finish_reason=message.stop_reason,
        provider_model=getattr(message, "model", None),
        error="the model refused" if refused else None,
    )


@register_adapter("anthropic")
def create_anthropic(config: AdapterConfig) -> AnthropicAdapter:
    anthropic = require_sdk("anthropic", "anthropic")
    if config.api_key is None:
        raise ConfigError("anthropic/... needs an API key: set ANTHROPIC_API_KEY in the environment or in .env")
    client = anthropic.AsyncAnthropic(api_key=config.api_key.get_secret_value(), base_url=config.base_url,
                                      timeout=config.timeout_s, max_retries=0)
    return AnthropicAdapter(config, client)
