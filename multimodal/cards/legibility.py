"""How much of a text card OCR recovers: the words a card prints versus the words tesseract reads.

Words come from `multimodal.language`; Chinese is counted character by character (a misread
character should cost one character, not a whole jieba word)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from multimodal import language
from multimodal.cards.render import CardSpec

# Layout knobs, not printed text.
NON_TEXT_KEYS = {"style", "font", "template", "file", "colour", "shape", "background", "face"}


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
