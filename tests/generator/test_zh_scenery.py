"""Setting fit in Chinese: the day, the evening's sounds, the arrival and the weather of a Chinese case come
from its setting's own tables (`arena/generator/scenery.py`, `zh/lore.py`), as in English
(tests/generator/test_scenery.py); the setting-free Chinese tables name no place, vehicle or weather."""

from __future__ import annotations

from functools import lru_cache

import pytest

from arena.generator import CaseOptions, GeneratedCase, Request, lore
from arena.generator.facts import Detail
from arena.generator.scenery import SCENERY, day_place_options
from arena.generator.settings import SETTINGS
from arena.generator.zh import lore as zh_lore
from arena.generator.zh.lexicon import term
from arena.generator.zh.script import private
from tests.generator.conftest import cached_case

# Chinese words that tie a phrase to some settings only: none may appear in a setting-free scene table
BOUND = ("渡轮", "船", "甲板", "客舱", "航程", "村", "花园", "教堂", "湖", "火车", "铁路", "电车", "公共汽车", "出租",
         "雪", "冰", "雨", "大风", "风声", "百叶窗", "雾", "霜", "炉火", "壁炉", "海", "公路", "舞台", "雪橇", "跑道",
         "补给", "街", "院子", "楼上", "楼下")
FOREIGN = {  # words each setting's own Chinese tables must not use
    "manor": ("船", "甲板", "客舱", "雪橇", "跑道", "补给", "电车", "地铁", "出租", "戏院", "后台"),
    "hotel": ("客舱", "甲板", "跑道", "补给", "地铁", "电车", "戏院", "渡轮"),
    "theatre": ("船", "甲板", "客舱", "雪橇", "跑道", "补给", "镇上", "湖", "雪", "渡轮"),
    "station": ("渡轮", "镇上", "教堂", "花园", "电车", "出租", "火车", "铁路", "公共汽车", "湖", "酒馆", "客栈",
                "海边"),
    "liner": ("镇上", "火车", "铁路", "电车", "出租", "公共汽车", "花园", "雪", "跑道", "教堂", "酒馆", "客栈", "自家",
              "公路", "渡轮"),
}
SCENE_TABLES = {"ROOM_DETAILS": zh_lore.ROOM_DETAILS, "OVERHEARD": zh_lore.OVERHEARD, "AFTERMATH": zh_lore.AFTERMATH,
                "DAY_DOINGS": zh_lore.DAY_DOINGS, "DAY_DOINGS_OUT": zh_lore.DAY_DOINGS_OUT, "MOODS": zh_lore.MOODS,
                "DAY_SMELLS": zh_lore.DAY_SMELLS, "ARRIVALS": zh_lore.ARRIVALS,
                "ACTIVITIES": tuple(term(a) for a in lore.ACTIVITIES)}


def bound(phrase: str, words: tuple[str, ...]) -> list[str]:
    phrase = phrase.replace("雪利酒", "")  # sherry is no snow
    return [w for w in words if w in phrase]


@pytest.mark.parametrize("name", sorted(SCENE_TABLES))
def test_setting_free_chinese_scene_tables_use_no_setting_bound_word(name: str) -> None:
    bad = [(phrase, bound(phrase, BOUND)) for phrase in SCENE_TABLES[name] if bound(phrase, BOUND)]
    assert not bad, f"zh {name} phrases fit only some settings: {bad}"


@pytest.mark.parametrize("setting", sorted(SCENERY))
def test_a_settings_own_chinese_places_and_sounds_fit_it_and_never_name_its_rooms(setting: str) -> None:
    assert set(FOREIGN) == set(SCENERY)
    rooms = [term(r) for r in next(s.rooms for s in SETTINGS if s.id == setting)]
    places = [term(p) for p in day_place_options(setting)]
    sounds = [zh_lore.SOUNDS[s] for s in SCENERY[setting].sounds]
    assert len(set(places)) == len(places) and all(p.startswith("在") for p in places)
    for phrase in places + sounds:
        assert not bound(phrase, FOREIGN[setting]), (setting, phrase, bound(phrase, FOREIGN[setting]))
        assert not [r for r in rooms if r in phrase], (setting, phrase)


@lru_cache(maxsize=1)
def by_setting() -> dict[str, list[GeneratedCase]]:
    cases: dict[str, list[GeneratedCase]] = {}
    seed = 90_000
    while min((len(cases.get(s, [])) for s in SCENERY), default=0) < 2:
        case = cached_case(Request(seed, CaseOptions(4, ("easy", "medium", "hard")[seed % 3], 1, 1500, "zh")))
        cases.setdefault(case.world.setting.id, []).append(case)
        seed += 1
    return cases


def test_chinese_scripts_spend_the_day_in_their_settings_places_and_hear_its_sounds() -> None:
    for setting, group in by_setting().items():
        own = SCENERY[setting]
        allowed = {term(p) for p in day_place_options(setting)}
        foreign_places = {term(p) for s, other in SCENERY.items() if s != setting
                          for p in day_place_options(s)} - allowed
        heard = set(zh_lore.OVERHEARD) | {zh_lore.SOUNDS[s] for s in own.sounds}
        foreign_sounds = {zh_lore.SOUNDS[s] for other in SCENERY.values() for s in other.sounds} - heard
        weather = {zh_lore.WEATHER[w] for w in next(s.weather for s in SETTINGS if s.id == setting)}
        own_heard = 0
        outside = [d.removeprefix("你").split("{")[0] for d in zh_lore.DAY_DOINGS_OUT]
        for case in group:
            assert any(w in case.script.briefing for w in weather), setting
            for role in case.script.roles:
                text = role.script or ""
                days = sorted((f.topic, f.value) for f in case.facts.roles[role.id]
                              if isinstance(f, Detail) and f.topic.startswith("day_"))
                assert days and all(f"{t[4:]}" in text and term(v) in text for t, v in days)
                route = [own.journey.index(v) for _, v in days if v in own.journey]
                assert route == sorted(route)  # the journey in the order of its route
                assert not [p for p in foreign_places if f"你{p}，" in text or f"你已经{p}了" in text], setting
                assert not [s for s in foreign_sounds if s in text], setting
                for _, v in days:  # at home, in one's own room or cabin: no strangers, no weather
                    if private(v, own.home):
                        assert not [d for d in outside if f"{term(v)}，{d}" in text or f"{term(v)}了，{d}" in text]
                own_heard += sum(zh_lore.SOUNDS[s] in text for s in own.sounds)
                if setting == "liner":
                    assert term(case.world.building) + "上" in text or f"登上了{term(case.world.building)}" in text \
                        or f"搭上{term(case.world.building)}" in text
            for q in case.script.questions:
                if "晚上的聚会开始之前" in q.stem:
                    assert set(q.options.values()) <= allowed
        assert own_heard, setting
