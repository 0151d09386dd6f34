"""The case language reaches the players: a model agent is told to speak it (English cases keep
their prompt as it was), and `mock/player` answers in it and never suspects or votes for itself."""

from __future__ import annotations

import json
import random

from arena.agents.prompting import decision_spec, system_prompt
from arena.engine import GameConfig, Seating, observe
from arena.engine.transitions import new_game, pending_decision
from arena.providers.mock import player_action
from arena.scripts.loader import load_script
from tests.conftest import FIXTURE_CASE, SCRIPTS_DATA


def first_observation(path: object) -> object:
    script = load_script(path)  # type: ignore[arg-type]
    state, _ = new_game(script, Seating(civilians="a", murderer="b"), GameConfig(), 0)
    return observe(state, pending_decision(state).role)


def test_the_model_is_told_to_speak_chinese_in_a_chinese_case() -> None:
    zh = first_observation(SCRIPTS_DATA / "tingsong")
    en = first_observation(FIXTURE_CASE)
    assert zh.language == "zh" and "Chinese (中文)" in system_prompt(zh, "direct")
    assert "Language:" not in system_prompt(en, "direct")
    assert decision_spec(zh, zh.decision, "direct")["language"] == "zh"
    assert "language" not in decision_spec(en, en.decision, "direct")


def test_mock_player_speaks_the_case_language_and_never_names_itself() -> None:
    han = 0
    for seed in range(30):
        rng = random.Random(seed)
        for kind in ("introduce", "answer", "discuss", "reason", "vote"):
            spec = {"kind": kind, "role": "me", "name": "顾清秋", "targets": ["me", "you", "them"],
                    "locations": ["hall"], "language": "zh"}
            action = player_action(spec, rng)
            assert action.get("vote") != "me" and action.get("suspect") != "me"
            text = json.dumps(action, ensure_ascii=False)
            han += sum("\u4e00" <= ch <= "\u9fff" for ch in text)
            assert not any(w in text for w in ("I am", "The clues", "Where were you"))
    assert han > 1000
    english = player_action({"kind": "answer", "role": "me"}, random.Random(0))
    assert english["answer"].startswith("I was elsewhere")
