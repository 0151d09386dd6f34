"""Local and text-only models: image modes (real tesseract), folded system prompts, context windows and
long role scripts; with ARENA_TEST_LOCAL_URL (`make test-local-model`), a real local server: a whole game,
`arena models check` and a QA suite, each printing its figures."""

from __future__ import annotations

import json
import os
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arena.agents import play_game, seat_entries
from arena.agents.long_script import BRIEFING_SHARE, NOTE, fit_script
from arena.agents.model_agent import ModelAgent
from arena.cli import app
from arena.coe.answerers import ModelAnswerer
from arena.coe.qa_run import QaConfig, run_qa, suites_for
from arena.engine import GameConfig, Seating
from arena.engine.events import AgentCall, InvalidOutput
from arena.engine.observation import observe
from arena.engine.state import culprit_roles
from arena.engine.transitions import new_game
from arena.entries import Entry, builtin_entries
from arena.providers.client import ModelClient
from arena.providers.estimate import text_tokens
from arena.providers.messages import ImagePart, Request
from arena.providers.mock import register_responder
from arena.providers.secrets import KeyStore
from arena.scripts.loader import find_script, load_script
from arena.scripts.schema import Script
from arena.store import Store
from arena.store.coe_queries import latest_run_answers
from arena.store.db import reading
from tests.conftest import FIXTURE_CASE

RANDOM = builtin_entries()["builtin/random"]


@pytest.fixture(scope="module")
def mini_case() -> Script:
    return load_script(FIXTURE_CASE)


async def first_requests(script: Script, entry: Entry, client: ModelClient) -> dict[str, list[Request]]:
    seated = seat_entries(script, entry, RANDOM, 5, client)
    sent: dict[str, list[Request]] = {}
    for agent in seated.agents.values():
        if isinstance(agent, ModelAgent):
            agent.on_request = lambda role, request: sent.setdefault(role, []).append(request)
    await play_game(script, seated, GameConfig(rounds=1), 5)
    return sent


def all_text(requests: dict[str, list[Request]]) -> str:
    return "\n".join(m.text for reqs in requests.values() for r in reqs for m in r.messages)


async def test_a_text_only_entry_gets_ocr_text_instead_of_images(kitchen: Script, client: ModelClient,
                                                                 tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("ARENA_OCR_CACHE", str(tmp_path / "ocr"))
    native = await first_requests(kitchen, Entry(name="p", model="mock/player"), client)
    assert any(isinstance(p, ImagePart) for reqs in native.values() for r in reqs for m in r.messages for p in m.parts)
    text_only = await first_requests(kitchen, Entry(name="p", model="mock/player", vision=False), client)
    parts = [p for reqs in text_only.values() for r in reqs for m in r.messages for p in m.parts]
    assert not any(isinstance(p, ImagePart) for p in parts)
    text = all_text(text_only)
    assert "[OCR text]" in text and "given as its OCR text" in text


async def test_caption_and_none_send_no_image(kitchen: Script, client: ModelClient) -> None:
    for mode, phrase in (("caption", "its caption is all you get"), ("none", "(an image, not shown)")):
        sent = await first_requests(kitchen, Entry(name="p", model="mock/player", image_mode=mode), client)
        assert not any(r.messages[1].images for reqs in sent.values() for r in reqs), mode
        assert phrase in all_text(sent) and "[OCR text]" not in all_text(sent)


async def test_fold_moves_the_system_prompt_into_the_first_user_turn(kitchen: Script, client: ModelClient) -> None:
    sent = await first_requests(kitchen, Entry(name="p", model="mock/player"), client)
    opening = next(iter(sent.values()))[0]
    assert opening.messages[0].role == "system"
    seen: list[Request] = []
    register_responder("fold-spy", lambda request: seen.append(request) or "{}")
    await client.generate(Entry(name="f", model="mock/fold-spy", system_role="fold"), opening)
    assert [m.role for m in seen[0].messages][:1] == ["user"] and not seen[0].system_text
    assert seen[0].messages[0].text.startswith("Instructions:\nYou are playing a murder mystery game")


async def test_a_prompt_over_the_context_window_is_a_status_not_a_crash(kitchen: Script, client: ModelClient) -> None:
    small = Entry(name="s", model="mock/player", context_tokens=2000)
    seated = seat_entries(kitchen, small, RANDOM, 5, client)
    result = await play_game(kitchen, seated, GameConfig(rounds=1), 5)
    culprits = culprit_roles(kitchen)
    statuses = Counter(e.status for e in result.events if isinstance(e, AgentCall) and e.role not in culprits)
    assert result.status in ("finished", "aborted") and statuses["context_limit"] > 0
    assert client.usage[small.entry_id].statuses["context_limit"] == statuses["context_limit"]


@pytest.mark.parametrize("strategy", ["retrieval", "summary"])
def test_long_scripts_are_cut_to_the_window(kitchen: Script, strategy: str) -> None:
    state, _ = new_game(kitchen, Seating(civilians="a", murderer="b"), GameConfig(rounds=1), 1)
    obs = observe(state, kitchen.role_ids[0])
    size = 4 * text_tokens(obs.script)
    window = int(size / BRIEFING_SHARE) - text_tokens(obs.script) // 2
    cut = fit_script(obs, window, strategy, size)
    assert cut.script.startswith(NOTE[strategy]) and text_tokens(cut.script) < text_tokens(obs.script)
    assert fit_script(obs, window, "full", size) is obs and fit_script(obs, 10 * size, strategy, size) is obs
    kept = cut.script.split("\n\n")[1:]
    assert all(piece in obs.script for piece in kept)


LOCAL_URL = os.environ.get("ARENA_TEST_LOCAL_URL")
QA_QUESTIONS = 6  # of the case's LSU suite: each carries the whole role script (~5,000 tokens) on two shared cores
needs_local = pytest.mark.skipif(not LOCAL_URL, reason="set ARENA_TEST_LOCAL_URL to a local OpenAI-compatible "
                                 "server (e.g. http://127.0.0.1:8765/v1, `make test-local-model`) to run")


@pytest.fixture(scope="module")
def local() -> Entry:
    """The entry for the server at ARENA_TEST_LOCAL_URL; a server that does not answer fails the test (it is not
    skipped: the variable says one is there)."""
    assert LOCAL_URL is not None
    try:
        with urllib.request.urlopen(f"{LOCAL_URL.rstrip('/')}/models", timeout=30) as answer:
            assert answer.status == 200
    except OSError as exc:
        pytest.fail(f"ARENA_TEST_LOCAL_URL={LOCAL_URL} is set but the server does not answer: {exc}")
    return Entry(name="local", model=f"openai-compatible/{os.environ.get('ARENA_TEST_LOCAL_MODEL', 'local')}",
                 base_url=LOCAL_URL, vision=False, system_role="fold", temperature=0.0,
                 context_tokens=int(os.environ.get("ARENA_TEST_LOCAL_CONTEXT", "8192")), long_script="retrieval",
                 max_tokens=300, timeout_s=900)


def local_client(tmp_path: Path) -> ModelClient:
    return ModelClient(use_cache=False, keys=KeyStore(environ={}, dotenv=tmp_path / "no.env"))


@needs_local
async def test_a_whole_game_against_a_real_local_server(local: Entry, mini_case: Script, tmp_path: Path) -> None:
    started = time.perf_counter()
    async with local_client(tmp_path) as client:
        seated = seat_entries(mini_case, local, RANDOM, 1, client)
        result = await play_game(mini_case, seated, GameConfig(rounds=1), 1, timeout_s=client.call_budget_s(local))
        mode = client.structured.mode(local, client.adapter(local))
    culprits = culprit_roles(mini_case)
    calls = [e for e in result.events if isinstance(e, AgentCall) and e.role not in culprits]
    forfeits = [e for e in result.events if isinstance(e, InvalidOutput) and e.final and e.role not in culprits]
    seconds = time.perf_counter() - started
    print(f"local model game: {result.status}; {len(calls)} calls, statuses {dict(Counter(c.status for c in calls))}, "
          f"{len(forfeits)} forfeits, {seconds / max(1, len(calls)):.1f} s per call, structured {mode}")
    assert result.status == "finished" and calls
    assert mode == "json_object+schema", "auto found llama-cpp-python's dialect"
    assert not forfeits, "the grammar keeps every answer to a legal move"


@needs_local
def test_models_check_passes_against_the_real_local_server(local: Entry, tmp_path: Path) -> None:
    entries = tmp_path / "entries.toml"
    entries.write_text(f"""[entries.tiny-gemma]
model = "{local.model}"
base_url = "{local.base_url}"
vision = false
system_role = "fold"
context_tokens = {local.context_tokens}
long_script = "retrieval"
max_tokens = 300
timeout_s = 900
temperature = 0
""", encoding="utf-8")
    started = time.perf_counter()
    shown = CliRunner().invoke(app, ["models", "check", "tiny-gemma", "--entries-file", str(entries), "--script",
                                     str(FIXTURE_CASE), "--no-cache", "--json"], env={"ARENA_CACHE_DIR": str(tmp_path)})
    report = json.loads(shown.stdout)
    checks = {c["name"]: c for c in report["checks"]}
    print(f"models check: passed {report['passed']} in {time.perf_counter() - started:.0f} s;",
          {name: (c["passed"], c["detail"][:140]) for name, c in checks.items()})
    assert checks["answer format"]["passed"] and checks["answer format"]["detail"].startswith("json_object+schema")
    assert checks["prompt received"]["passed"], checks["prompt received"]["detail"]
    assert report["passed"] and shown.exit_code == 0


@needs_local
async def test_a_qa_suite_against_the_real_local_server(local: Entry, tmp_path: Path) -> None:
    case = load_script(find_script("saffron-kitchen"))
    store = Store(tmp_path / "qa.duckdb")
    started = time.perf_counter()
    async with local_client(tmp_path) as client:
        result = await run_qa(store, local, ModelAnswerer(local, client), [case],
                              QaConfig(suites=suites_for("lsu"), limit=QA_QUESTIONS))
    with reading(store.path) as conn:
        rows = latest_run_answers(conn, result.run_id)
    statuses = Counter(r.status for r in rows)
    print(f"local model QA (lsu, {case.id}): {len(rows)} answers, {statuses}, "
          f"{sum(r.correct for r in rows)} correct, {(time.perf_counter() - started) / max(1, len(rows)):.1f} s each")
    assert rows and statuses["ok"] == len(rows), [r.raw_reply for r in rows if r.status != "ok"]
    assert all(r.predicted in {"A", "B", "C", "D", "E", "F"} for r in rows), "the enum keeps answers to a letter"
