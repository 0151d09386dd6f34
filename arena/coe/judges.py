"""Judges of the transcript metrics: a `Judge` protocol, the LLM judge, and strict reply parsing.

A judge has a `name` (stored in the `judge` column: the LLM judge's pinned entry id, model and
settings included, or `offline/lexical-v1`) and a `label` (`llm` or `offline`, shown on the board).
It returns `Verdict`s: a value, or no value with the status saying why (`parse_error` for a reply
that is not exactly the JSON asked for, or the call's status). A failed judgement is never a 0.

The LLM judge sees only character names, quoted lines and reference text, never which entry
played: the prompt holds no entry name or model. Its calls go through `ModelClient`, so they are
cached, retried and limited like every other call.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from arena.coe.prompting import quoted_lines, render, template_text
from arena.providers.messages import Message, Request

if TYPE_CHECKING:
    from arena.entries import Entry
    from arena.providers.client import ModelClient

JudgeLabel = Literal["llm", "offline"]
REPLY_KEPT = 300
FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.IGNORECASE)


@dataclass(frozen=True)
class Verdict:
    """A judgement: `value` (a float, or one bool per statement for SPC) or None with a failure status."""

    value: Any
    status: str = "ok"
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.value is not None


@dataclass(frozen=True)
class RoleLines:
    """What the RP judge sees of one role: its name, its script (reference), others' names, its lines."""

    name: str
    script: str
    others: list[str]
    lines: list[str]


class Judge(Protocol):
    # Read-only: a judge only has to expose these (a frozen dataclass field or a plain attribute both do).
    @property
    def name(self) -> str: ...

    @property
    def label(self) -> JudgeLabel: ...

    async def spc(self, statements: Sequence[str], lines: Sequence[tuple[str, str]]) -> Verdict: ...

    async def rp(self, role: RoleLines) -> Verdict: ...

    async def cmd(self, method: str, motive: str, true_method: str, true_motive: str) -> Verdict: ...


def reply_object(text: str) -> dict[str, Any] | None:
    """The one JSON object a reply consists of (code fences allowed), else None."""
    body = FENCE.sub("", text.strip())
    try:
        value = json.loads(body)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None


def parse_score(text: str, low: int, high: int) -> float | None:
    """`{"score": n}` with an integer n in [low, high]; anything else is unparseable."""
    obj = reply_object(text)
    score = None if obj is None else obj.get("score")
    if isinstance(score, bool) or not isinstance(score, int | float) or float(score) != int(score):
        return None
    return float(score) if low <= score <= high else None


YES = {"yes": True, "no": False, "true": True, "false": False}


def parse_surfaced(text: str, n: int) -> list[bool] | None:
    """`{"surfaced": {"1": "yes", ...}}` with exactly the keys 1..n and yes/no values, else None."""
    obj = reply_object(text)
    table = None if obj is None else obj.get("surfaced")
    if not isinstance(table, dict) or set(table) != {str(i) for i in range(1, n + 1)}:
        return None
    flags = [YES.get(str(table[str(i)]).strip().lower()) if not isinstance(table[str(i)], bool)
             else table[str(i)] for i in range(1, n + 1)]
    return None if any(f is None for f in flags) else [bool(f) for f in flags]


class LLMJudge:
    """A configured entry as judge; `name` is its entry id (model and settings pinned)."""

    label: JudgeLabel = "llm"

    def __init__(self, entry: Entry, client: ModelClient, no_cache: bool = False) -> None:
        self.entry, self.client, self.no_cache = entry, client, no_cache
        self.name = entry.entry_id

    async def ask(self, prompt: str) -> tuple[str | None, str]:
        """(reply text, status); the text is None when the call failed."""
        request = Request(messages=[Message.system(render("judge_system.txt")), Message.user(prompt)], seed=0)
        response = await self.client.generate(self.entry, request, no_cache=self.no_cache)
        return (response.text if response.ok else None), response.status

    async def judge(self, prompt: str, parse: Any) -> Verdict:
        text, status = await self.ask(prompt)
        if text is None:
            return Verdict(None, status)
        value = parse(text)
        if value is None:
            return Verdict(None, "parse_error", {"reply": text[:REPLY_KEPT]})
        return Verdict(value)

    async def spc(self, statements: Sequence[str], lines: Sequence[tuple[str, str]]) -> Verdict:
        numbered = "\n".join(f"{i}. {s}" for i, s in enumerate(statements, start=1))
        prompt = render("judge_spc.txt", statements=numbered, lines=quoted_lines(list(lines)))
        return await self.judge(prompt, lambda text: parse_surfaced(text, len(statements)))

    async def rp(self, role: RoleLines) -> Verdict:
        prompt = render("judge_rp.txt", rubric=template_text("rp_rubric.md"), name=role.name,
                        others=", ".join(role.others) or "(none)", script=role.script or "(none)",
                        lines=quoted_lines([(role.name, line) for line in role.lines]))
        return await self.judge(prompt, lambda text: parse_score(text, 1, 10))

    async def cmd(self, method: str, motive: str, true_method: str, true_motive: str) -> Verdict:
        prompt = render("judge_cmd.txt", true_method=true_method, true_motive=true_motive,
                        method=" ".join(method.split()) or "(none)", motive=" ".join(motive.split()) or "(none)")
        return await self.judge(prompt, lambda text: parse_score(text, 0, 100))
