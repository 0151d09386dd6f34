"""Which answer format an entry's server takes, and whether its prompts arrive: the probe of `arena models check`.

`probe_dialect(entry, client)` sends one small multiple-choice question with a three-letter enum schema,
once per structured mode of the entry's ladder (`arena.providers.structured.ladder`; only the pinned
mode when `structured` is not `auto`), one attempt each, and stops at the first mode whose answer the
server accepts and that keeps to the schema. For an `auto` entry that mode is remembered in the client,
so the check's games and every later call of the run use it at once.

It also compares the prompt tokens the server reports (`usage.prompt_tokens`) with the arena's own
estimate: a chat template that drops what it cannot read (a system message, a `content` given as an
array of parts) leaves the model a prompt of a few tokens, and every answer is then a guess.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from arena.entries import Entry
from arena.providers.base import CallFailure
from arena.providers.capabilities import adapt
from arena.providers.client import ModelClient
from arena.providers.estimate import prompt_tokens
from arena.providers.messages import Message, Request, Response
from arena.providers.structured import Mode, is_rejection, ladder

LETTERS = ("A", "B", "C")
PROBE_SCHEMA: dict[str, object] = {
    "type": "object", "properties": {"answer": {"type": "string", "enum": list(LETTERS)}},
    "required": ["answer"], "additionalProperties": False}
MIN_PROMPT_SHARE = 0.25  # reported / estimated prompt tokens below this: the prompt did not arrive
PROBE_MAX_TOKENS = 40
CASE = ("The night train from Vienna stopped at midnight. In the dining car the steward found the courier "
        "asleep over a cold cup of tea, and the leather case he had guarded since Munich was gone. Three "
        "passengers had passed through the car after eleven: a violinist carrying her instrument, a grain "
        "merchant who complained loudly about the heating, and a young doctor who had asked the steward for a "
        "glass of water and a spoon. The conductor remembered that the doctor's sleeve was wet, that the "
        "merchant never left the smoking compartment for more than a minute, and that the violin case was far "
        "too light when the violinist lifted it onto the rack.")
QUESTION = ("Question: who most likely drugged the courier's tea?\n"
            "A. the young doctor, who asked for water and a spoon\n"
            "B. the grain merchant, who stayed in the smoking compartment\n"
            "C. the steward, who found the courier")


@dataclass(frozen=True)
class DialectTry:
    """One mode tried: whether the server answered, whether the answer kept to the schema, and why not."""

    mode: Mode
    accepted: bool
    conforms: bool
    detail: str
    prompt_tokens: int = 0


@dataclass(frozen=True)
class DialectProbe:
    tries: tuple[DialectTry, ...]
    chosen: Mode | None  # what the entry's calls will use; None: the server took none of the modes
    pinned: bool  # `structured` names the mode (nothing else was tried)
    estimated_prompt_tokens: int

    @property
    def prompt_tokens(self) -> int:
        """The prompt tokens the server reported for the chosen mode's answer (0: not reported)."""
        return next((t.prompt_tokens for t in self.tries if t.mode == self.chosen and t.accepted), 0)

    @property
    def prompt_arrived(self) -> bool | None:
        """False when the server saw (nearly) nothing of the prompt; None when it reported no usage."""
        if self.prompt_tokens <= 0:
            return None
        return self.prompt_tokens >= MIN_PROMPT_SHARE * self.estimated_prompt_tokens


def probe_request() -> Request:
    """The probe: a system message and a user message of several text parts, as the game's own requests are."""
    return Request(messages=[
        Message.system("You answer multiple-choice questions about a murder mystery. Reply with JSON only."),
        Message.user(f"Case:\n{CASE}", QUESTION, 'Answer with a JSON object such as {"answer": "A"}.')],
        json_mode=True, json_schema=dict(PROBE_SCHEMA), temperature=0.0, max_tokens=PROBE_MAX_TOKENS, seed=0)


def conforms(text: str) -> bool:
    """Whether a reply is exactly the schema's object: {"answer": one of the letters}."""
    try:
        data = json.loads(text.strip())
    except ValueError:
        return False
    return isinstance(data, dict) and set(data) == {"answer"} and data["answer"] in LETTERS


def describe(outcome: Response | CallFailure) -> str:
    if isinstance(outcome, CallFailure):
        return outcome.message
    if outcome.status != "ok":
        return f"{outcome.status}: {outcome.error or 'no detail'}"
    return f"answered {outcome.text.strip()[:80]!r}"


async def probe_dialect(entry: Entry, client: ModelClient) -> DialectProbe:
    """Try the entry's structured modes in order (see the module docstring); remembers the one found."""
    adapter = client.adapter(entry)
    pinned = entry.structured != "auto"
    modes: tuple[Mode, ...] = (entry.structured,) if entry.structured != "auto" else ladder(adapter)
    request = probe_request()
    tries: list[DialectTry] = []
    for mode in modes:
        outcome = await client.attempt(entry, request, mode)
        accepted = isinstance(outcome, Response) and outcome.status == "ok"
        text = outcome.text if isinstance(outcome, Response) else ""
        tokens = outcome.prompt_tokens if isinstance(outcome, Response) else 0
        tries.append(DialectTry(mode, accepted, accepted and conforms(text), describe(outcome), tokens))
        if tries[-1].conforms or (isinstance(outcome, CallFailure) and not is_rejection(outcome)):
            break  # found it, or the server is not refusing a format (down, wrong model): no rung helps
    chosen = next((t.mode for t in tries if t.conforms), None) or next((t.mode for t in tries if t.accepted), None)
    if chosen is not None:
        client.structured.remember(entry, chosen)
    return DialectProbe(tuple(tries), chosen, pinned, prompt_tokens(adapt(entry, request), entry.provider))
