"""Multiple-choice mechanics: seeded option shuffling, strict answer parsing, exact grading.

Options are shuffled per run with a seed, so a model that always answers "A" scores chance, not
the key's favourite letter. Answers are parsed strictly: one letter (or, for multi-select, a set
of letters) stated clearly; prose that names several options, or none, is unparseable and keeps
that status. Grading is by exact letter, and by exact set for multi-select: partial credit and
"the key letter appears somewhere" are wrong answers.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass

from arena.scripts.schema import Question


@dataclass(frozen=True)
class ShuffledQuestion:
    """A question as shown: display letter -> option text, and display letter -> original letter."""

    question: Question
    options: dict[str, str]
    to_original: dict[str, str]

    @property
    def answer(self) -> frozenset[str]:
        """The correct display letters."""
        return frozenset(d for d, o in self.to_original.items() if o in self.question.answer)


def question_rng(seed: int, script_id: str, question_id: str) -> random.Random:
    """A generator for one question that does not depend on which other questions run."""
    digest = hashlib.sha256(f"{seed}:{script_id}:{question_id}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def shuffle_options(question: Question, rng: random.Random | None) -> ShuffledQuestion:
    """Shuffle the option texts over the same letters (no shuffle when rng is None)."""
    originals = sorted(question.options)
    order = list(originals)
    if rng is not None:
        rng.shuffle(order)
    to_original = dict(zip(originals, order, strict=True))
    return ShuffledQuestion(question, {d: question.options[o] for d, o in to_original.items()}, to_original)


ANSWER_FIELD = re.compile(r'"answer"\s*:\s*(\[[^\]]*\]|"[^"]*")', re.IGNORECASE)
FINAL_LINE = re.compile(r"\b(?:final answer|answer)\b\s*(?:is|:|-)?\s*(.+)$", re.IGNORECASE)
MARKED = re.compile(r"\(([A-Z])\)|\boption\s+\(?([A-Z])\b|(?<![A-Za-z])([A-Z])\)")
WORD = re.compile(r"[A-Za-z]+")


def short_letters(text: str, allowed: set[str]) -> list[str] | None:
    """Letters of a terse answer ("B", "(b).", "A, C", "A and C", "AC"), or None for anything wordier."""
    tokens = WORD.findall(text)
    if not tokens or len(text) > 24:
        return None
    letters: list[str] = []
    for token in tokens:
        if len(token) == 1:
            letters.append(token.upper())
        elif token.lower() == "and":
            continue
        elif token.isupper() and set(token) <= allowed:
            letters += list(token)
        else:
            return None
    return letters


def marked_letter(text: str) -> list[str]:
    """The one letter marked as an option inside prose ("(B)", "option C", "D)"); [] if none or several."""
    marked = {next(g for g in m.groups() if g) for m in MARKED.finditer(text)}
    return list(marked) if len(marked) == 1 else []


def parse_answer(text: str, allowed: set[str], multi: bool) -> frozenset[str] | None:
    """The chosen letters, or None when the reply does not state a clear, legal choice.

    Accepted: JSON `{"answer": "B"}` or `{"answer": ["A", "C"]}`; a terse reply ("B", "A, C"); a
    final line "Answer: (B)"; prose marking exactly one option ("I think it is (B)"). Rejected:
    empty text, letters outside the options, several letters for a single-choice question, and
    prose that marks several options or none.
    """
    text = (text or "").strip()
    if not text:
        return None
    field = ANSWER_FIELD.search(text)
    if field:
        letters = short_letters(field.group(1), allowed)
    else:
        final = FINAL_LINE.search(text.splitlines()[-1])
        tail = final.group(1) if final else None
        letters = (short_letters(tail, allowed) if tail else None) or (marked_letter(tail) if tail else None)
        if not letters:
            letters = short_letters(text, allowed)
        if not letters:
            letters = marked_letter(text)
    chosen = frozenset(letters or ())
    if not chosen or not chosen <= allowed or (not multi and len(chosen) != 1):
        return None
    return chosen


def grade(chosen: frozenset[str] | None, shuffled: ShuffledQuestion) -> bool:
    """Exact match of display letters (exact set for multi-select); unparseable is wrong."""
    return chosen is not None and chosen == shuffled.answer


def to_original_letters(chosen: frozenset[str] | None, shuffled: ShuffledQuestion) -> list[str] | None:
    return None if chosen is None else sorted(shuffled.to_original[c] for c in chosen)
