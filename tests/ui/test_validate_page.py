"""The Validate page through the real navigation (`AppTest`): a person answers a sample of the fixture case's
items with exactly the context a model gets, timed; a refused answer stores nothing; a reload resumes at the
first unanswered item; the answers end up in `qa_answers` as `human/<name>`, graded like a model's."""

from __future__ import annotations

import time
from pathlib import Path

import duckdb
import pytest
from streamlit.testing.v1 import AppTest

from arena.coe.human_qa import HumanRun, HumanSample
from arena.coe.qa_run import make_item
from arena.scripts.loader import load_script
from arena.store.sessions import human_entry
from leaderboard.ui.common import plain
from tests.conftest import FIXTURE_CASE
from tests.ui.test_pages import app, assert_clean

SIZE = 4
PAUSE_S = 0.3


@pytest.fixture
def fixture_cases(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_SCRIPTS", str(FIXTURE_CASE.parent))


def click(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click()
    return at.run()


def expected_run(db: Path) -> HumanRun:
    """The same run as the page's, built here (nothing written): its items in order."""
    return HumanRun(db, human_entry("Grace"), [load_script(FIXTURE_CASE)], HumanSample(seed=3, size=SIZE))


def start(db: Path) -> AppTest:
    at = app("validate", db)
    assert_clean(at)
    assert not db.exists(), "the setup form writes nothing"
    at.text_input(key="validate-name").input("Grace")
    at.multiselect(key="validate-cases").set_value(["mini-greenhouse"])
    at.number_input(key="validate-size").set_value(SIZE)
    at.number_input(key="validate-seed").set_value(3)
    return click(at, "Start")


def choose(at: AppTest, position: int, letters: list[str]) -> AppTest:
    radios = [r for r in at.radio if r.key == f"validate-choice-{position}"]
    if radios:
        radios[0].set_value(letters[0])
    else:
        for letter in letters:
            at.checkbox(key=f"validate-choice-{position}-{letter}").check()
    return click(at, "Answer")


def shown(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in at.markdown)


def stored(db: Path) -> list[tuple[object, ...]]:
    with duckdb.connect(str(db), read_only=True) as conn:
        return conn.execute("SELECT question_id, entry_id, predicted, correct, latency_ms, mode, ablation, status "
                            "FROM qa_answers ORDER BY created_at").fetchall()


def test_a_person_answers_timed_items_with_a_models_context_and_a_reload_resumes(tmp_path: Path,
                                                                                fixture_cases: None) -> None:
    db = tmp_path / "arena.duckdb"
    run = expected_run(db)
    at = start(db)
    assert_clean(at)
    assert at.query_params["run"] == run.run_id  # the URL names the run: a reload resumes it
    answers: dict[str, tuple[str, bool]] = {}
    for position, (script, question) in enumerate(run.items[:2], start=1):
        item = make_item(script, question, run.sample.config, None)
        view = run.view(item)
        assert f"item {position} of {SIZE}" in at.get("progress")[0].proto.text
        text = shown(at)
        assert all(plain(label) in text and plain(body) in text for label, body in view.texts)
        assert len(at.image) == len(view.images)
        assert plain(question.stem) in text
        if position == 1:  # nothing chosen: refused, nothing stored, the clock keeps running
            at = click(at, "Answer")
            assert at.warning and "Not recorded" in at.warning[0].value and not stored(db)
        time.sleep(PAUSE_S)
        right = sorted(item.shuffled.answer)
        wrong = sorted(set(item.shuffled.options) - set(right))[: len(right)]
        letters = right if position == 1 else wrong
        at = choose(at, position, letters)
        assert_clean(at)
        answers[question.id] = (",".join(sorted(item.shuffled.to_original[x] for x in letters)), position == 1)
    rows = stored(db)
    assert [r[0] for r in rows] == list(answers)
    for question_id, entry_id, predicted, correct, latency, mode, ablation, status in rows:
        assert (entry_id, mode, ablation, status) == ("human/Grace", "direct", "none", "ok")
        assert (predicted, correct) == answers[str(question_id)]
        assert isinstance(latency, float) and latency >= PAUSE_S * 1000
    reloaded = app("validate", db, run=run.run_id)  # a new browser session: the URL alone resumes the run
    assert_clean(reloaded)
    assert f"item 3 of {SIZE} (2 answered)" in reloaded.get("progress")[0].proto.text
    at = reloaded
    for position, (script, question) in enumerate(run.items[2:], start=3):
        item = make_item(script, question, run.sample.config, None)
        at = choose(at, position, sorted(item.shuffled.answer))
        assert_clean(at)
    assert at.success and f"All {SIZE} items answered" in at.success[0].value
    assert len(stored(db)) == SIZE
    frames = [f.value for f in at.dataframe]
    people = next(f for f in frames if "person" in f)  # people's accuracy per suite, with n
    assert list(people["person"]) == ["human/Grace"] and sum(people[f"{s} n"].sum() for s in
                                                             ("LSU", "TIU", "MIU", "MMR")) == SIZE
    disputed = next(f for f in frames if "people chose" in f)  # the item answered wrong: 1 of 1 disagrees
    assert list(disputed["item"]) == [run.items[1][1].id] and list(disputed["disagree"]) == ["1 of 1"]
    assert list(disputed["key"]) == [",".join(run.items[1][1].answer)]


def test_an_unknown_run_says_so(tmp_path: Path, fixture_cases: None) -> None:
    at = app("validate", tmp_path / "arena.duckdb", run="qa-nope")
    assert at.error and "no person's QA run" in at.error[0].value
    assert not (tmp_path / "arena.duckdb").exists()
