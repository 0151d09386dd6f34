"""A judge panel on loopback judges (the mock provider): blinded prompts, no self-judging, per-judge SPC
order mapped back, the judge id on every score, and Krippendorff's alpha with known values."""

from __future__ import annotations

import asyncio
import json
import re

import duckdb
import pytest

from arena.coe.agreement import alpha
from arena.coe.cases import CaseIndex
from arena.coe.judging import judge_entries, score_with_judges
from arena.coe.outcomes import judge_agreement
from arena.coe.panel import Blind, EntryFacts, statement_order, unpermute
from arena.coe.report import coe_report
from arena.engine.events import Utterance
from arena.engine.rules import script_hash
from arena.entries import Entry
from arena.errors import ConfigError
from arena.providers.messages import Request
from arena.providers.mock import register_responder
from arena.scripts.schema import Script
from arena.store import EntryRecord, GameRecord, Store
from tests.coe.test_judges import rows as stored
from tests.coe.transcripts import CIVILIANS, MURDERER, hand_made_game
from tests.conftest import FIXTURE_CASE

CASES = CaseIndex(FIXTURE_CASE.parent)
LEAK = "As secret-contender (mock/secret-contender, civ-entry@0001) I am Fern Holloway, the gardener."


def record_leaky_game(store: Store, script: Script) -> None:
    """The hand-made game, with Fern's introduction naming the entry and model that play her."""
    for entry_id, name in ((CIVILIANS, "secret-contender"), (MURDERER, "other-contender")):
        store.upsert_entry(EntryRecord(name=name, provider="mock", model=name, entry_id=entry_id))
    events = hand_made_game()
    events[1] = Utterance(role="fern", phase=events[1].phase, round=0, text=LEAK)  # type: ignore[attr-defined]
    store.record_game(GameRecord(game_id="g1", script_id=script.id, script_hash=script_hash(script), seed=0,
                                 civilians_entry=CIVILIANS, murderer_entry=MURDERER, status="finished",
                                 winner="civilians"), events)


def panel_judge(prompts: list[str], rp: int, cmd: int) -> object:
    """Scores rp/cmd with fixed values; on SPC says yes only to the statement about raised voices, wherever
    it is listed (so the stored result is right only if the shown order is mapped back)."""
    def respond(request: Request) -> str:
        text = request.messages[-1].text
        prompts.append(text)
        if "Key statements" in text:
            listed = re.findall(r"^(\d+)\. (.*)$", text.split("Lines spoken")[0], re.MULTILINE)
            flags = {n: "yes" if "Raised voices" in s else "no" for n, s in listed}
            return json.dumps({"surfaced": flags})
        return json.dumps({"score": rp if "role-play" in text else cmd})
    return respond


def test_panel_is_blind_never_self_judges_swaps_order_and_reports_alpha(mini: Script, store: Store) -> None:
    record_leaky_game(store, mini)
    prompts_a: list[str] = []
    prompts_b: list[str] = []
    register_responder("panel-a", panel_judge(prompts_a, rp=7, cmd=80))
    register_responder("panel-b", panel_judge(prompts_b, rp=5, cmd=60))
    register_responder("secret-contender", panel_judge([], rp=10, cmd=100))
    judge_a, judge_b = Entry(name="judge-a", model="mock/panel-a"), Entry(name="judge-b", model="mock/panel-b")
    itself = Entry(name="self-judge", model="mock/secret-contender")  # same provider and model as the civilians
    summaries = asyncio.run(score_with_judges(store, [judge_a, judge_b, itself], CASES))
    assert [s.games for s in summaries] == [1, 1, 0]
    assert summaries[2].skipped == [{"game_id": "g1", "reason": "self_judging: the judge played this transcript"}]
    # blinded: the leaked names never reach a judge; the line is still there, scrubbed
    for prompt in prompts_a + prompts_b:
        for secret in ("secret-contender", CIVILIANS, MURDERER, "civ-entry", "mock/"):
            assert secret not in prompt
    assert any("As [player] ([player], [player]) I am Fern Holloway" in p for p in prompts_a)
    rows = [(m, r, v, j, d) for m, r, v, j, label, d in stored(store) if label == "llm"]
    assert {r[3] for r in rows} == {judge_a.entry_id, judge_b.entry_id}, "judge id on every score, no self-judge"
    for judge in (judge_a, judge_b):
        spc = next(r for r in rows if r[3] == judge.entry_id and r[0] == "spc")
        details = json.loads(spc[4])
        order = statement_order(judge.entry_id, "g1", 2)
        assert details["shown_order"] == [["ks_voices", "ks_alibi"][i] for i in order]
        assert spc[2] == 50.0 and details["surfaced"] == ["ks_voices"], "verdicts mapped back to the case's order"
    with duckdb.connect(str(store.path), read_only=True) as conn:
        agreement = {a.metric: a for a in judge_agreement(conn)}
        (row,) = coe_report(conn)
    # RP: items (fern, basil) rated (7, 7) by A and (5, 5) by B: alpha = 1 - 4 / (32/12) = -0.5
    assert agreement["rp"].alpha == -0.5 and agreement["rp"].items == 2
    # CMD: fern (80, 60), basil forfeited (0, 0): D_o = 200, D_e = 40800/12 = 3400
    assert agreement["cmd"].alpha == round(1 - 200 / 3400, 3)
    assert row.rp == 6.0 and row.n_rp == 4 and row.judge_ids["rp"] == sorted([judge_a.entry_id, judge_b.entry_id])


def test_alpha_known_values() -> None:
    # values 1,1 | 2,2 | 3,4: D_o = 2/6, D_e = 82/30, alpha = 36/41
    assert alpha([[1, 2, 3], [1, 2, 4]]) == pytest.approx(36 / 41)
    assert alpha([[1, 2, 3, None], [1, 2, 3, 5]]) == pytest.approx(1.0)
    assert alpha([[3, 3], [3, 3]]) is None and alpha([[1, 2]]) is None


def test_statement_orders_differ_between_judges_and_map_back() -> None:
    orders = [(statement_order("judge-a", f"g{i}", 4), statement_order("judge-b", f"g{i}", 4)) for i in range(20)]
    assert all(sorted(a) == sorted(b) == [0, 1, 2, 3] for a, b in orders)
    assert any(a != b for a, b in orders), "each judge sees its own order"
    assert statement_order("judge-a", "g1", 4) == statement_order("judge-a", "g1", 4), "stable across reruns"
    assert unpermute([True, False, False], [2, 0, 1]) == [False, False, True]


def test_blind_scrubs_every_identifying_term_only() -> None:
    blind = Blind.of([EntryFacts("gpt-judge@12ab", "gpt-judge", "openai", "gpt-4o")])
    scrubbed = blind("As gpt-4o from OpenAI (openai/gpt-4o) I, Fern, say hi")
    assert scrubbed == "As [player] from [player] ([player]) I, Fern, say hi"
    assert blind("gpt-4office is a word") == "gpt-4office is a word"
    builtin = Blind.of([EntryFacts("builtin/naive@c949", "builtin/naive", "builtin", "naive")])
    assert builtin("a naive guess, said builtin/naive") == "a naive guess, said [player]"


def test_judge_spec_errors() -> None:
    with pytest.raises(ConfigError, match="twice"):
        judge_entries("offline,offline", [], None)
    with pytest.raises(ConfigError, match="cannot judge"):
        judge_entries("offline,builtin/naive", [], None)
    assert judge_entries("offline", [], None) == [None]
