"""Example adapter plugin: `echo/<model>` plays legal moves by echoing the prompt.

The arena finds `create` through the `arena.adapters` entry point in pyproject.toml and calls it
with an `AdapterConfig`. The returned object needs `image_limits`, `async generate(request)` and
`classify_error(exc)`; the arena adds retries, caching, concurrency limits and cost around it.

What the adapter answers is what any model must answer to pass `arena submit`:
- a game decision (the last user message ends with a ```decision fence holding the decision's
  `kind`, `role`, legal `targets` and `locations`): one JSON action, here the first legal choice
  with a speech that echoes the start of the prompt (the shapes are in docs/game-protocol.md);
- a multiple-choice question (the smoke check asks one per QA suite): the option letters in the
  format the question asks for;
- anything else (`arena models try echo/parrot -p "hello"`): the last user message, repeated, with
  the number of images the request carried.
"""

from __future__ import annotations

import json
import random
from typing import Any

from arena.providers import AdapterConfig, CallFailure, ImageLimits, Request, Response, TransientError
from arena.providers.base import classify_generic
from arena.providers.mock import mcq_reply, read_decision

ECHO_WORDS, ECHO_CHARS = 12, 60  # well under a decision's word limit, in words or in CJK characters


def echo_action(decision: dict[str, Any], echo: str) -> dict[str, Any]:
    """A legal action for `decision`: the first legal choice, never oneself as suspect or vote."""
    kind, me = decision["kind"], decision["role"]
    targets, locations = decision.get("targets") or [], decision.get("locations") or []
    others = [t for t in targets if t != me] or targets
    if kind == "introduce":
        return {"introduction": f"I am {decision.get('name') or me}. {echo}"}
    if kind == "answer":
        return {"answer": echo}
    if kind == "discuss" and "ask" in decision.get("actions", []):
        return {"speech": echo, "action": "ask", "target": targets[0], "question": "Where were you?"}
    if kind == "discuss" and "investigate" in decision.get("actions", []):
        return {"speech": echo, "action": "investigate", "location": locations[0]}
    if kind == "reason":
        return {"suspect": others[0] if others else None, "method": echo, "motive": echo}
    if kind == "vote":
        return {"vote": others[0] if others else None}
    return {"speech": echo}  # a discussion turn with nobody to ask and nothing left to investigate


class EchoAdapter:
    """Answers decisions and questions legally and anything else with "<model>: <last user text>
    [n image(s)]"; fails on demand (option `fail_first`) to show the client's retries."""

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
        text = next(m.text for m in reversed(request.messages) if m.role == "user")
        images = sum(len(m.images) for m in request.messages)
        text_out = self.answer(text, images, random.Random(request.seed or 0))
        return Response(text=text_out, prompt_tokens=sum(len(m.text) for m in request.messages) // 4,
                        completion_tokens=len(text_out) // 4, raw_finish_reason="stop")

    def answer(self, text: str, images: int, rng: random.Random) -> str:
        decision = read_decision(text)
        if decision is not None:
            echo = " ".join(text.split()[:ECHO_WORDS])[:ECHO_CHARS]
            return json.dumps(echo_action(decision, f"{self.model} echoes: {echo}"), ensure_ascii=False)
        return mcq_reply(text, rng) or f"{self.model}: {text} [{images} image(s)]"

    def classify_error(self, exc: BaseException) -> CallFailure:
        return classify_generic(exc)


def create(config: AdapterConfig) -> EchoAdapter:
    return EchoAdapter(config)
