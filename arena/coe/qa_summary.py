"""What a QA run scored: accuracy per suite, per script and per MMR depth, statuses, weighted scores.

Failures (parse errors, API errors, timeouts, refusals, context limits) count as wrong answers in
every accuracy and are also counted by status, so a model that cannot follow the format is not
mistaken for one that reasons badly; the first few replies that did not parse are listed as sent.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from arena.coe.stats import accuracy, weighted_percent
from arena.store.records import QaAnswerRecord

SUITE_ORDER = ("lsu", "tiu", "miu", "mmr")
UNPARSED_SHOWN = 5  # replies that did not parse, listed in the summary


def by_suite(answers: Sequence[QaAnswerRecord]) -> dict[str, dict[str, object]]:
    groups: dict[str, list[bool]] = defaultdict(list)
    for a in answers:
        groups[a.suite].append(a.correct)
    return {s: accuracy(groups[s]).to_dict() for s in SUITE_ORDER if s in groups}


def summarise(answers: Sequence[QaAnswerRecord], weights: Mapping[tuple[str, str], float],
              header: Mapping[str, Any]) -> dict[str, Any]:
    """The run summary (`arena qa --json`): `header` (run id, entry, mode...) plus the figures.

    `weights` maps (script id, question id) to the question's weight; `weighted` is given only when
    some weight differs from 1 (imported WellPlay-style cases).
    """
    scripts: dict[str, list[QaAnswerRecord]] = defaultdict(list)
    depths: dict[int, list[bool]] = defaultdict(list)
    for a in answers:
        scripts[a.script_id].append(a)
        if a.suite == "mmr" and a.depth is not None:
            depths[a.depth].append(a.correct)
    summary: dict[str, Any] = {
        **header,
        "overall": accuracy(a.correct for a in answers).to_dict(),
        "suites": by_suite(answers),
        "scripts": {sid: {"overall": accuracy(a.correct for a in rows).to_dict(), "suites": by_suite(rows)}
                    for sid, rows in sorted(scripts.items())},
        "mmr_depth": {str(d): accuracy(depths[d]).to_dict() for d in sorted(depths)},
        "statuses": dict(sorted(Counter(a.status for a in answers).items())),
        "unparsed": [{"script_id": a.script_id, "question_id": a.question_id, "raw_reply": a.raw_reply}
                     for a in answers if a.status == "parse_error"][:UNPARSED_SHOWN],
        "weighted": None,
    }
    if any(weights.get((a.script_id, a.question_id), 1.0) != 1.0 for a in answers):
        summary["weighted"] = weighted_by_suite(answers, weights)
    return summary


def weighted_by_suite(answers: Sequence[QaAnswerRecord], weights: Mapping[tuple[str, str], float]
                      ) -> dict[str, float | None]:
    pairs: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    for a in answers:
        pair = (weights.get((a.script_id, a.question_id), 1.0), a.correct)
        pairs[a.suite].append(pair)
        pairs["overall"].append(pair)
    return {k: _round(weighted_percent(v)) for k, v in pairs.items()}


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 1)
