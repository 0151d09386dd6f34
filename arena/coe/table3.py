"""The paper's protocol (WhodunitBench section 5, Table 3): an entry as the civilians against one fixed
murderer on every case.

`table3_tournament(entry, opponent, scripts, games=N, seed=S, rounds=R)` plans N games per case,
each with the entry in every civilian role and `opponent` (default `builtin/naive`, the paper's
naive agent) as the murderer. It is an ordinary `Tournament` of kind `table3`, played, recorded and
resumed by the tournament code (`run_tournament`): the same command plans the same plan keys, so a
rerun plays only the games not finished yet. Game seeds follow the all-play-all rule (base seed,
case, game number), so every entry meets the same game randomness on a case.

Its id hashes who plays which side, so "E against naive" and "naive against E" are different runs.
`arena coe report` shows these games' transcript scores as condition `table3`, apart from the
all-play-all ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.entries import Entry
from arena.errors import ConfigError
from arena.scripts.schema import Script
from arena.tournament import Tournament
from arena.tournament.plan import (
    GameOptions,
    PlannedGame,
    PlannedMatch,
    ScriptRef,
    derive_seed,
    digest,
    plan_key_for,
    tournament_id_for,
)
from arena.tournament.record import script_ref

KIND = "table3"
DEFAULT_OPPONENT = "builtin/naive"


def one_sided(tournament_id: str, script: ScriptRef, seed: int, civilians: str, murderer: str,
              options: GameOptions = ()) -> PlannedMatch:
    """A match of one game: `civilians` in every civilian role, `murderer` as the murderer."""
    parts = (tournament_id, KIND, script.script_id, script.script_hash, seed, civilians, murderer)
    match_id = "m-" + digest(*parts, *([{"options": dict(options)}] if options else []), length=20)
    game = PlannedGame(plan_key_for(tournament_id, script, seed, civilians, murderer, options), match_id,
                       tournament_id, script, seed, civilians, murderer, options=options)
    return PlannedMatch(match_id, tournament_id, script, seed, civilians, murderer, (game,))


def table3_tournament(entry: Entry, opponent: Entry, scripts: Sequence[Script], *, games: int, seed: int,
                      rounds: int, options: GameOptions = ()) -> Tournament:
    """`games` games per case of `entry` as the civilians against `opponent` as the murderer, with `options`."""
    if games < 1:
        raise ConfigError(f"--games must be at least 1, got {games}")
    ids = [s.id for s in scripts]
    if not scripts or len(set(ids)) != len(ids):
        raise ConfigError(f"--scripts must name at least one case, each once (got {', '.join(ids) or 'none'})")
    refs = [script_ref(s) for s in scripts]
    sides = [f"civilians:{entry.entry_id}", f"murderer:{opponent.entry_id}"]
    tid = tournament_id_for(sides, refs, games, seed, rounds, kind=KIND, options=options)
    matches = [one_sided(tid, ref, derive_seed(seed, ref.script_id, n), entry.entry_id, opponent.entry_id, options)
               for n in range(games) for ref in refs]
    config: dict[str, object] = {"kind": KIND, "civilians": entry.entry_id, "murderer": opponent.entry_id,
                                 "scripts": [[r.script_id, r.script_hash] for r in refs], "games": games,
                                 "seed": seed, "rounds": rounds}
    if options:
        config["options"] = dict(options)
    players = (entry,) if entry.entry_id == opponent.entry_id else (entry, opponent)
    return Tournament(tid, None, players, tuple(scripts), tuple(matches), seed, config, options)
