"""The tournament plan: which games to play, each with a deterministic seed, match id and plan key.

A *match* is two games on the same script and seed with the factions swapped: A plays every
civilian role against B as the murderer, then B against A. In the all-play-all every unordered
pair of entries plays `games_per_pair` matches on every chosen script, so every ordered pair plays
every script on both sides, equally often.

Seeds are derived from the base seed, the script and the match number only, not from the pair:
all pairs meet the same game randomness (turn orders, built-in agents' choices) on a script,
which makes their results directly comparable (common random numbers).

Every identifier is a hash of what defines it, so the same command always plans the same games:
the tournament id hashes the configuration (entry ids, scripts with content hashes, games per
pair, seed, rounds) unless a name is given; a game's plan key hashes (tournament id, script id and
content hash, seed, civilians entry, murderer entry). Rerunning a command therefore finds the games
it already finished under the same keys and plays only the rest.

**Game options** (`GameOptions`: the `GameConfig` settings a game is played with besides the
rounds, e.g. `key_clues_given`) go into the tournament id, the match id and the plan key when
any is set, so a key-clues game and a normal game of the same pairing, case and seed never share
a key, even inside one named tournament. With no option set the hashes are exactly the old ones:
databases recorded before options existed resume unchanged.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from arena.errors import ConfigError

SEED_SPACE = 2**31
GameOptions = tuple[tuple[str, Any], ...]
"""Sorted (setting, value) pairs of `GameConfig` settings that differ from their defaults; () = none."""


def game_options(**settings: Any) -> GameOptions:
    """The options of a game from `GameConfig` settings; settings left at their default (falsy) are dropped."""
    return tuple(sorted((k, v) for k, v in settings.items() if v))


def _with_options(parts: tuple[Any, ...], options: GameOptions) -> tuple[Any, ...]:
    """Hash parts, plus the options only when there are any (old hashes stay valid)."""
    return (*parts, {"options": dict(options)}) if options else parts


def digest(*parts: Any, length: int = 16) -> str:
    """A short stable hash of JSON-serialisable parts."""
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:length]


@dataclass(frozen=True)
class ScriptRef:
    """A chosen script: its id and content hash (a changed case is a different plan)."""

    script_id: str
    script_hash: str


@dataclass(frozen=True)
class PlannedGame:
    """One game of the plan: who plays which side of which script with which seed. `position` is its
    place in the plan (set by `games_of`): the order the ratings read games in, whenever they finish."""

    plan_key: str
    match_id: str
    tournament_id: str
    script: ScriptRef
    seed: int
    civilians: str
    murderer: str
    position: int = 0
    options: GameOptions = ()


@dataclass(frozen=True)
class PlannedMatch:
    """Two side-swapped games; `entry_a` < `entry_b`, and `games[0]` seats `entry_a` as civilians. (A one-sided
    protocol, e.g. `arena coe table3`, plans matches of one game: `entry_a` civilians, `entry_b` murderer.)"""

    match_id: str
    tournament_id: str
    script: ScriptRef
    seed: int
    entry_a: str
    entry_b: str
    games: tuple[PlannedGame, ...]


def derive_seed(base_seed: int, *parts: Any) -> int:
    """A game seed from the base seed and what distinguishes the match (script, match number...)."""
    return int(digest(base_seed, *parts, length=12), 16) % SEED_SPACE


def tournament_id_for(entry_ids: Iterable[str], scripts: Sequence[ScriptRef], games_per_pair: int, seed: int,
                      rounds: int, kind: str = "all-play-all", options: GameOptions = ()) -> str:
    """The id of a configuration: the same entries, scripts, counts, seed, rounds and options give the same id."""
    config: dict[str, Any] = {"kind": kind, "entries": sorted(entry_ids), "games_per_pair": games_per_pair,
                              "seed": seed, "rounds": rounds,
                              "scripts": sorted((s.script_id, s.script_hash) for s in scripts)}
    if options:
        config["options"] = dict(options)
    return f"t-{digest(config, length=12)}"


def plan_key_for(tournament_id: str, script: ScriptRef, seed: int, civilians: str, murderer: str,
                 options: GameOptions = ()) -> str:
    parts = (tournament_id, script.script_id, script.script_hash, seed, civilians, murderer)
    return "pk-" + digest(*_with_options(parts, options), length=24)


def plan_match(tournament_id: str, script: ScriptRef, seed: int, first: str, second: str,
               options: GameOptions = ()) -> PlannedMatch:
    """The match between two entries on one script and seed: both seatings, played with `options`."""
    if first == second:
        raise ConfigError(f"an entry cannot play a match against itself ({first}); choose two different entries")
    a, b = sorted((first, second))
    parts = (tournament_id, script.script_id, script.script_hash, seed, a, b)
    match_id = "m-" + digest(*_with_options(parts, options), length=20)

    def game(civilians: str, murderer: str) -> PlannedGame:
        return PlannedGame(plan_key_for(tournament_id, script, seed, civilians, murderer, options), match_id,
                           tournament_id, script, seed, civilians, murderer, options=options)
    return PlannedMatch(match_id, tournament_id, script, seed, a, b, (game(a, b), game(b, a)))


def check_entries(entry_ids: Sequence[str], minimum: int = 2) -> list[str]:
    """The entry ids, refusing duplicates and too few entries."""
    if len(set(entry_ids)) != len(entry_ids):
        dupes = sorted({e for e in entry_ids if entry_ids.count(e) > 1})
        raise ConfigError(f"--entries names the same entry twice ({', '.join(dupes)}); list each entry once")
    if len(entry_ids) < minimum:
        raise ConfigError(f"a tournament needs at least {minimum} entries, got {len(entry_ids)}; "
                          "e.g. --entries builtin/naive,builtin/random")
    return list(entry_ids)


def all_play_all(tournament_id: str, entry_ids: Sequence[str], scripts: Sequence[ScriptRef], games_per_pair: int,
                 seed: int, options: GameOptions = ()) -> list[PlannedMatch]:
    """Every unordered pair plays `games_per_pair` matches on every script (match n of a script has
    the same seed for every pair). Ordered by match number, script, pair: an interrupted run has
    spread its games over all pairs."""
    if games_per_pair < 1:
        raise ConfigError(f"--games-per-pair must be at least 1, got {games_per_pair}")
    if not scripts:
        raise ConfigError("no scripts chosen; use --scripts all or name case ids")
    pairs = list(itertools.combinations(sorted(check_entries(entry_ids)), 2))
    return [plan_match(tournament_id, script, derive_seed(seed, script.script_id, n), a, b, options)
            for n in range(games_per_pair) for script in scripts for a, b in pairs]


def placement(tournament_id: str, newcomer: str, pool: Sequence[str], scripts: Sequence[ScriptRef], matches: int,
              seed: int) -> list[PlannedMatch]:
    """Placement of `newcomer`: `matches` matches against each pool entry, cycling through the scripts."""
    if matches < 1:
        raise ConfigError(f"--placement-games must be at least 1, got {matches}")
    if not scripts:
        raise ConfigError("no scripts chosen for placement")
    opponents = sorted(set(pool) - {newcomer})
    plan = []
    for n in range(matches):
        script = scripts[n % len(scripts)]
        plan += [plan_match(tournament_id, script, derive_seed(seed, script.script_id, n), newcomer, other)
                 for other in opponents]
    return plan


def games_of(matches: Iterable[PlannedMatch], start: int = 0) -> list[PlannedGame]:
    """The games of `matches` in plan order, numbered from `start`."""
    games = [game for match in matches for game in match.games]
    return [dataclasses.replace(game, position=start + i) for i, game in enumerate(games)]
