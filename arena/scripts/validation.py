"""Whole-script checks: unique ids, one-line names, references, culprits, answers, evidence and image files.

`validate_script` returns every problem it finds (never only the first), each naming the file, the
field path and the fix. It never raises for a bad script.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from arena.scripts.evidence import check_evidence
from arena.scripts.format2 import check_format2, format2_ids
from arena.scripts.names import check_names
from arena.scripts.paths import file_problem
from arena.scripts.problems import Problem
from arena.scripts.schema import FORMAT_VERSIONS, ImageKind, Script, Suite, Visibility
from multimodal.files import FileProblem, resolve_inside
from multimodal.images import ImageProblem, inspect_file

SUITE_IMAGE_KIND = {Suite.TIU: ImageKind.TEXT_RICH, Suite.MIU: ImageKind.MEDIA_RICH}


def all_ids(script: Script) -> Iterator[tuple[str, str]]:
    """(field path, id) for everything that can be referenced."""
    for i, loc in enumerate(script.locations):
        yield f"locations[{i}].id", loc.id
    for i, role in enumerate(script.roles):
        yield f"roles[{i}].id", role.id
    for i, clue in enumerate(script.clues):
        yield f"clues[{i}].id", clue.id
    for i, stmt in enumerate(script.key_statements):
        yield f"key_statements[{i}].id", stmt.id
    for i, chain in enumerate(script.reasoning_chains):
        yield f"reasoning_chains[{i}].id", chain.id
        for j, step in enumerate(chain.steps):
            yield f"reasoning_chains[{i}].steps[{j}].id", step.id
    for i, q in enumerate(script.questions):
        yield f"questions[{i}].id", q.id
    yield from format2_ids(script)


def check_ids(script: Script, file: str) -> list[Problem]:
    counts = Counter(ident for _, ident in all_ids(script))
    return [
        Problem(file, path, f"id {ident!r} is used {counts[ident]} times", "give every object its own id")
        for path, ident in all_ids(script)
        if counts[ident] > 1
    ]


def check_culprits(script: Script, file: str) -> list[Problem]:
    problems = []
    roles = set(script.role_ids)
    flagged = set(script.culprit_ids)
    for i, cid in enumerate(script.culprits):
        if cid not in roles:
            problems.append(Problem(file, f"culprits[{i}]", f"culprit {cid!r} is not a role",
                                    "name the id of an existing role"))
    if set(script.culprits) != flagged:
        problems.append(Problem(
            file, "culprits",
            f"declared culprits {sorted(script.culprits)} differ from roles flagged culprit {sorted(flagged)}",
            "set `culprit: true` on exactly the roles listed in `culprits`",
        ))
    if set(script.truth.culprits) != set(script.culprits):
        problems.append(Problem(file, "truth.culprits", "truth.culprits differs from culprits",
                                "list the same role ids in both"))
    if len(flagged) >= len(roles):
        problems.append(Problem(file, "roles", "no civilian role", "at least one role must not be a culprit"))
    return problems


def check_roles(script: Script, file: str) -> list[Problem]:
    return [
        Problem(file, f"roles[{i}].script", f"role {role.id!r} has no private script",
                "write the role script inline or point script_file at a text file")
        for i, role in enumerate(script.roles)
        if not role.script.strip()
    ]


def check_clue_fields(script: Script, file: str) -> list[Problem]:
    problems = []
    roles, locations = set(script.role_ids), {loc.id for loc in script.locations}
    for i, clue in enumerate(script.clues):
        at = f"clues[{i}]"
        if clue.kind == "image" and clue.image is None:
            problems.append(Problem(file, f"{at}.image", "image clue without an image", "add image: {file, kind, alt}"))
        if clue.kind == "text" and clue.image is not None:
            problems.append(Problem(file, f"{at}.kind", "text clue with an image", "set kind: image"))
        if clue.kind == "text" and not clue.text.strip():
            problems.append(Problem(file, f"{at}.text", "text clue without text", "write the clue's text"))
        if clue.visibility is Visibility.PRIVATE and clue.holder not in roles:
            problems.append(Problem(file, f"{at}.holder",
                                    f"private clue needs an existing holder role, got {clue.holder!r}",
                                    f"one of {sorted(roles)}"))
        if clue.visibility is Visibility.LOCATION and clue.location not in locations:
            problems.append(Problem(file, f"{at}.location",
                                    f"location clue needs an existing location, got {clue.location!r}",
                                    f"one of {sorted(locations)}"))
        if clue.visibility is Visibility.UNLOCKED and clue.unlock_round is None:
            problems.append(Problem(file, f"{at}.unlock_round", "unlocked clue without unlock_round",
                                    "set the discussion round (1, 2, ...) that reveals it"))
    return problems


def check_images(script: Script, file: str) -> list[Problem]:
    problems = []
    base = script.folder or Path(file).parent
    for i, clue in enumerate(script.clues):
        if clue.image is None:
            continue
        field = f"clues[{i}].image.file"
        try:
            inspect_file(resolve_inside(base, clue.image.file))
        except FileProblem as exc:
            problems.append(file_problem(file, field, clue.image.file, exc))
        except ImageProblem as exc:
            problems.append(Problem(file, field, str(exc), exc.fix or
                                    "render the cards (arena scripts render) or fix the file path"))
    return problems


def check_references(script: Script, file: str) -> list[Problem]:
    problems = []
    roles = set(script.role_ids)
    referable = roles | {c.id for c in script.clues} | set(script.steps())
    for i, stmt in enumerate(script.key_statements):
        problems += [Problem(file, f"key_statements[{i}].holders[{j}]", f"unknown role {h!r}", "use a role id")
                     for j, h in enumerate(stmt.holders) if h not in roles]
    problems += [Problem(file, f"key_roles[{j}]", f"unknown role {r!r}", "use a role id")
                 for j, r in enumerate(script.key_roles) if r not in roles]
    for i, chain in enumerate(script.reasoning_chains):
        for j, step in enumerate(chain.steps):
            problems += [
                Problem(file, f"reasoning_chains[{i}].steps[{j}].rests_on[{k}]", f"unknown id {ref!r}",
                        "reference a clue, role or reasoning step id")
                for k, ref in enumerate(step.rests_on) if ref not in referable
            ]
    return problems


def check_questions(script: Script, file: str) -> list[Problem]:
    problems = []
    roles = set(script.role_ids)
    clues = {c.id: c for c in script.clues}
    referable = roles | set(clues) | set(script.steps())
    for i, q in enumerate(script.questions):
        at = f"questions[{i}]"
        for letter in q.answer:
            if letter not in q.options:
                problems.append(Problem(file, f"{at}.answer",
                                        f"answer {letter!r} is not among the options {sorted(q.options)}",
                                        "answer with option letters"))
        if not q.evidence:
            problems.append(Problem(file, f"{at}.evidence", "question without evidence",
                                    "list the clue, role or step ids its answer rests on"))
        for k, ref in enumerate(q.evidence):
            if ref not in referable:
                problems.append(Problem(file, f"{at}.evidence[{k}]", f"unknown id {ref!r}",
                                        "reference a clue, role or reasoning step id"))
        if q.suite is Suite.LSU and q.role not in roles:
            problems.append(Problem(file, f"{at}.role", f"LSU question needs the role it is about, got {q.role!r}",
                                    f"one of {sorted(roles)}"))
        if q.suite is Suite.MMR and q.depth is None:
            problems.append(Problem(file, f"{at}.depth", "MMR question without depth", "set depth: 1, 2, 3..."))
        kind = SUITE_IMAGE_KIND.get(q.suite)
        if kind is not None and not any(
            (image := clues[r].image) is not None and image.kind is kind for r in q.evidence if r in clues
        ):
            problems.append(Problem(file, f"{at}.evidence",
                                    f"{q.suite.value.upper()} question cites no {kind.value} image clue",
                                    f"add the id of the {kind.value} image clue it is about"))
    return problems


def validate_script(script: Script, file: str | None = None) -> list[Problem]:
    """Every problem of a loaded script (empty list when it is valid)."""
    name = file or str((script.folder or Path(".")) / "script.yaml")
    problems: list[Problem] = []
    if script.format_version not in FORMAT_VERSIONS:
        problems.append(Problem(name, "format_version", f"unsupported format version {script.format_version}",
                                f"this arena reads versions {', '.join(map(str, FORMAT_VERSIONS))}"))
    for check in (check_ids, check_names, check_culprits, check_roles, check_clue_fields, check_references,
                  check_questions, check_format2, check_images, check_evidence):
        problems += check(script, name)
    return problems
