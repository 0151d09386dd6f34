"""Real OCR on every text-rich card, in the case's language: tesseract must recover at least 90% of
the words (of the characters, on Chinese cards) of every card a model is meant to read (plain and
mild looks); the harder looks are measured and reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from arena.scripts.loader import load_script
from multimodal.cards.legibility import SAMPLE_CARDS, card_words, look_report, word_recovery
from multimodal.cards.look import PRESETS, card_legibility, legibility_class, resolve_look
from multimodal.cards.render import load_card_specs
from multimodal.language import ocr_language
from multimodal.ocr import ocr_pil
from tests.conftest import FIXTURE_CASE, bundled_cases


def text_rich_cards() -> list[tuple[Path, str, str]]:
    cards = []
    for case in [FIXTURE_CASE, *bundled_cases()]:
        script = load_script(case)
        lang = ocr_language(script.language, script.briefing)
        cards += [(case, clue.image.file, lang) for clue in script.image_clues
                  if clue.image is not None and clue.image.kind.value == "text_rich"]
    return cards


def test_word_recovery_counts_multiplicity_and_ignores_case() -> None:
    assert word_recovery(["the", "key", "the"], "THE key.") == pytest.approx(2 / 3)
    assert word_recovery([], "anything") == 1.0
    assert word_recovery(["nine"], "") == 0.0


def test_chinese_words_count_characters() -> None:
    assert word_recovery(["听", "松", "阁"], "听 松 閣") == pytest.approx(1.0)  # spaces and Traditional forms
    assert word_recovery(["听", "松", "阁"], "听松") == pytest.approx(2 / 3)


@pytest.mark.parametrize("case,file,lang", text_rich_cards(), ids=lambda v: str(v)[-40:])
def test_text_rich_card_is_legible(case: Path, file: str, lang: str) -> None:
    spec = next(s for s in load_card_specs(case) if s.file == file)
    if card_legibility(spec.template, spec.look, spec.params) == "hard":
        pytest.skip(f"{file}: a hard look (handwriting, stamps, heavy camera) is reported, not held to the floor")
    expected = card_words(spec)
    assert expected, f"{file}: a text-rich card must print words"
    text = ocr_pil(Image.open(case / file), lang)
    recovery = word_recovery(expected, text)
    assert recovery >= 0.9, f"{case.name}/{file}: OCR recovered {recovery:.0%} of {len(expected)} words"


MILD = [name for name in PRESETS if legibility_class(resolve_look(name)) == "mild"]
HARD = [name for name in PRESETS if legibility_class(resolve_look(name)) == "hard"]


def test_mild_looks_keep_the_ocr_floor() -> None:
    rows = look_report(MILD)
    assert {row.look for row in rows} == set(MILD) and len(MILD) >= 6
    low = [(row.look, round(row.worst, 2)) for row in rows if row.worst < 0.9]
    assert not low, f"mild looks under the 90% OCR floor: {low}"


def test_hard_looks_are_reported_and_harder_than_plain() -> None:
    rows = {row.look: row for row in look_report([*HARD, "plain"], SAMPLE_CARDS[:1])}
    assert all(0.0 <= row.mean <= 1.0 and row.legibility == "hard" for name, row in rows.items() if name != "plain")
    assert rows["scrawled"].mean < rows["plain"].mean - 0.2
