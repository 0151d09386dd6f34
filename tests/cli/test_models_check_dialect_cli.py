"""`arena models check` against a loopback server that answers as llama-cpp-python's does: it names the answer
format it found and the entry then plays and answers in it; a server that never sees the prompt fails the check."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.test_failure_causes_cli import arena, flat
from tests.conftest import FIXTURE_CASE
from tests.providers.fake_api import FakeAPI, Recorded, Reply, llama_cpp_python_responder


@pytest.fixture
def gemma(tmp_path: Path) -> Iterator[FakeAPI]:
    api = FakeAPI()
    api.responder = llama_cpp_python_responder
    (tmp_path / "entries.toml").write_text(f"""[entries.tiny-gemma]
model = "openai-compatible/gemma-3-270m"
base_url = "{api.url}/v1"
vision = false
system_role = "fold"
timeout_s = 30
""", encoding="utf-8")
    yield api
    api.close()


def test_check_finds_json_object_with_schema_and_passes(gemma: FakeAPI, tmp_path: Path) -> None:
    shown = arena("models", "check", "tiny-gemma", "--script", str(FIXTURE_CASE), "--no-cache", "--json", cwd=tmp_path)
    report = json.loads(shown.stdout)
    checks = {c["name"]: c for c in report["checks"]}
    assert shown.returncode == 0 and report["passed"], shown.stdout
    assert checks["answer format"]["detail"].startswith("json_object+schema (found by auto")
    assert "json_schema: HTTP 500" in checks["answer format"]["detail"]
    assert checks["prompt received"]["passed"] and checks["qa answers parse"]["passed"]
    kinds = [r.body["response_format"]["type"] for r in gemma.requests if r.path.endswith("/chat/completions")]
    assert kinds.count("json_schema") == 1, "probed once; the games and questions went straight to what worked"
    text = arena("models", "check", "tiny-gemma", "--script", str(FIXTURE_CASE), "--no-cache", cwd=tmp_path)
    assert "answer format" in text.stdout and 'structured = "json_object+schema"' in flat(text.stdout)


def test_check_fails_loudly_when_the_server_never_sees_the_prompt(gemma: FakeAPI, tmp_path: Path) -> None:
    def blind(recorded: Recorded) -> Reply:  # what a template that drops the whole request reports
        reply = llama_cpp_python_responder(recorded)
        if reply.status == 200:
            reply.body["usage"]["prompt_tokens"] = 7
        return reply

    gemma.responder = blind
    shown = arena("models", "check", "tiny-gemma", "--script", str(FIXTURE_CASE), "--no-cache", "--json", cwd=tmp_path)
    checks = {c["name"]: c for c in json.loads(shown.stdout)["checks"]}
    assert shown.returncode == 2 and not checks["prompt received"]["passed"]
    assert "only 7 prompt tokens" in checks["prompt received"]["detail"]
