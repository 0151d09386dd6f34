"""Browser check: `streamlit run` on loopback, every page opened in headless Debian Chromium at 1440x900.

Playwright drives the system Chromium (`executable_path`, no browser download). Waits are the
driver's wait-for-selector with timeouts. Screenshots go to `artifacts/screenshots/`. A page fails
on a Streamlit exception or error box; the replay fails when any turn's speech is not on the page
in full.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui.conftest import BoardDb

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
SHOTS = ROOT / "artifacts" / "screenshots"
START_TIMEOUT_MS = 60_000
PAGE_TIMEOUT_MS = 30_000
# url path -> a selector that appears once the page's main content rendered
PAGES = {
    "": '[data-testid="stDataFrame"]',
    "head-to-head": '[data-testid="stVegaLiteChart"]',
    "coe": '[data-testid="stDataFrame"]',
    "replay": '[data-testid="stChatMessage"]',
    "scripts": '[data-testid="stImage"]',
    "entry": '[data-testid="stDataFrame"]',
}
ERROR_SELECTORS = ('[data-testid="stException"]', '[data-testid="stAlertContentError"]')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve(env: dict[str, str]) -> Iterator[str]:
    """`streamlit run` on a free loopback port with `env` added; yields the base URL, then stops it."""
    port = free_port()
    command = [sys.executable, "-m", "streamlit", "run", str(ROOT / "streamlit_app.py"), "--server.headless", "true",
               "--browser.gatherUsageStats", "false", "--server.address", "127.0.0.1", "--server.port", str(port),
               "--server.fileWatcherType", "none"]
    process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
    assert process.stdout is not None
    for line in process.stdout:  # wait for the server to say it listens (EOF: it died; goto then fails)
        if b"URL:" in line:
            break
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=20)


@pytest.fixture(scope="module")
def server(board_db: BoardDb) -> Iterator[str]:
    yield from serve({"ARENA_DB": str(board_db.path)})


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (install it with tools/system_deps.sh)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed (dev extra)")
    with sync_api.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=str(CHROMIUM),
                                          args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield chromium
        chromium.close()


def open_page(browser: object, url: str, ready: str, shot: Path) -> tuple[list[str], str]:
    """Load `url`, wait for `ready`, screenshot; returns (texts of any error boxes, the page's text)."""
    page = browser.new_page(viewport={"width": 1440, "height": 900})  # type: ignore[attr-defined]
    try:
        page.goto(url, timeout=START_TIMEOUT_MS)
        page.wait_for_selector(ready, timeout=START_TIMEOUT_MS)
        # Streamlit shows a running indicator until the script run ends; wait for it to go.
        page.wait_for_selector('[data-testid="stStatusWidget"]', state="detached", timeout=PAGE_TIMEOUT_MS)
        page.screenshot(path=str(shot), full_page=True)
        errors = [box.inner_text() for selector in ERROR_SELECTORS for box in page.query_selector_all(selector)]
        return errors, page.inner_text("body")
    finally:
        page.close()


@pytest.mark.parametrize("url_path", list(PAGES))
def test_page_renders_in_chromium(server: str, browser: object, url_path: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / f"{url_path or 'leaderboard'}.png"
    errors, text = open_page(browser, f"{server}/{url_path}", PAGES[url_path], shot)
    assert errors == []
    assert "Whodunit" in text or "Leaderboard" in text
    assert shot.stat().st_size > 10_000


def test_replay_link_opens_the_game(server: str, browser: object, board_db: BoardDb) -> None:
    from arena.store import Reader

    game = Reader(board_db.path).games(status="aborted")[0]
    shot = SHOTS / "replay-aborted.png"
    SHOTS.mkdir(parents=True, exist_ok=True)
    errors, text = open_page(browser, f"{server}/replay?game={game.game_id}", '[data-testid="stChatMessage"]', shot)
    assert errors == []
    assert board_db.scripts[game.script_id].title in text
    assert "parse_error" in text and "the murderer forfeited" in text
    assert "<b>no JSON here</b> **at all**" in text, "an agent's markup shows as typed, not rendered"


def spoken(events: list[object]) -> list[str]:
    """Every public text of a game's turns (speech, answers, introductions)."""
    texts = []
    for event in events:
        payload = event.payload  # type: ignore[attr-defined]
        texts += [str(payload[k]) for k in ("text", "speech") if payload.get(k)]
    return texts


def test_replay_shows_every_turn_in_full(server: str, browser: object, board_db: BoardDb) -> None:
    from arena.store import Reader

    reader = Reader(board_db.path)
    game = reader.games(status="finished")[0]
    said = spoken(reader.events(game.game_id))
    shot = SHOTS / "replay-finished.png"
    SHOTS.mkdir(parents=True, exist_ok=True)
    errors, text = open_page(browser, f"{server}/replay?game={game.game_id}", '[data-testid="stChatMessage"]', shot)
    assert errors == [] and said
    flat = " ".join(text.split())
    cut = [line for line in said if " ".join(line.split()) not in flat]
    assert cut == [], f"speech cut off or missing: {cut[:2]}"


def test_a_deep_link_opens_the_turn_and_an_unknown_entry_says_so(server: str, browser: object,
                                                                  board_db: BoardDb) -> None:
    from arena.store import Reader

    game = Reader(board_db.path).games(status="finished")[0]
    SHOTS.mkdir(parents=True, exist_ok=True)
    errors, text = open_page(browser, f"{server}/replay?game={game.game_id}&turn=3", '[data-testid="stChatMessage"]',
                             SHOTS / "replay-turn-3.png")
    assert errors == [] and "Who knew which clue after turn 3" in text and "turn 4" not in text
    errors, text = open_page(browser, f"{server}/entry?entry=nope", '[data-testid="stAlert"]',
                             SHOTS / "entry-unknown.png")
    assert errors == [] and "No entry 'nope' in this database" in text


def test_replay_shows_cot_reasoning_collapsed_in_its_own_box(server: str, browser: object, board_db: BoardDb) -> None:
    from arena.store import Reader
    from tests.ui.conftest import COT

    reader = Reader(board_db.path)
    game = next(g for g in reader.games(status="finished") if g.civilians_entry == COT.entry_id)
    first = next(e.payload["reasoning"] for e in reader.events(game.game_id)
                 if e.type == "agent_call" and e.payload.get("reasoning"))
    page = browser.new_page(viewport={"width": 1440, "height": 900})  # type: ignore[attr-defined]
    try:
        page.goto(f"{server}/replay?game={game.game_id}", timeout=START_TIMEOUT_MS)
        page.wait_for_selector('[data-testid="stChatMessage"]', timeout=START_TIMEOUT_MS)
        page.wait_for_selector('[data-testid="stStatusWidget"]', state="detached", timeout=PAGE_TIMEOUT_MS)
        box = page.locator('[data-testid="stChatMessage"] [data-testid="stExpander"]',
                           has_text="private reasoning").first
        assert box.is_visible() and not box.get_by_text(first).is_visible(), "collapsed by default"
        speech = box.locator("xpath=ancestor::*[@data-testid='stChatMessage']").first
        assert first not in speech.locator('[data-testid="stMarkdown"]').first.inner_text()
        box.locator("summary").click()
        box.get_by_text(first).wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
        SHOTS.mkdir(parents=True, exist_ok=True)
        speech.screenshot(path=str(SHOTS / "replay-cot.png"))
        errors = [b.inner_text() for selector in ERROR_SELECTORS for b in page.query_selector_all(selector)]
        assert errors == []
    finally:
        page.close()
