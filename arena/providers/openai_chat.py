"""OpenAI chat completions (`openai/<model>`) and OpenAI-compatible servers (`openai-compatible/<name>`).

Thin mapping onto the official `openai` SDK: images become base64 `data:` URL parts, JSON mode
becomes `response_format={"type": "json_object"}`, and a request's JSON Schema goes in the dialect
the request names (`arena.providers.structured`): `json_schema` (default) as
`response_format={"type": "json_schema", "json_schema": {"name", "schema", "strict": true}}`,
`json_object+schema` as `response_format={"type": "json_object", "schema": ...}` (llama-cpp-python's
server) and `guided_json` as a top-level `guided_json` field (older vLLM). The same adapter serves
vLLM, Ollama, llama.cpp, LM Studio and SGLang through `base_url`; those servers usually need no key,
so a placeholder is sent. For them a text-only message goes as one plain string: some chat templates
(llama-cpp-python's Gemma format) drop a `content` given as an array of parts, and Ollama splits
one into several messages.
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
from arena.providers.messages import CallStatus, ImagePart, Message, Request, Response, SchemaDialect
from arena.providers.registry import register_adapter

LOCAL_KEY_PLACEHOLDER = "not-needed"
CONTEXT_MARKERS = ("context_length_exceeded", "maximum context length", "context length", "too many tokens",
                   "exceed_context_size", "exceeds the available context size")  # the last two: llama.cpp
REFUSAL_FINISH = frozenset({"content_filter"})
SCHEMA_NAME = "decision"

if TYPE_CHECKING:
    from arena.providers.openai_batch import OpenAIBatch


class OpenAIChatAdapter:
    """One model behind a chat-completions endpoint."""

    cacheable = True
    structured_outputs = True
    schema_dialects: tuple[SchemaDialect, ...] = ("json_schema",)

    def __init__(self, config: AdapterConfig, client: Any, compatible: bool) -> None:
        self.provider = config.provider
        self.model = config.model
        self._client = client
        self._compatible = compatible
        if compatible:
            self.schema_dialects = ("json_schema", "json_object+schema", "guided_json")
        base = getattr(client, "base_url", None)
        self.endpoint = str(base) if base is not None else None  # named in failures when no request URL is known
        # vLLM/Ollama accept `max_tokens`; OpenAI's newer models require `max_completion_tokens`.
        self._token_param = "max_tokens" if compatible else "max_completion_tokens"
        self.image_limits = ImageLimits(max_side=int(config.options.get("image_max_side", 2048)),
                                        max_bytes=20 * 1024 * 1024)

    def __repr__(self) -> str:
        return f"OpenAIChatAdapter(provider={self.provider!r}, model={self.model!r})"

    def build_params(self, request: Request) -> dict[str, Any]:
        """The keyword arguments for `chat.completions.create` (public so tests can inspect the mapping)."""
        request = fit_request_images(request, self.image_limits)
        params: dict[str, Any] = {"model": self.model,
                                  "messages": [to_wire(m, plain_text=self._compatible) for m in request.messages]}
        if request.max_tokens is not None:
            params[self._token_param] = request.max_tokens
        if request.temperature is not None:
            params["temperature"] = request.temperature
        if request.seed is not None:
            params["seed"] = request.seed
        if request.stop:
            params["stop"] = list(request.stop)
        if request.prompt_cache_key and not self._compatible:
            params["prompt_cache_key"] = request.prompt_cache_key
        if request.json_schema is not None:
            dialect = request.schema_dialect if request.schema_dialect in self.schema_dialects else "json_schema"
            params.update(schema_params(request.json_schema, dialect or "json_schema"))
        elif request.json_mode:
            params["response_format"] = {"type": "json_object"}
        return params

    async def generate(self, request: Request) -> Response:
        completion = await self._client.chat.completions.create(**self.build_params(request))
        return read_wire(from_wire, completion)

    def batch(self) -> OpenAIBatch:
        """This provider's OpenAI Batch API (`arena.providers.batch`), sharing this adapter's configured SDK client."""
        from arena.providers.openai_batch import OpenAIBatch  # the batch module builds on this one

        return OpenAIBatch(self)

    def classify_error(self, exc: BaseException) -> CallFailure:
        return classify_exception(exc, CONTEXT_MARKERS)

    async def aclose(self) -> None:
        await self._client.close()


def schema_params(schema: dict[str, Any], dialect: SchemaDialect) -> dict[str, Any]:
    """The create() arguments that carry `schema` in `dialect` (a top-level extra field goes via extra_body)."""
    if dialect == "json_object+schema":
        return {"response_format": {"type": "json_object", "schema": schema}}
    if dialect == "guided_json":
        return {"extra_body": {"guided_json": schema}}
    return {"response_format": {"type": "json_schema", "json_schema": {
        "name": SCHEMA_NAME, "schema": schema, "strict": True}}}


def to_wire(message: Message, plain_text: bool = False) -> dict[str, Any]:
    """One message in the chat-completions shape; with `plain_text`, a user message without images goes as
    one string (its parts joined by blank lines) instead of an array of text parts."""
    if message.role != "user" or (plain_text and not message.images):
        return {"role": message.role, "content": message.text}
    content: list[dict[str, Any]] = []
    for part in message.parts:
        if isinstance(part, ImagePart):
            content.append({"type": "image_url", "image_url": {"url": part.data_url()}})
        else:
            content.append({"type": "text", "text": part.text})
    return {"role": "user", "content": content}


def from_wire(completion: Any) -> Response:
    choices = getattr(completion, "choices", None) or []
    if not choices:
        raise MalformedResponse("the response has no choices")
    choice = choices[0]
    usage = getattr(completion, "usage", None)
    details = getattr(usage, "prompt_tokens_details", None)
    refusal = getattr(choice.message, "refusal", None)
    status: CallStatus = "refused_or_blocked" if refusal or choice.finish_reason in REFUSAL_FINISH else "ok"
    return Response(
        text=choice.message.content or "",
        status=status,
        prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
        completion_tokens=getattr(usage, "completion_tokens", 0) or 0,
        cached_prompt_tokens=getattr(details, "cached_tokens", 0) or 0,
        raw_finish_reason=choice.finish_reason,
        provider_model=getattr(completion, "model", None),
        error=refusal or None,
    )


def _make(config: AdapterConfig, compatible: bool) -> OpenAIChatAdapter:
    openai = require_sdk("openai", "openai")
    if compatible and not config.base_url:
        raise ConfigError(f"openai-compatible/{config.model} needs base_url (e.g. -M base_url=http://127.0.0.1:8000/v1)")
    key = config.api_key.get_secret_value() if config.api_key else None
    if key is None and not compatible:
        raise ConfigError("openai/... needs an API key: set OPENAI_API_KEY in the environment or in .env")
    client = openai.AsyncOpenAI(api_key=key or LOCAL_KEY_PLACEHOLDER, base_url=config.base_url,
                                timeout=config.timeout_s, max_retries=0)
    return OpenAIChatAdapter(config, client, compatible)


@register_adapter("openai")
def create_openai(config: AdapterConfig) -> OpenAIChatAdapter:
    return _make(config, compatible=False)


@register_adapter("openai-compatible")
def create_openai_compatible(config: AdapterConfig) -> OpenAIChatAdapter:
    return _make(config, compatible=True)
