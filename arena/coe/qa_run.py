"""Running a QA suite for one entry: select, contextualise, shuffle, ask, parse, grade, store.

A run is one configuration (entry, suites, scripts with their content hashes, mode, ablation,
seed, limit) and its id is a hash of exactly that, so running the same command again resumes the
same run: questions answered already are skipped (with `retry_failed`, transient failures,
`api_error` and `timeout`, are asked again; the latest answer per question is the one that counts).
Answers are written in batches of `batch_size`, one transaction each: a killed run keeps every
batch it finished, and the response cache makes the redone calls free.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from arena.coe.answerers import Answerer, AnswerReply, Mode, QaItem
from arena.coe.context import Ablation, apply_ablation, question_context
from arena.coe.mcq import parse_answer, question_rng, shuffle_options, to_original_letters
from arena.engine.rules import script_hash
from arena.errors import ConfigError
from arena.scripts.schema import Question, Script, Suite
from arena.store import QaAnswerRecord, QaRunRecord, Store
from arena.store.coe_queries import latest_run_statuses
from arena.store.db import reading
from arena.store.records import canonical_json
from multimodal.language import ocr_language
from multimodal.ocr import OcrReader

if TYPE_CHECKING:
    from arena.entries import Entry

SUITE_GROUPS: dict[str, tuple[Suite, ...]] = {
    "lsu": (Suite.LSU,), "tiu": (Suite.TIU,), "miu": (Suite.MIU,), "mmr": (Suite.MMR,),
    "perception": (Suite.LSU, Suite.TIU, Suite.MIU), "cognition": (Suite.MMR,),
    "all": (Suite.LSU, Suite.TIU, Suite.MIU, Suite.MMR),
}
TRANSIENT = frozenset({"api_error", "timeout"})
RAW_REPLY_CHARS = 2000  # of a reply that did not parse, kept in qa_answers.raw_reply
DEFAULT_BATCH = 16


class Contestant(Protocol):
    """Who a run records answers for: an `arena.entries.Entry`, or a person's entry (`human/<name>`,
    `arena.coe.human_qa`)."""

    @property
    def entry_id(self) -> str: ...

    @property
    def name(self) -> str: ...


def suites_for(name: str) -> tuple[Suite, ...]:
    try:
        return SUITE_GROUPS[name]
    except KeyError:
        raise ConfigError(f"--suite {name!r}: expected one of {', '.join(SUITE_GROUPS)}") from None


@dataclass(frozen=True)
class QaConfig:
    """What defines a run (besides the entry and the scripts). `limit`: questions per suite per script."""

    suites: tuple[Suite, ...] = SUITE_GROUPS["all"]
    mode: Mode = "direct"
    ablation: Ablation = Ablation.NONE
    seed: int = 0
    limit: int | None = None

    def __post_init__(self) -> None:
        if self.limit is not None and self.limit < 1:
            raise ConfigError(f"--limit must be at least 1, got {self.limit}")


@dataclass
class QaRunResult:
    run_id: str
    asked: int = 0
    skipped: int = 0
    questions: list[tuple[Script, Question]] = field(default_factory=list)


def select_questions(scripts: Sequence[Script], config: QaConfig) -> list[tuple[Script, Question]]:
    """The questions of the chosen suites, script by script in file order, at most `limit` per suite."""
    chosen: list[tuple[Script, Question]] = []
    for script in scripts:
        for suite in config.suites:
            matching = [q for q in script.questions if q.suite is suite]
            chosen += [(script, q) for q in matching[: config.limit]]
    return chosen


def run_id_for(entry: Contestant, scripts: Sequence[Script], config: QaConfig) -> str:
    """A deterministic id of the configuration: the same command resumes the same run."""
    return run_id_of(run_config(entry, scripts, config))


def run_id_of(identity: Mapping[str, object]) -> str:
    """The run id of a configuration (`run_config`, plus what else defines the run)."""
    return "qa-" + hashlib.sha256(canonical_json(dict(identity)).encode()).hexdigest()[:16]


def run_config(entry: Contestant, scripts: Sequence[Script], config: QaConfig, name: bool = False) -> dict[str, object]:
    identity: dict[str, object] = {
        "entry_id": entry.entry_id, "suites": sorted(s.value for s in config.suites),
        "scripts": sorted([s.id, script_hash(s)] for s in scripts), "mode": config.mode,
        "ablation": config.ablation.value, "seed": config.seed, "limit": config.limit}
    return {**identity, "entry_name": entry.name} if name else identity


def make_item(script: Script, question: Question, config: QaConfig, ocr: Callable[..., str] | None) -> QaItem:
    shuffled = shuffle_options(question, question_rng(config.seed, script.id, question.id))
    if ocr is not None:  # read the case's images in the case's language
        ocr = functools.partial(ocr, lang=ocr_language(script.language, script.briefing))
    context = apply_ablation(question_context(script, question), config.ablation, ocr)
    return QaItem(script, shuffled, context, config.mode, config.seed, config.ablation)


def grade_reply(item: QaItem, reply: AnswerReply, run_id: str, entry: Contestant) -> QaAnswerRecord:
    """The stored answer: parsed strictly, graded exactly, letters mapped back to the original ones; a reply
    that does not parse is kept (cut to `RAW_REPLY_CHARS`) as `raw_reply`."""
    chosen, status = None, reply.status
    if status == "ok":
        chosen = parse_answer(reply.text, set(item.shuffled.options), multi=item.question.multi)
        status = "ok" if chosen is not None else "parse_error"
    original = to_original_letters(chosen, item.shuffled)
    return QaAnswerRecord(
        run_id=run_id, entry_id=entry.entry_id, script_id=item.script.id, question_id=item.question.id,
        suite=item.question.suite.value, mode=item.mode, ablation=item.ablation.value, seed=item.seed,
        depth=item.question.depth, predicted=None if original is None else ",".join(original),
        correct=chosen is not None and chosen == item.shuffled.answer, status=status,
        latency_ms=reply.latency_ms, tokens=reply.tokens,
        raw_reply=reply.text[:RAW_REPLY_CHARS] if status == "parse_error" else None)


def answered(store: Store, run_id: str, retry_failed: bool) -> set[tuple[str, str]]:
    """(script, question) of this run not to ask again: every answered one, minus transient failures
    when retrying them."""
    with reading(store.path, store.retry) as conn:
        rows = latest_run_statuses(conn, run_id)
    return {(s, q) for s, q, status in rows if not (retry_failed and status in TRANSIENT)}


async def run_qa(store: Store, entry: Entry, answerer: Answerer, scripts: Sequence[Script], config: QaConfig, *,
                 ocr: OcrReader | None = None, batch_size: int = DEFAULT_BATCH, retry_failed: bool = False,
                 on_batch: Callable[[int, int], None] | None = None) -> QaRunResult:
    """Ask every selected question not yet answered in this run; record answers batch by batch.

    `on_batch(done, total)` reports progress. An exception from the answerer (a missing key, an
    unreadable image) stops the run after the batch's other answers have been recorded.
    """
    run_id = run_id_for(entry, scripts, config)
    store.record_qa_run(QaRunRecord(run_id=run_id, entry_id=entry.entry_id,
                                    config=run_config(entry, scripts, config, name=True)))
    questions = select_questions(scripts, config)
    done = answered(store, run_id, retry_failed)
    todo = [(s, q) for s, q in questions if (s.id, q.id) not in done]
    result = QaRunResult(run_id, skipped=len(questions) - len(todo), questions=questions)
    read = (ocr or OcrReader()).read_file if config.ablation is Ablation.OCR_TEXT else None
    for start in range(0, len(todo), batch_size):
        items = [make_item(s, q, config, read) for s, q in todo[start:start + batch_size]]
        replies = await asyncio.gather(*(answerer.answer(item) for item in items), return_exceptions=True)
        records = [grade_reply(item, reply, run_id, entry) for item, reply in zip(items, replies, strict=True)
                   if isinstance(reply, AnswerReply)]
        store.record_qa_answers(records)
        result.asked += len(records)
        if on_batch is not None:
            on_batch(result.asked, len(todo))
        failure = next((r for r in replies if isinstance(r, BaseException)), None)
        if failure is not None:
            raise failure
    return result
