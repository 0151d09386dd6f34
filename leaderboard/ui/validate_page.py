"""Validate page: a person answers a stratified sample of the QA suites, one item at a time, timed, with
exactly the context a model gets; people's accuracy per suite and the items where people disagree with
the key are shown below, for review.

The sample, the items (`qa_run.make_item`: shuffled options, `question_context`), the grading and the
recording are `arena.coe.human_qa`'s, the same as `arena qa --entry human/<name>` in a terminal; this
page only shows an item and reads the choice. The run id is kept in the URL (`?run=<id>`), so a
reload (or another browser) resumes the run at its first unanswered item; the same name, suites,
cases, seed and size are the same run too. The time of an answer runs from the first showing of the
item in this browser session. Like the Play page, this page writes, and only through the store's writer.
"""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
import streamlit as st

from arena.coe.human_qa import DEFAULT_SIZE, AnswerError, HumanRun, HumanSample, ItemView, instructions
from arena.coe.human_report import Dispute, PeopleRow, disputed_items, people_accuracy
from arena.coe.qa_summary import SUITE_ORDER
from arena.scripts.loader import GENERATED_DIR, default_scripts_dir
from arena.scripts.schema import Script, Suite
from arena.store import Reader
from arena.tournament.human_seat import installed_cases
from leaderboard.ui.common import db_path, plain, start_message, store_errors
from leaderboard.ui.data import TTL_S, Version, file_version

RUN_PARAM = "run"
SHOWN_KEY = "validate_shown_at"  # item -> when it was first shown in this browser session
LONG_TEXT = 1200  # characters: a longer passage scrolls in a box of its own


@st.cache_resource(show_spinner=False)
def cases_in(folder: str) -> dict[str, Script]:
    """Every valid case directly under `folder`, by id, loaded once per server."""
    return installed_cases(folder)


def bundled() -> dict[str, Script]:
    return cases_in(str(default_scripts_dir()))


def generated() -> dict[str, Script]:
    folder = default_scripts_dir() / GENERATED_DIR
    return cases_in(str(folder)) if folder.is_dir() else {}


def find_case(script_id: str) -> Script | None:
    """A case by id: the bundled ones first, the generated set only when needed (it is slow to load)."""
    return bundled().get(script_id) or generated().get(script_id)


def render() -> None:
    st.title("Validate")
    st.caption("Answer the QA suites yourself: a sample stratified by suite and case, one item at a time, timed, "
               "with exactly what a model is sent (the same texts and images, the options shuffled as the model "
               "sees them). Your answers are graded and recorded like a model's, as the entry human/<your name>.")
    run_id = st.query_params.get(RUN_PARAM)
    with store_errors():
        if run_id:
            answer(run_id)
        else:
            setup()
    with store_errors():
        people_section()


def setup() -> None:
    """The form that starts (or, with the same choices, resumes) a run."""
    cases = dict(bundled())
    if st.toggle("Offer the generated cases too", key="validate-generated"):
        cases |= generated()
    if not cases:
        st.info(f"No valid case under `{default_scripts_dir()}`; set ARENA_SCRIPTS to a folder of cases.")
        return
    with st.form("validate-setup"):
        name = st.text_input("Your name", key="validate-name", help="You are recorded as the entry human/<name>.")
        suites = st.multiselect("Suites", list(SUITE_ORDER), default=list(SUITE_ORDER), key="validate-suites",
                                format_func=str.upper)
        chosen = st.multiselect("Cases", list(cases), default=list(bundled()), key="validate-cases",
                                format_func=lambda i: f"{cases[i].title} ({i})")
        size = st.number_input("Items", min_value=1, max_value=500, value=DEFAULT_SIZE, key="validate-size")
        seed = st.number_input("Seed", min_value=0, max_value=2**31 - 1, value=0, key="validate-seed",
                               help="The same name, suites, cases, seed and size resume the same run.")
        start = st.form_submit_button("Start", type="primary")
    if start:
        sample = HumanSample(suites=tuple(Suite(s) for s in suites), seed=int(seed), size=int(size))
        run = HumanRun.begin(db_path(), name, [cases[c] for c in chosen], sample)
        st.query_params[RUN_PARAM] = run.run_id
        st.rerun()


def answer(run_id: str) -> None:
    """The run's next item and its answer form; the run's figures once every item is answered."""
    run = HumanRun.resume(db_path(), run_id, find_case)
    item = run.next_item()
    if item is None:
        finished(run)
        return
    view = run.view(item)
    shown_at = st.session_state.setdefault(SHOWN_KEY, {}).setdefault(f"{run_id}/{view.position}", time.monotonic())
    left = len(run.pending())
    st.progress((view.total - left) / view.total, text=f"{run.person.name}: item {view.position} of {view.total} "
                                                      f"({view.total - left} answered)")
    show_item(view)
    letters = choice_form(view)
    if letters is None:
        return
    try:
        run.answer(item, ", ".join(letters), (time.monotonic() - shown_at) * 1000.0)
    except AnswerError as exc:
        st.warning(f"Not recorded: {exc}.")
        return
    st.rerun()


def show_item(view: ItemView) -> None:
    """The material as the model gets it: the system prompt, the labelled texts, the images."""
    with st.expander("What every model is told first"):
        st.markdown(plain(instructions()))
    for label, body in view.texts:
        st.markdown(f"**{plain(label)}**")
        with st.container(height=360 if len(body) > LONG_TEXT else "content", border=True):
            st.markdown(plain(body))
    for title, path in view.images:
        st.image(str(path), caption=f"Image clue '{title}'")


def choice_form(view: ItemView) -> list[str] | None:
    """The question, its options and the submit button; the chosen letters once submitted, else None."""
    with st.form(f"validate-item-{view.position}"):
        st.markdown(f"**Question: {plain(view.stem)}**")
        st.caption(view.rule)
        labels = dict(view.options)
        if view.n_correct == 1:
            picked = st.radio("Your answer", list(labels), index=None, key=f"validate-choice-{view.position}",
                              format_func=lambda letter: f"{letter}. {labels[letter]}")
            letters = [picked] if picked else []
        else:
            letters = [letter for letter, text in view.options
                       if st.checkbox(f"{letter}. {text}", key=f"validate-choice-{view.position}-{letter}")]
        sent = st.form_submit_button("Answer", type="primary")
    return letters if sent else None


def finished(run: HumanRun) -> None:
    summary = run.summary()
    st.success(f"All {len(run.items)} items answered, recorded as {run.person.name} (run {run.run_id}).")
    rows = [{"suite": s.upper(), "accuracy %": a["accuracy"], "n": a["n"], "95% CI": a["ci"]}
            for s, a in summary["suites"].items()]
    st.dataframe(pd.DataFrame(rows), hide_index=True)
    if st.button("Answer another sample", key="validate-again"):
        del st.query_params[RUN_PARAM]
        st.rerun()


@st.cache_data(ttl=TTL_S, show_spinner=False)
def _people(path: str, version: Version) -> tuple[list[PeopleRow], list[Dispute]]:
    if not Path(path).is_file():
        return [], []
    with Reader(path).snapshot() as conn:
        if conn is None:
            return [], []
        return people_accuracy(conn), disputed_items(conn, find_case)


def people_section() -> None:
    """People's accuracy per suite with n, and the items where most people chose something else than the key."""
    if not Path(db_path()).is_file():
        start_message(db_path(), missing=True)
        st.caption("Or answer a sample above: your first answer creates the database file.")
        return
    people, disputes = _people(db_path(), file_version(db_path()))
    st.subheader("People's accuracy per suite")
    if not people:
        st.caption("Nobody has answered yet.")
        return
    st.dataframe(people_frame(people), hide_index=True)
    st.subheader(f"Items where people disagree with the key ({len(disputes)})")
    st.caption("An item is listed when a strict majority of the people who answered it chose something other "
               "than the key: a wrong key, an ambiguous question, or evidence the item is not sent. Letters are "
               "the case's own (not the shuffled ones); key and question as the case file reads now.")
    if disputes:
        with st.expander("Show them (this shows the keys: for review, not before answering)"):
            st.dataframe(disputes_frame(disputes), hide_index=True)


def people_frame(people: list[PeopleRow]) -> pd.DataFrame:
    rows = []
    for p in people:
        row: dict[str, object] = {"person": p.entry}
        for suite in SUITE_ORDER:
            cell = p.suites.get(suite) or {}
            row[f"{suite.upper()} %"], row[f"{suite.upper()} n"] = cell.get("accuracy"), cell.get("n", 0)
        rows.append(row)
    return pd.DataFrame(rows)


def disputes_frame(disputes: list[Dispute]) -> pd.DataFrame:
    return pd.DataFrame([{"case": d.script_id, "item": d.question_id, "suite": d.suite.upper(), "key": d.key,
                          "people chose": ", ".join(f"{letters} ×{n}" for letters, n in d.choices.items()),
                          "disagree": f"{d.disagree} of {d.people}", "question": d.stem} for d in disputes])
