"""Language-aware units of generated text: Chinese length in characters, jieba phrases, Chinese sentences."""

from __future__ import annotations

from arena.generator import textunits
from arena.generator.questions import normalised
from arena.generator.repetition import repeat_share, sentences


def test_chinese_length_counts_cjk_characters_and_english_counts_words() -> None:
    assert textunits.length("九点一刻，她在藏书室里。", "zh") == 10
    assert textunits.length("At 9:15 she was in the Library.", "en") == 7


def test_position_in_chinese_is_measured_in_characters() -> None:
    text = "开头一句。中间一句。你口袋里装着一枚铜指南针。"
    first, last, total = textunits.position(text, "你口袋里装着一枚铜指南针。", "zh")
    assert (first, last, total) == (8, 19, 20)
    assert textunits.position(text, "不在这里", "zh")[0] == -1


def test_chinese_phrases_compare_as_whole_jieba_words_and_keep_times() -> None:
    text = normalised("钟停在9:15。那晚她在藏书室里看书，口袋里有一把雨伞。", "zh")
    assert normalised("藏书室", "zh") in text
    assert normalised("9:15", "zh") in text and normalised("9:1", "zh") not in text
    assert normalised("公文包", "zh") not in text
    assert normalised("3 个门洞", "zh") not in normalised("从书房到琴房要穿过 13 个门洞", "zh")
    assert normalised("Library") == " library "  # English unchanged


def test_chinese_sentences_and_repetition_share() -> None:
    shared = "那天夜里风一直拍打着窗户，你几乎没有合眼。"
    a = f"{shared}你在厨房里煮了一壶很浓的红茶，慢慢喝完。"
    b = f"{shared}你把那封没寄出的信又读了一遍，然后烧掉。"
    assert sentences(a, "zh") == [shared, "你在厨房里煮了一壶很浓的红茶，慢慢喝完。"]
    assert sentences(a) == []  # read as English, Chinese has no spaced words
    assert repeat_share([a, b], "zh") == 0.5
