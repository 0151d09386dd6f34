"""`mock/<name>`: a provider with no network, for tests, demos and latency benchmarks.

Where the reply comes from, first match wins:
1. option `outputs`: a list cycled call by call; an item is a string (an ok reply) or a table
   `{text = "...", status = "timeout"}` to script failures;
2. a responder registered in Python with `register_responder(name, fn)`, where `fn(request)`
   returns a string or a `Response` (it may be async); `mock/echo` is built in and repeats the last
   user text;
3. otherwise a seeded reply: the same request and seed always give the same text.
Option `latency_ms` simulates model latency. Token counts are estimated (4 characters per token,
85 per image) so that cost accounting can be exercised.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import itertools
import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

from arena.errors import ConfigError
from arena.providers.base import AdapterConfig, CallFailure, ImageLimits, classify_generic
from arena.providers.messages import CALL_STATUSES, Request, Response
from arena.providers.registry import register_adapter

Responder = Callable[[Request], "str | Response | Awaitable[str | Response]"]
_responders: dict[str, Responder] = {}
WORDS = ("alibi", "motive", "clock", "ledger", "garden", "poison", "letter", "witness", "key", "train")


def register_responder(name: str, responder: Responder) -> None:
    """Make `mock/<name>` answer with `responder(request)`."""
    _responders[name] = responder


def estimate_tokens(request: Request) -> int:
    chars = sum(len(m.text) for m in request.messages)
    images = sum(len(m.images) for m in request.messages)
    return max(1, chars // 4) + 85 * images


def _last_user_text(request: Request) -> str:
    return next(m.text for m in reversed(request.messages) if m.role == "user")


def seeded_reply(request: Request) -> str:
    """A deterministic reply from the request fingerprint (which includes the seed)."""
    digest = hashlib.sha256(json.dumps(request.fingerprint(), sort_keys=True).encode()).digest()
    rng = random.Random(digest)
    words = " ".join(rng.choice(WORDS) for _ in range(5))
    return json.dumps({"speech": words}) if request.json_mode else words


class MockAdapter:
    """Scripted, registered or seeded replies; never touches the network."""

    provider = "mock"
    image_limits = ImageLimits(max_side=8192, max_bytes=20 * 1024 * 1024, formats=("png", "jpeg", "gif", "webp", "bmp"))

    def __init__(self, model: str, outputs: list[Any] | None = None, responder: Responder | None = None,
                 latency_ms: float = 0.0, cacheable: bool = False) -> None:
        self.model = model
        self.cacheable = cacheable
        self._outputs = itertools.cycle([_scripted(item) for item in outputs]) if outputs else None
        self._responder = responder
        self._latency_s = latency_ms / 1000.0
        self.calls: list[Request] = []

    def __repr__(self) -> str:
        return f"MockAdapter(model={self.model!r})"

    async def generate(self, request: Request) -> Response:
        self.calls.append(request)
        if self._latency_s:
            await asyncio.sleep(self._latency_s)
        if self._outputs is not None:
            reply: str | Response = next(self._outputs)
        elif self._responder is not None:
            produced = self._responder(request)
            reply = await produced if inspect.isawaitable(produced) else produced
        else:
            reply = seeded_reply(request)
        if isinstance(reply, str):
            reply = Response(text=reply, raw_finish_reason="stop")
        if reply.status not in ("ok", "refused_or_blocked"):
            return reply  # a scripted failure consumed no tokens
        counts = {"prompt_tokens": reply.prompt_tokens or estimate_tokens(request),
                  "completion_tokens": reply.completion_tokens or max(1, len(reply.text) // 4),
                  "provider_model": f"mock/{self.model}"}
        return reply.model_copy(update=counts)

    def classify_error(self, exc: BaseException) -> CallFailure:
        return classify_generic(exc)


def _scripted(item: Any) -> str | Response:
    if isinstance(item, str):
        return item
    if isinstance(item, dict):
        status = item.get("status", "ok")
        if status not in CALL_STATUSES:
            raise ConfigError(f"mock output status {status!r} is not one of {', '.join(CALL_STATUSES)}")
        error = None if status == "ok" else item.get("error", f"scripted {status}")
        return Response(text=str(item.get("text", "")), status=status, error=error)
    raise ConfigError(f"mock outputs must be strings or tables with text/status, got {item!r}")


register_responder("echo", _last_user_text)


@register_adapter("mock")
def create_mock(config: AdapterConfig) -> MockAdapter:
    options = dict(config.options)
    outputs = options.get("outputs")
    if outputs is not None and not isinstance(outputs, list):
        raise ConfigError("mock option outputs must be a list, e.g. -M 'outputs=[\"yes\", \"no\"]'")
    return MockAdapter(config.model, outputs=outputs, responder=_responders.get(config.model),
                       latency_ms=float(options.get("latency_ms", 0.0)),
                       cacheable=bool(options.get("cacheable", False)))
