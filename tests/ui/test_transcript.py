"""The replay's transcript built from stored event rows: attribution, statuses, clue reveals, usage."""

from __future__ import annotations

import json

from arena.store import Reader
from leaderboard.ui.transcript import build_transcript, seating_rows
from tests.ui.conftest import COT, BoardDb


def rows(board_db: BoardDb, game_id: str) -> list[dict[str, object]]:
    return [{"seq": e.seq, "type": e.type, "role": e.role, "payload": json.dumps(e.payload)}
            for e in Reader(board_db.path).events(game_id)]


def test_finished_game_transcript_follows_the_log(board_db: BoardDb) -> None:
    game = Reader(board_db.path).games(status="finished")[0]
    events = Reader(board_db.path).events(game.game_id)
    t = build_transcript(rows(board_db, game.game_id))
    phases = [e.payload["phase"] for e in events if e.type == "phase_started"]
    assert [s.phase for s in t.sections] == phases
    lines = [line for s in t.sections for line in s.lines]
    assert sum(line.action == "votes" for line in lines) == sum(e.type == "vote" for e in events)
    reveals = [e.payload["clue_id"] for e in events if e.type == "clue_revealed"]
    assert [line.clue_id for line in lines if line.clue_id] == reveals
    assert sum(u["calls"] for u in t.usage.values()) == sum(e.type == "agent_call" for e in events)
    assert t.outcome is not None and t.outcome["winner"] == game.winner


def test_seating_names_the_entries_per_faction(board_db: BoardDb) -> None:
    game = Reader(board_db.path).games(status="aborted")[0]
    t = build_transcript(rows(board_db, game.game_id))
    seats = seating_rows(t, {game.murderer_entry: "the murderer entry"})
    script = board_db.scripts[game.script_id]
    assert {s["role"] for s in seats} == set(script.role_ids)
    murderers = [s for s in seats if s["faction"] == "murderer"]
    assert [s["role"] for s in murderers] == script.culprit_ids
    assert {s["entry"] for s in murderers} == {"the murderer entry"}
    culprit = script.culprit_ids[0]
    assert t.who(culprit) == f"{script.role(culprit).name} ({culprit}) [murderer]"
    assert t.statuses.get("parse_error", 0) > 0


def test_cot_reasoning_goes_with_the_turn_it_led_to_and_never_into_its_text(board_db: BoardDb) -> None:
    reader = Reader(board_db.path)
    game = next(g for g in reader.games(status="finished") if g.civilians_entry == COT.entry_id)
    events = reader.events(game.game_id)
    t = build_transcript(rows(board_db, game.game_id))
    lines = [line for s in t.sections for line in s.lines]
    thoughts = [(e.role, e.payload["reasoning"]) for e in events
                if e.type == "agent_call" and e.payload.get("reasoning")]
    assert thoughts and [(line.role, line.reasoning) for line in lines if line.reasoning] == thoughts
    assert not any("Private thoughts" in line.text or "Private thoughts" in line.question for line in lines)
    assert all(line.kind != "clue_revealed" for line in lines if line.reasoning)


def test_reasoning_of_a_rejected_answer_stays_with_the_rejection() -> None:
    rows = [{"type": "seating", "role": None, "payload": {"roles": {"a": "Ann"}, "factions": {"a": "civilians"}}},
            {"type": "agent_call", "role": "a", "payload": {"status": "ok", "reasoning": "first try"}},
            {"type": "invalid_output", "role": "a", "payload": {"status": "parse_error", "raw": "x", "attempt": 1}},
            {"type": "agent_call", "role": "a", "payload": {"status": "ok", "reasoning": "second try"}},
            {"type": "agent_call", "role": "b", "payload": {"status": "ok"}},
            {"type": "vote", "role": "a", "payload": {"target": None}}]
    lines = [line for s in build_transcript(rows).sections for line in s.lines]
    assert [(line.kind, line.reasoning) for line in lines] == [("invalid_output", "first try"), ("vote", "second try")]


def test_knowledge_badges_name_each_knowing_role_in_seating_order_at_eight_roles() -> None:
    from leaderboard.ui.replay_page import chips
    from leaderboard.ui.transcript import Transcript

    roles = [f"role{i}" for i in range(8)]
    t = Transcript(seating={"order": roles, "roles": {r: r.upper() for r in roles},
                            "factions": {r: "murderer" if r == "role3" else "civilians" for r in roles}})
    assert chips(t, set(roles), roles) == ":green-badge[everyone (8)]"
    some = chips(t, {"role5", "role3", "role0"}, roles)
    assert some == ":blue-badge[role0] :red-badge[role3] :blue-badge[role5]"
    assert chips(t, set(roles) - {"role7"}, roles).count("-badge[") == 7
