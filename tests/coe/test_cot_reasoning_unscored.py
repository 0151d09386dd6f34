"""A `cot` model's private reasoning is in the game record but never in what the metrics read as speech."""

from __future__ import annotations

from pathlib import Path

from arena.agents import play_game, seat_entries
from arena.coe.metrics import discussion_lines, public_lines, reasoning_of, transcript_from
from arena.engine import GameConfig
from arena.engine.events import AgentCall, EventBase, spoken_lines
from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.providers.retry import RetryPolicy
from arena.providers.secrets import KeyStore
from arena.scripts.loader import find_script, load_script

COT = Entry(name="mock/player", model="mock/player", strategy="cot")


def without_reasoning(events: list[EventBase]) -> list[EventBase]:
    return [e.model_copy(update={"reasoning": None}) if isinstance(e, AgentCall) else e for e in events]


async def test_metric_inputs_are_the_same_with_or_without_the_private_reasoning(tmp_path: Path) -> None:
    script = load_script(find_script("saffron-kitchen"))
    client = ModelClient(use_cache=False, keys=KeyStore(environ={}, dotenv=tmp_path / "no.env"),
                         retry=RetryPolicy(max_attempts=1))
    result = await play_game(script, seat_entries(script, COT, COT, 3, client), GameConfig(rounds=1), 3,
                             clock=lambda: 0.0)
    await client.aclose()
    assert any(isinstance(e, AgentCall) and e.reasoning for e in result.events), "the game must hold reasoning"
    kept, stripped = transcript_from(result.events), transcript_from(without_reasoning(result.events))
    assert spoken_lines(kept.events) == spoken_lines(stripped.events)
    assert "Private thoughts" not in repr(spoken_lines(kept.events))
    for role in script.role_ids:
        assert public_lines(kept, role) == public_lines(stripped, role)
        assert reasoning_of(kept, role) == reasoning_of(stripped, role)
    assert discussion_lines(kept, script.role_ids) == discussion_lines(stripped, script.role_ids)
    assert not any("Private thoughts" in text for _, text in discussion_lines(kept, script.role_ids))
