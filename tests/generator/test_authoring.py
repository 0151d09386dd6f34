"""Authoring mode: the plan a role script is written from, the rules that read an authored text back, the judge's
verdicts, the retry with findings, and the assembled case (ids, metadata, LSU positions, every check again)."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from arena.app.authoring import author_case
from arena.entries import resolve_entry
from arena.errors import ConfigError
from arena.generator import CaseOptions, Request, generate_case
from arena.generator.authoring.assemble import authored_id
from arena.generator.authoring.plan import RolePlan, role_plan
from arena.generator.authoring.prompts import author_request, read_plan, read_verdicts, script_text
from arena.generator.authoring.readback import copied_share, read_back
from arena.providers.client import ModelClient
from arena.providers.messages import Request as CallRequest
from arena.providers.mock import author_reply, register_responder
from arena.scripts.schema import Suite
from tests.generator.conftest import cached_case, spread

CASES = [cached_case(r) for r in spread(10, start=700)]


def restated(plan: RolePlan) -> str:
    """The plan's own lines, the text `mock/author` writes."""
    return "\n\n".join([f"# {plan.name}", *(line.says for line in plan.lines)])


def plans(case):  # noqa: ANN001, ANN201
    return [role_plan(case.script, case.facts, r.id) for r in case.script.roles]


def first_case_plan() -> tuple:  # noqa: ANN001
    case = CASES[0]
    return case, plans(case)[0]


def test_every_plan_line_keeps_words_and_evening_lines_their_quarter_hour() -> None:
    for case in CASES:
        for plan in plans(case):
            sections = [line.section for line in plan.lines]
            assert sections[:2] == ["plainly", "plainly"], (case.script.id, plan.role)
            assert "evening" in sections and "before" in sections
            for line in plan.lines:
                if line.section == "evening" and line.time:
                    assert line.time in line.times and line.time in line.says
                if line.section != "before":
                    assert line.terms, (case.script.id, plan.role, line.number, line.says)
            assert plan.tail, "the held evidence and goals are kept word for word"
            assert not any(line.says in plan.tail for line in plan.lines if line.section != "plainly")


def test_the_generators_own_lines_pass_the_read_back() -> None:
    for case in CASES:
        for plan in plans(case):
            assert read_back(case.script, case.facts, plan, restated(plan)) == [], (case.script.id, plan.role)


def evening_line_with_room(case, plan):  # noqa: ANN001, ANN201
    """An evening line, a room it names that no other line of its quarter hour names, and another room."""
    rooms = set(case.facts.places.values())
    for line in plan.lines:
        if line.section == "evening" and line.time:
            told = {t.label for other in plan.lines if other is not line and other.time == line.time
                    for t in other.terms}
            room = next((t.label for t in line.terms if t.label in rooms and t.label not in told), None)
            if room:
                return line, room, next(r for r in sorted(rooms) if r != room and r not in line.says)
    raise AssertionError("no evening line names a room")


def messages(case, plan, text):  # noqa: ANN001, ANN201
    return [f.message for f in read_back(case.script, case.facts, plan, text)]


def test_a_changed_room_is_found() -> None:
    for case in CASES[:4]:
        plan = plans(case)[0]
        line, room, other = evening_line_with_room(case, plan)
        text = restated(plan).replace(line.says, line.says.replace(room, other))
        found = messages(case, plan, text)
        assert any(f"omits {room} of plan line {line.number}" in m or f"contradicts the plan with {plan.name} in the "
                   f"{other}" in m for m in found), found


def test_a_dropped_name_is_found() -> None:
    case, plan = first_case_plan()
    people = set(case.facts.people.values()) | {case.script.victim}

    def alone(line) -> bool:  # noqa: ANN001
        """No other line names all this line's words, so no other paragraph can state it."""
        labels = {t.label for t in line.terms}
        return not any(labels <= {t.label for t in other.terms} for other in plan.lines if other is not line)

    line = next(line for line in plan.lines if line.section == "before" and alone(line)
                and any(t.label in people - {plan.name} for t in line.terms))
    name = next(t for t in line.terms if t.label in people - {plan.name})
    says = line.says
    for form in sorted(name.forms, key=len, reverse=True):
        says = re.sub(rf"\b{re.escape(form)}\b", "someone", says)
    found = messages(case, plan, restated(plan).replace(line.says, says))
    assert any(m.startswith("omits ") and f"of plan line {line.number} " in m for m in found), found


def test_a_placing_the_plan_does_not_give_is_found() -> None:
    case, plan = first_case_plan()
    slot = next(i for i, s in enumerate(case.facts.slots) if s in plan.times)
    placed = {(p, r) for p, r, s in plan.placings if s == slot}
    person, room = next((p, r) for p in sorted(case.facts.people) for r in sorted(case.facts.places)
                        if (p, r) not in placed and p != plan.role)
    sentence = (f"At {case.facts.slots[slot]} {case.facts.people[person]} was in the "
                f"{case.facts.places[room]}.")
    found = messages(case, plan, restated(plan) + "\n\n" + sentence)
    assert any(case.facts.people[person] in m and ("adds" in m or "contradicts" in m) for m in found), found


def test_a_clock_time_the_plan_does_not_state_is_found() -> None:
    case, plan = first_case_plan()
    assert "23:10" not in plan.times
    found = messages(case, plan, restated(plan) + "\n\nYou glanced at your watch at 23:10 and said nothing.")
    assert any("adds the time 23:10" in m for m in found), found


def test_evening_lines_told_under_each_others_quarter_hours_are_found() -> None:
    case, plan = first_case_plan()
    evening = [line for line in plan.lines if line.section == "evening" and line.time and len(line.times) == 1]
    a, b = evening[0], evening[1]
    assert a.time and b.time
    swapped = restated(plan).replace(a.says, a.says.replace(a.time, b.time)).replace(b.says, b.says.replace(b.time,
                                                                                                            a.time))
    found = messages(case, plan, swapped)
    assert any(f"plan line {a.number} " in m or f"plan line {b.number} " in m for m in found), found


def test_the_author_request_carries_the_plan_and_the_retry_its_findings() -> None:
    case, plan = first_case_plan()
    first = author_request(plan, seed=3)
    sent = read_plan(first.messages[-1].text)
    assert sent is not None and sent["role"] == plan.name
    assert [line["n"] for line in sent["lines"]] == [line.number for line in plan.lines]
    draft = "# X\n\nNothing happened."
    findings = read_back(case.script, case.facts, plan, draft)
    retry = author_request(plan, seed=4, draft=draft, findings=findings)
    assert [m.role for m in retry.messages] == ["system", "user", "assistant", "user"]
    assert retry.messages[2].text == draft and findings[0].message in retry.messages[3].text


def test_a_reply_that_sends_the_plan_back_is_no_script() -> None:
    case, plan = first_case_plan()
    echoed = author_request(plan, seed=1).messages[-1].text
    assert [f.message for f in read_back(case.script, case.facts, plan, echoed)] == [
        "the reply holds a code block or JSON, not a script"]


def test_the_copied_share_measures_the_generators_prose() -> None:
    _, plan = first_case_plan()
    assert copied_share(plan, restated(plan)) == 1.0
    assert copied_share(plan, "# X\n\nAn evening told wholly in other words.") == 0.0


def test_script_text_unwraps_a_fence_and_adds_the_heading() -> None:
    assert script_text("```markdown\nYou arrived.\n```", "Ada Lane") == "# Ada Lane\n\nYou arrived."
    assert script_text("# Ada Lane\n\nYou arrived.", "Ada Lane") == "# Ada Lane\n\nYou arrived."


def test_judge_verdicts_are_read_or_the_reply_is_named() -> None:
    _, plan = first_case_plan()
    every = [{"line": line.number, "verdict": "stated", "why": ""} for line in plan.lines]
    verdicts = read_verdicts("Here you are: " + json.dumps({"verdicts": every}), plan)
    assert not isinstance(verdicts, str) and [v.line for v in verdicts] == [line.number for line in plan.lines]
    partial = read_verdicts(json.dumps({"verdicts": every[1:]}), plan)
    assert partial == "no verdict for line(s) 1"
    assert "not a JSON object" in str(read_verdicts("It all looks fine to me.", plan))


def entry(name: str):  # noqa: ANN201
    return resolve_entry(f"mock/{name}", [], {})


def authored(case, author: str, judge: str | None = None, attempts: int = 3):  # noqa: ANN001, ANN201
    async def run():  # noqa: ANN202
        async with ModelClient(use_cache=False) as client:
            return await author_case(client, case, entry(author), entry(judge) if judge else None, attempts)
    return asyncio.run(run())


def first_draft_wrong(request: CallRequest) -> str:
    """An author whose first draft leaves everything out; its second restates the plan."""
    if any(m.role == "assistant" for m in request.messages):
        return author_reply(request)
    return "# Someone\n\nIt was a quiet evening and nothing happened."


register_responder("author-first-wrong", first_draft_wrong)
register_responder("judge-missing", lambda request: json.dumps(
    {"verdicts": [{"line": int(n), "verdict": "missing" if n == "1" else "stated", "why": "not said"}
                  for n in re.findall(r"^(\d+)\. ", request.messages[-1].text.split("Facts:", 1)[-1], re.M)]}))
register_responder("judge-prose", lambda request: "Everything is there, well done.")

SMALL = generate_case(Request(7101, CaseOptions(4, "easy", 1)))


def test_an_authored_case_keeps_the_solution_and_passes_every_check() -> None:
    result = authored(SMALL, "author", judge="author")
    assert result.case is not None, result.reasons
    script = result.case.script
    assert script.id == authored_id(SMALL.script.id, "mock/author") == f"{SMALL.script.id}-by-mock-author"
    assert script.metadata["authored"]["checked_by"] == "rules and judge"
    assert set(script.metadata["authored"]["attempts"].values()) == {1}
    assert result.copied == 1.0, "mock/author restates the plan: all of it is the generator's prose"
    assert result.case.facts.model_dump(exclude={"positions"}) == SMALL.facts.model_dump(exclude={"positions"})
    assert [q.answer for q in script.questions] == [q.answer for q in SMALL.script.questions]
    scripts = {r.id: r.script or "" for r in script.roles}
    before = {r.id: (r.script or "").split() for r in SMALL.script.roles}
    anchored = 0
    for q in script.questions:
        if q.suite is Suite.LSU and q.id in result.case.facts.positions:
            first, last, total = result.case.facts.positions[q.id]
            was = SMALL.facts.positions[q.id]
            assert total == len(scripts[q.role].split())
            if was[1] < was[0]:  # a question with no anchor keeps its span
                assert (first, last) == was[:2]
                continue
            assert 0 <= first <= last < total and last - first == was[1] - was[0]
            if was[0] == was[1]:  # a clock time: the same time in the authored text
                anchored += 1
                assert before[q.role][was[0]].rstrip(".,") in scripts[q.role].split()[first], q.id
    assert anchored >= 3
    for role in SMALL.script.roles:  # the held evidence and goals are kept word for word
        assert role_plan(SMALL.script, SMALL.facts, role.id).tail in scripts[role.id]
    assert result.calls == 2 * len(script.roles)


def test_a_rejected_draft_is_sent_back_with_its_findings() -> None:
    retried = authored(SMALL, "author-first-wrong", attempts=2)
    assert retried.case is not None and set(retried.roles[r].attempts for r in retried.roles) == {2}
    once = authored(SMALL, "author-first-wrong", attempts=1)
    assert once.case is None and any("omits" in reason for reason in once.reasons)


def test_the_judge_rejects_a_missing_line_and_an_unreadable_reply() -> None:
    missing = authored(SMALL, "author", judge="judge-missing", attempts=1)
    assert missing.case is None
    assert any("the judge finds plan line 1 missing: not said" in r for r in missing.reasons), missing.reasons
    prose = authored(SMALL, "author", judge="judge-prose", attempts=1)
    assert prose.case is None and any("could not be read" in r for r in prose.reasons)


def test_a_failed_call_is_a_clear_finding() -> None:
    async def run():  # noqa: ANN202
        scripted = "outputs=[{status = \"timeout\", error = \"no answer in 60 s\"}]"
        timeout = resolve_entry("mock/scripted", [scripted], {})
        async with ModelClient(use_cache=False) as client:
            return await author_case(client, SMALL, timeout, None, 2)
    result = asyncio.run(run())
    assert result.case is None
    assert any("the author's call ended timeout: no answer in 60 s" in r for r in result.reasons), result.reasons


def test_only_english_cases_are_authored() -> None:
    zh = cached_case(Request(7102, CaseOptions(4, "easy", 1, language="zh")))
    with pytest.raises(ConfigError, match="English"):
        authored(zh, "author")
