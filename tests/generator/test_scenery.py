"""Setting fit: every scene phrase a setting's prose can draw fits that setting.

The day before the evening and the sounds of the evening come from the setting's own tables
(`arena/generator/scenery.py`); everything else a scene is written from is setting-free. The checks
run over the tables themselves and over generated role scripts of every setting."""

from __future__ import annotations

import re

import pytest

from arena.generator import lore
from arena.generator.facts import Detail
from arena.generator.scenery import SCENE_TABLES, SCENERY, day_place_options, tables
from arena.generator.settings import SETTINGS
from tests.generator.conftest import cached_case, spread

# words that tie a phrase to some settings only: none may appear in a setting-free scene table
BOUND = ("ferry", "ship", "deck", "cabin", "aboard", "voyage", "village", "garden", "church", "lake", "railway",
         "train", "tram", "bus", "taxi", "snow", "ice", "rain", "wind", "shutter", "fog", "storm", "frost", "house",
         "fire", "fires", "depot", "sea", "coast", "road", "stage", "airstrip", "sledge")
# words each setting's own tables must not use
FOREIGN = {
    "manor": ("ship", "deck", "cabin", "snow", "sledge", "airstrip", "depot", "tram", "underground", "taxi", "stage"),
    "hotel": ("ship", "deck", "cabin", "sledge", "airstrip", "depot", "underground", "tram", "stage", "ferry"),
    "theatre": ("ship", "deck", "cabin", "sledge", "airstrip", "depot", "village", "lake", "snow", "ferry"),
    "station": ("ferry", "village", "church", "garden", "tram", "taxi", "train", "railway", "bus", "lake", "pub",
                "inn", "coast"),
    "liner": ("village", "railway", "train", "tram", "taxi", "bus", "garden", "snow", "sledge", "airstrip", "church",
              "pub", "inn", "home", "road", "ferry"),
}


def words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


def test_every_setting_has_its_own_scenery_and_foreign_words_are_audited() -> None:
    assert {s.id for s in SETTINGS} == set(SCENERY) == set(FOREIGN)


@pytest.mark.parametrize("name", sorted(SCENE_TABLES))
def test_setting_free_scene_tables_use_no_setting_bound_word(name: str) -> None:
    bad = [(phrase, sorted(words(phrase) & set(BOUND))) for phrase in SCENE_TABLES[name] if words(phrase) & set(BOUND)]
    assert not bad, f"lore.{name} phrases fit only some settings: {bad}"


@pytest.mark.parametrize("setting", [s.id for s in SETTINGS])
def test_a_settings_own_tables_fit_it_and_never_name_its_rooms(setting: str) -> None:
    own = SCENERY[setting]
    rooms = next(s.rooms for s in SETTINGS if s.id == setting)
    for stage in (*own.day_places, own.sounds):
        assert len(set(stage)) == len(stage) >= 4
        for phrase in stage:
            assert not words(phrase) & set(FOREIGN[setting]), (setting, phrase)
            assert not any(re.search(rf"\b{room.lower()}\b", phrase.lower()) for room in rooms), (setting, phrase)
    assert len({p for stage in own.day_places for p in stage}) == sum(map(len, own.day_places))  # stages disjoint
    assert set(tables(setting)) >= set(SCENE_TABLES)  # the setting-free tables, plus its own


def by_setting() -> dict[str, list]:
    cases: dict[str, list] = {}
    for request in spread(40, 80_000):
        case = cached_case(request)
        cases.setdefault(case.world.setting.id, []).append(case)
    return cases


def test_generated_scripts_draw_day_places_and_sounds_only_from_their_settings_tables() -> None:
    cases = by_setting()
    assert set(cases) == set(SCENERY)
    for setting, group in cases.items():
        allowed = set(day_place_options(setting))
        mine = {s for t in SCENERY[setting].day_places for s in t} | set(SCENERY[setting].sounds)
        # another setting's sound as a sentence, or its day place as written before the hour's doing
        others = [m for other, own in SCENERY.items() if other != setting
                  for m in [s[0].lower() + s[1:] for s in own.sounds if s not in mine]
                  + [f"{p};" for t in own.day_places for p in t if p not in mine]
                  + [f"{p}, and stayed" for t in own.day_places for p in t if p not in mine]]
        weather = next(s.weather for s in SETTINGS if s.id == setting)
        for case in group:
            assert any(line in case.script.briefing for line in weather)
            for role in case.script.roles:
                days = [f.value for f in case.facts.roles[role.id]
                        if isinstance(f, Detail) and f.topic.startswith("day_")]
                assert days and set(days) <= allowed, (setting, set(days) - allowed)
                text = role.script or ""
                assert not [m for m in others if m in text], setting
        # the day-place questions offer only places of the case's own setting
        for case in group:
            for q in case.script.questions:
                if "hours before the evening began" in q.stem:
                    assert set(q.options.values()) <= allowed


def test_overheard_sounds_of_a_script_come_from_the_shared_table_or_its_settings_own() -> None:
    for setting, group in by_setting().items():
        allowed = {s[0].lower() + s[1:] for s in lore.OVERHEARD + SCENERY[setting].sounds}
        seen = 0
        for case in group:
            for role in case.script.roles:
                for lead in lore.HEARD_LEADS:
                    pattern = re.escape(lead).replace(r"\{room\}", "[A-Z][A-Za-z' ]+") + r" ([a-z][^.]*\.)"
                    for sound in re.findall(pattern, role.script or ""):
                        assert sound in allowed, (setting, sound)
                        seen += 1
        assert seen, setting


def test_the_days_journey_runs_in_the_order_of_its_route_and_a_liners_guests_are_aboard() -> None:
    for setting, group in by_setting().items():
        own = SCENERY[setting]
        for case in group:
            for role in case.script.roles:
                days = sorted((f.topic, f.value) for f in case.facts.roles[role.id]
                              if isinstance(f, Detail) and f.topic.startswith("day_"))
                route = [own.journey.index(v) for _, v in days if v in own.journey]
                assert route == sorted(route), (setting, [v for _, v in days])
                if setting == "liner":
                    assert f"aboard {case.world.building}" in (role.script or "") or \
                        f"sail on {case.world.building}" in (role.script or "")
