"""Count options that an options-only prior cannot read: only the counts that can be keys are offered, each drawn
as often as the others; a motive a picture shows is not offered on the texts of that case."""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace
from typing import Any

from arena.generator.facts import Motive
from arena.generator.questions import balanced_pick
from tests.generator.conftest import cached_case, spread


def maker(seed: int) -> Any:
    return SimpleNamespace(rng=random.Random(seed))


def test_a_count_no_candidate_has_is_not_offered_and_the_others_are_keys_evenly() -> None:
    rooms = ["a", "b", "c", "d", "e", "f"]
    doors = {"a": 1, "b": 2, "c": 2, "d": 2, "e": 2, "f": 3}  # no room with four doorways, most with two
    keys: Counter[int] = Counter()
    for seed in range(3000):
        picked, offered = balanced_pick(maker(seed), rooms, doors.__getitem__, (1, 2, 3, 4), 1)
        assert offered == (1, 2, 3)
        keys.update(doors[r] for r in picked)
    assert set(keys) == {1, 2, 3}
    assert max(keys.values()) / min(keys.values()) < 1.15  # the common count is not the common key


def test_several_picks_draw_distinct_counts_while_they_last() -> None:
    values = {"a": 0, "b": 1, "c": 2, "d": 3, "e": 3}
    for seed in range(200):
        picked, _ = balanced_pick(maker(seed), list(values), values.__getitem__, (0, 1, 2, 3), 3)
        assert len({values[p] for p in picked}) == 3


def test_too_few_possible_counts_ask_nothing() -> None:
    picked, offered = balanced_pick(maker(0), ["a", "b"], {"a": 1, "b": 2}.__getitem__, (1, 2, 3, 4), 2)
    assert picked == [] and offered == (1, 2)


def test_a_motive_shown_by_a_picture_only_is_not_offered_on_that_cases_texts() -> None:
    checked = 0
    for request in spread(25, start=60):
        case = cached_case(request)
        media = set(case.facts.media_clues)  # media-rich: a chart or photo, not a card of text
        shown = [(d.id in media, f.kind) for d in case.drafts for f in d.facts if isinstance(f, Motive)]
        pictured = {k for image, k in shown if image} - {k for image, k in shown if not image}
        phrases = case.facts.motive_phrases
        for q in case.script.questions:
            query = case.facts.queries.get(q.id)
            if query is not None and query.kind == "motive_kind":
                assert not {phrases[k] for k in pictured} & set(q.options.values()), (case.script.id, q.options)
                checked += bool(pictured)
    assert checked  # some case pictures a motive (a ledger of debts) and asks about a motive card


def test_no_case_asks_the_same_question_twice() -> None:
    for request in spread(12, start=90):
        questions = cached_case(request).script.questions
        asked = [(q.stem, q.evidence[0] if q.suite.value != "mmr" else "") for q in questions]
        repeated = {a for a in asked if asked.count(a) > 1}
        assert not repeated, repeated  # one room and time asked with other people offered is one question


def test_a_furniture_item_offers_the_pieces_drawn_in_the_plans_other_rooms_first() -> None:
    from arena.generator.facts import Detail

    checked = 0
    for request in spread(30, start=120):
        case = cached_case(request)
        by_id = {d.id: d for d in case.drafts}
        for q in case.script.questions:
            query = case.facts.queries.get(q.id)
            if query is None or query.kind != "detail" or not (query.topic or "").startswith("furniture:"):
                continue
            drawn = {f.value for f in by_id[q.evidence[0]].facts
                     if isinstance(f, Detail) and f.topic.startswith("furniture:")}
            (key,) = q.answer
            offered = set(q.options.values()) - {q.options[key]}
            assert offered <= drawn or drawn - {q.options[key]} <= offered, (q.options, drawn)
            checked += 1
    assert checked
