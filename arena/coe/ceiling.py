"""The blind ceiling: per suite, the best score of the rows that answer without doing the task.

A row is blind for a suite when it cannot do that suite's task:

| row | blind for |
|---|---|
| `builtin/longest`, `builtin/prior`, `builtin/lookup` (`arena.coe.blind`) | every suite |
| any entry with `--ablation no-images` | TIU, MIU, MMR (the images are the task) |
| `builtin/ocr` (OCR-only) | MIU, MMR (reading a text card is TIU's task: OCR-only stands beside TIU) |

`builtin/random` is chance, not a ceiling. A model's figure means what its suite's name says only by
how far it stands **above** the ceiling; `above_blind` gives that margin (in points) per suite, and
whether the two intervals are apart. The ceiling is read from the same store as the rows, so it is
only comparable with rows answered on the same cases (`make demo` runs every blind row on them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb

from pydantic import BaseModel, ConfigDict

from arena.coe.blind import BLIND_NAMES
from arena.coe.registry import QA_METRICS
from arena.coe.report import CoeRow
from arena.coe.stats import wilson_interval
from arena.entries import Entry
from arena.scripts.schema import Script

NO_IMAGES = "no-images"
OCR_ROW = "builtin/ocr"
IMAGE_SUITES = ("tiu", "miu", "mmr")
VISION_SUITES = ("miu", "mmr")


class Ceiling(BaseModel):
    """The best blind row of one suite: its accuracy (%), 95% interval, n and who it is."""

    model_config = ConfigDict(frozen=True)
    suite: str
    accuracy: float
    ci: list[float] | None
    n: int
    name: str
    mode: str


def model_of(row: CoeRow) -> str:
    """`builtin/longest` of `builtin/longest@1a2b...`."""
    return row.entry.partition("@")[0]


def blind_for(row: CoeRow) -> tuple[str, ...]:
    """The suites for which `row` is a blind row (empty for a row that does the task)."""
    return blind_suites(model_of(row), row.ablation)


def blind_suites(model: str, ablation: str = "none") -> tuple[str, ...]:
    """The suites that an answerer (`builtin/lookup`, any model) under an ablation answers blind."""
    if model in BLIND_NAMES:
        return QA_METRICS
    if ablation == NO_IMAGES:
        return IMAGE_SUITES
    if model == OCR_ROW and ablation == "none":
        return VISION_SUITES
    return ()


def blind_ceilings(rows: list[CoeRow]) -> dict[str, Ceiling]:
    """Suite -> the blind row with the highest accuracy on it (ties: the larger n, then the name)."""
    best: dict[str, Ceiling] = {}
    for row in rows:
        for suite in blind_for(row):
            value, n = getattr(row, suite), getattr(row, f"n_{suite}")
            if value is None or not n:
                continue
            candidate = Ceiling(suite=suite, accuracy=value, ci=row.ci.get(suite), n=n, name=row.name,
                                mode=row.mode)
            held = best.get(suite)
            if held is None or (value, n, row.name) > (held.accuracy, held.n, held.name):
                best[suite] = candidate
    return best


class Margin(BaseModel):
    """A row's score on one suite against that suite's blind ceiling."""

    model_config = ConfigDict(frozen=True)
    points: float
    separated: bool | None  # the row's interval lies wholly above the ceiling's; None without intervals


def above_blind(row: CoeRow, ceilings: dict[str, Ceiling]) -> dict[str, Margin]:
    """Per suite that the row and a ceiling both have: points above (negative: below) the ceiling."""
    margins: dict[str, Margin] = {}
    for suite, ceiling in ceilings.items():
        value = getattr(row, suite)
        if value is None:
            continue
        mine, theirs = row.ci.get(suite), ceiling.ci
        separated = None if mine is None or theirs is None else mine[0] > theirs[1]
        margins[suite] = Margin(points=round(value - ceiling.accuracy, 1), separated=separated)
    return margins


# --- one case's blind ceilings, without a store (`arena scripts validate`) ----------------------


class CaseCeiling(BaseModel):
    """The best blind answerer of one suite on one case's items, beside chance (percentages)."""

    model_config = ConfigDict(frozen=True)
    suite: str
    name: str
    accuracy: float
    ci: list[float] | None
    n: int
    chance: float

    @property
    def over_chance(self) -> float:
        return self.accuracy - self.chance

    def text(self) -> str:
        ci = f" [{self.ci[0]:.0f}-{self.ci[1]:.0f}]" if self.ci else ""
        return (f"{self.suite.upper()} {self.accuracy:.0f}%{ci} by {self.name.removeprefix('builtin/')} "
                f"(chance {self.chance:.0f}%, n={self.n})")


SEEDS = 5  # shuffles a case's ceiling is averaged over: a blind guess between tied options is a coin toss


def case_ceilings(script: Script, corpus: Callable[[], Sequence[Script]] | None = None, seeds: int = SEEDS
                  ) -> list[CaseCeiling]:
    """Per suite of `script`, the best of the blind answerers on its items, each asked as `arena qa` asks it,
    averaged over `seeds` option shuffles (seeds 0..seeds-1: on a small case one lucky shuffle of tied guesses
    would set the ceiling), with a 95% Wilson interval on the item count and the chance rate of the same items."""
    from arena.coe.blind import BLIND_ANSWERERS, PriorAnswerer
    from arena.coe.qa_run import QaConfig, make_item

    answerers = [PriorAnswerer(_entry(name), corpus=corpus) if kind is PriorAnswerer else kind(_entry(name))
                 for name, kind in BLIND_ANSWERERS.items()]
    found: list[CaseCeiling] = []
    for suite in QA_METRICS:
        questions = [q for q in script.questions if q.suite.value == suite]
        if not questions:
            continue
        chance = 100.0 * sum(1 / comb(len(q.options), len(q.answer)) for q in questions) / len(questions)
        best: CaseCeiling | None = None
        for answerer in answerers:
            right = 0.0
            for seed in range(seeds):
                items = [make_item(script, q, QaConfig(seed=seed), None) for q in questions]
                right += sum(frozenset(answerer.choose(i)) == i.shuffled.answer for i in items) / seeds
            interval = wilson_interval(round(right), len(questions))
            row = CaseCeiling(suite=suite, name=answerer.entry.name,
                              accuracy=round(100.0 * right / len(questions), 1), n=len(questions),
                              ci=[round(100 * interval[0], 1), round(100 * interval[1], 1)] if interval else None,
                              chance=round(chance, 1))
            if best is None or row.accuracy > best.accuracy:
                best = row
        if best is not None:
            found.append(best)
    return found


def _entry(name: str) -> Entry:
    return Entry(name=name, model=name, source="builtin")
