"""Servers' structured-output dialects through the real openai SDK: each pinned dialect's wire shape, `auto`
stepping down on llama-cpp-python's HTTP 500 (and remembering it), plain-string content, and the dialect
probe of `arena models check` over a loopback server that answers as llama-cpp-python's does."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from arena.agents import play_game, seat_entries
from arena.agents.dialect_check import dialect_results
from arena.engine import GameConfig
from arena.engine.events import AgentCall
from arena.engine.state import culprit_roles
from arena.entries import builtin_entries
from arena.providers.dialect_probe import probe_dialect
from arena.providers.messages import ImagePart, Message, Request
from arena.providers.structured import PROMPT_SCHEMA_NOTE
from arena.scripts.loader import find_script, load_script
from tests.providers.conftest import entry, png_bytes
from tests.providers.fake_api import FakeAPI, Recorded, Reply, llama_cpp_python_responder, openai_ok

SCHEMA: dict[str, Any] = {"type": "object", "properties": {"vote": {"type": "string", "enum": ["butler", "cook"]}},
                          "required": ["vote"], "additionalProperties": False}


def vote_request(*parts: str | ImagePart) -> Request:
    return Request(messages=[Message.system("Vote."), Message.user(*(parts or ("Who did it?",)))], json_mode=True,
                   json_schema=SCHEMA, max_tokens=50)


@pytest.mark.parametrize(("mode", "field", "expected"), [
    ("json_schema", "response_format", {"type": "json_schema", "json_schema": {
        "name": "decision", "schema": SCHEMA, "strict": True}}),
    ("json_object+schema", "response_format", {"type": "json_object", "schema": SCHEMA}),
    ("guided_json", "guided_json", SCHEMA),
])
async def test_each_pinned_dialect_on_the_wire(fake_api: FakeAPI, make_client: Any, mode: str, field: str,
                                               expected: Any) -> None:
    await make_client().generate(entry("openai-compatible/local", fake_api, structured=mode), vote_request())
    body = fake_api.last().body
    assert body[field] == expected
    assert set(body) & {"response_format", "guided_json"} == {field}, "one dialect at a time"


async def test_prompt_mode_sends_no_response_format_but_the_schema_in_words(fake_api: FakeAPI,
                                                                           make_client: Any) -> None:
    await make_client().generate(entry("openai-compatible/local", fake_api, structured="prompt"), vote_request())
    body = fake_api.last().body
    assert "response_format" not in body
    written = f"{PROMPT_SCHEMA_NOTE}\n```json\n{json.dumps(SCHEMA, sort_keys=True)}\n```"
    assert body["messages"][-1]["content"].endswith(written)


async def test_openai_itself_never_gets_a_local_dialect(fake_api: FakeAPI, make_client: Any) -> None:
    await make_client().generate(entry("openai/gpt-4o", fake_api, structured="guided_json"), vote_request())
    body = fake_api.last().body
    assert "guided_json" not in body and body["response_format"]["type"] == "json_schema"


async def test_text_only_turns_go_as_plain_strings_to_compatible_servers(fake_api: FakeAPI, make_client: Any) -> None:
    client = make_client()
    await client.generate(entry("openai-compatible/local", fake_api), vote_request("Case text.", "Who did it?"))
    user = fake_api.last().body["messages"][-1]
    assert user == {"role": "user", "content": "Case text.\n\nWho did it?"}
    await client.generate(entry("openai-compatible/local", fake_api), vote_request("Look:", ImagePart(
        data=png_bytes(), media_type="image/png")))
    parts = fake_api.last().body["messages"][-1]["content"]
    assert [p["type"] for p in parts] == ["text", "image_url"], "a turn with an image keeps its parts"
    await client.generate(entry("openai/gpt-4o", fake_api), vote_request("Case text.", "Who did it?"))
    assert isinstance(fake_api.last().body["messages"][-1]["content"], list), "OpenAI itself reads part arrays"


async def test_auto_steps_down_on_llama_cpp_pythons_500_without_retrying(fake_api: FakeAPI, make_client: Any,
                                                                        sleep: Any) -> None:
    fake_api.responder = llama_cpp_python_responder
    local = entry("openai-compatible/gemma", fake_api)
    client = make_client(use_cache=False)
    response = await client.generate(local, vote_request())
    assert response.status == "ok" and response.attempts == 2 and sleep.delays == [], "no backoff, no retry"
    assert json.loads(response.text) == {"vote": "butler"}, "the schema reached the grammar"
    refused, kept = fake_api.requests
    assert refused.body["response_format"]["type"] == "json_schema"
    assert kept.body["response_format"] == {"type": "json_object", "schema": SCHEMA}
    await client.generate(local, vote_request())
    assert fake_api.count() == 3 and client.structured.fallen() == {local.entry_id: "json_object+schema"}


async def test_a_500_that_does_not_name_the_format_is_retried_not_stepped_down(fake_api: FakeAPI, make_client: Any,
                                                                              sleep: Any) -> None:
    fake_api.replies.extend([Reply(status=500, body={"error": {"message": "CUDA out of memory"}}), Reply(body=None)])
    client = make_client(use_cache=False)
    response = await client.generate(entry("openai-compatible/gemma", fake_api), vote_request())
    assert response.status == "ok" and response.attempts == 2 and len(sleep.delays) == 1
    assert all(r.body["response_format"]["type"] == "json_schema" for r in fake_api.requests)
    assert client.structured.fallen() == {}


async def test_a_whole_game_over_llama_cpp_pythons_wire_is_legal(fake_api: FakeAPI, make_client: Any) -> None:
    fake_api.responder = llama_cpp_python_responder
    case = load_script(find_script("night-train"))
    # a text-only model: with images a turn keeps its parts, which this template drops like the real one
    local = entry("openai-compatible/gemma", fake_api, system_role="fold", vision=False)
    client = make_client(use_cache=False)
    result = await play_game(case, seat_entries(case, local, builtin_entries()["builtin/naive"], 3, client),
                             GameConfig(rounds=1), 3)
    culprits = culprit_roles(case)
    calls = [e for e in result.events if isinstance(e, AgentCall) and e.role not in culprits]
    assert result.status == "finished" and calls
    assert Counter(c.status for c in calls) == {"ok": len(calls)}, "every decision legal, none forfeited"
    kinds = [r.body["response_format"]["type"] for r in fake_api.requests]
    first_kept = kinds.index("json_object")
    assert "json_schema" not in kinds[first_kept:], "once refused, the step down is remembered"
    assert all(isinstance(m["content"], str) for r in fake_api.requests for m in r.body["messages"])


async def test_the_probe_finds_json_object_with_schema_and_sees_the_prompt_arrive(fake_api: FakeAPI,
                                                                                 make_client: Any) -> None:
    fake_api.responder = llama_cpp_python_responder
    local = entry("openai-compatible/gemma", fake_api, system_role="fold")
    client = make_client(use_cache=False)
    probe = await probe_dialect(local, client)
    assert [(t.mode, t.accepted, t.conforms) for t in probe.tries] == [
        ("json_schema", False, False), ("json_object+schema", True, True)]
    assert "HTTP 500" in probe.tries[0].detail and probe.chosen == "json_object+schema"
    assert probe.prompt_arrived is True and client.structured.fallen() == {local.entry_id: "json_object+schema"}
    verdicts = {c.name: c for c in dialect_results(probe)}
    assert verdicts["answer format"].passed and "llama-cpp-python" in verdicts["answer format"].detail
    assert verdicts["prompt received"].passed
    await client.generate(local, vote_request())
    assert fake_api.last().body["response_format"]["type"] == "json_object", "the games use what the probe found"


async def test_the_probe_fails_loudly_when_the_prompt_arrives_empty(fake_api: FakeAPI, make_client: Any) -> None:
    def empty_template(recorded: Recorded) -> Reply:  # a template that drops the whole prompt: 7 tokens seen
        body = openai_ok('{"answer": "A"}')
        body["usage"] = {"prompt_tokens": 7, "completion_tokens": 5, "total_tokens": 12}
        return Reply(body=body)

    fake_api.responder = empty_template
    probe = await probe_dialect(entry("openai-compatible/gemma", fake_api), make_client(use_cache=False))
    verdict = dialect_results(probe)[1]
    assert probe.prompt_arrived is False and not verdict.passed
    assert "only 7 prompt tokens" in verdict.detail and "never saw the prompt" in verdict.detail


async def test_a_pinned_dialect_is_probed_alone(fake_api: FakeAPI, make_client: Any) -> None:
    fake_api.responder = llama_cpp_python_responder
    probe = await probe_dialect(entry("openai-compatible/gemma", fake_api, structured="json_schema"),
                                make_client(use_cache=False))
    assert [t.mode for t in probe.tries] == ["json_schema"] and probe.chosen is None
    verdict = dialect_results(probe)[0]
    assert not verdict.passed and "HTTP 500" in verdict.detail
    assert "pin a mode that the server takes" in verdict.detail and fake_api.count() == 1
