"""Words and sentences per language: jieba for Chinese, Traditional folded to Simplified, Unicode
words elsewhere, stop words of each token's script, Chinese sentence marks, OCR language codes."""

from __future__ import annotations

import pytest

from multimodal import language
from multimodal.retrieval import Passage, RetrievalIndex, split_sentences


def test_chinese_is_segmented_into_words_not_characters_or_one_run() -> None:
    words = language.tokens("案发当天上午，我到化学实验室偷了一些乙醚。")
    assert "实验室" in words and "乙醚" in words and "，" not in words
    assert "案发当天上午" not in words


def test_traditional_and_simplified_are_the_same_words() -> None:
    assert language.tokens("聽松茶莊裡的帳簿") == language.tokens("听松茶庄里的帐簿")
    assert language.is_traditional("聽松茶莊裡的帳簿") and not language.is_traditional("听松茶庄里的账簿")


def test_other_scripts_are_unicode_words_lower_cased() -> None:
    assert language.tokens("Café Zoë met Ørsted at 9") == ["café", "zoë", "met", "ørsted", "at", "9"]
    assert language.tokens("Привет, мир") == ["привет", "мир"]


def test_stop_words_follow_each_tokens_script() -> None:
    words = language.content_words("我们的老板 and the clerk 死在茶室里")
    assert "老板" in words and "clerk" in words and "死" in words
    assert not {"我们", "的", "and", "the", "在", "里"} & set(words)


def test_chinese_sentences_end_at_chinese_marks_and_keep_closing_quotes() -> None:
    text = "他问：「你去哪了？」我没有回答。门是锁着的！"
    assert language.split_chinese_sentences(text) == ["他问：「你去哪了？」", "我没有回答。", "门是锁着的！"]
    assert split_sentences("第一幕的开场。老板在听松阁里喝茶，门虚掩着。") == [
        "第一幕的开场。", "老板在听松阁里喝茶，门虚掩着。"]


def test_line_breaks_inside_chinese_text_are_joined() -> None:
    assert split_sentences("我到化学实验\n室偷了一些乙醚。") == ["我到化学实验室偷了一些乙醚。"]


def test_cut_words_counts_jieba_words_and_keeps_the_characters() -> None:
    text = "我到化学实验室偷了一些乙醚。"
    cut = language.cut_words(text, 3)
    assert text.startswith(cut) and 0 < len(cut) < len(text)
    assert language.cut_words("one two three four", 2) == "one two"


def test_ocr_language_follows_the_case_language() -> None:
    assert language.ocr_language("en") == "eng"
    assert language.ocr_language("zh") == "chi_sim"
    assert language.ocr_language("zh-TW") == "chi_tra"
    assert language.ocr_language("zh", "聽松茶莊裡的帳簿與鐘錶") == "chi_tra"


def test_language_detection_and_ocr_space_squeeze() -> None:
    assert language.detect_language("本案死者是夏晴天。") == "zh"
    assert language.detect_language("The victim is Carrow.") == "en"
    assert language.squeeze_cjk_spaces("听 松 阁 的 门 at 9 pm") == "听松阁的门 at 9 pm"


def test_retrieval_finds_a_chinese_passage_by_its_words() -> None:
    index = RetrievalIndex([Passage("老板每晚十点去听松阁喝茶。", "a"), Passage("账房在院子东边。", "b")])
    hit = index.best("谁晚上去听松阁？")
    assert hit is not None and hit.passage.source == "a"
    assert index.best("飞机") is None


@pytest.mark.parametrize("text", ["老板几点去听松阁？", "老闆幾點去聽松閣？"])
def test_retrieval_matches_across_traditional_and_simplified(text: str) -> None:
    index = RetrievalIndex([Passage("老板每晚十点去听松阁喝茶。", "a"), Passage("账房在院子东边。", "b")])
    hit = index.best(text)
    assert hit is not None and hit.passage.source == "a"
