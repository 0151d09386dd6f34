"""The QA part of the smoke check, through the real QA path with mock entries."""

from __future__ import annotations

import json
import random

import pytest

from arena.coe.qa_check import qa_check, qa_results
from arena.entries import resolve_entry
from arena.providers.cache import ResponseCache
from arena.providers.client import ModelClient
from arena.providers.mock import mcq_reply
from arena.scripts.loader import load_script
from tests.conftest import FIXTURE_CASE


async def run_check(spec: str, options: list[str], tmp_path) -> dict[str, object]:
    entry = resolve_entry(spec, options)
    async with ModelClient(cache=ResponseCache(tmp_path / "cache.sqlite")) as client:
        results = await qa_check(load_script(FIXTURE_CASE))(entry, client)
    return {r.name: r for r in results}


async def test_mock_player_answers_every_suite_in_a_parseable_form(tmp_path):
    results = await run_check("mock/player", [], tmp_path)
    assert results["qa answers parse"].passed, results["qa answers parse"].detail
    assert results["qa images accepted"].passed
    asked = int(results["qa answers parse"].detail.split("/")[1].split()[0])
    script = load_script(FIXTURE_CASE)
    assert asked == len({q.suite for q in script.questions})  # one question per suite present


async def test_garbage_answers_fail_the_parse_check(tmp_path):
    results = await run_check("mock/garbage", ['outputs=["I would rather not say."]'], tmp_path)
    assert not results["qa answers parse"].passed
    assert "parse_error" in results["qa answers parse"].detail


async def test_provider_failures_on_image_questions_fail_the_image_check(tmp_path):
    results = await run_check("mock/down", ['outputs=[{text = "", status = "api_error"}]'], tmp_path)
    assert not results["qa images accepted"].passed and not results["qa answers parse"].passed


def test_verdicts_count_only_provider_failures_against_images():
    results = qa_results(items_with_images=[True, True, False, False],
                         statuses=["ok", "parse_error", "ok", "ok"], correct=[True, False, False, True])
    verdict = {r.name: r.passed for r in results}
    assert verdict == {"qa answers parse": True, "qa images accepted": True}
    assert "2 correct" in results[0].detail


@pytest.mark.parametrize("many", [1, 2])
def test_mock_player_answers_in_the_format_asked(many):
    options = "Options:\nA. the cook\nB. the porter\nC. the guard\nD. the maid\n\n"
    rule = "Choose exactly one option." if many == 1 else f"Exactly {many} options are correct: choose all {many}."
    direct = json.loads(mcq_reply(options + rule + '\nReply with a JSON object, for example {"answer": "<letter>"}',
                                  random.Random(3)))
    chosen = direct["answer"] if many > 1 else [direct["answer"]]
    assert len(set(chosen)) == many and set(chosen) <= set("ABCD")
    cot = mcq_reply(options + rule + "\nEnd with one final line of the form\nAnswer: <letter>", random.Random(3))
    assert cot.splitlines()[-1].startswith("Answer: ")
    assert mcq_reply("no options here", random.Random(3)) is None
