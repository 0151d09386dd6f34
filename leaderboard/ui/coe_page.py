"""Chain-of-evaluation page: WhodunitBench Table 3 per entry, mode and condition (from
`arena.coe.report`), a grouped bar chart, the offline judge's scores apart and labelled, judge
agreement, the CoE-vs-win-rate correlation (section 5.3) and MMR accuracy by reasoning depth."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd
import streamlit as st

from leaderboard.ui import charts, coe_data, data
from leaderboard.ui.common import open_board, store_errors

if TYPE_CHECKING:
    from streamlit.elements.lib.column_types import ColumnConfig

PERCENT = "%.1f"
LABELS = {"lsu": "LSU", "tiu": "TIU", "miu": "MIU", "rp": "RP (1-10)", "spc": "SPC", "itd": "ITD", "mmr": "MMR",
          "cmd": "CMD", "avg": "Average"}


def column_config() -> dict[str, ColumnConfig]:
    config: dict[str, ColumnConfig] = {"display": st.column_config.TextColumn("Entry"),
                                 "mode": st.column_config.TextColumn("Mode"),
                                 "condition": st.column_config.TextColumn("Condition"),
                                 "judge_labels": st.column_config.TextColumn("Judge")}
    for key, label in LABELS.items():
        config[key] = st.column_config.NumberColumn(label, format="%.2f" if key == "rp" else PERCENT)
    for key in coe_data.METRICS:
        config[f"n_{key}"] = st.column_config.NumberColumn(f"n {key.upper()}", format="%d")
    return config


def labelled(table: pd.DataFrame, names: dict[str, str]) -> pd.DataFrame:
    """Adds `display` (entry name) and `label`; a separate `ablation` column folds into the mode as `+ablation`."""
    table = table.copy()
    if "display" not in table:
        table["display"] = table.get("name")
    table["display"] = table["display"].fillna(table["entry"].map(lambda e: names.get(e, e)))
    if "ablation" in table:
        ablation, mode = table["ablation"].fillna("none").astype(str), table["mode"].astype(str)
        labelled_already = mode.str.contains("+", regex=False)
        table["mode"] = mode.where((ablation == "none") | labelled_already, mode + "+" + ablation)
    if "judge_labels" not in table and "judge_label" in table:
        table["judge_labels"] = table["judge_label"].fillna("").str.replace("+", ", ", regex=False)
    if "condition" in table:
        vs = table["opponent"].fillna("").map(lambda o: f" vs {o}" if o else "") if "opponent" in table else ""
        table["condition"] = table["condition"].astype(str) + vs
    table["label"] = table["display"].astype(str) + " / " + table["mode"].astype(str)
    if "condition" in table:
        table["label"] = table["label"] + " / " + table["condition"]
    return table


def show_table(table: pd.DataFrame) -> None:
    present = [c for c in ("display", "mode", "condition", *LABELS, "judge_labels",
                           *(f"n_{m}" for m in coe_data.METRICS))
               if c in table]
    st.dataframe(table[present], column_config=column_config(), hide_index=True, width="stretch")
    st.caption("LSU, TIU, MIU, MMR: multiple-choice accuracy (%) over the latest answer per question. SPC, ITD, "
               "CMD (0-100) and RP (1-10) score the entry's game transcripts as civilians: condition `table3` = the "
               "paper's protocol against a fixed murderer, `all-play-all` = every other game. RP, SPC and CMD "
               "come from LLM judges only. Average: mean of the available scores with RP x10. Rows with "
               "`+no-images` / `+ocr-text` are ablations.")


def render() -> None:
    st.title("Chain of evaluation")
    path = open_board(lambda s: s.counts.get("qa_answers", 0) + s.counts.get("metric_scores", 0) > 0,
                      "No QA answers or transcript scores yet. Run `arena qa --entry builtin/naive --suite all` "
                      "and `arena coe score`, then press Refresh.")
    if path is None:
        return
    with store_errors():
        frames, source = coe_data.coe(path)
        if frames.empty:
            st.info("No QA answers or transcript scores yet.")
            return
        names = data.display_names(path)
        table = labelled(frames.table, names)
        show_table(table)
        main_rows = table[~table["mode"].astype(str).str.contains("+", regex=False)]
        metrics = [m for m in coe_data.METRICS if m in main_rows and main_rows[m].notna().any()]
        if metrics:
            st.subheader("Scores by metric")
            st.altair_chart(charts.coe_bars(main_rows, metrics), width="stretch")
        show_companions(frames, names)
        st.caption(f"Computed by {source}.")


def show_companions(frames: coe_data.CoeFrames, names: dict[str, str]) -> None:
    """The offline judge's scores (apart), judge agreement, correlation with win rate, MMR by depth."""
    if not frames.offline.empty:
        st.subheader("Offline judge (lexical baseline, not comparable)")
        st.dataframe(labelled(frames.offline, names)[["display", "mode", "condition", "judge", "rp", "spc", "cmd",
                                                        "n_rp", "n_spc", "n_cmd"]], hide_index=True)
        st.caption("offline = the keyless word-overlap judge (offline/lexical-v1). Its scores are never averaged "
                   "or compared with LLM-judged ones.")
    if not frames.agreement.empty:
        st.subheader("Agreement between LLM judges")
        st.dataframe(frames.agreement, hide_index=True)
        st.caption("Krippendorff's alpha (interval) over the items scored by at least two judges.")
    if not frames.correlation.empty and (frames.correlation["n"] > 0).any():
        st.subheader("CoE metric vs arena win rate")
        st.dataframe(frames.correlation[frames.correlation["n"] > 0], hide_index=True)
        st.caption("Spearman's rho between each metric and the entries' win rates (section 5.3 of the paper), "
                   "with a 95% bootstrap interval; under 5 entries: n too small.")
    if not frames.depth.empty:
        st.subheader("MMR accuracy by reasoning depth")
        st.altair_chart(charts.depth_lines(labelled(frames.depth, names)), width="stretch")
