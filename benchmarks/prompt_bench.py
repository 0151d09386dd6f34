"""Prompt benchmark: tokens per game and how much of each prompt is a stable prefix of the previous one.

Plays a standard game (3 discussion rounds) on each bundled case with `mock/player` in every seat and
records every request each model agent sends. Prints, per case:

- prompt tokens per game, estimated the way `mock/` counts them (4 characters a token, 85 an image);
- the new (uncached) prompt tokens per game: what a provider with prompt caching bills at full rate;
- the share of each request that is a prefix (whole leading messages) of the agent's previous
  request, over all requests but each agent's first: mean and minimum (target: mean >= 80%).

    .venv/bin/python benchmarks/prompt_bench.py [--rounds 3] [--seed 0]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from dataclasses import dataclass, field

from arena.agents import play_game, seat_entries
from arena.agents.model_agent import ModelAgent
from arena.engine import GameConfig
from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.providers.messages import Message, Request
from arena.scripts.loader import discover_scripts, load_script
from arena.scripts.schema import Script

IMAGE_TOKENS = 85


def message_tokens(message: Message) -> int:
    return len(message.text) // 4 + IMAGE_TOKENS * len(message.images)


def shared_prefix(before: Request, after: Request) -> int:
    """How many leading messages of `after` are exactly those of `before`."""
    count = 0
    for old, new in zip(before.messages, after.messages, strict=False):
        if old != new:
            break
        count += 1
    return count


@dataclass
class Tally:
    requests: dict[str, list[Request]] = field(default_factory=dict)

    def record(self, role: str, request: Request) -> None:
        self.requests.setdefault(role, []).append(request)

    def figures(self) -> tuple[int, int, list[float]]:
        """(prompt tokens, new prompt tokens, prefix share of every non-first request)."""
        total = new = 0
        shares: list[float] = []
        for requests in self.requests.values():
            previous: Request | None = None
            for request in requests:
                sizes = [message_tokens(m) for m in request.messages]
                kept = sum(sizes[:shared_prefix(previous, request)]) if previous is not None else 0
                total, new = total + sum(sizes), new + sum(sizes) - kept
                if previous is not None:
                    shares.append(kept / sum(sizes))
                previous = request
        return total, new, shares


async def bench_case(script: Script, rounds: int, seed: int) -> tuple[Tally, float, int]:
    player = Entry(name="mock/player", model="mock/player")
    async with ModelClient(use_cache=False) as client:
        seated = seat_entries(script, player, player, seed, client)
        tally = Tally()
        for agent in seated.agents.values():
            if isinstance(agent, ModelAgent):
                agent.on_request = tally.record
        started = time.perf_counter()
        result = await play_game(script, seated, GameConfig(rounds=rounds), seed)
        elapsed = time.perf_counter() - started
    return tally, elapsed, sum(1 for e in result.events if e.type == "agent_call")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    all_shares: list[float] = []
    print(f"{'case':18} {'calls':>5} {'prompt tok/game':>15} {'new tok/game':>12} {'prefix mean':>11} "
          f"{'prefix min':>10} {'wall s':>7}")
    for path in discover_scripts():
        script = load_script(path)
        tally, elapsed, calls = asyncio.run(bench_case(script, args.rounds, args.seed))
        total, new, shares = tally.figures()
        all_shares += shares
        print(f"{script.id:18} {calls:5d} {total:15,d} {new:12,d} {statistics.mean(shares):11.1%} "
              f"{min(shares):10.1%} {elapsed:7.2f}")
    print(f"all cases: prefix share mean {statistics.mean(all_shares):.1%}, min {min(all_shares):.1%} "
          f"over {len(all_shares)} requests (target mean >= 80%)")


if __name__ == "__main__":
    main()
