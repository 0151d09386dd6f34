"""Golden playthroughs (recorded logs diffed on every run) and replay of logs to their final state.

Regenerate the golden logs only on purpose, after a deliberate change of the protocol:
    ARENA_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/engine/test_replay.py
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from arena.agents import SeatedAgents, play_game
from arena.engine import GameConfig, Observation, Seating, dumps_jsonl, loads_jsonl, replay
from arena.engine.events import VoteEvent
from arena.errors import LogError
from arena.scripts.loader import load_script
from arena.scripts.schema import Script
from tests.conftest import FIXTURE_CASE
from tests.engine.helpers import Detective, FakeClock

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("ARENA_REGENERATE_GOLDEN") == "1"


class Mumbler:
    """Answers every decision with prose instead of JSON."""

    async def act(self, observation: Observation) -> Any:
        return "I would rather not say anything in that format."


GAMES: dict[str, tuple[dict[str, Any], GameConfig, int, str]] = {
    "civilians_win": ({"rowan": Detective("rowan", "fern"), "fern": Detective("fern", "rowan"),
                       "basil": Detective("basil", "rowan")}, GameConfig(), 1, "civilians"),
    "vote_tie": ({"rowan": Detective("rowan", "basil"), "fern": Detective("fern", "rowan"),
                  "basil": Detective("basil", None)}, GameConfig(rounds=2), 2, "tie"),
    "broken_murderer_aborted": ({"rowan": Mumbler(), "fern": Detective("fern", "rowan"),
                                 "basil": Detective("basil", "rowan")}, GameConfig(max_reasks=1), 3, "none"),
}


@pytest.fixture(scope="module")
def script() -> Script:
    return load_script(FIXTURE_CASE)


async def play_named(script: Script, name: str) -> str:
    agents, config, seed, _ = GAMES[name]
    fresh = {role: type(a)(a.role, a.suspect) if isinstance(a, Detective) else a for role, a in agents.items()}
    seated = SeatedAgents(Seating(civilians="test/detective", murderer="test/scripted"), fresh)
    result = await play_game(script, seated, config, seed, clock=FakeClock())
    return dumps_jsonl(result.events)


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_golden_playthrough(script: Script, name: str) -> None:
    path = GOLDEN / f"{name}.jsonl"
    log = await play_named(script, name)
    if REGENERATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(log, encoding="utf-8")
    assert path.is_file(), f"missing {path}; run with ARENA_REGENERATE_GOLDEN=1 once"
    golden = path.read_text(encoding="utf-8")
    for number, (want, got) in enumerate(zip(golden.splitlines(), log.splitlines(), strict=False), start=1):
        assert got == want, f"{path.name}:{number} differs"
    assert len(golden.splitlines()) == len(log.splitlines())
    events = loads_jsonl(golden)
    final = replay(events, script)
    assert final.outcome is not None and final.outcome.winner == GAMES[name][3]
    assert final.outcome == events[-1].outcome


def test_a_version_1_log_replays_under_its_own_tie_rule(script: Script) -> None:
    # Recorded by engine version 1, when a vote tie was a murderer win: it still verifies.
    events = loads_jsonl((GOLDEN / "tie_murderer_wins_v1.jsonl").read_text(encoding="utf-8"))
    assert events[0].engine_version == 1
    final = replay(events, script)
    assert final.outcome is not None and final.outcome.winner == "murderer" and len(final.outcome.leaders) == 2


def test_a_log_from_a_newer_engine_is_refused(script: Script) -> None:
    events = loads_jsonl((GOLDEN / "civilians_win.jsonl").read_text(encoding="utf-8"))
    future = [events[0].model_copy(update={"engine_version": 99}), *events[1:]]
    with pytest.raises(LogError, match="engine version 99"):
        replay(future, script)


async def test_replay_detects_a_tampered_vote(script: Script) -> None:
    events = loads_jsonl((GOLDEN / "civilians_win.jsonl").read_text(encoding="utf-8"))
    index = next(i for i, e in enumerate(events) if isinstance(e, VoteEvent))
    forged = events[index].model_copy(update={"target": "basil"})
    with pytest.raises(LogError, match="diverges"):
        replay([*events[:index], forged, *events[index + 1:]], script)


async def test_replay_refuses_a_changed_script(script: Script) -> None:
    events = loads_jsonl((GOLDEN / "civilians_win.jsonl").read_text(encoding="utf-8"))
    changed = Script.model_validate({**script.model_dump(), "briefing": "A different story."})
    with pytest.raises(LogError, match="hash differs"):
        replay(events, changed)


async def test_replay_of_a_truncated_log_gives_the_state_so_far(script: Script) -> None:
    events = loads_jsonl((GOLDEN / "civilians_win.jsonl").read_text(encoding="utf-8"))
    state = replay(events[: len(events) // 2], script)
    assert state.status == "running" and state.steps > 0
