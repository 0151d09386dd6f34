"""Scripts page: browse the installed cases (briefing, roles, clue images) with per-case statistics
from the database. Spoilers (private role scripts, culprits, the truth) stay behind an expander."""

from __future__ import annotations

from collections import Counter

import pandas as pd
import streamlit as st

from arena.errors import ScriptError
from arena.scripts.loader import default_scripts_dir, discover_scripts, load_script_unchecked
from arena.scripts.schema import Script
from arena.scripts.sets import authored_note, case_set
from leaderboard.ui import data
from leaderboard.ui.common import count, db_path, percent, plain, store_errors

IMAGES_PER_ROW = 3
ALL_SETS = "all sets"


@st.cache_resource(show_spinner=False)
def installed_cases() -> dict[str, Script]:
    """Every case folder under the scripts directory that parses, by id."""
    cases: dict[str, Script] = {}
    for folder in discover_scripts():
        try:
            script = load_script_unchecked(folder)
        except ScriptError:
            continue
        cases[script.id] = script
    return cases


def case_stats(script_id: str) -> pd.DataFrame:
    """This case's row of the per-script statistics (empty without a database)."""
    path = db_path()
    status = data.status(path)
    if not status.exists or status.empty:
        return pd.DataFrame()
    stats = data.script_stats(path)
    return stats[stats["script_id"] == script_id]


def show_stats(script_id: str) -> None:
    stats = case_stats(script_id)
    if stats.empty:
        st.caption("No games recorded on this case yet.")
        return
    row = stats.iloc[0]
    cols = st.columns(3)
    cols[0].metric("Games", count(row["games"]))
    cols[1].metric("Finished", count(row["finished"]))
    rate = row["civilian_win_rate"]
    cols[2].metric("Civilian win rate", percent(rate),
                   help=f"Civilian wins over finished games (n = {count(row['finished'])}; ties count as not won)")


def show_images(script: Script) -> None:
    clues = [c for c in script.image_clues if script.image_path(c).is_file()]
    if not clues:
        return
    st.subheader("Clue images")
    for start in range(0, len(clues), IMAGES_PER_ROW):
        for col, clue in zip(st.columns(IMAGES_PER_ROW), clues[start:start + IMAGES_PER_ROW], strict=False):
            col.image(str(script.image_path(clue)), caption=f"{clue.title} ({clue.id}, {clue.visibility.value})")


def show_spoilers(script: Script) -> None:
    with st.expander("Spoilers: private role scripts, culprits and the truth"):
        st.markdown(f"**Culprit(s):** {plain(', '.join(script.role(c).name for c in script.culprit_ids))}")
        st.markdown(f"**Method:** {plain(script.truth.method)}")
        st.markdown(f"**Motive:** {plain(script.truth.motive)}")
        if script.truth.timeline:
            st.dataframe(pd.DataFrame([t.model_dump() for t in script.truth.timeline]), hide_index=True)
        for role in script.roles:
            st.markdown(f"**{plain(role.name)}** ({role.id}){' - culprit' if role.culprit else ''}")
            st.text(role.script or "(no private script)")
        if script.key_statements:
            st.dataframe(pd.DataFrame([{"id": k.id, "statement": k.text, "holders": ", ".join(k.holders)}
                                       for k in script.key_statements]), hide_index=True)


def render() -> None:
    st.title("Scripts")
    with store_errors():
        cases = installed_cases()
        if not cases:
            st.info(f"No cases found under {default_scripts_dir()} (set ARENA_SCRIPTS to a folder of cases).")
            return
        sets = Counter(case_set(s) for s in cases.values())
        chosen = st.selectbox("Set", [ALL_SETS, *sorted(sets)],
                              format_func=lambda s: f"{s} ({sets[s] if s in sets else len(cases)} cases)",
                              help="Cases of one origin: hand-written, generated, written by a model entry "
                                   "(arena generate --author), imported. Compare figures within a set.")
        shown = sorted(i for i, s in cases.items() if chosen == ALL_SETS or case_set(s) == chosen)
        script_id = st.selectbox("Case", shown, format_func=lambda i: f"{cases[i].title} ({i})")
        script = cases[script_id]
        st.header(plain(script.title))
        st.caption(f"Set: {case_set(script)}")
        note = authored_note(script)
        if note:
            st.info(plain(note))
        show_stats(script_id)
        st.subheader("Briefing")
        st.markdown(plain(script.briefing))
        st.subheader("Roles")
        st.markdown("\n".join(f"- **{plain(r.name)}** (`{r.id}`): {plain(r.profile)}" for r in script.roles))
        st.caption(f"{len(script.clues)} clues ({len(script.image_clues)} images), {len(script.locations)} locations, "
                   f"{len(script.questions)} QA questions.")
        show_images(script)
        show_spoilers(script)
