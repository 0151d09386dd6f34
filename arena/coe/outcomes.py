"""What the CoE numbers say about outcomes, and how far the judges agree (read-only, over a connection).

- `coe_vs_win_rate(conn, rows)`: WhodunitBench section 5.3 compares Table 3 with the arena's win
  rates (Table 2). Here: per condition (`table3`, `all-play-all`) and per metric, Spearman's rho
  between the entries' metric values (their main row: own mode, no ablation) and their win rates
  in the arena (finished, decided games outside `table3` runs, on either side; games without a
  winner are left out, as the paper's Table 2 leaves out draws and API errors), with a 95%
  bootstrap interval. An entry without games in a condition takes part with its QA figures (they
  do not depend on games). Under 5 entries: no figure, "n too small".
- `judge_agreement(conn)`: Krippendorff's alpha (interval) between the LLM judges of a panel, per
  metric, over the items (game, role) that at least two of them scored.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from pydantic import BaseModel, ConfigDict

from arena.coe.agreement import alpha, spearman
from arena.coe.registry import JUDGED_METRICS, METRICS
from arena.coe.report import TABLE3_KIND, CoeRow, entry_names
from arena.store import Connection
from arena.store.coe_queries import decided_games, has_tables, latest_metric_rows, tournament_kinds


class Correlation(BaseModel):
    model_config = ConfigDict(frozen=True)
    condition: str
    metric: str
    n: int
    rho: float | None
    ci: list[float] | None
    note: str | None


class Agreement(BaseModel):
    model_config = ConfigDict(frozen=True)
    metric: str
    judges: list[str]
    items: int
    alpha: float | None


def win_rates(conn: Connection) -> dict[str, float]:
    """Entry id -> share of its decided arena games (outside `table3` runs) that it won, either side."""
    kinds = tournament_kinds(conn)
    won: dict[str, int] = defaultdict(int)
    played: dict[str, int] = defaultdict(int)
    for g in decided_games(conn):
        if kinds.get(g["tournament_id"] or "") == TABLE3_KIND:
            continue
        winner = g["civilians_entry"] if g["winner"] == "civilians" else g["murderer_entry"]
        for entry in {g["civilians_entry"], g["murderer_entry"]}:
            played[entry] += 1
            won[entry] += entry == winner
    return {e: won[e] / n for e, n in played.items()}


def coe_vs_win_rate(conn: Connection, rows: list[CoeRow]) -> list[Correlation]:
    """Spearman's rho (bootstrap 95% interval) of each metric and avg with win rate, per condition."""
    if not has_tables(conn):
        return []
    rates = win_rates(conn)
    result = []
    for condition in ("table3", "all-play-all"):
        if condition == "table3" and not any(r.condition == "table3" for r in rows):
            continue
        main = main_rows(rows, condition)
        for metric in (*METRICS, "avg"):
            pairs = [(getattr(r, metric), rates[e]) for e, r in sorted(main.items())
                     if getattr(r, metric) is not None and e in rates]
            found = spearman([p[0] for p in pairs], [p[1] for p in pairs])
            result.append(Correlation(condition=condition, metric=metric, n=found.n,
                                      rho=None if found.rho is None else round(found.rho, 3),
                                      ci=None if found.ci is None else [round(c, 3) for c in found.ci],
                                      note=found.note))
    return result


def main_rows(rows: list[CoeRow], condition: str) -> dict[str, CoeRow]:
    """Entry id -> its row of this condition (no ablation), else its QA-only row (QA metrics hold for every
    condition)."""
    main: dict[str, CoeRow] = {}
    for row in rows:
        if row.condition == condition and row.ablation == "none":
            main.setdefault(row.entry, row)
    for row in rows:
        if row.condition == "qa" and row.ablation == "none":
            main.setdefault(row.entry, row)
    return main


def judge_agreement(conn: Connection) -> list[Agreement]:
    """Per judged metric with two or more LLM judges: Krippendorff's alpha over their common items."""
    if not has_tables(conn):
        return []
    scores: dict[str, dict[str, dict[tuple[str, Any], float]]] = defaultdict(lambda: defaultdict(dict))
    for r in latest_metric_rows(conn):
        if r["metric"] in JUDGED_METRICS and r["judge_label"] == "llm" and r["value"] is not None:
            scores[r["metric"]][r["judge"]][(r["game_id"], r["role"])] = float(r["value"])
    names, _ = entry_names(conn)
    result = []
    for metric, by_judge in sorted(scores.items()):
        if len(by_judge) < 2:
            continue
        judges = sorted(by_judge)
        items = sorted({item for j in judges for item in by_judge[j]}, key=str)
        shared = [i for i in items if sum(i in by_judge[j] for j in judges) >= 2]
        matrix = [[by_judge[j].get(i) for i in items] for j in judges]
        result.append(Agreement(metric=metric, judges=[names.get(j, j) for j in judges], items=len(shared),
                                alpha=None if (a := alpha(matrix)) is None else round(a, 3)))
    return result
