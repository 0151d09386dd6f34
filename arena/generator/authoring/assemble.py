"""An authored case: the checked case with its role scripts replaced by the author's, under its own id.

Everything the solution rests on is unchanged (facts.yaml, the clues, the cards, the questions and their keys);
the read-back has shown that each authored script states its plan. The LSU questions' word positions are moved
to where the authored text tells each line, and the whole case is checked again like any generated case.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from arena.generator.authoring.plan import TIME, PlanLine, RolePlan
from arena.generator.authoring.readback import candidates
from arena.generator.derive import GeneratedCase
from arena.scripts.schema import Suite


@dataclass(frozen=True)
class AuthorMark:
    """Who wrote a case's prose and who checked it (stored in `metadata.authored`)."""

    name: str
    entry: str
    model: str
    judge: str | None
    attempts: dict[str, int]
    copied: dict[str, float]  # per role: the share of the plan's sentences the script repeats word for word

    def metadata(self) -> dict[str, Any]:
        checked = "rules" + (" and judge" if self.judge else "")
        return {"name": self.name, "entry": self.entry, "model": self.model, "checked_by": checked,
                **({"judge": self.judge} if self.judge else {}), "attempts": dict(self.attempts),
                "copied": {role: round(share, 3) for role, share in self.copied.items()}}


def slug(entry: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", entry.lower()).strip("-")


def authored_id(case_id: str, entry: str) -> str:
    """`gen-1001-easy-4r` written by `openai/gpt-4o` -> `gen-1001-easy-4r-by-openai-gpt-4o` (at most 64 characters)."""
    return f"{case_id}-by-{slug(entry)}"[:64].rstrip("-")


def full_text(plan: RolePlan, authored: str) -> str:
    return f"{authored.strip()}\n\n{plan.tail}\n" if plan.tail else f"{authored.strip()}\n"


def words_before(text: str, offset: int) -> int:
    return len(text[:offset].split())


def line_at(plan: RolePlan, word: int) -> PlanLine | None:
    return next((line for line in plan.lines if line.words[0] <= word <= line.words[1]), None)


def located(authored: str, line: PlanLine, word: int, slots: Sequence[str]) -> int:
    """Where the authored text tells the `word`-th word of the original script (a word of `line`): the window that
    states the line (of several, the one sharing most words with it); in it, the same clock time where the word is
    one, else the same share of the way through."""
    options = candidates(authored, line, slots)
    if not options:
        return 0
    said = Counter(w.lower() for w in line.says.split())
    (start, end), _ = min(options, key=lambda o: (len(o[1]), -sum((said & Counter(
        w.lower() for w in authored[o[0][0]:o[0][1]].split())).values())))
    first, size = words_before(authored, start), len(authored[start:end].split())
    offset = word - line.words[0]
    anchor = line.says.split()[offset] if offset < len(line.says.split()) else ""
    told = authored[start:end].split()
    if TIME.search(anchor):
        clock = TIME.search(anchor).group(0)  # type: ignore[union-attr]
        hit = next((i for i, w in enumerate(told) if clock in w), None)
        if hit is not None:
            return first + hit
    span = max(1, line.words[1] - line.words[0] + 1)
    return first + min(size - 1, offset * size // span) if size else first


def moved(position: tuple[int, int, int], plan: RolePlan, authored: str, slots: Sequence[str]) -> tuple[int, int, int]:
    """An LSU question's (first, last, total) words, moved from the original script to the authored one (a question
    with no anchor, `last < first`, keeps its span)."""
    first, last, _ = position
    text = full_text(plan, authored)
    total, head = len(text.split()), len(authored.split())
    if last < first:
        return first, last, total
    if first >= plan.tail_start:
        start = head + first - plan.tail_start
    else:
        line = line_at(plan, first)
        start = located(authored, line, first, slots) if line is not None else 0
    return start, min(total - 1, start + last - first), total


def authored_case(case: GeneratedCase, plans: dict[str, RolePlan], texts: dict[str, str],
                  mark: AuthorMark) -> GeneratedCase:
    """The case with every role's authored script (the plan's tail kept), its new id and `metadata.authored`."""
    script = case.script
    roles = [r.model_copy(update={"script": full_text(plans[r.id], texts[r.id])}) for r in script.roles]
    role_of = {q.id: q.role for q in script.questions if q.suite is Suite.LSU}
    positions = {qid: moved(pos, plans[role_of[qid] or ""], texts[role_of[qid] or ""], case.facts.slots)
                 if role_of.get(qid) in plans else pos for qid, pos in case.facts.positions.items()}
    metadata = {**script.metadata, "authored": mark.metadata()}
    new = script.model_copy(update={"id": authored_id(script.id, mark.name), "roles": roles, "metadata": metadata})
    return replace(case, script=new, facts=case.facts.model_copy(update={"positions": positions}))

