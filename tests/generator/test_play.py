"""A generated case plays a full game with the built-in agents (skipped until the engine is present)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.generator import CaseOptions, Request, generate_case, write_case
from arena.scripts.loader import load_script
from tests.agents.seating import seat_builtins

agents = pytest.importorskip("arena.agents")
events = pytest.importorskip("arena.engine.events")


@pytest.mark.parametrize("options", [CaseOptions(6, "hard", 1), CaseOptions(5, "medium", 2)],
                         ids=["one-culprit", "two-culprits"])
async def test_generated_case_plays_a_full_game(options: CaseOptions, tmp_path: Path) -> None:
    script = load_script(write_case(generate_case(Request(21, options)), tmp_path))
    seated = seat_builtins(script, "builtin/random", "builtin/random", seed=3)
    result = await agents.play_game(script, seated, seed=3)
    assert result.status == "finished"
    assert result.winner in ("civilians", "murderer", "tie")
    votes = [e for e in result.events if isinstance(e, events.VoteEvent)]
    assert len(votes) == len(script.roles)
    assert sorted(result.outcome.culprits) == sorted(script.culprits)
