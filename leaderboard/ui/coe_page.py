"""Chain-of-evaluation page: WhodunitBench Table 3 per entry and mode, a grouped bar chart, MMR
accuracy by reasoning depth, and which judge (llm / offline) scored the transcript metrics."""

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
    table["label"] = table["display"].astype(str) + " / " + table["mode"].astype(str)
    return table


def show_table(table: pd.DataFrame) -> None:
    present = [c for c in ("display", "mode", *LABELS, "judge_labels", *(f"n_{m}" for m in coe_data.METRICS))
               if c in table]
    st.dataframe(table[present], column_config=column_config(), hide_index=True, width="stretch")
    st.caption("LSU, TIU, MIU, MMR: multiple-choice accuracy (%) over the latest answer per question. SPC, ITD, "
               "CMD (0-100) and RP (1-10) score the entry's game transcripts as civilians. Average: mean of the "
               "available scores with RP x10. Rows with `+no-images` / `+ocr-text` are ablations.")


def render() -> None:
    st.title("Chain of evaluation")
    path = open_board(lambda s: s.counts.get("qa_answers", 0) + s.counts.get("metric_scores", 0) > 0,
                      "No QA answers or transcript scores yet. Run `arena qa --entry builtin/naive --suite all` "
                      "and `arena coe score`, then press Refresh.")
    if path is None:
        return
    with store_errors():
        table, depth, source = coe_data.coe(path)
        if table.empty:
            st.info("No QA answers or transcript scores yet.")
            return
        names = data.display_names(path)
        table = labelled(table, names)
        show_table(table)
        main_rows = table[~table["mode"].astype(str).str.contains("+", regex=False)]
        metrics = [m for m in coe_data.METRICS if m in main_rows and main_rows[m].notna().any()]
        if metrics:
            st.subheader("Scores by metric")
            st.altair_chart(charts.coe_bars(main_rows, metrics), width="stretch")
        if not depth.empty:
            st.subheader("MMR accuracy by reasoning depth")
            st.altair_chart(charts.depth_lines(labelled(depth, names)), width="stretch")
        labels = sorted({x for v in table.get("judge_labels", pd.Series(dtype=str)).dropna() for x in str(v).split(", ")
                         if x})
        st.caption(f"Transcript judges: {', '.join(labels) or 'none yet'} (offline = keyless word-overlap judge, "
                   f"llm = a model judge). Computed by {source}.")
