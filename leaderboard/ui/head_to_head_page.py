"""Head-to-head page: civilian win-rate and games-played heatmaps (rows = civilians entry, columns =
murderer entry, as WhodunitBench Table 2), and the games of one seating with links to their replays."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from leaderboard.ui import charts, data
from leaderboard.ui.common import entry_picker, open_board, store_errors
from leaderboard.ui.nav import page

GAME_COLUMNS = {
    "game_id": st.column_config.TextColumn("Game"),
    "script_id": st.column_config.TextColumn("Script"),
    "seed": st.column_config.NumberColumn("Seed", format="%d"),
    "status": st.column_config.TextColumn("Status"),
    "winner": st.column_config.TextColumn("Winner"),
    "n_events": st.column_config.NumberColumn("Events", format="%d"),
    "tokens": st.column_config.NumberColumn("Tokens", format="%d"),
    "cost_usd": st.column_config.NumberColumn("Cost", format="$%.4f"),
    "finished_at": st.column_config.DatetimeColumn("Finished", format="YYYY-MM-DD HH:mm"),
}


def cells(pairs: pd.DataFrame, names: dict[str, str]) -> pd.DataFrame:
    table = pairs.copy()
    table["civilians"] = table["civilians_entry"].map(lambda e: names.get(e, e))
    table["murderer"] = table["murderer_entry"].map(lambda e: names.get(e, e))
    return table


def pair_summary(path: str, civilians: str, murderer: str, names: dict[str, str]) -> None:
    """Both seatings of the two entries together: games and wins of each."""
    if civilians == murderer:
        return
    both = data.head_to_head(path, civilians, murderer)
    a, b = names.get(civilians, civilians), names.get(murderer, murderer)
    st.caption(f"{a} against {b}, either side: {both.games} finished games; {a} won {both.a_wins}, "
               f"{b} won {both.b_wins}, {both.draws} without a winner.")


def pair_games(path: str, civilians: str, murderer: str) -> None:
    """The seating's games; choosing one opens its replay."""
    games = data.games(path, civilians=civilians, murderer=murderer)
    if games.empty:
        st.info("These two have not met in this seating yet.")
        return
    st.caption(f"{len(games)} game(s), newest first (at most {data.GAME_LIST_LIMIT}). Select a row to replay it.")
    picked = st.dataframe(games[list(GAME_COLUMNS)], column_config=GAME_COLUMNS, hide_index=True, width="stretch",
                          on_select="rerun", selection_mode="single-row", key="pair_games")
    rows = picked.selection.rows if picked is not None else []
    game_id = str(games["game_id"].iloc[rows[0]]) if rows else str(games["game_id"].iloc[0])
    st.page_link(page("replay"), label=f"Replay game {game_id}", icon=":material/movie:",
                 query_params={"game": game_id})


def render() -> None:
    st.title("Head-to-head")
    path = open_board(lambda s: s.counts.get("finished", 0) > 0,
                      "No finished games yet: the matrices fill in once games finish.")
    if path is None:
        return
    with store_errors():
        names, pairs = data.display_names(path), data.pairs(path)
        table = cells(pairs, names)
        order = sorted(set(table["civilians"]) | set(table["murderer"]))
        left, right = st.columns(2)
        left.altair_chart(charts.heatmap(table, "civilian_win_rate", "Civilian win rate", ".0%", "redyellowgreen",
                                         [0.0, 1.0], order), width="content")
        right.altair_chart(charts.heatmap(table, "games", "Games played", "d", "blues", None, order), width="content")
        st.caption("Rows: the entry seated in every civilian role; columns: the entry playing the murderer. "
                   "Only finished games count; self-play sits on the diagonal.")
        st.subheader("Games of one seating")
        entries = sorted(set(pairs["civilians_entry"]) | set(pairs["murderer_entry"]), key=lambda e: names.get(e, e))
        first = pairs.sort_values("games", ascending=False).iloc[0]
        c1, c2 = st.columns(2)
        with c1:
            civ = entry_picker("Civilians entry", entries, names, "h2h_civ", entries.index(first["civilians_entry"]))
        with c2:
            mur = entry_picker("Murderer entry", entries, names, "h2h_mur", entries.index(first["murderer_entry"]))
        if civ and mur:
            pair_summary(path, civ, mur, names)
            pair_games(path, civ, mur)
