"""Judges of MIRAGE's judged metrics (TII, ICI, SCI): the LLM judge through the existing judge
interface (`LLMJudge.judge`: cached, retried, blinded prompts, strict JSON) and a labelled offline
stand-in. The judge is fixed per run and never the speaker's own model (`panel.self_judging`).

Replies are parsed strictly: a reply that is not exactly the JSON asked for is a `parse_error`
verdict, never a zero.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from arena.coe.judges import JudgeLabel, LLMJudge, Verdict, reply_object
from arena.coe.mirage import ICI_CRITERIA
from arena.coe.offline_judge import OfflineJudge, content_words, coverage
from arena.coe.prompting import quoted_lines, render

TRUST_WORDS = re.compile(r"\b(trust|believe|honest|innocent|agree|alibi holds|clear(?:ed)?|credible)\b", re.I)
SUSPICION_WORDS = re.compile(r"\b(suspect|suspicious|lying|lie|liar|guilty|murderer|killer|killed|blame|accuse|"
                             r"vote for|doubt)\b", re.I)


@dataclass(frozen=True)
class PlayerView:
    """What a MIRAGE judge sees of one role: names, lines and actions only (blinded), and references."""

    name: str
    script: str
    others: list[str]
    lines: list[str]
    actions: list[str]
    truth: str


class MirageJudge(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def label(self) -> JudgeLabel: ...

    async def trust(self, view: PlayerView) -> Verdict: ...

    async def abilities(self, view: PlayerView) -> Verdict: ...

    async def compliance(self, view: PlayerView) -> Verdict: ...


def whole(value: Any, low: int, high: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or float(value) != int(value):
        return None
    return int(value) if low <= value <= high else None


def parse_trust(text: str, others: Sequence[str]) -> dict[str, tuple[float, float]] | None:
    obj = reply_object(text)
    table = None if obj is None else obj.get("scores")
    if not isinstance(table, dict) or set(table) != set(others):
        return None
    out: dict[str, tuple[float, float]] = {}
    for name, cell in table.items():
        t = whole(cell.get("trust"), 0, 10) if isinstance(cell, dict) else None
        s = whole(cell.get("suspicion"), 0, 10) if isinstance(cell, dict) else None
        if t is None or s is None:
            return None
        out[name] = (float(t), float(s))
    return out


def parse_abilities(text: str) -> dict[str, float] | None:
    obj = reply_object(text)
    if obj is None or set(obj) != set(ICI_CRITERIA):
        return None
    scores = {k: whole(obj[k], 0, 20) for k in ICI_CRITERIA}
    return None if any(v is None for v in scores.values()) else {k: float(v or 0) for k, v in scores.items()}


def parse_compliance(text: str) -> dict[str, Any] | None:
    obj = reply_object(text)
    if obj is None or set(obj) != {"roleplay", "script"} or not isinstance(obj["script"], str):
        return None
    score = whole(obj["roleplay"], 0, 20)
    return None if score is None else {"roleplay": float(score), "reconstruction": obj["script"]}


def _prompt_values(view: PlayerView) -> dict[str, str]:
    return {"name": view.name, "others": ", ".join(view.others) or "(none)",
            "lines": quoted_lines([(view.name, line) for line in view.lines]),
            "actions": "\n".join(f"- {a}" for a in view.actions) or "(none)"}


class LLMMirageJudge:
    """An entry as MIRAGE judge: the CoE `LLMJudge` (same client, cache and system prompt), own prompts."""

    label: JudgeLabel = "llm"

    def __init__(self, base: LLMJudge) -> None:
        self.base, self.name, self.entry = base, base.name, base.entry

    async def trust(self, view: PlayerView) -> Verdict:
        prompt = render("mirage_trust.txt", **_prompt_values(view))
        return await self.base.judge(prompt, lambda text: parse_trust(text, view.others))

    async def abilities(self, view: PlayerView) -> Verdict:
        prompt = render("mirage_ici.txt", truth=view.truth or "(not known)", **_prompt_values(view))
        return await self.base.judge(prompt, parse_abilities)

    async def compliance(self, view: PlayerView) -> Verdict:
        prompt = render("mirage_sci.txt", script=view.script or "(none)", **_prompt_values(view))
        return await self.base.judge(prompt, parse_compliance)


@dataclass(frozen=True)
class OfflineMirageJudge:
    """Keyless lexical stand-in, always labelled `offline`: it counts words, it does not read meaning.

    - trust: per other character, the sentences naming it (first name) with trust words vs
      suspicion words (`suspect`, `lying`, `vote for`...). No such sentence: that pair is not scored.
    - abilities: reasoning = coverage of the truth by the role's words; communication = questions
      asked and answered (4 or more: full); observation = words of its own script used (15: full);
      creativity = lexical variety. Each x 20.
    - compliance: role-play = the offline RP score (1-10) x 2; reconstruction = the role's own lines.
    """

    name: str = "offline/mirage-lexical-v1"
    label: JudgeLabel = "offline"

    async def trust(self, view: PlayerView) -> Verdict:
        sentences = [s for line in view.lines for s in re.split(r"(?<=[.!?])\s+", line) if s.strip()]
        table: dict[str, tuple[float, float]] = {}
        for other in view.others:
            first = other.split()[0].lower() if other.split() else other.lower()
            naming = [s for s in sentences if first and first in s.lower()]
            t = float(sum(1 for s in naming if TRUST_WORDS.search(s)))
            s_ = float(sum(1 for s in naming if SUSPICION_WORDS.search(s)))
            if t or s_:
                table[other] = (t, s_)
        return Verdict(table)

    async def abilities(self, view: PlayerView) -> Verdict:
        text = " ".join(view.lines)
        words = re.findall(r"\w+", text.lower())
        talk = sum(1 for a in view.actions if a.startswith(("asked", "answered")))
        scores = {"reasoning": coverage(view.truth, text) if view.truth else 0.0,
                  "communication": min(1.0, talk / 4),
                  "observation": min(1.0, len(content_words(text) & content_words(view.script)) / 15),
                  "creativity": min(1.0, 2 * len(set(words)) / len(words)) if words else 0.0}
        return Verdict({k: round(20 * v, 1) for k, v in scores.items()})

    async def compliance(self, view: PlayerView) -> Verdict:
        roleplay = 2.0 * OfflineJudge().roleplay(view.lines, view.script, view.others)
        return Verdict({"roleplay": roleplay, "reconstruction": " ".join(view.lines)})
