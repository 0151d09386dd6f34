"""The pages and the navigation: `main()` is the whole app; `page(name)` links one page from another."""

from __future__ import annotations

import importlib

import streamlit as st

from leaderboard.ui.common import sidebar

# url path -> (title, module with a `render()` function, icon)
PAGES: dict[str, tuple[str, str, str]] = {
    "leaderboard": ("Leaderboard", "leaderboard.ui.leaderboard_page", ":material/leaderboard:"),
    "head-to-head": ("Head-to-head", "leaderboard.ui.head_to_head_page", ":material/grid_on:"),
    "coe": ("Chain of evaluation", "leaderboard.ui.coe_page", ":material/fact_check:"),
    "replay": ("Game replay", "leaderboard.ui.replay_page", ":material/movie:"),
    "scripts": ("Scripts", "leaderboard.ui.scripts_page", ":material/menu_book:"),
    "entry": ("Entry", "leaderboard.ui.entry_page", ":material/person:"),
    "play": ("Play", "leaderboard.ui.play_page", ":material/sports_esports:"),
    "validate": ("Validate", "leaderboard.ui.validate_page", ":material/rule:"),
}


def page(name: str, default: bool = False) -> st.Page:
    """The page at url path `name` (its module is imported when the page runs)."""
    title, module, icon = PAGES[name]

    def render() -> None:
        importlib.import_module(module).render()

    return st.Page(render, title=title, icon=icon, url_path=name, default=default)


def main(default: str = "leaderboard") -> None:
    """Page config, sidebar, navigation; `default` is the page shown at the root URL."""
    st.set_page_config(page_title="Whodunit Arena", page_icon=":material/search:", layout="wide")
    navigation = st.navigation([page(name, default=name == default) for name in PAGES])
    sidebar()
    navigation.run()
