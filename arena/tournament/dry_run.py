"""Dry runs: what a tournament would cost, from the requests its games would send, without calling a model.

Each case is played once offline with `mock/player` in every seat (same rounds and base seed as the
tournament), capturing every request each role's agent would send: the real rendered prompts with
their images. Every planned game then charges its civilians' roles to the civilians entry and its
culprit roles to the murderer entry, priced by `arena.providers.estimate` (the token rules are in
its docstring). Re-asks after bad output and `--adaptive` matches are not included: the figure is
the cost of the planned games played cleanly.
"""

from __future__ import annotations

from collections.abc import Mapping

from arena.agents.model_agent import ModelAgent
from arena.agents.registry import seat_entries
from arena.agents.runner import play_game
from arena.engine.rules import GameConfig
from arena.engine.state import culprit_roles
from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.providers.estimate import CostLine, output_estimate
from arena.providers.messages import Request
from arena.scripts.schema import Script
from arena.tournament.director import Tournament
from arena.tournament.plan import GameOptions

STAND_IN = Entry(name="mock/player", model="mock/player")


async def rendered_requests(script: Script, rounds: int, seed: int,
                            options: GameOptions = ()) -> dict[str, list[Request]]:
    """role -> the requests its agent sends in one game of `script` with the game `options` (played offline by
    `mock/player`)."""
    captured: dict[str, list[Request]] = {}
    async with ModelClient(use_cache=False) as client:
        seated = seat_entries(script, STAND_IN, STAND_IN, seed, client)
        for agent in seated.agents.values():
            if isinstance(agent, ModelAgent):
                agent.on_request = lambda role, request: captured.setdefault(role, []).append(request)
        await play_game(script, seated, GameConfig(rounds=rounds, **dict(options)), seed)
    return captured


def charge_game(lines: dict[str, CostLine], requests: Mapping[str, list[Request]], culprits: frozenset[str],
                civilians: Entry, murderer: Entry) -> None:
    """Add one game's requests to the lines of the two entries that play it."""
    for entry in {civilians.entry_id: civilians, murderer.entry_id: murderer}.values():
        lines[entry.entry_id].games += 1
    for role, sent in requests.items():
        entry = murderer if role in culprits else civilians
        if not entry.is_builtin:
            lines[entry.entry_id].add_agent(entry.provider, sent, output_estimate(entry.strategy, entry.max_tokens))


async def estimate_tournament(tournament: Tournament, rounds: int) -> dict[str, CostLine]:
    """entry id -> the estimated calls, tokens and dollars of the tournament's planned games."""
    pricing = ModelClient(use_cache=False)
    entries = {e.entry_id: e for e in tournament.entries}
    lines = {e.entry_id: CostLine(name=e.name, price=pricing.price(e)) for e in tournament.entries}
    scripts = {s.id: s for s in tournament.scripts}
    played: dict[str, dict[str, list[Request]]] = {}
    for match in tournament.matches:
        for game in match.games:
            script = scripts[game.script.script_id]
            if script.id not in played:
                played[script.id] = await rendered_requests(script, rounds, tournament.seed, tournament.options)
            charge_game(lines, played[script.id], frozenset(culprit_roles(script)), entries[game.civilians],
                        entries[game.murderer])
    return lines
