"""The Play page through the real navigation (`AppTest`): a person plays a whole game on the fixture case
against built-in entries, a reload resumes it, and the game ends up recorded as `human/<name>`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from arena.store import Reader
from arena.store.sessions import SessionLog
from tests.conftest import FIXTURE_CASE
from tests.ui.test_pages import app, assert_clean

MAX_TURNS = 40


@pytest.fixture
def fixture_cases(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_SCRIPTS", str(FIXTURE_CASE.parent))


def click(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click()
    return at.run()


def start(db: Path, role: str = "fern") -> AppTest:
    at = app("play", db)
    assert_clean(at)
    at.text_input(key="play-name").input("Grace")
    at.selectbox(key="play-role").set_value(role)
    at.selectbox(key="play-opponents").set_value("builtin/random")
    return click(at, "Start the game")


def take_turn(at: AppTest) -> AppTest:
    """Fill every text field of the decision form (choices keep their first legal option) and submit."""
    for area in at.text_area:
        area.input("I was in the study; the clock says twenty to ten.")
    for field in at.text_input:
        if field.key != "play-name" and field.key != "arena_db":
            field.input("Where were you at twenty to ten?")
    return click(at, "Submit")


def turn_text(at: AppTest) -> str:
    return next(m.value for m in at.markdown if str(m.value).startswith("**Your turn**"))


def test_a_person_plays_a_whole_game_and_it_is_recorded(tmp_path: Path, fixture_cases: None) -> None:
    db = tmp_path / "arena.duckdb"
    at = start(db)
    assert_clean(at)
    session_id = str(at.query_params["session"])
    assert "you are Fern Holloway" in at.subheader[0].value
    shown = "\n".join(str(m.value) for m in at.markdown)
    assert "Raised voices in the greenhouse" in shown  # Fern's private clue
    assert "struck her with a clay pot" not in shown  # Rowan's script never reaches Fern
    assert "clue(s)" not in shown and re.search(r"- Greenhouse: (no clues|1 clue|\d+ clues) left", shown)
    assert "**Goals**\n- " in shown and ".;" not in shown  # goals and people as lists, not run together
    assert len(at.image) == 1  # the public clock card (the note is still hidden in the greenhouse)
    turns = 0
    while not at.success and turns < MAX_TURNS:
        at = take_turn(at)
        assert_clean(at)
        turns += 1
    assert at.success, "the game did not end"
    assert "recorded as g-" + session_id in at.success[0].value
    assert any("The culprit: Rowan Ashe." in str(m.value) for m in at.markdown)  # told once the game is over
    games = Reader(db).games()
    assert len(games) == 1 and games[0].civilians_entry == "human/Grace" and games[0].status == "finished"
    assert turns == len(SessionLog(db).load(session_id).moves)  # type: ignore[union-attr]
    again = app("play", db, session=session_id)  # the finished session shows its result, and records nothing twice
    assert_clean(again)
    assert again.success and len(Reader(db).games()) == 1


def test_a_reload_resumes_the_game_where_the_person_left_it(tmp_path: Path, fixture_cases: None) -> None:
    db = tmp_path / "arena.duckdb"
    at = start(db, role="basil")
    for _ in range(3):
        at = take_turn(at)
    assert_clean(at)
    before = (turn_text(at), [str(m.value) for m in at.markdown])
    session_id = str(at.query_params["session"])
    reloaded = app("play", db, session=session_id)  # a new browser session: nothing but the URL survives
    assert_clean(reloaded)
    assert (turn_text(reloaded), [str(m.value) for m in reloaded.markdown]) == before
    assert len(SessionLog(db).load(session_id).moves) == 3  # type: ignore[union-attr]
    lost = app("play", db)  # the URL lost: the setup page finds the unfinished game by name
    lost.text_input(key="play-resume-name").input("Grace").run()
    assert_clean(lost)
    assert [link.proto.query_string for link in lost.get("page_link")] == [f"session={session_id}"]


def test_an_unknown_session_says_so(tmp_path: Path, fixture_cases: None) -> None:
    at = app("play", tmp_path / "arena.duckdb", session="nope")
    assert [e.value for e in at.error] and "no play session" in at.error[0].value
    assert not (tmp_path / "arena.duckdb").exists()


def test_the_role_picker_names_the_roles_and_every_profile_reads_in_full(tmp_path: Path, fixture_cases: None) -> None:
    from arena.scripts.loader import load_script
    from leaderboard.ui.common import plain

    script = load_script(FIXTURE_CASE)
    at = app("play", tmp_path / "arena.duckdb")
    assert_clean(at)
    picker = at.selectbox(key="play-role")
    assert picker.options == [r.name for r in script.roles], "names only: a long profile is never cut in the box"
    shown = "\n".join(str(m.value) for m in at.markdown)
    assert all(f"**{plain(r.name)}**: {plain(r.profile)}" in shown for r in script.roles)


def test_a_cot_opponents_private_reasoning_never_reaches_the_person(tmp_path: Path, fixture_cases: None,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    entries = tmp_path / "entries.toml"
    entries.write_text('[entries.cot-player]\nmodel = "mock/player"\nstrategy = "cot"\n', encoding="utf-8")
    monkeypatch.setenv("ARENA_ENTRIES", str(entries))
    monkeypatch.setenv("ARENA_CACHE_DIR", str(tmp_path / "cache"))
    db = tmp_path / "arena.duckdb"
    at = app("play", db)
    at.text_input(key="play-name").input("Grace")
    at.selectbox(key="play-role").set_value("fern")
    at.selectbox(key="play-opponents").set_value("cot-player")
    at.selectbox(key="play-teammates").set_value("cot-player")
    at = click(at, "Start the game")
    turns = 0
    while not at.success and turns < MAX_TURNS:
        assert_clean(at)
        seen = [str(e.value) for kind in (at.markdown, at.caption, at.info) for e in kind]
        assert not any("Private thoughts" in text for text in seen), "the page shows the person another's reasoning"
        at = take_turn(at)
        turns += 1
    assert at.success, "the game did not end"
    game = Reader(db).games()[0]
    kept = [e for e in Reader(db).events(game.game_id) if e.type == "agent_call" and e.payload.get("reasoning")]
    assert kept and all(e.role != "fern" for e in kept), "the models' reasoning is recorded, the person gives none"
