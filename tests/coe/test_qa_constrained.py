"""QA answers under a schema: the option letters as an enum on the wire, and a reply that does not parse kept as
it came (`qa_answers.raw_reply`, migration m008) for the summary and the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena.coe.answerers import ModelAnswerer, answer_schema, build_request
from arena.coe.qa_run import RAW_REPLY_CHARS, QaConfig, make_item, run_qa, suites_for
from arena.coe.qa_summary import summarise
from arena.entries import Entry
from arena.providers.client import ModelClient
from arena.providers.mock import register_responder
from arena.providers.secrets import KeyStore
from arena.scripts.schema import Script
from arena.store import Store
from arena.store.coe_queries import latest_run_answers, unparsed_replies
from arena.store.db import reading
from tests.providers.fake_api import FakeAPI, llama_cpp_python_responder


def test_the_schema_lists_the_shown_letters(mini: Script) -> None:
    single = next(q for q in mini.questions if not q.multi)
    item = make_item(mini, single, QaConfig(), None)
    schema = answer_schema(item)
    assert schema["properties"]["answer"] == {"type": "string", "enum": sorted(item.shuffled.options)}
    assert schema["required"] == ["answer"] and schema["additionalProperties"] is False
    request = build_request(item)
    assert request.json_mode and request.json_schema == schema
    cot = answer_schema(make_item(mini, single, QaConfig(mode="cot"), None))
    assert list(cot["properties"]) == ["reasoning", "answer"] and cot["required"] == ["reasoning", "answer"]


def test_a_multi_answer_question_asks_for_exactly_k_distinct_letters(mini: Script) -> None:
    multi = next(q for q in mini.questions if q.multi)
    answer = answer_schema(make_item(mini, multi, QaConfig(), None))["properties"]["answer"]
    k = len(multi.answer)
    assert answer["type"] == "array" and answer["minItems"] == answer["maxItems"] == k and answer["uniqueItems"]
    assert set(answer["items"]["enum"]) == set(multi.options)


async def test_the_letters_reach_llama_cpp_pythons_grammar(mini: Script, store: Store, tmp_path: Path) -> None:
    api = FakeAPI()
    api.responder = llama_cpp_python_responder
    entry = Entry(name="gemma", model="openai-compatible/gemma", base_url=f"{api.url}/v1", vision=False,
                  system_role="fold")
    try:
        async with ModelClient(use_cache=False, keys=KeyStore(environ={}, dotenv=tmp_path / "no.env")) as client:
            result = await run_qa(store, entry, ModelAnswerer(entry, client), [mini],
                                  QaConfig(suites=suites_for("lsu")))
    finally:
        api.close()
    with reading(store.path) as conn:
        rows = latest_run_answers(conn, result.run_id)
    sent = [r.body for r in api.requests if r.body["response_format"]["type"] == "json_object"]
    assert rows and all(r.status == "ok" and r.predicted and r.raw_reply is None for r in rows)
    assert sent and all(set(b["response_format"]["schema"]["properties"]["answer"]["enum"]) <= set("ABCDEF")
                        for b in sent)


@pytest.mark.parametrize("reply", ["{}", "I would say the gardener, probably." * 200])
async def test_a_reply_that_does_not_parse_is_kept_for_the_report(mini: Script, store: Store, client: ModelClient,
                                                                   reply: str) -> None:
    register_responder("qa-unparsed", lambda request: reply)
    entry = Entry(name="unparsed", model="mock/qa-unparsed")
    result = await run_qa(store, entry, ModelAnswerer(entry, client), [mini], QaConfig(suites=suites_for("lsu")))
    with reading(store.path) as conn:
        rows = latest_run_answers(conn, result.run_id)
        shown = unparsed_replies(conn)
    assert rows and all(r.status == "parse_error" and r.predicted is None for r in rows)
    assert all(r.raw_reply == reply[:RAW_REPLY_CHARS] for r in rows)
    assert [s["raw_reply"] for s in shown] == [r.raw_reply for r in rows] and shown[0]["entry"] == entry.entry_id
    summary: dict[str, Any] = summarise(rows, {}, {})
    assert summary["unparsed"][0]["raw_reply"] == reply[:RAW_REPLY_CHARS]


def test_m008_adds_the_column_to_an_existing_database(tmp_path: Path) -> None:
    store = Store(tmp_path / "a.duckdb")
    assert "m008_qa_answers_raw_reply" in store.applied_migrations
    with reading(store.path) as conn:
        columns = [row[0] for row in conn.execute("SELECT column_name FROM information_schema.columns "
                                                   "WHERE table_name = 'qa_answers'").fetchall()]
    assert columns[-1] == "raw_reply"
