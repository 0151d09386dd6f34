"""Leaderboard page: entries ranked by the side-balanced rating, TrueSkill overall and per faction, win rates
without ties, forfeit and provider-failure rates, the murderer-side advantage, the CI chart, the per-side
(deceiving, detecting) and clean-games ratings with a scatter of the two sides, frozen pools."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from leaderboard.ratings.board import MIN_GAMES
from leaderboard.ui import board_data, charts, data
from leaderboard.ui.common import DASH, count, entry_url, link_column, missing, open_board, percent, store_errors

COLUMNS = {
    "rank": st.column_config.NumberColumn("Rank", help="Side-balanced Bradley-Terry rank: entries share a rank while "
                                          "their 95% intervals overlap", format="%d"),
    "display": st.column_config.TextColumn("Entry"),
    "link": link_column("Entry", help="Open the entry's page: its settings, history and results"),
    "rating": st.column_config.NumberColumn("Rating", help="Side-balanced Bradley-Terry: strengths fitted together "
                                            "with the murderer-side advantage (Elo-like scale)", format="%.0f"),
    "rating_ci": st.column_config.TextColumn("95% CI", help="Bootstrap interval around the side-balanced rating"),
    "mu": st.column_config.NumberColumn("TrueSkill μ", format="%.1f"),
    "sigma": st.column_config.NumberColumn("σ", format="%.2f"),
    "conservative": st.column_config.NumberColumn("μ − 3σ", help="Conservative TrueSkill", format="%.1f"),
    "mu_civilian": st.column_config.NumberColumn("μ as civilians", help="TrueSkill of the civilian side",
                                                 format="%.1f"),
    "sigma_civilian": st.column_config.NumberColumn("σ civ", format="%.2f"),
    "mu_murderer": st.column_config.NumberColumn("μ as murderer", help="TrueSkill of the murderer side",
                                                 format="%.1f"),
    "sigma_murderer": st.column_config.NumberColumn("σ mur", format="%.2f"),
    "bt": st.column_config.NumberColumn("Bradley-Terry", help="Plain Bradley-Terry, sides ignored", format="%.0f"),
    "ci": st.column_config.TextColumn("BT 95% CI", help="Bootstrap interval around the plain Bradley-Terry rating"),
    "games": st.column_config.NumberColumn("Games", format="%d"),
    "wins": st.column_config.NumberColumn("Wins", format="%d"),
    "draws": st.column_config.NumberColumn("Ties", help="Vote ties: draws for the ratings, left out of win rates",
                                           format="%d"),
    "win_rate_civilian": st.column_config.NumberColumn("Win rate as civilians", format="percent"),
    "win_rate_murderer": st.column_config.NumberColumn("Win rate as murderer", format="percent"),
    "civilian_text": st.column_config.TextColumn("Won as civilians", help="Share of decided games won with the "
                                                 "entry in the civilian roles, of n decided games (ties left out)"),
    "murderer_text": st.column_config.TextColumn("Won as murderer", help="Share of decided games won with the "
                                                 "entry as the murderer, of n decided games (ties left out)"),
    "forfeit_rate": st.column_config.NumberColumn("Forfeit rate", help="Share of the entry's decisions forfeited "
                                                  "(own faults and provider failures)", format="percent"),
    "provider_failure_rate": st.column_config.NumberColumn("Provider failures", help="Share of the entry's decisions "
                                                           "lost to provider failures (api_error, timeout, "
                                                           "context_limit, refused_or_blocked)", format="percent"),
    "cost_per_game": st.column_config.NumberColumn("$ / game", help="What the entry's own model calls cost per "
                                                   "game it played (priced at its entry's prices; — when unpriced "
                                                   "or free)", format="$%.4f"),
    "cost_per_point": st.column_config.NumberColumn("$ / rating point", help="The entry's total spend per rating "
                                                    "point above the field's 1000 (— at or below 1000, or when "
                                                    "it spent nothing)", format="$%.4f"),
    "provisional": st.column_config.CheckboxColumn("Provisional", help=f"Fewer than {MIN_GAMES} games"),
    "deprecated": st.column_config.CheckboxColumn("Deprecated"),
}


SIDE_COLUMNS = {
    "display": st.column_config.TextColumn("Entry"),
    "rating_murderer": st.column_config.NumberColumn("As murderer", help="Deceiving: the entry's strength as the "
                                                     "murderer, against the civilians it met (Elo-like scale; "
                                                     "1000 = the field's average murderer)", format="%.0f"),
    "rating_murderer_ci": st.column_config.TextColumn("Murderer 95% CI",
                                                       help="Bootstrap interval around the rating as murderer"),
    "rating_civilian": st.column_config.NumberColumn("As civilians", help="Detecting: the entry's strength in the "
                                                     "civilian roles, against the murderers it met (1000 = the "
                                                     "field's average civilians)", format="%.0f"),
    "rating_civilian_ci": st.column_config.TextColumn("Civilians 95% CI",
                                                       help="Bootstrap interval around the rating as civilians"),
    "rating": st.column_config.NumberColumn("Rating", help="Side-balanced rating over all rated games",
                                            format="%.0f"),
    "rating_clean": st.column_config.NumberColumn("Clean-games rating", help="Side-balanced rating over the games "
                                                  "in which neither side forfeited a decision", format="%.0f"),
    "rating_clean_ci": st.column_config.TextColumn("Clean 95% CI",
                                                    help="Bootstrap interval around the clean-games rating"),
    "clean_games": st.column_config.NumberColumn("Clean games", format="%d"),
    "clean_differs": st.column_config.CheckboxColumn("Differs", help="The all-games and clean-games 95% intervals "
                                                     "do not overlap: forfeits moved this entry's rating"),
}
MAIN = ["rank", "link", "rating", "rating_ci", "games", "wins", "draws", "civilian_text", "murderer_text",
        "forfeit_rate", "provider_failure_rate", "cost_per_game", "cost_per_point", "provisional"]
DETAILS = ["mu", "sigma", "conservative", "mu_civilian", "sigma_civilian", "mu_murderer", "sigma_murderer", "bt", "ci"]
INTRO = """**Whodunit Arena** rates vision-language models by how they play murder-mystery games
(WhodunitBench's protocol). Each game seats one entry in every civilian role and another as the
murderer; the roles introduce themselves, talk in rounds (ask one another, investigate locations to
reveal clues, some of them images), name a suspect with method and motive, then vote. The civilians
win when the culprit gets the most votes; a tie in the vote is a tie. Every pairing is played with
the sides swapped."""
ABOUT = """- **Entry**: one contestant, a provider and model with fixed settings (`builtin/...` are offline
  baselines). Its page lists the settings: vision (whether images are sent), strategy (`direct`
  answers at once, `cot` reasons privately first), sampling.
- **Rating**: side-balanced Bradley-Terry on an Elo-like scale, fitted together with the murderer
  side's advantage; the 95% interval comes from a bootstrap over games. Entries share a rank while
  their intervals overlap; fewer than the minimum games marks a rating *provisional*.
- **As murderer / as civilians**: a deceiving and a detecting rating, one strength per side (each side's
  average is 1000, so they say where an entry stands among murderers and among civilians).
- **Clean-games rating**: the side-balanced rating over the games where neither side forfeited a
  decision; *Differs* marks an entry whose two intervals do not overlap (it gains or loses by forfeits).
- **TrueSkill** (μ, σ; conservative μ − 3σ) is shown beside it for reference.
- **Forfeit rate**: share of an entry's decisions it lost (its own invalid output, or a provider failure).
- **$ / game** and **$ / rating point**: what the entry's own model calls cost per game, and its total
  spend per rating point above the field's 1000 (— when it spent nothing or rates at or below 1000).
- Other pages: **Head-to-head** (who beat whom, each seating), **Chain of evaluation** (WhodunitBench's
  Table 3: understanding and reasoning scores), **Game replay** (read a game turn by turn), **Scripts**
  (the cases), **Entry**."""


def side_texts(table: pd.DataFrame, side: str) -> list[str]:
    """`67% of 3` per row: the side's win rate over its decided games ("—" without one)."""
    decided = table[f"games_{side}"].fillna(0) - table[f"draws_{side}"].fillna(0)
    return [DASH if missing(rate) or not n else f"{percent(rate)} of {count(n)}"
            for rate, n in zip(table[f"win_rate_{side}"], decided, strict=True)]


def source_caption(board: board_data.Board) -> str:
    if board.source == "snapshot":
        return (f"From the latest rating snapshot `{board.snapshot_id}` ({board.computed_at:%Y-%m-%d %H:%M} UTC), "
                f"covering all {board.n_finished} finished games.")
    return (f"Computed live from {board.n_finished} finished games with {board_data.FALLBACK_BOOTSTRAP} bootstrap "
            "rounds, because no rating snapshot covers them yet (the arena writes one after every tournament; "
            "`arena leaderboard --snapshot` writes one now).")


def side_caption(summary: dict[str, Any]) -> str:
    """The murderer-side advantage, ties and the provider-failure rule, in words ("" for older snapshots)."""
    if "side_term" not in summary:
        return ""
    rule = ("games with provider failures included" if summary["include_provider_failures"] else
            f"{summary['excluded_provider_failure_games']} games with provider failures unrated")
    return (f"Murderer-side advantage: an equal murderer wins {100 * summary['equal_murderer_wins']:.0f}% "
            f"[{100 * summary['equal_murderer_wins_low']:.0f}, {100 * summary['equal_murderer_wins_high']:.0f}] "
            f"(95% CI; side term {summary['side_term']:+.2f} log-odds). Raw: the murderer won "
            f"{summary['murderer_wins']} of {summary['decisive_games']} decisive games; {summary['ties']} ties "
            f"(draws for the ratings, left out of win rates); {rule}.")


def board_table(path: str, show_deprecated: bool) -> pd.DataFrame:
    board = board_data.board(path)
    table = board_data.with_costs(board_data.with_entry_info(board.rows, data.entries(path)),
                                  data.entry_costs(path))
    if not show_deprecated:
        table = table[~table["deprecated"]]
    st.caption(source_caption(board))
    if text := side_caption(board.summary):
        st.caption(text)
    table = table.assign(order=table["rank"].fillna(len(table) + 1))
    return table.sort_values(["order", "rating", "entry"], ascending=[True, False, True]).reset_index(drop=True)


def render_sides(table: pd.DataFrame, summary: dict[str, Any]) -> None:
    """The per-side ratings with their scatter, and the clean-games rating with its flag."""
    st.subheader("Per side and clean games")
    st.caption("A deceiving rating (as murderer) and a detecting rating (as civilians): each entry gets one "
               "strength per side, fitted together; each side's average is 1000, on the same Elo-like scale. "
               "The clean-games rating refits the side-balanced rating on the "
               f"{summary.get('clean_rated_games', DASH)} games in which neither side forfeited a decision.")
    shown = table.assign(clean_differs=table["clean_differs"].eq(True))  # older snapshots: missing
    st.dataframe(shown[["entry", *SIDE_COLUMNS]], column_config=SIDE_COLUMNS, column_order=list(SIDE_COLUMNS),
                 hide_index=True, width="stretch")
    if shown["clean_differs"].any():
        flagged = ", ".join(shown.loc[shown["clean_differs"], "display"])
        st.warning(f"All-games and clean-games ratings differ by more than their intervals for: {flagged}.")
    if table["rating_murderer"].notna().any():
        st.altair_chart(charts.side_scatter(table), width="stretch")
        st.caption("Above the dashed diagonal: an entry that stands higher among murderers than among civilians.")
    elif summary.get("per_side_identified") is False:
        st.info("Per-side ratings need the entries' sides to meet one another (with two entries only, who is the "
                "better murderer and who the better detective cannot be told apart): play more pairings.")


def render_pool(path: str, name: str) -> None:
    """A frozen reference pool: its stored ratings and the entries placed against it."""
    table, about = board_data.pool_view(path, name)
    if table.empty:
        st.info(f"No frozen pool {name!r}.")
        return
    st.caption(f"Frozen pool **{name}**, frozen {about['frozen_at']:%Y-%m-%d %H:%M} UTC over "
               f"{about['n_games_total']} games (side term {about['side_term']:+.2f}): these ratings never change; "
               "newcomers submitted with `--pool` are rated against them from their games against the pool only.")
    names = data.display_names(path)
    table = table.assign(display=[names.get(e, e) for e in table["entry"]],
                         ci=[board_data.ci_text(r, lo, hi) for r, lo, hi in
                             zip(table["rating"], table["rating_low"], table["rating_high"], strict=True)])
    st.dataframe(table[["display", "rating", "ci", "games", "status"]], hide_index=True, width="stretch",
                 column_config={"display": "Entry", "rating": st.column_config.NumberColumn("Rating", format="%.0f"),
                                "ci": "95% CI", "games": "Games", "status": "Status"})


def render() -> None:
    st.title("Leaderboard")
    st.markdown(INTRO)
    with st.expander("What the columns mean"):
        st.markdown(ABOUT)
    path = open_board()
    if path is None:
        return
    with store_errors():
        pools = board_data.pool_names(path)
        view = st.selectbox("Ratings", ["Current board", *[f"Frozen pool {p}" for p in pools]]) if pools else None
        if view and view.startswith("Frozen pool "):
            render_pool(path, view.removeprefix("Frozen pool "))
            return
        show_deprecated = st.toggle("Show deprecated entries", value=False,
                                    help="Earlier versions and retired entries keep their games and ratings.")
        table = board_table(path, show_deprecated)
        if table.empty:
            st.info("No finished games yet: the board fills in once games finish.")
            return
        table = table.assign(link=[entry_url(e, d) for e, d in zip(table["entry"], table["display"], strict=True)],
                             civilian_text=side_texts(table, "civilian"), murderer_text=side_texts(table, "murderer"))
        details = st.toggle("Show TrueSkill and plain Bradley-Terry columns", value=False)
        order = MAIN + (["deprecated"] if show_deprecated else []) + (DETAILS if details else [])
        st.dataframe(table[["entry", *COLUMNS]], column_config=COLUMNS,
                     column_order=order, hide_index=True, width="stretch")
        st.caption("Ranked by the side-balanced Bradley-Terry rating (click a header to sort): entries share a rank "
                   "while their 95% intervals overlap. Self-play games are not rated.")
        if table["rating"].notna().any():
            st.subheader("Side-balanced ratings with 95% intervals")
            balanced = table.assign(bt=table["rating"], ci_low=table["rating_low"], ci_high=table["rating_high"])
            st.altair_chart(charts.ci_chart(balanced), width="stretch")
            render_sides(table, board_data.board(path).summary)
