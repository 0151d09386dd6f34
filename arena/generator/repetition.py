"""Cross-role repetition: how much of a case's role prose is shared word for word between roles.

A sentence longer than six words that appears in two roles' scripts of the same case reads as a template;
`repeat_share` is the share of such sentences over all the case's role sentences (the benchmark prints it,
and the tests keep it low).
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.generator import textunits
from arena.scripts.prose import recurring_per_group


def sentences(text: str, language: str = "en") -> list[str]:
    """The sentences of a script longer than six words (split at . ! ? and line ends); in Chinese, longer
    than twelve characters (split at 。！？；)."""
    return textunits.sentences(text, language)


def repeat_share(scripts: Sequence[str], language: str = "en") -> float:
    """Share of the sentences (longer than six words) of these scripts that also appear, word for word, in
    another of them."""
    by_role = [sentences(text, language) for text in scripts]
    total = sum(len(s) for s in by_role)
    return sum(recurring_per_group(by_role)) / total if total else 0.0
