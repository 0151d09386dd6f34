"""The QA part of the smoke check: a model entry answers a few questions of every suite.

`arena models check` and `arena submit` play a short match first (`arena.agents.smoke`); this
check then asks one question per suite (LSU, TIU, MIU, MMR) of the same case through the real QA
path (context, images, shuffled options, strict parsing) and reports whether the answers parse and
whether image questions were accepted. Accuracy is reported, not judged: a smoke check proves the
plumbing, the QA suites measure the ability.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable

from arena.agents.smoke import CheckResult, default_script
from arena.coe.answerers import make_answerer
from arena.coe.qa_run import QaConfig, grade_reply, make_item, select_questions
from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.scripts.schema import Script

MIN_PARSED_SHARE = 0.75
QaCheck = Callable[[Entry, ModelClient], Awaitable[list[CheckResult]]]


def qa_check(script: Script | None = None, per_suite: int = 1, seed: int = 0) -> QaCheck:
    """A smoke-check extra that asks `per_suite` questions of each suite of `script`."""

    async def check(entry: Entry, client: ModelClient) -> list[CheckResult]:
        case = script if script is not None else default_script()
        config = QaConfig(mode=entry.strategy, seed=seed, limit=per_suite)
        answerer = make_answerer(entry, client)
        items = [make_item(case, question, config, None) for _, question in select_questions([case], config)]
        replies = [await answerer.answer(item) for item in items]
        answers = [grade_reply(item, reply, "smoke-check", entry) for item, reply in zip(items, replies, strict=True)]
        failure = next((f"{r.status}: {r.error}" for r in reversed(replies) if r.status != "ok" and r.error), None)
        return qa_results(items_with_images=[bool(item.context.images) for item in items],
                          statuses=[a.status for a in answers], correct=[a.correct for a in answers],
                          last_failure=failure)

    return check


def qa_results(items_with_images: list[bool], statuses: list[str], correct: list[bool],
               last_failure: str | None = None) -> list[CheckResult]:
    """The verdicts: enough answers parse, and no question with images is refused or fails; a failing
    verdict names the last provider failure's cause."""
    counts = Counter(statuses)
    parsed = counts["ok"] / len(statuses) if statuses else 0.0
    image_failures = [s for s, has in zip(statuses, items_with_images, strict=True) if has and s != "ok"
                      and s != "parse_error"]
    n_images = sum(items_with_images)
    status_text = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
    cause = f"; last: {last_failure}" if last_failure else ""
    return [
        CheckResult("qa answers parse", parsed >= MIN_PARSED_SHARE,
                    f"{counts['ok']}/{len(statuses)} answers parsed ({status_text}); "
                    f"{sum(correct)} correct (information only)" + (cause if parsed < MIN_PARSED_SHARE else "")),
        CheckResult("qa images accepted", not image_failures,
                    f"{n_images - len(image_failures)}/{n_images} questions with images answered without a "
                    "provider failure" + (cause if image_failures else "")),
    ]
