"""Accuracy with honest uncertainty: counts, the Wilson score interval, and weighted scores.

The Wilson interval stays inside [0, 1] and behaves at 0/n and n/n, where the normal
approximation collapses to a zero-width interval; with the 20-odd items per suite of one case,
that matters.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


def wilson_interval(correct: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """The 95% Wilson score interval of a proportion, as fractions; None when n is 0."""
    if n <= 0:
        return None
    if not 0 <= correct <= n:
        raise ValueError(f"correct must lie in 0..{n}, got {correct}")
    p = correct / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Accuracy:
    """`correct` of `n` items; percentages and the interval on the 0-100 scale."""

    correct: int
    n: int

    @property
    def percent(self) -> float | None:
        return None if self.n == 0 else 100.0 * self.correct / self.n

    @property
    def ci(self) -> tuple[float, float] | None:
        interval = wilson_interval(self.correct, self.n)
        return None if interval is None else (100.0 * interval[0], 100.0 * interval[1])

    def to_dict(self) -> dict[str, object]:
        ci = self.ci
        return {"accuracy": _round(self.percent), "n": self.n, "correct": self.correct,
                "ci": None if ci is None else [round(ci[0], 1), round(ci[1], 1)]}


def accuracy(flags: Iterable[bool]) -> Accuracy:
    items = list(flags)
    return Accuracy(sum(1 for f in items if f), len(items))


def mean_interval(values: Sequence[float], low: float = 0.0, high: float = 100.0) -> tuple[float, float] | None:
    """The 95% Student-t interval of a mean, clipped to [low, high]; None under two values."""
    if len(values) < 2:
        return None
    from scipy.stats import t  # scipy is heavy to import; only reports need it

    half = float(t.ppf(0.975, len(values) - 1)) * statistics.stdev(values) / math.sqrt(len(values))
    centre = statistics.fmean(values)
    return max(low, centre - half), min(high, centre + half)


def weighted_percent(pairs: Iterable[tuple[float, bool]]) -> float | None:
    """Sum of the weights of correct items over the sum of all weights, x 100 (None when empty)."""
    items = list(pairs)
    total = sum(w for w, _ in items)
    return None if total <= 0 else 100.0 * sum(w for w, ok in items if ok) / total


def _round(value: float | None, digits: int = 1) -> float | None:
    return None if value is None else round(value, digits)
