"""Ratings as pure functions of the game log: a side-balanced Bradley-Terry rating with the murderer-side
advantage, deceiving and detecting ratings per side, a clean-games rating, TrueSkill (overall and per
faction), plain Bradley-Terry with bootstrap CIs, forfeit and provider-failure rates, frozen reference
pools, and head-to-head matrices."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from leaderboard.ratings.board import Board, LeaderboardRow, compute_board, compute_leaderboard
    from leaderboard.ratings.bradley_terry import BradleyTerry, fit_bradley_terry
    from leaderboard.ratings.clean import clean_games, fit_clean
    from leaderboard.ratings.failures import FailureStats, failure_stats
    from leaderboard.ratings.games import GameLog, RatedGame, build_log, sort_games
    from leaderboard.ratings.matrix import FactionMatrix, faction_matrix
    from leaderboard.ratings.pool import FrozenPool, Placement, place_newcomers
    from leaderboard.ratings.side_skill import SideSkill, fit_side_skill
    from leaderboard.ratings.sides import SideAdvantage, SideBalanced, fit_side_balanced
    from leaderboard.ratings.trueskill_ratings import SkillTable, faction_trueskill, overall_trueskill

__all__ = [
    "Board", "BradleyTerry", "FactionMatrix", "FailureStats", "FrozenPool", "GameLog", "LeaderboardRow", "Placement",
    "RatedGame", "SideAdvantage", "SideBalanced", "SideSkill", "SkillTable", "build_log", "clean_games",
    "compute_board", "compute_leaderboard", "faction_matrix", "faction_trueskill", "failure_stats",
    "fit_bradley_terry", "fit_clean", "fit_side_balanced", "fit_side_skill", "overall_trueskill",
    "place_newcomers", "sort_games",
]

# Names are imported on first use (PEP 562), so that `leaderboard.ratings.defaults` loads without NumPy.
_HOME = {"Board": "board", "LeaderboardRow": "board", "compute_board": "board", "compute_leaderboard": "board",
         "BradleyTerry": "bradley_terry", "fit_bradley_terry": "bradley_terry", "FailureStats": "failures",
         "failure_stats": "failures", "GameLog": "games", "RatedGame": "games", "build_log": "games",
         "sort_games": "games", "FactionMatrix": "matrix", "faction_matrix": "matrix", "FrozenPool": "pool",
         "Placement": "pool", "place_newcomers": "pool", "SideAdvantage": "sides", "SideBalanced": "sides",
         "fit_side_balanced": "sides", "SideSkill": "side_skill", "fit_side_skill": "side_skill",
         "clean_games": "clean", "fit_clean": "clean", "SkillTable": "trueskill_ratings",
         "faction_trueskill": "trueskill_ratings", "overall_trueskill": "trueskill_ratings"}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
