"""`arena models check` and `arena submit` against endpoints that fail: the cause and the endpoint appear in
the retry lines, the FAIL rows, `--json` and the recorded games' abort reasons; the key never appears.
Real loopback listeners only: a closed port (connection refused) and the fake API answering HTTP 401."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.store import Reader
from tests.conftest import FIXTURE_CASE
from tests.providers.fake_api import FakeAPI, Reply

FAKE_KEY = "sk-CLI-CAUSE-CANARY-0123456789"


def arena(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY") and k not in ("ARENA_ENTRIES", "ARENA_DB")}
    env.update({"COLUMNS": "250", "OPENAI_API_KEY": FAKE_KEY, "ARENA_CACHE_DIR": str(cwd / "cache")})
    return subprocess.run([sys.executable, "-c", "from arena.cli import main; main()", *args], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=300)


@pytest.fixture
def dead_url(tmp_path: Path) -> str:
    """An entries file with `dead`, an openai entry (so the key is read) at a closed loopback port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    (tmp_path / "entries.toml").write_text(f'[entries.dead]\nmodel = "openai/gpt-4o"\nbase_url = "{url}"\n'
                                           "timeout_s = 5\n")
    return url


@pytest.fixture
def fake_api() -> Iterator[FakeAPI]:
    api = FakeAPI()
    yield api
    api.close()


def flat(text: str) -> str:
    return " ".join(text.split())


def test_models_check_names_connection_refused_and_the_url_everywhere(tmp_path, dead_url):
    cause = f"connection refused at {dead_url}/chat/completions"
    shown = arena("models", "check", "dead", "--script", str(FIXTURE_CASE), "--no-cache", cwd=tmp_path)
    assert shown.returncode == 2, shown.stderr
    assert f"attempt 1 failed (api_error: {cause}); retrying" in flat(shown.stderr)
    rows = flat(shown.stdout)
    assert "FAIL" in rows and rows.count(cause) >= 3  # games finish, legal actions, provider calls, ...
    db = tmp_path / "check.duckdb"
    as_json = arena("models", "check", "dead", "--script", str(FIXTURE_CASE), "--no-cache", "--json", "--db", str(db),
                    cwd=tmp_path)
    assert as_json.returncode == 2, as_json.stderr
    report = json.loads(as_json.stdout)
    failed = [c for c in report["checks"] if not c["passed"]]
    assert failed and all(cause in c["detail"] for c in failed if c["name"] != "qa images accepted")
    assert all(cause in g["last_failure"] for g in report["games"])
    games = Reader(db).games()
    assert len(games) == 2 and all(g.status == "aborted" and cause in (g.abort_reason or "") for g in games)
    for result in (shown, as_json):
        assert FAKE_KEY not in result.stdout + result.stderr


def test_submit_refuses_with_the_cause_in_its_json(tmp_path, dead_url):
    result = arena("submit", "dead", "--db", str(tmp_path / "a.duckdb"), "--scripts", str(FIXTURE_CASE), "--json",
                   "--no-cache", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert report["registered"] is False
    details = " ".join(c["detail"] for c in report["smoke"]["checks"])
    assert f"connection refused at {dead_url}/chat/completions" in details
    assert FAKE_KEY not in result.stdout + result.stderr


def test_an_http_error_shows_its_status_and_first_line_but_never_the_key(tmp_path, fake_api):
    fake_api.responder = lambda recorded: Reply(status=401, body=f"Incorrect API key provided: {FAKE_KEY}\n"
                                                                  "more text".encode())
    (tmp_path / "entries.toml").write_text(f'[entries.bad-key]\nmodel = "openai/gpt-4o"\n'
                                           f'base_url = "{fake_api.url}/v1"\n')
    result = arena("models", "check", "bad-key", "--script", str(FIXTURE_CASE), "--no-cache", "--json", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    report = json.loads(result.stdout)
    cause = f"HTTP 401: Incorrect API key provided: [redacted] at {fake_api.url}/v1/chat/completions"
    assert cause in " ".join(c["detail"] for c in report["checks"])
    assert FAKE_KEY not in result.stdout + result.stderr and "more text" not in result.stdout


def test_play_gives_the_cause_as_the_abort_reason(tmp_path, dead_url):
    db = tmp_path / "play.duckdb"
    result = arena("play", "--script", str(FIXTURE_CASE), "--civilians", "dead", "--murderer", "builtin/random",
                   "--rounds", "1", "--no-cache", "--json", "--db", str(db), cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    cause = f"connection refused at {dead_url}/chat/completions"
    summary = json.loads(result.stdout)
    assert summary["status"] == "aborted" and "last provider failure: api_error: " in summary["abort_reason"]
    assert cause in summary["abort_reason"]
    (game,) = Reader(db).games()
    assert cause in (game.abort_reason or "") and FAKE_KEY not in result.stdout + result.stderr
