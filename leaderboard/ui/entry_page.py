"""Entry page: one entry's settings as a table (never keys), its totals, versions, rating history from the
snapshots (readable with one snapshot or many), per-script results and failure statuses.
`?entry=<entry_id>` selects the entry; an id that is not in the database says so."""

from __future__ import annotations

import json
import re

import pandas as pd
import streamlit as st

from arena.store.records import find_secrets
from leaderboard.ui import board_data, charts, data
from leaderboard.ui.common import count, money, number, open_board, seconds, store_errors


def safe_settings(text: str) -> dict[str, object]:
    """The stored settings, minus anything that looks like a credential (the store refuses those already)."""
    settings = json.loads(text or "{}")
    hidden = {path.split(".")[1].split("[")[0] for path in find_secrets(settings)}
    return {k: ("(hidden)" if k in hidden else v) for k, v in settings.items()}


SETTING_HELP = {
    "model": "provider/model the entry calls (builtin/... = an offline agent in this code)",
    "strategy": "direct = answer at once; cot = reason privately first (chain of thought)",
    "temperature": "sampling temperature sent to the model", "max_tokens": "cap on each reply's length",
    "base_url": "the server an OpenAI-compatible entry talks to", "options": "provider or agent options",
    "timeout_s": "seconds before one call is given up", "max_concurrency": "calls in flight at once",
    "price_input_per_mtok": "US dollars per million prompt tokens",
    "price_output_per_mtok": "US dollars per million completion tokens",
}


def pick_entry(entries: pd.DataFrame) -> pd.Series | None:
    """The entry of `?entry=` (or the first one); an id that is not in this database gets a message and an
    empty picker instead of silently showing another entry."""
    ids = entries.sort_values(["deprecated", "display"])["entry_id"].tolist()
    names = dict(zip(entries["entry_id"], entries["display"], strict=True))
    wanted = st.query_params.get("entry")
    unknown = bool(wanted) and wanted not in ids
    if unknown:
        st.warning(f"No entry {wanted!r} in this database. Choose one below, or check the link.")
    chosen = st.selectbox("Entry", ids, index=None if unknown else ids.index(wanted) if wanted in ids else 0,
                          format_func=lambda e: names.get(e, e), placeholder="Choose an entry")
    if chosen is None:
        return None
    if chosen != wanted:
        st.query_params["entry"] = chosen
    return entries[entries["entry_id"] == chosen].iloc[0]


def link_text(link: str) -> str:
    """A link as markdown only when it is a plain http(s) address (a stored row is not trusted), else as text."""
    if re.fullmatch(r"https?://[^\s()\[\]<>]+", link):
        return f"[{link}]({link})"
    return link.replace("[", "").replace("]", "").replace("(", "").replace(")", "")


def about_line(about: dict[str, object]) -> str:
    """The entry's metadata in one line: display name in bold, organisation, licence, release date, link."""
    parts = [f"**{about['display_name']}**" if about.get("display_name") else "",
             str(about.get("organisation") or ""), str(about.get("licence") or ""),
             f"released {about['release_date']}" if about.get("release_date") else "",
             link_text(str(about.get("link") or ""))]
    return " · ".join(p for p in parts if p)


def settings_table(settings: dict[str, object]) -> pd.DataFrame:
    """One row per setting that is set: name, value as text, what it means."""
    rows = []
    for key, value in settings.items():
        if value is None or value == {} or value == []:
            continue
        text = ", ".join(f"{k} = {v}" for k, v in value.items()) if isinstance(value, dict) else str(value)
        rows.append({"setting": key, "value": text, "meaning": SETTING_HELP.get(key, "")})
    return pd.DataFrame(rows, columns=["setting", "value", "meaning"])


def show_identity(entry: pd.Series, entries: pd.DataFrame) -> None:
    st.header(str(entry["display"]))
    state = "deprecated" if entry["deprecated"] else "active"
    st.caption(f"id `{entry['entry_id']}` · {entry['provider']}/{entry['model']} · version {entry['version']} · "
               f"{state}")
    settings = safe_settings(entry["settings"])
    about = settings.pop("about", None)
    if isinstance(about, dict) and about:
        st.markdown(about_line(about))
    st.dataframe(settings_table(settings), hide_index=True, width="stretch")
    st.caption("Settings not listed are unset (the provider's default). Keys are never stored.")
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
    cells[4].metric("Cost", money(stats.cost_usd), help="US dollars at the entry's prices")


HISTORY_COLUMNS = {
    "computed_at": st.column_config.DatetimeColumn("Snapshot (UTC)", format="YYYY-MM-DD HH:mm:ss"),
    "conservative": st.column_config.NumberColumn("TrueSkill μ − 3σ", format="%.1f",
                                                  help="Conservative TrueSkill: mean minus three standard deviations"),
    "mu": st.column_config.NumberColumn("TrueSkill μ", format="%.1f"),
    "sigma": st.column_config.NumberColumn("σ", format="%.2f"),
    "bt": st.column_config.NumberColumn("Bradley-Terry", format="%.0f", help="Plain Bradley-Terry rating"),
    "ci_low": st.column_config.NumberColumn("BT 95% low", format="%.0f"),
    "ci_high": st.column_config.NumberColumn("BT 95% high", format="%.0f"),
    "rank": st.column_config.NumberColumn("Rank", format="%d"),
    "games": st.column_config.NumberColumn("Games", format="%d"),
    "wins": st.column_config.NumberColumn("Wins", format="%d"),
}


def show_history(history: pd.DataFrame) -> None:
    """The overall rating per snapshot: a sentence for one snapshot, lines with intervals for several."""
    st.subheader("Rating history")
    overall = history[history["faction"] == "overall"] if not history.empty else history
    if overall.empty:
        st.caption("No rating snapshot includes this entry yet.")
        return
    if len(overall) == 1:
        row = overall.iloc[0]
        st.markdown(f"One snapshot so far ({row['computed_at']:%Y-%m-%d %H:%M} UTC, {count(row['games'])} games): "
                    f"conservative TrueSkill **{number(row['conservative'], 1)}**, Bradley-Terry "
                    f"**{number(row['bt'])}** (95% interval {number(row['ci_low'])} to {number(row['ci_high'])}). "
                    "A line appears once a second snapshot exists.")
    else:
        st.altair_chart(charts.history_lines(history), width="stretch")
    st.dataframe(overall[list(HISTORY_COLUMNS)], column_config=HISTORY_COLUMNS, hide_index=True, width="stretch")


RESULT_COLUMNS = {
    "script_id": st.column_config.TextColumn("Case"),
    "games": st.column_config.NumberColumn("Finished games", format="%d"),
    "as_civilians": st.column_config.NumberColumn("As civilians", format="%d"),
    "wins_as_civilians": st.column_config.NumberColumn("Won as civilians", format="%d"),
    "as_murderer": st.column_config.NumberColumn("As murderer", format="%d"),
    "wins_as_murderer": st.column_config.NumberColumn("Won as murderer", format="%d"),
}
CALL_COLUMNS = {
    "status": st.column_config.TextColumn("Status", help="ok, or why the call failed (parse_error, timeout...)"),
    "kind": st.column_config.TextColumn("Decision"),
    "calls": st.column_config.NumberColumn("Calls", format="%d"),
    "time per call": st.column_config.TextColumn("Time per call", help="Mean wall-clock time per call"),
    "tokens": st.column_config.NumberColumn("Tokens", format="%d"),
    "cost": st.column_config.TextColumn("Cost", help="US dollars"),
}


def show_results(path: str, entry_id: str) -> None:
    results = board_data.entry_results(path, entry_id)
    st.subheader("Results per case")
    if results["scripts"].empty:
        st.caption("No finished games yet.")
    else:
        st.dataframe(results["scripts"], column_config=RESULT_COLUMNS, hide_index=True, width="stretch")
    st.subheader("Statuses")
    left, right = st.columns([1, 2])
    left.markdown("Games (either side)")
    left.dataframe(results["game_statuses"], hide_index=True, column_config={
        "status": st.column_config.TextColumn("Status"), "games": st.column_config.NumberColumn("Games", format="%d")})
    right.markdown("Model calls")
    calls = results["call_statuses"].copy()
    if not calls.empty:
        calls["time per call"] = calls["mean_latency_ms"].map(seconds)
        calls["cost"] = calls["cost_usd"].map(money)
    right.dataframe(calls.reindex(columns=list(CALL_COLUMNS)), column_config=CALL_COLUMNS, hide_index=True,
                    width="stretch")


def render() -> None:
    st.title("Entry")
    path = open_board(lambda s: s.counts.get("entries", 0) > 0, "No entries registered yet.")
    if path is None:
        return
    with store_errors():
        entries = data.entries(path)
        entry = pick_entry(entries)
        if entry is None:
            return
        show_identity(entry, entries)
        show_totals(path, str(entry["entry_id"]))
        show_history(board_data.rating_history(path, str(entry["entry_id"])))
        show_results(path, str(entry["entry_id"]))
