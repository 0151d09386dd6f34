"""Browser check with a Chinese case: the replay of a game on 听松茶庄 and its scripts page render
in headless Chromium with the Chinese text (Debian's Noto CJK fonts; screenshots in
`artifacts/screenshots/zh-*.png` for a look at the glyphs)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.entries import builtin_entries
from arena.scripts.loader import load_script
from arena.store import Store
from tests.conftest import SCRIPTS_DATA
from tests.ui.conftest import play
from tests.ui.test_browser import SHOTS, open_page, serve
from tests.ui.test_browser import browser as _browser  # noqa: F401  (the Chromium fixture, as `_browser`)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def chinese_board(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A store holding one game on the Chinese case, and a cases folder holding only that case."""
    root = tmp_path_factory.mktemp("zh-board")
    cases = root / "cases"
    shutil.copytree(SCRIPTS_DATA / "tingsong", cases / "tingsong")
    entries = builtin_entries()
    store = Store(root / "arena.duckdb")
    play(store, [entries["builtin/naive"], entries["builtin/random"]], [load_script(cases / "tingsong")])
    return root / "arena.duckdb", cases


@pytest.fixture(scope="module")
def zh_server(chinese_board: tuple[Path, Path]) -> Iterator[str]:
    db, cases = chinese_board
    yield from serve({"ARENA_DB": str(db), "ARENA_SCRIPTS": str(cases)})


@pytest.mark.parametrize("url_path,ready,expected", [
    ("replay", '[data-testid="stDataFrame"]', ["听松茶庄", "附表：各器物乌头碱检测", "顾清秋"]),
    ("scripts", '[data-testid="stImage"]', ["听松茶庄", "沈若兰", "兔毫建盏"]),
])
def test_chinese_pages_render_in_chromium(zh_server: str, _browser: object, url_path: str, ready: str,  # noqa: F811
                                          expected: list[str]) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / f"zh-{url_path}.png"
    errors, text = open_page(_browser, f"{zh_server}/{url_path}", ready, shot)
    assert errors == []
    for fragment in expected:
        assert fragment in text, f"{fragment!r} not on the {url_path} page"
    assert shot.stat().st_size > 10_000
