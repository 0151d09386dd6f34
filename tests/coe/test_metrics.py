"""Known-answer ITD and SPC on a hand-made transcript; what counts as the civilians' lines."""

from __future__ import annotations

import asyncio

from arena.coe.metrics import (
    civilian_statements,
    discussion_lines,
    events_from_rows,
    itd,
    public_lines,
    reasoning_of,
    transcript_from,
)
from arena.coe.offline_judge import OfflineJudge
from arena.scripts.schema import Script
from arena.store.writes import to_event
from tests.coe.transcripts import hand_made_game


def test_itd_counts_key_roles_questioned_by_civilians(mini: Script) -> None:
    result = itd(transcript_from(hand_made_game()), mini)
    assert result is not None and result.value == 100.0 and result.questioned == ["fern"]
    missed = itd(transcript_from(hand_made_game(basil_asks_fern=False)), mini)
    assert missed is not None and missed.value == 0.0 and missed.key_roles == ["fern"]


def test_itd_excludes_a_key_role_nobody_else_could_ask(mini: Script) -> None:
    lonely = mini.model_copy(update={"key_roles": ["fern"]})
    events = hand_made_game()
    seating = events[0].model_copy(update={"factions": {"rowan": "murderer", "fern": "civilians",
                                                        "basil": "murderer"}})
    assert itd(transcript_from([seating, *events[1:]]), lonely) is None


def test_spc_known_answer_with_the_offline_judge(mini: Script) -> None:
    t = transcript_from(hand_made_game())
    statements = civilian_statements(t, mini)
    assert [s.id for s in statements] == ["ks_voices", "ks_alibi"]
    lines = discussion_lines(t, t.civilian_roles)
    assert all(role in ("fern", "basil") for role, _ in lines)
    assert not any("together in the study" in text for _, text in lines), "the murderer's words are not civilian"
    verdict = asyncio.run(OfflineJudge().spc([s.text for s in statements], lines))
    assert verdict.value == [True, False]


def test_role_lines_and_reasoning(mini: Script) -> None:
    t = transcript_from(hand_made_game())
    assert public_lines(t, "fern")[0] == "I am Fern Holloway, the gardener."
    assert "Raised voices came from the greenhouse at half past nine." in public_lines(t, "fern")
    assert reasoning_of(t, "basil") is None, "a forfeited reasoning is no reasoning"
    assert reasoning_of(t, "fern") is not None and t.civilian_roles == ["fern", "basil"]


def test_events_round_trip_through_the_stored_shape() -> None:
    events = hand_made_game()
    stored = [to_event(e, i) for i, e in enumerate(events)]
    assert events_from_rows(stored) == events
