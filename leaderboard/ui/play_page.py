"""Play page: a person takes a seat at the table and plays a whole game against built-in or model entries.

The person picks a case, a role, the opponents (the entry playing the other side) and the
teammates (the entry playing the other roles of the person's side, if any). The game is a
session in the store (`arena.store.sessions`) named in the URL (`?session=<id>`): each
request replays it through the arena's own runner (`arena.tournament.human_seat`) up to the
person's next decision, showing progress while the other seats play, so a reload (or another
browser) recovers the game. When it ends it is recorded like any game, with the person as entry
`human/<name>`. This page and Validate are the only ones that write, and only through the store's writer.
"""

from __future__ import annotations

import asyncio
import random
import time

import streamlit as st

from arena.engine.events import ActionEvent, AnswerEvent, EventBase, ReasoningEvent, Utterance, VoteEvent
from arena.engine.state import culprit_roles
from arena.entries import Entry, load_entries
from arena.scripts.loader import default_scripts_dir
from arena.scripts.schema import Script
from arena.store import Reader
from arena.store.sessions import SessionLog, human_entry_id
from arena.tournament.human_seat import (
    Finished,
    HumanSeat,
    SeatSpec,
    Step,
    advance,
    installed_cases,
    load_case,
    new_spec,
)
from leaderboard.ui import data
from leaderboard.ui.common import db_path, plain, store_errors
from leaderboard.ui.nav import page
from leaderboard.ui.play_view import decision_form, observation

SESSION_PARAM = "session"
STEP_KEY = "play_step"
SHOWN_KEY = "play_shown_at"  # turn -> when its form was first shown in this browser session
DECISIONS = (Utterance, ActionEvent, AnswerEvent, ReasoningEvent, VoteEvent)


@st.cache_resource(show_spinner=False)
def cases_in(folder: str) -> dict[str, Script]:
    """Every valid case under the scripts folder, by id, loaded once per server."""
    return installed_cases(folder)


def render() -> None:
    st.title("Play")
    st.caption("Take a seat at the table: play one role of a case against the arena's entries. The game is "
               "recorded and rated like any other, with you as the entry human/<your name>.")
    seat = HumanSeat(SessionLog(db_path()))
    session_id = st.query_params.get(SESSION_PARAM)
    with store_errors():
        if session_id:
            play(seat, session_id)
        else:
            setup(seat)


def setup(seat: HumanSeat) -> None:
    """The form that starts a game."""
    cases = cases_in(str(default_scripts_dir()))
    if not cases:
        st.info(f"No valid case under `{default_scripts_dir()}`; set ARENA_SCRIPTS to a folder of cases.")
        return
    entries = load_entries()
    script = cases[st.selectbox("Case", list(cases), format_func=lambda i: cases[i].title, key="play-case")]
    st.caption(plain(script.briefing))
    st.markdown("**The roles**\n" + "\n".join(f"- **{plain(r.name)}**: {plain(r.profile)}" for r in script.roles))
    with st.form("play-setup"):
        name = st.text_input("Your name", key="play-name", help="You are recorded as the entry human/<name>.")
        role = st.selectbox("Your role", script.role_ids, key="play-role", format_func=lambda r: script.role(r).name,
                            help="Who each role is: the list above.")
        opponents = _entry_choice("Opponents (the other side)", entries, "play-opponents")
        teammates = _entry_choice("Teammates (the other roles of your side, if any)", entries, "play-teammates")
        rounds = st.number_input("Discussion rounds", min_value=1, max_value=5, value=2, key="play-rounds")
        start = st.form_submit_button("Start the game", type="primary")
    resume_list(seat)
    if start:
        spec = new_spec(name, script, role, entries[opponents], entries[teammates],
                        seed=random.SystemRandom().randrange(2**31), rounds=int(rounds))
        st.query_params[SESSION_PARAM] = seat.start(spec)
        st.rerun()


def resume_list(seat: HumanSeat) -> None:
    """Links to the unfinished games of a name (the URL of a game is all a reload needs; this finds it again)."""
    with st.expander("Resume an unfinished game"):
        name = st.text_input("Your name", key="play-resume-name")
        if not name:
            return
        sessions = seat.log.open_sessions(human_entry_id(name))
        if not sessions:
            st.caption(f"No unfinished game of {plain(human_entry_id(name))}.")
        for session_id in sessions:
            st.page_link(page("play"), label=f"Game {session_id}", icon=":material/play_arrow:",
                         query_params={SESSION_PARAM: session_id})


def _entry_choice(label: str, entries: dict[str, Entry], key: str) -> str:
    names = list(entries)
    default = names.index("builtin/naive") if "builtin/naive" in names else 0
    return str(st.selectbox(label, names, index=default, key=key,
                            format_func=lambda n: n if entries[n].is_builtin else f"{n} ({entries[n].model})"))


def play(seat: HumanSeat, session_id: str) -> None:
    """The game of this session: the result once recorded, else the seat and its decision."""
    spec, moves, game_id = seat.spec(session_id)
    script = load_case(spec, cases_in(str(default_scripts_dir())))
    if game_id is not None:
        result(game_id, spec, script)
        return
    step = current_step(session_id, spec, script, moves)
    if isinstance(step, Finished):
        game_id = seat.finish(session_id, spec, script, step)
        data.clear()
        result(game_id, spec, script)
        return
    turn = f"{session_id}-{step.moves_used}"
    shown_at = st.session_state.setdefault(SHOWN_KEY, {}).setdefault(turn, time.time())
    with observation(step.observation):
        move = decision_form(step.observation, turn)
    if move is not None:
        seat.act(session_id, step, move, thinking_ms=(time.time() - shown_at) * 1000.0)
        st.rerun()


def current_step(session_id: str, spec: SeatSpec, script: Script, moves: list[dict[str, object]]) -> Step:
    """The game after `moves`: kept in the browser session, else replayed with a progress bar."""
    key = (session_id, len(moves))
    slot = st.empty()  # always there, so the elements after it keep their places from run to run
    cached = st.session_state.get(STEP_KEY)
    if cached is not None and cached[0] == key:
        return cached[1]  # type: ignore[no-any-return]
    bar = slot.progress(0.0, text="The other players are taking their turns…")
    step = asyncio.run(advance(spec, script, moves, on_event=Progress(bar, spec, script)))
    slot.empty()
    st.session_state[STEP_KEY] = (key, step)
    return step


class Progress:
    """Moves the progress bar as decisions are logged (an estimate: answers depend on play)."""

    def __init__(self, bar: object, spec: SeatSpec, script: Script) -> None:
        n = len(script.role_ids)
        self.bar, self.done, self.planned = bar, 0, n * (2 + spec.rounds) + n

    def __call__(self, event: EventBase) -> None:
        if isinstance(event, DECISIONS):
            self.done += 1
            fraction = min(self.done / self.planned, 0.99)
            self.bar.progress(fraction, text=f"The other players are taking their turns… "  # type: ignore[attr-defined]
                                              f"({self.done} decisions made)")


def result(game_id: str, spec: SeatSpec, script: Script) -> None:
    """The end of the game: who won, how everyone voted, and links to its replay and to a new game."""
    game = Reader(db_path()).game(game_id)
    if game is None:
        st.warning(f"Game {game_id} is not in {db_path()} (was the database changed?).")
        return
    side = "murderer" if spec.player == game.murderer_entry else "civilians"
    verdict = "a tie: nobody was identified." if game.winner == "tie" else \
        f"the {game.winner} won: you {'won' if game.winner == side else 'lost'}."
    st.success(f"The game is over ({game.status}): {verdict} It is recorded as {game_id}, with you as {spec.player}.")
    names = {role.id: role.name for role in script.roles}
    st.markdown("Votes: " + (", ".join(f"{plain(names.get(k, k))}: {v}" for k, v in sorted(game.votes.items()))
                             or "none") + ". The culprit: "
                + ", ".join(plain(names[r]) for r in sorted(culprit_roles(script))) + ".")
    st.page_link(page("replay"), label="Open its replay", icon=":material/movie:", query_params={"game": game_id})
    if st.button("Play another game", key="play-again"):
        del st.query_params[SESSION_PARAM]
        st.session_state.pop(STEP_KEY, None)
        st.rerun()
