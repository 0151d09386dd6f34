"""Ratings as pure functions of the finished-game log: TrueSkill (overall and per faction),
Bradley-Terry with bootstrap CIs, and head-to-head matrices."""

from leaderboard.ratings.board import LeaderboardRow, compute_leaderboard
from leaderboard.ratings.bradley_terry import BradleyTerry, fit_bradley_terry
from leaderboard.ratings.games import GameLog, RatedGame, build_log, sort_games
from leaderboard.ratings.matrix import FactionMatrix, faction_matrix
from leaderboard.ratings.trueskill_ratings import SkillTable, faction_trueskill, overall_trueskill

__all__ = [
    "BradleyTerry", "FactionMatrix", "GameLog", "LeaderboardRow", "RatedGame", "SkillTable", "build_log",
    "compute_leaderboard", "faction_matrix", "faction_trueskill", "fit_bradley_terry", "overall_trueskill",
    "sort_games",
]
