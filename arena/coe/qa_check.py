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
        answers = [grade_reply(item, await answerer.answer(item), "smoke-check", entry) for item in items]
        return qa_results(items_with_images=[bool(item.context.images) for item in items],
                          statuses=[a.status for a in answers], correct=[a.correct for a in answers])

    return check


def qa_results(items_with_images: list[bool], statuses: list[str], correct: list[bool]) -> list[CheckResult]:
    """The verdicts: enough answers parse, and no question with images is refused or fails."""
    counts = Counter(statuses)
    parsed = counts["ok"] / len(statuses) if statuses else 0.0
    image_failures = [s for s, has in zip(statuses, items_with_images, strict=True) if has and s != "ok"
                      and s != "parse_error"]
    n_images = sum(items_with_images)
    status_text = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
    return [
        CheckResult("qa answers parse", parsed >= MIN_PARSED_SHARE,
                    f"{counts['ok']}/{len(statuses)} answers parsed ({status_text}); "
                    f"{sum(correct)} correct (information only)"),
        CheckResult("qa images accepted", not image_failures,
                    f"{n_images - len(image_failures)}/{n_images} questions with images answered without a "
                    "provider failure"),
    ]
