"""Checks of the format-2 parts of a script: stages, victims and probe-question fields.

Called by `validation.validate_script`; like the other checks they return every problem found,
each naming the file, the field path and the fix.
"""

from __future__ import annotations

from collections.abc import Iterator

from arena.scripts.problems import Problem
from arena.scripts.schema import Question, Script, Visibility

STAGE_VISIBILITIES = (Visibility.LOCATION, Visibility.PUBLIC)


def format2_ids(script: Script) -> Iterator[tuple[str, str]]:
    """(field path, id) of stages and victims: they share the script's one id namespace."""
    for i, stage in enumerate(script.stages):
        yield f"stages[{i}].id", stage.id
    for i, victim in enumerate(script.victims):
        yield f"victims[{i}].id", victim.id


def check_stages(script: Script, file: str) -> list[Problem]:
    problems: list[Problem] = []
    roles, clues = set(script.role_ids), {c.id: c for c in script.clues}
    staged: dict[str, str] = {}
    last_round = 0
    for i, stage in enumerate(script.stages):
        at = f"stages[{i}]"
        if i == 0 and stage.round is not None:
            problems.append(Problem(file, f"{at}.round", "the first stage begins before the introductions",
                                    "remove round from the first stage"))
        if stage.round is not None:
            if stage.round < last_round:
                problems.append(Problem(file, f"{at}.round", f"round {stage.round} is before the previous "
                                        f"stage's round {last_round}", "list stages in the order they begin"))
            last_round = stage.round
        problems += [Problem(file, f"{at}.scripts.{rid}", f"unknown role {rid!r}", f"one of {sorted(roles)}")
                     for rid in stage.scripts if rid not in roles]
        for k, cid in enumerate(stage.clues):
            problems += stage_clue_problems(file, f"{at}.clues[{k}]", cid, clues, staged, stage.id)
            staged.setdefault(cid, stage.id)
    return problems


def stage_clue_problems(file: str, at: str, cid: str, clues: dict, staged: dict[str, str],
                        stage: str) -> list[Problem]:
    if cid not in clues:
        return [Problem(file, at, f"unknown clue {cid!r}", "list clue ids defined under clues")]
    if cid in staged:
        return [Problem(file, at, f"clue {cid!r} is already in stage {staged[cid]!r}", "list a clue in one stage")]
    if clues[cid].visibility not in STAGE_VISIBILITIES:
        return [Problem(file, at, f"clue {cid!r} is {clues[cid].visibility.value}; a stage reveals only "
                        "location or public clues", "make it a location or public clue, or leave it out of stages")]
    return []


def check_victims(script: Script, file: str) -> list[Problem]:
    problems: list[Problem] = []
    culprits = set(script.culprits)
    covered: set[str] = set()
    for i, victim in enumerate(script.victims):
        for k, rid in enumerate(victim.culprits):
            if rid not in culprits:
                problems.append(Problem(file, f"victims[{i}].culprits[{k}]", f"{rid!r} is not one of the "
                                        f"case's culprits {sorted(culprits)}", "name a role listed in culprits"))
        covered |= set(victim.culprits)
    if script.victims and culprits - covered:
        problems.append(Problem(file, "victims", f"culprits {sorted(culprits - covered)} killed none of the victims",
                                "list every culprit under the victim(s) they killed"))
    return problems


def check_probe_fields(script: Script, file: str) -> list[Problem]:
    roles = set(script.role_ids)
    return [Problem(file, f"questions[{i}].from_role", f"unknown role {q.from_role!r}", f"one of {sorted(roles)}")
            for i, q in enumerate(script.questions) if q.from_role is not None and q.from_role not in roles]


def check_format2(script: Script, file: str) -> list[Problem]:
    """Every problem of the stages, victims and probe fields."""
    return check_stages(script, file) + check_victims(script, file) + check_probe_fields(script, file)


def weighted_score(questions: list[Question], correct: set[str]) -> float:
    """WellPlay's score: points (`weight`) of the questions answered right over all points (0 when none)."""
    total = sum(q.weight for q in questions)
    return sum(q.weight for q in questions if q.id in correct) / total if total else 0.0
