"""Head-to-head page: civilian win-rate and games-played heatmaps (rows = civilians entry, columns =
murderer entry, as WhodunitBench Table 2) with n and a 95% interval in every cell; click a cell (or
pick the two entries) to list that seating's games with links to their replays."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from arena.coe.stats import Accuracy
from leaderboard.ui import charts, data
from leaderboard.ui.common import DASH, entry_picker, open_board, store_errors
from leaderboard.ui.nav import page

SELECTION = "cell"
GAME_COLUMNS = {
    "game_id": st.column_config.TextColumn("Game"),
    "script_id": st.column_config.TextColumn("Script"),
    "seed": st.column_config.NumberColumn("Seed", format="%d"),
    "status": st.column_config.TextColumn("Status"),
    "winner": st.column_config.TextColumn("Winner"),
    "n_events": st.column_config.NumberColumn("Events", format="%d"),
    "tokens": st.column_config.NumberColumn("Tokens", format="%d"),
    "cost_usd": st.column_config.NumberColumn("Cost", format="dollar", help="US dollars"),
    "finished_at": st.column_config.DatetimeColumn("Finished", format="YYYY-MM-DD HH:mm"),
}


def rate_label(wins: int, decisive: int) -> tuple[str, str]:
    """(cell text, interval text) of a civilian win rate: percentage, n and the 95% Wilson interval."""
    acc = Accuracy(int(wins), int(decisive))
    if acc.percent is None or acc.ci is None:
        return f"{DASH}\nn=0", DASH
    low, high = acc.ci
    return f"{acc.percent:.0f}%\n[{low:.0f}–{high:.0f}] n={decisive}", f"{acc.percent:.0f}% [{low:.0f}–{high:.0f}]"


def cells(pairs: pd.DataFrame, names: dict[str, str]) -> pd.DataFrame:
    """The pairs with display names, decisive games, and the labels of both heatmaps."""
    table = pairs.copy()
    table["civilians"] = table["civilians_entry"].map(lambda e: names.get(e, e))
    table["murderer"] = table["murderer_entry"].map(lambda e: names.get(e, e))
    decisive = table["games"] - table["draws"]
    labels = [rate_label(w, d) for w, d in zip(table["civilian_wins"], decisive, strict=True)]
    table["rate_label"] = [text for text, _ in labels]
    table["interval"] = [interval for _, interval in labels]
    table["games_label"] = [f"{g:,}" + (f"\n{d:,} tie{'s' if d > 1 else ''}" if d else "") for g, d in
                            zip(table["games"], table["draws"], strict=True)]
    return table


def clicked(event: object) -> tuple[str, str] | None:
    """The (civilians, murderer) of a clicked heatmap cell, if any."""
    selection = getattr(event, "selection", None) or {}
    points = selection.get(SELECTION) or [] if isinstance(selection, dict) else []
    if points and "civilians_entry" in points[0] and "murderer_entry" in points[0]:
        return str(points[0]["civilians_entry"]), str(points[0]["murderer_entry"])
    return None


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


def pick_seating(pairs: pd.DataFrame, names: dict[str, str]) -> tuple[str | None, str | None]:
    """Two pickers, starting at the seating with the most games."""
    entries = sorted(set(pairs["civilians_entry"]) | set(pairs["murderer_entry"]), key=lambda e: names.get(e, e))
    first = pairs.sort_values("games", ascending=False).iloc[0]
    c1, c2 = st.columns(2)
    with c1:
        civ = entry_picker("Civilians entry", entries, names, "h2h_civ", entries.index(first["civilians_entry"]))
    with c2:
        mur = entry_picker("Murderer entry", entries, names, "h2h_mur", entries.index(first["murderer_entry"]))
    return civ, mur


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
        events = [
            left.altair_chart(charts.heatmap(table, "civilian_win_rate", "Civilian win rate (ties left out)", ".0%",
                                             "redyellowgreen", [0.0, 1.0], order, "rate_label", SELECTION),
                              width="content", on_select="rerun", key="h2h_rate"),
            right.altair_chart(charts.heatmap(table, "games", "Finished games", "d", "blues", None, order,
                                              "games_label", SELECTION),
                               width="content", on_select="rerun", key="h2h_games")]
        st.caption("Rows: the entry seated in every civilian role; columns: the entry playing the murderer. "
                   "Only finished games count; self-play sits on the diagonal. Each win-rate cell shows the "
                   "civilians' share of decided games, its 95% Wilson interval and n (decided games). "
                   "Click a cell to list its games below.")
        picks = [p for p in (clicked(e) for e in events) if p is not None]
        st.subheader("Games of one seating")
        civ: str | None
        mur: str | None
        if picks:
            civ, mur = picks[0]
            st.caption(f"The clicked cell: {names.get(civ, civ)} as the civilians against {names.get(mur, mur)} as "
                       "the murderer. Click the cell again to go back to choosing the entries here.")
        else:
            civ, mur = pick_seating(pairs, names)
        if civ and mur:
            pair_summary(path, civ, mur, names)
            pair_games(path, civ, mur)
