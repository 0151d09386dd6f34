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
