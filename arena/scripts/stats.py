"""Per-script statistics, in the exact shape `arena scripts stats --json` promises to outside tooling.

`lint` is the number of consistency findings (`arena/scripts/lint`), the ones `arena scripts validate` reports.
`plot` is the plot a generated case names in its metadata, null for a case without one (hand-written, imported);
`set` is the case's set (`arena/scripts/sets.py`: hand-written, generated, authored by an entry, imported).
`plot_counts` sums the rows per plot ("-" for those without), for `arena scripts stats --summary`."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from arena.scripts.lint import lint_case
from arena.scripts.prose import plot_of
from arena.scripts.schema import ImageKind, Script, Suite
from arena.scripts.sets import case_set
from multimodal.language import CJK_CHAR

WORD = re.compile(r"\w+(?:['’-]\w+)*")


def count_words(text: str) -> int:
    """Words of spaced text; in Chinese every character counts (字数, how Chinese length is told)."""
    return len(WORD.findall(CJK_CHAR.sub(" ", text))) + len(CJK_CHAR.findall(text))


def script_stats(script: Script, path: str) -> dict[str, Any]:
    images = {kind.value: 0 for kind in ImageKind}
    for clue in script.image_clues:
        assert clue.image is not None
        images[clue.image.kind.value] += 1
    questions = {suite.value: 0 for suite in Suite}
    for q in script.questions:
        questions[q.suite.value] += 1
    depths = [q.depth for q in script.questions if q.suite is Suite.MMR and q.depth is not None]
    return {
        "id": script.id,
        "path": path,
        "roles": len(script.roles),
        "min_role_words": min(count_words(role.script) for role in script.roles),
        "images": images,
        "questions": questions,
        "mmr_max_depth": max(depths, default=0),
        "key_statements": len(script.key_statements),
        "key_roles": len(script.key_roles),
        "lint": len(lint_case(script, path)),
        "plot": plot_of(script),
        "set": case_set(script),
    }


def plot_counts(rows: Iterable[dict[str, Any]]) -> dict[str, int]:
    """Cases per plot over stats rows, most cases first (then by name); "-" counts the cases without a plot."""
    counts = Counter(row["plot"] or "-" for row in rows)
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
