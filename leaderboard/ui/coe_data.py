"""The chain-of-evaluation view of the board: the rows of `arena.coe.report`, nothing recomputed here.

There is one Table-3 implementation, `arena.coe.report.coe_report`; the board reads it on a
read-only snapshot and only reshapes it into frames:

- `table`: one row per entry, mode, ablation and condition (`table3` vs a named opponent,
  `all-play-all`, `qa`), RP/SPC/CMD from LLM judges only;
- `offline`: the offline judge's RP/SPC/CMD, apart and labelled (never averaged with the above);
- `depth`: MMR accuracy by reasoning depth;
- `correlation`: Spearman's rho of each metric with the arena win rate (paper section 5.3);
- `agreement`: Krippendorff's alpha between the LLM judges of a panel;
- `mirage` / `mirage_offline`: MIRAGE's Victory, CIC (counted), TII, ICI, SCI per row, LLM-judged and
  the offline judge's apart (`arena.coe.mirage_report`);
- `probes`: the post-game probes' rows (`arena.coe.probe_report`);
- `ceiling` / `above`: per suite, the blind ceiling (`arena.coe.ceiling`), and each row's points above it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd
import streamlit as st

from arena.coe.ceiling import above_blind, blind_ceilings, blind_for
from arena.coe.mirage_report import COUNTED, JUDGED
from arena.coe.outcomes import coe_vs_win_rate, judge_agreement
from arena.coe.probe_report import probe_report
from arena.coe.registry import GAME_METRICS, JUDGED_METRICS, METRICS, QA_METRICS
from arena.coe.report import CoeRow, coe_report, mmr_by_depth
from arena.store import Reader
from arena.store.coe_queries import unparsed_replies
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
    mirage: pd.DataFrame = field(default_factory=pd.DataFrame)
    mirage_offline: pd.DataFrame = field(default_factory=pd.DataFrame)
    probes: pd.DataFrame = field(default_factory=pd.DataFrame)
    ceiling: pd.DataFrame = field(default_factory=pd.DataFrame)
    above: pd.DataFrame = field(default_factory=pd.DataFrame)
    unparsed: pd.DataFrame = field(default_factory=pd.DataFrame)  # QA replies that did not parse, as sent

    @property
    def empty(self) -> bool:
        return self.table.empty and self.probes.empty


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


def mirage_frame(table: pd.DataFrame, offline: bool) -> pd.DataFrame:
    """MIRAGE's values per row: value, n and interval per metric, and the judges. `offline`: the offline
    judge's TII/ICI/SCI only (Victory and CIC are counted, never judged)."""
    rows = []
    for record in table.to_dict("records") if "mirage" in table else []:
        cell = record.get("mirage") or {}
        source = (cell.get("offline") or {}) if offline else cell
        metrics = JUDGED if offline else (*COUNTED, *JUDGED)
        if not any(source.get(m) is not None for m in metrics):
            continue
        row = {k: record.get(k) for k in ("entry", "name", "mode", "ablation", "condition", "opponent")}
        for m in metrics:
            row |= {m: source.get(m), f"n_{m}": source.get(f"n_{m}", 0), f"ci_{m}": (source.get("ci") or {}).get(m)}
        ids = sorted({j for js in (cell.get("judge_ids") or {}).values() for j in js})
        row["judges"] = "offline/mirage-lexical-v1" if offline else ", ".join(ids)
        rows.append(row)
    return pd.DataFrame(rows)


def ceiling_frames(rows: list[CoeRow]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(one row per suite: the blind ceiling, its interval, n and row; one row per entry and mode that does
    the task: points above the ceiling per suite)."""
    ceilings = blind_ceilings(rows)
    ceiling = pd.DataFrame([{"suite": s.upper(), "ceiling": c.accuracy, "ci": c.ci, "n": c.n, "row": c.name,
                             "mode": c.mode} for s, c in ceilings.items()])
    above, seen = [], set()
    for row in rows:
        if row.ablation != "none" or blind_for(row) or (row.entry, row.mode) in seen:
            continue
        margins = above_blind(row, ceilings)
        if margins:
            seen.add((row.entry, row.mode))
            above.append({"entry": row.entry, "name": row.name, "mode": row.mode,
                          **{s.upper(): m.points for s, m in margins.items()},
                          "apart": ", ".join(s.upper() for s, m in margins.items() if m.separated) or "none"})
    return ceiling, pd.DataFrame(above)


def coe_frames(path: str) -> CoeFrames:
    """The report's rows and companions as frames (uncached; see `coe`)."""
    with Reader(path).snapshot() as conn:
        if conn is None:
            return CoeFrames(*(pd.DataFrame() for _ in range(5)))
        rows = coe_report(conn)
        depth = pd.DataFrame([d.model_dump() for d in mmr_by_depth(conn)])
        correlation = pd.DataFrame([c.model_dump() for c in coe_vs_win_rate(conn, rows)])
        agreement = pd.DataFrame([a.model_dump() for a in judge_agreement(conn)])
        probes = pd.DataFrame([p.model_dump() for p in probe_report(conn)])
        unparsed = pd.DataFrame(unparsed_replies(conn))
    table = pd.DataFrame([r.model_dump() for r in rows])
    return CoeFrames(table, offline_frame(table) if not table.empty else pd.DataFrame(), depth, correlation,
                     agreement, mirage_frame(table, offline=False), mirage_frame(table, offline=True), probes,
                     *ceiling_frames(rows), unparsed=unparsed)


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _coe(path: str, version: Version) -> CoeFrames:
    return coe_frames(path)


def coe(path: str) -> tuple[CoeFrames, str]:
    """(the report's frames, which code computed them)."""
    return _coe(path, file_version(path)), SOURCE
