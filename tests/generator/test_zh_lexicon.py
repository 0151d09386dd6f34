"""The Chinese lexicon covers every value the world model can draw, with no Latin letters and no clashes."""

from __future__ import annotations

import re

from arena.generator import lore, pools
from arena.generator.evidence import CLOCKMAKERS, CORONERS, FURNITURE, RECEIPT_ITEMS
from arena.generator.settings import SETTINGS
from arena.generator.zh import lore as zh_lore
from arena.generator.zh.lexicon import GIVEN, name, term

LATIN = re.compile(r"[A-Za-z]")


def drawn_values() -> list[str]:
    values = [job for job, _ in pools.OCCUPATIONS] + [r[0] for r in pools.RELATIONS] + list(pools.PRIZES)
    values += [w[1] for w in pools.WEAPONS] + [w[2] for w in pools.WEAPONS] + list(pools.TRACE_ITEMS)
    values += [m[2] for m in pools.MOTIVES.values()] + list(pools.AMOUNTS) + list(pools.CARRIES) + list(pools.COATS)
    values += list(lore.TOWNS) + list(lore.CITIES)
    values += list(FURNITURE) + list(CORONERS) + list(CLOCKMAKERS)
    values += list(pools.GUESTS)
    values += [item for item, _ in RECEIPT_ITEMS]
    for s in SETTINGS:
        values += [*s.buildings, s.occasion, *s.rooms, *s.staff]
    return values


def test_every_drawn_value_has_a_chinese_term_without_latin_letters() -> None:
    for value in drawn_values():
        assert not LATIN.search(term(value)), (value, term(value))


def test_rooms_of_a_setting_and_options_of_a_pool_stay_distinct_in_chinese() -> None:
    for s in SETTINGS:
        assert len({term(r) for r in s.rooms}) == len(s.rooms)
    for pool in (lore.TOWNS + lore.CITIES, FURNITURE, pools.CARRIES, pools.GUESTS):
        assert len({term(v) for v in pool}) == len(pool)
    assert len({term(r[0]) for r in pools.RELATIONS}) == len(pools.RELATIONS)


def test_names_keep_their_gender_and_every_combination_is_unique() -> None:
    full = {name(f"{first} {family}") for first, _ in pools.FIRST_NAMES for family in pools.SURNAMES}
    assert len(full) == len(pools.FIRST_NAMES) * len(pools.SURNAMES)
    assert {name(v) for v, _ in pools.VICTIM_NAMES}.isdisjoint(full)
    assert set(GIVEN) == {n for n, _ in pools.FIRST_NAMES}


def test_prose_tables_cover_every_key_of_the_world_model() -> None:
    assert set(zh_lore.BACKGROUNDS) == {job for job, _ in pools.OCCUPATIONS}
    assert set(zh_lore.RELATIONS) == {r[0] for r in pools.RELATIONS}
    assert set(zh_lore.SECRETS) == set(pools.SECRETS)
    assert set(zh_lore.MOTIVES) == set(pools.MOTIVES)
    assert set(zh_lore.PAIRS) == {p[0] for p in pools.PAIR_RELATIONS}
    assert set(zh_lore.METHODS) == {w[3] for w in pools.WEAPONS}
    assert set(zh_lore.WEATHER) == {x for s in SETTINGS for x in s.weather}


def test_guests_on_name_cards_share_no_family_name_with_a_suspect_or_a_victim() -> None:
    from arena.generator.zh.lexicon import FAMILY, VICTIMS

    families = {term(g)[0] for g in pools.GUESTS}
    assert len(families) == len(pools.GUESTS)
    assert families.isdisjoint({f[0] for f in FAMILY.values()} | {v[0] for v in VICTIMS.values()})
    assert all(term(g)[1:] in ("先生", "太太", "小姐", "医生") for g in pools.GUESTS)
    assert term("2 empty chairs") == "2把空椅子" and term("1 torn IOU") == "1张撕成两半的借据"


def test_counts_and_clock_offsets_read_as_chinese() -> None:
    assert term("3 doorways") == "3道门" and term("1 doorway") == "1道门"
    assert term("15 minutes slow") == "慢15分钟" and term("30 minutes fast") == "快30分钟"
    assert term("9:15") == "9:15" and term("13.20") == "13.20"
