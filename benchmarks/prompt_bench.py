"""Prompt benchmark: tokens per game and how much of each prompt is a stable prefix of the previous one.

Plays a standard game (3 discussion rounds) on each bundled case with `mock/player` in every seat and
records every request each model agent sends. Prints, per case:

- prompt tokens per game, estimated the way `mock/` counts them (4 characters a token, 85 an image);
- the new (uncached) prompt tokens per game: what a provider with prompt caching bills at full rate;
- the share of each request that is a prefix (whole leading messages) of the agent's previous
  request, over all requests but each agent's first: mean and minimum (target: mean >= 80%).

With `--providers`, each game's requests are also counted the way `arena ... --dry-run` does
(`arena.providers.estimate`: each provider's image tokens and prefix-cache rule), giving cached vs
uncached prompt tokens and the game's price on a representative model per provider; `--coe-batch
MODEL` prints the live and batch-rate price of one full CoE QA run.

    .venv/bin/python benchmarks/prompt_bench.py [--rounds 3] [--seed 0] [--roles 5] [--providers]
                                                [--coe-batch openai/gpt-4o]
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
from arena.engine.events import AgentCall
from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.providers.estimate import CostLine, output_estimate
from arena.providers.messages import Message, Request
from arena.providers.pricing import PriceTable
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
    return tally, elapsed, sum(1 for e in result.events if isinstance(e, AgentCall))


PROVIDER_MODELS = {"openai": "gpt-4o", "anthropic": "claude-sonnet-4", "google": "gemini-2.5-flash"}


def provider_figures(tally: Tally) -> None:
    """Cached vs uncached prompt tokens of one game under each provider's prefix-cache rule, and its price."""
    table = PriceTable.load()
    print(f"  {'provider':10} {'model':18} {'prompt tok':>11} {'cached':>11} {'cached %':>8} {'cost':>8} "
          f"{'no cache':>9}")
    for provider, model in PROVIDER_MODELS.items():
        line = CostLine(name=model, price=table.lookup(provider, model))
        for requests in tally.requests.values():
            line.add_agent(provider, requests, output_estimate("direct", None))
        print(f"  {provider:10} {model:18} {line.prompt_tokens:11,d} {line.cached_tokens:11,d} "
              f"{line.cached_tokens / line.prompt_tokens:8.1%} ${line.usd or 0:7.2f} ${line.usd_uncached or 0:8.2f}")


def coe_batch_figures(model: str) -> None:
    """The price of one full QA run (every suite, every bundled case) for `model`: live and at the batch rate."""
    from arena.app.qa import estimate_qa
    from arena.coe.qa_run import QaConfig, suites_for
    from arena.providers.anthropic_batch import AnthropicBatch
    from arena.providers.google_batch import GeminiBatch
    from arena.providers.openai_batch import OpenAIBatch

    entry = Entry(name=model, model=model)
    cases = [load_script(path) for path in discover_scripts()]
    line = estimate_qa(entry, cases, QaConfig(suites=suites_for("all"), mode="direct"))
    live = line.usd_uncached or 0.0
    factors = {"openai": OpenAIBatch.price_factor, "anthropic": AnthropicBatch.price_factor,
               "google": GeminiBatch.price_factor}  # each batch API's rate, beside its adapter
    batch = live * factors.get(entry.provider, 1.0)
    print(f"one full CoE QA run ({line.calls} questions on {len(cases)} cases, {model}): "
          f"{line.prompt_tokens:,d} prompt + {line.output_tokens:,d} output tokens; live ${live:.2f}, "
          f"batch ${batch:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--providers", action="store_true",
                        help="also: cached vs uncached prompt tokens per game under each provider's prefix rule")
    parser.add_argument("--roles", type=int, default=None, help="only cases with this many roles (e.g. 5)")
    parser.add_argument("--coe-batch", default=None, metavar="MODEL",
                        help="also: the live and batch price of one full CoE QA run for MODEL (e.g. openai/gpt-4o)")
    args = parser.parse_args()
    all_shares: list[float] = []
    print(f"{'case':18} {'calls':>5} {'prompt tok/game':>15} {'new tok/game':>12} {'prefix mean':>11} "
          f"{'prefix min':>10} {'wall s':>7}")
    for path in discover_scripts():
        script = load_script(path)
        if args.roles is not None and len(script.role_ids) != args.roles:
            continue
        tally, elapsed, calls = asyncio.run(bench_case(script, args.rounds, args.seed))
        total, new, shares = tally.figures()
        all_shares += shares
        print(f"{script.id:18} {calls:5d} {total:15,d} {new:12,d} {statistics.mean(shares):11.1%} "
              f"{min(shares):10.1%} {elapsed:7.2f}")
        if args.providers:
            provider_figures(tally)
    print(f"all cases: prefix share mean {statistics.mean(all_shares):.1%}, min {min(all_shares):.1%} "
          f"over {len(all_shares)} requests (target mean >= 80%)")
    if args.coe_batch:
        coe_batch_figures(args.coe_batch)


if __name__ == "__main__":
    main()
