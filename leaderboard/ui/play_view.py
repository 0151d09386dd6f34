"""What the person's seat shows on the Play page: the role's observation and a form for its decision.

Everything here comes from one `arena.engine.Observation` (built by the runner through `observe`),
so the page shows exactly what the role may see: its script and goals, the clues it holds or that
were revealed (with their images), the public transcript. The forms offer only the decision's
legal choices (targets, locations, the vote options); the engine validates the move again.
Agents' words are shown as plain text (markdown escaped).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from arena.engine.actions import Decision, DecisionKind
from arena.engine.observation import Observation
from leaderboard.ui.common import plain

NOBODY = ""
TRANSCRIPT_HEIGHT = 460
SOURCE_LABELS = {"public": "public", "private": "only you", "revealed": "revealed"}


def heading(obs: Observation) -> None:
    where = f"{obs.phase.value}" + (f", round {obs.round} of {obs.rounds}" if obs.phase.value == "discussion" else "")
    side = "the murderer's side" if obs.faction == "murderer" else "the civilians"
    st.subheader(f"{obs.title}: you are {obs.name}")
    st.caption(f"You play for {side}. Now: {where}.")


def transcript(obs: Observation) -> None:
    names = {role.id: role.name for role in obs.roles}
    st.markdown("#### What has been said")
    if not obs.transcript:
        st.caption("Nothing yet: the game is starting.")
    for line in obs.transcript:
        if line.kind == "clue":
            st.markdown(f":green[clue revealed] {plain(line.text)}")
            continue
        to = f" to {plain(names.get(line.target, line.target))}" if line.target else ""
        who = "you" if line.speaker == obs.role else plain(line.speaker_name)
        st.markdown(f"**{who}** · {line.kind}{to}: {plain(line.text) or '—'}")


def own_role(obs: Observation) -> None:
    st.markdown("#### Your role")
    st.markdown(plain(obs.profile))
    with st.expander("Your script (private)", expanded=False):
        st.markdown(plain(obs.script))
    if obs.goals:
        st.markdown("**Goals**\n" + "\n".join(f"- {plain(goal)}" for goal in obs.goals))


def case_facts(obs: Observation) -> None:
    st.markdown("#### The case")
    st.markdown(f"{plain(obs.briefing)}  \nVictim: {plain(obs.victim)}")
    st.markdown("**People**\n" + "\n".join(f"- **{plain(r.name)}**: {plain(r.profile)}" for r in obs.roles))
    st.markdown("**Places**\n" + "\n".join(f"- {plain(loc.name)}: {clues_left(loc.clues_left)}"
                                           for loc in obs.locations))


def clues_left(n: int) -> str:
    return "no clues left" if n == 0 else "1 clue left" if n == 1 else f"{n} clues left"


def clues(obs: Observation) -> None:
    st.markdown(f"#### Clues you can see ({len(obs.clues)})")
    for clue in obs.clues:
        label = SOURCE_LABELS.get(clue.source, clue.source)
        st.markdown(f"**{plain(clue.title)}** ({label})" + (f": {plain(clue.text)}" if clue.text else ""))
        image = obs.image_path(clue)
        if image is not None and image.is_file():
            st.image(str(image), caption=clue.title, width=320)


def observation(obs: Observation) -> Any:
    """The whole view of the seat; returns the column where the caller puts the decision form (under the
    transcript, which scrolls in a box of its own so the form stays in view)."""
    heading(obs)
    left, right = st.columns([3, 2])
    with left, st.container(height=TRANSCRIPT_HEIGHT):
        transcript(obs)
    with right:
        own_role(obs)
        clues(obs)
        case_facts(obs)
    return left


def _text(label: str, decision: Decision, key: str) -> str:
    return st.text_area(label, key=key, height=90, help=f"Up to {decision.word_limit} words; longer text is cut.")


def _choice(label: str, ids: list[str], names: dict[str, str], key: str, none: str | None = None) -> Any:
    options: list[str] = ([NOBODY] if none is not None else []) + ids

    def shown(option: str) -> str:
        return str(none) if option == NOBODY else names.get(option, option)

    return st.selectbox(label, options, key=key, format_func=shown)


def decision_form(obs: Observation, key: str) -> dict[str, Any] | None:
    """The form for the pending decision; the move (JSON object as an agent would answer) once submitted."""
    decision = obs.decision
    if decision is None:
        return None
    names = {role.id: role.name for role in obs.roles} | {loc.id: loc.name for loc in obs.locations}
    with st.container(key=f"turn-{key}"), st.form(f"decide-{key}"):  # the container's key marks the turn in the page
        st.markdown(f"**Your turn**: {plain(decision.instructions)}")
        move = _fields(decision, names, key)
        submitted = st.form_submit_button("Submit", type="primary")
    return move if submitted else None


def _fields(decision: Decision, names: dict[str, str], key: str) -> dict[str, Any]:
    match decision.kind:
        case DecisionKind.INTRODUCE:
            return {"introduction": _text("Your introduction", decision, f"{key}-intro")}
        case DecisionKind.ANSWER:
            st.markdown(f"{plain(names.get(decision.asker or '', decision.asker))} asks: "
                        f"*{plain(decision.question or '')}*")
            return {"answer": _text("Your answer", decision, f"{key}-answer")}
        case DecisionKind.REASON:
            suspect = _choice("Who did it?", decision.targets, names, f"{key}-suspect", none="nobody")
            return {"suspect": suspect or None, "method": _text("How", decision, f"{key}-method"),
                    "motive": _text("Why", decision, f"{key}-motive")}
        case DecisionKind.VOTE:
            vote = _choice("Your vote", decision.targets, names, f"{key}-vote", none="abstain")
            return {"vote": vote or None}
    return _turn_fields(decision, names, key)


def _turn_fields(decision: Decision, names: dict[str, str], key: str) -> dict[str, Any]:
    speech = _text("What you say to everyone", decision, f"{key}-speech")
    actions = (["ask"] if decision.targets else []) + (["investigate"] if decision.locations else [])
    labels = {"ask": "ask someone a question", "investigate": "investigate a place"}
    action = st.radio("Then", actions, key=f"{key}-action", format_func=labels.__getitem__, horizontal=True)
    move: dict[str, Any] = {"speech": speech, "action": action}
    if decision.targets:
        move["target"] = _choice("Whom to ask", decision.targets, names, f"{key}-target")
        move["question"] = st.text_input("Your question", key=f"{key}-question")
    if decision.locations:
        move["location"] = _choice("Where to investigate", decision.locations, names, f"{key}-location")
    if action == "ask":
        move.pop("location", None)
    else:
        move.pop("target", None)
        move.pop("question", None)
    return move
