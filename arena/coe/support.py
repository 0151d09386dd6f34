"""How strongly a text supports each option of a question: the OCR baseline's whole mind.

Only the words that tell the options apart count: a word every option shares ("Between", "Comp")
says nothing. An option's support is the share of its distinctive words and numbers found in the
evidence, where a word of four letters or more may match with small OCR errors ("Brlndle").
Times are normalised ("12:44" and "12.44" are one token).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping

from multimodal import language

TIME = re.compile(r"\d+[.:]\d+")
FUZZY_CUTOFF = 0.8
FUZZY_MIN_LEN = 4


def tokens(text: str) -> set[str]:
    """Words (jieba words in Chinese) and numbers without stop words; `12:44` becomes `12.44`."""
    times = {t.replace(":", ".") for t in TIME.findall(text)}
    return times | {t for t in language.tokens(TIME.sub(" ", text)) if not language.is_stop(t)}


def distinctive(options: Mapping[str, str]) -> dict[str, set[str]]:
    """Each option's tokens minus those that every option contains."""
    sets = {letter: tokens(text) for letter, text in options.items()}
    shared = set.intersection(*sets.values()) if sets else set()
    return {letter: words - shared for letter, words in sets.items()}


def found(word: str, evidence: set[str], pool: list[str]) -> bool:
    if word in evidence:
        return True
    if len(word) < FUZZY_MIN_LEN or word[0].isdigit():
        return False  # a misread number is a different number
    return bool(difflib.get_close_matches(word, pool, n=1, cutoff=FUZZY_CUTOFF))


def option_support(options: Mapping[str, str], evidence: str) -> dict[str, float]:
    """Letter -> share (0..1) of the option's distinctive tokens that the evidence contains."""
    words = tokens(evidence)
    pool = sorted(w for w in words if len(w) >= FUZZY_MIN_LEN)
    scores: dict[str, float] = {}
    for letter, wanted in distinctive(options).items():
        scores[letter] = sum(found(w, words, pool) for w in wanted) / len(wanted) if wanted else 0.0
    return scores
