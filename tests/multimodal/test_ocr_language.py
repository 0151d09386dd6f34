"""OCR in the case's language on a Chinese card: `chi_sim` recovers the characters the card prints
(English OCR does not), without spaces between them, cached per language."""

from __future__ import annotations

from pathlib import Path

from multimodal.cards.legibility import card_words, word_recovery
from multimodal.cards.render import load_card_specs
from multimodal.language import CJK_CHAR
from multimodal.ocr import OcrReader
from tests.conftest import SCRIPTS_DATA

CASE = SCRIPTS_DATA / "tingsong"
CARD = "images/key_register.png"


def test_chinese_card_read_in_chinese_not_in_english(tmp_path: Path) -> None:
    spec = next(s for s in load_card_specs(CASE) if s.file == CARD)
    expected = card_words(spec)
    reader = OcrReader(cache_dir=tmp_path)
    chinese = reader.read_file(CASE / CARD, "chi_sim")
    english = reader.read_file(CASE / CARD, "eng")
    assert word_recovery(expected, chinese) >= 0.9
    assert word_recovery(expected, english) < 0.5 and not CJK_CHAR.search(english)
    assert "听松阁" in chinese and "听 松" not in chinese
    assert len(list(tmp_path.glob("*-chi_sim-*.txt"))) == 1 and len(list(tmp_path.glob("*-eng-*.txt"))) == 1
    assert reader.read_file(CASE / CARD, "chi_sim") == chinese and reader.hits == 1
