"""Real OCR on every text-rich card: tesseract must recover at least 90% of the card's words."""

from __future__ import annotations

from pathlib import Path

import pytesseract
import pytest
from PIL import Image

from arena.scripts.loader import load_script
from multimodal.cards.legibility import card_words, word_recovery
from multimodal.cards.render import load_card_specs
from tests.conftest import FIXTURE_CASE, bundled_cases


def text_rich_cards() -> list[tuple[Path, str]]:
    cards = []
    for case in [FIXTURE_CASE, *bundled_cases()]:
        script = load_script(case)
        cards += [(case, clue.image.file) for clue in script.image_clues
                  if clue.image is not None and clue.image.kind.value == "text_rich"]
    return cards


def test_word_recovery_counts_multiplicity_and_ignores_case() -> None:
    assert word_recovery(["the", "key", "the"], "THE key.") == pytest.approx(2 / 3)
    assert word_recovery([], "anything") == 1.0
    assert word_recovery(["nine"], "") == 0.0


@pytest.mark.parametrize("case,file", text_rich_cards(), ids=lambda v: str(v)[-40:])
def test_text_rich_card_is_legible(case: Path, file: str) -> None:
    spec = next(s for s in load_card_specs(case) if s.file == file)
    expected = card_words(spec)
    assert expected, f"{file}: a text-rich card must print words"
    text = pytesseract.image_to_string(Image.open(case / file))
    recovery = word_recovery(expected, text)
    assert recovery >= 0.9, f"{case.name}/{file}: OCR recovered {recovery:.0%} of {len(expected)} words"
