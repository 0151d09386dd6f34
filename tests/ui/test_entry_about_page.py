"""The board's entry page shows what the stored entry says it is: display name, organisation, release date."""

from __future__ import annotations

import shutil
from pathlib import Path

from streamlit.testing.v1 import AppTest

from arena.entries import About, Entry
from arena.store import EntryRecord, Reader, Store
from tests.test_entry_about import ABOUT
from tests.ui.conftest import BoardDb


def run_page(page: str) -> None:
    from leaderboard.ui.nav import main

    main(page)


def test_the_store_keeps_the_metadata_and_the_entry_page_shows_it(board_db: BoardDb, tmp_path: Path) -> None:
    db = tmp_path / "arena.duckdb"
    shutil.copy(board_db.path, db)
    entry = Entry(name="tiny", model="mock/player", about=About(**ABOUT))
    Store(db).upsert_entry(EntryRecord.from_entry(entry))
    stored = next(e for e in Reader(db).entries() if e.entry_id == entry.entry_id)
    assert stored.settings["about"] == ABOUT
    at = AppTest.from_function(run_page, args=("entry",), default_timeout=60)
    at.session_state["arena_db"] = str(db)
    at.query_params["entry"] = entry.entry_id
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    shown = " ".join(m.value for m in at.markdown)
    assert "**Gemma 3 270M**" in shown and "Google" in shown and "released 2025-08" in shown
    assert "about" not in set(at.dataframe[0].value["setting"])
