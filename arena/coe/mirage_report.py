"""MIRAGE's columns of `arena coe report`: one cell per report row, from its latest metric rows.

Victory and CIC are counted from the log (`rule/mirage-v1`). TII, ICI and SCI are the mean over
the LLM judges' scores (`judge_ids` lists them); the offline judge's values are kept apart under
`offline`, labelled, never mixed with LLM-judged ones. Each value has its n (`n_<metric>`: items, a
role or a game each) and, from two items on, a 95% t interval over the items (`ci`; `offline.ci`).
"""

from __future__ import annotations

from typing import Any

from arena.coe.mirage import MIRAGE_METRICS, MIRAGE_RULE
from arena.coe.stats import mean_interval

COUNTED = ("victory", "cic")
JUDGED = ("tii", "ici", "sci")


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 1) if values else None


def _put(cell: dict[str, Any], metric: str, values: list[float]) -> None:
    """The mean, n and (two items on) the 95% interval of `metric` into `cell`."""
    cell[metric], cell[f"n_{metric}"] = _mean(values), len(values)
    if (interval := mean_interval(values)) is not None:
        cell.setdefault("ci", {})[metric] = [round(interval[0], 1), round(interval[1], 1)]


def mirage_cell(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The MIRAGE values of one report row (empty when the row's games have no MIRAGE score)."""
    mine = [r for r in rows if r["metric"] in MIRAGE_METRICS and r["value"] is not None]
    if not mine:
        return {}
    cell: dict[str, Any] = {"judge_ids": {}, "offline": {}}
    for metric in COUNTED:
        _put(cell, metric, [float(r["value"]) for r in mine if r["metric"] == metric and r["judge"] == MIRAGE_RULE])
    for metric in JUDGED:
        llm = [r for r in mine if r["metric"] == metric and r["judge_label"] == "llm"]
        offline = [float(r["value"]) for r in mine if r["metric"] == metric and r["judge_label"] == "offline"]
        _put(cell, metric, [float(r["value"]) for r in llm])
        if llm:
            cell["judge_ids"][metric] = sorted({r["judge"] for r in llm})
        if offline:
            _put(cell["offline"], metric, offline)
    return cell
