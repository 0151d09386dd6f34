"""Observation fingerprints are assembled from memoised JSON; they must equal the plain dump's hash."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from arena.engine import GameConfig, GameState, Observation, observe
from arena.engine.observation import FINGERPRINT_FIELDS
from arena.scripts.loader import load_script
from tests.conftest import FIXTURE_CASE
from tests.engine.helpers import play_random

STAGED = Path(__file__).resolve().parents[1] / "fixtures" / "staged_case"


def plain_json(obs: Observation) -> str:
    """The definition: the model's own JSON without the folder (and the language, when English)."""
    return obs.model_dump_json(exclude={"folder"} | ({"language"} if obs.language == "en" else set()))


def test_the_assembled_json_lists_the_fields_in_the_models_order():
    assert list(FINGERPRINT_FIELDS) == [name for name in Observation.model_fields if name != "folder"]


@pytest.mark.parametrize("case", [FIXTURE_CASE, STAGED], ids=["mini", "staged"])
def test_every_observation_of_a_game_hashes_like_its_plain_dump(case):
    seen: list[Observation] = []

    def every_role(before: GameState, after: GameState, events: object) -> None:
        seen.extend(observe(after, role) for role in after.script.role_ids)

    play_random(load_script(case), seed=3, config=GameConfig(rounds=2), hook=every_role)
    assert len(seen) > 20
    for obs in seen[:: max(1, len(seen) // 60)]:
        for variant in (obs, obs.model_copy(update={"error_note": 'rejected: «x» "y"\n\u2028\x01'}),
                        obs.model_copy(update={"language": "zh-Hant", "title": "謀殺案"})):
            assert variant.fingerprint_json() == plain_json(variant)
            assert variant.fingerprint() == hashlib.sha256(plain_json(variant).encode()).hexdigest()


@pytest.mark.parametrize("case", [FIXTURE_CASE, STAGED], ids=["mini", "staged"])
def test_observations_built_without_validation_equal_validated_ones(case):
    checked = []

    def each_step(before: GameState, after: GameState, events: object) -> None:
        for role in after.script.role_ids:
            obs = observe(after, role)
            again = Observation.model_validate(obs.model_dump(exclude_unset=True))
            assert again == obs and again.model_fields_set == obs.model_fields_set
            checked.append(obs)

    play_random(load_script(case), seed=5, config=GameConfig(rounds=1), hook=each_step)
    assert checked and any(obs.decision is not None for obs in checked)
