"""Role prose varies between the roles of a case: few sentences recur word for word, relations read differently."""

from __future__ import annotations

from arena.generator import CaseOptions, Request
from arena.generator.prose import pair_sentences
from arena.generator.repetition import repeat_share, sentences
from tests.generator.conftest import cached_case


def test_repeat_share_counts_sentences_shared_between_scripts() -> None:
    one = "The lamp in the hall was lit at nine tonight. You waited alone by the window for an hour."
    two = "The lamp in the hall was lit at nine tonight. Nobody else came down the stairs before ten."
    assert sentences("Too short. " + one) == sentences(one)
    assert repeat_share([one, two]) == 0.5
    assert repeat_share([one, one.replace("nine", "ten")]) == 0.5
    assert repeat_share(["x y"]) == 0.0


def test_large_cases_repeat_few_sentences_between_roles() -> None:
    for seed, roles in ((11, 8), (12, 7), (13, 6)):
        case = cached_case(Request(seed, CaseOptions(roles, "medium", 1)))
        assert repeat_share([r.script or "" for r in case.script.roles]) < 0.2


def test_each_side_of_a_relation_is_worded_for_its_own_role() -> None:
    case = cached_case(Request(11, CaseOptions(8, "hard", 1)))
    world = case.world
    texts = {p.id: pair_sentences(world, p) for p in world.people}
    wordings = [texts[a.id][b.id].replace(b.name, "X").replace(b.first, "X") for a in world.people
                for b in world.people if a.id != b.id]
    assert len(set(wordings)) >= len(wordings) // 4


def test_scripts_tell_the_day_hour_by_hour_before_the_evening() -> None:
    from arena.generator.longform import day_hours

    case = cached_case(Request(12, CaseOptions(7, "medium", 1)))
    hours = day_hours(case.world)
    start_hour, start_minute = (int(x) for x in case.world.slots[0].split(":"))
    assert hours[0] == "08:00" and hours[-1] == f"{start_hour - (start_minute == 0):02d}:00"
    for role in case.script.roles:
        text = role.script or ""
        marks = [text.find(f"{h}") for h in hours]
        assert all(m >= 0 for m in marks) and marks == sorted(marks)
        assert marks[-1] < text.find(f"{case.world.slots[0]} ")
        assert len(text.split()) >= 4000
    day = [(q, case.facts.queries[q.id]) for q in case.script.questions
           if (case.facts.queries[q.id].topic or "").startswith("day_")]
    assert day
    for q, query in day:
        role = next(r for r in case.script.roles if r.id == query.person)
        first, last, total = case.facts.positions[q.id]
        words = (role.script or "").split()
        anchored = " ".join(words[first:last + 1])
        assert q.options[q.answer[0]] in anchored
        assert query.topic and query.topic[4:] in anchored
