"""Forfeit and provider-failure rates per entry: how much of an entry's play was not its own.

Every recorded game (any status: aborted games are where forfeits pile up) counts, per side, the
decisions made and those forfeited, split by cause: provider failures (api_error, timeout,
context_limit, refused_or_blocked: the model never answered) and the model's own faults
(parse_error, invalid_action). For each entry, over the sides it played:

- `forfeit_rate` = forfeited decisions (either cause) / decisions;
- `provider_failure_rate` = decisions lost to provider failures / decisions;
- `unrated_games` = finished games left out of the ratings because a side lost decisions to
  provider failures (see `leaderboard.ratings.games`).

`own_forfeits(game)` is one game's count of the models' own faults over both sides (the clean-games
rating adds the provider failures and keeps the games where the total is zero).

Rates are None for an entry without recorded decisions (older games recorded no counts).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

SIDES = ("civilians", "murderer")


@dataclass(frozen=True)
class FailureStats:
    decisions: int = 0
    own_forfeits: int = 0
    provider_forfeits: int = 0
    unrated_games: int = 0

    @property
    def forfeits(self) -> int:
        return self.own_forfeits + self.provider_forfeits

    @property
    def forfeit_rate(self) -> float | None:
        return self.forfeits / self.decisions if self.decisions else None

    @property
    def provider_failure_rate(self) -> float | None:
        return self.provider_forfeits / self.decisions if self.decisions else None


def _get(game: Any, name: str, default: Any = None) -> Any:
    value = game.get(name, default) if isinstance(game, Mapping) else getattr(game, name, default)
    return default if value is None or value != value else value  # NaN from a data frame


def failure_stats(games: Iterable[Any]) -> dict[str, FailureStats]:
    """Per entry id: decisions, forfeits by cause and finished games left unrated for provider failures."""
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for game in games:
        lost = {side: int(_get(game, f"{side}_provider_forfeits", 0)) for side in SIDES}
        tainted = _get(game, "status", "finished") == "finished" and sum(lost.values()) > 0
        for side in SIDES:
            row = totals[str(_get(game, f"{side}_entry"))]
            row[0] += int(_get(game, f"{side}_decisions", 0))
            row[1] += int(_get(game, f"{side}_own_forfeits", 0))
            row[2] += lost[side]
        for entry in {str(_get(game, f"{side}_entry")) for side in SIDES}:
            totals[entry][3] += int(tainted)
    return {entry: FailureStats(*row) for entry, row in totals.items()}


def own_forfeits(game: Any) -> int:
    """Decisions either side of one game forfeited by its own fault (0 when no counts were recorded)."""
    return sum(int(_get(game, f"{side}_own_forfeits", 0)) for side in SIDES)
