"""Example adapter plugin: `echo/<model>` repeats the last user message.

The arena finds `create` through the `arena.adapters` entry point in pyproject.toml and calls it
with an `AdapterConfig`. The returned object needs `image_limits`, `async generate(request)` and
`classify_error(exc)`; the arena adds retries, caching, concurrency limits and cost around it.
"""

from __future__ import annotations

from arena.providers import AdapterConfig, CallFailure, ImageLimits, Request, Response, TransientError
from arena.providers.base import classify_generic


class EchoAdapter:
    """Answers with "<model>: <last user text> [n image(s)]"; fails on demand to show retries."""

    image_limits = ImageLimits(max_side=1024, max_bytes=2 * 1024 * 1024)
    cacheable = True

    def __init__(self, config: AdapterConfig) -> None:
        self.provider = config.provider
        self.model = config.model
        self._fail_first = int(config.options.get("fail_first", 0))
        self.calls = 0

    async def generate(self, request: Request) -> Response:
        self.calls += 1
        if self.calls <= self._fail_first:
            raise TransientError("echo is warming up", retry_after_s=0.5)
        last = next(m for m in reversed(request.messages) if m.role == "user")
        images = sum(len(m.images) for m in request.messages)
        text = f"{self.model}: {last.text} [{images} image(s)]"
        return Response(text=text, prompt_tokens=sum(len(m.text) for m in request.messages) // 4,
                        completion_tokens=len(text) // 4, raw_finish_reason="stop")

    def classify_error(self, exc: BaseException) -> CallFailure:
        return classify_generic(exc)


def create(config: AdapterConfig) -> EchoAdapter:
    return EchoAdapter(config)
