"""The arena scheduler: plan all-play-all (and placement) tournaments, play them concurrently, resume them."""

from arena.tournament.adaptive import choose_pair, pair_scores
from arena.tournament.director import (
    Tournament,
    TournamentSummary,
    all_play_all_tournament,
    placement_tournament,
    register,
    run_tournament,
)
from arena.tournament.plan import PlannedGame, PlannedMatch, ScriptRef, all_play_all, placement, plan_match
from arena.tournament.progress import NullProgress, ProgressReporter, RichProgress
from arena.tournament.record import GameWrite, game_write, script_record
from arena.tournament.run import RunOptions, Scheduler

__all__ = [
    "GameWrite", "NullProgress", "PlannedGame", "PlannedMatch", "ProgressReporter", "RichProgress", "RunOptions",
    "Scheduler", "ScriptRef", "Tournament", "TournamentSummary", "all_play_all", "all_play_all_tournament",
    "choose_pair", "game_write", "pair_scores", "placement", "placement_tournament", "plan_match", "register",
    "run_tournament", "script_record",
]
