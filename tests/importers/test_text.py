"""Ids from names (pinyin), name matching across dot variants and shorthands, profiles, language."""

from __future__ import annotations

from arena.importers.text import RoleNames, detect_language, first_sentences, slugify, unique_ids


def test_slugify_spells_chinese_in_pinyin_and_drops_parentheticals() -> None:
    assert slugify("白老师") == "bailaoshi"
    assert slugify("唐•何塞") == slugify("唐·何塞") == "tang_hesai"
    assert slugify("Han Chengwu (Han the Attendant or Han the Crew Member)") == "han_chengwu"
    assert slugify("The Eastern Star", "-") == "the-eastern-star"
    assert unique_ids(["旅人", "旅人", "Ann"]) == ["lvren", "lvren_2", "ann"]


def test_role_names_resolve_names_parts_and_pinyin_shorthands() -> None:
    names = ["旅人", "米里奥", "唐·何塞", "占卜师"]
    roles = RoleNames.build(names, unique_ids(names))
    assert roles.resolve("唐•何塞") == "tang_hesai"  # bullet instead of middle dot
    assert roles.resolve("何塞") == "tang_hesai"  # unique part of a name
    assert roles.resolve("l") == "lvren" and roles.resolve("m") == "miliao" and roles.resolve("t") == "tang_hesai"
    assert roles.resolve("x") is None and roles.resolve("") is None


def test_shorthands_prefer_the_given_roles_and_refuse_ambiguity() -> None:
    names = ["鬼学姐", "鸥学妹", "郭老师"]
    roles = RoleNames.build(names, unique_ids(names))
    assert roles.resolve("g") is None  # guixuejie and guolaoshi
    assert roles.resolve("g", prefer=["guixuejie", "ouxuemei"]) == "guixuejie"
    assert roles.resolve("ou") == "ouxuemei"


def test_first_sentences() -> None:
    text = "【第一幕 初识】 我是旅人。我四十多岁了。" + "很长的句子" * 40 + "。"
    assert first_sentences(text) == "我是旅人。我四十多岁了。"
    english = "Ann Lee, 25, a nurse. She works nights. " + "More words here. " * 20
    assert first_sentences(english, 50) == "Ann Lee, 25, a nurse. She works nights."
    assert first_sentences("其\n中摄影系") == "其中摄影系"


def test_detect_language() -> None:
    assert detect_language("夏晴天的尸检报告 report") == "zh"
    assert detect_language("The captain said 你好") == "en"
