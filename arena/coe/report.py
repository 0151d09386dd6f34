"""The chain-of-evaluation table (WhodunitBench Table 3): pure reads over a store connection.

`coe_report(conn)` gives one `CoeRow` per entry, mode, ablation and **condition**:

- `table3`: the paper's protocol (section 5, Table 3): the entry's games as the civilians against
  one fixed murderer (`opponent`), played by `arena coe table3` (tournaments of kind `table3`).
- `all-play-all`: the entry's civilian games of every other tournament (or `arena play`); its
  transcript scores depend on whom the entry met, so they stay apart from `table3`.
- `qa`: rows with multiple-choice figures only (an ablation, or an entry without scored games).

Per row:
- LSU, TIU, MIU, MMR: accuracy % over the latest answer per question (reruns and other seeds do
  not count twice), with n and a 95% Wilson interval. They do not depend on games, so the same
  figures stand on each condition row of the entry's mode; `conditions` says `qa` for them.
- ITD (0-100) is counted from the log (`rule/ask-actions-v1`). RP (1-10), SPC, CMD (0-100) are
  **LLM-judged only**: the mean over the items of the condition's games, latest score per item
  and judge (a judge panel's scores all count; `judge_ids` lists the judges). Offline-judge
  scores never enter these columns nor `avg`: they are in `offline` (labelled, apart).
- `null_reasons`: per metric, how many items have no score and why (`no_truth`: the case has no
  known method or motive for CMD; `parse_error`, `api_error`...: a failed judgement, retried by
  the next `arena coe score`).
- avg: the mean of the metrics measured in that row, each on 0-100 (RP x 10). Rows measuring
  different metrics have averages that are not comparable; `n_metrics` says how many went in.

The board calls this read-only; it never writes.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict

from arena.coe.mirage import MIRAGE_METRICS
from arena.coe.mirage_report import mirage_cell
from arena.coe.registry import GAME_METRICS, METRICS, QA_METRICS, average, digits
from arena.coe.scoring import ITD_RULE
from arena.coe.stats import Accuracy
from arena.store import Connection
from arena.store.coe_queries import (
    entry_modes,
    has_tables,
    latest_metric_rows,
    mmr_depth_counts,
    qa_counts,
    qa_run_names,
    tournament_kinds,
)

TABLE3_KIND = "table3"
Condition = Literal["table3", "all-play-all", "key-clues-given", "qa"]
KEY_CLUES: Final = "key-clues-given"  # WhodunitBench's ablation: games played with `--key-clues-given`

class CoeRow(BaseModel):
    """One row of the table. Percentages 0-100, RP 1-10, None where not measured."""

    model_config = ConfigDict(frozen=True)
    entry: str
    name: str
    mode: str
    ablation: str = "none"
    condition: Condition = "qa"
    opponent: str | None = None
    opponent_id: str | None = None
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
    n_games: int = 0
    ci: dict[str, list[float]] = {}
    judges: dict[str, str] = {}
    judge_ids: dict[str, list[str]] = {}
    judge_label: str | None = None
    conditions: dict[str, str] = {}
    offline: dict[str, float | int] = {}
    null_reasons: dict[str, dict[str, int]] = {}
    mirage: dict[str, Any] = {}  # MIRAGE's Victory, CIC, TII, ICI, SCI (`mirage_report`), offline ones apart


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


def entry_names(conn: Connection) -> tuple[dict[str, str], dict[str, str]]:
    """(entry id -> display name, entry id -> its strategy) from entries, else the QA run's entry name."""
    names = {r["entry_id"]: r["name"] for r in qa_run_names(conn) if r["name"]}
    modes: dict[str, str] = {}
    for r in entry_modes(conn):
        names[r["entry_id"]] = r["name"] if r["version"] == 1 else f"{r['name']} v{r['version']}"
        modes[r["entry_id"]] = r["mode"]
    return names, modes


def _label(mode: str, ablation: str) -> str:
    return mode if ablation == "none" else f"{mode}+{ablation}"


def _qa_cells(conn: Connection) -> dict[tuple[str, str, str], dict[str, Any]]:
    cells: dict[tuple[str, str, str], dict[str, Any]] = defaultdict(lambda: {"ci": {}})
    for r in qa_counts(conn):
        acc = Accuracy(int(r["correct"]), int(r["n"]))
        cell = cells[(r["entry_id"], r["mode"], r["ablation"])]
        cell[r["suite"]], cell[f"n_{r['suite']}"] = round(acc.percent or 0.0, 1), acc.n
        if acc.ci is not None:
            cell["ci"][r["suite"]] = [round(acc.ci[0], 1), round(acc.ci[1], 1)]
    return cells


def game_condition(kind: str | None, key_clues: bool = False) -> Condition:
    """`key-clues-given` for games of the ablation, else by the tournament's kind."""
    if key_clues:
        return KEY_CLUES
    return "table3" if kind == TABLE3_KIND else "all-play-all"


def _metric_groups(conn: Connection) -> dict[tuple[str, str, str | None], list[dict[str, Any]]]:
    """(entry, condition, opponent) -> its latest metric rows (one per game, metric, role and judge)."""
    kinds = tournament_kinds(conn)
    groups: dict[tuple[str, str, str | None], list[dict[str, Any]]] = defaultdict(list)
    for r in latest_metric_rows(conn):
        if r["metric"] not in GAME_METRICS and r["metric"] not in MIRAGE_METRICS:
            continue
        kind = kinds.get(r["tournament_id"] or "")
        condition = game_condition(kind, bool(r.get("key_clues")))
        opponent = r["murderer_entry"] if kind == TABLE3_KIND else None  # table3 (key clues or not): vs whom
        groups[(r["entry_id"], condition, opponent)].append(r)
    return groups


def _mean(values: list[float], digits: int) -> float | None:
    return round(sum(values) / len(values), digits) if values else None


def metric_cell(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The transcript columns of one condition row: counted ITD and LLM-judged RP/SPC/CMD, offline
    scores apart under `offline`, and the reasons of the items without a score."""
    cell: dict[str, Any] = {"judges": {}, "judge_ids": {}, "offline": {}, "null_reasons": {},
                            "n_games": len({r["game_id"] for r in rows}), "mirage": mirage_cell(rows)}
    for metric in GAME_METRICS:
        mine = [r for r in rows if r["metric"] == metric]
        if metric == "itd":
            counted = [float(r["value"]) for r in mine if r["judge"] == ITD_RULE and r["value"] is not None]
            cell["itd"], cell["n_itd"] = _mean(counted, 1), len(counted)
            continue
        llm = [r for r in mine if r["judge_label"] == "llm" and r["value"] is not None]
        offline = [float(r["value"]) for r in mine if r["judge_label"] == "offline" and r["value"] is not None]
        cell[metric], cell[f"n_{metric}"] = _mean([float(r["value"]) for r in llm], digits(metric)), len(llm)
        if llm:
            cell["judges"][metric] = "llm"
            cell["judge_ids"][metric] = sorted({r["judge"] for r in llm})
        if offline:
            cell["offline"][metric], cell["offline"][f"n_{metric}"] = _mean(offline, digits(metric)), len(offline)
        reasons = Counter(r["status"] for r in mine if r["value"] is None)
        if reasons:
            cell["null_reasons"][metric] = dict(sorted(reasons.items()))
    return cell


def _sources(cell: dict[str, Any], condition: str) -> dict[str, str]:
    return {m: ("qa" if m in QA_METRICS else condition) for m in METRICS if cell.get(m) is not None}


def _row(entry: str, mode: str, ablation: str, condition: Condition, opponent: str | None, cell: dict[str, Any],
         names: dict[str, str]) -> CoeRow:
    avg, n_metrics = average(cell)
    return CoeRow(entry=entry, name=names.get(entry, entry), mode=_label(mode, ablation), ablation=ablation,
                  condition=condition, opponent=None if opponent is None else names.get(opponent, opponent),
                  opponent_id=opponent,
                  avg=avg, n_metrics=n_metrics, judge_label="llm" if cell.get("judges") else None,
                  conditions=_sources(cell, condition), **cell)


def coe_report(conn: Connection) -> list[CoeRow]:
    """The Table-3 rows of every entry with QA answers or transcript scores (see the module docstring)."""
    if not has_tables(conn):
        return []
    names, modes = entry_names(conn)
    qa = _qa_cells(conn)
    used: set[tuple[str, str, str]] = set()
    result = []
    for (entry, condition, opponent), rows in _metric_groups(conn).items():
        key = (entry, modes.get(entry, "direct"), "none")
        used.add(key)
        cell = {**qa.get(key, {"ci": {}}), **metric_cell(rows)}
        result.append(_row(entry, key[1], "none", condition, opponent, cell,  # type: ignore[arg-type]
                           names))
    for (entry, mode, ablation), cell in qa.items():
        if (entry, mode, ablation) not in used:
            result.append(_row(entry, mode, ablation, "qa", None, cell, names))
    order = {"table3": 0, "all-play-all": 1, KEY_CLUES: 2, "qa": 3}
    return sorted(result, key=lambda r: (r.name, r.ablation != "none", order[r.condition], r.opponent or "", r.mode))


def mmr_by_depth(conn: Connection) -> list[DepthRow]:
    """MMR accuracy per reasoning depth, per entry, mode and ablation (latest answer per question)."""
    if not has_tables(conn):
        return []
    names, _ = entry_names(conn)
    rows = []
    for r in mmr_depth_counts(conn):
        acc = Accuracy(int(r["correct"]), int(r["n"]))
        ci = acc.ci or (0.0, 0.0)
        rows.append(DepthRow(entry=r["entry_id"], name=names.get(r["entry_id"], r["entry_id"]),
                             mode=_label(r["mode"], r["ablation"]), ablation=r["ablation"], depth=int(r["depth"]),
                             n=acc.n, correct=acc.correct, accuracy=round(acc.percent or 0.0, 1),
                             ci=[round(ci[0], 1), round(ci[1], 1)]))
    return rows
