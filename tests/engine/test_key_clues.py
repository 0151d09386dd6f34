"""WhodunitBench's "key clues given" ablation: a game option, recorded with the game."""

from __future__ import annotations

from arena.engine import GameConfig, Seating, new_game, observe
from arena.scripts.loader import load_script
from tests.conftest import FIXTURE_CASE


def test_civilians_see_every_key_clue_from_the_start_and_the_murderer_does_not() -> None:
    script = load_script(FIXTURE_CASE)
    plain, _ = new_game(script, Seating(civilians="c", murderer="m"), GameConfig(), seed=1)
    given, events = new_game(script, Seating(civilians="c", murderer="m"), GameConfig(key_clues_given=True), seed=1)
    assert "c_note" not in {c.id for c in observe(plain, "fern").clues}  # a key clue still at its location
    assert {"c_note", "c_clock"} <= {c.id for c in observe(given, "fern").clues}
    assert "c_note" not in {c.id for c in observe(given, "rowan").clues}  # the culprit is not given them
    assert given.remaining_at("greenhouse") == ("c_note",)  # still investigable, revealing it to everyone
    assert '"key_clues_given":true' in events[0].model_dump_json()


def test_the_option_off_leaves_the_recorded_config_as_before() -> None:
    assert "key_clues_given" not in GameConfig().model_dump_json()
    assert GameConfig.model_validate_json(GameConfig(key_clues_given=True).model_dump_json()).key_clues_given
