"""Whole-case check of a generated case: solution, keys, vision, chain, wording, coherence, length, leaks.

`check_case` returns every problem (empty when the case may ship). It reads only the script and
the facts the clues were written from; the world model that produced them is not consulted, so a
case on disk can be re-checked (`check_folder`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from arena.errors import ScriptError
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
from arena.generator.findings import Finding
from arena.generator.leaks import check_leaks
from arena.generator.persona import check_coherence, check_length
from arena.generator.questions import Naming, normalised
from arena.generator.solver import Solver
from arena.scripts.clock import SLOT_MINUTES, minutes_of
from arena.scripts.loader import load_script_unchecked
from arena.scripts.problems import Problem
from arena.scripts.schema import ImageKind, ReasoningStep, Script, Suite
from multimodal.files import FileProblem, read_yaml_inside


def check_solution(script: Script, case: CaseFacts) -> list[Finding]:
    """Whole case: exactly the culprits remain; a key clue is needed, any other clue is not."""
    truth = frozenset(case.culprits)
    found = Solver(case, case.solving_facts()).culprits()
    if found != truth:
        return [Finding("solution", script.id, f"all the facts leave {sorted(found) or 'nobody'} consistent; "
                        f"exactly {sorted(truth)} should remain", "add a clue that clears the extra suspects")]
    problems = []
    for clue in script.clues:
        without = Solver(case, case.solving_facts(removed=clue.id)).culprits()
        if clue.key and without == truth:
            problems.append(Finding("solution", f"clue {clue.id}", f"marked key but not needed: without it the "
                                    f"solution is still {sorted(truth)}", "unmark key or remove the duplicate"))
        if not clue.key and without != truth:
            problems.append(Finding("solution", f"clue {clue.id}", f"needed (without it {sorted(without) or 'nobody'} "
                                    "remain) but not marked key", "mark it key"))
    return problems


def text_of(script: Script, cards: Mapping[str, Any], media: set[str]) -> dict[str, str]:
    """Every text of the case a player reads: briefing, role scripts, text clues, text printed on cards."""
    texts = {"briefing": script.briefing}
    texts |= {f"role {r.id}": r.script or "" for r in script.roles}
    for clue in script.clues:
        printed = "" if clue.id in media or clue.image is None else flatten(cards.get(clue.image.file, {}))
        alt = clue.image.alt if clue.image is not None else ""
        texts[f"clue {clue.id}"] = " ".join((clue.title, clue.text, printed, alt or ""))
    return texts


def check_vision(script: Script, case: CaseFacts, cards: Mapping[str, Any]) -> list[Finding]:
    """Images are needed: text alone leaves two suspects or more; no MIU answer is stated in text; no role
    script narrates what an image it holds shows."""
    problems = []
    left = Solver(case, case.solving_facts(text_only=True)).culprits()
    if len(left) < 2:
        problems.append(Finding("vision", script.id, f"text alone determines the culprit ({sorted(left)})",
                                "move a clearing fact from text into an image (clock, plan, trail)"))
    texts = {k: normalised(v, script.language) for k, v in text_of(script, cards, set(case.media_clues)).items()}
    for q in script.questions:
        if q.suite is Suite.MIU:
            for letter in q.answer:
                answer = normalised(q.options[letter], script.language)
                where = next((k for k, v in texts.items() if answer in v), None)
                if where:
                    problems.append(Finding("vision", f"question {q.id}", f"its MIU answer {q.options[letter]!r} "
                                            f"is stated in the text of {where}", "ask about what only the image "
                                            "shows, or remove the sentence"))
    for clue in script.clues:
        if clue.image is not None and clue.holder:
            told = set(case.roles.get(clue.holder, ())) | set(case.sightings.get(clue.holder, ()))
            shown = [f for f in case.clues.get(clue.id, ()) if isinstance(f, At) and f in told]
            if shown and clue.id in case.media_clues:
                problems.append(Finding("vision", f"clue {clue.id}", f"the script of {clue.holder}, who holds "
                                        "this image, narrates what it shows", "let another role hold it"))
    return problems


def chain_clues(step_id: str, steps: Mapping[str, ReasoningStep], clue_ids: set[str]) -> set[str]:
    step = steps[step_id]
    found = {ref for ref in step.rests_on if ref in clue_ids}
    for ref in step.rests_on:
        if ref in steps:
            found |= chain_clues(ref, steps, clue_ids)
    return found


def check_chain(script: Script) -> list[Finding]:
    if not script.reasoning_chains:
        return [Finding("chain", script.id, "no reasoning chain", "add the chain from key clues to culprits")]
    steps = script.steps()
    problems = []
    for step in steps.values():
        below = [steps[r].depth for r in step.rests_on if r in steps]
        if step.depth != 1 + max(below, default=0):
            problems.append(Finding("chain", f"step {step.id}", f"depth {step.depth}, expected "
                                    f"{1 + max(below, default=0)}", "one more than the deepest step it rests on"))
    final = script.reasoning_chains[0].steps[-1]
    used = chain_clues(final.id, steps, {c.id for c in script.clues})
    keys = {c.id for c in script.clues if c.key}
    if used != keys:
        problems.append(Finding("chain", script.id, f"the chain rests on clues {sorted(used)} but the key clues "
                                f"are {sorted(keys)}", "make the final step rest on exactly the key clues"))
    return problems


def check_questions(script: Script, case: CaseFacts) -> list[Finding]:
    """Whole-case keys: every question's answer is what all the case's facts give; no distractor is true;
    a single-answer question has exactly one true option."""
    naming, problems = Naming(case), []
    truth = Solver(case, case.all_facts())
    for q in script.questions:
        where = f"question {q.id}"
        query = case.queries.get(q.id)
        if query is None:
            problems.append(Finding("keys", where, "no query to check it with", "regenerate the case"))
            continue
        derived = truth.answer(query, naming)
        declared = {q.options[letter] for letter in q.answer}
        true_distractors = sorted(v for k, v in q.options.items() if k not in q.answer and v in derived)
        if true_distractors:
            problems.append(Finding("keys", where, f"distractor {true_distractors} is also true for the whole "
                                    "case", "drop it from the options or add it to the answer"))
        elif derived != declared:
            problems.append(Finding("keys", where, f"the whole case gives {sorted(derived)}, the answer says "
                                    f"{sorted(declared)}", "re-key the question from all the facts"))
        elif not query.multi and len(declared) != 1:
            problems.append(Finding("keys", where, f"single-answer question with {len(declared)} true options",
                                    "ask for all that apply, or change the options"))
    return problems


def required_words(fact: Fact, case: CaseFacts, media: bool) -> list[str]:
    """Words a clue stating `fact` must contain (media cards show first names and no times)."""

    def who(person: str) -> str:
        full = case.people.get(person, person)
        return full.split()[0] if media else full

    if isinstance(fact, At):
        return [who(fact.person), case.places[fact.place]]  # the time: `names_quarter`
    if isinstance(fact, Motive | MotiveVoid):
        return [who(fact.person)]
    if isinstance(fact, CauseOfDeath):
        return [case.weapons[fact.weapon]]
    if isinstance(fact, WeaponKept):
        return [case.weapons[fact.weapon], case.places[fact.place]]
    if isinstance(fact, ClockSlow):
        return [case.labels.get(f"{fact.minutes} minutes slow", f"{fact.minutes} minutes slow")]
    if isinstance(fact, Trace):
        return [who(fact.person), case.places[fact.place]]
    if isinstance(fact, EntryLog):
        return [case.places[fact.place]] + [w for p, t in fact.entries for w in (who(p), case.slots[t])]
    return []


def names_quarter(text: str, label: str) -> bool:
    """Whether `text` names a time inside the quarter hour from `label` (a card prints its own minute, 20:37)."""
    start = minutes_of(label)
    return any(start <= minutes_of(t) < start + SLOT_MINUTES for t in re.findall(r"(?<!\d)\d{1,2}:\d{2}(?!\d)", text))


def flatten(value: Any) -> str:
    if isinstance(value, dict):
        return " ".join(flatten(v) for v in value.values())
    if isinstance(value, list | tuple):
        return " ".join(flatten(v) for v in value)
    return str(value)


def check_wording(script: Script, case: CaseFacts, cards: Mapping[str, Any]) -> list[Finding]:
    """Every clue's words (text, or card text for images) name what its facts state (a CCTV still shows people
    by their clothes, which the cloakroom list names)."""
    problems, names = [], {n.split()[0] for n in case.people.values()}
    for clue in script.clues:
        media = clue.image is not None and clue.image.kind is ImageKind.MEDIA_RICH
        text = " ".join((clue.title, clue.text, flatten(cards.get(clue.image.file, {}) if clue.image else "")))
        for fact in case.clues.get(clue.id, ()):
            missing = [w for w in required_words(fact, case, media) if w.lower() not in text.lower()
                       and not (clue.id in case.by_looks and isinstance(fact, At) and w in names)]
            if isinstance(fact, At) and not media and not names_quarter(text, case.slots[fact.slot]):
                missing.append(f"a time in the quarter hour from {case.slots[fact.slot]}")
            if missing:
                problems.append(Finding("wording", f"clue {clue.id}", f"states {fact.type} but does not mention "
                                        f"{missing}", "name them in its text or card"))
    return problems


def check_case(script: Script, case: CaseFacts, cards: Mapping[str, Any], words: int = 0) -> list[Finding]:
    """Every reason this case must not ship (empty list when it passes)."""
    if set(case.clues) != {c.id for c in script.clues}:
        return [Finding("solution", script.id, f"facts cover clues {sorted(case.clues)} but the script has "
                        f"{sorted(c.id for c in script.clues)}", "regenerate facts.yaml with the case")]
    return (check_coherence(script, case) + check_solution(script, case) + check_chain(script)
            + check_questions(script, case) + check_vision(script, case, cards) + check_wording(script, case, cards)
            + check_length(script, case, words) + check_leaks(script, case, cards))


def check_folder(folder: Path) -> list[Finding]:
    """Re-check a generated case folder (script.yaml, facts.yaml, cards.yaml). The side files are read like
    every file a case names (path rule, cap, UTF-8, safe YAML); one that cannot be read, or has the wrong
    types, is a ScriptError naming the file, the field and the fix."""
    from multimodal.cards.render import CardError, load_card_specs  # the card renderer loads Pillow

    script = load_script_unchecked(folder)  # structure is validate_script's job; this re-runs the case checks
    case = read_facts(folder)
    try:
        cards = {spec.file: spec.params for spec in load_card_specs(folder)}
    except CardError as exc:
        raise ScriptError(str(exc), [Problem(str(folder / "cards.yaml"), "", str(exc))]) from exc
    words = int(script.metadata.get("generator", {}).get("words", 0))
    return check_case(script, case, cards, words)


def read_facts(folder: Path) -> CaseFacts:
    """The case's facts.yaml; ScriptError (file, field, fix) when it cannot be read or has the wrong types."""
    file = str(folder / FACTS_FILE)
    try:
        return CaseFacts.model_validate(read_yaml_inside(folder, FACTS_FILE))
    except FileProblem as exc:
        problem = Problem(file, "", str(exc), exc.fix)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in first["loc"]).lstrip(".")
        problem = Problem(file, where, f"{first['msg']} ({exc.error_count()} error(s))",
                          "regenerate facts.yaml with the case (arena generate)")
    raise ScriptError(str(problem), [problem])
