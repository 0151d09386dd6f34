"""Crafted bad cases, one per check, must be rejected; good cases carry what the checks need.

Each test breaks one generated case in one way (a true distractor, a culprit text alone decides, a
persona contradiction, a filler image, an MIU answer stated in a script) and expects the named
check to report it, naming the question, clue or role.
"""

from __future__ import annotations

from pathlib import Path

from arena.generator import CaseOptions, Request, check_case, write_case
from arena.generator.check import check_questions, check_vision
from arena.generator.facts import Relation
from arena.generator.layer import attribution, evidence_document
from arena.generator.persona import LAST_QUARTER, check_coherence, check_length
from arena.generator.pipeline import card_params
from arena.generator.solver import Solver
from arena.scripts.evidence import check_evidence
from arena.scripts.loader import load_script
from arena.scripts.schema import Clue, ImageKind, ImageRef, Script, Suite, Visibility
from tests.generator.conftest import cached_case

CASE = Request(21, CaseOptions(6, "medium", 1, plot="stopped-clock"))


def role_of(script: Script, qid: str) -> str | None:
    return next(q.role for q in script.questions if q.id == qid)


def test_a_good_case_passes_every_check() -> None:
    case = cached_case(CASE)
    assert check_case(case.script, case.facts, card_params(case), 4000) == []


def test_a_distractor_that_is_also_true_is_rejected() -> None:
    cases = (cached_case(Request(seed, CaseOptions(6, "medium", 1))) for seed in (21, 22, 23, 24, 25))
    case, q = next((c, q) for c in cases for q in c.script.questions if c.facts.queries[q.id].multi
                   and len(q.answer) >= 2)
    dropped = q.answer[0]
    broken = case.script.model_copy(update={"questions": [
        x.model_copy(update={"answer": q.answer[1:]}) if x.id == q.id else x for x in case.script.questions]})
    problems = check_questions(broken, case.facts)
    assert [p.where for p in problems] == [f"question {q.id}"]
    assert problems[0].check == "keys" and "also true" in problems[0].message
    assert q.options[dropped] in problems[0].message


def test_a_culprit_that_text_alone_determines_is_rejected() -> None:
    case = cached_case(CASE)
    assert len(Solver(case.facts, case.facts.solving_facts(text_only=True)).culprits()) >= 2
    as_text = case.facts.model_copy(update={"media_clues": ()})  # every picture's facts printed as text
    problems = check_vision(case.script, as_text, card_params(case))
    assert any(p.check == "vision" and "text alone determines" in p.message for p in problems)


def test_a_persona_contradiction_is_rejected() -> None:
    case = cached_case(CASE)
    role = next(r for r in case.script.roles if "physician" not in (r.profile or ""))
    roles = {**case.facts.roles, role.id: tuple(Relation(person=role.id, relation="family physician")
                                                if isinstance(f, Relation) else f for f in case.facts.roles[role.id])}
    problems = check_coherence(case.script, case.facts.model_copy(update={"roles": roles}))
    assert [(p.check, p.where) for p in problems] == [("coherence", f"role {role.id}")]
    assert "family physician" in problems[0].message


def test_a_filler_image_is_rejected() -> None:
    case = cached_case(CASE)
    filler = Clue(id="c_counters", kind="image", title="Counters on a table", text="Counters of an unfinished game.",
                  image=ImageRef(file="images/c_counters.png", kind=ImageKind.MEDIA_RICH, alt="counters"),
                  visibility=Visibility.PUBLIC)
    script = case.script.model_copy(update={"clues": [*case.script.clues, filler]})
    facts = case.facts.model_copy(update={"clues": {**case.facts.clues, "c_counters": ()}})
    problems = [p for p in check_coherence(script, facts) if "filler" in p.message]
    assert [p.where for p in problems] == ["clue c_counters"]
    assert not [p for p in check_coherence(case.script, case.facts) if "filler" in p.message]


def test_an_miu_answer_stated_in_a_script_is_rejected() -> None:
    case = cached_case(CASE)
    q = next(q for q in case.script.questions if q.suite is Suite.MIU)
    answer = q.options[q.answer[0]]
    role = case.script.roles[0]
    told = role.model_copy(update={"script": f"{role.script}\nYou happened to notice: {answer}.\n"})
    script = case.script.model_copy(update={"roles": [told, *case.script.roles[1:]]})
    problems = [p for p in check_vision(script, case.facts, card_params(case)) if p.where == f"question {q.id}"]
    assert problems and f"role {role.id}" in problems[0].message


def test_no_late_question_is_rejected_and_a_short_script_is_not() -> None:
    case = cached_case(CASE)
    assert check_length(case.script, case.facts, 4000) == []
    role = next(r for r in case.script.roles[1:] if not r.culprit)  # no item is sent a culprit's script
    late = [qid for qid, (first, _, total) in case.facts.positions.items()
            if first >= LAST_QUARTER * total and role_of(case.script, qid) == role.id]
    assert late, "every role is asked about the last quarter of its script"
    script = case.script.model_copy(update={"questions": [q for q in case.script.questions if q.id not in late]})
    problems = check_length(script, case.facts, 5000)
    assert any(p.where == f"role {role.id}" and "last quarter" in p.message for p in problems)
    assert not any("fewer than" in p.message for p in problems)  # a length follows from content, never padded


def test_lsu_positions_cover_the_whole_script() -> None:
    """Each role is asked about the end of its script and over a third of it at least; most are asked about its
    first quarter too (the relation to the victim, unless the script names the relation's words where too few
    distractors are named as well: a lookup would then answer it, and it is not asked)."""
    case = cached_case(CASE)
    early = innocent = 0
    for role in case.script.roles:
        spots = [first / total for qid, (first, _, total) in case.facts.positions.items()
                 if role_of(case.script, qid) == role.id]
        if role.culprit:
            assert spots == [], "no LSU item is sent a culprit's own script"
            continue
        assert max(spots) >= LAST_QUARTER and max(spots) - min(spots) > 1 / 3, role.id
        assert all(0 <= s < 1 for s in spots)
        innocent += 1
        early += min(spots) < 0.25
    assert early >= 0.6 * innocent


def test_the_evidence_layer_agrees_with_the_solver_and_passes_its_checks(tmp_path: Path) -> None:
    case = cached_case(CASE)
    credit = attribution(case.facts)
    innocents = set(case.facts.people) - set(case.facts.culprits)
    assert {p for ps in credit.values() for p in ps} == innocents
    folder = write_case(case, tmp_path)
    assert check_evidence(load_script(folder), "x") == []
    layer = evidence_document(case.script, case.facts)
    text_left = set(layer["suspects"]) - {p for f in layer["facts"] if f["modality"] == "text" for p in f["excludes"]}
    assert len(text_left) >= 2 and set(case.facts.culprits) <= text_left


def test_the_evidence_checker_rejects_a_layer_where_text_decides(tmp_path: Path) -> None:
    import yaml

    folder = write_case(cached_case(CASE), tmp_path, render=False)
    layer = yaml.safe_load((folder / "evidence.yaml").read_text(encoding="utf-8"))
    for fact in layer["facts"]:
        fact["modality"] = "text"
    (folder / "evidence.yaml").write_text(yaml.safe_dump(layer), encoding="utf-8")
    from arena.scripts.loader import load_script_unchecked

    problems = check_evidence(load_script_unchecked(folder), "x")
    assert any("images are not needed" in p.message for p in problems)
    assert any("not in the case" in p.message for p in problems)  # images were not rendered


def test_validate_reports_each_problem_with_its_check_and_place(tmp_path: Path) -> None:
    import yaml

    from arena.generator.report import case_problems
    from arena.scripts.loader import load_script_unchecked

    folder = write_case(cached_case(CASE), tmp_path, render=False)
    data = yaml.safe_load((folder / "script.yaml").read_text(encoding="utf-8"))
    q = next(q for q in data["questions"] if len(q["options"]) >= 2 and len(q["answer"]) == 1)
    q["answer"] = [next(k for k in q["options"] if k not in q["answer"])]
    (folder / "script.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    problems = case_problems(load_script_unchecked(folder), str(folder / "script.yaml"), min_words=5000)
    keys = [p for p in problems if p.message.startswith("[keys]")]
    assert [p.path for p in keys] == [f"question {q['id']}"] and keys[0].fix
    assert sum(p.message.startswith("[length]") for p in problems) == len(data["roles"])
