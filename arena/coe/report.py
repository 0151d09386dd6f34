"""The chain-of-evaluation table (WhodunitBench Table 3): pure reads over a DuckDB connection.

`coe_report(conn)` gives one `CoeRow` per entry and mode (and per ablation, in rows of their own):

- LSU, TIU, MIU, MMR: accuracy % over the latest answer per question (reruns and other seeds do
  not count twice), with n and a 95% Wilson interval. Main rows use ablation `none`; rows with
  `ablation` `no-images` / `ocr-text` (mode shown as `direct+ocr-text`) hold only QA figures.
- RP (1-10), SPC, ITD, CMD (0-100): the mean over the civilian entry's scored items (games for
  SPC/ITD, roles x games for RP/CMD), latest score per item and judge, failed judgements (NULL)
  left out. Per metric, LLM-judge scores are used when there are any, else offline ones; the
  labels used are in `judges`. Transcript metrics belong to the entry's own strategy (its mode).
- avg: the mean of the metrics measured in that row, each on 0-100 (RP x 10). Rows measuring
  different metrics have averages that are not comparable; `n_metrics` says how many went in.

The board calls this read-only; it never writes.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import duckdb
from pydantic import BaseModel, ConfigDict

from arena.coe.reads import has_tables
from arena.coe.stats import Accuracy
from leaderboard.store.queries import fetch_dicts

METRICS = ("lsu", "tiu", "miu", "rp", "spc", "itd", "mmr", "cmd")
QA_METRICS = ("lsu", "tiu", "miu", "mmr")
GAME_METRICS = ("rp", "spc", "itd", "cmd")

LATEST_ANSWERS = """
    SELECT * EXCLUDE (rn) FROM (
        SELECT *, row_number() OVER (PARTITION BY entry_id, mode, ablation, script_id, question_id
                                     ORDER BY created_at DESC, run_id DESC) AS rn FROM qa_answers) WHERE rn = 1"""
QA_SQL = f"""SELECT entry_id, mode, ablation, suite, count(*) AS n, count(*) FILTER (WHERE correct) AS correct
             FROM ({LATEST_ANSWERS}) GROUP BY ALL"""
DEPTH_SQL = f"""SELECT entry_id, mode, ablation, depth, count(*) AS n, count(*) FILTER (WHERE correct) AS correct
                FROM ({LATEST_ANSWERS}) WHERE suite = 'mmr' AND depth IS NOT NULL GROUP BY ALL ORDER BY ALL"""
METRIC_SQL = """
    SELECT entry_id, metric, judge_label, avg(value) AS value, count(*) AS n FROM (
        SELECT *, row_number() OVER (PARTITION BY game_id, entry_id, metric, role, judge ORDER BY created_at DESC) AS rn
        FROM metric_scores WHERE value IS NOT NULL) WHERE rn = 1 GROUP BY ALL"""
ENTRY_SQL = """SELECT entry_id, name, version, coalesce(json_extract_string(settings, '$.strategy'), 'direct') AS mode
               FROM entries"""
RUN_NAME_SQL = """SELECT entry_id, arg_max(json_extract_string(config, '$.entry_name'), created_at) AS name
                  FROM qa_runs GROUP BY entry_id"""


class CoeRow(BaseModel):
    """One row of the table. Percentages 0-100, RP 1-10, None where not measured."""

    model_config = ConfigDict(frozen=True)
    entry: str
    name: str
    mode: str
    ablation: str = "none"
    lsu: float | None = None
    tiu: float | None = None
    miu: float | None = None
    rp: float | None = None
    spc: float | None = None
    itd: float | None = None
    mmr: float | None = None
    cmd: float | None = None
    avg: float | None = None
    n_lsu: int = 0
    n_tiu: int = 0
    n_miu: int = 0
    n_rp: int = 0
    n_spc: int = 0
    n_itd: int = 0
    n_mmr: int = 0
    n_cmd: int = 0
    n_metrics: int = 0
    ci: dict[str, list[float]] = {}
    judges: dict[str, str] = {}
    judge_label: str | None = None


class DepthRow(BaseModel):
    model_config = ConfigDict(frozen=True)
    entry: str
    name: str
    mode: str
    ablation: str
    depth: int
    n: int
    correct: int
    accuracy: float
    ci: list[float]


def entry_names(conn: duckdb.DuckDBPyConnection) -> tuple[dict[str, str], dict[str, str]]:
    """(entry id -> display name, entry id -> its strategy) from entries, else the QA run's entry name."""
    names = {r["entry_id"]: r["name"] for r in fetch_dicts(conn, RUN_NAME_SQL) if r["name"]}
    modes: dict[str, str] = {}
    for r in fetch_dicts(conn, ENTRY_SQL):
        names[r["entry_id"]] = r["name"] if r["version"] == 1 else f"{r['name']} v{r['version']}"
        modes[r["entry_id"]] = r["mode"]
    return names, modes


def _label(mode: str, ablation: str) -> str:
    return mode if ablation == "none" else f"{mode}+{ablation}"


def _qa_cells(conn: duckdb.DuckDBPyConnection) -> dict[tuple[str, str, str], dict[str, Any]]:
    cells: dict[tuple[str, str, str], dict[str, Any]] = defaultdict(lambda: {"ci": {}})
    for r in fetch_dicts(conn, QA_SQL):
        acc = Accuracy(int(r["correct"]), int(r["n"]))
        cell = cells[(r["entry_id"], r["mode"], r["ablation"])]
        cell[r["suite"]], cell[f"n_{r['suite']}"] = round(acc.percent or 0.0, 1), acc.n
        if acc.ci is not None:
            cell["ci"][r["suite"]] = [round(acc.ci[0], 1), round(acc.ci[1], 1)]
    return cells


def _metric_cells(conn: duckdb.DuckDBPyConnection) -> dict[str, dict[str, Any]]:
    """Entry id -> metric values, counts and judge labels (LLM scores preferred per metric)."""
    found: dict[tuple[str, str], dict[str, tuple[float, int]]] = defaultdict(dict)
    for r in fetch_dicts(conn, METRIC_SQL):
        found[(r["entry_id"], r["metric"])][r["judge_label"]] = (float(r["value"]), int(r["n"]))
    cells: dict[str, dict[str, Any]] = defaultdict(lambda: {"judges": {}})
    for (entry, metric), by_label in found.items():
        if metric not in GAME_METRICS:
            continue
        label = "llm" if "llm" in by_label else "offline"
        value, n = by_label[label]
        cell = cells[entry]
        cell[metric], cell[f"n_{metric}"] = round(value, 2 if metric == "rp" else 1), n
        if metric != "itd":  # ITD is counted, not judged
            cell["judges"][metric] = label
    return cells


def average(values: dict[str, Any]) -> tuple[float | None, int]:
    """Mean of the measured metrics on 0-100 (RP x 10) and how many there were."""
    scaled = [values[m] * (10.0 if m == "rp" else 1.0) for m in METRICS if values.get(m) is not None]
    return (round(sum(scaled) / len(scaled), 1) if scaled else None), len(scaled)


def coe_report(conn: duckdb.DuckDBPyConnection) -> list[CoeRow]:
    """The Table-3 rows of every entry with QA answers or transcript scores (see the module docstring)."""
    if not has_tables(conn):
        return []
    names, modes = entry_names(conn)
    rows: dict[tuple[str, str, str], dict[str, Any]] = dict(_qa_cells(conn))
    for entry, cell in _metric_cells(conn).items():
        key = (entry, modes.get(entry, "direct"), "none")
        rows[key] = {**rows.get(key, {"ci": {}}), **cell}
    result = []
    for (entry, mode, ablation), cell in rows.items():
        avg, n_metrics = average(cell)
        labels = sorted(set(cell.get("judges", {}).values()))
        result.append(CoeRow(entry=entry, name=names.get(entry, entry), mode=_label(mode, ablation), ablation=ablation,
                             avg=avg, n_metrics=n_metrics, judge_label="+".join(labels) or None, **cell))
    return sorted(result, key=lambda r: (r.name, r.ablation != "none", r.mode))


def mmr_by_depth(conn: duckdb.DuckDBPyConnection) -> list[DepthRow]:
    """MMR accuracy per reasoning depth, per entry, mode and ablation (latest answer per question)."""
    if not has_tables(conn):
        return []
    names, _ = entry_names(conn)
    rows = []
    for r in fetch_dicts(conn, DEPTH_SQL):
        acc = Accuracy(int(r["correct"]), int(r["n"]))
        ci = acc.ci or (0.0, 0.0)
        rows.append(DepthRow(entry=r["entry_id"], name=names.get(r["entry_id"], r["entry_id"]),
                             mode=_label(r["mode"], r["ablation"]), ablation=r["ablation"], depth=int(r["depth"]),
                             n=acc.n, correct=acc.correct, accuracy=round(acc.percent or 0.0, 1),
                             ci=[round(ci[0], 1), round(ci[1], 1)]))
    return rows
