"""Judging through a provider batch (`arena coe score --batch`): every judge prompt the pending games
need, answered by one provider batch.

Two passes over the same scoring code (`arena.coe.scoring`): first a judge that only collects the
prompts it is asked (nothing is stored), then, once the batch has answered them all, a judge that
answers each prompt from the batch results, and `score_games` stores the scores as usual. The batch
is named by the judge and its prompts, so a rerun before the results are in polls the same batch.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable

from arena.coe.cases import CaseIndex
from arena.coe.judges import LLMJudge
from arena.coe.prompting import render
from arena.coe.scoring import ScoreSummary, judge_game, pending_games, score_games
from arena.entries import Entry
from arena.providers.batch import BatchState, Sleep
from arena.providers.client import ModelClient
from arena.providers.messages import Message, Request, Response
from arena.store import Store


def judge_request(prompt: str) -> Request:
    """The request `LLMJudge.ask` sends for `prompt`."""
    return Request(messages=[Message.system(render("judge_system.txt")), Message.user(prompt)], seed=0)


def prompt_id(prompt: str) -> str:
    return "j-" + hashlib.sha256(prompt.encode()).hexdigest()[:24]


class PromptCollector(LLMJudge):
    """Asks nothing: keeps each prompt and answers that it was deferred."""

    def __init__(self, entry: Entry, client: ModelClient) -> None:
        super().__init__(entry, client)
        self.prompts: dict[str, Request] = {}

    async def ask(self, prompt: str) -> tuple[str | None, str]:
        self.prompts[prompt_id(prompt)] = judge_request(prompt)
        return None, "deferred"


class BatchAnswers(LLMJudge):
    """Answers each prompt from the batch's results (a prompt the batch lacks is an api_error)."""

    def __init__(self, entry: Entry, client: ModelClient, results: dict[str, Response]) -> None:
        super().__init__(entry, client)
        self.results = results

    async def ask(self, prompt: str) -> tuple[str | None, str]:
        response = self.results.get(prompt_id(prompt))
        if response is None:
            return None, "api_error"
        return (response.text if response.ok else None), response.status


async def score_with_batch(store: Store, entry: Entry, cases: CaseIndex, client: ModelClient,
                           log: Callable[[str], None], *,
                           poll_s: float = 30.0, sleep: Sleep = asyncio.sleep) -> ScoreSummary:
    collector = PromptCollector(entry, client)
    for job in pending_games(store, collector, cases, ScoreSummary(collector.name, collector.label)):
        await judge_game(job, collector)
    results: dict[str, Response] = {}
    if collector.prompts:
        name = hashlib.sha256("\n".join([entry.entry_id, *sorted(collector.prompts)]).encode()).hexdigest()[:16]
        results = await client.run_batch(entry, collector.prompts, BatchState(f"coe-{name}"), log, poll_s=poll_s,
                                         sleep=sleep)
    return await score_games(store, BatchAnswers(entry, client, results), cases)


async def score_entry_with_batch(store: Store, entry: Entry, cases: CaseIndex,
                                 log: Callable[[str], None]) -> ScoreSummary:
    """`score_with_batch` with a client of its own, whose provider and key are checked first."""
    async with ModelClient(use_cache=False) as client:
        client.check_entries(entry)
        return await score_with_batch(store, entry, cases, client, log)
