"""Whole-case check of a generated case: unique solution, key clues, reasoning chain, answers, wording.

`check_case` returns every problem (empty when the case may ship). It reads only the script and
the facts the clues were written from; the world model that produced them is not consulted, so a
case on disk can be re-checked (`check_folder`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from arena.generator.facts import (
    FACTS_FILE,
    At,
    CaseFacts,
    CauseOfDeath,
    ClockSlow,
    EntryLog,
    Fact,
    Motive,
    MotiveVoid,
    Trace,
    WeaponKept,
)
from arena.generator.questions import Naming
from arena.generator.solver import Solver
from arena.scripts.loader import load_script
from arena.scripts.schema import ImageKind, ReasoningStep, Script


def facts_without(case: CaseFacts, removed: str | None = None) -> list[Fact]:
    return [fact for cid, facts in case.clues.items() if cid != removed for fact in facts]


def check_solution(script: Script, case: CaseFacts) -> list[str]:
    truth = frozenset(case.culprits)
    found = Solver(case, facts_without(case)).culprits()
    if found != truth:
        return [f"the clues leave {sorted(found) or 'nobody'} consistent; exactly {sorted(truth)} should remain"]
    problems = []
    for clue in script.clues:
        without = Solver(case, facts_without(case, clue.id)).culprits()
        if clue.key and without == truth:
            problems.append(f"key clue {clue.id} is not needed: without it the solution is still {sorted(truth)}")
        if not clue.key and without != truth:
            problems.append(f"clue {clue.id} is needed (without it {sorted(without) or 'nobody'} remain) "
                            f"but is not marked key")
    return problems


def chain_clues(step_id: str, steps: Mapping[str, ReasoningStep], clue_ids: set[str]) -> set[str]:
    step = steps[step_id]
    found = {ref for ref in step.rests_on if ref in clue_ids}
    for ref in step.rests_on:
        if ref in steps:
            found |= chain_clues(ref, steps, clue_ids)
    return found


def check_chain(script: Script) -> list[str]:
    if not script.reasoning_chains:
        return ["no reasoning chain"]
    steps = script.steps()
    problems = []
    for step in steps.values():
        below = [steps[r].depth for r in step.rests_on if r in steps]
        if step.depth != 1 + max(below, default=0):
            problems.append(f"step {step.id} has depth {step.depth}, expected {1 + max(below, default=0)}")
    final = script.reasoning_chains[0].steps[-1]
    used = chain_clues(final.id, steps, {c.id for c in script.clues})
    keys = {c.id for c in script.clues if c.key}
    if used != keys:
        problems.append(f"the chain rests on clues {sorted(used)} but the key clues are {sorted(keys)}")
    return problems


def evidence_facts(ids: Iterable[str], case: CaseFacts, steps: Mapping[str, ReasoningStep]) -> list[Fact]:
    facts: list[Fact] = []
    for ref in ids:
        if ref in case.clues:
            facts += case.clues[ref]
        elif ref in case.roles:
            facts += case.roles[ref]
        elif ref in steps:
            facts += evidence_facts(steps[ref].rests_on, case, steps)
    return facts


def check_questions(script: Script, case: CaseFacts) -> list[str]:
    naming, steps, problems = Naming(case), script.steps(), []
    for q in script.questions:
        query = case.queries.get(q.id)
        if query is None:
            problems.append(f"question {q.id} has no query to check it with")
            continue
        derived = Solver(case, evidence_facts(q.evidence, case, steps)).answer(query, naming)
        declared = {q.options[letter] for letter in q.answer}
        if derived != declared:
            problems.append(f"question {q.id}: its evidence gives {sorted(derived)}, "
                            f"the answer says {sorted(declared)}")
    return problems


def required_words(fact: Fact, case: CaseFacts, media: bool) -> list[str]:
    """Words a clue stating `fact` must contain (media cards show first names and no times)."""

    def who(person: str) -> str:
        full = case.people.get(person, person)
        return full.split()[0] if media else full

    if isinstance(fact, At):
        return [who(fact.person), case.places[fact.place]] + ([] if media else [case.slots[fact.slot]])
    if isinstance(fact, Motive | MotiveVoid):
        return [who(fact.person)]
    if isinstance(fact, CauseOfDeath):
        return [case.weapons[fact.weapon]]
    if isinstance(fact, WeaponKept):
        return [case.weapons[fact.weapon], case.places[fact.place]]
    if isinstance(fact, ClockSlow):
        return [f"{fact.minutes} minutes slow"]
    if isinstance(fact, Trace):
        return [who(fact.person), case.places[fact.place]]
    if isinstance(fact, EntryLog):
        return [case.places[fact.place]] + [w for p, t in fact.entries for w in (who(p), case.slots[t])]
    return []


def flatten(value: Any) -> str:
    if isinstance(value, dict):
        return " ".join(flatten(v) for v in value.values())
    if isinstance(value, list | tuple):
        return " ".join(flatten(v) for v in value)
    return str(value)


def check_wording(script: Script, case: CaseFacts, cards: Mapping[str, Any]) -> list[str]:
    """Every clue's words (text, or card text for images) name what its facts state."""
    problems = []
    for clue in script.clues:
        media = clue.image is not None and clue.image.kind is ImageKind.MEDIA_RICH
        text = " ".join((clue.title, clue.text, flatten(cards.get(clue.image.file, {}) if clue.image else "")))
        for fact in case.clues.get(clue.id, ()):
            missing = [w for w in required_words(fact, case, media) if w.lower() not in text.lower()]
            if missing:
                problems.append(f"clue {clue.id} states {fact.type} but does not mention {missing}")
    return problems


def check_case(script: Script, case: CaseFacts, cards: Mapping[str, Any]) -> list[str]:
    """Every reason this case must not ship (empty list when it passes)."""
    if set(case.clues) != {c.id for c in script.clues}:
        return [f"facts cover clues {sorted(case.clues)} but the script has {sorted(c.id for c in script.clues)}"]
    return check_solution(script, case) + check_chain(script) + check_questions(script, case) + \
        check_wording(script, case, cards)


def check_folder(folder: Path) -> list[str]:
    """Re-check a generated case folder (script.yaml, facts.yaml, cards.yaml)."""
    script = load_script(folder)
    case = CaseFacts.model_validate(yaml.safe_load((folder / FACTS_FILE).read_text(encoding="utf-8")))
    specs = yaml.safe_load((folder / "cards.yaml").read_text(encoding="utf-8")) or {}
    cards = {spec["file"]: spec.get("params", {}) for spec in specs.get("cards", [])}
    return check_case(script, case, cards)
