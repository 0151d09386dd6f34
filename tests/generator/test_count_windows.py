"""The windows behind two count questions are drawn so that every count offered is as often right as the others:
a movement board's row (how many rooms it shows) and the victim's phone trail (how many rooms it passes). Only
the counts that some window gives are offered, so none is offered and never right."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

from arena.errors import GenerationError
from arena.generator import GeneratedCase, Request
from arena.generator.plots.clues import trail_window
from arena.generator.sources import board_window, board_windows, sighting
from tests.generator.conftest import cached_case, spread


def generated(requests: list[Request]) -> Iterator[GeneratedCase]:
    """The cases of `requests` that generate (a seed whose every attempt fails is skipped)."""
    for request in requests:
        try:
            yield cached_case(request)
        except GenerationError:
            continue


PATH = ["hall", "hall", "study", "library", "library", "hall", "study", "cellar"]


def test_a_board_row_shows_each_possible_count_of_rooms_evenly() -> None:
    world: Any = SimpleNamespace(positions={"p": PATH})
    counts: Counter[int] = Counter()
    for seed in range(4000):
        window, offered = board_window(random.Random(seed), world, "p", 3)
        assert offered == (1, 2, 3)  # four quarter hours around the third pass through three rooms at most
        assert 3 in window and 2 <= len(window) <= 4 and window.stop <= len(PATH)
        counts[len({PATH[t] for t in window})] += 1
    assert set(counts) == {1, 2, 3}
    assert max(counts.values()) / min(counts.values()) < 1.15


def test_a_board_with_too_few_possible_counts_becomes_a_staff_statement() -> None:
    path = ["hall", "study", "study", "study"]
    world: Any = SimpleNamespace(positions={"p": path}, people=[])
    assert sorted(board_windows(world, "p", 3)) == [1, 2]
    source = sighting(random.Random(0), world, "p", 3, ("timetable",))
    assert source.kind == "staff" and source.medium == "text"


def test_the_victims_trail_passes_each_possible_count_of_rooms_evenly() -> None:
    path = ("hall", "study", "study", "library", "cellar", "kitchen", "kitchen", "parlour")
    world: Any = SimpleNamespace(victim_positions=path, murder_slot=5, discovery_slot=7)
    counts: Counter[int] = Counter()
    for seed in range(4000):
        window, offered = trail_window(random.Random(seed), world)
        assert offered == (1, 2, 3, 4, 5, 6)  # the murder's two quarter hours in the kitchen up to all eight
        assert window.start <= world.murder_slot < window.stop <= world.discovery_slot + 1 and len(window) >= 2
        counts[len({path[t] for t in window})] += 1
    assert set(counts) == set(offered)
    assert max(counts.values()) / min(counts.values()) < 1.2


def test_generated_board_and_trail_questions_offer_what_their_window_can_show() -> None:
    asked: Counter[str] = Counter()
    for case in generated(spread(40, start=300)):
        by_id = {d.id: d for d in case.drafts}
        for q in case.script.questions:
            kind = "board" if "movement board" in q.stem else "trail" if "phone was" in q.stem else None
            if kind:
                offered = [int(c) for c in dict(by_id[q.evidence[0]].extra)["rooms"].split()]
                shown = [int(v.split()[0]) for v in q.options.values()]
                assert len(shown) >= 3 and set(shown) <= set(offered), (case.script.id, q.options, offered)
                asked[kind] += 1
    assert asked["board"] and asked["trail"], asked


def test_a_seating_plan_leaves_one_two_or_three_chairs_empty_each_of_them_a_key() -> None:
    """The question offers one to three empty chairs; two at most were ever drawn, so "3" was never right."""
    from arena.generator.evidence import EMPTY_CHAIRS

    keys: Counter[str] = Counter()
    for case in generated(spread(80, start=300)):
        for q in case.script.questions:
            if "have no name card" in q.stem:
                assert sorted(q.options.values()) == sorted(f"{i} empty chair{'s' * (i > 1)}" for i in EMPTY_CHAIRS)
                keys[q.options[q.answer[0]]] += 1
    assert set(keys) == {"1 empty chair", "2 empty chairs", "3 empty chairs"}, keys
