"""Judges: strict parsing, failures are not zeros, the judge's id is recorded, the judged entry stays unnamed."""

from __future__ import annotations

import asyncio

import duckdb
import pytest

from arena.coe.cases import CaseIndex
from arena.coe.judges import LLMJudge, RoleLines, parse_score, parse_surfaced
from arena.coe.offline_judge import OfflineJudge
from arena.coe.report import coe_report
from arena.coe.scoring import ITD_RULE, score_games
from arena.engine.rules import script_hash
from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.providers.messages import Request, Response
from arena.providers.mock import register_responder
from arena.scripts.schema import Script
from arena.store import EntryRecord, GameRecord, Store
from tests.coe.transcripts import CIVILIANS, MURDERER, hand_made_game
from tests.conftest import FIXTURE_CASE, ROOT

CASES = CaseIndex(FIXTURE_CASE.parent)


@pytest.mark.parametrize("text,expected", [('{"score": 7}', 7.0), ('```json\n{"score": 3}\n```', 3.0),
                                           ('{"score": 7.0}', 7.0), ('{"score": 11}', None), ('{"score": 6.5}', None),
                                           ('{"score": "7"}', None), ("7", None), ("", None),
                                           ('Sure! {"score": 7}', None), ('{"score": true}', None)])
def test_parse_score_is_strict(text: str, expected: float | None) -> None:
    assert parse_score(text, 1, 10) == expected


def test_parse_surfaced_needs_every_statement() -> None:
    assert parse_surfaced('{"surfaced": {"1": "yes", "2": "No"}}', 2) == [True, False]
    assert parse_surfaced('{"surfaced": {"1": true, "2": false}}', 2) == [True, False]
    assert parse_surfaced('{"surfaced": {"1": "yes"}}', 2) is None
    assert parse_surfaced('{"surfaced": {"1": "maybe", "2": "no"}}', 2) is None
    assert parse_surfaced('{"surfaced": {"1": "yes", "2": "no", "3": "no"}}', 2) is None


def record_hand_made(store: Store, script: Script, game_id: str = "g1") -> None:
    for entry_id, name in ((CIVILIANS, "secret-contender"), (MURDERER, "other-contender")):
        store.upsert_entry(EntryRecord(name=name, provider="mock", model=name, entry_id=entry_id))
    store.record_game(GameRecord(game_id=game_id, script_id=script.id, script_hash=script_hash(script), seed=0,
                                 civilians_entry=CIVILIANS, murderer_entry=MURDERER, status="finished",
                                 winner="civilians"), hand_made_game())


def judge_reply(prompts: list[str], broken: set[str]) -> object:
    def respond(request: Request) -> str | Response:
        text = request.messages[-1].text
        prompts.append(request.system_text + "\n" + text)
        kind = "spc" if "Key statements" in text else "rp" if "role-play" in text else "cmd"
        if kind in broken:
            return Response(status="api_error", error="down") if kind == "cmd" else "I would say about seven"
        if kind == "spc":
            return '{"surfaced": {"1": "yes", "2": "no"}}'
        return '{"score": 7}' if kind == "rp" else '{"score": 80}'
    return respond


def rows(store: Store) -> list[tuple]:
    with duckdb.connect(str(store.path), read_only=True) as conn:
        return conn.execute("SELECT metric, role, value, judge, judge_label, details FROM metric_scores "
                            "ORDER BY metric, role").fetchall()


def test_llm_judge_scores_are_stored_with_its_id_and_never_see_the_entry(mini: Script, store: Store) -> None:
    record_hand_made(store, mini)
    prompts: list[str] = []
    register_responder("judge-ok", judge_reply(prompts, set()))
    judge_entry = Entry(name="the-judge", model="mock/judge-ok", temperature=0)

    async def go() -> object:
        async with ModelClient(use_cache=False) as client:
            return await score_games(store, LLMJudge(judge_entry, client), CASES)

    summary = asyncio.run(go())
    assert summary.failed == 0 and summary.games == 1  # type: ignore[attr-defined]
    stored = rows(store)
    by = {(m, r): (v, j, label) for m, r, v, j, label, _ in stored}
    assert by[("spc", None)] == (50.0, judge_entry.entry_id, "llm")
    assert by[("rp", "fern")] == (7.0, judge_entry.entry_id, "llm") and by[("rp", "basil")][0] == 7.0
    assert by[("cmd", "fern")][0] == 80.0
    assert by[("cmd", "basil")] == (0.0, judge_entry.entry_id, "llm"), "a forfeited reasoning scores 0, unjudged"
    assert by[("itd", None)] == (100.0, ITD_RULE, "offline")
    assert len(prompts) == 4  # spc, rp x2, cmd for fern only
    for prompt in prompts:
        for secret in ("secret-contender", CIVILIANS, MURDERER, "mock/"):
            assert secret not in prompt
    rp_prompt = next(p for p in prompts if "Rate the role-play naturalness" in p)
    rubric = (ROOT / "arena" / "coe" / "prompts" / "rp_rubric.md").read_text().strip()
    assert rubric in rp_prompt and rubric in (ROOT / "docs" / "coe.md").read_text(), "the rubric, verbatim"
    assert '- Fern Holloway: "Raised voices came from the greenhouse at half past nine."' in "\n".join(prompts)


def test_failed_judgements_are_no_scores_and_are_retried(mini: Script, store: Store) -> None:
    record_hand_made(store, mini)
    prompts: list[str] = []
    register_responder("judge-flaky", judge_reply(prompts, {"rp", "cmd"}))
    register_responder("judge-fixed", judge_reply(prompts, set()))

    async def go(model: str) -> object:
        async with ModelClient(use_cache=False, sleep=_no_wait) as client:
            return await score_games(store, LLMJudge(Entry(name="j", model=model), client), CASES)

    first = asyncio.run(go("mock/judge-flaky"))
    assert first.failed == 3  # type: ignore[attr-defined]
    failed = [(m, r, d) for m, r, v, j, _, d in rows(store) if v is None]
    statuses = sorted((m, __import__("json").loads(d)["status"]) for m, _, d in failed)
    assert statuses == [("cmd", "api_error"), ("rp", "parse_error"), ("rp", "parse_error")]
    with duckdb.connect(str(store.path), read_only=True) as conn:
        row = next(r for r in coe_report(conn) if r.entry == CIVILIANS)
    assert row.rp is None and row.n_rp == 0 and row.spc == 50.0, "a failed judgement is not a zero"
    prompts.clear()
    assert asyncio.run(go("mock/judge-flaky")).games == 1  # type: ignore[attr-defined]
    prompts.clear()
    # the same judge id once healthy: only the failed items are asked again
    register_responder("judge-flaky", judge_reply(prompts, set()))
    again = asyncio.run(go("mock/judge-flaky"))
    assert again.failed == 0 and again.scored == 3 and len(prompts) == 3  # type: ignore[attr-defined]
    assert asyncio.run(go("mock/judge-flaky")).games == 0  # type: ignore[attr-defined]


async def _no_wait(seconds: float) -> None:
    return None


def test_offline_scoring_is_idempotent_and_skips_changed_scripts(mini: Script, store: Store) -> None:
    record_hand_made(store, mini)
    store.record_game(GameRecord(game_id="stale", script_id=mini.id, script_hash="0" * 64, seed=1,
                                 civilians_entry=CIVILIANS, murderer_entry=MURDERER, status="finished",
                                 winner="civilians"), hand_made_game())
    first = asyncio.run(score_games(store, OfflineJudge(), CASES))
    assert first.games == 1 and first.skipped[0]["game_id"] == "stale"
    assert "content hash" in first.skipped[0]["reason"]
    n = len(rows(store))
    second = asyncio.run(score_games(store, OfflineJudge(), CASES))
    assert second.games == 0 and second.scored == 0 and len(rows(store)) == n
    by = {(m, r): (v, j) for m, r, v, j, _, _ in rows(store)}
    assert by[("spc", None)] == (50.0, "offline/lexical-v1") and by[("itd", None)][0] == 100.0
    assert 1.0 <= by[("rp", "fern")][0] <= 10.0 and by[("cmd", "fern")][0] > 50.0


def test_offline_judge_known_pairs() -> None:
    judge = OfflineJudge()
    verdict = asyncio.run(judge.cmd("Struck with a clay pot in the greenhouse.", "credit for the orchid hybrid",
                                    "Struck the professor with a clay pot in the greenhouse.",
                                    "The professor refused to share credit for the orchid hybrid."))
    wrong = asyncio.run(judge.cmd("Poison in the tea.", "Money.", "Struck the professor with a clay pot.",
                                  "Credit for the orchid hybrid."))
    assert verdict.value > 60 and wrong.value == 0.0
    rp = asyncio.run(judge.rp(RoleLines("Fern", "You are Fern, the gardener.", ["Basil Crane"],
                                        ["As an AI language model I cannot say."])))
    good = asyncio.run(judge.rp(RoleLines("Fern", "You are Fern, the gardener in the greenhouse.", ["Basil Crane"],
                                          ["Basil, I was in the greenhouse tending my orchids when I heard voices.",
                                           "I saw a light there at half past nine, I am sure of it."])))
    assert 1.0 <= rp.value < good.value <= 10.0
