"""Game replay page: a game as a conversation you can step through.

Pick a game (filters, or `?game=<id>`), then read it turn by turn: one chat message per turn with
the speaker's name and faction colour, the full text, the question a reply answers, clue images
where they were revealed, and under the public text, in a collapsed box of its own labelled "private
reasoning", what a `cot` model thought before it answered (never shown to the other players); a
turn slider (`?turn=<n>`) steps through, and beside the conversation a panel says which role knew
which clue at that turn. Below: how each role's suspicion in the reasoning phase became its vote,
the outcome, and each role's model calls in tokens, seconds and dollars (telemetry from
`agent_calls`, apart from the game log).

Agents' words are escaped before they reach markdown: no markup or HTML from an agent renders.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pandas as pd
import streamlit as st

from arena.errors import ScriptError
from arena.scripts.loader import find_script, load_script_unchecked
from arena.scripts.schema import Script
from leaderboard.ui import data
from leaderboard.ui.common import (
    DASH,
    count,
    entry_link,
    entry_picker,
    entry_url,
    link_column,
    missing,
    money,
    open_board,
    plain,
    seconds,
    store_errors,
)
from leaderboard.ui.transcript import Line, Transcript, build_transcript, knowledge, seating_rows, turns

ALL = "(all)"
COLOURS = {"murderer": "red", "civilians": "blue"}
AVATARS = {"murderer": ":material/skull:", "civilians": ":material/person_search:"}
GAME_AVATAR = ":material/info:"
REASONING_LABEL = "private reasoning"


@st.cache_resource(show_spinner=False)
def case(script_id: str) -> Script | None:
    """The bundled case with this id (for clue images), or None when it is not installed here."""
    try:
        return load_script_unchecked(find_script(script_id))
    except ScriptError:
        return None


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
        st.query_params.pop("turn", None)
    return chosen


def headings(columns: Iterable[str]) -> dict[str, str]:
    """Column headings that read as words: the first letter capitalised ("voted for" -> "Voted for")."""
    return {str(c): str(c)[:1].upper() + str(c)[1:] for c in columns}


def show_header(game: pd.Series, t: Transcript, names: dict[str, str], n_turns: int, at_end: bool = True) -> None:
    """The game's header; before the last turn it keeps the end (status, winner) hidden, so stepping through a
    replay spoils nothing."""
    st.subheader(plain(t.started.get("script_title") or game["script_id"]))
    cols = st.columns(5)
    cols[0].metric("Status", str(game["status"]) if at_end else "in play", help=None if at_end else HIDDEN)
    winner = DASH if missing(game["winner"]) else str(game["winner"])
    cols[1].metric("Winner", winner if at_end else "?", help=None if at_end else HIDDEN)
    cols[2].metric("Turns", count(n_turns), help=f"{count(game['n_events'])} events in the log")
    cols[3].metric("Tokens", count(game["tokens"]), help="Prompt and completion tokens of every model call")
    cols[4].metric("Cost", money(game["cost_usd"]), help="US dollars at the entries' prices; built-ins cost nothing")
    st.markdown(f"Civilians: {entry_link(str(game['civilians_entry']), names)} · murderer: "
                f"{entry_link(str(game['murderer_entry']), names)} · case `{game['script_id']}` (content hash "
                f"`{str(game['script_hash'])[:12]}`) · seed {game['seed']}")
    if game["abort_reason"]:
        st.warning(f"Game did not finish: {game['abort_reason']}")


HIDDEN = "Shown when the slider reaches the last turn."


def wanted_turn(n_turns: int) -> int:
    """The turn the page will show (the slider's value, else `?turn=`, else the last), read before the slider is
    drawn so that the header above it knows whether the end may show."""
    value = st.session_state.get(f"turn_{n_turns}", st.query_params.get("turn", n_turns))
    try:
        return min(max(int(value), 1), max(n_turns, 1))
    except (TypeError, ValueError):
        return n_turns


def pick_turn(n_turns: int) -> int:
    """The turn to show up to: `?turn=` when valid, else the whole game; the slider keeps the link in sync."""
    try:
        wanted = int(st.query_params.get("turn", n_turns))
    except ValueError:
        wanted = n_turns
    wanted = min(max(wanted, 1), n_turns)
    if n_turns < 2:
        return n_turns
    turn = st.slider("Turn", 1, n_turns, wanted, key=f"turn_{n_turns}",
                     help="Step through the game: the conversation and the clue panel show the game up to this turn. "
                          "The address (?game=...&turn=...) links to it.")
    if str(turn) != st.query_params.get("turn"):
        st.query_params["turn"] = str(turn)
    return int(turn)


def speech(text: str) -> str:
    """Agent text for markdown: escaped, with its line breaks kept."""
    return "  \n".join(plain(part) for part in text.split("\n"))


def heading(number: int, line: Line) -> str:
    colour = COLOURS.get(line.faction)
    name = plain(line.speaker or "the game")
    who = f":{colour}[**{name}**]" if colour else f"**{name}**"
    target = f" → {plain(line.target)}" if line.target else ""
    return f"{who} · {plain(line.action)}{target} · turn {number}"


def show_reasoning(text: str) -> None:
    """A `cot` model's private reasoning for this turn: apart from its speech, collapsed, in small grey text."""
    with st.expander(REASONING_LABEL, icon=":material/psychology:", expanded=False):
        st.caption(f"**Given with this answer; never shown to the other players, never scored as speech.**  \n"
                   f"{speech(text)}")


def show_turn(number: int, line: Line, script: Script | None, current: bool) -> None:
    with st.chat_message(line.role or "game", avatar=AVATARS.get(line.faction, GAME_AVATAR)):
        st.markdown(heading(number, line) + (" · **this turn**" if current else ""))
        if line.kind == "answer" and line.question:
            st.markdown(f"> Question: {speech(line.question)}")
        if line.text:
            st.markdown(speech(line.text))
        if line.kind == "action" and line.question:
            st.markdown(f"**Asks:** {speech(line.question)}")
        if line.status:
            st.markdown(f":orange[**{plain(line.status)}**]")
        if line.reasoning:
            show_reasoning(line.reasoning)
        image = clue_image(script, line.clue_id) if line.clue_id else None
        if image is not None:
            st.image(str(image[0]), caption=image[1], width=420)


def show_conversation(t: Transcript, script: Script | None, turn: int) -> None:
    section = None
    for number, (title, line) in enumerate(turns(t)[:turn], start=1):
        if title != section:
            st.markdown(f"#### {plain(title)}")
            section = title
        show_turn(number, line, script, number == turn)


def chips(t: Transcript, who: set[str], roles: list[str]) -> str:
    """The roles that knew a clue as compact badges in their faction's colour (or one "everyone" badge)."""
    if roles and set(roles) <= who:
        return f":green-badge[everyone ({len(roles)})]"
    factions = t.seating.get("factions", {})
    return " ".join(f":{COLOURS.get(factions.get(r), 'gray')}-badge[{plain(r)}]" for r in roles if r in who)


def show_knowledge(t: Transcript, script: Script | None, turn: int) -> None:
    """Who knew which clue after this turn: one line per known clue with the knowing roles as badges that
    wrap, so the panel reads at any number of roles without scrolling sideways; then the clues not found."""
    st.markdown(f"**Who knew which clue after turn {turn}**")
    clues = [] if script is None else [(c.id, c.title, c.visibility.value, c.holder) for c in script.clues]
    known = knowledge(t, clues, turn)
    titles = {c[0]: c[1] for c in clues}
    roles = list(t.seating.get("order") or t.seating.get("roles", {}))
    new = turns(t)[turn - 1][1].clue_id if turn else None
    lines = [f"- **{plain(titles.get(cid) or cid)}** ({plain(cid)}){' · **new**' if cid == new else ''}: "
             f"{chips(t, who, roles)}" for cid, who in known.items() if who]
    st.markdown("\n".join(lines) if lines else "No clue known yet.")
    hidden = [plain(titles.get(cid) or cid) for cid, who in known.items() if not who]
    if hidden:
        st.markdown(f"**Not found yet ({len(hidden)}):** {'; '.join(hidden)}")
    st.caption("Badges name the roles that knew the clue (blue: civilians, red: the murderer's side): public "
               "clues from the start, private clues to their holder, found or unlocked clues to everyone from "
               "their reveal on." if script is not None else
               "The case is not installed here: only revealed clues are listed.")


def vote_rows(t: Transcript) -> list[dict[str, str]]:
    """Per role: whom it suspected in the reasoning phase, whom it voted for, and whether that moved."""
    lines = [line for _, line in turns(t)]
    suspected = {line.role: line.target for line in lines if line.kind == "reasoning"}
    voted = {line.role: line.target for line in lines if line.kind == "vote"}
    rows = []
    for role in t.seating.get("order") or []:
        before, after = suspected.get(role), voted.get(role)
        moved = DASH if before is None or after is None else "kept" if before == after else "changed"
        rows.append({"role": t.who(role), "suspected (reasoning)": before or DASH, "voted for": after or DASH,
                     "suspicion → vote": moved})
    return rows


def named(t: Transcript, text: str) -> str:
    """The engine's outcome reason with role ids as people's names, as a sentence."""
    names = t.seating.get("roles", {})
    if names:
        pattern = re.compile(r"\b(" + "|".join(re.escape(r) for r in sorted(names, key=len, reverse=True)) + r")\b")
        text = pattern.sub(lambda m: str(names[m.group(1)]), text)
    return f"{text[:1].upper()}{text[1:]}." if text and not text.endswith(".") else text


def show_votes(t: Transcript) -> None:
    st.subheader("Votes")
    rows = vote_rows(t)
    if rows:
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", column_config=headings(rows[0]))
        st.caption("`nobody` / `abstains`: no suspect named or no vote cast. Changed = the vote went to someone "
                   "other than the suspect named in the reasoning phase.")
    if t.outcome is None:
        st.warning("The log has no game end: the game was interrupted.")
        return
    o = t.outcome
    tally = ", ".join(f"{t.who(r)}: {n}" for r, n in (o.get("votes") or {}).items() if n) or "no valid votes"
    winner = o.get("winner") if o.get("winner") not in (None, "none") else DASH
    st.markdown(f"**Outcome:** {plain(t.ended_status or DASH)}, winner {plain(winner)}. Culprits: "
                f"{plain(', '.join(t.who(c) for c in o.get('culprits', [])) or DASH)}. Most votes: "
                f"{plain(', '.join(t.who(c) for c in o.get('leaders', [])) or DASH)}. Tally: {plain(tally)}; "
                f"{count(o.get('abstentions', 0))} abstentions. {plain(named(t, str(o.get('reason') or '')))}")


def show_calls(path: str, game_id: str, t: Transcript) -> None:
    """Each role's model calls: tokens, dollars, seconds (from the `agent_calls` telemetry)."""
    calls = data.game_calls(path, game_id)
    st.subheader("Model calls")
    if calls.empty:
        st.caption("No calls recorded for this game.")
        return
    grouped = calls.groupby("role", sort=False).agg(
        calls=("status", "size"), failed=("status", lambda s: int((s != "ok").sum())),
        input=("prompt_tokens", "sum"), output=("completion_tokens", "sum"), cost=("cost_usd", "sum"),
        total_ms=("latency_ms", "sum"), mean_ms=("latency_ms", "mean"))
    table = pd.DataFrame([{"role": t.who(role), "calls": count(r.calls), "failed": count(r.failed),
                           "input tokens": count(r.input), "output tokens": count(r.output), "cost": money(r.cost),
                           "time, total": seconds(r.total_ms), "time per call": seconds(r.mean_ms)}
                          for role, r in grouped.iterrows()])
    st.dataframe(table, hide_index=True, width="stretch", column_config=headings(table.columns))
    st.caption("One call = one request for a decision (re-asks count again). Time is wall-clock per call, "
               "measured by the runner; it is telemetry and not part of the game log.")


def show_game(path: str, game_id: str) -> None:
    row, events = data.game(path, game_id)
    if row.empty:
        st.warning(f"No game {game_id!r} in this database.")
        return
    game, names = row.iloc[0], data.display_names(path)
    script = case(str(game["script_id"]))
    places = {loc.id: loc.name for loc in script.locations} if script else {}
    t = build_transcript(events.to_dict("records"), places, {c.id: c.title for c in script.clues} if script else {})
    n_turns = len(turns(t))
    at_end = wanted_turn(n_turns) >= n_turns
    show_header(game, t, names, n_turns, at_end)
    seats = pd.DataFrame(seating_rows(t, names))
    if not seats.empty:
        ids = {"civilians": str(game["civilians_entry"]), "murderer": str(game["murderer_entry"])}
        seats["entry"] = [entry_url(ids.get(f, ""), e) for f, e in zip(seats["faction"], seats["entry"], strict=True)]
    st.dataframe(seats, hide_index=True, column_config={**headings(seats.columns), "entry": link_column("Entry")})
    if t.statuses:
        st.warning("Forfeits and invalid outputs: " + ", ".join(f"{k} x{v}" for k, v in sorted(t.statuses.items())))
    if script is None:
        st.caption(f"Case {game['script_id']} is not installed here: clue images cannot be shown.")
    if n_turns:
        turn = pick_turn(n_turns)
        talk, panel = st.columns([11, 9], gap="medium")
        with talk:
            show_conversation(t, script, turn)
        with panel:
            show_knowledge(t, script, turn)
    if at_end:
        show_votes(t)
    else:
        st.subheader("Votes")
        st.caption("The votes and the outcome show when the slider reaches the last turn.")
    show_calls(path, game_id, t)


def render() -> None:
    st.title("Game replay")
    path = open_board(lambda s: s.counts.get("games", 0) > 0, "No games recorded yet.")
    if path is None:
        return
    with store_errors():
        game_id = pick_game(path)
        if game_id:
            show_game(path, game_id)
