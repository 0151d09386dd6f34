"""The model agent: one role played by a model entry (observation -> provider request -> raw action).

Each agent keeps one append-only conversation. The first request opens with a stable prefix: the
system prompt (rules, how to answer, the entry's strategy) and the briefing (case, role, private
script, goals, roles, locations, the clues visible at the start with their images), which carries
`cache_breakpoint=True`. Every decision appends one user message (new transcript lines, newly
revealed clues with their images, the decision block) and, after an answer, the model's reply as an
assistant message. Each request carries the decision's JSON Schema (`decision_schema`); the client
sends it, JSON mode or nothing, per the entry's `structured` setting. So each request extends the
previous one: provider prompt caches hit and the cost of a game grows linearly with its length.

The agent does not validate actions (the runner does, once). It extracts the JSON object from the
reply, takes out the private reasoning fields (strategy `cot`) and returns the rest, with the
reasoning apart (`AgentReply.reasoning`, which the runner keeps in the `agent_call` record); a reply without a JSON
object is returned as text so the runner records a `parse_error` and asks again with an error note.
A provider failure (`Response.status != "ok"`) becomes `AgentFailure(status, message)`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from arena.agents.base import AgentFailure, AgentReply
from arena.agents.decision_schema import decision_schema
from arena.agents.long_script import fit_script
from arena.agents.prompting import (
    PRIVATE_KEYS,
    ClueImages,
    briefing_parts,
    decision_text,
    system_prompt,
    update_parts,
)
from arena.engine.events import REASONING_LIMIT, cut_raw
from arena.engine.observation import Observation
from arena.engine.parsing import OutputError, extract_object
from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.providers.estimate import prompt_tokens
from arena.providers.messages import ImagePart, Message, Request, TextPart

EMPTY_REPLY = "(empty reply)"
RequestHook = Callable[[str, Request], None]


@dataclass
class AgentStats:
    """Running counts for one agent: requests, images sent, and how requests with images fared."""

    requests: int = 0
    images_sent: int = 0
    requests_with_images: int = 0
    requests_with_images_ok: int = 0


def step_seed(seed: int, role_id: str, step: int) -> int:
    """A request seed from (game seed, role, step): reruns send identical requests, so the cache answers."""
    digest = hashlib.sha256(f"{seed}:{role_id}:{step}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF  # fits every API's seed field


def _last_object(text: str) -> dict[str, Any] | None:
    """The last top-level JSON object anywhere in `text` (reasoning prose may come before it)."""
    decoder = json.JSONDecoder()
    found, index = None, text.find("{")
    while index != -1:
        try:
            value, end = decoder.raw_decode(text, index)
        except (json.JSONDecodeError, RecursionError):
            index = text.find("{", index + 1)
            continue
        if isinstance(value, dict):
            found = value
        index = text.find("{", end)
    return found


def split_reply(text: str) -> tuple[str | dict[str, Any], str | None]:
    """(the reply's JSON object without private reasoning fields, else the text as it came; the private
    reasoning it held, else None). Several private fields are joined in their order, blank-line apart,
    and cut to `REASONING_LIMIT` characters."""
    try:
        data: dict[str, Any] | None = extract_object(text)
    except OutputError:
        data = _last_object(text)
    if data is None:
        return text, None
    private = [value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
               for key, value in data.items() if key.lower() in PRIVATE_KEYS and value not in (None, "")]
    return strip_private(data), cut_raw("\n\n".join(private), REASONING_LIMIT) or None


def extract_action(text: str) -> str | dict[str, Any]:
    """The reply's JSON object without private reasoning fields, else the text as it came."""
    return split_reply(text)[0]


def strip_private(data: Mapping[str, Any]) -> dict[str, Any]:
    """Drop the fields where a model keeps its private reasoning: they must never become speech."""
    return {key: value for key, value in data.items() if key.lower() not in PRIVATE_KEYS}


class ModelAgent:
    """Plays `role_id` for `entry` by calling its model through the shared `client`."""

    def __init__(self, entry: Entry, role_id: str, seed: int, client: ModelClient) -> None:
        self.entry, self.role_id, self.seed, self.client = entry, role_id, seed, client
        self.strategy = entry.strategy
        self.history: list[Message] = []
        self.stats = AgentStats()
        self.on_request: RequestHook | None = None  # sees every request (benchmarks, smoke checks)
        self._images = ClueImages(entry.image_mode_used)
        self._lines_seen = 0
        self._clues_seen: set[str] = set()
        self._step = 0

    def __repr__(self) -> str:
        return f"ModelAgent({self.entry.entry_id!r}, role={self.role_id!r})"

    async def act(self, observation: Observation) -> AgentReply:
        request = self.next_request(observation)
        if self.on_request is not None:
            self.on_request(self.role_id, request)
        response = await self.client.generate(self.entry, request)
        self._count(request, response.status == "ok")
        if response.status != "ok":
            raise AgentFailure(response.status, response.error or f"the provider answered {response.status}")
        self.history.append(Message.assistant(response.text or EMPTY_REPLY))
        output, reasoning = split_reply(response.text)
        return AgentReply(output=output, input_tokens=response.prompt_tokens,
                          output_tokens=response.completion_tokens, cost_usd=response.cost_usd,
                          cached=response.cached, cached_prompt_tokens=response.cached_prompt_tokens,
                          reasoning=reasoning)

    async def probe(self, question: str) -> str:
        """A post-game question, asked in character in this role's own conversation (its history); the
        reply text, or "" when the call failed (graded as no answer)."""
        self._step += 1
        self.history.append(Message.user(TextPart(text=question)))
        request = Request(messages=list(self.history), json_mode=True,
                          seed=step_seed(self.seed, self.role_id, self._step))
        response = await self.client.generate(self.entry, request)
        self._count(request, response.status == "ok")
        if response.status != "ok":
            return ""
        self.history.append(Message.assistant(response.text or EMPTY_REPLY))
        return response.text or ""

    def next_request(self, obs: Observation) -> Request:
        """Append this decision's turn to the conversation and return the request for it.

        The turn stays in the history even if the call then fails, so later requests still extend
        earlier ones and nothing the role was told is told twice.
        """
        if obs.decision is None:
            raise ValueError(f"{self.role_id} was asked to act without a pending decision")
        if not self.history:
            self.history = self._opening(obs)
            self._clues_seen = {clue.id for clue in obs.clues}
        new_lines = [line.quoted() for line in obs.transcript[self._lines_seen:]]
        new_clues = [clue for clue in obs.clues if clue.id not in self._clues_seen]
        self._lines_seen = len(obs.transcript)
        self._clues_seen.update(clue.id for clue in new_clues)
        parts = update_parts(obs, new_lines, new_clues, self._images)
        self.history.append(Message.user(*parts, TextPart(text=decision_text(obs, self.strategy))))
        self._step += 1
        return Request(messages=list(self.history), json_mode=True,
                       json_schema=decision_schema(obs.decision, self.strategy),
                       seed=step_seed(self.seed, self.role_id, self._step),
                       prompt_cache_key=self.prompt_cache_key)

    def _opening(self, obs: Observation) -> list[Message]:
        """The system prompt and the briefing; the role script cut to the entry's context window if needed."""
        system = Message.system(system_prompt(obs, self.strategy))
        briefing = Message.user(*briefing_parts(obs, self._images), cache_breakpoint=True)
        if self.entry.context_tokens is not None and self.entry.long_script != "full":
            size = prompt_tokens(Request(messages=[system, briefing]), self.entry.provider)
            fitted = fit_script(obs, self.entry.context_tokens, self.entry.long_script, size)
            if fitted is not obs:
                briefing = Message.user(*briefing_parts(fitted, self._images), cache_breakpoint=True)
        return [system, briefing]

    @property
    def prompt_cache_key(self) -> str:
        """One key per agent (game seed, role): its requests share one growing prefix."""
        return "arena-" + hashlib.sha256(f"{self.seed}:{self.role_id}".encode()).hexdigest()[:16]

    def _count(self, request: Request, ok: bool) -> None:
        images = sum(isinstance(p, ImagePart) for m in request.messages for p in m.parts)
        self.stats.requests += 1
        self.stats.images_sent += images
        if images:
            self.stats.requests_with_images += 1
            self.stats.requests_with_images_ok += int(ok)
