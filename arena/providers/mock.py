"""`mock/<name>`: a provider with no network, for tests, demos and latency benchmarks.

Where the reply comes from, first match wins:
1. option `outputs`: a list cycled call by call; an item is a string (an ok reply) or a table
   `{text = "...", status = "timeout"}` to script failures;
2. a responder registered in Python with `register_responder(name, fn)`, where `fn(request)`
   returns a string or a `Response` (it may be async); built in are `mock/echo`, which repeats the
   last user text, and `mock/player`, which reads the machine-readable decision block that model
   agents put at the end of every turn (a ```decision fence) and plays a legal, seeded action with a
   short speech, and answers multiple-choice questions (the QA suites' and the smoke check's) with
   seeded letters in the format asked, so the whole model pipeline runs with no keys; and
   `mock/author`, which writes a role script from the ```plan block of an authoring request by
   restating each plan line (so authoring mode runs offline; it is no writer) and, as a judge, finds
   every numbered fact stated;
3. otherwise a seeded reply: the same request and seed always give the same text.
Option `latency_ms` simulates model latency. Token counts are estimated (4 characters per token,
85 per image) so that cost accounting can be exercised.
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
import json
import random
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from arena.engine.actions import DECISION_FENCE
from arena.errors import ConfigError
from arena.providers.base import AdapterConfig, CallFailure, ImageLimits, classify_generic
from arena.providers.messages import CALL_STATUSES, Request, Response
from arena.providers.registry import register_adapter
from multimodal.language import base_language

Responder = Callable[[Request], "str | Response | Awaitable[str | Response]"]
_responders: dict[str, Responder] = {}
WORDS = ("alibi", "motive", "clock", "ledger", "garden", "poison", "letter", "witness", "key", "train")
_PLAN_BLOCK = re.compile(r"```plan\s*\n(\{.*?\})\s*\n```", re.DOTALL)  # an authoring request's plan
_DECISION_BLOCK = re.compile(r"```" + DECISION_FENCE + r"\s*\n(\{.*?\})\s*\n```", re.DOTALL)
SPEECHES = ("Let us go through the timeline again.", "The clues point somewhere, and I mean to find out where.",
            "Somebody here is hiding something.", "I was where I said I was.", "That clock bothers me.")
QUESTIONS = ("Where were you at the time?", "What did you see that evening?", "Who did you speak to last?",
             "Why were you near the scene?")


@dataclass(frozen=True)
class PlayerTexts:
    """What `mock/player` says in one language (the decision block names the case language)."""

    words: tuple[str, ...]
    speeches: tuple[str, ...]
    questions: tuple[str, ...]
    introduction: str = "I am {name}. {speech}"
    answer: str = "I was elsewhere, and {word} proves it."
    method: str = "The {word} shows how it was done."
    motive: str = "The {word}."
    reasoning: str = "Private thoughts about the {word}."


PLAYER_TEXTS = {
    "en": PlayerTexts(WORDS, SPEECHES, QUESTIONS),
    "zh": PlayerTexts(
        words=("不在场证明", "动机", "钟", "账簿", "花园", "毒药", "信", "证人", "钥匙", "茶杯"),
        speeches=("我们再把时间线过一遍吧。", "线索指向某个人，我一定要弄清楚是谁。", "这里有人在隐瞒什么。",
                  "我说在哪里，就是在哪里。", "那座钟让我很在意。"),
        questions=("案发的时候你在哪里？", "那天晚上你看见了什么？", "你最后和谁说过话？",
                   "你为什么会出现在现场附近？"),
        introduction="我是{name}。{speech}", answer="我当时不在那里，{word}可以证明。",
        method="{word}说明了凶手是怎么做到的。", motive="是因为{word}。", reasoning="关于{word}的私下想法。"),
}


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
    digest = bytes.fromhex(request.fingerprint_sha256(compact=False))
    rng = random.Random(digest)
    words = " ".join(rng.choice(WORDS) for _ in range(5))
    return json.dumps({"speech": words}) if request.json_mode else words


def read_decision(text: str) -> dict[str, Any] | None:
    """The last decision block in `text`, as a dict; None when there is none or it is not JSON."""
    blocks = _DECISION_BLOCK.findall(text)
    if not blocks:
        return None
    try:
        spec = json.loads(blocks[-1])
    except json.JSONDecodeError:
        return None
    return spec if isinstance(spec, dict) else None


def player_action(spec: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action for the decision `spec`, chosen with `rng`, with a short plausible text in the
    case language (`spec["language"]`, English when absent); it never suspects or votes for itself."""
    kind, targets, locations = spec.get("kind"), list(spec.get("targets") or []), list(spec.get("locations") or [])
    say = PLAYER_TEXTS.get(base_language(spec.get("language")), PLAYER_TEXTS["en"])
    suspects = [t for t in targets if t != spec.get("role")] or targets
    speech = rng.choice(say.speeches)
    if kind == "introduce":
        action: dict[str, Any] = {"introduction": say.introduction.format(name=spec.get("name") or spec.get("role"),
                                                                          speech=speech)}
    elif kind == "answer":
        action = {"answer": say.answer.format(word=rng.choice(say.words))}
    elif kind == "discuss":
        if locations and (not targets or rng.random() < 0.4):
            action = {"speech": speech, "action": "investigate", "location": rng.choice(locations)}
        else:
            action = {"speech": speech, "action": "ask", "target": rng.choice(targets),
                      "question": rng.choice(say.questions)}
    elif kind == "reason":
        action = {"suspect": rng.choice(suspects) if targets else None,
                  "method": say.method.format(word=rng.choice(say.words)),
                  "motive": say.motive.format(word=rng.choice(say.words))}
    elif kind == "vote":
        action = {"vote": rng.choice(suspects) if targets else None}
    else:
        action = {"speech": speech}
    if spec.get("strategy") == "cot":
        action = {"reasoning": say.reasoning.format(word=rng.choice(say.words)), **action}
    return action


_OPTION_LINE = re.compile(r"^([A-Z])\. ", re.MULTILINE)
_HOW_MANY = re.compile(r"Exactly (\d+) options are correct")


def mcq_reply(text: str, rng: random.Random) -> str | None:
    """Seeded letters for a multiple-choice question in `text` (None if it holds none), in the format
    asked: a final `Answer:` line when asked for one, else `{"answer": ...}`."""
    if "Options:" not in text:
        return None
    tail = text.rpartition("Options:")[2]
    letters = sorted(set(_OPTION_LINE.findall(tail)))
    if not letters:
        return None
    many = _HOW_MANY.search(tail)
    chosen = sorted(rng.sample(letters, min(len(letters), int(many.group(1)) if many else 1)))
    if "Answer:" in tail:
        return f"The material points one way.\nAnswer: {', '.join(chosen)}"
    return json.dumps({"answer": chosen if many else chosen[0]})


def player_reply(request: Request) -> str:
    """`mock/player`: a legal action for the decision in the last user message, or seeded letters for a
    multiple-choice question (seeded by the request)."""
    text = _last_user_text(request)
    digest = bytes.fromhex(request.fingerprint_sha256(compact=False))
    spec = read_decision(text)
    if spec is not None:
        return json.dumps(player_action(spec, random.Random(digest)), ensure_ascii=False)
    return mcq_reply(text, random.Random(digest)) or seeded_reply(request)


def author_reply(request: Request) -> str:
    """`mock/author`: the plan's lines as paragraphs, under the role's heading; as a judge, every fact stated."""
    text = _last_user_text(request)
    blocks = _PLAN_BLOCK.findall("\n".join(m.text for m in request.messages if m.role == "user"))
    if blocks and "Facts:" not in text:  # an author's request, or its retry
        plan = json.loads(blocks[-1])
        return "\n\n".join([f"# {plan['role']}", *(str(line["says"]) for line in plan["lines"])])
    facts = re.findall(r"^(\d+)\. ", text.split("Facts:", 1)[-1], re.M)
    return json.dumps({"verdicts": [{"line": int(n), "verdict": "stated", "why": ""} for n in facts]})


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
register_responder("player", player_reply)
register_responder("author", author_reply)


@register_adapter("mock")
def create_mock(config: AdapterConfig) -> MockAdapter:
    options = dict(config.options)
    outputs = options.get("outputs")
    if outputs is not None and not isinstance(outputs, list):
        raise ConfigError("mock option outputs must be a list, e.g. -M 'outputs=[\"yes\", \"no\"]'")
    return MockAdapter(config.model, outputs=outputs, responder=_responders.get(config.model),
                       latency_ms=float(options.get("latency_ms", 0.0)),
                       cacheable=bool(options.get("cacheable", False)))
