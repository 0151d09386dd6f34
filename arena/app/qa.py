"""Run the QA suites for one entry (`arena qa`, `arena coe table3`, the benchmarks): the answerer with its
client and budget, the batch path, and the cost estimate of a run before it is asked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arena.app.qa_batch import run_qa_batch
from arena.coe.answerers import MODES, Answerer, AnswerReply, QaItem, build_request, make_answerer
from arena.coe.context import Ablation
from arena.coe.qa_run import QaConfig, QaRunResult, make_item, run_qa, select_questions
from arena.entries import Entry
from arena.errors import ConfigError
from arena.providers.budget import BudgetGuard
from arena.providers.client import ModelClient
from arena.providers.estimate import CostLine, output_estimate
from arena.scripts.schema import Script
from arena.store import Store
from multimodal.ocr import OcrReader

Progress = Callable[[int, int], None]


def qa_mode(value: str) -> Any:
    """direct or cot, else a ConfigError naming the choices."""
    if value not in MODES:
        raise ConfigError(f"--mode {value!r}: expected direct or cot")
    return value


def qa_ablation(value: str) -> Ablation:
    try:
        return Ablation(value)
    except ValueError:
        raise ConfigError(f"--ablation {value!r}: expected none, no-images or ocr-text") from None


def estimate_qa(entry: Entry, cases: list[Script], config: QaConfig) -> CostLine:
    """The run's questions as the model would get them (rendered, images included), priced per entry."""
    line = CostLine(name=entry.name, price=None if entry.is_builtin else ModelClient(use_cache=False).price(entry))
    if entry.is_builtin:
        return line
    read = OcrReader().read_file if config.ablation is Ablation.OCR_TEXT else None
    output = output_estimate(f"qa_{config.mode}", entry.max_tokens)
    for script, question in select_questions(cases, config):
        line.add_agent(entry.provider, [build_request(make_item(script, question, config, read))], output)
    return line


class BudgetedAnswerer:
    """An answerer that checks the budget before each question."""

    def __init__(self, inner: Answerer, guard: BudgetGuard) -> None:
        self.inner, self.guard = inner, guard
        self.entry = inner.entry

    async def answer(self, item: QaItem) -> AnswerReply:
        self.guard.check()
        return await self.inner.answer(item)


async def run_suites(store: Store, entry: Entry, cases: list[Script], config: QaConfig, *, no_cache: bool = False,
                     retry_failed: bool = False, budget_usd: float | None = None,
                     on_progress: Progress | None = None) -> QaRunResult:
    """Ask `entry` the run's unanswered questions and store every answer (a rerun asks only what is missing).
    A model entry's provider and key are checked before the first question; BudgetReached once the run's
    calls have cost `budget_usd`."""
    if entry.is_builtin:
        return await run_qa(store, entry, make_answerer(entry), cases, config, retry_failed=retry_failed,
                            on_batch=on_progress)
    async with ModelClient(use_cache=not no_cache) as client:
        client.check_entries(entry)  # provider known, key set: before the first question
        answerer: Answerer = BudgetedAnswerer(make_answerer(entry, client, no_cache=no_cache),
                                              BudgetGuard(client, budget_usd))
        return await run_qa(store, entry, answerer, cases, config, retry_failed=retry_failed, on_batch=on_progress)


async def run_suites_batch(store: Store, entry: Entry, cases: list[Script], config: QaConfig,
                           log: Callable[[str], None]) -> QaRunResult:
    """The same run through the provider's batch API (resumable; `log` gets the progress lines)."""
    if entry.is_builtin:
        raise ConfigError(f"{entry.name} is a built-in answerer; --batch is for model entries")
    async with ModelClient(use_cache=False) as client:
        client.check_entries(entry)
        return await run_qa_batch(store, entry, cases, config, client, log)
