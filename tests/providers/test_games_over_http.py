"""Whole games played by model agents through the real openai, anthropic and google-genai SDKs.

The SDK clients talk to a loopback server (`fake_api.FakeAPI`) that answers each request with a
legal action read from the decision block of the request's last user turn, in that API's wire
shape. The tests look at what went over the wire (system prompt, JSON instructions, images in each
API's shape, and never an image the role may not see) and at failure paths through a whole game.
"""

from __future__ import annotations

import base64
import hashlib
import logging
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from arena.agents import play_game, seat_entries
from arena.engine import GameConfig
from arena.engine.events import AgentCall, InvalidOutput, dumps_jsonl, write_jsonl
from arena.engine.observation import visible_clues
from arena.engine.state import culprit_roles
from arena.entries import Entry, builtin_entries
from arena.providers.mock import read_decision
from arena.scripts.loader import find_script, load_script
from arena.scripts.schema import Script
from arena.store.records import utc_now
from arena.tournament.record import agent_call_rows
from tests.providers.conftest import FAKE_KEY, entry
from tests.providers.fake_api import (
    FakeAPI,
    Recorded,
    Reply,
    last_user_text,
    openai_ok,
    player_responder,
    wire_turns,
)

MODELS = {"openai": "openai/arena-test-model", "anthropic": "anthropic/claude-test", "google": "google/gemini-test"}
KITCHEN = find_script("saffron-kitchen")


@pytest.fixture(scope="module")
def kitchen() -> Script:
    return load_script(KITCHEN)


@pytest.fixture
def api(fake_api: FakeAPI) -> FakeAPI:
    fake_api.responder = player_responder
    return fake_api


async def play(script: Script, civilians: Entry, murderer: Entry, client: Any, seed: int = 3) -> Any:
    seated = seat_entries(script, civilians, murderer, seed, client)
    return await play_game(script, seated, GameConfig(rounds=1), seed, clock=lambda: 0.0)


def calls(result: Any, civilians_only: bool = False) -> list[AgentCall]:
    culprits = culprit_roles(result.final_state.script)
    return [e for e in result.events if isinstance(e, AgentCall) and not (civilians_only and e.role in culprits)]


MAGIC = {"image/png": b"\x89PNG", "image/jpeg": b"\xff\xd8\xff"}


def typed(mime: str, data: bytes) -> bytes:
    """The image bytes, after checking that the declared media type is the one the bytes are."""
    assert mime in MAGIC and data.startswith(MAGIC[mime]), (mime, data[:4])
    return data


def image_hashes(provider: str, parts: list[dict[str, Any]]) -> list[str]:
    """Hashes of the images in one wire turn, checking each API's image shape on the way."""
    found = []
    for part in parts:
        if provider == "openai" and part.get("type") == "image_url":
            head, _, data = part["image_url"]["url"].partition(",")
            assert head.startswith("data:") and head.endswith(";base64")
            found.append(typed(head[5:-7], base64.b64decode(data)))
        elif provider == "anthropic" and part.get("type") == "image":
            assert part["source"]["type"] == "base64"
            found.append(typed(part["source"]["media_type"], base64.b64decode(part["source"]["data"])))
        elif provider == "google" and ("inlineData" in part or "inline_data" in part):
            inline = part.get("inlineData") or part["inline_data"]
            mime = inline.get("mimeType", inline.get("mime_type"))
            found.append(typed(mime, base64.urlsafe_b64decode(inline["data"])))  # the SDK sends URL-safe base64
    return [hashlib.sha256(data).hexdigest() for data in found]


def system_and_schema(provider: str, body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The system text and the answer schema of one request, checking each API's structured-output shape."""
    if provider == "openai":
        system = body["messages"][0]["content"] if body["messages"][0]["role"] == "system" else ""
        response_format = body["response_format"]
        assert response_format["type"] == "json_schema" and response_format["json_schema"]["strict"] is True
        return system, response_format["json_schema"]["schema"]
    if provider == "anthropic":
        assert body["tool_choice"] == {"type": "tool", "name": "decision"}
        assert [tool["name"] for tool in body["tools"]] == ["decision"]
        return body["system"][0]["text"], body["tools"][0]["input_schema"]
    instruction = body.get("systemInstruction") or body.get("system_instruction") or {}
    system = "".join(p.get("text", "") for p in instruction.get("parts", []))
    config = body.get("generationConfig") or body.get("generation_config") or {}
    assert config.get("responseMimeType", config.get("response_mime_type")) == "application/json"
    return system, config.get("responseJsonSchema", config.get("response_json_schema"))


def enum_of(schema: dict[str, Any]) -> list[str]:
    options = schema.get("anyOf", [schema])
    return [value for option in options for value in option.get("enum", [])]


def check_schema_matches(schema: dict[str, Any], spec: dict[str, Any]) -> None:
    """Required keys are those the decision asks for; role and location enums are its legal choices."""
    assert schema["additionalProperties"] is False and set(schema["required"]) == set(schema["properties"])
    assert set().union(*map(set, spec["required_keys"])) == set(schema["properties"])
    props = schema["properties"]
    for key in ("target", "vote", "suspect"):
        if key in props:
            assert enum_of(props[key]) == spec["targets"]
    if "location" in props:
        assert enum_of(props["location"]) == spec["locations"]


def allowed_images(result: Any, role: str) -> set[str]:
    clues = visible_clues(result.final_state, role)
    return {hashlib.sha256((KITCHEN / c.image).read_bytes()).hexdigest() for c in clues if c.image}


@pytest.mark.parametrize("provider", list(MODELS))
async def test_a_full_game_over_each_api(provider: str, api: FakeAPI, make_client: Any, kitchen: Script) -> None:
    model = entry(MODELS[provider], api)
    result = await play(kitchen, model, model, make_client())
    assert result.status == "finished"
    assert Counter(c.status for c in calls(result)) == {"ok": len(calls(result))}
    assert api.count() == len(calls(result))
    sent_by_role: dict[str, set[str]] = {}
    for recorded in api.requests:
        spec = read_decision(last_user_text(recorded.path, recorded.body))
        assert spec is not None
        system, schema = system_and_schema(provider, recorded.body)
        assert "Only the murderer may lie" in system
        check_schema_matches(schema, spec)
        assert "Answer with one JSON object in this shape" in last_user_text(recorded.path, recorded.body)
        turns = wire_turns(recorded.path, recorded.body)
        hashes = [h for _, parts in turns for h in image_hashes(provider, parts)]
        assert hashes, "the briefing carries the public image clues"
        sent_by_role.setdefault(spec["role"], set()).update(hashes)
        if provider == "anthropic":  # images come before the text of their turn
            for _, parts in turns:
                kinds = [p["type"] for p in parts]
                assert kinds == sorted(kinds, key=lambda k: k != "image")
    private = {r: allowed_images(result, r) for r in kitchen.role_ids}
    for role, sent in sent_by_role.items():
        assert sent <= private[role], role
    everything = set().union(*private.values())
    assert any(everything - allowed for allowed in private.values()), "some role must have an image others lack"


async def test_429_with_retry_after_is_waited_out(api: FakeAPI, make_client: Any, sleep: Any, kitchen: Script) -> None:
    api.replies.append(Reply(status=429, body={"error": {"message": "slow down", "type": "rate_limit"}},
                             headers={"retry-after": "3"}))
    model = entry(MODELS["openai"], api)
    result = await play(kitchen, model, builtin_entries()["builtin/random"], make_client())
    assert result.status == "finished" and all(c.status == "ok" for c in calls(result))
    assert sleep.delays == [3.0] and api.count() == len(calls(result, civilians_only=True)) + 1


async def test_a_server_that_keeps_failing_aborts_the_game(api: FakeAPI, make_client: Any, sleep: Any,
                                                           kitchen: Script) -> None:
    api.responder = lambda recorded: Reply(status=500, body={"error": {"message": "internal error"}})
    model = entry(MODELS["anthropic"], api)
    result = await play(kitchen, model, builtin_entries()["builtin/random"], make_client(max_attempts=3))
    model_calls = calls(result, civilians_only=True)
    assert result.status == "aborted" and model_calls
    assert all(c.status == "api_error" for c in model_calls)
    # bounded retries (3 attempts), then the circuit breaker opens after 5 consecutive failures:
    # every later decision fails fast without a request, saying the endpoint looks down
    assert api.count() == 5 and len(sleep.delays) == 3
    down = [e for e in result.events if isinstance(e, InvalidOutput) and "endpoint looks down" in e.message]
    assert len(down) == len(model_calls) - 1
    # provider failures are forfeited at once, never re-asked
    invalid = [e for e in result.events if isinstance(e, InvalidOutput)]
    assert all(e.final and e.attempt == 1 and e.status == "api_error" for e in invalid)


async def test_a_hang_past_the_timeout_is_forfeited_and_the_game_goes_on(api: FakeAPI, make_client: Any,
                                                                         sleep: Any, kitchen: Script) -> None:
    api.replies.extend([Reply(hang=True), Reply(hang=True)])
    model = entry(MODELS["openai"], api, timeout_s=0.3)
    result = await play(kitchen, model, model, make_client(max_attempts=2))
    statuses = [c.status for c in calls(result)]
    assert statuses[0] == "timeout" and statuses.count("timeout") == 1 and result.status == "finished"
    assert len(sleep.delays) == 1 and api.count() == len(statuses) + 1


async def test_malformed_output_is_asked_again_with_the_note(api: FakeAPI, make_client: Any,
                                                             kitchen: Script) -> None:
    api.replies.append(Reply(body=openai_ok("Sure! I will introduce myself.")))
    model = entry(MODELS["openai"], api)
    result = await play(kitchen, model, model, make_client())
    assert [c.status for c in calls(result)][:2] == ["parse_error", "ok"] and result.status == "finished"
    first, second = api.requests[0], api.requests[1]
    assert "rejected (parse_error)" not in last_user_text(first.path, first.body)
    assert "NOTE: Your previous output was rejected (parse_error)" in last_user_text(second.path, second.body)
    assert second.body["messages"][-2] == {"role": "assistant", "content": "Sure! I will introduce myself."}


async def test_a_safety_block_is_refused_and_not_asked_again(api: FakeAPI, make_client: Any,
                                                              kitchen: Script) -> None:
    api.replies.append(Reply(body={"promptFeedback": {"blockReason": "SAFETY"},
                                   "usageMetadata": {"promptTokenCount": 10, "totalTokenCount": 10}}))
    model = entry(MODELS["google"], api)
    result = await play(kitchen, model, model, make_client())
    statuses = [c.status for c in calls(result)]
    assert statuses[0] == "refused_or_blocked" and statuses[1:] == ["ok"] * (len(statuses) - 1)
    blocked = [e for e in result.events if isinstance(e, InvalidOutput)]
    assert len(blocked) == 1 and blocked[0].final and blocked[0].status == "refused_or_blocked"
    assert result.status == "finished" and api.count() == len(statuses)


async def test_a_rerun_on_the_same_cache_makes_no_request(api: FakeAPI, make_client: Any, kitchen: Script) -> None:
    model = entry("openai-compatible/arena-local", api)
    first = await play(kitchen, model, model, make_client())
    made = api.count()
    second = await play(kitchen, model, model, make_client())
    assert made > 0 and api.count() == made
    assert dumps_jsonl(first.events) == dumps_jsonl(second.events), "cache hits are telemetry, not log lines"
    rows = [agent_call_rows("g", r.events, model.entry_id, model.entry_id, utc_now()) for r in (first, second)]
    assert [(r.cached, r.cached_prompt_tokens) for r in rows[0]] == [(False, 400)] * made
    assert all(r.cached for r in rows[1]) and len(rows[1]) == made


async def test_openai_requests_carry_one_prompt_cache_key_per_agent(api: FakeAPI, make_client: Any,
                                                                   kitchen: Script) -> None:
    model = entry(MODELS["openai"], api)
    await play(kitchen, model, model, make_client())
    keys: dict[str, set[str]] = {}
    for recorded in api.requests:
        role = read_decision(last_user_text(recorded.path, recorded.body))["role"]  # type: ignore[index]
        keys.setdefault(role, set()).add(recorded.body["prompt_cache_key"])
    assert set(keys) == set(kitchen.role_ids) and all(len(k) == 1 for k in keys.values())
    assert len(set().union(*keys.values())) == len(kitchen.role_ids)


async def test_no_artifact_holds_the_key(api: FakeAPI, make_client: Any, tmp_path: Path, kitchen: Script,
                                         monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    caplog.set_level(logging.DEBUG)

    def leaky(recorded: Recorded) -> Reply:
        if len(api.requests) % 7 == 0:  # a server that echoes the key in its error text
            return Reply(status=401, body={"error": {"message": f"Incorrect API key provided: {FAKE_KEY}"}})
        return player_responder(recorded)

    api.responder = leaky
    model = entry(MODELS["openai"], api)
    client = make_client()
    result = await play(kitchen, model, model, client)
    assert any(c.status == "api_error" for c in calls(result))
    assert api.last().headers["authorization"] == f"Bearer {FAKE_KEY}"  # the key did go to the API...
    log = write_jsonl(tmp_path / "game.jsonl", result.events)
    db = record_in_store(tmp_path / "arena.duckdb", result, model, kitchen)
    await client.aclose()
    artifacts = [log, db, *sorted((tmp_path / "cache").rglob("*"))]
    for path in artifacts:
        if path.is_file():
            assert FAKE_KEY.encode() not in path.read_bytes(), path  # ...and nowhere else
    assert FAKE_KEY not in caplog.text and "[redacted]" in dumps_jsonl(result.events)


def record_in_store(path: Path, result: Any, model: Entry, script: Script) -> Path:
    """Write the game to a DuckDB store the way the arena does (entries, game, events)."""
    from arena.engine.rules import script_hash
    from arena.store.records import EntryRecord, GameRecord
    from arena.store.writes import Store

    store = Store(path)
    store.upsert_entry(EntryRecord(name=model.name, provider=model.provider, model=model.model_name,
                                   settings=model.identity(), entry_id=model.entry_id))
    game = GameRecord(game_id="g1", script_id=script.id, script_hash=script_hash(script), seed=3,
                      civilians_entry=model.entry_id, murderer_entry=model.entry_id, status=result.status,
                      winner=None if result.winner == "none" else result.winner)
    assert store.record_game(game, result.events)
    return path
