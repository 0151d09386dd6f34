"""Browser check of the Play page: a whole human game played through the UI in headless Debian Chromium.

`streamlit run` on loopback with an empty database and the fixture case; Playwright fills each
decision form and submits it, waiting (auto-waiting locators, no sleeps) for the next form, whose
key carries the number of moves made, or for the final result. Fails on any exception or error box.
A reload in the middle of the game must show the same turn. Screenshot: `artifacts/screenshots/`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arena.store import Reader
from tests.conftest import FIXTURE_CASE
from tests.ui.test_browser import ERROR_SELECTORS, ROOT, SHOTS, START_TIMEOUT_MS, browser, free_port  # noqa: F401

pytestmark = pytest.mark.browser
TURN_TIMEOUT_MS = 60_000
MAX_TURNS = 40
SUCCESS = '[data-testid="stAlertContentSuccess"]'
RUNNING = '[data-testid="stStatusWidget"]'


@pytest.fixture(scope="module")
def play_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("play") / "arena.duckdb"
    port = free_port()
    command = [sys.executable, "-m", "streamlit", "run", str(ROOT / "streamlit_app.py"), "--server.headless", "true",
               "--browser.gatherUsageStats", "false", "--server.address", "127.0.0.1", "--server.port", str(port),
               "--server.fileWatcherType", "none"]
    env = {**os.environ, "ARENA_DB": str(db), "ARENA_SCRIPTS": str(FIXTURE_CASE.parent)}
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        serving(process)
        yield f"http://127.0.0.1:{port}", db
    finally:
        process.terminate()
        process.wait(timeout=20)


def serving(process: subprocess.Popen[bytes]) -> None:
    """Block until streamlit says it serves (its output is read line by line, then drained in the background);
    the server is killed, and the test fails, if that takes over a minute or it exits first."""
    assert process.stdout is not None
    killer = threading.Timer(START_TIMEOUT_MS / 1000, process.kill)
    killer.start()
    seen = []
    try:
        for line in iter(process.stdout.readline, b""):
            seen.append(line.decode(errors="replace"))
            if b"You can now view your Streamlit app" in line:
                threading.Thread(target=process.stdout.read, daemon=True).start()
                return
    finally:
        killer.cancel()
    pytest.fail("streamlit did not start:\n" + "".join(seen[-20:]))


def no_errors(page: Any) -> None:
    errors = [box.inner_text() for selector in ERROR_SELECTORS for box in page.query_selector_all(selector)]
    assert errors == []


def turn(page: Any, session_id: str, moves: int) -> Any:
    """The decision form after `moves` moves, or the result box when the game is over (waits for either)."""
    form = page.locator(f".st-key-turn-{session_id}-{moves}")
    page.locator(f".st-key-turn-{session_id}-{moves}, {SUCCESS}").first.wait_for(timeout=TURN_TIMEOUT_MS)
    # The run that drew it is under way: wait for it to end, so nothing is redrawn under the test's hands.
    page.locator(RUNNING).wait_for(state="detached", timeout=TURN_TIMEOUT_MS)
    return form if form.count() else None


def fill_each(page: Any, fields: Any, text: str) -> None:
    """Fill every field of a locator. A field that Streamlit redraws under the fill (detached, or hidden for a
    moment) is found again and filled again, after the redraw's run has ended (three tries)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for i in range(fields.count()):
        for attempt in range(3):
            page.locator(RUNNING).wait_for(state="detached", timeout=TURN_TIMEOUT_MS)
            try:
                fields.nth(i).fill(text, timeout=TURN_TIMEOUT_MS // 3)
                break
            except PlaywrightTimeout:
                if attempt == 2:
                    raise


def act(page: Any, form: Any, session_id: str, moves: int) -> None:
    """Fill the form's text fields (choices keep their first legal option) and submit it. A click that lands
    while Streamlit redraws the form is dropped by the browser; when neither the next form nor the result
    has come and no run is under way while the same form still stands, the click is made again (three tries)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    fill_each(page, form.locator("textarea"), "I was in the study at twenty to ten; the fallen clock says the rest.")
    fill_each(page, form.locator('input[type="text"]:not([role="combobox"])'), "Where were you at twenty to ten?")

    after = page.locator(f".st-key-turn-{session_id}-{moves + 1}, {SUCCESS}").first
    for _ in range(3):
        form.get_by_role("button", name="Submit").click()
        try:
            after.wait_for(timeout=TURN_TIMEOUT_MS // 3)
            return
        except PlaywrightTimeout:
            if page.locator(RUNNING).count() or not form.count():
                after.wait_for(timeout=TURN_TIMEOUT_MS)
                return
    pytest.fail(f"move {moves}: the form was submitted three times and nothing followed")


def test_a_person_plays_a_whole_game_in_chromium(play_server: tuple[str, Path], browser: Any) -> None:  # noqa: F811
    url, db = play_server
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1440, "height": 1600})
    try:
        started = time.perf_counter()
        page.goto(f"{url}/play", timeout=START_TIMEOUT_MS)
        page.locator(".st-key-play-name input").fill("Chromium Tester")
        page.get_by_role("button", name="Start the game").click()
        page.wait_for_url("**/play?session=*", timeout=TURN_TIMEOUT_MS)
        session_id = page.url.rsplit("session=", 1)[1]
        moves = 0
        while (form := turn(page, session_id, moves)) is not None and moves < MAX_TURNS:
            no_errors(page)
            if moves == 3:
                page.screenshot(path=str(SHOTS / "play-midgame.png"), full_page=True)
                page.reload()
                form = turn(page, session_id, moves)  # the same turn comes back from the store
                assert form is not None
            act(page, form, session_id, moves)
            moves += 1
        elapsed = time.perf_counter() - started
        page.locator(SUCCESS).wait_for(timeout=TURN_TIMEOUT_MS)
        no_errors(page)
        print(f"\nwhole human game in Chromium: {moves} moves in {elapsed:.1f} s")
        assert "recorded as g-" + session_id in page.locator(SUCCESS).inner_text()
        page.screenshot(path=str(SHOTS / "play-finished.png"), full_page=True)
    finally:
        page.close()
    games = Reader(db).games()
    assert [(g.civilians_entry, g.murderer_entry, g.status) for g in games][0][2] == "finished"
    assert "human/Chromium_Tester" in (games[0].civilians_entry, games[0].murderer_entry)
