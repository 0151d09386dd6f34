"""LSU items that a lookup cannot answer: times asked in words, distractors the script names as fully as the
key, change-of-room counts drawn evenly from four fixed options; the keys still follow from the role's script."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from arena.generator.derive import GeneratedCase
from arena.generator.facts import Query
from arena.generator.questions import MOVES, found_share, option_words
from arena.scripts.schema import Suite
from tests.generator.conftest import cached_case, spread

CASES = [cached_case(r) for r in spread(6, start=40)]
MORE_CASES = [cached_case(r) for r in spread(12, start=40)]  # moves items are fewer: one per role at most
HHMM = re.compile(r"\b\d{1,2}:\d{2}\b")


def lsu_items(kind: str, cases: list[GeneratedCase] = CASES) -> list[tuple[Any, Any, Query]]:
    out = []
    for case in cases:
        for q in case.script.questions:
            query = case.facts.queries.get(q.id)
            if q.suite is Suite.LSU and query is not None and query.kind == kind:
                out.append((case, q, query))
    return out


def test_where_items_ask_the_time_in_words_and_offer_rooms_the_script_names_as_fully_as_the_key() -> None:
    items = lsu_items("where")
    assert len(items) >= 20
    for case, q, _ in items:
        assert not HHMM.search(q.stem), q.stem
        words = option_words(case.script.role(q.role).script)
        shares = {found_share(words, text) for text in q.options.values()}
        assert len(shares) == 1, (q.stem, q.options)  # no option stands out by being named, or not named
        assert len(q.options) >= 3


def test_relation_and_confidence_items_match_the_keys_presence_too() -> None:
    for kind in ("relation", "detail"):
        items = lsu_items(kind)
        assert items
        for case, q, _ in items:
            words = option_words(case.script.role(q.role).script)
            assert len({found_share(words, text) for text in q.options.values()}) == 1, q.options
            assert "secret" not in q.stem.lower()  # the stem does not copy the sentence that states it


def test_moves_items_offer_the_same_four_counts_over_spans_long_enough_for_each() -> None:
    items = lsu_items("trail_moves", MORE_CASES)
    assert len(items) >= 12
    keys: Counter[str] = Counter()
    for case, q, query in items:
        offered = sorted(int(text.split()[0]) for text in q.options.values())
        assert len(offered) >= 3 and set(offered) <= set(MOVES), q.options  # the counts some span gives
        assert len(query.slots) >= len(MOVES)  # a span of n quarter hours allows 0..n-1 changes
        assert list(query.slots) == list(range(query.slots[0], query.slots[-1] + 1))
        positions = case.world.positions[query.person]
        trail = [positions[s] for s in query.slots]
        (key,) = q.answer
        changes = sum(a != b for a, b in zip(trail, trail[1:], strict=False))
        assert q.options[key] == f"{changes} time" + "s" * (changes != 1)
        keys[q.options[key]] += 1
    assert len(keys) >= 3  # the counts are drawn evenly, so several of them are keys
