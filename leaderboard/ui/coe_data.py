"""The chain-of-evaluation view: WhodunitBench Table 3 per entry and mode, and MMR accuracy by depth.

When `arena.coe.report` is installed, its `coe_report(conn)` and `mmr_by_depth(conn)` are the
source (one definition of the table for the CLI and the board). Otherwise the same shape is
aggregated here from `qa_answers` and `metric_scores`:

- LSU, TIU, MIU, MMR: accuracy in % over the latest answer per question (ablation `none`);
  ablation runs become their own rows, with mode `<mode>+<ablation>`, never mixed in.
- RP (1-10), SPC, ITD, CMD (0-100): means of the transcript scores of the entry's games; they do
  not depend on the QA mode and appear on each of the entry's rows.
- avg: the mean of the available percentage metrics, with RP scaled x10.
"""

from __future__ import annotations

import dataclasses
import importlib.util
from typing import Any

import pandas as pd
import streamlit as st

from leaderboard.store import Reader
from leaderboard.ui.data import TTL_S, Version, file_version, frames

METRICS = ("lsu", "tiu", "miu", "rp", "spc", "itd", "mmr", "cmd")
QA_METRICS = ("lsu", "tiu", "miu", "mmr")
GAME_METRICS = ("rp", "spc", "itd", "cmd")
LATEST_ANSWERS = """latest AS (
    SELECT * FROM qa_answers QUALIFY row_number() OVER (
        PARTITION BY entry_id, script_id, question_id, mode, ablation ORDER BY created_at DESC) = 1)"""
QA_SQL = f"""WITH {LATEST_ANSWERS}
SELECT entry_id AS entry, CASE WHEN ablation = 'none' THEN mode ELSE mode || '+' || ablation END AS mode, suite,
    100 * avg(correct::DOUBLE) AS accuracy, count(*) AS n FROM latest GROUP BY ALL"""
METRIC_SQL = """SELECT entry_id AS entry, metric, avg(value) AS value, count(value) AS n,
    string_agg(DISTINCT judge_label, ', ' ORDER BY judge_label) AS judge_labels
    FROM metric_scores GROUP BY ALL"""
DEPTH_SQL = f"""WITH {LATEST_ANSWERS}
SELECT entry_id AS entry, mode, depth, 100 * avg(correct::DOUBLE) AS accuracy, count(*) AS n
FROM latest WHERE suite = 'mmr' AND ablation = 'none' AND depth IS NOT NULL GROUP BY ALL ORDER BY ALL"""


def report_module() -> Any | None:
    """`arena.coe.report` when it is installed, else None."""
    if importlib.util.find_spec("arena.coe") is None or importlib.util.find_spec("arena.coe.report") is None:
        return None
    import arena.coe.report as report

    return report


def as_dict(row: Any) -> dict[str, Any]:
    if dataclasses.is_dataclass(row) and not isinstance(row, type):
        return dataclasses.asdict(row)
    if hasattr(row, "model_dump"):
        return dict(row.model_dump())
    return dict(row)


def table3_from_frames(qa: pd.DataFrame, metrics: pd.DataFrame) -> pd.DataFrame:
    """The Table-3 rows (see the module docstring) from the two aggregates."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for record in qa.to_dict("records"):
        row = rows.setdefault((record["entry"], record["mode"]), {"entry": record["entry"], "mode": record["mode"]})
        row[record["suite"]], row[f"n_{record['suite']}"] = record["accuracy"], int(record["n"])
    game_scores: dict[str, dict[str, Any]] = {}
    for record in metrics.to_dict("records"):
        scores = game_scores.setdefault(record["entry"], {"judge_labels": set()})
        scores[record["metric"]], scores[f"n_{record['metric']}"] = record["value"], int(record["n"])
        scores["judge_labels"].update(str(record["judge_labels"]).split(", "))
    for entry in game_scores:
        if not any(key[0] == entry for key in rows):
            rows[(entry, "-")] = {"entry": entry, "mode": "-"}
    for (entry, mode), row in rows.items():
        if entry in game_scores and "+" not in mode:
            scores = game_scores[entry]
            row.update({k: v for k, v in scores.items() if k != "judge_labels"})
            row["judge_labels"] = ", ".join(sorted(scores["judge_labels"]))
    table = pd.DataFrame(list(rows.values()), columns=["entry", "mode", *METRICS, "avg",
                                                      *(f"n_{m}" for m in METRICS), "judge_labels"])
    return add_average(table).sort_values(["entry", "mode"]).reset_index(drop=True)


def add_average(table: pd.DataFrame) -> pd.DataFrame:
    """avg = mean of the available percentage metrics, RP (1-10) scaled x10."""
    scaled = table[list(METRICS)].astype(float).copy()
    scaled["rp"] = scaled["rp"] * 10.0
    table["avg"] = scaled.mean(axis=1, skipna=True)
    return table


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _coe(path: str, version: Version) -> tuple[pd.DataFrame, pd.DataFrame, str]:
    report = report_module()
    if report is not None:
        with Reader(path).snapshot() as conn:
            if conn is None:
                return pd.DataFrame(), pd.DataFrame(), "arena.coe.report"
            table = pd.DataFrame([as_dict(r) for r in report.coe_report(conn)])
            depth = pd.DataFrame([as_dict(r) for r in report.mmr_by_depth(conn)])
        return table, depth, "arena.coe.report"
    result = frames(path, {"qa": (QA_SQL, []), "metrics": (METRIC_SQL, []), "depth": (DEPTH_SQL, [])})
    if result is None or (result["qa"].empty and result["metrics"].empty):
        return pd.DataFrame(), pd.DataFrame(), "board aggregates"
    return table3_from_frames(result["qa"], result["metrics"]), result["depth"], "board aggregates"


def coe(path: str) -> tuple[pd.DataFrame, pd.DataFrame, str]:
    """(Table-3 rows, MMR accuracy by depth, which code computed them)."""
    return _coe(path, file_version(path))
