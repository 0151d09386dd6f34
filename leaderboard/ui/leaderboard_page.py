"""Leaderboard page: TrueSkill and Bradley-Terry per entry, win rates per faction, the CI chart."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from leaderboard.ratings.board import MIN_GAMES
from leaderboard.ui import board_data, charts, data
from leaderboard.ui.common import open_board, store_errors

COLUMNS = {
    "rank": st.column_config.NumberColumn("Rank", help="Bradley-Terry rank: entries share a rank while their 95% "
                                          "intervals overlap", format="%d"),
    "display": st.column_config.TextColumn("Entry"),
    "mu": st.column_config.NumberColumn("TrueSkill μ", format="%.1f"),
    "sigma": st.column_config.NumberColumn("σ", format="%.2f"),
    "conservative": st.column_config.NumberColumn("μ − 3σ", help="Sort key: conservative TrueSkill", format="%.1f"),
    "bt": st.column_config.NumberColumn("Bradley-Terry", format="%.0f"),
    "ci": st.column_config.TextColumn("95% CI", help="Bootstrap interval around the Bradley-Terry rating"),
    "games": st.column_config.NumberColumn("Games", format="%d"),
    "wins": st.column_config.NumberColumn("Wins", format="%d"),
    "win_rate_civilian": st.column_config.ProgressColumn("Win rate as civilians", format="percent", min_value=0,
                                                         max_value=1),
    "win_rate_murderer": st.column_config.ProgressColumn("Win rate as murderer", format="percent", min_value=0,
                                                         max_value=1),
    "provisional": st.column_config.CheckboxColumn("Provisional", help=f"Fewer than {MIN_GAMES} games"),
    "deprecated": st.column_config.CheckboxColumn("Deprecated"),
}


def source_caption(board: board_data.Board) -> str:
    if board.source == "snapshot":
        return (f"From the latest rating snapshot ({board.computed_at:%Y-%m-%d %H:%M} UTC), covering all "
                f"{board.n_finished} finished games.")
    return (f"Computed live from {board.n_finished} finished games with {board_data.FALLBACK_BOOTSTRAP} bootstrap "
            "rounds, because no rating snapshot covers them yet (the arena writes one after every tournament; "
            "`arena leaderboard --snapshot` writes one now).")


def board_table(path: str, show_deprecated: bool) -> pd.DataFrame:
    board = board_data.board(path)
    table = board_data.with_entry_info(board.rows, data.entries(path))
    if not show_deprecated:
        table = table[~table["deprecated"]]
    st.caption(source_caption(board))
    return table.sort_values(["conservative", "entry"], ascending=[False, True]).reset_index(drop=True)


def render() -> None:
    st.title("Leaderboard")
    path = open_board()
    if path is None:
        return
    with store_errors():
        show_deprecated = st.toggle("Show deprecated entries", value=False,
                                    help="Earlier versions and retired entries keep their games and ratings.")
        table = board_table(path, show_deprecated)
        if table.empty:
            st.info("No finished games yet: the board fills in once games finish.")
            return
        st.dataframe(table[list(COLUMNS)], column_config=COLUMNS, hide_index=True, width="stretch")
        st.caption("Sorted by μ − 3σ (click a header to sort). Rank from Bradley-Terry: entries share a rank while "
                   "their 95% intervals overlap. Self-play games are not rated.")
        if table["bt"].notna().any():
            st.subheader("Bradley-Terry ratings with 95% intervals")
            st.altair_chart(charts.ci_chart(table), width="stretch")
