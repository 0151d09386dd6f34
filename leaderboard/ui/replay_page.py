"""Game replay page: pick a game (filters, or `?game=<id>`), then its seating, transcript phase by
phase with clue images where they were revealed, statuses, usage and outcome.

Agents' words are shown in data frames (rendered as plain text, never markdown or HTML);
lines with a forfeit or an invalid output are highlighted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import streamlit as st

from arena.errors import ScriptError
from arena.scripts.loader import find_script, load_script_unchecked
from arena.scripts.schema import Script
from leaderboard.ui import data
from leaderboard.ui.common import entry_picker, open_board, plain, store_errors
from leaderboard.ui.transcript import LINE_COLUMNS, Line, Transcript, build_transcript, seating_rows

ALL = "(all)"
HIGHLIGHT = "background-color: rgba(255, 170, 0, 0.25)"
LINE_CONFIG = {"speaker": st.column_config.TextColumn("Speaker", width="medium"),
               "action": st.column_config.TextColumn("Action", width="medium"),
               "target": st.column_config.TextColumn("Target", width="small"),
               "text": st.column_config.TextColumn("Text", width="large"),
               "status": st.column_config.TextColumn("Status", width="small")}


@st.cache_resource(show_spinner=False)
def case(script_id: str) -> Script | None:
    """The bundled case with this id (for clue images), or None when it is not installed here."""
    try:
        return load_script_unchecked(find_script(script_id))
    except ScriptError:
        return None


def highlighted(lines: list[Line]) -> pd.io.formats.style.Styler:
    table = pd.DataFrame([{c: getattr(line, c) for c in LINE_COLUMNS} for line in lines], columns=list(LINE_COLUMNS))
    return table.style.apply(lambda row: [HIGHLIGHT if row["status"] else ""] * len(row), axis=1)


def show_lines(lines: list[Line], script: Script | None) -> None:
    """A phase's lines as tables, cut after each image clue so the image shows where it was revealed."""
    chunk: list[Line] = []
    for line in lines:
        chunk.append(line)
        image = clue_image(script, line.clue_id) if line.clue_id else None
        if image is not None:
            st.dataframe(highlighted(chunk), column_config=LINE_CONFIG, hide_index=True, width="stretch")
            st.image(str(image[0]), caption=image[1], width=360)
            chunk = []
    if chunk:
        st.dataframe(highlighted(chunk), column_config=LINE_CONFIG, hide_index=True, width="stretch")


def clue_image(script: Script | None, clue_id: str) -> tuple[Path, str] | None:
    if script is None:
        return None
    try:
        clue = script.clue(clue_id)
    except KeyError:
        return None
    if clue.image is None or not script.image_path(clue).is_file():
        return None
    return script.image_path(clue), f"{clue.title} ({clue.id})"


def pick_game(path: str) -> str | None:
    """Filters and a game selectbox; a `?game=` query parameter preselects (and is kept in sync)."""
    names, choices = data.display_names(path), data.game_choices(path)
    wanted = st.query_params.get("game")
    c1, c2, c3 = st.columns(3)
    with c1:
        entry = entry_picker("Entry", [ALL, *names], {ALL: ALL, **names}, "replay_entry")
    script_id = c2.selectbox("Script", [ALL, *choices["scripts"]], key="replay_script")
    status = c3.selectbox("Status", [ALL, *choices["statuses"]], key="replay_status")
    games = data.games(path, entry=None if entry == ALL else entry, script_id=None if script_id == ALL else script_id,
                       status=None if status == ALL else status)
    options = games["game_id"].tolist()
    if wanted and wanted not in options:
        options.insert(0, wanted)
    if not options:
        st.info("No game matches these filters.")
        return None
    labels = {row.game_id: f"{row.game_id}: {names.get(row.civilians_entry, row.civilians_entry)} (civilians) vs "
              f"{names.get(row.murderer_entry, row.murderer_entry)} (murderer), {row.status}" for row in
              games.itertuples()}
    chosen = st.selectbox("Game", options, index=options.index(wanted) if wanted in options else 0,
                          format_func=lambda g: labels.get(g, g))
    if chosen != wanted:
        st.query_params["game"] = chosen
    return chosen


def show_header(game: pd.Series, t: Transcript, names: dict[str, str]) -> None:
    st.subheader(plain(t.started.get("script_title") or game["script_id"]))
    cols = st.columns(5)
    cols[0].metric("Status", str(game["status"]))
    cols[1].metric("Winner", str(game["winner"] or "-"))
    cols[2].metric("Events", int(game["n_events"]))
    cols[3].metric("Tokens", int(game["tokens"]))
    cols[4].metric("Cost", f"${float(game['cost_usd']):.4f}")
    st.caption(f"script {game['script_id']} (hash {str(game['script_hash'])[:12]}), seed {game['seed']}, "
               f"civilians: {names.get(game['civilians_entry'], game['civilians_entry'])}, murderer: "
               f"{names.get(game['murderer_entry'], game['murderer_entry'])}")
    if game["abort_reason"]:
        st.warning(f"Game did not finish: {game['abort_reason']}")


def show_outcome(t: Transcript) -> None:
    st.subheader("Outcome")
    if t.outcome is None:
        st.warning("The log has no game end: the game was interrupted.")
        return
    o = t.outcome
    st.dataframe(pd.DataFrame([{"status": t.ended_status, "winner": o.get("winner"),
                                "culprits": ", ".join(t.who(c) for c in o.get("culprits", [])),
                                "most votes": ", ".join(t.who(c) for c in o.get("leaders", [])),
                                "abstentions": o.get("abstentions"), "reason": o.get("reason")}]), hide_index=True)
    votes = pd.DataFrame([{"role": t.who(r), "votes": n} for r, n in (o.get("votes") or {}).items()])
    if not votes.empty:
        st.bar_chart(votes, x="role", y="votes", horizontal=True, height=40 + 28 * len(votes))


def show_game(path: str, game_id: str) -> None:
    row, events = data.game(path, game_id)
    if row.empty:
        st.warning(f"No game {game_id!r} in this database.")
        return
    game, names = row.iloc[0], data.display_names(path)
    t = build_transcript(events.to_dict("records"))
    script = case(str(game["script_id"]))
    show_header(game, t, names)
    st.markdown("**Seating**")
    st.dataframe(pd.DataFrame(seating_rows(t, names)), hide_index=True)
    if t.statuses:
        st.warning("Forfeits and invalid outputs: " + ", ".join(f"{k} x{v}" for k, v in sorted(t.statuses.items())))
    if script is None:
        st.caption(f"Case {game['script_id']} is not installed here: clue images cannot be shown.")
    for section in t.sections:
        st.markdown(f"#### {plain(section.title)}")
        show_lines(section.lines, script)
    show_outcome(t)
    if t.usage:
        st.subheader("Agent calls")
        st.dataframe(pd.DataFrame([{"role": r, **u} for r, u in t.usage.items()]), hide_index=True)
    st.caption("Votes as stored: " + json.dumps(json.loads(game["votes"] or "{}")))


def render() -> None:
    st.title("Game replay")
    path = open_board(lambda s: s.counts.get("games", 0) > 0, "No games recorded yet.")
    if path is None:
        return
    with store_errors():
        game_id = pick_game(path)
        if game_id:
            show_game(path, game_id)
