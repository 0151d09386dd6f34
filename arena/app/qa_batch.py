"""QA through a provider batch (`arena qa --batch`): the run's unanswered questions as one provider
batch, resumable, at the batch rate."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable

from arena.coe.answerers import AnswerReply, build_request
from arena.coe.context import Ablation
from arena.coe.qa_run import (
    QaConfig,
    QaRunResult,
    answered,
    grade_reply,
    make_item,
    run_config,
    run_id_for,
    select_questions,
)
from arena.entries import Entry
from arena.providers.batch import BatchState, Sleep
from arena.providers.client import ModelClient
from arena.scripts.schema import Script
from arena.store import QaRunRecord, Store
from multimodal.ocr import OcrReader


def custom_id(script_id: str, question_id: str) -> str:
    """A request id every batch API accepts (letters, digits, `_`, `-`; at most 64 characters)."""
    return "q-" + hashlib.sha256(f"{script_id}/{question_id}".encode()).hexdigest()[:24]


async def run_qa_batch(store: Store, entry: Entry, cases: list[Script], config: QaConfig, client: ModelClient,
                       log: Callable[[str], None], *, poll_s: float = 30.0,
                       sleep: Sleep = asyncio.sleep) -> QaRunResult:
    """Submit (or, on a rerun, find) the run's batch, poll it with progress, then grade and store every answer."""
    run_id = run_id_for(entry, cases, config)
    store.record_qa_run(QaRunRecord(run_id=run_id, entry_id=entry.entry_id,
                                    config=run_config(entry, cases, config, name=True)))
    questions = select_questions(cases, config)
    done = answered(store, run_id, retry_failed=False)
    read = OcrReader().read_file if config.ablation is Ablation.OCR_TEXT else None
    items = {custom_id(s.id, q.id): make_item(s, q, config, read) for s, q in questions if (s.id, q.id) not in done}
    result = QaRunResult(run_id, skipped=len(questions) - len(items), questions=questions)
    if not items:
        return result
    requests = {cid: build_request(item) for cid, item in items.items()}
    responses = await client.run_batch(entry, requests, BatchState(run_id), log, structured=True, poll_s=poll_s,
                                       sleep=sleep)
    records, cost = [], 0.0
    for cid, response in responses.items():
        if cid not in items:
            continue
        reply = AnswerReply(text=response.text, status=response.status,
                            tokens=response.prompt_tokens + response.completion_tokens)
        records.append(grade_reply(items[cid], reply, run_id, entry))
        cost += response.cost_usd or 0.0
    store.record_qa_answers(records)
    result.asked = len(records)
    log(f"{len(records)} answers stored; cost at the batch rate ${cost:.4f}")
    return result
