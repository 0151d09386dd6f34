"""Engine benchmark: games/s, actions/s and the engine's time per action, with instant agents.

Two measurements per case, in one run:

* **engine**: a synchronous loop (pending decision -> observe -> instant random agent -> parse ->
  apply), timing the engine's share separately from the agent's;
* **runner**: whole games through the async runner (`play_game`: timeouts, observation hashes,
  call/observation events), so per-action overhead includes everything a real game pays.

Usage: .venv/bin/python benchmarks/engine_bench.py [--games 200] [--script ID_OR_PATH ...]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arena.agents import play_game, seat_entries  # noqa: E402
from arena.agents.builtin.random_agent import RandomAgent  # noqa: E402
from arena.engine import GameConfig, Seating, apply, new_game, observe, parse_output, pending_decision  # noqa: E402
from arena.entries import builtin_entry  # noqa: E402
from arena.errors import ScriptError  # noqa: E402
from arena.scripts.loader import discover_scripts, find_script, load_script  # noqa: E402
from arena.scripts.schema import Script  # noqa: E402

RANDOM = builtin_entry("builtin/random")


def engine_loop(script: Script, games: int) -> tuple[int, float, float]:
    """(actions, engine seconds, agent seconds) over `games` synchronous games."""
    actions, engine_s, agent_s = 0, 0.0, 0.0
    clock = time.perf_counter
    for seed in range(games):
        state, _ = new_game(script, Seating(civilians="builtin/random", murderer="builtin/random"), GameConfig(), seed)
        agents = {role: RandomAgent(role, seed) for role in script.role_ids}
        while True:
            t0 = clock()
            decision = pending_decision(state)
            if decision is None:
                engine_s += clock() - t0
                break
            obs = observe(state, decision.role)
            t1 = clock()
            raw = agents[decision.role].choose(obs)
            t2 = clock()
            state, _ = apply(state, parse_output(raw, decision, state))
            t3 = clock()
            engine_s += (t1 - t0) + (t3 - t2)
            agent_s += t2 - t1
            actions += 1
    return actions, engine_s, agent_s


async def runner_games(script: Script, games: int) -> tuple[int, float]:
    """(actions, wall seconds) for `games` games through the async runner, one after another."""
    actions = 0
    started = time.perf_counter()
    for seed in range(games):
        seated = seat_entries(script, RANDOM, RANDOM, seed)
        result = await play_game(script, seated, GameConfig(), seed)
        actions += result.final_state.steps
    return actions, time.perf_counter() - started


def cases(refs: list[str]) -> list[Script]:
    paths = [Path(r) if Path(r).exists() else find_script(r) for r in refs] if refs else \
        [ROOT / "tests" / "fixtures" / "mini_case", *discover_scripts(ROOT / "scripts_data")]
    loaded = []
    for path in paths:
        try:
            loaded.append(load_script(path))
        except ScriptError as exc:
            print(f"skipped {path}: {str(exc).splitlines()[0]}", file=sys.stderr)
    return loaded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--script", action="append", default=[])
    args = parser.parse_args()
    header = (f"{'case':<18} {'roles':>5} {'actions':>8} {'engine ms/act':>13} {'engine share':>12} "
              f"{'runner ms/act':>13} {'games/s':>8} {'actions/s':>9}")
    print(header)
    print("-" * len(header))
    for script in cases(args.script):
        actions, engine_s, agent_s = engine_loop(script, args.games)
        run_actions, wall = asyncio.run(runner_games(script, args.games))
        share = engine_s / (engine_s + agent_s)
        print(f"{script.id:<18} {len(script.roles):>5} {actions:>8} {1000 * engine_s / actions:>13.3f} "
              f"{share:>11.0%} {1000 * wall / run_actions:>13.3f} {args.games / wall:>8.1f} "
              f"{run_actions / wall:>9.0f}")
    print("\nengine = pending_decision + observe + parse + apply (synchronous); engine share = engine time /"
          " (engine + instant random agent);\nrunner = whole games through play_game (async, timeouts, "
          "observation hashes, all events), sequential.")


if __name__ == "__main__":
    main()
