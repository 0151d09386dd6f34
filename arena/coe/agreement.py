"""Agreement and association, from libraries: Krippendorff's alpha (`krippendorff`) between judges,
and Spearman's rho (`scipy.stats`) with a percentile bootstrap interval.

- `alpha(ratings)`: ratings is one list per rater over the same items (None where a rater did not
  rate an item); interval level, as RP (1-10), SPC and CMD (0-100) are scores on a scale. None when
  there is nothing to agree on (fewer than two raters or items rated twice, or one value only).
- `spearman(x, y)`: rho with a 95% bootstrap interval over resampled pairs (seeded, so a rerun
  prints the same interval). Under `MIN_N` pairs it gives no figure and says "n too small".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

MIN_N = 5
BOOTSTRAP = 2000


def alpha(ratings: Sequence[Sequence[float | None]]) -> float | None:
    """Krippendorff's alpha (interval) of raters x items; None when it is undefined."""
    data = np.array([[np.nan if v is None else float(v) for v in rater] for rater in ratings], dtype=float)
    if data.ndim != 2 or data.shape[0] < 2 or (np.sum(~np.isnan(data), axis=0) >= 2).sum() < 2:
        return None
    values = data[~np.isnan(data)]
    if np.unique(values).size < 2:
        return None
    import krippendorff  # imported on use: the CLI starts without it

    value = float(krippendorff.alpha(reliability_data=data, level_of_measurement="interval"))
    return None if math.isnan(value) else value


@dataclass(frozen=True)
class Association:
    """Spearman's rho of n pairs with its 95% bootstrap interval, or no figure and why."""

    n: int
    rho: float | None = None
    ci: tuple[float, float] | None = None
    note: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {"n": self.n, "rho": None if self.rho is None else round(self.rho, 3),
                "ci": None if self.ci is None else [round(self.ci[0], 3), round(self.ci[1], 3)], "note": self.note}


def _rho(x: np.ndarray, y: np.ndarray) -> float:
    if np.unique(x).size < 2 or np.unique(y).size < 2:
        return math.nan
    from scipy.stats import spearmanr

    return float(spearmanr(x, y).statistic)


def _rows_rho(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Spearman's rho of each row pair (average ranks for ties; NaN for a constant row), vectorised."""
    from scipy.stats import rankdata  # imported on use: scipy.stats is slow to load

    rx, ry = rankdata(x, axis=1), rankdata(y, axis=1)
    rx, ry = rx - rx.mean(axis=1, keepdims=True), ry - ry.mean(axis=1, keepdims=True)
    denom = np.sqrt((rx * rx).sum(axis=1) * (ry * ry).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denom > 0, (rx * ry).sum(axis=1) / np.where(denom > 0, denom, 1.0), np.nan)


def spearman(x: Sequence[float], y: Sequence[float], *, seed: int = 0, draws: int = BOOTSTRAP) -> Association:
    """Spearman's rho of paired values with a percentile bootstrap 95% interval."""
    if len(x) != len(y):
        raise ValueError(f"spearman needs paired values, got {len(x)} and {len(y)}")
    n = len(x)
    if n < MIN_N:
        return Association(n, note="n too small")
    xs, ys = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    rho = _rho(xs, ys)
    if math.isnan(rho):
        return Association(n, note="constant values")
    picks = np.random.default_rng(seed).integers(0, n, size=(draws, n))
    samples = _rows_rho(xs[picks], ys[picks])
    samples = samples[~np.isnan(samples)]
    ci = (float(np.percentile(samples, 2.5)), float(np.percentile(samples, 97.5))) if samples.size else None
    return Association(n, rho, ci)
