"""Units of generated text by case language: length, sentences, positions and comparable phrases.

English counts whitespace words and compares lower-case `[a-z0-9:]` words; Chinese counts CJK
characters (what `--words` means for a `zh` case) and compares jieba words from
`multimodal.language`, with clock times ("9:15") kept whole. Every language-dependent measure of
the generator's checks goes through here, so no check assumes Latin letters or spaces.
"""

from __future__ import annotations

import re

from multimodal.language import CJK_CHAR, is_chinese, split_chinese_sentences, tokens

TIME = re.compile(r"(\d{1,2}:\d{2})")
LATIN_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
MIN_SENTENCE_WORDS = 6  # English: a sentence longer than this counts for repetition
MIN_SENTENCE_CHARS = 12  # Chinese: the same, in CJK characters


def length(text: str, language: str = "en") -> int:
    """Words (English) or CJK characters (Chinese) of `text`."""
    return len(CJK_CHAR.findall(text)) if is_chinese(language) else len(text.split())


def position(text: str, sentence: str, language: str = "en") -> tuple[int, int, int]:
    """(first unit, last unit, units in the text) of `sentence` inside `text`; first is -1 when absent."""
    at = text.find(sentence)
    first = length(text[:at], language) if at >= 0 else -1
    return first, first + length(sentence, language) - 1, length(text, language)


def sentences(text: str, language: str = "en") -> list[str]:
    """The sentences long enough to count when comparing scripts for repeated wording."""
    if is_chinese(language):
        pieces = [s for line in text.splitlines() for s in split_chinese_sentences(line)]
        return [s.strip() for s in pieces if len(CJK_CHAR.findall(s)) > MIN_SENTENCE_CHARS]
    return [p.strip() for p in LATIN_SENTENCE_END.split(text) if len(p.split()) > MIN_SENTENCE_WORDS]


def chinese_phrase(text: str) -> str:
    """Jieba words (folded to Simplified) and whole clock times, joined by single spaces and padded."""
    words: list[str] = []
    for i, piece in enumerate(TIME.split(text)):
        words.extend([piece] if i % 2 else tokens(piece))
    return " " + " ".join(w.lower() for w in words) + " "
