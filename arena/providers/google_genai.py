"""Google Gemini (`google/<model>`) through the `google-genai` SDK.

`from google import genai`; the client gets the key and `HttpOptions(base_url=..., timeout=ms)` with
the SDK's own retries off and API version `v1beta` (option `api_version`); the call is
`client.aio.models.generate_content`. Images become
`types.Part.from_bytes` (inline data), the system prompt goes in `GenerateContentConfig
.system_instruction`, JSON mode sets `response_mime_type="application/json"`. A prompt blocked by
safety filters (`prompt_feedback.block_reason`) or a candidate stopped for safety is
`refused_or_blocked`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arena.errors import ConfigError
from arena.providers.base import (
    AdapterConfig,
    CallFailure,
    ImageLimits,
    MalformedResponse,
    fit_request_images,
    read_wire,
    require_sdk,
)
from arena.providers.failures import classify_exception
from arena.providers.messages import ImagePart, Message, Request, Response
from arena.providers.registry import register_adapter

BLOCK_FINISH = frozenset({"SAFETY", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "RECITATION", "IMAGE_SAFETY",
                          "IMAGE_PROHIBITED_CONTENT", "MODEL_ARMOR"})
DEFAULT_ENDPOINT = "https://generativelanguage.googleapis.com"
CONTEXT_MARKERS = ("exceeds the maximum number of tokens", "input token count", "token count exceeds",
                   "too many tokens")

if TYPE_CHECKING:
    from arena.providers.google_batch import GeminiBatch


class GeminiAdapter:
    """One Gemini model behind the Gemini Developer API."""

    cacheable = True
    structured_outputs = True

    def __init__(self, config: AdapterConfig, client: Any, types: Any) -> None:
        self.provider = config.provider
        self.model = config.model
        self._client = client
        self._types = types
        self.endpoint = config.base_url or DEFAULT_ENDPOINT  # named in failures when no request URL is known
        self.image_limits = ImageLimits(max_side=int(config.options.get("image_max_side", 3072)),
                                        max_bytes=7 * 1024 * 1024, formats=("png", "jpeg", "webp"))

    def __repr__(self) -> str:
        return f"GeminiAdapter(model={self.model!r})"

    def build_params(self, request: Request) -> dict[str, Any]:
        """The keyword arguments for `client.aio.models.generate_content`."""
        types = self._types
        request = fit_request_images(request, self.image_limits)
        config = types.GenerateContentConfig(
            system_instruction=request.system_text or None,
            temperature=request.temperature,
            max_output_tokens=request.max_tokens,
            seed=request.seed,
            stop_sequences=list(request.stop) or None,
            response_mime_type="application/json" if request.json_mode or request.json_schema else None,
            response_json_schema=request.json_schema,
        )
        return {"model": self.model, "contents": [self._content(m) for m in request.turns], "config": config}

    def _content(self, message: Message) -> Any:
        types = self._types
        parts = [types.Part.from_bytes(data=p.data, mime_type=p.media_type) if isinstance(p, ImagePart)
                 else types.Part.from_text(text=p.text) for p in message.parts]
        return types.Content(role="model" if message.role == "assistant" else "user", parts=parts)

    async def generate(self, request: Request) -> Response:
        result = await self._client.aio.models.generate_content(**self.build_params(request))
        return read_wire(from_wire, result)

    def batch(self) -> GeminiBatch:
        """This provider's batch mode (`arena.providers.batch`), sharing this adapter's configured SDK client."""
        from arena.providers.google_batch import GeminiBatch  # the batch module builds on this one

        return GeminiBatch(self)

    def classify_error(self, exc: BaseException) -> CallFailure:
        return classify_exception(exc, CONTEXT_MARKERS)

    async def aclose(self) -> None:
        await self._client.aio.aclose()


def _enum_name(value: Any) -> str | None:
    if value is None:
        return None
    return str(getattr(value, "name", None) or getattr(value, "value", None) or value)


def from_wire(result: Any) -> Response:
    usage = result.usage_metadata
    counted = Response(
        prompt_tokens=getattr(usage, "prompt_token_count", 0) or 0,
        # Thinking tokens are billed as output tokens.
        completion_tokens=(getattr(usage, "candidates_token_count", 0) or 0)
        + (getattr(usage, "thoughts_token_count", 0) or 0),
        cached_prompt_tokens=getattr(usage, "cached_content_token_count", 0) or 0,
        provider_model=getattr(result, "model_version", None),
    )
    feedback = result.prompt_feedback
    block = _enum_name(getattr(feedback, "block_reason", None)) if feedback else None
    if block:
        return counted.model_copy(update={"status": "refused_or_blocked", "raw_finish_reason": block,
                                          "error": f"prompt blocked: {block}"})
    if not result.candidates:
        raise MalformedResponse("the response has no candidates")
    candidate = result.candidates[0]
    finish = _enum_name(candidate.finish_reason)
    parts = candidate.content.parts if candidate.content and candidate.content.parts else []
    text = "".join(p.text for p in parts if p.text and not p.thought)
    if finish in BLOCK_FINISH:
        return counted.model_copy(update={"text": text, "status": "refused_or_blocked", "raw_finish_reason": finish,
                                          "error": f"response blocked: {finish}"})
    return counted.model_copy(update={"text": text, "raw_finish_reason": finish})


@register_adapter("google")
def create_google(config: AdapterConfig) -> GeminiAdapter:
    genai = require_sdk("google.genai", "google-genai")
    types = require_sdk("google.genai.types", "google-genai")
    if config.api_key is None:
        raise ConfigError("google/... needs an API key: set GEMINI_API_KEY (or GOOGLE_API_KEY) in the environment "
                          "or .env")
    http_options = types.HttpOptions(base_url=config.base_url,
                                     api_version=str(config.options.get("api_version", "v1beta")),
                                     timeout=max(1, int(config.timeout_s * 1000)),
                                     retry_options=types.HttpRetryOptions(attempts=1))
    client = genai.Client(api_key=config.api_key.get_secret_value(), vertexai=False, http_options=http_options)
    return GeminiAdapter(config, client, types)
