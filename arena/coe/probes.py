"""Post-game probes: questions each agent answers in character after the vote, and their scores.

The probe set of a case (`probe_questions`): its questions that carry a `category` (format 2; the
WellPlay importer keeps WellPlay's), else questions made from the case's facts: "who killed V?"
per victim (the culprits as the key, a multi-select when there are several), each LSU question as
a `factual` probe from the script of the role it is about, each MMR question as an `inferential`
one. Answers are graded as exact sets of letters (`mcq.grade`).

Scores (formulas and their sources in docs/coe.md):
- **WellPlay** (PLAYER*, WellPlay dataset): points of the questions answered right over all points
  (who killed 10, reasoning 5, relations 2; `weight`), per role; and per category the mean accuracy
  over the roles and its spread (population standard deviation).
- **ThinkThrice**: factual accuracy split by whose script the fact comes from (`own`, `other
  civilians'`, `murderer's`), and inferential accuracy, overall and **informed**: only the
  inferential probes the role was in a position to answer. With a judge panel (`--judge`) the panel
  decides it per role and probe (`arena.coe.informed`); without one, the labelled offline rule
  `rule/informed-v1` does: the probe's evidence (clue and role ids, reasoning steps followed down)
  was all known to the role by the end of the game (its own script, clues it saw).
- `counts` keeps every figure's (correct, n), so reports pool them over roles and games with an
  interval rather than averaging percentages.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arena.coe.context import leaf_ids
from arena.scripts.format2 import weighted_score
from arena.scripts.schema import Question, QuestionCategory, Script, Suite

WHO_KILLED_POINTS = 10.0
THINKTHRICE_KEYS = ("factual own", "factual other civilians'", "factual murderer's", "inferential",
                    "inferential informed")
INFORMED_RULE = "rule/informed-v1"  # the offline fallback that decides "informed" without a judge panel
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def who_killed(script: Script) -> list[Question]:
    """One "who killed V?" probe per victim (the case's victim when it lists none)."""
    roles = script.roles[:len(LETTERS)]
    letter = {r.id: LETTERS[i] for i, r in enumerate(roles)}
    victims = [(v.id, v.name, v.culprits) for v in script.victims] or [("case", script.victim, script.culprits)]
    probes = []
    for vid, name, culprits in victims:
        answer = [letter[c] for c in culprits if c in letter]
        if answer:
            probes.append(Question(id=f"probe_who_{vid}", suite=Suite.MMR, depth=1, stem=f"Who killed {name}?",
                                   options={letter[r.id]: r.name for r in roles}, answer=answer,
                                   evidence=list(culprits), weight=WHO_KILLED_POINTS,
                                   category=QuestionCategory.WHO_KILLED))
    return probes


def probe_questions(script: Script) -> list[Question]:
    """The case's probes (see the module docstring)."""
    own = [q for q in script.questions if q.category is not None]
    if own:
        has_who = any(q.category is QuestionCategory.WHO_KILLED for q in own)
        return own if has_who else [*who_killed(script), *own]
    made = [q.model_copy(update={"category": QuestionCategory.FACTUAL, "from_role": q.role})
            for q in script.questions if q.suite is Suite.LSU and q.role]
    made += [q.model_copy(update={"category": QuestionCategory.INFERENTIAL})
             for q in script.questions if q.suite is Suite.MMR]
    return [*who_killed(script), *made]


@dataclass(frozen=True)
class ProbeAnswer:
    role: str
    question_id: str
    correct: bool


def wellplay(questions: Sequence[Question], answers: Iterable[ProbeAnswer]) -> dict[str, Any]:
    """Per role the weighted score (0-100); per category the mean accuracy over roles and its spread."""
    by_role: dict[str, set[str]] = {}
    for a in answers:
        by_role.setdefault(a.role, set())
        if a.correct:
            by_role[a.role].add(a.question_id)
    scores = {role: 100.0 * weighted_score(list(questions), right) for role, right in by_role.items()}
    categories: dict[str, dict[str, float | int]] = {}
    for category in sorted({q.category.value for q in questions if q.category is not None}):
        ids = [q.id for q in questions if q.category is not None and q.category.value == category]
        per_role = [100.0 * sum(i in right for i in ids) / len(ids) for right in by_role.values()]
        if per_role:
            categories[category] = {"accuracy": statistics.fmean(per_role),
                                    "spread": statistics.pstdev(per_role), "n": len(ids)}
    return {"weighted": scores, "categories": categories}


def source_of(question: Question, role: str, culprits: set[str]) -> str | None:
    """Whose script a factual probe's fact comes from, seen from `role`."""
    if question.from_role is None:
        return None
    if question.from_role == role:
        return "own"
    return "murderer's" if question.from_role in culprits else "other civilians'"


def thinkthrice_counts(script: Script, questions: Sequence[Question], answers: Iterable[ProbeAnswer],
                       culprits: set[str], known: Mapping[str, set[str]],
                       decided: Mapping[tuple[str, str], bool] | None = None) -> dict[str, list[int]]:
    """(correct, n) of the factual split by source and of the inferential probes, overall and informed.
    `known`: role -> the ids (its own role id, clue ids) it knew at the end of the game (the rule);
    `decided`: (role, probe id) -> informed, as a judge panel decided it (replaces the rule; a probe the
    panel did not decide is left out of `inferential informed`)."""
    by_id = {q.id: q for q in questions}
    split: dict[str, list[bool]] = {k: [] for k in THINKTHRICE_KEYS}
    for a in answers:
        q = by_id[a.question_id]
        if q.category is QuestionCategory.FACTUAL and (source := source_of(q, a.role, culprits)):
            split[f"factual {source}"].append(a.correct)
        elif q.category is QuestionCategory.INFERENTIAL:
            split["inferential"].append(a.correct)
            informed = (set(leaf_ids(script, q.evidence)) <= known.get(a.role, set())) if decided is None \
                else decided.get((a.role, q.id))
            if informed:
                split["inferential informed"].append(a.correct)
    return {k: [sum(v), len(v)] for k, v in split.items()}


def thinkthrice(script: Script, questions: Sequence[Question], answers: Iterable[ProbeAnswer],
                culprits: set[str], known: Mapping[str, set[str]],
                decided: Mapping[tuple[str, str], bool] | None = None) -> dict[str, float | None]:
    """Factual accuracy by source and inferential accuracy (overall, informed); see `thinkthrice_counts`."""
    counts = thinkthrice_counts(script, questions, answers, culprits, known, decided)
    return {k: (100.0 * c / n if n else None) for k, (c, n) in counts.items()}


def category_counts(questions: Sequence[Question], answers: Iterable[ProbeAnswer]) -> dict[str, list[int]]:
    """Per WellPlay category: (correct, n) of the given answers."""
    by_id = {q.id: q for q in questions}
    counts: dict[str, list[int]] = {}
    for a in answers:
        category = by_id[a.question_id].category
        if category is not None:
            cell = counts.setdefault(category.value, [0, 0])
            cell[0] += int(a.correct)
            cell[1] += 1
    return dict(sorted(counts.items()))
