"""Card fonts: Noto CJK for cards that print Chinese, and line breaking without spaces that keeps
closing marks off the start of a line and opening marks off its end."""

from __future__ import annotations

import pytest

from multimodal import language
from multimodal.cards.fonts import CJK_FONT_DIR, font, script_fonts, wrap_text

pytestmark = pytest.mark.skipif(not (CJK_FONT_DIR / "NotoSansCJK-Regular.ttc").is_file(),
                                reason="fonts-noto-cjk is not installed")
TEXT = "他说：「今晚九点，茶室的门是锁着的。」我不信，于是去看了看（其实门开着）。账簿上写着 Room 3 的名字。"


def test_chinese_text_gets_the_noto_cjk_face_in_its_variant() -> None:
    assert font("sans", 20).getname()[0] == "DejaVu Sans"
    with script_fonts("听松阁"):
        assert font("sans", 20).getname()[0] == "Noto Sans CJK SC"
        assert font("mono", 20).getname()[0] == "Noto Sans Mono CJK SC"
    with script_fonts("聽松閣裡的帳簿與鐘錶"):
        assert font("bold", 20).getname()[0] == "Noto Sans CJK TC"
    with script_fonts("The clerk"):
        assert font("sans", 20).getname()[0] == "DejaVu Sans"


@pytest.mark.parametrize("width", [150, 200, 230, 260, 330])
def test_chinese_wraps_between_characters_with_the_punctuation_rules(width: int) -> None:
    with script_fonts(TEXT):
        lines = wrap_text(TEXT, "sans", 22, width)
        assert "".join(lines).replace(" ", "") == TEXT.replace(" ", "")
        assert len(lines) > 1
        for line in lines:
            assert font("sans", 22).getlength(line) <= width + 22  # a carried mark may overhang by one
            assert line[0] not in language.NO_LINE_START, lines
            assert line[-1] not in language.NO_LINE_END, lines
        assert "Room 3" in "".join(lines)  # a Latin word is never cut


def test_spaced_text_wraps_at_spaces_as_before() -> None:
    assert wrap_text("one two three four five six", "sans", 22, 160) == ["one two three", "four five six"]


def test_a_chinese_card_drawn_after_an_english_one_still_gets_the_cjk_face() -> None:
    from multimodal.cards.typefaces import face_font

    latin = face_font("sans", 31)  # an English card first, at the same face and size
    with script_fonts("法医初步检验报告"):
        chinese = face_font("sans", 31)
    assert "DejaVu" in latin.path and "CJK" in chinese.path
