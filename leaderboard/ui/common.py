"""What every page shares: the chosen database, the sidebar, the start message, safe text, errors.

The database path comes from `ARENA_DB` (else `./arena.duckdb`) and can be changed in the sidebar;
the choice lives in the session. Pages call `open_board()` first: it returns the path when there
is something to show, else renders a helpful message (how to fill a database) and returns None.
Store errors (a file that stays locked, a newer schema) become one error box, never a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import quote

import pandas as pd
import streamlit as st

from arena.errors import ArenaError
from arena.store.db import default_db_path
from leaderboard.ui import data

DB_KEY = "arena_db"
START_COMMANDS = ("arena demo", "arena tournament --entries builtin/naive,builtin/random")
MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:])")


def plain(text: object) -> str:
    """Text shown through markdown as it is: markup characters are escaped (no formatting, no links)."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", str(text))


def db_path() -> str:
    if DB_KEY not in st.session_state:
        st.session_state[DB_KEY] = str(default_db_path())
    return str(st.session_state[DB_KEY])


def sidebar() -> None:
    """The database field and the refresh button (clears every cached query)."""
    with st.sidebar:
        db_path()
        st.text_input("Database file", key=DB_KEY, help="A DuckDB file written by the arena (default: $ARENA_DB).")
        if st.button("Refresh", help="Read the database again now (queries are cached for a few seconds)."):
            data.clear()
        st.caption("The board only reads the database; only the Play and Validate pages record what people "
                   "play and answer.")


def start_message(path: str, missing: bool) -> None:
    what = "There is no database file" if missing else "Nothing has been recorded yet in"
    st.info(f"{what} `{path}`. Fill it with one of these commands, then press Refresh:")
    for command in START_COMMANDS:
        st.code(f"ARENA_DB={path} {command}", language="bash")


def open_board(need: Callable[[data.DbStatus], bool] | None = None, lacking: str = "") -> str | None:
    """The database path when it holds something to show, else None after a message: how to fill an
    empty or missing database, or `lacking` when `need` says this page's data is not there yet."""
    path = db_path()
    with store_errors():
        status = data.status(path)
        if not status.exists or status.empty:
            start_message(path, not status.exists)
            return None
        if need is not None and not need(status):
            st.info(lacking)
            return None
        return path
    return None


@contextmanager
def store_errors() -> Iterator[None]:
    """Show an arena error (locked file, newer schema, unreadable case) as one error box."""
    try:
        yield
    except ArenaError as exc:
        st.error(str(exc))


def entry_picker(label: str, entries: list[str], names: dict[str, str], key: str, index: int = 0,
                 **kwargs: Any) -> str | None:
    """A selectbox over entry ids, labelled with display names."""
    if not entries:
        return None
    return st.selectbox(label, entries, index=min(index, len(entries) - 1), key=key,
                        format_func=lambda e: names.get(e, e), **kwargs)


DASH = "—"


def missing(value: object) -> bool:
    """None, NaN or NA: shown as a dash."""
    try:
        return value is None or bool(pd.isna(value))  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return False


def percent(value: object) -> str:
    """A share 0-1 as a whole percentage ("—" when missing)."""
    return DASH if missing(value) else f"{100 * float(value):.0f}%"  # type: ignore[arg-type]


def count(value: object) -> str:
    """A whole number with thousands separators ("—" when missing)."""
    return DASH if missing(value) else f"{int(value):,}"  # type: ignore[call-overload]


def number(value: object, digits: int = 0) -> str:
    """A number with thousands separators and `digits` decimals ("—" when missing)."""
    return DASH if missing(value) else f"{float(value):,.{digits}f}"  # type: ignore[arg-type]


def money(value: object) -> str:
    """US dollars: cents for a dollar or more, four decimals below ("—" when missing)."""
    if missing(value):
        return DASH
    amount = float(value)  # type: ignore[arg-type]
    return "$0" if amount == 0 else f"${amount:,.2f}" if amount >= 1 else f"${amount:.4f}"


def seconds(ms: object) -> str:
    """Milliseconds as seconds or milliseconds for people ("—" when missing)."""
    if missing(ms):
        return DASH
    value = float(ms)  # type: ignore[arg-type]
    return f"{value:.0f} ms" if value < 1000 else f"{value / 1000:,.1f} s"


def entry_url(entry_id: str, display: str | None = None) -> str:
    """The entry page's address (relative, so it works under any base path); the display name rides along
    after `#` so that a link column can show it."""
    return f"entry?entry={quote(entry_id, safe='/@')}" + (f"#{display}" if display else "")


def entry_link(entry_id: str, names: dict[str, str]) -> str:
    """A markdown link to the entry page, labelled with the display name."""
    return f"[{plain(names.get(entry_id, entry_id))}]({entry_url(entry_id)})"


def link_column(label: str, help: str | None = None) -> Any:
    """A data-frame column of `entry_url(id, display)` values that shows the display name and opens the entry."""
    return st.column_config.LinkColumn(label, help=help, display_text=r"#(.*)$")
