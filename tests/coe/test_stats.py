"""Known answers for the Wilson interval and weighted scores."""

from __future__ import annotations

import pytest

from arena.coe.stats import Accuracy, weighted_percent, wilson_interval


@pytest.mark.parametrize("k,n,low,high", [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0),
                                          (81, 263, 0.2553, 0.3662)])
def test_wilson_known_values(k: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(k, n)  # type: ignore[misc]
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_wilson_edges() -> None:
    assert wilson_interval(0, 0) is None
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
    assert Accuracy(0, 0).percent is None and Accuracy(1, 4).percent == 25.0


def test_weighted_percent() -> None:
    assert weighted_percent([(2.0, True), (1.0, False), (1.0, False)]) == 50.0
    assert weighted_percent([]) is None
