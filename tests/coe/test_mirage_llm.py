"""MIRAGE's judged metrics through the LLM judge interface: stored with the judge's id, blinded prompts."""

from __future__ import annotations

import asyncio
import json

from arena.coe.judges import LLMJudge
from arena.coe.mirage_judges import LLMMirageJudge
from arena.coe.mirage_scoring import score_mirage
from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.providers.messages import Request
from arena.providers.mock import register_responder
from arena.scripts.schema import Script
from arena.store import Store
from tests.coe.test_judges import CASES, record_hand_made, rows
from tests.coe.transcripts import CIVILIANS, MURDERER


def mirage_reply(prompts: list[str]) -> object:
    def respond(request: Request) -> str:
        text = request.messages[-1].text
        prompts.append(text)
        if "trust and suspicion modules" in text:
            others = next(line for line in text.splitlines() if line.startswith("The other characters: "))
            names = others.removeprefix("The other characters: ").split(", ")
            return json.dumps({"scores": {n: {"trust": 2, "suspicion": 6} if n == "Rowan Ashe"
                                          else {"trust": 5, "suspicion": 5} for n in names}})
        if "four criteria" in text:
            return '{"reasoning": 16, "communication": 12, "observation": 8, "creativity": 4}'
        return json.dumps({"roleplay": 18, "script": "You are the gardener."})
    return respond


def test_llm_judged_mirage_scores_are_stored_with_the_judge_id(mini: Script, store: Store) -> None:
    record_hand_made(store, mini)
    prompts: list[str] = []
    register_responder("mirage-judge", mirage_reply(prompts))
    entry = Entry(name="the-judge", model="mock/mirage-judge", temperature=0)

    async def go() -> object:
        async with ModelClient(use_cache=False) as client:
            return await score_mirage(store, LLMMirageJudge(LLMJudge(entry, client)), CASES)

    summary = asyncio.run(go())
    assert summary.failed == 0 and summary.games == 1  # type: ignore[attr-defined]
    by = {(m, r): (v, j, label) for m, r, v, j, label, _ in rows(store)}
    assert by[("tii", None)] == (25.0, entry.entry_id, "llm")  # two civilian raters, each 2 / (2 + 6)
    assert by[("ici", "fern")] == (50.0, entry.entry_id, "llm")  # (16 + 12 + 8 + 4) / 80
    value, judge, label = by[("sci", "fern")]
    assert judge == entry.entry_id and label == "llm" and 45.0 < value < 100.0  # (90 + Rouge-L x 100) / 2
    assert by[("victory", None)][1] == "rule/mirage-v1"
    for prompt in prompts:
        for secret in ("secret-contender", CIVILIANS, MURDERER, "mock/"):
            assert secret not in prompt
