"""Entry page: one entry's settings (never keys), its versions, rating history from the snapshots,
per-script results and failure statuses. `?entry=<entry_id>` selects the entry."""

from __future__ import annotations

import json

import pandas as pd
import streamlit as st

from leaderboard.store.records import find_secrets
from leaderboard.ui import board_data, charts, data
from leaderboard.ui.common import entry_picker, open_board, store_errors


def safe_settings(text: str) -> dict[str, object]:
    """The stored settings, minus anything that looks like a credential (the store refuses those already)."""
    settings = json.loads(text or "{}")
    hidden = {path.split(".")[1].split("[")[0] for path in find_secrets(settings)}
    return {k: ("(hidden)" if k in hidden else v) for k, v in settings.items()}


def pick_entry(entries: pd.DataFrame) -> pd.Series:
    ids = entries.sort_values(["deprecated", "display"])["entry_id"].tolist()
    names = dict(zip(entries["entry_id"], entries["display"], strict=True))
    wanted = st.query_params.get("entry")
    chosen = entry_picker("Entry", ids, names, "entry_choice", ids.index(wanted) if wanted in ids else 0)
    if chosen is not None and chosen != wanted:
        st.query_params["entry"] = chosen
    return entries[entries["entry_id"] == chosen].iloc[0]


def show_identity(entry: pd.Series, entries: pd.DataFrame) -> None:
    st.header(str(entry["display"]))
    state = "deprecated" if entry["deprecated"] else "active"
    st.caption(f"id {entry['entry_id']} - {entry['provider']}/{entry['model']} - version {entry['version']} - {state}")
    st.json(safe_settings(entry["settings"]))
    versions = entries[entries["name"] == entry["name"]][["version", "entry_id", "created_at", "deprecated"]]
    if len(versions) > 1:
        st.subheader("Versions")
        st.dataframe(versions.sort_values("version"), hide_index=True)


def show_totals(path: str, entry_id: str) -> None:
    """Games, wins, calls, tokens and cost of the entry over the whole database."""
    stats = data.entry_stats(path, entry_id)
    if stats is None:
        return
    cells = st.columns(5)
    cells[0].metric("Finished games", f"{stats.games:,}", help=f"{stats.unfinished:,} more did not finish")
    cells[1].metric("Wins", f"{stats.wins:,}", help=f"{stats.wins_civilian:,} as the civilians, "
                    f"{stats.wins_murderer:,} as the murderer; {stats.draws:,} games without a winner")
    cells[2].metric("Model calls", f"{stats.calls:,}", help=f"{stats.failed_calls:,} failed")
    cells[3].metric("Tokens", f"{stats.tokens:,}")
    cells[4].metric("Cost", f"${stats.cost_usd:,.2f}")


def show_results(path: str, entry_id: str) -> None:
    results = board_data.entry_results(path, entry_id)
    st.subheader("Results per script")
    if results["scripts"].empty:
        st.caption("No finished games yet.")
    else:
        st.dataframe(results["scripts"], hide_index=True, width="stretch")
    st.subheader("Statuses")
    left, right = st.columns(2)
    left.markdown("Games (either side)")
    left.dataframe(results["game_statuses"], hide_index=True)
    right.markdown("Agent calls")
    right.dataframe(results["call_statuses"], hide_index=True)


def render() -> None:
    st.title("Entry")
    path = open_board(lambda s: s.counts.get("entries", 0) > 0, "No entries registered yet.")
    if path is None:
        return
    with store_errors():
        entries = data.entries(path)
        entry = pick_entry(entries)
        show_identity(entry, entries)
        show_totals(path, str(entry["entry_id"]))
        history = board_data.rating_history(path, str(entry["entry_id"]))
        st.subheader("Rating history")
        if history.empty:
            st.caption("No rating snapshot includes this entry yet.")
        else:
            st.altair_chart(charts.history_lines(history), width="stretch")
            st.dataframe(history[history["faction"] == "overall"].drop(columns="faction"), hide_index=True,
                         width="stretch")
        show_results(path, str(entry["entry_id"]))
