"""Ratings as pure functions of the game log: a side-balanced Bradley-Terry rating with the murderer-side
advantage, TrueSkill (overall and per faction), plain Bradley-Terry with bootstrap CIs, forfeit and
provider-failure rates, frozen reference pools, and head-to-head matrices."""

from leaderboard.ratings.board import Board, LeaderboardRow, compute_board, compute_leaderboard
from leaderboard.ratings.bradley_terry import BradleyTerry, fit_bradley_terry
from leaderboard.ratings.failures import FailureStats, failure_stats
from leaderboard.ratings.games import GameLog, RatedGame, build_log, sort_games
from leaderboard.ratings.matrix import FactionMatrix, faction_matrix
from leaderboard.ratings.pool import FrozenPool, Placement, place_newcomers
from leaderboard.ratings.sides import SideAdvantage, SideBalanced, fit_side_balanced
from leaderboard.ratings.trueskill_ratings import SkillTable, faction_trueskill, overall_trueskill

__all__ = [
    "Board", "BradleyTerry", "FactionMatrix", "FailureStats", "FrozenPool", "GameLog", "LeaderboardRow", "Placement",
    "RatedGame", "SideAdvantage", "SideBalanced", "SkillTable", "build_log", "compute_board", "compute_leaderboard",
    "faction_matrix", "faction_trueskill", "failure_stats", "fit_bradley_terry", "fit_side_balanced",
    "overall_trueskill", "place_newcomers", "sort_games",
]
