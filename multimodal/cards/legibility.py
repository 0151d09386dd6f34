"""How much of a text card OCR recovers: the words a card prints versus the words tesseract reads.

`ocr_recovery(spec)` renders a card and reads it with plain tesseract (eng, default page
segmentation); `look_report(looks)` does so for the sample cards below under each look and returns
one `LookRecovery` per look (mean, worst, its legibility class). The OCR floor (>= 90% of words)
applies to cards whose look is "mild" (`multimodal.cards.look.legibility_class`); the harder styles
(handwriting, stamps over text, a heavy photographed look) are reported, not held to it.
Words come from `multimodal.language`; Chinese is counted character by character (a misread
character should cost one character, not a whole jieba word).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from multimodal import language
from multimodal.cards.look import legibility_class, resolve_look
from multimodal.cards.render import CardSpec, render_card

# Layout knobs, not printed text.
NON_TEXT_KEYS = {"style", "font", "template", "file", "colour", "shape", "background", "face", "heading_font",
                 "signature_font", "look", "kind", "surface", "layout"}


def words(text: str) -> list[str]:
    """Lower-case words (single characters in Chinese); punctuation and case do not count."""
    return [unit for token in language.tokens(text)
            for unit in (list(token) if language.has_cjk(token) else [token])]


def printed_strings(value: Any, key: str = "") -> list[str]:
    if key in NON_TEXT_KEYS:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in printed_strings(v, str(k))]
    if isinstance(value, list):
        return [s for v in value for s in printed_strings(v, key)]
    return []


def card_words(spec: CardSpec) -> list[str]:
    """Every word a card prints, from its spec (receipts print the shop name in upper case)."""
    return [w for text in printed_strings(spec.params) for w in words(text)]


def word_recovery(expected: list[str], ocr_text: str) -> float:
    """Share of expected words (with multiplicity) found in the OCR text; 1.0 for an empty card."""
    if not expected:
        return 1.0
    want, got = Counter(expected), Counter(words(ocr_text))
    found = sum(min(n, got[w]) for w, n in want.items())
    return found / sum(want.values())


SAMPLE_CARDS: tuple[CardSpec, ...] = (
    CardSpec(file="sample/letter.png", template="document", params={
        "style": "letter", "heading": "To Mr Pell",
        "body": "Dear Harold,\nI saw the lamp lit in the signal box at ten past eleven, and a man in a grey coat "
                "crossing the yard towards the coal sheds. He carried a lantern and a small brown case.",
        "signature": "Margaret Vane"}),
    CardSpec(file="sample/report.png", template="document", params={
        "style": "report", "heading": "Statement of the night porter",
        "body": "I locked the north door at half past ten. The key stayed on its hook until the inspector "
                "arrived. Nobody asked me for it and nobody passed the desk before midnight.",
        "signature": "J. Cobb, porter"}),
)


@dataclass(frozen=True)
class LookRecovery:
    look: str
    legibility: str
    mean: float
    worst: float
    cards: int


def ocr_recovery(spec: CardSpec, lang: str = "eng") -> float:
    """Share of the card's printed words that plain tesseract reads back from its rendered image."""
    import pytesseract

    text = pytesseract.image_to_string(render_card(spec).convert("RGB"), lang=lang)
    return word_recovery(card_words(spec), text)


def file_recovery(spec: CardSpec, path: Path, lang: str = "eng") -> float:
    """Share of the card's printed words that tesseract reads back from its written file: plain tesseract for
    English, the prepared reading of `multimodal.ocr` for `chi_*` (Chinese counts characters, see `words`)."""
    import pytesseract
    from PIL import Image

    from multimodal.ocr import ocr_pil

    with Image.open(path) as img:
        rgb = img.convert("RGB")
        read = pytesseract.image_to_string(rgb, lang=lang) if lang == "eng" else ocr_pil(rgb, lang)
        return word_recovery(card_words(spec), read)


def look_report(looks: list[str], cards: tuple[CardSpec, ...] = SAMPLE_CARDS) -> list[LookRecovery]:
    """OCR recovery of the sample cards under each look preset (or look mapping name), one row a look."""
    rows = []
    for name in looks:
        scores = [ocr_recovery(spec.model_copy(update={"look": name})) for spec in cards]
        rows.append(LookRecovery(name, legibility_class(resolve_look(name)), sum(scores) / len(scores), min(scores),
                                 len(scores)))
    return rows
