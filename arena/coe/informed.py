"""Who decides ThinkThrice's "informed": a judge panel when one is given, else the labelled offline rule.

For each role and inferential probe, every judge of the panel reads what the role knew when it
answered (the probe's condition: the end of the game, only its script, or every script), the
question, its correct answer and the premises the answer rests on (the texts of the reasoning
steps the probe cites, followed down to their clues and the scripts they come from) and replies
`{"informed": "yes"|"no"}`: could the role have worked the answer out from what it knew? Unlike the
rule (`rule/informed-v1`, which only compares ids: its own script and the clues it saw), a judge
also counts premises the role heard in the conversation.

The panel's decision is the majority of its judges' valid verdicts; a tie, or no valid verdict (an
unparseable reply, a failed call), leaves the probe undecided: it is left out of the informed
figure, never counted as either. Judges are blinded (`panel.Blind`: the two entries' names, ids and
models are scrubbed from what they read) and never decide for a role their own model played
(`panel.self_judging`). The decider is stored with every score (`informed_by`: `panel:` and the
judges' ids), so the report never pools a panel's figure with the rule's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arena.coe.context import QAContext, chain_ids, leaf_ids
from arena.coe.judges import YES, LLMJudge, Verdict, reply_object
from arena.coe.panel import Blind, EntryFacts, self_judging
from arena.coe.prompting import render
from arena.coe.scoring import judge_facts
from arena.scripts.schema import Question, QuestionCategory, Script

PANEL_PREFIX = "panel:"


def parse_informed(text: str) -> bool | None:
    """`{"informed": "yes"|"no"}` (or a JSON boolean); anything else is unparseable."""
    obj = reply_object(text)
    if obj is None or set(obj) != {"informed"}:
        return None
    value = obj["informed"]
    return value if isinstance(value, bool) else YES.get(str(value).strip().lower())


def premises(script: Script, question: Question) -> list[str]:
    """What the probe's answer rests on: its cited reasoning steps (and the steps below them), then the clues
    and scripts at the bottom of the chain."""
    steps, clues = script.steps(), {c.id: c for c in script.clues}
    found = [steps[i].text for i in chain_ids(script, question.evidence) if i in steps]
    for ident in leaf_ids(script, question.evidence):
        if ident in clues:
            found.append(f"the clue '{clues[ident].title}'" + (f": {clues[ident].text}" if clues[ident].text else ""))
        elif ident in script.role_ids:
            found.append(f"facts from {script.role(ident).name}'s script")
    return found


@dataclass(frozen=True)
class InformedItem:
    """One (role, inferential probe) to decide, with what the role knew under the probe's condition."""

    role: str
    question: Question
    knowledge: QAContext
    entry: EntryFacts | None  # the entry that played the role (for the self-judging rule)


class InformedPanel:
    """Model judges deciding "informed" (see the module docstring); `blind` scrubs the game's entries."""

    def __init__(self, judges: Sequence[LLMJudge], blind: Blind | None = None) -> None:
        self.judges, self.blind = list(judges), blind or Blind(None)
        self.name = PANEL_PREFIX + ",".join(sorted(j.name for j in self.judges))

    def prompt(self, script: Script, item: InformedItem) -> str:
        q = item.question
        answer = ", ".join(q.options[a] for a in q.answer if a in q.options) or "(none)"
        return render("probe_informed.txt", name=script.role(item.role).name, question=q.stem, answer=answer,
                      premises="\n".join(f"- {p}" for p in premises(script, q)) or "(none given)",
                      knowledge=self.blind(item.knowledge.text) or "(nothing)")

    async def verdicts(self, script: Script, item: InformedItem) -> list[Verdict]:
        prompt = self.prompt(script, item)
        judges = [j for j in self.judges if not self_judging(judge_facts(j), item.entry)]
        return list(await asyncio.gather(*(j.judge(prompt, parse_informed) for j in judges)))

    async def decide(self, script: Script, items: Sequence[InformedItem]) -> dict[tuple[str, str], bool]:
        """(role, probe id) -> the panel's majority; ties and items without a valid verdict are left out."""
        decided: dict[tuple[str, str], bool] = {}
        for item, verdicts in zip(items, await asyncio.gather(*(self.verdicts(script, i) for i in items)),
                                  strict=True):
            yes = sum(1 for v in verdicts if v.ok and v.value is True)
            no = sum(1 for v in verdicts if v.ok and v.value is False)
            if yes != no:
                decided[(item.role, item.question.id)] = yes > no
        return decided


def informed_items(questions: Sequence[Question], contexts: Mapping[str, QAContext],
                   entries: Mapping[str, EntryFacts | None]) -> list[InformedItem]:
    """Every (role, inferential probe) of one condition; `contexts`: role -> what it knew there."""
    return [InformedItem(role, q, context, entries.get(role)) for role, context in contexts.items()
            for q in questions if q.category is QuestionCategory.INFERENTIAL]
