"""Event log: JSONL round trip of every event type, and same seed -> byte-identical log."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from arena.agents import play_game
from arena.engine import GameConfig, dumps_jsonl, loads_jsonl, read_jsonl, spoken_lines, write_jsonl
from arena.engine.events import SCHEMA_VERSION, GameStarted, parse_event
from arena.errors import LogError
from arena.scripts.loader import load_script
from arena.scripts.schema import Script
from tests.agents.seating import seat_builtins
from tests.conftest import FIXTURE_CASE
from tests.engine.helpers import FakeClock


@pytest.fixture(scope="module")
def script() -> Script:
    return load_script(FIXTURE_CASE)


async def log_of(script: Script, seed: int, civilians: str = "builtin/random") -> str:
    seated = seat_builtins(script, civilians, "builtin/random", seed)
    result = await play_game(script, seated, GameConfig(), seed, clock=FakeClock())
    return dumps_jsonl(result.events)


async def test_same_seed_gives_a_byte_identical_log(script: Script) -> None:
    first, second = await log_of(script, 5), await log_of(script, 5)
    assert first == second
    assert first != await log_of(script, 6)


async def test_round_trip_of_every_event(script: Script, tmp_path) -> None:
    text = await log_of(script, 5)
    events = loads_jsonl(text)
    assert dumps_jsonl(events) == text
    types = {e.type for e in events}
    assert {"game_started", "seating", "phase_started", "observation", "agent_call", "utterance", "action",
            "answer", "clue_revealed", "reasoning", "vote", "game_ended"} <= types
    path = write_jsonl(tmp_path / "sub" / "game.jsonl", events)
    assert read_jsonl(path) == events
    started = events[0]
    assert isinstance(started, GameStarted) and started.schema_version == SCHEMA_VERSION
    assert started.script_id == "mini-greenhouse" and len(started.script_hash) == 64


def test_unknown_event_type_is_a_log_error() -> None:
    with pytest.raises(LogError, match="log.jsonl:2"):
        loads_jsonl('{"type": "seating", "civilians": "a", "murderer": "b", "order": [], "roles": {}, '
                    '"factions": {}}\n{"type": "teleport", "role": "x"}\n', "log.jsonl")
    with pytest.raises(ValidationError):
        parse_event('{"type": "vote", "role": "x"}')


async def test_spoken_lines_cover_what_was_said(script: Script) -> None:
    events = loads_jsonl(await log_of(script, 5))
    lines = spoken_lines(events)
    kinds = {kind for _, kind, _ in lines}
    assert {"introduction", "speech"} <= kinds
    assert all(role in script.role_ids and text for role, _, text in lines)


async def test_wall_clock_time_stays_out_of_the_log(script: Script) -> None:
    logs, timings = [], []
    for _ in range(2):  # the real clock: timings differ from game to game, the logs must not
        result = await play_game(script, seat_builtins(script, "builtin/random", "builtin/random", 5), GameConfig(), 5)
        logs.append(dumps_jsonl(result.events))
        timings.append(result.timings)
    assert logs[0] == logs[1] and "latency_ms" not in logs[0]
    calls = [e for e in loads_jsonl(logs[0]) if e.type == "agent_call"]
    assert len(timings[0]) == len(calls) > 0
    assert [t.role for t in timings[0]] == [c.role for c in calls] and all(t.latency_ms >= 0 for t in timings[0])


def test_an_older_log_with_latencies_still_round_trips_byte_for_byte() -> None:
    text = (Path(__file__).parent / "golden" / "tie_murderer_wins_v1.jsonl").read_text(encoding="utf-8")
    assert '"latency_ms"' in text and dumps_jsonl(loads_jsonl(text)) == text


def test_an_agent_call_keeps_private_reasoning_only_when_given() -> None:
    from arena.engine.actions import DecisionKind
    from arena.engine.events import AgentCall

    old = ('{"type":"agent_call","role":"a","decision":"vote","round":1,"attempt":1,"status":"ok",'
           '"input_tokens":null,"output_tokens":null,"cost_usd":null}')
    assert parse_event(old).reasoning is None and dumps_jsonl(loads_jsonl(old)) == old + "\n"  # type: ignore[union-attr]
    call = AgentCall(role="a", decision=DecisionKind.VOTE, round=1, attempt=1, status="ok",
                     reasoning="x" * 9000 + "... [5 more characters]")
    assert loads_jsonl(dumps_jsonl([call])) == [call]  # a long reasoning reloads unchanged
    assert "reasoning" not in dumps_jsonl([call.model_copy(update={"reasoning": None})])
