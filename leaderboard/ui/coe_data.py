"""The chain-of-evaluation view of the board: the rows of `arena.coe.report`, nothing recomputed here.

There is one Table-3 implementation, `arena.coe.report.coe_report`; the board reads it on a
read-only snapshot and only reshapes it into frames:

- `table`: one row per entry, mode, ablation and condition (`table3` vs a named opponent,
  `all-play-all`, `qa`), RP/SPC/CMD from LLM judges only;
- `offline`: the offline judge's RP/SPC/CMD, apart and labelled (never averaged with the above);
- `depth`: MMR accuracy by reasoning depth;
- `correlation`: Spearman's rho of each metric with the arena win rate (paper section 5.3);
- `agreement`: Krippendorff's alpha between the LLM judges of a panel.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
import streamlit as st

from arena.coe.outcomes import coe_vs_win_rate, judge_agreement
from arena.coe.report import GAME_METRICS, JUDGED_METRICS, METRICS, QA_METRICS, coe_report, mmr_by_depth
from leaderboard.store import Reader
from leaderboard.ui.data import TTL_S, Version, file_version

__all__ = ["GAME_METRICS", "METRICS", "QA_METRICS", "CoeFrames", "coe", "coe_frames"]
SOURCE = "arena.coe.report"


@dataclass(frozen=True)
class CoeFrames:
    table: pd.DataFrame
    offline: pd.DataFrame
    depth: pd.DataFrame
    correlation: pd.DataFrame
    agreement: pd.DataFrame

    @property
    def empty(self) -> bool:
        return self.table.empty


def offline_frame(table: pd.DataFrame) -> pd.DataFrame:
    """The offline judge's scores per row, labelled; empty when no row has any."""
    rows = []
    for record in table.to_dict("records"):
        offline = record.get("offline") or {}
        if offline:
            rows.append({"entry": record["entry"], "name": record["name"], "mode": record["mode"],
                         "condition": record["condition"], "opponent": record["opponent"], "judge": "offline",
                         **{m: offline.get(m) for m in JUDGED_METRICS},
                         **{f"n_{m}": offline.get(f"n_{m}", 0) for m in JUDGED_METRICS}})
    return pd.DataFrame(rows)


def coe_frames(path: str) -> CoeFrames:
    """The report's rows and companions as frames (uncached; see `coe`)."""
    with Reader(path).snapshot() as conn:
        if conn is None:
            return CoeFrames(*(pd.DataFrame() for _ in range(5)))
        rows = coe_report(conn)
        depth = pd.DataFrame([d.model_dump() for d in mmr_by_depth(conn)])
        correlation = pd.DataFrame([c.model_dump() for c in coe_vs_win_rate(conn, rows)])
        agreement = pd.DataFrame([a.model_dump() for a in judge_agreement(conn)])
    table = pd.DataFrame([r.model_dump() for r in rows])
    return CoeFrames(table, offline_frame(table) if not table.empty else pd.DataFrame(), depth, correlation,
                     agreement)


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _coe(path: str, version: Version) -> CoeFrames:
    return coe_frames(path)


def coe(path: str) -> tuple[CoeFrames, str]:
    """(the report's frames, which code computed them)."""
    return _coe(path, file_version(path)), SOURCE
